#ifndef TESSEL_DETAIL_RADIX_KERNELS_HPP
#define TESSEL_DETAIL_RADIX_KERNELS_HPP

// The kernels of radix sort (paths: see radix_plan.hpp):
//  - SliceRadixKernel: one team sorts one slice through every pass, its two
//    buffers in scratch or in the workspace;
//  - RadixCountKernel / RadixScatterKernel: one team per block of a slice and
//    pass: the block's digit counts, and its scatter from the scanned counts;
//    RadixFirstCountKernel: the first pass's counts and the differing bits;
//  - StageKernel: copies records between strided slices and packed ones, in
//    tiles through scratch or, on lone threads, directly (stage_lines.hpp).

#include <tessel/detail/sort/radix/radix_team.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>
#include <tessel/detail/sort/radix/stage_lines.hpp>

#include <algorithm>
#include <cstddef>

namespace tessel::detail {

// Whether records are read or written through strides (radix sort stages
// them into packed slices).
template <class Records>
inline constexpr bool strided_records = is_strided_layout<typename Records::keys_type>::value ||
                                        is_strided_layout<typename Records::values_type>::value;

// The widest step in bytes between neighbouring elements of a strided
// slice of `records` (0 when every slice is contiguous).
template <class Layout>
std::size_t layout_stride_bytes(const Layout& layout) {
  if constexpr (is_strided_layout<Layout>::value)
    return std::size_t(layout.stride) * sizeof(typename Layout::value_type);  // Kokkos' strides are never negative
  else
    return 0;
}
template <class Records>
std::size_t records_stride_bytes(const Records& records) {
  return std::max(layout_stride_bytes(records.keys), layout_stride_bytes(records.values));
}

// Raw pointers to one slice's keys and values in a buffer.
template <class Key, class Value, bool HasValues>
using BufferRecords = SliceRecords<Key*, Value*, HasValues>;

template <class From, class To, class Member>
KOKKOS_INLINE_FUNCTION void team_copy(const Member& team, const From& from, const To& to, index_type length) {
  for (index_type i = team.team_rank(); i < length; i += team.team_size()) {
    to.keys[i] = from.keys[i];
    if constexpr (From::has_values && To::has_values) to.values[i] = from.values[i];
  }
  team.team_barrier();
}

// A team's scratch for sorting one slice alone: its ranking, the ranking's
// chunk arrays, its counters (team_radix_counters) and, where its scatters
// go through write-combining lines, their level-1 scratch.
struct RadixTeamScratch {
  RadixRanking ranking;
  RadixChunk chunk;
  std::uint32_t* counts;
  unsigned char* lines = nullptr;

  // For slices sorted with up to `counters` counters.
  template <class Member>
  KOKKOS_INLINE_FUNCTION static RadixTeamScratch take(const Member& team, bool scratch_atomics, int chunk_size,
                                                      int counters) {
    RadixTeamScratch scratch;
    scratch.ranking = radix_ranking(team, scratch_atomics);
    scratch.chunk = RadixChunk::take(team, chunk_size);
    scratch.counts = take_scratch<std::uint32_t>(team, counters);
    return scratch;
  }
};

// From `counts[d]`, the keys whose last digit (the top one) is d by the
// NaN-free order of floating-point `order`: whether a key's last digit is
// at most that of -inf's projection or at least that of +inf's, where every
// NaN's is (without_nans::infinities). False: no NaN. The counts come as an
// array, not a callable: the host's caller would pass a host lambda, which
// nvcc warns of in a function that is also compiled for the device.
template <class Order, class Count>
KOKKOS_INLINE_FUNCTION bool radix_may_hold_nans(const Order& order, const RadixDigits& digits,
                                                const Count* counts) {
  std::uint64_t least = 0, greatest = 0;
  without_nans<Order>::infinities(order, least, greatest);
  const int last = digits.passes - 1;
  const int low = int(least >> digits.shift(last)), high = int(greatest >> digits.shift(last));
  for (int d = 0; d < digits.radix; ++d)
    if ((d <= low || d >= high) && counts[d] != 0) return true;
  return false;
}

// Costs by which a team that sorts a slice alone picks its digits once it
// has read the slice (cheapest_digits over the bits in which its keys
// differ), no wider than those it was given; none: it keeps those.
struct RadixDigitCosts {
  double pass = 0;
  double counter = 0;
  KOKKOS_INLINE_FUNCTION bool given() const { return pass > 0; }
};

// One team sorts one slice of `length` records (at least one) alone, from
// `from` to `to` through two buffers, every pass: the slice sorts' kernel
// (SliceRadixKernel) and the segmented sort's. `counting` (radix_counting)
// agrees with the team's ranking: both follow from the team size. With
// `choose` given, `digits` are the widest the team's counters hold, and the
// team narrows them to its slice's keys (not when it counts every pass: its
// first read counts those digits).
template <class Order>
struct TeamRadixSort {
  Order order;
  RadixDigits digits;
  index_type length;
  bool in_place;  // from and to are the same records
  RadixTeamScratch state;
  RadixCounting counting;
  RadixDigitCosts choose = {};
  // The caller knows that no key is a NaN: the digits of a first read that
  // counts every pass may then stop below the keys' top bits, where they
  // share them (radix_digits_below), and the counts take no NaN test.
  bool nan_free = false;

