#ifndef TESSEL_DETAIL_RADIX_TEAM_HPP
#define TESSEL_DETAIL_RADIX_TEAM_HPP

// What one team does in a radix pass over a range of one slice: count the
// digits, turn counts into offsets, and scatter every record to its digit's
// offset plus its rank among the earlier records of that digit (stable).

#include <tessel/detail/sort/radix/radix_lines.hpp>
#include <tessel/detail/sort/radix/radix_plan.hpp>
#include <tessel/detail/core/team.hpp>

#include <cstdint>

namespace tessel::detail {

// Ranking, as Tuning's radix.scratch_atomics chooses:
//  - in_order: a team of one thread with atomics chosen counts and places
//    records one after the other (plain increments; nothing to race with);
//  - scratch_atomics: a team of several threads counts with atomic
//    increments in scratch, in any order, and ranks in chunks (below);
//  - chunks (portable, no atomics): chunks of radix.chunk_size records, each
//    sorted by digit in scratch (for_each_ranked); chunks follow one another,
//    so the order of the input is kept.
enum class RadixRanking { in_order, scratch_atomics, chunks };

template <class Member>
KOKKOS_INLINE_FUNCTION RadixRanking radix_ranking(const Member& team, bool scratch_atomics) {
  if (!scratch_atomics) return RadixRanking::chunks;
  return radix_in_order(team.team_size(), scratch_atomics) ? RadixRanking::in_order : RadixRanking::scratch_atomics;
}

// The chunk arrays of the ranking: two buffers of entries, (position in the
// chunk << 16) | digit, and the counters of the owners of runs, sub-digit by
// sub-digit.
struct RadixChunk {
  std::uint32_t* entries[2];
  std::uint16_t* counters;
  int size;

  template <class Member>
  KOKKOS_INLINE_FUNCTION static RadixChunk take(const Member& team, int size) {
    RadixChunk chunk;
    chunk.size = radix_chunk_records(size);
    for (std::uint32_t*& entries : chunk.entries)
      entries = take_scratch<std::uint32_t>(team, std::size_t(radix_chunk_slot(chunk.size)));
    chunk.counters = take_scratch<std::uint16_t>(
        team, std::size_t(radix_chunk_slot(radix_rank_counters * radix_chunk_owners(chunk.size))));
    return chunk;
  }
};

// One stable counting sort of a chunk's `n` entries from `in` to `out` by
// the sub-digit at `shift`. Thread t < owners owns the run [t * run,
// (t + 1) * run): it counts the run's sub-digits into counters[s * owners +
// t]; one exclusive scan of the counters in that order (sub-digit, then
// owner) gives each owner where its records of each sub-digit go, so that
// the order of the records is kept within each sub-digit.
template <class Member>
KOKKOS_INLINE_FUNCTION void rank_sub_digit(const Member& team, const RadixChunk& chunk, int owners, int run, int n,
                                           int shift, const std::uint32_t* in, std::uint32_t* out) {
  constexpr int mask = radix_rank_counters - 1;
  const int rank = team.team_rank();
  std::uint16_t* counters = chunk.counters;
  const int begin = rank * run, end = begin + run < n ? begin + run : n;
  // This thread's counter of the sub-digit of `entry`.
  auto counter = [&](std::uint32_t entry) -> std::uint16_t& {
    return counters[radix_chunk_slot(int((entry >> shift) & mask) * owners + rank)];
  };
  if (rank < owners) {
    for (int s = 0; s < radix_rank_counters; ++s) counters[radix_chunk_slot(s * owners + rank)] = 0;
    for (int p = begin; p < end; ++p) ++counter(in[radix_chunk_slot(p)]);
  }
  team.team_barrier();
  // Owner u scans the counters [u * 16, u * 16 + 16) of that order.
  Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, owners), [&](const int u, int& partial, const bool last) {
    int sum = 0;
    for (int j = 0; j < radix_rank_counters; ++j) {
      const int slot = radix_chunk_slot(u * radix_rank_counters + j);
      const int count = counters[slot];
      if (last) counters[slot] = static_cast<std::uint16_t>(partial + sum);
      sum += count;
    }
    partial += sum;
  });
  team.team_barrier();
  if (rank < owners)
    for (int p = begin; p < end; ++p) {
      const std::uint32_t entry = in[radix_chunk_slot(p)];
      std::uint16_t& at = counter(entry);
      out[radix_chunk_slot(at)] = entry;
      ++at;
    }
  team.team_barrier();
}

