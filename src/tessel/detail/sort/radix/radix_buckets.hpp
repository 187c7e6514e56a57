#ifndef TESSEL_DETAIL_RADIX_BUCKETS_HPP
#define TESSEL_DETAIL_RADIX_BUCKETS_HPP

// Radix sort of one long slice by its top digit first. A count and a
// scatter by blocks (the split path's) leave the records in buckets of
// keys that share their top digit; teams then sort the buckets alone
// (segmented_radix.hpp), the low digits' passes of each in cache where the
// bucket fits. An LSD sort makes every pass over the whole slice in
// memory, each scatter spreading the records over 2^bits places at once.

#include <tessel/detail/sort/radix/radix_grid.hpp>
#include <tessel/detail/sort/radix/segmented_radix.hpp>

#include <vector>

namespace tessel::detail {

template <class Exec, class Source, class Target, class Order>
void radix_sort_unstaged(const char* function, const Exec& exec, index_type count, index_type length,
                         const Source& source, const Target& target, bool in_place, const Order& order,
                         const TuningParameters& tuning, WorkspaceCursor& cursor, bool buckets);

// Targets the buckets are sorted in: keys and values in memory (not
// sortperm's target, which discards the keys).
template <class Layout>
inline constexpr bool radix_bucket_layout = false;
template <class T, bool Contiguous>
inline constexpr bool radix_bucket_layout<SliceLayout<T, Contiguous>> = true;
template <>
inline constexpr bool radix_bucket_layout<NoValues> = true;
template <class Records>
inline constexpr bool radix_buckets_target =
    radix_bucket_layout<typename Records::keys_type> && radix_bucket_layout<typename Records::values_type>;

template <class Source>
RadixPlan radix_buckets_plan_for(index_type length, const TuningParameters& tuning, index_type units) {
  return plan_radix_buckets(length, sizeof(typename Source::key_type),
                            Source::has_values ? sizeof(typename Source::value_type) : 0, tuning, units);
}

// The workspace: the scatter's buffer (when sorting in place), the
// buckets' buffers and lists in the same room once it has been copied out
// (teams buffer their longest bucket each: at most the slice; a bucket per
// digit at most), and the counts.
template <class Source>
std::size_t radix_buckets_room(index_type length, const RadixPlan& plan, index_type units) {
  return std::max(ping_pong_bytes<Source>(1, length),
                  segmented_radix_bytes<Source>(length, plan.digits.radix, std::max<index_type>(units, 1)));
}

// The sort of a bucket that teams share (radix_sort_buckets sorts those
// last, each in the whole workspace): radix_sort_blocks of fewer than
// `length` records, bounded by the widest digits the tuning allows on the
// slice's radix_split_blocks (never fewer than a shorter bucket's). Not by
// the slice's own plan: a shorter bucket's chunks are shorter, so wider
// digits may fit the scratch budget, and its blocks round differently (the
// case the fuzzer found: docs/notes/radix.md).
template <class Source>
std::size_t radix_shared_bucket_bytes(index_type length, const TuningParameters& tuning, index_type units) {
  const index_type radix = radix_digits(sizeof(typename Source::key_type), tuning.radix.bits).radix;
  return ping_pong_bytes<Source>(1, length) +
         WorkspaceCursor::bytes<index_type>(radix_split_blocks(1, length, tuning, units) * radix + 1);
}
template <class Source>
std::size_t radix_buckets_bytes(index_type length, const TuningParameters& tuning, index_type units) {
  const RadixPlan plan = radix_buckets_plan_for<Source>(length, tuning, units);
  return std::max(radix_buckets_room<Source>(length, plan, units) +
                      WorkspaceCursor::bytes<index_type>(RadixBlockGrid(plan, 1, length, tuning).counters),
                  radix_shared_bucket_bytes<Source>(length, tuning, units));
}

// The top digit's counts of one slice (`counts`, grid.counters of them in
// the workspace), scanned into positions, and their copy on the host (the
// counts themselves where the host reads them): where each bucket starts.
template <class Exec>
struct RadixBucketStarts {
  using HostCounts = Kokkos::View<index_type*, Kokkos::HostSpace>;
  index_type* counts;
  Kokkos::View<index_type*, typename Exec::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> scanned;
  HostCounts host;
  RadixBlocks blocks;
  int radix;
  index_type length;

