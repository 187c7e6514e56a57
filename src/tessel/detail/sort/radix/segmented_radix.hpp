#ifndef TESSEL_DETAIL_SEGMENTED_RADIX_HPP
#define TESSEL_DETAIL_SEGMENTED_RADIX_HPP

// Radix sort of many long segments of a rank-1 view in one launch. The
// segments are dealt to as many teams as run at once (longest first, each to
// the team with the least work so far); a team sorts its segments one after
// the other, each alone, through two buffers as long as its longest. One
// launch instead of one per segment keeps every thread busy while segments
// remain (a power-law matrix's long rows) and pays one fork instead of
// hundreds; buffers per team, not per segment, stay in cache and take
// memory in proportion to the teams, not to the view.

#include <tessel/detail/sort/radix/radix_kernels.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace tessel::detail {

// A segment that one team radix-sorts: where it lies in the view, where its
// team's buffers start in each workspace buffer, its digits and how they are
// counted.
struct RadixSegment {
  index_type begin;
  index_type length;
  index_type buffer;
  RadixDigits digits;
  RadixCounting counting;
  bool nan_free = false;  // TeamRadixSort's
};

// A segment that one team sorts alone by `plan` (a one-team path): the team
// narrows the widest digits to the segment's keys, unless its first read
// counts every pass of the digits it is given.
inline RadixSegment radix_segment(index_type begin, index_type length, const RadixPlan& plan) {
  const bool every_pass = plan.counting == RadixCounting::every_pass;
  return RadixSegment{begin, length, 0, every_pass ? plan.digits : plan.widest, plan.counting};
}

// Segments dealt to teams: team t sorts segments[first[t], first[t + 1]),
// through buffers of `buffer_records` records in all.
struct SegmentLanes {
  std::vector<RadixSegment> segments;
  std::vector<index_type> first;
  index_type buffer_records = 0;
};

inline SegmentLanes deal_segments(std::vector<RadixSegment> segments, index_type teams) {
  SegmentLanes lanes;
  teams = std::max<index_type>(1, std::min<index_type>(teams, index_type(segments.size())));
  std::stable_sort(segments.begin(), segments.end(),
                   [](const RadixSegment& a, const RadixSegment& b) { return a.length > b.length; });
  std::vector<std::vector<RadixSegment>> dealt(teams);
  using Load = std::pair<index_type, index_type>;  // records so far, team
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> least;
  for (index_type t = 0; t < teams; ++t) least.push({0, t});
  for (const RadixSegment& segment : segments) {
    const Load load = least.top();
    least.pop();
    dealt[load.second].push_back(segment);
    least.push({load.first + segment.length, load.second});
  }
  lanes.first.push_back(0);
  for (auto& team : dealt) {
    // The team's first segment is its longest: its buffers' length.
    for (RadixSegment& segment : team) {
      segment.buffer = lanes.buffer_records;
      lanes.segments.push_back(segment);
    }
    lanes.buffer_records += team.empty() ? 0 : team.front().length;
    lanes.first.push_back(index_type(lanes.segments.size()));
  }
  return lanes;
}

// Where one long segment lies.
struct LongSegment {
  index_type begin;
  index_type length;
};

// One segment of a rank-1 slice layout as a layout of one slice.
template <class Layout>
Layout segment_layout(const Layout& whole, const LongSegment& segment) {
  Layout layout = whole;
  layout.data = whole.data + segment.begin * whole.stride;
  layout.count = 1;
  layout.length = segment.length;
  return layout;
}
inline NoValues segment_layout(const NoValues& none, const LongSegment&) { return none; }

// A slice starting `begin` elements further on.
template <class T>
KOKKOS_INLINE_FUNCTION ContiguousSlice<T> slice_from(const ContiguousSlice<T>& slice, index_type begin) {
  return {slice.first + begin};
}
template <class T>
KOKKOS_INLINE_FUNCTION StridedSlice<T> slice_from(const StridedSlice<T>& slice, index_type begin) {
  return {slice.first + begin * slice.stride, slice.stride};
}
KOKKOS_INLINE_FUNCTION NoValues::slice_type slice_from(const NoValues::slice_type& slice, index_type) {
  return slice;
}

// Records: the whole view as one slice. Sorted in place.
template <class Records, class Order>
struct SegmentRadixKernel {
  using key_type = typename Records::key_type;
  using value_type = typename Records::value_type;
  static constexpr bool has_values = Records::has_values;
  using Buffer = BufferRecords<key_type, value_type, has_values>;

