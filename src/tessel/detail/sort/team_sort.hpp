#ifndef TESSEL_DETAIL_TEAM_SORT_HPP
#define TESSEL_DETAIL_TEAM_SORT_HPP

// Sorting building blocks: merge path, a sequential stable merge, a team's
// stable merge sort in scratch, and a team's bitonic network in scratch.
// All of them are correct for any team size, including one.

#include <tessel/detail/base/kokkos_compat.hpp>
#include <tessel/detail/sort/rank_sort.hpp>
#include <tessel/detail/sort/sort_data.hpp>
#include <tessel/detail/core/team.hpp>

#include <cstdint>
#include <type_traits>

namespace tessel::detail {

// How many elements of A precede the `diagonal`-th output of the stable merge
// of sorted A (a_count) and B (b_count): equal keys take A's first.
// `a(i)`, `b(j)` read keys.
template <class A, class B, class KeyOrder>
KOKKOS_INLINE_FUNCTION index_type merge_path(const A& a, index_type a_count, const B& b, index_type b_count,
                                             index_type diagonal, const KeyOrder& order) {
  index_type low = diagonal > b_count ? diagonal - b_count : 0;
  index_type high = diagonal < a_count ? diagonal : a_count;
  while (low < high) {
    const index_type middle = (low + high) / 2;
    if (key_before(order, b(diagonal - 1 - middle), a(middle)))
      high = middle;
    else
      low = middle + 1;
  }
  return low;
}

// Whether any of keys[begin, end) is a NaN; every thread of the team gets
// the answer.
template <class Member, class Keys>
KOKKOS_INLINE_FUNCTION bool team_holds_nan(const Member& team, const Keys& keys, index_type begin, index_type end) {
  int nan = 0;  // int: Kokkos 3.4 has no reduction identity for bool
  Kokkos::parallel_reduce(
      Kokkos::TeamThreadRange(team, begin, end),
      [&](const index_type i, int& found) { found |= int(is_nan_key(keys[i])); }, Kokkos::LOr<int>(nan));
  return nan != 0;
}

// Selects `if_true` or `if_false` with masks rather than a branch: compilers
// turn a plain conditional into a branch, which a merge cannot predict.
template <class T>
KOKKOS_INLINE_FUNCTION T select(bool condition, const T& if_true, const T& if_false) {
  if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>) {
    using U = std::conditional_t<sizeof(T) <= 4, std::uint32_t, std::uint64_t>;
    if constexpr (sizeof(T) == sizeof(U)) {
      const U mask = static_cast<U>(U(0) - U(condition));
      return bit_cast<T>(static_cast<U>((bit_cast<U>(if_true) & mask) | (bit_cast<U>(if_false) & ~mask)));
    } else {
      return condition ? if_true : if_false;
    }
  } else {
    return condition ? if_true : if_false;
  }
}

// One merge in progress: A at [a, a_end), B at [b, b_end), outputs from
// `out` on, as positions in one source and one target.
struct MergeLane {
  index_type a, a_end, b, b_end, out;
};

// Runs the first `active` merges of `lanes` in lockstep; key(position) reads
// a source key, out(position, key, from) writes an output and says where it
// came from (for the values). A branch-free merge step waits on its own
// previous step (load, compare, advance), so several independent merges keep
// a CPU busy where one would stall. Once a merge runs out of one input, the
// rest of the other follows.
template <int Lanes, class Key, class Out, class KeyOrder>
KOKKOS_INLINE_FUNCTION void merge_lanes(MergeLane (&lanes)[Lanes], int active, const Key& key, const Out& out,
                                        const KeyOrder& order) {
  auto step = [&](MergeLane& lane) {
    const auto key_a = key(lane.a);
    const auto key_b = key(lane.b);
    const bool take_b = order.before(order.project(key_b), order.project(key_a));
    out(lane.out++, select(take_b, key_b, key_a), select(take_b, lane.b, lane.a));
    lane.b += take_b;
    lane.a += 1 - take_b;
  };
  // Each step takes one record of A or of B, so as many steps as the fewest
  // records left on either side run without a test: 16 % less time a record
  // (docs/notes/merge.md).
  auto open_steps = [](const MergeLane& lane) {
    const index_type a_left = lane.a_end - lane.a, b_left = lane.b_end - lane.b;
    return a_left < b_left ? a_left : b_left;
  };
  if (active == Lanes) {
    while (true) {
      index_type steps = open_steps(lanes[0]);
      for (int l = 1; l < Lanes; ++l) {
        const index_type open = open_steps(lanes[l]);
        steps = open < steps ? open : steps;
      }
      if (steps <= 0) break;
      for (index_type k = 0; k < steps; ++k)
        for (int l = 0; l < Lanes; ++l) step(lanes[l]);
    }
  }
  for (int l = 0; l < active; ++l) {
    MergeLane& lane = lanes[l];
    for (index_type steps = open_steps(lane); steps > 0; steps = open_steps(lane))
      for (index_type k = 0; k < steps; ++k) step(lane);
    for (; lane.a < lane.a_end; ++lane.a) out(lane.out++, key(lane.a), lane.a);
    for (; lane.b < lane.b_end; ++lane.b) out(lane.out++, key(lane.b), lane.b);
  }
}

