#ifndef TESSEL_DETAIL_SEGMENTED_SORT_HPP
#define TESSEL_DETAIL_SEGMENTED_SORT_HPP

// Segmented sort over CRS offsets: segment s is [offsets(s), offsets(s+1))
// of a rank-1 view. As in CUB's segmented sort, segments are binned by
// length and every bin is sorted by the kernel that suits it, so the work
// follows the total size, not how unevenly it is spread (SegmentBinPlan):
// one pass over the segments sorts the short ones and notes the bins of the
// others; the medium bin is sorted a team a segment, in one launch; the long
// bin as LongSegmentPlan says. The medium and long bins are lists of segment
// numbers made by tessel's own findall over the bins.

#include <tessel/detail/segmented/segmented_listed.hpp>
#include <tessel/detail/sort/rank_sort.hpp>
#include <tessel/detail/sort/radix/segmented_radix.hpp>
#include <tessel/detail/sort/sort_dispatch.hpp>
#include <tessel/detail/sort/team_sort.hpp>
#include <tessel/detail/findall/findall_views.hpp>

#include <vector>

namespace tessel::detail {

// The first s in [0, n] at which the offsets break the contract (offsets(s)
// negative or past `extent`, or offsets(s) > offsets(s + 1)); n + 1 if none.
template <class Offsets>
struct FirstBadOffset {
  Offsets offsets;
  index_type segments;
  index_type extent;
  KOKKOS_INLINE_FUNCTION void operator()(index_type s, index_type& first) const {
    const index_type begin = static_cast<index_type>(offsets(s));
    bool bad = begin < 0 || begin > extent;
    if (s < segments) bad = bad || static_cast<index_type>(offsets(s + 1)) < begin;
    if (bad && s < first) first = s;
  }
};

// Checks the offsets with one reduction before anything is written.
template <class Exec, class Offsets>
void check_offsets(const char* function, const Exec& exec, const Offsets& offsets, index_type extent) {
  const index_type entries = static_cast<index_type>(offsets.extent(0));
  if (entries == 0) return;
  index_type first = entries;
  Kokkos::parallel_reduce("tessel::segmented_sort::check_offsets", range_policy(exec, entries),
                          FirstBadOffset<Offsets>{offsets, entries - 1, extent}, Kokkos::Min<index_type>(first));
  if (first >= entries) return;
  // Only on bad input: the two entries the message names.
  const index_type shown = first + 1 < entries ? 2 : 1;
  Kokkos::View<typename Offsets::non_const_value_type*, Kokkos::HostSpace> raw("tessel::segmented_sort::bad_offsets",
                                                                                 shown);
  Kokkos::deep_copy(raw, Kokkos::subview(offsets, std::make_pair(first, first + shown)));
  const auto value = static_cast<index_type>(raw(0));
  if (value < 0 || value > extent)
    throw_invalid(function, "offsets(", first, ") = ", +raw(0), " is outside the keys (0 to keys.extent(0) = ", extent,
                  ")");
  throw_invalid(function, "offsets decrease: offsets(", first, ") = ", +raw(0), " > offsets(", first + 1,
                ") = ", +raw(1));
}

enum SegmentBin : unsigned char { bin_none, bin_short, bin_medium, bin_long };

// How the medium bin may radix-sort a segment in scratch: digits of at most
// `bits` (0: never), and the cost model that weighs radix sort against the
// merge sort (radix always, when the user chose RadixSort) for the segment's
// length and the bits in which its keys differ (column indices differ in
// their low bits only: two passes for 2^16 columns).
struct MediumRadix {
  int bits = 0;
  int chunk_size = 1;
  bool scratch_atomics = true;
  bool always = false;
  double pass_cost = 1.0;     // Tuning's cost.radix_scratch_pass
  double counter_cost = 1.0;  // cost.radix_counter
  double level_cost = 1.0;    // cost.merge_tile: a merge level in scratch
  RadixCounting counting = RadixCounting::per_pass;