  RadixBucketStarts(index_type* at, const RadixBlockGrid& grid, int digit_radix, index_type slice_length)
      : counts(at),
        scanned(at, grid.counters),
        host(Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Exec::memory_space>::accessible
                 ? HostCounts(at, grid.counters)
                 : HostCounts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessel::sort::radix_buckets"),
                              grid.counters)),
        blocks(grid.blocks),
        radix(digit_radix),
        length(slice_length) {}

  // Where bucket d starts (block 0's position); the slice's end for d = radix.
  index_type operator()(int d) const { return d < radix ? host(blocks.counter(0, d, radix)) : length; }
};

// Counts `digit` of `source` by blocks into `starts`; false where every key
// falls into one bucket (nothing to split).
template <class Exec, class Source, class Order>
bool radix_count_buckets(const char* function, const Exec& exec, const Source& source,
                         const RadixDigit<Order>& digit, const RadixPlan& plan, const RadixBlockGrid& grid,
                         const TuningParameters& tuning, const RadixBucketStarts<Exec>& starts) {
  radix_count_blocks(function, exec, source, digit, plan, grid, tuning, starts.counts);
  radix_scan_counts(exec, grid, starts.counts);
  Kokkos::deep_copy(starts.host, starts.scanned);
  for (int d = 0; d < starts.radix; ++d)
    if (starts(d + 1) - starts(d) == starts.length) return false;  // one bucket: nothing to split
  return true;
}

// Whether a bucket may hold a NaN (radix_may_hold_nans), for orders that
// tell NaNs apart.
template <class Order, class Starts>
bool radix_buckets_may_hold_nans(const Order& order, const RadixDigits& digits, const Starts& start) {
  bool nans = false;
  if constexpr (without_nans<Order>::differs) {
    std::vector<index_type> sizes(digits.radix);
    for (int d = 0; d < digits.radix; ++d) sizes[d] = start(d + 1) - start(d);
    nans = radix_may_hold_nans(order, digits, sizes.data());
  }
  return nans;
}

// Scatters `source` by `digit` into its buckets in `target` at the counted
// positions; in place, through a buffer at the workspace's start.
template <class Exec, class Source, class Target, class Order>
void radix_scatter_buckets(const char* function, const Exec& exec, index_type length, const Source& source,
                           const Target& target, bool in_place, const RadixDigit<Order>& digit,
                           const RadixPlan& plan, const RadixBlockGrid& grid, const TuningParameters& tuning,
                           const index_type* counts, unsigned char* workspace) {
  if (in_place) {
    WorkspaceCursor cursor(workspace);
    const auto scattered =
        packed_records<typename Source::key_type, typename Source::value_type, Source::has_values>(cursor, 1, length);
    radix_scatter_blocks(function, exec, source, scattered, digit, plan, grid, tuning, counts);
    copy_records(exec, scattered, target, 1, length);
  } else {
    radix_scatter_blocks(function, exec, source, target, digit, plan, grid, tuning, counts);
  }
}

// How the buckets are sorted: `dealt` a team each, in one launch; `shared`
// split among teams again, one after the other.
struct RadixBucketPlan {
  SegmentLanes dealt;
  std::vector<LongSegment> shared;
};