// Outputs [first, last) of the stable merge of the sorted sequences at
// [a_begin, a_begin + a_count) and [b_begin, b_begin + b_count) of a source,
// written from `out_begin` on: cut by merge path into `Lanes` merges run in
// lockstep.
template <int Lanes, class Key, class Out, class KeyOrder>
KOKKOS_INLINE_FUNCTION void merge_in_lanes(const Key& key, index_type a_begin, index_type a_count,
                                           index_type b_begin, index_type b_count, index_type first,
                                           index_type last, index_type out_begin, const Out& out,
                                           const KeyOrder& order) {
  auto a = [&](index_type i) { return key(a_begin + i); };
  auto b = [&](index_type j) { return key(b_begin + j); };
  MergeLane lanes[Lanes];
  index_type boundary = merge_path(a, a_count, b, b_count, first, order);
  for (int l = 0; l < Lanes; ++l) {
    const index_type lane_first = first + (last - first) * l / Lanes;
    const index_type lane_last = first + (last - first) * (l + 1) / Lanes;
    const index_type next = lane_last == a_count + b_count ? a_count : merge_path(a, a_count, b, b_count, lane_last, order);
    lanes[l] = MergeLane{a_begin + boundary, a_begin + next, b_begin + (lane_first - boundary),
                         b_begin + (lane_last - next), out_begin + (lane_first - first)};
    boundary = next;
  }
  merge_lanes(lanes, Lanes, key, out, order);
}

// Stable insertion sort of records [first, first + count) in scratch: each
// record is projected once and shifted into place. Short runs of arithmetic
// projections (the default order) also keep the projections of the sorted
// part in registers, so that every comparison is one instruction instead of
// a projection of the neighbour (float's total order costs several).
// Runs of up to insertion_cached records keep them: 16 was the fastest of 8
// to 64 on rows of 0..7 and 0..15 (docs/notes/merge.md).
inline constexpr int insertion_cached = 16;

template <class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void insertion_sort(const Records& records, int first, int count, const KeyOrder& order) {
  using projected_type = std::decay_t<decltype(order.project(records.keys[first]))>;
  if constexpr (std::is_arithmetic_v<projected_type>) {
    if (count <= insertion_cached) {
      projected_type projections[insertion_cached];
      for (int i = 0; i < count; ++i) projections[i] = order.project(records.keys[first + i]);
      for (int i = 1; i < count; ++i) {
        const projected_type projected = projections[i];
        if (!order.before(projected, projections[i - 1])) continue;
        const auto key = records.keys[first + i];
        const auto value = records.value_at(first + i);
        int j = i;
        do {
          projections[j] = projections[j - 1];
          records.keys[first + j] = records.keys[first + j - 1];
          if constexpr (Records::has_values) records.values[first + j] = records.values[first + j - 1];
          --j;
        } while (j > 0 && order.before(projected, projections[j - 1]));
        projections[j] = projected;
        records.keys[first + j] = key;
        if constexpr (Records::has_values) records.values[first + j] = value;
      }
      return;
    }
  }
  for (int i = first + 1; i < first + count; ++i) {
    const auto key = records.keys[i];
    const auto projected = order.project(key);
    if (!order.before(projected, order.project(records.keys[i - 1]))) continue;
    const auto value = records.value_at(i);
    int j = i;
    do {
      records.keys[j] = records.keys[j - 1];
      if constexpr (Records::has_values) records.values[j] = records.values[j - 1];
      --j;
    } while (j > first && order.before(projected, order.project(records.keys[j - 1])));
    records.keys[j] = key;
    if constexpr (Records::has_values) records.values[j] = value;
  }
}