  template <class Member, class From, class Buffer, class To>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team, const From& from, const Buffer (&buffers)[2],
                                         const To& to) const {
    // A team of one thread reads the slice once for the differing bits, the
    // counts of every pass or of the first (wasted for passes then skipped)
    // and whether it holds NaNs; without them, floating-point digits skip
    // the NaN test (docs/notes/radix.md).
    KeysRead read;
    if (counting == RadixCounting::every_pass)
      read = count_passes(from.keys);
    else if (counting == RadixCounting::ahead)
      read = count_differing(state.counts, from.keys, radix_digit(order, digits, 0));
    else
      read.differing = team_differing_bits(team, from.keys, 0, length, order);
    const std::uint64_t differing = read.differing;
    const bool first_counted = counting == RadixCounting::ahead;
    if (choose.given() && counting != RadixCounting::every_pass) {
      TeamRadixSort narrowed = *this;
      narrowed.digits = cheapest_digits(std::size_t(digits.key_bits / 8), digits.bits, length, choose.pass,
                                        choose.counter, differing);
      if (first_counted) fold_counts(team, narrowed.digits.radix);
      narrowed.sort(team, read, from, buffers, to, first_counted);
    } else {
      sort(team, read, from, buffers, to, first_counted);
    }
  }

  // The first pass's counts of `digits`, folded into those of a digit of
  // the same pass `radix` wide (narrower digits start at the same bit).
  // Counters below `radix` are written only after every one that adds to
  // them has been read.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void fold_counts(const Member& team, int radix) const {
    if (radix >= digits.radix) return;
    std::uint32_t* counts = state.counts;
    for (int d = team.team_rank(); d < radix; d += team.team_size()) {
      std::uint32_t sum = counts[d];
      for (int wide = d + radix; wide < digits.radix; wide += radix) sum += counts[wide];
      counts[d] = sum;
    }
    team.team_barrier();
  }

  template <class Member, class From, class Buffer, class To>
  KOKKOS_INLINE_FUNCTION void sort(const Member& team, const KeysRead& read, const From& from,
                                   const Buffer (&buffers)[2], const To& to, bool first_counted) const {
    if constexpr (without_nans<Order>::differs) {
      if (!read.nans) {
        sort_passes(team, read.differing, from, buffers, to, without_nans<Order>::of(order), first_counted);
        return;
      }
    }
    sort_passes(team, read.differing, from, buffers, to, order, first_counted);
  }

  // One thread: the bits in which keys differ from the first, `counts` of
  // `digit` (its first pass), and whether any key is a NaN.
  template <class KeySlice>
  KOKKOS_INLINE_FUNCTION KeysRead count_differing(std::uint32_t* counts, const KeySlice& keys,
                                                  const RadixDigit<Order>& digit) const {
    for (int d = 0; d < digits.radix; ++d) counts[d] = 0;
    // The digit by value, as in team_count.
    return read_keys<without_nans<Order>::differs>(keys, 0, length, order, [&, digit](std::uint64_t projected) {
      ++counts[digit.of_projected(projected)];
    });
  }

  // One thread: the counts of every pass (state.counts), the bits of the
  // passes whose digit differs between keys, and whether any key may be a
  // NaN. Keys are read once, projected without the NaN test, and nothing
  // but the counts is computed per key: the passes needed and a NaN filter
  // follow from the counts (docs/notes/radix.md). A slice the filter flags
  // (NaNs, or keys within a last digit of an infinity) is counted again by
  // the order with NaNs, and sorted by it.
  template <class KeySlice>
  KOKKOS_INLINE_FUNCTION KeysRead count_passes(const KeySlice& keys) const {
    const auto count_order = without_nans<Order>::of(order);
    KeysRead read;
    read.nans = false;
    switch (digits.passes) {
      case 1: count_passes<1>(keys, count_order); break;
      case 2: count_passes<2>(keys, count_order); break;
      case 3: count_passes<3>(keys, count_order); break;
      case 4: count_passes<4>(keys, count_order); break;
      case 5: count_passes<5>(keys, count_order); break;
      case 6: count_passes<6>(keys, count_order); break;
      case 7: count_passes<7>(keys, count_order); break;
      case 8: count_passes<8>(keys, count_order); break;
      default: count_passes<0>(keys, count_order);
    }
    if constexpr (without_nans<Order>::differs) {
      if (!nan_free && may_hold_nans()) {
        count_passes<0>(keys, order);
        read.nans = true;
      }
    }
    read.differing = differing_passes();
    return read;
  }

  // Passes: digits.passes, unrolled where the default digits give it
  // (32-bit keys: 3 or 4, 64-bit ones: 7 or 8, a bucket's digits below its
  // top one or two fewer), or 0 to read it at run time: then the loop
  // control took most of the read's time (docs/notes/radix.md). A projection
  // has the key's width, and digits below a bucket's top one end at a whole
  // digit, so the last pass's digit needs no narrower mask.
  template <int Passes, class KeySlice, class CountOrder>
  KOKKOS_INLINE_FUNCTION void count_passes(const KeySlice& keys, const CountOrder& count_order) const {
    std::uint32_t* counts = state.counts;
    const int radix = digits.radix, bits = digits.bits;
    const int passes = Passes > 0 ? Passes : digits.passes;
    for (int d = 0; d < passes * radix; ++d) counts[d] = 0;
    const std::uint64_t mask = std::uint64_t(radix - 1);
    for (index_type i = 0; i < length; ++i) {
      const std::uint64_t projected = static_cast<std::uint64_t>(count_order.project(keys[i]));
      for (int p = 0; p < passes; ++p) ++counts[p * radix + int((projected >> (p * bits)) & mask)];
    }
  }

  // From the counts of every pass: the bits of each pass whose digit is not
  // the same for every key (no counter holds them all).
  KOKKOS_INLINE_FUNCTION std::uint64_t differing_passes() const {
    std::uint64_t differing = 0;
    for (int p = 0; p < digits.passes; ++p) {
      const std::uint32_t* counts = state.counts + p * digits.radix;
      bool shared = false;
      for (int d = 0; d < digits.radix && !shared; ++d) shared = index_type(counts[d]) == length;
      if (!shared) differing |= digits.mask(p) << digits.shift(p);
    }
    return differing;
  }

  // From the counts of every pass by the NaN-free order: whether any key
  // may be a NaN (radix_may_hold_nans).
  KOKKOS_INLINE_FUNCTION bool may_hold_nans() const {
    const std::uint32_t* counts = state.counts + (digits.passes - 1) * digits.radix;
    return radix_may_hold_nans(order, digits, counts);
  }

  // The needed passes, from -> buffers -> to, in `pass_order` (the order, or
  // the same without NaN tests); `first_counted`: state.counts holds pass
  // 0's counts (count_differing).
  template <class Member, class From, class Buffer, class To, class PassOrder>
  KOKKOS_INLINE_FUNCTION void sort_passes(const Member& team, std::uint64_t differing, const From& from,
                                          const Buffer (&buffers)[2], const To& to, const PassOrder& pass_order,
                                          bool first_counted) const {
    int active[64];
    int k = 0;
    for (int p = 0; p < digits.passes; ++p)
      if (digits.needed(p, differing)) active[k++] = p;
    if (k == 0) {
      if (!in_place) team_copy(team, from, to, length);
      return;
    }
    const RadixRanking ranking = state.ranking;
    const int radix = digits.radix;
    std::uint32_t* counts = state.counts;
    std::uint32_t* next = state.counts + radix;  // ahead: the next pass's counts
    bool counted = first_counted && active[0] == 0;
    // One pass: counts (counted already, or read now), offsets, scatter.
    auto pass = [&](const auto& in, const auto& out, int i) {
      const int p = active[i];
      const auto digit = radix_digit(pass_order, digits, p);
      std::uint32_t* offsets = counting == RadixCounting::every_pass ? state.counts + p * radix : counts;
      if (counting != RadixCounting::every_pass && !counted)
        team_count(team, ranking, state.chunk, offsets, radix, in.keys, 0, length, digit);
      team_offsets(team, offsets, radix, std::uint32_t(0));
      const bool fuse = counting == RadixCounting::ahead && i + 1 < k;
      if (fuse)
        for (int d = 0; d < radix; ++d) next[d] = 0;
      team_scatter(team, ranking, state.chunk, offsets, in, out, 0, length, digit, fuse ? next : nullptr,
                   radix_digit(pass_order, digits, fuse ? active[i + 1] : p), state.lines);
      if (fuse) {
        std::uint32_t* swap = counts;
        counts = next;
        next = swap;
      }
      counted = fuse;
    };
    if (k == 1) {
      if (in_place) {
        team_copy(team, from, buffers[0], length);
        pass(buffers[0], to, 0);
      } else {
        pass(from, to, 0);
      }
      return;
    }
    pass(from, buffers[0], 0);
    for (int i = 1; i + 1 < k; ++i) pass(buffers[(i - 1) % 2], buffers[i % 2], i);
    pass(buffers[(k - 2) % 2], to, k - 1);
  }
};