// The plan for the buckets of one slice of `length` records of
// `key_bytes` + `value_bytes` each: bucket d at [start(d), start(d + 1)) for
// d < radix, split by the digit at bit `split_shift`; `nans`: whether a
// bucket may hold a NaN; `units`: radix_units.
template <class Start>
RadixBucketPlan plan_radix_bucket_sorts(const Start& start, int radix, index_type length, int split_shift,
                                        bool nans, std::size_t key_bytes, std::size_t value_bytes,
                                        const TuningParameters& tuning, index_type units) {
  RadixBucketPlan plan;
  std::vector<RadixSegment> buckets;
  for (int d = 0; d < radix; ++d) {
    const index_type begin = start(d), end = start(d + 1);
    if (end - begin <= 1) continue;
    const RadixPlan alone = plan_radix(1, end - begin, key_bytes, value_bytes, tuning, 1);
    // A bucket longer than a unit's share of the slice (keys clustered under
    // one top digit) is split among teams again, so that one thread does not
    // sort most of the slice alone while the others wait, as is one longer
    // than a team sorts (radix.team_slice); the rest are sorted a team each,
    // in one launch.
    if ((units > 1 && end - begin > length / units) || alone.path == RadixPath::teams_per_slice)
      plan.shared.push_back(LongSegment{begin, end - begin});
    else {
      RadixSegment bucket = radix_segment(begin, end - begin, alone);
      // Every key of a bucket has the split's top digit. A team that counts
      // every pass in its first read would count the passes within it too,
      // each increment on the same counter as the last: a chain through
      // memory. Where the split found no NaN, buckets are sorted by the
      // digits below it alone (3 % less time on 16M floats, docs/notes/radix.md).
      if (!nans && bucket.counting == RadixCounting::every_pass) {
        bucket.digits = radix_digits_below(bucket.digits, split_shift);
        bucket.nan_free = true;
      }
      buckets.push_back(bucket);
    }
  }
  plan.dealt = deal_segments(std::move(buckets), units);
  return plan;
}

// Sorts the buckets of `target` in place by `plan`, in the whole workspace.
template <class Exec, class Target, class Order>
void radix_sort_each_bucket(const char* function, const Exec& exec, const Target& target,
                            const RadixBucketPlan& plan, const Order& order, const TuningParameters& tuning,
                            unsigned char* workspace) {
  radix_sort_segments(function, exec, target, plan.dealt, order, tuning, workspace);
  for (const LongSegment& bucket : plan.shared) {
    const auto one = records(segment_layout(target.keys, bucket), segment_layout(target.values, bucket));
    WorkspaceCursor room(workspace);  // radix_shared_bucket_bytes
    radix_sort_unstaged(function, exec, 1, bucket.length, one, one, true, order, tuning, room, false);
  }
}

// Sorts one slice of `length` records from `source` into `target`; false,
// having written nothing, where every key has the same top digit (the
// other paths then sort the slice, which they read again).
template <class Exec, class Source, class Target, class Order>
bool radix_sort_buckets(const char* function, const Exec& exec, index_type length, const Source& source,
                        const Target& target, bool in_place, const Order& order, const TuningParameters& tuning,
                        unsigned char* workspace) {
  const index_type units = radix_units(exec, tuning);
  const RadixPlan plan = radix_buckets_plan_for<Source>(length, tuning, units);
  const RadixDigits& digits = plan.digits;
  const int top = digits.passes - 1;
  if (top == 0) return false;  // one pass in all: nothing to split
  const RadixBlockGrid grid(plan, 1, length, tuning);
  WorkspaceCursor counts_at(workspace + radix_buckets_room<Source>(length, plan, units));
  const RadixBucketStarts<Exec> starts(counts_at.take<index_type>(grid.counters), grid, digits.radix, length);
  // Floating-point keys are counted without the NaN test, as a team that
  // sorts a slice alone counts them: a NaN can only lie in a bucket at or
  // beyond an infinity's, and only then are the keys counted again by the
  // order that puts every NaN last (a first read with the test took 14 % of
  // the sort's samples: docs/notes/radix.md).
  const auto plain = radix_digit(without_nans<Order>::of(order), digits, top);
  if (!radix_count_buckets(function, exec, source, plain, plan, grid, tuning, starts)) return false;
  const bool nans = radix_buckets_may_hold_nans(order, digits, starts);
  if (nans) {
    const auto tested = radix_digit(order, digits, top);
    if (!radix_count_buckets(function, exec, source, tested, plan, grid, tuning, starts)) return false;
    radix_scatter_buckets(function, exec, length, source, target, in_place, tested, plan, grid, tuning,
                          starts.counts, workspace);
  } else {
    radix_scatter_buckets(function, exec, length, source, target, in_place, plain, plan, grid, tuning,
                          starts.counts, workspace);
  }
  const RadixBucketPlan buckets = plan_radix_bucket_sorts(
      starts, digits.radix, length, digits.shift(top), nans, sizeof(typename Target::key_type),
      Target::has_values ? sizeof(typename Target::value_type) : 0, tuning, units);
  radix_sort_each_bucket(function, exec, target, buckets, order, tuning, workspace);
  return true;
}

}  // namespace tessel::detail

#endif