// Sorts `count` records (at most rank_sort_capacity, keys in an order
// rank_sort takes) by ranks, or by insertion where rank_sort declines them
// (8-byte keys that span 2^25 or more; it writes nothing then).
template <class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void rank_or_insertion_sort(const Records& records, int count, const KeyOrder& order) {
  if (!rank_sort(records, count, order)) insertion_sort(records, 0, count, order);
}

// Whether team_merge_sort, in a team of `team_size` threads given
// `rank_length`, sorts segments of `segment` records whole by ranks (keys
// rank_sort takes): AutoSort's cost model asks it too.
KOKKOS_INLINE_FUNCTION bool ranks_whole_segments(int team_size, index_type segment, int rank_length) {
  return team_size == 1 && segment <= rank_length && segment <= rank_sort_capacity;
}

// The end of the segment (of `segment` records, among `count`) that holds
// position `first`.
KOKKOS_FORCEINLINE_FUNCTION int merge_segment_end(int first, int segment, int count) {
  const int end = (first / segment + 1) * segment;
  return end < count ? end : count;
}

// Where team_merge_sort's runs lie: `count` records in segments of
// `segment` records (the last may be shorter), each cut into runs of
// `items` records that one thread insertion-sorts. Segments of up to
// insertion_cached records are one run each (merge_run_items).
struct MergeRuns {
  int count;
  int segment;
  int items;
  int per_segment;  // runs per segment
  int total;        // runs in all, the last segment's past `count` included

  // The first record of run `run`, and the end of the segment holding `position`.
  KOKKOS_FORCEINLINE_FUNCTION int first(int run) const {
    return run / per_segment * segment + run % per_segment * items;
  }
  KOKKOS_FORCEINLINE_FUNCTION int segment_end(int position) const {
    return merge_segment_end(position, segment, count);
  }
};

// The records per insertion-sorted run. Segments of up to insertion_cached
// records are insertion-sorted whole: the merge rounds after runs of `items`
// cost more, most with values (docs/notes/merge.md).
KOKKOS_FORCEINLINE_FUNCTION int merge_run_items(int segment, int items) {
  return segment <= insertion_cached ? segment : items;
}

KOKKOS_FORCEINLINE_FUNCTION MergeRuns merge_runs(int count, int segment, int items) {
  MergeRuns runs{count, segment, merge_run_items(segment, items), 0, 0};
  runs.per_segment = (segment + runs.items - 1) / runs.items;
  runs.total = (count + segment - 1) / segment * runs.per_segment;
  return runs;
}

// One round of team_merge_sort: the pairs of sorted sequences of `width`
// records within each segment of `segment` records, among `count`.
struct MergePairs {
  int count;
  int segment;
  int width;
  int per_segment;  // pairs per segment
  int total;        // pairs in all

  // Pair `pair` as one merge from A (its first `width` records) and B into
  // the same positions; empty past the end of a short last segment.
  KOKKOS_FORCEINLINE_FUNCTION MergeLane lane(int pair) const {
    const int a_begin = pair / per_segment * segment + pair % per_segment * 2 * width;
    const int end = a_begin < count ? merge_segment_end(a_begin, segment, count) : a_begin;
    const int a_end = end - a_begin < width ? end : a_begin + width;
    const int b_end = end - a_begin < 2 * width ? end : a_begin + 2 * width;
    return MergeLane{a_begin, a_end, a_end, b_end, a_begin};
  }
};

KOKKOS_FORCEINLINE_FUNCTION MergePairs merge_pairs(int count, int segment, int width) {
  MergePairs pairs{count, segment, width, (segment + 2 * width - 1) / (2 * width), 0};
  pairs.total = (count + segment - 1) / segment * pairs.per_segment;
  return pairs;
}