  // Whether radix sort, by `digits` at `cost`, beats merging `length` records.
  KOKKOS_INLINE_FUNCTION bool wins(double cost, int length) const {
    int levels = 0;
    while ((1 << levels) < length) ++levels;
    return always || cost < level_cost * levels;
  }
};

struct InBin {
  unsigned char bin;
  KOKKOS_INLINE_FUNCTION bool operator()(unsigned char b) const { return b == bin; }
};

// One segment's keys and values in global memory, as insertion_sort reads them.
template <class KeySlice, class ValueSlice, class Value, bool HasValues>
struct SegmentRecords {
  static constexpr bool has_values = HasValues;
  KeySlice keys;
  ValueSlice values;
  KOKKOS_INLINE_FUNCTION Value value_at(int i) const {
    if constexpr (HasValues) return values[i];
    else return Value{};
  }
};

// The pass over all segments and the medium bin's kernel: the whole view as
// one slice of records, the offsets, and the bins. The pass sorts every
// short segment where it finds it and notes the bins of the others, so that
// short segments (most of them, in most matrices) are neither listed nor
// read twice. Ranked: whether short segments may be rank-sorted (CPUs only:
// it copies a row to the stack).
template <class Records, class Offsets, class KeyOrder, bool Ranked>
struct SegmentBinKernel {
  using key_type = typename Records::key_type;
  using value_type = typename Records::value_type;
  static constexpr bool has_values = Records::has_values;
  using KeySlice = typename Records::keys_type::slice_type;
  using ValueSlice = typename Records::values_type::slice_type;

  KeySlice keys;
  ValueSlice values;
  Offsets offsets;
  KeyOrder order;
  unsigned char* bins;
  index_type short_length;
  index_type medium_length;
  int rank_length;                  // short: the longest segment rank-sorted
  int tile;                         // medium: records per scratch buffer
  int items;                        // medium: records per insertion-sorted run
  MediumRadix radix;                // medium: when to radix-sort instead
  const std::int64_t* medium_list;  // medium: the segment numbers

  KOKKOS_INLINE_FUNCTION SegmentRecords<KeySlice, ValueSlice, value_type, has_values> segment(index_type s,
                                                                                           int& length) const {
    const index_type begin = static_cast<index_type>(offsets(s));
    length = static_cast<int>(static_cast<index_type>(offsets(s + 1)) - begin);
    return {slice_from(keys, begin), slice_from(values, begin)};
  }

  // The pass: bins segment s; one thread sorts it in place if it is short.
  KOKKOS_INLINE_FUNCTION void operator()(index_type s) const {
    const index_type length = static_cast<index_type>(offsets(s + 1)) - static_cast<index_type>(offsets(s));
    const SegmentBin bin = length <= 1              ? bin_none
                           : length <= short_length ? bin_short
                           : length <= medium_length ? bin_medium
                                                     : bin_long;
    bins[s] = bin;
    if (bin != bin_short) return;
    int count = 0;
    const auto records = segment(s, count);
    if constexpr (Ranked && rank_sortable<KeyOrder>) {
      if (count <= rank_length) {
        rank_or_insertion_sort(records, count, order);
        return;
      }
    }
    insertion_sort(records, 0, count, order);
  }

  // Medium: one team sorts one segment in scratch.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    using Scratch = SortScratch<key_type, value_type, has_values>;
    const typename Scratch::records_type scratch[2] = {Scratch::take(team, tile), Scratch::take(team, tile)};
    int length = 0;
    const auto records = segment(medium_list[team.league_rank()], length);
    if constexpr (radix_order<KeyOrder>) {
      if (radix.bits > 0) {
        const auto differing = team_differing_bits(team, records.keys, 0, length, order);
        double cost = 0;
        const RadixDigits digits = cheapest_digits(sizeof(key_type), radix.bits, length, radix.pass_cost,
                                                   radix.counter_cost, differing, &cost);
        if (radix.wins(cost, length)) {
          // The differing bits are known: the passes count as they go.
          const auto state =
              RadixTeamScratch::take(team, radix.scratch_atomics, radix.chunk_size,
                                     team_radix_counters(digits, radix.counting));
          TeamRadixSort<KeyOrder>{order, digits, length, true, state, radix.counting}.sort_passes(
              team, differing, records, scratch, records, order, false);
          return;
        }
      }
    }
    for (int k = team.team_rank(); k < length; k += team.team_size()) {
      scratch[0].keys[k] = records.keys[k];
      if constexpr (has_values) scratch[0].values[k] = records.values[k];
    }
    team.team_barrier();
    // Segments of up to two runs are insertion-sorted whole.
    const int run = length <= 2 * items ? length : items;
    const int result = team_merge_sort<merge_lane_count<typename Member::execution_space>>(team, scratch, length,
                                                                                           length, run, order);
    for (int k = team.team_rank(); k < length; k += team.team_size()) {
      records.keys[k] = scratch[result].keys[k];
      if constexpr (has_values) records.values[k] = scratch[result].values[k];
    }
  }
};