  typename Records::keys_type::slice_type keys;
  typename Records::values_type::slice_type values;
  Order order;
  const RadixSegment* segments;
  const index_type* first;  // team t's segments: [first[t], first[t + 1])
  Buffer workspace[2];
  int counters;  // the most counters any segment's digits take
  int chunk_size;
  bool scratch_atomics;
  RadixDigitCosts digit_costs;  // each segment's digits narrowed to its keys

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const auto state = RadixTeamScratch::take(team, scratch_atomics, chunk_size, counters);
    const index_type t = team.league_rank();
    for (index_type i = first[t]; i < first[t + 1]; ++i) {
      const RadixSegment segment = segments[i];
      Buffer buffers[2] = {workspace[0], workspace[1]};
      for (Buffer& buffer : buffers) {
        buffer.keys += segment.buffer;
        if constexpr (has_values) buffer.values += segment.buffer;
      }
      const auto records =
          slice_records<has_values>(slice_from(keys, segment.begin), slice_from(values, segment.begin));
      const TeamRadixSort<Order> sort{
          order, segment.digits, segment.length, true, state, segment.counting, digit_costs, segment.nan_free};
      sort(team, records, buffers, records);
    }
  }
};

// Sorts the dealt segments of `records` in place with one launch;
// `workspace` holds segmented_radix_bytes of them: the teams' buffers, then
// the segment list and each team's first segment (copied from the host, so
// that sorts of the same shape allocate nothing).
template <class Exec, class Records, class Order>
void radix_sort_segments(const char* function, const Exec& exec, const Records& records, const SegmentLanes& lanes,
                         const Order& order, const TuningParameters& tuning, unsigned char* workspace) {
  using Kernel = SegmentRadixKernel<Records, Order>;
  using Key = typename Kernel::key_type;
  using Value = typename Kernel::value_type;
  if (lanes.segments.empty()) return;
  const index_type count = index_type(lanes.segments.size()), teams = index_type(lanes.first.size()) - 1;
  // Each team narrows a segment's digits to the bits its keys differ in
  // once it has read them (TeamRadixSort's `choose`): CRS column indices
  // span far fewer than 32 bits, and as many passes of narrower digits
  // scatter to fewer places at once (on power-law rows, 8-bit digits took
  // 13 % less time than 11-bit ones). Chosen in the kernel, from the counts
  // of the widest digits, the choice needs no read of every key beforehand
  // (docs/notes/radix.md).
  int counters = 0;
  index_type longest = 1;
  for (const RadixSegment& segment : lanes.segments) {
    counters = std::max(counters, team_radix_counters(segment.digits, segment.counting));
    longest = std::max(longest, segment.length);
  }
  // One chunk for every segment, no longer than the longest. Each segment's
  // plan chose its digits for a chunk cut to its own length, so the widest
  // digits, a short segment's, fit the scratch budget beside that segment's
  // chunk, not always beside the longest's: the chunk is halved until they
  // do (docs/notes/radix.md).
  const auto scratch = [counters](int chunk_records) {
    return radix_counter_scratch(std::size_t(counters), chunk_records, sizeof(std::uint32_t));
  };
  int chunk = radix_chunk_records(tuning.radix.chunk_size, longest);
  while (chunk > 1 && scratch(chunk) > tuning.scratch_bytes) chunk = (chunk + 1) / 2;
  Kernel kernel{records.keys.slice(0), records.values.slice(0), order, nullptr, nullptr, {},
                counters, chunk, tuning.radix.scratch_atomics,
                RadixDigitCosts{tuning.cost.radix_pass, tuning.cost.radix_counter}};
  WorkspaceCursor cursor(workspace);
  for (typename Kernel::Buffer& buffer : kernel.workspace) {
    buffer.keys = cursor.take<Key>(lanes.buffer_records);
    if constexpr (Kernel::has_values) buffer.values = cursor.take<Value>(lanes.buffer_records);
  }
  using Memory = typename Exec::memory_space;
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  static_assert(plain_records<RadixSegment>, "the segments are copied as bytes");
  RadixSegment* listed = cursor.take<RadixSegment>(count);
  index_type* first = cursor.take<index_type>(teams + 1);
  // Without an instance: the copies finish before the host lists go.
  Kokkos::deep_copy(Kokkos::View<RadixSegment*, Memory, Unmanaged>(listed, count),
                    Kokkos::View<const RadixSegment*, Kokkos::HostSpace, Unmanaged>(lanes.segments.data(), count));
  Kokkos::deep_copy(Kokkos::View<index_type*, Memory, Unmanaged>(first, teams + 1),
                    Kokkos::View<const index_type*, Kokkos::HostSpace, Unmanaged>(lanes.first.data(), teams + 1));
  kernel.segments = listed;
  kernel.first = first;
  Kokkos::parallel_for("tessel::segmented_sort::radix",
                       make_team_policy(function, exec, teams, tuning.team_size, scratch(chunk)), kernel);
}

// Two buffers of `total` records in all, and the lists of `segments`
// segments dealt to `teams` teams.
template <class Records>
std::size_t segmented_radix_bytes(index_type total, index_type segments, index_type teams) {
  return ping_pong_bytes<Records>(1, total) + WorkspaceCursor::bytes<RadixSegment>(segments) +
         WorkspaceCursor::bytes<index_type>(teams + 1);
}

}  // namespace tessel::detail

#endif