// Visits records [begin, end) of digits below `radix` chunk by chunk:
// visit(i, digit, position) with position = counters[digit] + the number of
// earlier records of that digit in the chunk; then advances the counters
// past the chunk. Each chunk is sorted by digit in scratch first (stable, a
// sub-digit at a time), so that a record's rank is its place in the sorted
// chunk less the place of its digit's first record: about 18 barriers per
// chunk of 8-bit digits whatever its length, and each digit's records are
// written one after the other (docs/notes/radix.md).
template <class Member, class Counter, class DigitAt, class Visit>
KOKKOS_INLINE_FUNCTION void for_each_ranked(const Member& team, const RadixChunk& chunk, Counter* counters, int radix,
                                            index_type begin, index_type end, const DigitAt& digit_at,
                                            const Visit& visit) {
  const int team_size = team.team_size(), rank = team.team_rank();
  const int owners = team_size < radix_chunk_owners(chunk.size) ? team_size : radix_chunk_owners(chunk.size);
  int sub_digits = 0;
  while ((1 << (radix_rank_bits * sub_digits)) < radix) ++sub_digits;
  for (index_type first = begin; first < end; first += chunk.size) {
    const int n = end - first < chunk.size ? static_cast<int>(end - first) : chunk.size;
    for (int p = rank; p < n; p += team_size)
      chunk.entries[0][radix_chunk_slot(p)] = (std::uint32_t(p) << 16) | std::uint32_t(digit_at(first + p));
    team.team_barrier();
    const int run = (n + owners - 1) / owners;
    int sorted = 0;
    for (int s = 0; s < sub_digits; ++s, sorted ^= 1)
      rank_sub_digit(team, chunk, owners, run, n, s * radix_rank_bits, chunk.entries[sorted],
                     chunk.entries[sorted ^ 1]);
    const std::uint32_t* entries = chunk.entries[sorted];
    auto digit_of = [](std::uint32_t entry) { return static_cast<int>(entry & 0xffffu); };
    auto digit_at_place = [&](int p) { return digit_of(entries[radix_chunk_slot(p)]); };
    // Counters move back by the place of their digit's first record...
    for (int p = rank; p < n; p += team_size) {
      const int digit = digit_at_place(p);
      if (p == 0 || digit_at_place(p - 1) != digit) counters[digit] -= Counter(p);
    }
    team.team_barrier();
    for (int p = rank; p < n; p += team_size) {
      const std::uint32_t entry = entries[radix_chunk_slot(p)];
      const int digit = digit_of(entry);
      visit(first + index_type(entry >> 16), digit, counters[digit] + Counter(p));
    }
    team.team_barrier();
    // ... and forward past its last.
    for (int p = rank; p < n; p += team_size) {
      const int digit = digit_at_place(p);
      if (p == n - 1 || digit_at_place(p + 1) != digit) counters[digit] += Counter(p + 1);
    }
    team.team_barrier();
  }
}

// One thread's count of `radix` digits: digit_at(i) of records [begin, end)
// into counts, the odd records' into `spare` first (radix counters, or
// null: all into counts), both records' digits found before either
// increment: where a few counters fill, two histograms wait less on one
// another's increments (docs/notes/radix.md).
template <class Counter, class DigitAt>
KOKKOS_INLINE_FUNCTION void count_in_order(Counter* counts, Counter* spare, int radix, index_type begin,
                                           index_type end, const DigitAt& digit_at) {
  if (!spare) {
    for (index_type i = begin; i < end; ++i) ++counts[digit_at(i)];
    return;
  }
  for (int d = 0; d < radix; ++d) spare[d] = 0;
  index_type i = begin;
  for (; i + 1 < end; i += 2) {
    const int even = digit_at(i), odd = digit_at(i + 1);
    ++counts[even];
    ++spare[odd];
  }
  if (i < end) ++counts[digit_at(i)];
  for (int d = 0; d < radix; ++d) counts[d] += spare[d];
}