// The medium bin's tile, and how it may radix-sort: with radix sort allowed,
// its counters take their room out of the tile's scratch budget. Digits are
// at most those cheapest for a segment as long as the tile without them.
struct MediumBin {
  SortTile tile;
  MediumRadix radix;
  std::size_t counter_bytes = 0;
};

inline MediumBin medium_bin(const TuningParameters& tuning, std::size_t key_bytes, std::size_t value_bytes,
                            bool radix, bool always) {
  MediumBin bin;
  bin.tile = sort_tile(tuning, key_bytes + value_bytes, false);
  if (!radix) return bin;
  const int chunk = radix_chunk_records(tuning.radix.chunk_size, bin.tile.elements);
  const RadixDigits digits = cheapest_digits(key_bytes, tuning.radix.bits, bin.tile.elements,
                                             tuning.cost.radix_scratch_pass, tuning.cost.radix_counter);
  // In scratch, a count ahead (or per pass) costs a read of L1 at most.
  const RadixCounting counting = radix_in_order(tuning.team_size, tuning.radix.scratch_atomics)
                                     ? RadixCounting::ahead
                                     : RadixCounting::per_pass;
  const std::size_t counters = team_radix_scratch(digits, chunk, counting);
  if (counters >= tuning.scratch_bytes) return bin;
  TuningParameters room = tuning;
  room.scratch_bytes -= counters;
  bin.tile = sort_tile(room, key_bytes + value_bytes, false);
  bin.radix = MediumRadix{digits.bits,        chunk,
                          tuning.radix.scratch_atomics, always,
                          tuning.cost.radix_scratch_pass, tuning.cost.radix_counter,
                          tuning.cost.merge_tile, counting};
  bin.counter_bytes = counters;
  return bin;
}

// The bins' bounds: segments of 2 to short_length records are sorted one
// thread each in place (by ranks up to rank_length on CPUs, else by
// insertion), longer ones of up to medium_length (one merge-sort tile) a team
// each in scratch by radix or merge sort (MediumRadix), longer still by the
// long bin's sorts.
struct SegmentBinPlan {
  MediumBin medium;
  index_type short_length;
  index_type medium_length;
  int rank_length;
};

inline SegmentBinPlan plan_segment_bins(const TuningParameters& tuning, std::size_t key_bytes,
                                        std::size_t value_bytes, bool radix, bool always) {
  SegmentBinPlan plan;
  plan.medium = medium_bin(tuning, key_bytes, value_bytes, radix, always);
  plan.short_length = std::max(1, std::min(tuning.segmented.short_length, plan.medium.tile.elements));
  plan.medium_length = plan.medium.tile.elements;
  plan.rank_length = std::min(tuning.segmented.rank_length, rank_sort_capacity);
  return plan;
}

template <class Offsets>
struct GatherLongSegments {
  Offsets offsets;
  const std::int64_t* segments;
  index_type* begin_length;  // pairs
  KOKKOS_INLINE_FUNCTION void operator()(index_type i) const {
    const index_type s = segments[i];
    begin_length[2 * i] = static_cast<index_type>(offsets(s));
    begin_length[2 * i + 1] = static_cast<index_type>(offsets(s + 1)) - begin_length[2 * i];
  }
};