// Slices of the same length and digits, team t sorting slices t, t +
// league_size, ... through its own buffers (radix_slice_teams).
template <class Source, class Target, class Order>
struct SliceRadixKernel {
  using key_type = typename Source::key_type;
  using value_type = typename Source::value_type;
  static constexpr bool has_values = Source::has_values;
  using Packed = PackedRecords<key_type, value_type, has_values>;
  using Buffer = BufferRecords<key_type, value_type, has_values>;

  Source source;
  Target target;
  Order order;
  RadixDigits digits;
  index_type count;  // slices
  index_type length;
  bool in_place;   // source and target are the same records
  bool in_scratch;  // buffers in scratch; in `workspace` otherwise (a slice per team)
  Packed workspace[2];
  int chunk_size;
  bool scratch_atomics;
  RadixCounting counting;
  bool lines;  // scatters through write-combining lines in level-1 scratch

  static std::size_t scratch_bytes(bool in_scratch, index_type length, const RadixDigits& digits, int chunk,
                                   RadixCounting counting) {
    if (in_scratch)
      return radix_slice_scratch(length, sizeof(key_type), has_values ? sizeof(value_type) : 0, digits, chunk,
                                 counting);
    return team_radix_scratch(digits, chunk, counting);
  }
  // Also called in the kernel, which takes the lines.
  KOKKOS_INLINE_FUNCTION static std::size_t lines_scratch_bytes(bool lines, const RadixDigits& digits) {
    return lines ? radix_lines_scratch(digits.radix, sizeof(key_type), has_values ? sizeof(value_type) : 0) : 0;
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION Buffer buffer(const Member& team, int which) const {
    Buffer result{nullptr, nullptr};
    if (in_scratch) {
      result.keys = take_scratch<key_type>(team, length);
      if constexpr (has_values) result.values = take_scratch<value_type>(team, length);
    } else {
      result.keys = workspace[which].keys.slice(team.league_rank()).first;
      if constexpr (has_values) result.values = workspace[which].values.slice(team.league_rank()).first;
    }
    return result;
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    auto state = RadixTeamScratch::take(team, scratch_atomics, chunk_size, team_radix_counters(digits, counting));
    if (lines) state.lines = take_slow_scratch(team, lines_scratch_bytes(lines, digits));
    const Buffer buffers[2] = {buffer(team, 0), buffer(team, 1)};
    const TeamRadixSort<Order> sort{order, digits, length, in_place, state, counting};
    for (index_type s = team.league_rank(); s < count; s += team.league_size()) {
      sort(team, records_slice(source, s), buffers, records_slice(target, s));
      team.team_barrier();  // the next slice reuses the buffers and counters
    }
  }
};

// Block `b` of slice `s` for team `league_rank`: [begin, end).
struct RadixBlocks {
  index_type blocks_per_slice;
  index_type block;
  index_type length;
  KOKKOS_INLINE_FUNCTION index_type slice(index_type team) const { return team / blocks_per_slice; }
  KOKKOS_INLINE_FUNCTION index_type index(index_type team) const { return team % blocks_per_slice; }
  KOKKOS_INLINE_FUNCTION index_type begin(index_type team) const { return index(team) * block; }
  KOKKOS_INLINE_FUNCTION index_type end(index_type team) const {
    const index_type e = begin(team) + block;
    return e < length ? e : length;
  }
  // Where the count of digit d of team's block sits in the scanned array.
  KOKKOS_INLINE_FUNCTION index_type counter(index_type team, int d, int radix) const {
    return (slice(team) * radix + d) * blocks_per_slice + index(team);
  }
};

template <class Current, class Order>
struct RadixCountKernel {
  Current current;
  RadixDigit<Order> digit;
  RadixBlocks blocks;
  int radix;
  index_type* counts;
  int chunk_size;
  bool scratch_atomics;