// counts[d] = how many of keys[begin, end) have digit d. `spare`: radix
// more counters for a team of one thread (count_in_order), or null.
template <class Member, class Counter, class KeySlice, class Digit>
KOKKOS_INLINE_FUNCTION void team_count(const Member& team, RadixRanking ranking, const RadixChunk& chunk,
                                       Counter* counts, int radix, const KeySlice& keys, index_type begin,
                                       index_type end, const Digit& digit, Counter* spare = nullptr) {
  const int team_size = team.team_size(), rank = team.team_rank();
  for (int d = rank; d < radix; d += team_size) counts[d] = 0;
  team.team_barrier();
  if (ranking == RadixRanking::in_order) {
    // The digit by value: read through a reference, its shift and mask
    // would be loaded again after every increment (a counter may alias
    // them).
    count_in_order(counts, spare, radix, begin, end, [digit, keys](index_type i) { return digit(keys[i]); });
  } else if (ranking == RadixRanking::scratch_atomics) {
    for (index_type i = begin + rank; i < end; i += team_size) Kokkos::atomic_add(&counts[digit(keys[i])], Counter(1));
  } else {
    for_each_ranked(team, chunk, counts, radix, begin, end, [&](index_type i) { return digit(keys[i]); },
                    [](index_type, int, Counter) {});
  }
  team.team_barrier();
}

// counts[d] becomes base + the sum of counts[0, d).
template <class Member, class Counter>
KOKKOS_INLINE_FUNCTION void team_offsets(const Member& team, Counter* counts, int radix, Counter base) {
  if (team.team_size() == 1) {
    Counter sum = base;
    for (int d = 0; d < radix; ++d) {
      const Counter c = counts[d];
      counts[d] = sum;
      sum += c;
    }
  } else {
    // Each thread reads and writes only its own digits.
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, radix), [&](const int d, Counter& partial, const bool last) {
      const Counter c = counts[d];
      if (last) counts[d] = base + partial;
      partial += c;
    });
  }
  team.team_barrier();
}

// What one read of keys[begin, end) found: the bits in which their
// projections differ from keys[0]'s, and whether any key is a NaN (true when
// NaNs were not looked for: a caller must then assume there are some).
struct KeysRead {
  std::uint64_t differing = 0;
  bool nans = true;
};

// One thread's single read of keys[begin, end), which the one-thread radix
// paths share: hands each projection by `order` to `count`, and looks for
// NaNs if FindNans.
template <bool FindNans, class KeySlice, class Order, class Count>
KOKKOS_INLINE_FUNCTION KeysRead read_keys(const KeySlice& keys, index_type begin, index_type end, const Order& order,
                                          const Count& count) {
  const std::uint64_t first = static_cast<std::uint64_t>(order.project(keys[0]));
  std::uint64_t differing = 0;
  bool nan = false;
  for (index_type i = begin; i < end; ++i) {
    const auto key = keys[i];
    const std::uint64_t projected = static_cast<std::uint64_t>(order.project(key));
    differing |= projected ^ first;
    if constexpr (FindNans) nan |= is_nan_key(key);
    count(projected);
  }
  return KeysRead{differing, FindNans ? nan : true};
}

// Bits in which the projections of keys[begin, end) differ from keys[0]'s.
template <class Member, class KeySlice, class Order>
KOKKOS_INLINE_FUNCTION std::uint64_t team_differing_bits(const Member& team, const KeySlice& keys,
                                                         index_type begin, index_type end, const Order& order) {
  if (team.team_size() == 1) return read_keys<false>(keys, begin, end, order, [](std::uint64_t) {}).differing;
  const std::uint64_t first = static_cast<std::uint64_t>(order.project(keys[0]));
  std::uint64_t differing = 0;
  Kokkos::parallel_reduce(
      Kokkos::TeamThreadRange(team, begin, end),
      [&](const index_type i, std::uint64_t& bits) { bits |= static_cast<std::uint64_t>(order.project(keys[i])) ^ first; },
      Kokkos::BOr<std::uint64_t>(differing));
  return differing;
}