// A lone thread sorts each segment of `segment` records among `count`
// whole by ranks, in place.
template <class Records, class KeyOrder>
KOKKOS_FORCEINLINE_FUNCTION void rank_sort_segments(const Records& records, int count, int segment,
                                                    const KeyOrder& order) {
  for (int first = 0; first < count; first += segment)
    rank_or_insertion_sort(records.from(first), count - first < segment ? count - first : segment, order);
}

// The team's threads insertion-sort every run of `runs`, one thread a run.
template <class Member, class Records, class KeyOrder>
KOKKOS_FORCEINLINE_FUNCTION void team_insertion_sort_runs(const Member& team, const Records& records,
                                                          const MergeRuns& runs, const KeyOrder& order) {
  for (int run = team.team_rank(); run < runs.total; run += team.team_size()) {
    const int first = runs.first(run);
    const int end = runs.segment_end(first);
    if (first < end) insertion_sort(records, first, end - first < runs.items ? end - first : runs.items, order);
  }
}

// A lone thread, fewer pairs than lanes: each pair is cut into `Lanes`
// merges run in lockstep.
template <int Lanes, class Key, class Out, class KeyOrder>
KOKKOS_FORCEINLINE_FUNCTION void merge_pairs_cut_into_lanes(const MergePairs& pairs, const Key& key,
                                                            const Out& out, const KeyOrder& order) {
  for (int pair = 0; pair < pairs.total; ++pair) {
    const MergeLane lane = pairs.lane(pair);
    if (lane.b_end > lane.a)
      merge_in_lanes<Lanes>(key, lane.a, lane.a_end - lane.a, lane.b, lane.b_end - lane.b, 0, lane.b_end - lane.a,
                            lane.a, out, order);
  }
}

// A lone thread merges `Lanes` pairs side by side.
template <int Lanes, class Key, class Out, class KeyOrder>
KOKKOS_FORCEINLINE_FUNCTION void merge_pairs_side_by_side(const MergePairs& pairs, const Key& key,
                                                          const Out& out, const KeyOrder& order) {
  for (int pair = 0; pair < pairs.total; pair += Lanes) {
    MergeLane lanes[Lanes];
    const int active = pairs.total - pair < Lanes ? pairs.total - pair : Lanes;
    for (int l = 0; l < active; ++l) lanes[l] = pairs.lane(pair + l);
    merge_lanes(lanes, active, key, out, order);
  }
}

// Threads of a larger team produce `items` outputs at a time within a
// pair, found by merge path.
template <class Member, class Key, class Out, class KeyOrder>
KOKKOS_FORCEINLINE_FUNCTION void team_merge_pairs_by_path(const Member& team, const MergePairs& pairs, int items,
                                                          const Key& key, const Out& out, const KeyOrder& order) {
  const int chunks_per_pair = 2 * pairs.width / items;
  for (int chunk = team.team_rank(); chunk < pairs.total * chunks_per_pair; chunk += team.team_size()) {
    const MergeLane pair = pairs.lane(chunk / chunks_per_pair);
    const int first = pair.a + chunk % chunks_per_pair * items;
    if (first >= pair.b_end) continue;
    const int last = pair.b_end - first < items ? pair.b_end : first + items;
    merge_in_lanes<1>(key, pair.a, pair.a_end - pair.a, pair.b, pair.b_end - pair.b, first - pair.a, last - pair.a,
                      first, out, order);
  }
}

