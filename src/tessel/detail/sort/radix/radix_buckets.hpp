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
// digits may fit the scratch budget, and its blocks round differently. 13
// int8 keys with int32 values, 3-bit digits asked, 600 bytes of scratch,
// two units: the slice's plan counts 2-bit digits on 7 blocks (28
// counters), a bucket of 8 records 3-bit digits on 8 blocks (64), and the
// fuzzer found such counts written past the workspace the slice's plan had
// sized.
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

// Sorts one slice of `length` records from `source` into `target`; false,
// having written nothing, where every key has the same top digit (the
// other paths then sort the slice, which they read again).
template <class Exec, class Source, class Target, class Order>
bool radix_sort_buckets(const char* function, const Exec& exec, index_type length, const Source& source,
                        const Target& target, bool in_place, const Order& order, const TuningParameters& tuning,
                        unsigned char* workspace) {
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  constexpr bool has_values = Source::has_values;
  const index_type units = radix_units(exec, tuning);
  const RadixPlan plan = radix_buckets_plan_for<Source>(length, tuning, units);
  const RadixDigits& digits = plan.digits;
  const int top = digits.passes - 1;
  if (top == 0) return false;  // one pass in all: nothing to split
  const RadixBlockGrid grid(plan, 1, length, tuning);
  WorkspaceCursor cursor(workspace);
  const auto scattered = packed_records<Key, Value, has_values>(cursor, 1, length);
  WorkspaceCursor counts_at(workspace + radix_buckets_room<Source>(length, plan, units));
  index_type* counts = counts_at.take<index_type>(grid.counters);
  const int radix = digits.radix;

  // The top digit's counts, scanned into positions and read on the host:
  // where each bucket starts (block 0's position).
  const Kokkos::View<index_type*, typename Exec::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> scanned(
      counts, grid.counters);
  using HostCounts = Kokkos::View<index_type*, Kokkos::HostSpace>;
  const HostCounts host =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Exec::memory_space>::accessible
          ? HostCounts(counts, grid.counters)
          : HostCounts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessel::sort::radix_buckets"), grid.counters);
  const auto start = [&](int d) { return d < radix ? host(grid.blocks.counter(0, d, radix)) : length; };
  const auto locate = [&](const auto& digit) {
    radix_count_blocks(function, exec, source, digit, plan, grid, tuning, counts);
    radix_scan_counts(exec, grid, counts);
    Kokkos::deep_copy(host, scanned);
    for (int d = 0; d < radix; ++d)
      if (start(d + 1) - start(d) == length) return false;  // one bucket: nothing to split
    return true;
  };
  const auto split = [&](const auto& digit) {
    if (in_place) {
      radix_scatter_blocks(function, exec, source, scattered, digit, plan, grid, tuning, counts);
      copy_records(exec, scattered, target, 1, length);
    } else {
      radix_scatter_blocks(function, exec, source, target, digit, plan, grid, tuning, counts);
    }
  };
  // Floating-point keys are counted without the NaN test, as a team that
  // sorts a slice alone counts them: a NaN can only lie in a bucket at or
  // beyond an infinity's, and only then are the keys counted again by the
  // order that puts every NaN last (one Zen 1-class core, 16M floats: the
  // first read with the test and the differing bits took 14 % of the
  // sort's samples).
  const auto plain = radix_digit(without_nans<Order>::of(order), digits, top);
  if (!locate(plain)) return false;
  bool nans = false;
  if constexpr (without_nans<Order>::differs) {
    std::vector<index_type> sizes(radix);
    for (int d = 0; d < radix; ++d) sizes[d] = start(d + 1) - start(d);
    nans = radix_may_hold_nans(order, digits, sizes.data());
  }
  if (nans) {
    const auto tested = radix_digit(order, digits, top);
    if (!locate(tested)) return false;
    split(tested);
  } else {
    split(plain);
  }

  // A bucket longer than a unit's share of the slice (keys clustered under
  // one top digit) is split among teams again, so that one thread does not
  // sort most of the slice alone while the others wait, as is one longer
  // than a team sorts (radix.team_slice); the rest are sorted a team each,
  // in one launch.
  //
  // Every key of a bucket has the split's top digit. A team that counts
  // every pass in its first read would count the passes within it too,
  // each increment on the same counter as the last: a chain through memory.
  // Where the split found no NaN, buckets are sorted by the digits below it
  // alone. 16M floats in (-1, 1), one core of a 2-vCPU EPYC VM (AVX2), the
  // buckets' kernel by Kokkos Tools timings, means of 6 sorts in two runs:
  // 404-407 -> 393-398 ms; doubles (two buckets of 8M, six passes counted
  // instead of seven) within noise.
  const int split_shift = digits.shift(top);
  std::vector<RadixSegment> buckets;
  std::vector<LongSegment> shared;
  for (int d = 0; d < radix; ++d) {
    const index_type begin = start(d), end = start(d + 1);
    if (end - begin <= 1) continue;
    const RadixPlan alone = radix_plan_for<Target>(1, end - begin, tuning, 1);
    if ((units > 1 && end - begin > length / units) || alone.path == RadixPath::teams_per_slice)
      shared.push_back(LongSegment{begin, end - begin});
    else {
      RadixSegment bucket = radix_segment(begin, end - begin, alone);
      if (!nans && bucket.counting == RadixCounting::every_pass) {
        bucket.digits = radix_digits_below(bucket.digits, split_shift);
        bucket.nan_free = true;
      }
      buckets.push_back(bucket);
    }
  }
  radix_sort_segments(function, exec, target, deal_segments(std::move(buckets), units), order, tuning, workspace);
  for (const LongSegment& bucket : shared) {
    const auto one = records(segment_layout(target.keys, bucket), segment_layout(target.values, bucket));
    WorkspaceCursor room(workspace);  // radix_shared_bucket_bytes
    radix_sort_unstaged(function, exec, 1, bucket.length, one, one, true, order, tuning, room, false);
  }
  return true;
}

}  // namespace tessel::detail

#endif