// Writes records [begin, end) of `from` to `to` at offsets[digit] + rank,
// advancing offsets. `next` (in order only) also counts, into `next`,
// the digits of the next pass: the histogram the next pass over the same
// range needs, without reading the records again. `lines` (in order only,
// radix_lines_scratch bytes of team scratch, or null): the records go
// through write-combining lines where `to` lies along memory.
template <class Member, class Counter, class From, class To, class Digit, class NextDigit>
KOKKOS_INLINE_FUNCTION void team_scatter(const Member& team, RadixRanking ranking, const RadixChunk& chunk,
                                         Counter* offsets, const From& from, const To& to, index_type begin,
                                         index_type end, const Digit& digit, std::uint32_t* next,
                                         const NextDigit& next_digit, unsigned char* lines = nullptr) {
  constexpr bool has_values = From::has_values && To::has_values;
  auto move = [&](index_type i, Counter position) {
    const auto key = from.keys[i];
    to.keys[static_cast<index_type>(position)] = key;
    if constexpr (has_values) to.values[static_cast<index_type>(position)] = from.values[i];
  };
#if defined(TESSEL_DETAIL_RADIX_LINES)
  if constexpr (radix_lines_target<To>) {
    if (lines && ranking == RadixRanking::in_order) {
      const int radix = static_cast<int>(digit.mask) + 1;
      if (next)
        scatter_through_lines<true>(lines, radix, offsets, from, to, begin, end, digit, next, next_digit);
      else
        scatter_through_lines<false>(lines, radix, offsets, from, to, begin, end, digit, next, next_digit);
      team.team_barrier();
      return;
    }
  }
#endif
  (void)lines;
  if (ranking == RadixRanking::in_order) {
    // Digits by value, as in team_count.
    const Digit by_value = digit;
    const NextDigit next_by_value = next_digit;
    if (next) {
      for (index_type i = begin; i < end; ++i) {
        const auto key = from.keys[i];
        const std::uint64_t projected = static_cast<std::uint64_t>(by_value.order.project(key));
        ++next[next_by_value.of_projected(projected)];
        const index_type position = static_cast<index_type>(offsets[by_value.of_projected(projected)]++);
        to.keys[position] = key;
        if constexpr (has_values) to.values[position] = from.values[i];
      }
    } else {
      for (index_type i = begin; i < end; ++i) move(i, offsets[by_value(from.keys[i])]++);
    }
  } else {
    for_each_ranked(team, chunk, offsets, static_cast<int>(digit.mask) + 1, begin, end,
                    [&](index_type i) { return digit(from.keys[i]); },
                    [&](index_type i, int, Counter position) { move(i, position); });
  }
  team.team_barrier();
}

// One slice's keys and values (a slice object of each, or raw pointers).
template <class KeySlice, class ValueSlice, bool HasValues>
struct SliceRecords {
  static constexpr bool has_values = HasValues;
  KeySlice keys;
  ValueSlice values;
};

template <bool HasValues, class KeySlice, class ValueSlice>
KOKKOS_INLINE_FUNCTION SliceRecords<KeySlice, ValueSlice, HasValues> slice_records(const KeySlice& keys,
                                                                                   const ValueSlice& values) {
  return SliceRecords<KeySlice, ValueSlice, HasValues>{keys, values};
}

// Slice `s` of Records (views of every slice).
template <class Records>
KOKKOS_INLINE_FUNCTION auto records_slice(const Records& records, index_type s) {
  return slice_records<Records::has_values>(records.keys.slice(s), records.values.slice(s));
}

}  // namespace tessel::detail

#endif
