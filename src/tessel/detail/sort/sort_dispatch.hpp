#ifndef TESSEL_DETAIL_SORT_DISPATCH_HPP
#define TESSEL_DETAIL_SORT_DISPATCH_HPP

// From the public sort functions to the algorithms: the algorithm AutoSort
// picks (and the checks of the one the options name), running it, and the
// workspace it takes.

#include <tessel/detail/core/checks.hpp>
#include <tessel/detail/sort/radix/radix_sort.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>
#include <tessel/detail/sort/sort_order.hpp>
#include <tessel/sort_options.hpp>

#include <cmath>
#include <limits>

namespace tessel::detail {

enum class SortKind { merge, bitonic, radix };

// Whether merge sort's one-thread teams sort slices of `length` whole by
// ranks (team_merge_sort, Tuning::merge.rank_length): keys in their default
// order (`rank_sortable`), short slices that fit a tile.
inline bool merge_sort_ranks(index_type length, const SortTile& tile, bool rank_sortable,
                             const TuningParameters& tuning) {
  return rank_sortable && length <= tile.elements &&
         ranks_whole_segments(tuning.team_size, length, tuning.merge.rank_length);
}

// AutoSort's estimate, in passes over the records, of each algorithm for
// slices of `length` (see TuningParameters::cost.merge_pass and friends).
inline double merge_sort_cost(index_type length, const SortTile& tile, bool rank_sortable,
                              const TuningParameters& tuning) {
  if (merge_sort_ranks(length, tile, rank_sortable, tuning))
    return tuning.cost.rank_tile + tuning.cost.rank_compare * double(length);
  const double local = std::log2(double(std::max<index_type>(2, std::min<index_type>(length, tile.elements))));
  const double tiles = std::ceil(double(length) / tile.elements);
  return tuning.cost.merge_tile * local + tuning.cost.merge_pass * std::ceil(std::log2(std::max(1.0, tiles)));
}

inline double bitonic_sort_cost(index_type length, const SortTile& tile, const TuningParameters& tuning) {
  index_type size = 1;
  while (size < length) size *= 2;
  const double local = std::log2(double(std::max<index_type>(2, std::min<index_type>(size, tile.elements))));
  double cost = tuning.cost.bitonic_tile * local * (local + 1) / 2;
  for (double block = local; block < std::log2(double(size)); block += 1)
    cost += tuning.cost.bitonic_step * (block - local + 1) + tuning.cost.bitonic_tile * local;
  return cost * double(size) / double(std::max<index_type>(length, 1));  // padding is work too
}

inline double radix_sort_cost(index_type length, std::size_t key_bytes, std::size_t value_bytes,
                              const TuningParameters& tuning) {
  const RadixPlan plan = plan_radix(2, length, key_bytes, value_bytes, tuning, 1);
  const double pass = plan.path == RadixPath::in_scratch ? tuning.cost.radix_scratch_pass : tuning.cost.radix_pass;
  const double counters = double(plan.digits.radix) / double(std::max<index_type>(length, 1));
  return plan.digits.passes * (pass + tuning.cost.radix_counter * counters);
}

// What the keys allow: radix sort needs arithmetic keys in the default order.
struct SortKeys {
  bool radix_sortable;
  bool whole;  // a rank-1 view: one slice
  std::size_t key_bytes;
  std::size_t value_bytes;  // 0 for keys alone
  // The sort runs on a host space, the only ones whose merge sort ranks
  // short slices (team_merge_sort).
  bool host_space;
};

// The tuning as sorts launch it on `exec` (launch_tuning), with the radix
// chunk shortened until its ranking arrays take at most half the team
// scratch the space offers. RadixSort's chunk_size may ask up to 32768
// records, and a chunk the space cannot hold leaves no room for counters
// (docs/notes/radix.md). A shorter chunk changes how a team ranks its
// records, never the result, as a block_size past what the space runs is
// capped.
template <class Exec>
TuningParameters sort_launch_tuning(const Exec& exec, TuningParameters tuning) {
  tuning = launch_tuning(exec, tuning);
  int chunk = radix_chunk_records(tuning.radix.chunk_size);
  while (chunk > 1 && radix_chunk_bytes(chunk) > scratch_offered<Exec>() / 2) chunk /= 2;
  tuning.radix.chunk_size = chunk;
  return tuning;
}

// Applies the algorithm struct's fields to the tuning and names the kernels
// to run. Throws for what cannot be done, before anything is written.
inline SortKind choose_sort(const char* function, const SortOptions& options, bool has_less, const SortKeys& keys,
                            index_type length, TuningParameters& tuning) {
  auto take_field = [&](const char* name, int value, int& field) {
    if (value < 0) throw_invalid(function, name, " ", value, " is negative");
    if (value > 0) field = value;
  };
  if (const auto* radix = std::get_if<RadixSort>(&options.algorithm)) {
    if (has_less) throw_invalid(function, "RadixSort does not take a comparator; use MergeSort or BitonicSort");
    if (!keys.radix_sortable)
      throw_invalid(function, "RadixSort sorts integer, float and double keys; use MergeSort or BitonicSort");
    take_field("block_size", radix->block_size, tuning.team_size);
    int items = 0;
    take_field("items_per_thread", radix->items_per_thread, items);
    if (items > 0) tuning.radix.block_elements = std::int64_t(std::max(tuning.team_size, 1)) * items;
    take_field("chunk_size", radix->chunk_size, tuning.radix.chunk_size);
    return SortKind::radix;
  }
  if (const auto* merge = std::get_if<MergeSort>(&options.algorithm)) {
    take_field("block_size", merge->block_size, tuning.team_size);
    return SortKind::merge;
  }
  if (const auto* bitonic = std::get_if<BitonicSort>(&options.algorithm)) {
    take_field("block_size", bitonic->block_size, tuning.team_size);
    return SortKind::bitonic;
  }
  const bool radix_allowed = keys.radix_sortable && !has_less;
  if (radix_allowed && keys.whole) return SortKind::radix;
  const std::size_t record_bytes = keys.key_bytes + keys.value_bytes;
  // Keys radix sort takes are the keys rank_sort takes: arithmetic, in
  // their default order.
  const double merge =
      merge_sort_cost(length, sort_tile(tuning, record_bytes, false), radix_allowed && keys.host_space, tuning);
  const double bitonic = bitonic_sort_cost(length, sort_tile(tuning, record_bytes, true), tuning);
  if (radix_allowed && radix_sort_cost(length, keys.key_bytes, keys.value_bytes, tuning) < std::min(merge, bitonic))
    return SortKind::radix;
  return bitonic < merge ? SortKind::bitonic : SortKind::merge;
}

template <class KeyOrder>
inline constexpr bool radix_order = false;
template <class Key>
inline constexpr bool radix_order<DefaultOrder<Key>> = DefaultOrder<Key>::projects;

// Runs the chosen algorithm. `source` and `target` are the records to read
// and to write (the same views for sort and sort_by_key); `in_place` says
// whether bitonic sort may work on them directly, which sortperm cannot.
template <class Exec, class Source, class Target, class KeyOrder>
void run_sort(const char* function, const Exec& exec, index_type count, index_type length, SortKind kind,
              const Source& source, const Target& target, bool in_place, const KeyOrder& order,
              TuningParameters tuning, unsigned char* workspace) {
  if (count == 0 || length <= 1) {
    if (!in_place && count > 0 && length == 1)  // sortperm of one-element slices
      copy_records(exec, source, target, count, length);
    return;
  }
  if (kind == SortKind::merge) {
    merge_sort_slices(function, exec, count, length, source, target, order, tuning, workspace);
    return;
  }
  if (kind == SortKind::radix) {
    // choose_sort let radix through only for keys in their default order.
    if constexpr (radix_order<KeyOrder>)
      radix_sort_slices(function, exec, count, length, source, target, in_place, order, tuning, workspace);
    return;
  }
  if constexpr (std::is_same_v<Source, Target>) {
    if (in_place) {
      bitonic_sort_slices(function, exec, count, length, source, order, tuning);
      return;
    }
  }
  // Bitonic sort works in place: sort packed copies, then write the target.
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  WorkspaceCursor cursor(workspace);
  const auto working = packed_records<Key, Value, Source::has_values>(cursor, count, length);
  copy_records(exec, source, working, count, length);
  bitonic_sort_slices(function, exec, count, length, working, order, tuning);
  copy_records(exec, working, target, count, length);
}

// Workspace bytes run_sort needs (`units`: teams the space runs at once).
template <class Source, class Target>
std::size_t sort_workspace_bytes(index_type count, index_type length, SortKind kind, bool in_place,
                                 const TuningParameters& tuning, index_type units) {
  if (count == 0 || length <= 1) return 0;
  if (kind == SortKind::merge) return merge_sort_workspace_bytes<Source>(count, length, tuning);
  if (kind == SortKind::radix) return radix_workspace_bytes<Source, Target>(count, length, tuning, units);
  if (in_place) return 0;
  return packed_records_bytes<typename Source::key_type, typename Source::value_type, Source::has_values>(count,
                                                                                                        length);
}

}  // namespace tessel::detail

#endif