// A team's stable merge sort, in scratch, of `count` records made of
// segments of `segment` records (the last may be shorter) sorted each on its
// own: several short slices share a tile this way. Runs of `items` records
// are insertion-sorted, then merged pairwise within their segment, back and
// forth between the two buffers; returns the buffer (0 or 1) holding the
// result. A lone thread of a host space sorts segments of up to `rank_length`
// records whole by ranks, in buffer 0 (ranks_whole_segments); device code
// does not compile the ranks, which copy a segment to the stack.
template <int Lanes, class Member, class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION int team_merge_sort(const Member& team, const Records (&buffers)[2], int count, int segment,
                                           int items, const KeyOrder& order, int rank_length = 0) {
  if constexpr (rank_sortable<KeyOrder> && is_host_space<typename Member::execution_space>) {
    if (ranks_whole_segments(team.team_size(), segment, rank_length)) {
      rank_sort_segments(buffers[0], count, segment, order);
      return 0;
    }
  }
  // The steps are force-inlined and each round is dispatched here: with a
  // function per round, the rank loop above lost registers to spills
  // (docs/notes/merge.md).
  const MergeRuns runs = merge_runs(count, segment, items);
  team_insertion_sort_runs(team, buffers[0], runs, order);
  team.team_barrier();
  int from = 0;
  for (int width = runs.items; width < segment; width *= 2) {
    const Records& source = buffers[from];
    const Records& target = buffers[1 - from];
    auto key = [&](index_type position) { return source.keys[position]; };
    auto out = [&](index_type position, const auto& value, index_type at) {
      target.keys[position] = value;
      if constexpr (Records::has_values) target.values[position] = source.values[at];
    };
    const MergePairs pairs = merge_pairs(count, segment, width);
    if (team.team_size() == 1 && pairs.total < Lanes)
      merge_pairs_cut_into_lanes<Lanes>(pairs, key, out, order);
    else if (team.team_size() == 1)
      merge_pairs_side_by_side<Lanes>(pairs, key, out, order);
    else
      team_merge_pairs_by_path(team, pairs, runs.items, key, out, order);
    team.team_barrier();
    from = 1 - from;
  }
  return from;
}

// Compare-exchange of keys (and values) at lo < hi, in scratch or in global
// memory. Both are written back through selects rather than a branch: on
// random keys half the exchanges swap, which no CPU predicts.
template <bool HasValues, class Keys, class Values, class KeyOrder>
KOKKOS_INLINE_FUNCTION void exchange_if_before(const Keys& keys, const Values& values, index_type lo, index_type hi,
                                               const KeyOrder& order) {
  const auto low = keys[lo], high = keys[hi];
  const bool swap = key_before(order, high, low);
  keys[lo] = swap ? high : low;
  keys[hi] = swap ? low : high;
  if constexpr (HasValues) {
    const auto low_value = values[lo], high_value = values[hi];
    values[lo] = swap ? high_value : low_value;
    values[hi] = swap ? low_value : high_value;
  }
}

// Compare-exchange of records lo < hi in scratch when hi holds a record
// (positions past `count` hold virtual records that sort after everything
// and never move).
template <class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void compare_exchange(const Records& records, int lo, int hi, int count, const KeyOrder& order) {
  if (hi < count) exchange_if_before<Records::has_values>(records.keys, records.values, lo, hi, order);
}

// The pair of the q-th compare-exchange of a bitonic step: with `flip`, the
// first step of merging sorted blocks of `distance` into blocks of twice
// that (each element against its mirror, so every block stays ascending);
// otherwise a half-cleaner step at `distance`.
KOKKOS_INLINE_FUNCTION void bitonic_pair(index_type q, index_type distance, bool flip, index_type& lo,
                                         index_type& hi) {
  const index_type block = q / distance, offset = q % distance;
  lo = block * 2 * distance + offset;
  hi = flip ? block * 2 * distance + 2 * distance - 1 - offset : lo + distance;
}

// Merges sorted blocks of `block` records into sorted blocks of twice that,
// within `size` (a power of two) records in scratch of which the first
// `count` are real. With `flip`, the first step compares each record with its
// mirror in the merged block and the half-cleaners at block/2 ... 1 follow;
// without, only half-cleaners at block ... 1 run (the end of a merge whose
// longer steps ran in global memory).
template <class Member, class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void team_bitonic_merge(const Member& team, const Records& records, int count, int size,
                                               int block, bool flip, const KeyOrder& order) {
  for (int distance = block; distance >= 1; distance /= 2) {
    const bool mirror = flip && distance == block;
    for (int q = team.team_rank(); q < size / 2; q += team.team_size()) {
      index_type lo, hi;
      bitonic_pair(q, distance, mirror, lo, hi);
      compare_exchange(records, int(lo), int(hi), count, order);
    }
    team.team_barrier();
  }
}

// A team's bitonic sort of `count` records in scratch, padded virtually to
// `size` (a power of two).
template <class Member, class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void team_bitonic_sort(const Member& team, const Records& records, int count, int size,
                                              const KeyOrder& order) {
  for (int block = 1; block < size; block *= 2) team_bitonic_merge(team, records, count, size, block, true, order);
}

}  // namespace tessel::detail

#endif