  // Two histograms (a team of one thread counts in both: count_in_order),
  // the room of one of 64-bit counters, which split_radix_digits fits.
  static std::size_t scratch_bytes(const RadixDigits& digits, int chunk) {
    return radix_counter_scratch(std::size_t(digits.radix) * 2, chunk, sizeof(std::uint32_t));
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const index_type t = team.league_rank();
    const RadixChunk chunk = RadixChunk::take(team, chunk_size);
    const RadixRanking ranking = radix_ranking(team, scratch_atomics);
    std::uint32_t* local = take_scratch<std::uint32_t>(team, radix);
    std::uint32_t* spare = ranking == RadixRanking::in_order ? take_scratch<std::uint32_t>(team, radix) : nullptr;
    team_count(team, ranking, chunk, local, radix, current.keys.slice(blocks.slice(t)), blocks.begin(t),
               blocks.end(t), digit, spare);
    publish(team, local);
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION void publish(const Member& team, const std::uint32_t* local) const {
    const index_type t = team.league_rank();
    for (int d = team.team_rank(); d < radix; d += team.team_size()) counts[blocks.counter(t, d, radix)] = local[d];
  }
};

// The first pass's count (as RadixCountKernel) and the bits in which keys
// differ from their slice's first key, so that passes whose digit never
// differs are skipped. A team of one thread finds both in one read: a
// separate read for the bits cost the threaded whole sorts one read of
// the seven they made. Floating-point keys: a team that finds a NaN adds
// to `*nans` (zero before), so that NaN-free records take the projection
// without the NaN test in every later pass.
template <class Exec, class Current, class Order>
struct RadixFirstCountKernel {
  RadixCountKernel<Current, Order> count;
  index_type* nans;
  KOKKOS_INLINE_FUNCTION void operator()(const team_member_t<Exec>& team, std::uint64_t& differing) const {
    constexpr bool find_nans = without_nans<Order>::differs;
    const index_type t = team.league_rank();
    const RadixBlocks& blocks = count.blocks;
    const auto keys = count.current.keys.slice(blocks.slice(t));
    const auto digit = count.digit;  // by value, as in team_count
    std::uint64_t bits = 0;
    bool nan = false;
    if (radix_ranking(team, count.scratch_atomics) == RadixRanking::in_order) {
      std::uint32_t* local = take_scratch<std::uint32_t>(team, count.radix);
      for (int d = 0; d < count.radix; ++d) local[d] = 0;
      const KeysRead read =
          read_keys<find_nans>(keys, blocks.begin(t), blocks.end(t), digit.order,
                               [&](std::uint64_t projected) { ++local[digit.of_projected(projected)]; });
      bits = read.differing;
      nan = find_nans && read.nans;
      count.publish(team, local);
    } else {
      bits = team_differing_bits(team, keys, blocks.begin(t), blocks.end(t), digit.order);
      if constexpr (find_nans) nan = team_holds_nan(team, keys, blocks.begin(t), blocks.end(t));
      count(team);
    }
    if (team.team_rank() == 0) {
      differing |= bits;
      if (nan) Kokkos::atomic_add(nans, index_type(1));
    }
  }
};

template <class From, class To, class Order>
struct RadixScatterKernel {
  From from;
  To to;
  RadixDigit<Order> digit;
  RadixBlocks blocks;
  int radix;
  const index_type* offsets;  // the scanned counts: positions in the whole array
  int chunk_size;
  bool scratch_atomics;
  std::size_t lines_bytes;  // of write-combining lines in level-1 scratch (0: none)

