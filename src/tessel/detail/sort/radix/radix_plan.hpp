#ifndef TESSEL_DETAIL_RADIX_PLAN_HPP
#define TESSEL_DETAIL_RADIX_PLAN_HPP

// Host-side decisions of radix sort: the digits of a key type, which of
// three paths (RadixPath) sorts `count` slices of `length` records, and the
// workspace. A team never counts 2^32 elements or more, so team-local
// counters are 32 bits; offsets into the whole array (the scanned counts)
// are 64 bits.

#include <tessel/detail/sort/radix/radix_lines.hpp>
#include <tessel/detail/core/slices.hpp>
#include <tessel/detail/sort/sort_order.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>
#include <cstdint>

namespace tessel::detail {

// The digits of a key of `key_bits` bits (its order projection) at
// `digit_bits` bits per pass, least significant first. The last digit may be
// narrower; a key narrower than a digit takes one pass.
struct RadixDigits {
  int key_bits = 32;
  int bits = 8;    // per pass
  int passes = 4;
  int radix = 256;  // counters per histogram: 2^min(bits, key_bits)

  KOKKOS_INLINE_FUNCTION int shift(int pass) const { return pass * bits; }
  KOKKOS_INLINE_FUNCTION std::uint64_t mask(int pass) const {
    const int width = key_bits - shift(pass) < bits ? key_bits - shift(pass) : bits;
    return (std::uint64_t(1) << width) - 1;
  }
  // Whether pass `pass` reorders anything when the keys' projections differ
  // from one another only in the bits of `differing`.
  KOKKOS_INLINE_FUNCTION bool needed(int pass, std::uint64_t differing) const {
    return ((differing >> shift(pass)) & mask(pass)) != 0;
  }
};

KOKKOS_INLINE_FUNCTION RadixDigits radix_digits(std::size_t key_bytes, int digit_bits) {
  RadixDigits digits;
  digits.key_bits = static_cast<int>(key_bytes * 8);
  digits.bits = digit_bits < 1 ? 1 : (digit_bits > 16 ? 16 : digit_bits);
  digits.passes = (digits.key_bits + digits.bits - 1) / digits.bits;
  digits.radix = 1 << (digits.bits < digits.key_bits ? digits.bits : digits.key_bits);
  return digits;
}

// `digits` for keys whose projections share every bit from `shift` up (the
// records of one bucket, radix_buckets.hpp): the passes below it alone.
KOKKOS_INLINE_FUNCTION RadixDigits radix_digits_below(RadixDigits digits, int shift) {
  const int passes = (shift + digits.bits - 1) / digits.bits;
  if (passes < 1 || passes >= digits.passes) return digits;
  digits.passes = passes;
  digits.key_bits = passes * digits.bits;
  return digits;
}

// The digit of a key in one pass, through the sort's order projection
// (descending keys are complemented, so their digits run backwards).
template <class Order>
struct RadixDigit {
  Order order;
  int shift;
  std::uint64_t mask;
  KOKKOS_FORCEINLINE_FUNCTION int of_projected(std::uint64_t projected) const {
    return static_cast<int>((projected >> shift) & mask);
  }
  template <class Key>
  KOKKOS_FORCEINLINE_FUNCTION int operator()(const Key& key) const {
    return of_projected(static_cast<std::uint64_t>(order.project(key)));
  }
};

template <class Order>
KOKKOS_INLINE_FUNCTION RadixDigit<Order> radix_digit(const Order& order, const RadixDigits& digits, int pass) {
  return RadixDigit<Order>{order, digits.shift(pass), digits.mask(pass)};
}

// Whether one-thread teams rank in order (radix_team.hpp): the team size a
// kernel launches with and the tuning's choice of scratch atomics decide it,
// on the host and in the kernel alike.
KOKKOS_INLINE_FUNCTION bool radix_in_order(int team_size, bool scratch_atomics) {
  return scratch_atomics && team_size == 1;
}

// How a team that sorts a slice alone counts its digits:
//  - every_pass: a team of one thread (ranking in order) on a slice of at
//    least Tuning's radix.every_pass_length records counts the digits of
//    every pass in its first read, as a plain LSD loop does;
//  - ahead: a team of one thread on a shorter slice counts the first pass's
//    digits in its first read, and each scatter the next pass's (two histograms);
//  - per_pass: a team of several threads counts each pass's digits before
//    its scatter (one histogram).
enum class RadixCounting { every_pass, ahead, per_pass };

// every_pass only on long slices: their scatter waits on memory, and counting
// in it adds to the wait. In cache the scatter hides the count, and a digit
// that hardly changes (the high digits of column indices) serialises the
// increments of a count of every pass (docs/notes/radix.md).
KOKKOS_INLINE_FUNCTION RadixCounting radix_counting(int team_size, bool scratch_atomics, index_type length,
                                                    index_type every_pass_length) {
  if (!radix_in_order(team_size, scratch_atomics)) return RadixCounting::per_pass;
  return length >= every_pass_length ? RadixCounting::every_pass : RadixCounting::ahead;
}

inline RadixCounting radix_counting(const TuningParameters& tuning, index_type length) {
  return radix_counting(tuning.team_size, tuning.radix.scratch_atomics, length,
                        static_cast<index_type>(tuning.radix.every_pass_length));
}

//  - in_scratch: a slice fits one team's scratch (both ping-pong buffers):
//    one team per slice sorts it there, every pass, in one launch;
//  - team_per_slice: one team per slice, through two workspace buffers with
//    team-local histograms, where slices fill the execution space or are too
//    short to share (a team sorts several through its buffers: radix_slice_teams);
//  - teams_per_slice: long slices split into blocks, one team per block; per
//    pass a count kernel, one exclusive scan over the counts of every block of
//    every slice (slice by slice, digit by digit, block by block), a scatter.
enum class RadixPath { in_scratch, team_per_slice, teams_per_slice };

struct RadixPlan {
  RadixPath path = RadixPath::team_per_slice;
  RadixDigits digits;
  index_type blocks_per_slice = 1;  // teams_per_slice: teams per slice and pass
  index_type block = 0;             // elements per block (the last one of a slice may be shorter)
  RadixCounting counting = RadixCounting::per_pass;  // one-team paths
  RadixDigits widest;  // one-team paths: the widest digits whose counters fit a team's scratch
  bool lines = false;  // scatters go through write-combining lines (radix_lines.hpp)
};

// The counters of a team that sorts a slice alone. Narrower digits never
// take more: passes * 2^bits grows with the bits.
KOKKOS_INLINE_FUNCTION int team_radix_counters(const RadixDigits& digits, RadixCounting counting) {
  return counting == RadixCounting::every_pass ? digits.passes * digits.radix
         : counting == RadixCounting::ahead    ? 2 * digits.radix
                                               : digits.radix;
}

// Teams of several threads rank records in chunks (radix_team.hpp's
// for_each_ranked): a chunk is sorted by its digits in scratch, a sub-digit
// of radix_rank_bits at a time, each thread counting the sub-digits of its
// own run of the chunk. Positions in a chunk are 16-bit; at most
// radix_rank_owners threads own runs (their counters: 4 KiB; a larger team's
// other threads take part in the chunk's other steps), so that a chunk of
// 1024 records with the buffers of a slice of 1024 doubles and int32 values
// fits the 40 KiB Tuning<Kokkos::Cuda> gives a team.
inline constexpr int radix_rank_bits = 4;
inline constexpr int radix_rank_counters = 1 << radix_rank_bits;
inline constexpr int radix_rank_owners = 128;
inline constexpr int radix_chunk_max = 1 << 15;

// The records of a chunk when the tuning asks for `chunk` and a team's
// range holds at most `length`: a chunk never needs to be longer.
KOKKOS_INLINE_FUNCTION int radix_chunk_records(int chunk, index_type length = radix_chunk_max) {
  const index_type most = length < radix_chunk_max ? (length < 1 ? 1 : length) : radix_chunk_max;
  return chunk < 1 ? 1 : (chunk > most ? static_cast<int>(most) : chunk);
}
KOKKOS_INLINE_FUNCTION int radix_chunk_owners(int records) {
  return records < radix_rank_owners ? records : radix_rank_owners;
}
// Where entry p of a chunk array lies: a padding slot after every 32, so
// that threads reading neighbouring runs of entries hit different banks.
KOKKOS_INLINE_FUNCTION int radix_chunk_slot(int p) { return p + (p >> 5); }

// The chunk arrays of the ranking: two buffers of entries and the owners'
// counters.
inline std::size_t radix_chunk_bytes(int chunk) {
  const int records = radix_chunk_records(chunk);
  return 2 * (std::size_t(radix_chunk_slot(records)) * sizeof(std::uint32_t) + 8) +
         std::size_t(radix_chunk_slot(radix_rank_counters * radix_chunk_owners(records))) * sizeof(std::uint16_t) + 8;
}

// The team scratch of the radix kernels: `counters` counters of
// `counter_bytes` each, and the chunk arrays of the ranking.
inline std::size_t radix_counter_scratch(std::size_t counters, int chunk, std::size_t counter_bytes) {
  return counters * counter_bytes + 8 + radix_chunk_bytes(chunk);
}

// Scratch of a team that sorts a slice alone, with its digits' counters.
inline std::size_t team_radix_scratch(const RadixDigits& digits, int chunk, RadixCounting counting) {
  return radix_counter_scratch(std::size_t(team_radix_counters(digits, counting)), chunk, sizeof(std::uint32_t));
}

// Scratch of the in-scratch path for slices of `length` records: two
// buffers of records beside the counters.
inline std::size_t radix_slice_scratch(index_type length, std::size_t key_bytes, std::size_t value_bytes,
                                       const RadixDigits& digits, int chunk, RadixCounting counting) {
  const std::size_t buffers = 2 * (std::size_t(length) * key_bytes + 16) +
                              (value_bytes ? 2 * (std::size_t(length) * value_bytes + 16) : 0);
  return buffers + team_radix_scratch(digits, chunk, counting);
}

// The most elements one team counts: its counters are 32-bit.
inline constexpr index_type radix_team_elements_max = index_type(1) << 31;

// Long slices are split into blocks only while there are fewer slices than
// this many per unit of concurrency: fewer would leave units idle at the end.
inline constexpr index_type radix_slices_per_unit = 4;

// The teams (or slices) that keep `units` units of concurrency busy.
inline index_type radix_busy_teams(index_type units) {
  return radix_slices_per_unit * std::max<index_type>(units, 1);
}

// Teams of the one-team paths, each sorting every league_size-th slice:
// one per slice in scratch; through the workspace at most
// radix_slices_per_unit per unit, each with its own two buffers, which then
// stay in cache from one slice to the next. Buffers per slice were cold on
// every reuse of the workspace: the scatter's writes missed to memory
// (docs/notes/radix.md).
inline index_type radix_slice_teams(const RadixPlan& plan, index_type count, index_type units) {
  if (plan.path == RadixPath::in_scratch) return count;
  return std::min(count, radix_busy_teams(units));
}

// Strided slices are staged into packed ones, sorted and staged back in
// batches of at least this many bytes (whole stage tiles of `tile_slices`
// slices, and enough slices for every team): the staging workspace is one
// batch, not the whole view, and a batch may still be in cache when it
// goes back. (Batching alone did not change the time; see
// docs/notes/radix.md and stage_tile_slices.)
inline constexpr std::size_t radix_stage_batch_bytes = std::size_t(1) << 22;

inline index_type radix_stage_batch(index_type count, index_type length, std::size_t record_bytes, index_type units,
                                    int tile_slices) {
  const std::size_t slice_bytes = std::max<std::size_t>(std::size_t(length) * record_bytes, 1);
  const index_type tile = std::max(tile_slices, 1);
  index_type batch =
      std::max(radix_busy_teams(units), index_type((radix_stage_batch_bytes + slice_bytes - 1) / slice_bytes));
  batch = (batch + tile - 1) / tile * tile;
  return std::max<index_type>(std::min(batch, count), 1);
}

// The digits that cost least on one-team paths, at most `widest` bits wide:
// such a team clears and scans every counter once per pass, so on short
// slices narrower digits (more passes, far fewer counters) win. Costs in
// the units of Tuning's cost model (`pass_cost` per record and pass,
// `counter_cost` per counter and pass), counting only the passes that keys
// differing in the bits of `differing` need (every pass of the key type by
// default); `cost` receives the winner's.
KOKKOS_INLINE_FUNCTION RadixDigits cheapest_digits(std::size_t key_bytes, int widest, index_type length,
                                                   double pass_cost, double counter_cost,
                                                   std::uint64_t differing = ~std::uint64_t(0),
                                                   double* cost = nullptr) {
  auto cost_of = [&](const RadixDigits& digits) {
    int passes = 0;
    for (int p = 0; p < digits.passes; ++p) passes += digits.needed(p, differing) ? 1 : 0;
    return passes * (pass_cost + counter_cost * double(digits.radix) / double(length > 1 ? length : 1));
  };
  RadixDigits best = radix_digits(key_bytes, widest);
  double least = cost_of(best);
  for (int bits = best.bits - 1; bits >= 1; --bits) {
    const RadixDigits digits = radix_digits(key_bytes, bits);
    const double c = cost_of(digits);
    if (c < least) {
      best = digits;
      least = c;
    }
  }
  if (cost) *cost = least;
  return best;
}

// Whether a team scatters `records` of one slice per pass through
// write-combining lines: teams of one thread that rank in order, on hosts
// where lines are compiled, over ranges the tuning calls long.
inline bool radix_lines_wanted(const TuningParameters& tuning, index_type records) {
  return radix_lines_compiled && radix_in_order(tuning.team_size, tuning.radix.scratch_atomics) &&
         tuning.radix.lines_length > 0 && records >= tuning.radix.lines_length;
}

// The digits of the teams_per_slice path: as wide as the tuning asks while
// a histogram of 64-bit offsets (its scatter's) fits the scratch budget.
inline RadixDigits split_radix_digits(std::size_t key_bytes, const TuningParameters& tuning, int chunk) {
  RadixDigits digits = radix_digits(key_bytes, tuning.radix.bits);
  while (digits.bits > 1 &&
         radix_counter_scratch(std::size_t(digits.radix), chunk, sizeof(std::uint64_t)) > tuning.scratch_bytes)
    digits = radix_digits(key_bytes, digits.bits - 1);
  return digits;
}

// The blocks each of `count` slices of `length` records is split into on
// the teams_per_slice path, before rounding to blocks of whole records: at
// least radix.block_elements records each, enough for every unit, at most
// radix.team_slice records each. Never fewer for a longer slice.
inline index_type radix_split_blocks(index_type count, index_type length, const TuningParameters& tuning,
                                     index_type units) {
  const index_type block_min = std::max<index_type>(tuning.radix.block_elements, 1);
  const index_type team_slice = std::clamp<index_type>(tuning.radix.team_slice, 1, radix_team_elements_max);
  const index_type wanted = (radix_busy_teams(units) + count - 1) / count;
  const index_type blocks = std::min((length + block_min - 1) / block_min, std::max<index_type>(wanted, 1));
  return std::max(blocks, (length + team_slice - 1) / team_slice);
}

// The teams_per_slice path: each of `count` slices split into
// radix_split_blocks blocks.
inline RadixPlan split_radix_plan(RadixPlan plan, index_type count, index_type length,
                                  const TuningParameters& tuning, index_type units) {
  plan.path = RadixPath::teams_per_slice;
  const index_type blocks = radix_split_blocks(count, length, tuning, units);
  plan.block = (length + blocks - 1) / blocks;
  plan.blocks_per_slice = (length + plan.block - 1) / plan.block;
  plan.lines = radix_lines_wanted(tuning, plan.block);
  return plan;
}

// `units`: teams the execution space runs at once (its concurrency divided by
// the team size).
inline RadixPlan plan_radix(index_type count, index_type length, std::size_t key_bytes, std::size_t value_bytes,
                            const TuningParameters& tuning, index_type units) {
  RadixPlan plan;
  const int chunk = radix_chunk_records(tuning.radix.chunk_size, length);
  plan.counting = radix_counting(tuning, length);
  // Digits as wide as the tuning asks while the histograms fit the scratch
  // budget: split_radix_digits, and on one-team paths the counters of a team
  // that sorts a slice alone.
  plan.digits = split_radix_digits(key_bytes, tuning, chunk);
  RadixDigits alone = plan.digits;
  while (alone.bits > 1 && team_radix_scratch(alone, chunk, plan.counting) > tuning.scratch_bytes)
    alone = radix_digits(key_bytes, alone.bits - 1);
  plan.widest = alone;
  plan.block = length;
  if (length <= tuning.radix.scratch_slice) {
    const RadixDigits digits =
        cheapest_digits(key_bytes, alone.bits, length, tuning.cost.radix_scratch_pass, tuning.cost.radix_counter);
    if (radix_slice_scratch(length, key_bytes, value_bytes, digits, chunk, plan.counting) <= tuning.scratch_bytes) {
      plan.path = RadixPath::in_scratch;
      plan.digits = digits;
      return plan;
    }
  }
  units = std::max<index_type>(units, 1);
  const bool enough_slices = units == 1 ? count >= 1 : count >= radix_busy_teams(units);
  const index_type block_min = std::max<index_type>(tuning.radix.block_elements, 1);
  const index_type team_slice = std::clamp<index_type>(tuning.radix.team_slice, 1, radix_team_elements_max);
  if (length <= team_slice && (enough_slices || length <= block_min)) {
    plan.path = RadixPath::team_per_slice;
    plan.digits = cheapest_digits(key_bytes, alone.bits, length, tuning.cost.radix_pass, tuning.cost.radix_counter);
    plan.lines = radix_lines_wanted(tuning, length);
    return plan;
  }
  return split_radix_plan(plan, count, length, tuning, units);
}

// Whether radix_sort_buckets first splits one slice of `length` records of
// keys of `key_bytes` bytes by its top digit.
inline bool radix_buckets_wanted(const TuningParameters& tuning, index_type count, index_type length,
                                 std::size_t key_bytes) {
  return count == 1 && length >= 2 && tuning.radix.buckets_key_bytes > 0 &&
         static_cast<double>(length) * static_cast<double>(key_bytes) >=
             static_cast<double>(tuning.radix.buckets_key_bytes);
}

// The split of one slice into buckets by its top digit (radix_sort_buckets):
// a count and a scatter by blocks, as on the teams_per_slice path, whatever
// the units (a team per block on Serial too).
inline RadixPlan plan_radix_buckets(index_type length, std::size_t key_bytes, std::size_t value_bytes,
                                    const TuningParameters& tuning, index_type units) {
  RadixPlan plan = plan_radix(1, length, key_bytes, value_bytes, tuning, units);
  if (plan.path == RadixPath::teams_per_slice) return plan;
  plan.digits = split_radix_digits(key_bytes, tuning, radix_chunk_records(tuning.radix.chunk_size, length));
  return split_radix_plan(plan, 1, length, tuning, units);
}

}  // namespace tessel::detail

#endif