// How the long bin is sorted: segments that one team would radix-sort
// alone are dealt to teams and sorted in one launch (`lanes`); merge-sorted
// and bitonic-sorted ones all together (`merged`, `bitonic`:
// segmented_listed.hpp); radix sorts long enough to split among teams one
// after the other by the slice sorts (`singles`, each by its `kinds` entry;
// at most n / radix.team_slice of them). The workspace is the most that any
// of these needs.
struct LongSegmentPlan {
  SegmentLanes lanes;
  ListedSegments merged;
  ListedSegments bitonic;
  std::vector<LongSegment> singles;
  std::vector<SortKind> kinds;
  std::size_t workspace_bytes = 0;
};

// The plan for `count` long segments of `Records` (the whole rank-1 view as
// one slice), at `begin_length` as (begin, length) pairs; `Radix`: the keys'
// order is one radix sort takes (radix_order); `units`: radix_units.
template <class Records, bool Radix>
LongSegmentPlan plan_long_segments(const char* function, const index_type* begin_length, index_type count,
                                   const SortOptions& options, bool has_less, const SortKeys& sort_keys,
                                   const TuningParameters& tuning, index_type units) {
  LongSegmentPlan plan;
  SortKeys segment_keys = sort_keys;
  segment_keys.whole = true;
  std::vector<RadixSegment> batched;
  for (index_type i = 0; i < count; ++i) {
    const LongSegment segment{begin_length[2 * i], begin_length[2 * i + 1]};
    // On a copy: choose_sort applies the algorithm's fields again, and its
    // block_size would undo launch_tuning's cap on the team size (Kokkos
    // aborts a launch of larger teams than the space runs).
    TuningParameters chosen = tuning;
    const SortKind segment_kind = choose_sort(function, options, has_less, segment_keys, segment.length, chosen);
    if constexpr (Radix) {
      if (segment_kind == SortKind::radix) {
        const RadixPlan radix = radix_plan_for<Records>(1, segment.length, tuning, units);
        if (radix.path != RadixPath::teams_per_slice) {
          batched.push_back(radix_segment(segment.begin, segment.length, radix));
          continue;
        }
      }
    }
    if (segment_kind == SortKind::merge || segment_kind == SortKind::bitonic) {
      list_segment(segment_kind == SortKind::merge ? plan.merged : plan.bitonic, segment);
      continue;
    }
    plan.singles.push_back(segment);
    plan.kinds.push_back(segment_kind);
    plan.workspace_bytes =
        std::max(plan.workspace_bytes,
                 sort_workspace_bytes<Records, Records>(1, segment.length, segment_kind, true, tuning, units));
  }
  order_listed(plan.merged);
  order_listed(plan.bitonic);
  plan.workspace_bytes = std::max({plan.workspace_bytes, merge_listed_bytes<Records>(plan.merged),
                                   plan.bitonic.segments.empty() ? 0 : listed_table_bytes(plan.bitonic)});
  plan.lanes = deal_segments(std::move(batched), units);
  if (!plan.lanes.segments.empty())
    plan.workspace_bytes = std::max(
        plan.workspace_bytes, segmented_radix_bytes<Records>(plan.lanes.buffer_records,
                                                             index_type(plan.lanes.segments.size()),
                                                             index_type(plan.lanes.first.size()) - 1));
  return plan;
}

// The pass over all segments: bins each and sorts the short ones.
template <class Exec, class Kernel>
void sort_short_segments(const Exec& exec, index_type segments, const Kernel& kernel) {
  Kokkos::parallel_for("tessel::segmented_sort::short", range_policy(exec, segments), kernel);
}

// The medium bin: one team per listed segment, in scratch.
template <class Exec, class Kernel, class List>
void sort_medium_segments(const char* function, const Exec& exec, const List& medium_segments, Kernel kernel,
                          const MediumBin& medium, const TuningParameters& tuning) {
  if (medium_segments.extent(0) == 0) return;
  kernel.medium_list = medium_segments.data();
  using Scratch = SortScratch<typename Kernel::key_type, typename Kernel::value_type, Kernel::has_values>;
  Kokkos::parallel_for("tessel::segmented_sort::medium",
                       make_team_policy(function, exec, medium_segments.extent(0), tuning.team_size,
                                        Scratch::bytes(medium.tile.elements, 2) + medium.counter_bytes),
                       kernel);
}