  static std::size_t scratch_bytes(const RadixDigits& digits, int chunk) {
    return radix_counter_scratch(std::size_t(digits.radix), chunk, sizeof(std::uint64_t));
  }
  static std::size_t lines_scratch_bytes(bool lines, const RadixDigits& digits) {
    return lines ? radix_lines_scratch(digits.radix, sizeof(typename From::key_type),
                                       From::has_values ? sizeof(typename From::value_type) : 0)
                 : 0;
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const index_type t = team.league_rank(), s = blocks.slice(t);
    const RadixChunk chunk = RadixChunk::take(team, chunk_size);
    std::uint64_t* local = take_scratch<std::uint64_t>(team, radix);
    // The scan ran over every slice: positions inside the slice start at
    // its first element.
    const index_type start = s * blocks.length;
    for (int d = team.team_rank(); d < radix; d += team.team_size())
      local[d] = static_cast<std::uint64_t>(offsets[blocks.counter(t, d, radix)] - start);
    team.team_barrier();
    unsigned char* lines = lines_bytes > 0 ? take_slow_scratch(team, lines_bytes) : nullptr;
    team_scatter(team, radix_ranking(team, scratch_atomics), chunk, local, records_slice(from, s),
                 records_slice(to, s), blocks.begin(t), blocks.end(t), digit, nullptr, digit, lines);
  }
};

// Tiles of neighbouring slices for StageKernel: `slices` (at most
// stage_tile_slices) x `positions`. Along a strided slice each position is
// on another page, beyond the hardware prefetchers: a tile reads 512 bytes
// of neighbouring float rows per visit, where 32 slices (a line's use)
// waited on memory at every position (docs/notes/radix.md).
inline constexpr int stage_tile_slices = 128;

// From this step between a strided slice's neighbouring elements on, lone
// threads stage without scratch (StageKernel::copy_alone): with rows pages
// apart, the scratch path's read phase waits on one page after another. The
// scalar copy, for CPUs without AVX2 and elements of other sizes, sets the
// bar at 2 KiB (docs/notes/radix.md).
inline constexpr std::size_t stage_direct_stride_bytes = 2048;
// The bar where AVX2 moves every component in blocks (4- and 8-byte
// elements): a block's row, 32 bytes. With the prefetches and whole-line
// stores of stage_blocks, steps of 64 bytes and more stage faster directly;
// below a block, through scratch (docs/notes/radix.md).
inline constexpr std::size_t stage_direct_block_stride_bytes = 32;
// Whether lone threads stage records between `from` and `to` without
// scratch: the widest step of either side is at least the bar above for
// their elements.
template <class From, class To>
bool stage_directly(const From& from, const To& to) {
  bool blocks = false;
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  constexpr auto moves_in_blocks = [](std::size_t bytes) { return bytes == 4 || bytes == 8; };
  blocks = avx2::available() && moves_in_blocks(sizeof(typename From::key_type)) &&
           (!(From::has_values && To::has_values) || moves_in_blocks(sizeof(typename From::value_type)));
#endif
  const std::size_t bar = blocks ? stage_direct_block_stride_bytes : stage_direct_stride_bytes;
  return std::max(records_stride_bytes(from), records_stride_bytes(to)) >= bar;
}
// Positions of each tile lone threads stage directly: no scratch bounds
// them, and each tile locates its slices once (two 64-bit divisions each).
// 1024 staged fastest of 48 to 4096 (docs/notes/radix.md).
inline constexpr int stage_direct_tile_positions = 1024;
// Positions a lone thread copies of each slice in turn (copy_alone).
inline constexpr int stage_line_positions = 16;
struct StageTile {
  int slices;
  int positions;
};

// Copies records of `count` slices of `length`, from slices from_first + s
// of `from` to slices to_first + s of `to`, a tile at a time through
// scratch: a strided side is walked slice-fastest (neighbouring slices are
// neighbours in memory), a contiguous side position-fastest.
template <class From, class To>
struct StageKernel {
  using key_type = typename From::key_type;
  using value_type = typename From::value_type;
  static constexpr bool has_values = From::has_values && To::has_values;
  From from;
  To to;
  index_type count, length;
  StageTile tile;
  index_type tiles_along;  // tiles along a slice
  index_type from_first, to_first;
  bool direct;  // a lone thread copies without scratch (copy_alone)

  static std::size_t scratch_bytes(const StageTile& tile) {
    const std::size_t n = std::size_t(tile.slices) * std::size_t(tile.positions);
    return scratch_for<key_type>(n) + (has_values ? scratch_for<value_type>(n) : 0);
  }
  // Lone threads (host backends) copy without scratch where the strided
  // side's positions are pages apart (stage_direct_stride_bytes),
  // stage_line_positions of every slice of the tile at a time
  // (stage_lines.hpp): reads of a few lines from each of many pages, which
  // hardware prefetchers do not follow across pages, then overlap with the
  // stores instead of waiting page after page in a read phase.
  template <class InSlice, class OutSlice>
  KOKKOS_INLINE_FUNCTION void copy_alone(const InSlice* ins, const OutSlice* outs, int slices,
                                         index_type first_position, int positions) const {
    constexpr int line = stage_line_positions;
    for (int group = 0; group < positions; group += line) {
      const index_type begin = first_position + group;
      const index_type end = begin + (positions - group < line ? positions - group : line);
      stage_lines(slices, begin, end, length, [&](int sl) { return ins[sl].keys; },
                  [&](int sl) { return outs[sl].keys; });
      if constexpr (has_values)
        stage_lines(slices, begin, end, length, [&](int sl) { return ins[sl].values; },
                    [&](int sl) { return outs[sl].values; });
    }
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const index_type first_slice = (team.league_rank() / tiles_along) * tile.slices;
    const index_type first_position = (team.league_rank() % tiles_along) * tile.positions;
    const int slices = count - first_slice < tile.slices ? int(count - first_slice) : tile.slices;
    const int positions = length - first_position < tile.positions ? int(length - first_position) : tile.positions;
    // The tile's slices, located once: finding a slice costs 64-bit
    // divisions, which per element would cost more than the copy.
    using InSlice = decltype(records_slice(from, 0));
    using OutSlice = decltype(records_slice(to, 0));
    InSlice ins[stage_tile_slices];
    OutSlice outs[stage_tile_slices];
    for (int sl = 0; sl < slices; ++sl) {
      ins[sl] = records_slice(from, from_first + first_slice + sl);
      outs[sl] = records_slice(to, to_first + first_slice + sl);
    }
    if (direct) {  // a lone thread without scratch (stage_records)
      copy_alone(ins, outs, slices, first_position, positions);
      return;
    }
    const std::size_t n = std::size_t(tile.slices) * std::size_t(tile.positions);
    key_type* keys = take_scratch<key_type>(team, n);
    value_type* values = has_values ? take_scratch<value_type>(team, n) : nullptr;
    auto read = [&](int sl, int po) {
      keys[sl * tile.positions + po] = ins[sl].keys[first_position + po];
      if constexpr (has_values) values[sl * tile.positions + po] = ins[sl].values[first_position + po];
    };
    auto write = [&](int sl, int po) {
      outs[sl].keys[first_position + po] = keys[sl * tile.positions + po];
      if constexpr (has_values) outs[sl].values[first_position + po] = values[sl * tile.positions + po];
    };
    if (!strided_records<From>)
      for_each_striped(team, slices, positions, read);
    else
      for_each_striped(team, positions, slices, [&](int po, int sl) { read(sl, po); });
    team.team_barrier();
    if (!strided_records<To>)
      for_each_striped(team, slices, positions, write);
    else
      for_each_striped(team, positions, slices, [&](int po, int sl) { write(sl, po); });
  }
};

}  // namespace tessel::detail

#endif