// Where each listed long segment lies, as (begin, length) pairs written to
// `where` and read on the host.
template <class Exec, class Offsets, class List, class Where>
auto locate_long_segments(const Exec& exec, const Offsets& offsets, const List& long_segments, const Where& where) {
  Kokkos::parallel_for("tessel::segmented_sort::gather", range_policy(exec, index_type(long_segments.extent(0))),
                       GatherLongSegments<Offsets>{offsets, long_segments.data(), where.data()});
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, where);
}

// The long bin, by `plan`, in `workspace` (plan.workspace_bytes of it).
template <class Exec, class Records, class KeyOrder>
void sort_long_segments(const char* function, const Exec& exec, const Records& records,
                        const LongSegmentPlan& plan, const KeyOrder& order, const TuningParameters& tuning,
                        unsigned char* workspace) {
  radix_sort_segments(function, exec, records, plan.lanes, order, tuning, workspace);
  merge_sort_listed(function, exec, records, plan.merged, order, tuning, workspace);
  bitonic_sort_listed(function, exec, records, plan.bitonic, order, tuning, workspace);
  for (std::size_t i = 0; i < plan.singles.size(); ++i) {
    const auto one = ::tessel::detail::records(segment_layout(records.keys, plan.singles[i]),
                                               segment_layout(records.values, plan.singles[i]));
    run_sort(function, exec, 1, plan.singles[i].length, plan.kinds[i], one, one, true, order, tuning, workspace);
  }
}

// Sorts every segment of `records` (the whole rank-1 view as one slice) in
// place. `sort_keys` says what the keys allow; `workspace` may be null.
template <class Exec, class Offsets, class Records, class KeyOrder, class WithWorkspace>
void sort_segments(const char* function, const Exec& exec, const Offsets& offsets, const Records& records,
                   const KeyOrder& order, const SortOptions& options, bool has_less, const SortKeys& sort_keys,
                   TuningParameters tuning, WithWorkspace&& with_workspace) {
  const index_type segments = offsets.extent(0) > 0 ? static_cast<index_type>(offsets.extent(0)) - 1 : 0;
  if (segments == 0) return;
  // The algorithm is checked once, for the longest length any segment may have.
  const SortKind kind = choose_sort(function, options, has_less, sort_keys, records.keys.length, tuning);
  tuning = sort_launch_tuning(exec, tuning);
  const SegmentBinPlan bin_plan = plan_segment_bins(tuning, sizeof(typename Records::key_type),
                                                    Records::has_values ? sizeof(typename Records::value_type) : 0,
                                                    radix_order<KeyOrder> && kind == SortKind::radix,
                                                    std::holds_alternative<RadixSort>(options.algorithm));
  const auto bins = allocate<unsigned char>(exec, "tessel::segmented_sort::bins", segments);
  using Kernel = SegmentBinKernel<Records, Offsets, KeyOrder, is_host_space<Exec>>;
  const Kernel kernel{records.keys.slice(0),
                      records.values.slice(0),
                      offsets,
                      order,
                      bins.data(),
                      bin_plan.short_length,
                      bin_plan.medium_length,
                      bin_plan.rank_length,
                      bin_plan.medium.tile.elements,
                      bin_plan.medium.tile.items,
                      bin_plan.medium.radix,
                      nullptr};
  sort_short_segments(exec, segments, kernel);
  const auto medium_segments = findall_with(function, exec, bins, InBin{bin_medium}, false, tuning);
  sort_medium_segments(function, exec, medium_segments, kernel, bin_plan.medium, tuning);
  const auto long_segments = findall_with(function, exec, bins, InBin{bin_long}, false, tuning);
  const index_type long_count = static_cast<index_type>(long_segments.extent(0));
  if (long_count == 0) return;
  const auto where = allocate<index_type>(exec, "tessel::segmented_sort::long", 2 * long_count);
  const auto host = locate_long_segments(exec, offsets, long_segments, where);
  const LongSegmentPlan long_plan = plan_long_segments<Records, radix_order<KeyOrder>>(
      function, host.data(), long_count, options, has_less, sort_keys, tuning, radix_units(exec, tuning));
  with_workspace(long_plan.workspace_bytes, [&](unsigned char* space) {
    sort_long_segments(function, exec, records, long_plan, order, tuning, space);
  });
}

}  // namespace tessel::detail

#endif
