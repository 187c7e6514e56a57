#ifndef TESSEL_TUNING_HPP
#define TESSEL_TUNING_HPP

// Launch parameters per execution space, as plain data. Kernels never
// hard-code a number that a field here could hold.
//
// Tuning<ExecutionSpace> is a TuningParameters with the defaults of that
// space. Users may specialise Tuning for their own execution space (derive
// from TuningParameters and set fields in the constructor), or override single
// fields through the options and algorithm structs of each call.

#include <tessel/detail/base/kokkos_compat.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace tessel {

// How a team lays out one tile in scratch: `runs` runs of `items_per_thread`
// consecutive elements, stored `run_stride` elements apart.
struct TileShape {
  int team_size = 1;         // threads per team
  int runs = 1;              // runs per tile: team_size * runs_per_thread
  int items_per_thread = 1;  // elements per run
  int run_stride = 1;        // items_per_thread, plus one unused element when padded
  std::size_t element_bytes = 1;

  KOKKOS_INLINE_FUNCTION constexpr bool padded() const { return run_stride != items_per_thread; }
  KOKKOS_INLINE_FUNCTION constexpr int elements() const { return runs * items_per_thread; }
  KOKKOS_INLINE_FUNCTION constexpr int runs_per_thread() const { return runs / team_size; }
  KOKKOS_INLINE_FUNCTION constexpr std::size_t scratch_bytes() const {
    return static_cast<std::size_t>(runs) * static_cast<std::size_t>(run_stride) * element_bytes;
  }
};

struct TuningParameters {
  // Threads per team ("block size").
  int team_size = 64;
  // Runs each thread advances in lockstep. On CPUs several independent chains
  // keep the pipelines busy where one chain of dependent operations would
  // stall; GPUs get that parallelism from their threads and use 1.
  int runs_per_thread = 1;
  // Upper bound on the elements in one run.
  int max_items_per_thread = 8;
  // Team scratch (level 0) one team may use, in bytes.
  std::size_t scratch_bytes = 16 * 1024;
  // Whether team scratch has banks: runs of even length then get one unused
  // element after them, so that the runs of neighbouring threads fall into
  // different banks whatever the element size and bank count.
  bool pad_runs = true;
  // Primitive types of at most this size keep their run length: they are
  // loaded as vectors, which conflict at most 2-way, and padding would break
  // the vectors' alignment (see seeds/odd-stride-padding.txt).
  std::size_t vector_load_bytes = 4;
  // Single-pass scans whose teams take tiles in order from an atomic counter
  // and look back at their predecessors. Needs forward progress of the teams
  // that have started; off where that is not guaranteed (or not yet verified),
  // which selects the reduce-then-scan path (the input is read twice).
  bool scan_lookback = false;
  // Consecutive tiles one team scans, one after the other. Each team's
  // result costs a transfer between cores or multiprocessors; on CPUs with
  // several threads, chunks of tiles keep that cost small beside the work.
  int scan_tiles_per_team = 1;
  // A team of one thread scans its tiles in one chain straight from source
  // to target, the loop std::inclusive_scan runs (Plus of 4- and 8-byte
  // numbers in SIMD registers: detail/simd/scan_vector.hpp), instead of copying
  // each tile into scratch and scanning lockstep runs there (three passes
  // through the cache). Teams of several threads always use the tiles.
  bool scan_straight = false;
  // Whole scans of operators that may be regrouped, on lone threads
  // (scan_straight) of which there are several: the time to reduce an
  // element over the time to scan it. Above 0, such a scan is cut into a
  // head and one block per thread; the head is scanned while the blocks are
  // reduced ahead, then every block is scanned straight after its prefix
  // (detail/scan/scan_reduce_ahead.hpp). 0: the chunks of scan_tiles_per_team.
  double scan_reduce_ahead = 0;
  // The largest input, in bytes, a scan reduces ahead. Larger ones take the
  // chunks, which read each element from memory once. Two threads of a
  // 2-vCPU EPYC (Zen 5) VM, medians of 21 (7 at 64M), two rounds in one run,
  // chunks / reduced ahead: 16M floats 3.59 / 2.48 and 3.51 / 2.67 ms,
  // doubles 6.64 / 4.73 and 6.98 / 6.19, int64 7.04 / 5.96 and 6.69 / 5.19
  // (a parallel copy: 2.02 / 4.06 / 3.75 ms); 64M floats 16.7 / 13.5 and
  // 15.2 / 15.0, doubles 27.9 / 24.6 and 30.6 / 31.4, int64 28.7 / 23.5 and
  // 33.2 / 35.6: the chunks' look-back, a reduction and a scan per 256 KiB,
  // kept two threads at one thread's speed. (On the Zen 3 VM whose numbers
  // ThreadedHostTuning quotes, 16M elements measured within its noise
  // either way.)
  std::size_t scan_reduce_ahead_bytes = std::size_t(128) << 20;
  // Whole scans straight through one contiguous slice (scan_straight) on a
  // host space, whose input is at most this many bytes, run on the calling
  // thread without a launch (where waking the other threads costs more than
  // they save). Such a scan shows no kernel to Kokkos Tools. 0: never.
  std::size_t scan_inline_bytes = 0;
  // Scans straight through contiguous slices (scan_straight) whose output
  // is larger than this many bytes write it with non-temporal stores where
  // the SIMD Plus scan has them (detail/simd/scan_vector.hpp): it would leave the
  // caches before it is read again, and a plain store first reads the line
  // it fills. Chunks of the look-back are then reduced first and scanned
  // once their prefix is known, in chunks of about scan_stream_chunk_bytes
  // (they are read twice: the second read should find them in L2), instead
  // of being fixed up after their scan (which would read the streamed output
  // back from memory). 16M elements on a 2-vCPU EPYC VM, plain / streamed,
  // one thread: floats 7.16 / 6.17 ms, doubles 13.4 / 11.6, int64 13.6 /
  // 11.2 (a copy of the floats: 6.65); two threads: floats 5.37 / 4.86,
  // doubles 10.7 / 9.39, int64 10.9 / 8.86 (a copy: 4.35 / 9.28 / 9.17).
  // Chunks of 256 KiB against 128 and 512 KiB: within 2 % for floats,
  // 8-11 % faster for doubles and int64 (half of that VM's L2).
  std::size_t scan_stream_bytes = std::size_t(32) << 20;
  std::size_t scan_stream_chunk_bytes = std::size_t(256) << 10;
  // Consecutive tiles one team counts or scatters in findall, count_if and
  // copy_if. Where starting a team costs more than a sparse tile takes
  // (threaded CPUs), teams take several.
  int findall_tiles_per_team = 1;
  // Strided or short slices are scanned several per team (one run per slice,
  // the team walking along them) when that yields at least this many teams
  // per unit of the execution space's concurrency; otherwise every slice is
  // cut into tiles that teams scan in parallel (see batch_slices).
  int batched_teams_per_thread = 1;
  // Batched strided slices that are neighbours in memory, on a host space's
  // lone threads: each team sweeps along a block of them with this many
  // bytes of running values (detail/scan/scan_sweep.hpp); 0: the batched
  // kernel's lanes instead.
  std::size_t scan_sweep_bytes = 0;

  // Sorts: a sort tile holds team_size * sort_runs_per_thread runs of at most
  // sort_items_per_thread records (merge sort keeps two copies in scratch).
  // Runs are insertion-sorted before the merges. A slice that fits one tile
  // is sorted there by one team.
  int sort_runs_per_thread = 1;
  int sort_items_per_thread = 8;
  // Output tiles one team produces in a merge pass. Each team first finds
  // where its outputs come from by binary searches through the inputs, which
  // miss the caches on long sequences; CPUs amortise them over many tiles.
  int merge_tiles_per_team = 1;
  // Slices of up to this many records (at most 64) that a team of one thread
  // merge-sorts whole in its tile (short slices, several to a tile) are
  // sorted by ranks (detail/sort/rank_sort.hpp): each record's place counted by
  // comparing it with every other in vector registers, without a branch on
  // the keys. CPUs only, keys in the default order; 0: never.
  int tile_rank_length = 0;
  // AutoSort's cost model, in units of one pass over the records: a merge
  // pass, a bitonic compare-exchange step in global memory, and the sort of
  // one tile in scratch per element by merge sort and by the bitonic
  // network. AutoSort picks whichever algorithm costs less for the slice
  // length at hand.
  double merge_pass_cost = 1.0;
  double bitonic_step_cost = 1.0;
  double merge_tile_cost = 1.0;
  double bitonic_tile_cost = 1.0;
  // Merge sort of slices sorted whole by ranks (tile_rank_length): per
  // record, the copies into and out of the tile, and each comparison with
  // another record of its slice.
  double rank_tile_cost = 1.0;
  double rank_compare_cost = 0.125;

  // Radix sort (paths: detail/sort/radix/radix_plan.hpp). Bits of the key each pass
  // sorts by: a 32-bit key takes ceil(32 / radix_bits) passes over the
  // records, each with a histogram of 2^radix_bits counters per team.
  int radix_bits = 8;
  // Records a team of several threads ranks at once (at most 32768): it
  // sorts each chunk by digit in scratch, 4 bits at a time with a counter per
  // thread and sub-digit, and places the chunk's records digit by digit.
  // Longer chunks meet fewer barriers per record and take more scratch
  // (8 bytes a record).
  int radix_chunk_size = 32;
  // Whether teams count digits with atomic increments in team scratch. A
  // team of one thread then counts and places records in order. Without
  // them (backends whose scratch atomics are slow or missing) every team
  // counts and ranks by chunks.
  bool radix_scratch_atomics = true;
  // The longest slice one team sorts entirely in its scratch (it must also
  // fit scratch_bytes, both ping-pong buffers and the histograms).
  int radix_scratch_slice = 1024;
  // The longest slice one team sorts alone through the workspace (when
  // there are enough slices to keep the space busy); longer ones are split
  // among several teams. At most 2^31: a team's counters are 32-bit.
  std::int64_t radix_team_slice = std::int64_t(1) << 31;
  // The fewest records one team counts and scatters per pass when long
  // slices are split among several teams.
  std::int64_t radix_block_elements = 4096;
  // Slices of at least this many records that a team of one thread sorts
  // alone are counted for every pass in their first read; shorter ones one
  // pass ahead (detail/sort/radix/radix_plan.hpp's RadixCounting). Teams of several
  // threads count each pass before it.
  std::int64_t radix_every_pass_length = std::int64_t(1) << 22;
  // Teams of one thread scatter ranges of at least this many records
  // through write-combining lines in team scratch (detail/sort/radix/radix_lines.hpp;
  // x86-64 hosts); 0: never.
  std::int64_t radix_lines_length = 0;
  // A single slice (a whole view, or the one slice along a dim) whose keys
  // take at least this many bytes is first split by its top digit into
  // buckets, which teams then sort alone, each bucket's passes in cache
  // where it fits (detail/sort/radix/radix_buckets.hpp); 0: never. Bytes, not records:
  // wider keys take more passes, over which the split pays sooner.
  std::int64_t radix_buckets_key_bytes = 0;
  // AutoSort's cost of radix sort, in the units of merge_pass_cost: a pass
  // over the records of slices in the workspace, a pass in scratch, and the
  // work per slice per histogram counter (clearing and scanning it), which
  // makes many digits costly on short slices.
  double radix_pass_cost = 1.0;
  double radix_scratch_pass_cost = 1.0;
  double radix_counter_cost = 1.0;
  // Segmented sort: segments of up to this many records are sorted by one
  // thread each (rank or insertion sort in place); longer ones of up to one sort
  // tile by one team each in scratch; longer still by the slice sorts.
  int segmented_short_length = 16;
  // Short segments of up to this many records (at most 64) are sorted by
  // ranks (detail/sort/rank_sort.hpp) instead: each record's place counted by
  // comparing it with every other in vector registers, without a branch on
  // the keys. CPUs only, keys in the default order; keys of 8 bytes only
  // when a segment's keys span less than 2^25 (column indices mostly do).
  int segmented_rank_length = 0;

  // The tile shape for elements of `element_bytes` bytes (`vector_loaded`:
  // a primitive the hardware loads as vectors) when the team also needs
  // `other_scratch_bytes` of scratch beside the tile. Items per thread are the
  // most that fit the budget, at most max_items_per_thread; an even run is
  // padded only where pad_runs says so, and shortened by one (to an odd length,
  // which needs no padding) when the padded tile would not fit. Where not even
  // one element per run fits, the tile has fewer runs than team_size *
  // runs_per_thread: a tile always fits its budget.
  constexpr TileShape tile(std::size_t element_bytes, bool vector_loaded,
                           std::size_t other_scratch_bytes = 0) const {
    TileShape shape;
    shape.team_size = std::max(team_size, 1);
    shape.runs = shape.team_size * std::max(runs_per_thread, 1);
    shape.element_bytes = element_bytes;
    const std::size_t budget =
        scratch_bytes > other_scratch_bytes ? scratch_bytes - other_scratch_bytes : 0;
    const std::size_t run_bytes = static_cast<std::size_t>(shape.runs) * element_bytes;
    const std::size_t fitting = run_bytes > 0 ? budget / run_bytes : 0;
    if (fitting == 0) {
      // Not even one element per run fits: fewer runs of one element, as
      // many as the budget holds (at least one; if one element alone is
      // more than the space offers, the launch says so). Threads beyond
      // the runs idle; every kernel loops over runs, not threads.
      const std::size_t most = element_bytes > 0 ? budget / element_bytes : 1;
      shape.runs = static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(most, shape.runs)));
      shape.items_per_thread = 1;
      shape.run_stride = 1;
      return shape;
    }
    int items = static_cast<int>(std::min<std::size_t>(fitting, std::max(max_items_per_thread, 1)));
    int stride = items;
    const bool pad = pad_runs && !(vector_loaded && element_bytes <= vector_load_bytes);
    if (pad && items % 2 == 0) {
      if (static_cast<std::size_t>(items + 1) * run_bytes <= budget)
        stride = items + 1;
      else
        stride = --items;
    }
    shape.items_per_thread = items;
    shape.run_stride = stride;
    return shape;
  }

  // Whether `count` slices of `length` elements are better scanned batched
  // (one run per slice, a team walking along a batch of them) than cut into
  // tiles of `tile_elements`. Long contiguous slices are tiled: tiles read
  // them in order and scan several runs of one slice in parallel. Strided or
  // short slices are batched when there are enough of them to fill the
  // space (batched_teams_per_thread teams per unit of concurrency). Slices
  // that fill at most a quarter of a tile need fewer: tiled, each takes a
  // whole team for a few elements, so batched they need only the tiles'
  // useful share of those threads (on an H200, 62500 float slices of 16,
  // too few to fill it batched, took 0.49 ms tiled, CUB 0.023).
  constexpr bool batch_slices(std::int64_t count, std::int64_t length, bool contiguous, int tile_elements,
                              int runs_per_tile, std::int64_t concurrency) const {
    if (count < runs_per_tile) return false;
    if (contiguous && length >= tile_elements) return false;
    const std::int64_t threads = count / runs_per_tile * std::max(team_size, 1);
    const std::int64_t wanted = std::int64_t(batched_teams_per_thread) * concurrency;
    if (threads >= wanted) return true;
    return length * 4 <= tile_elements && threads * tile_elements / std::max<std::int64_t>(length, 1) >= wanted;
  }
};

// Conservative defaults for any execution space without a specialisation.
template <class ExecutionSpace>
struct Tuning : TuningParameters {};

namespace detail {
// CPUs: one thread per team (teams are the unit of parallelism and barriers
// are costly), lockstep runs for instruction-level parallelism, tiles that
// stay in the L1 cache, no banks. Tiles of 8 runs x 64 elements measured
// fastest for a float scan on a Zen 4 core; longer runs lost up to 1.7x.
struct HostTuning : TuningParameters {
  constexpr HostTuning() {
    team_size = 1;
    runs_per_thread = 8;
    max_items_per_thread = 64;
    scratch_bytes = 32 * 1024;
    pad_runs = false;
    vector_load_bytes = 0;
    scan_lookback = true;
    // Whole scans: one chain straight through the slice, in one chunk on one
    // thread (no look-back). 16M elements on one Zen 4 core, against
    // std::inclusive_scan: int64 23.1 / 23.4 ms and double 23.6 / 23.5 ms
    // (the tiles: 24.4 and 24.7 ms), float 11.5 / 18.2 ms in SIMD registers
    // (the tiles: 18.3 ms; a plain copy 9.2 ms).
    scan_tiles_per_team = 1 << 20;
    scan_straight = true;
    batched_teams_per_thread = 1;
    // Strided neighbours swept with up to 512 KiB of running values (level-1
    // scratch): 10^8 floats on one Zen 4 core (1 MiB of L2), 32 / 128 / 512
    // KiB / 1 MiB, ms: 10^4 rows of 10^4 59.0 / 46.0 / 44.5 / 44.6, 6.25M
    // rows of 16 50.1 / 47.6 / 42.5 / 41.6 (a loop in memory order 41.9 and
    // 42.9); 16M floats in rows of 4096 8.2 at every size.
    scan_sweep_bytes = 512 << 10;
    findall_tiles_per_team = 64;
    // Sort tiles of 256 runs of 8: 2048 records (fewer records for wide
    // ones, to stay in the scratch budget), short insertion-sorted runs.
    sort_runs_per_thread = 256;
    sort_items_per_thread = 8;
    merge_tiles_per_team = 64;
    // Short slices sorted by ranks up to 64 records. 1M floats along dim 0
    // of a LayoutLeft matrix, one EPYC (Zen 3) core, best of 15, ms with
    // insertion sort and merge rounds / ranks: slices of 8 12.1 / 6.5, of 16
    // 13.3 / 6.5, of 32 20.8 / 9.6, of 64 24.8 / 16.0; with int32 values
    // 14.3 / 8.7, 16.6 / 8.7, 34.1 / 11.6, 39.6 / 18.1.
    tile_rank_length = 64;
    // Radix sort: 11-bit digits, three passes for 32-bit keys with
    // histograms of 2048 counters that stay in L1. For 16M random floats on
    // one Zen 4 core: 213 ms against 248 ms with 8-bit digits (4 passes).
    // Long slices are split among threads in blocks of at least 1M records.
    radix_bits = 11;
    radix_block_elements = 1 << 20;
    // Slices of 1M records and more are counted for every pass in their
    // first read. One Xeon core, against counting one pass ahead: 16M / 10M
    // floats 265 -> 232, 154 -> 134 ms; int64 748 -> 688, 431 -> 409 ms.
    // 16M keys along dim 0, each team's buffers reused from slice to slice:
    // floats in slices of 4M 296 -> 247 ms, of 1M 184 -> 167 ms, of 256K
    // 137 -> 139 ms; int64 in slices of 1M 439 -> 400 ms, of 256K 251 ->
    // 303 ms. 64-bit keys counted so take 10-bit digits: seven histograms of
    // 1024 counters fit the 32 KiB of scratch, six of 2048 would not.
    radix_every_pass_length = std::int64_t(1) << 20;
    // Write-combining lines from 2M records of a slice (or of a block) on.
    // 16M records, whole, one EPYC (Zen 3) core, best of 5-7, ms without /
    // with lines: float 276 / 237, int32 333 / 245, double 834 / 731, float
    // keys with int32 values 640 / 395; two OpenMP threads (blocks of 2M):
    // 168 / 154, 213 / 169, 503 / 397, 325 / 240. Along dim 0, floats in
    // slices of 2M 281 / 269, of 1M 278 / 279, of 256K 172 / 246: a slice
    // whose buffers stay in the caches loses them to the non-temporal
    // stores.
    radix_lines_length = std::int64_t(1) << 21;
    // A lone slice of 16 MiB of keys and more (4M 4-byte keys, 2M 8-byte
    // ones) is split into buckets by its top digit first. One core of a
    // 2-vCPU EPYC VM (AVX2), medians of 5-9, LSD / buckets, ms: 1M float
    // 32.5 / 37.1, int32 24.6 / 29.0, double 87.1 / 86.9; 4M 153 / 129, 177
    // / 138, 464 / 407; 16M 763 / 768, 712 / 614, 1912 / 1698. Shorter
    // slices' buckets are too short to pay for their launch and counters
    // (256K int32 in 1024 buckets: 6.0 / 11.3). One core of the Xeon VM
    // (2 MiB of L2), medians of 12, two rounds, LSD / buckets, ms: 1M float
    // 6.59 / 6.94, int32 6.47 / 8.40, int64 18.0 / 15.8, double 20.7 /
    // 16.3; 2M 20.3 / 14.3, 17.9 / 17.6, 66.5 / 40.9, 73.0 / 59.7-72.8; 4M
    // 57.4 / 43.0, 52.8 / 39.4, 137 / 88, 153 / 174.
    radix_buckets_key_bytes = std::int64_t(16) << 20;
    // AutoSort's cost model, fitted to 16M floats along dim 0 on one Zen 4
    // core (unit: a merge pass, 52.5 ms per 16M records). Merge sort took
    // 770 / 980 / 1190 ms for slices of 16K / 256K / 4M: 52.5 ms a pass and
    // 56 ms per level inside a 2048-record tile. Radix sort with 11-bit
    // digits took 45-70 ms a pass on slices of 16K and more (60: 1.15),
    // 171 ms for slices of 1024 in scratch and 4874 ms for slices of 16
    // (2048 counters for 16 records): 0.62 a pass in scratch and 0.24 per
    // counter per record. Bitonic sort's tiles: 642 ms for slices of 16.
    merge_pass_cost = 1.0;
    merge_tile_cost = 1.06;
    // Slices sorted by ranks, on one EPYC (Zen 3) core, where radix sort's
    // model gives 80-90 ms a unit (16M floats in slices of 16 / 64: 623 /
    // 411 ms): slices of 16 100 ms, of 64 235 ms, so 0.66 + 0.033 a record
    // of the slice. Radix sort (5.2 units for slices of 64) and bitonic
    // sort lose to them at every length up to 64.
    rank_tile_cost = 0.66;
    rank_compare_cost = 0.033;
    bitonic_tile_cost = 1.2;
    radix_pass_cost = 1.15;
    radix_scratch_pass_cost = 0.62;
    radix_counter_cost = 0.24;
    // Segmented sort: a thread's sort in place beats copying a row into
    // scratch and merging it up to 64 records. Rows of 0..63 int32 keys
    // with double values, 16M entries, one Zen 4 core, insertion sort:
    // 255 ms with 64, 460 ms with 32, 530 ms with 16. Rank sort beats
    // insertion sort at every length up to 64 (one Xeon core, a loop over
    // the rows alone: rows of 0..63 148 / 223 ms, of 0..15 87 / 155 ms, of
    // 0..7 99 / 140 ms; float keys alike); with rank sort's first version,
    // moving rows of 33..63 to the merge sort in scratch took the whole sort
    // from 122 ms to 410 ms, and with medium rows radix-sorted in scratch
    // (before the rank sort's unique keys) from 168 ms to 235 ms.
    segmented_short_length = 64;
    segmented_rank_length = 64;
  }
};

// CPUs with several threads: every published look-back result costs
// cache-line transfers between cores (the ticket counter, the chunk status), so
// a team takes a chunk of 128 tiles (64K elements: 256 KiB of floats, 512 KiB
// of doubles, which stay in a core's L2 cache): it writes the chunk as if it
// started the slice and combines it with the prefix in place once the
// look-back has found it. The input is read from memory once. For 16M floats
// with 2 threads on a Zen 4 VM, reduce-then-scan (reading the input twice)
// was 1.1-1.2x slower, chunks of 4K elements 1.8x slower, tiles of 16 runs
// instead of 8 1.1x slower. Speed-up over one thread on a Xeon VM (2 MiB of L2
// a core), chunks of 16 / 32 / 64 / 128 / 256 tiles, one run: 16M doubles
// 1.76 / 1.78 / 1.78 / 1.70 / 1.53x, int64 1.74 / 1.85 / 1.85 / 1.72 /
// 1.60x, floats 1.78 / 1.87 / 1.98 / 1.98 / 1.77x; 1M doubles 1.37 / 1.44 /
// 1.48 / 1.52 / 1.53x, int64 1.44 / 1.50 / 1.54 / 1.55 / 1.55x, floats
// 1.39 / 1.51 / 1.52 / 1.61 / 1.68x.
struct ThreadedHostTuning : HostTuning {
  constexpr ThreadedHostTuning() {
    scan_lookback = true;
    scan_tiles_per_team = 128;
    // Whole scans of regroupable operators: head and blocks, reduced ahead.
    // Two threads of a 2-vCPU EPYC VM, medians of 60, one run; chunks /
    // rho 0.3 / 0.4 / 0.6 (one thread): 1M floats 0.208 / 0.161 / 0.162 /
    // 0.185 ms (0.272), doubles 0.456 / 0.357 / 0.341 / 0.359 (0.584), int64
    // 0.328 / 0.265 / 0.251 / 0.259 (0.381); 4M floats 2.08 / 1.98 / 1.88 /
    // 1.78 ms (2.70), doubles 4.91 / 4.30 / 4.11 / 3.98 (5.43). 16M
    // elements, bound by memory, chunks / rho 0.4, two runs: floats 8.85 /
    // 8.59 and 8.21 / 7.68 ms, doubles 18.0 / 18.6 and 16.4 / 17.4, int64
    // 15.8 / 16.4 and 16.2 / 16.8, when the chunks did not yet stream their
    // output; the Zen 5 VM's measurements beside scan_reduce_ahead_bytes set
    // where the chunks take over. Since the reduce-ahead runs in one launch,
    // thread 0 goes on to its block as soon as the head is scanned, and the
    // head must cover the whole reduction. Two threads of the Zen 5 VM, each
    // rho in turn per call in one process (medians of 1001 at 1M, 101 at 4M
    // and 16M), rho 0.4 / 0.5 / 0.55 / 0.6 / 0.65: 1M floats 90.8 / 87.7 /
    // 87.5 / 88.7 / 89.2 us, doubles 158 / 146 / 144 / 145 / 146, int64
    // 142 / 136 / 139 / 141 / 142; 4M floats 426 / 378 / 367 / 369 / 383,
    // doubles 1015 / 944 / 939 / 950 / 947, int64 1015 / 919 / 902 / 908 /
    // 906; 16M floats 3.58 / 3.37 / 3.31 / 3.23 / 3.19 ms, doubles 6.82 /
    // 6.64 / 6.68 / 6.67 / 6.57, int64 6.96 / 6.75 / 6.67 / 6.65 / 6.63.
    // Timestamps in the kernel agreed: at rho 0.4, 1M floats, thread 0
    // scanned the head in 19.5 us while thread 1 reduced its block in 24.4,
    // and finished 9 us after thread 0. Two threads of the Zen 4 VM, after
    // f7e1949 (AVX2 loop with FMA additions), the same interleaving, medians
    // of 600, three rounds, rho 0.25 / 0.35 / 0.45 / 0.55: 1M floats 85.6 /
    // 87.1 / 89.5 / 92.2 us, doubles 146 / 138 / 138 / 142, int64 133 / 126
    // / 125 / 128 in the first round; the others alike, or all 1.3x slower
    // in a slow phase of the VM. 0.4 would gain 2-5 % there and lose 2-9 %
    // on the Zen 5 VM above (measured before f7e1949): kept at 0.55.
    scan_reduce_ahead = 0.55;
    // Two threads of that VM, medians of 3 x 3000, launched / on the calling
    // thread: floats of 16 / 40 / 64 / 128 / 256 KiB 2.63 / 0.85, 3.34 /
    // 1.91, 4.12 / 3.09, 5.80 / 6.10, 9.59 / 12.1 us; doubles of 32 / 80 /
    // 128 / 256 KiB 2.89 / 1.24, 3.89 / 2.87, 4.95 / 4.71, 8.51 / 9.59 us.
    scan_inline_bytes = std::size_t(96) << 10;
    // Two threads split a lone slice of 4 MiB of keys and more (1M 4-byte
    // keys, 512K 8-byte ones) into buckets by its top digit: the split
    // path's passes over the whole slice left one count kernel per pass, and
    // shorter slices to one thread. Two threads of the VM above, medians of
    // 5-9, LSD / buckets, ms: 1M float 26.4 / 21.5, int32 22.6 / 18.9,
    // double 79.5 / 51.9; 4M 131 / 79, 126 / 71, 339 / 249; 16M 544 / 405,
    // 503 / 332, 1407 / 1046 (256K: 6.7 / 6.0, 5.7 / 16.7, 20.8 / 12.3).
    // Two threads of the Xeon VM, medians of 48, LSD / buckets, ms: 512K
    // float 2.98 / 2.42, int32 2.78 / 3.85, int64 6.74 / 5.78, double 7.25 /
    // 4.90; 10^6 5.66 / 4.55, 5.25 / 5.84, 14.1 / 9.43, 15.8 / 9.54; 256K
    // 1.48 / 1.16, 1.36 / 2.36, 3.06 / 3.23, 3.47 / 2.58. Uniform 4-byte keys
    // lose below 1M (their 2048 buckets of a few hundred records pay more in
    // counters than the passes in cache save); 8-byte keys, with twice the
    // passes, gain from 512K; floats in (-1, 1), which fill few buckets,
    // gain at every length measured.
    radix_buckets_key_bytes = std::int64_t(4) << 20;
  }
};

// GPUs: one run per thread, items per thread from a 4-byte baseline of 8,
// scratch budgets below the per-team limits Kokkos reports (48 KiB on CUDA
// less Kokkos' own reserve, 64 KiB LDS on HIP, 32 KiB on SYCL).
struct GpuTuning : TuningParameters {
  constexpr GpuTuning(std::size_t budget) {
    team_size = 256;
    runs_per_thread = 1;
    max_items_per_thread = 8;
    scratch_bytes = budget;
    pad_runs = true;
    vector_load_bytes = 4;
    // Look-back passed the tests on an H200 but ran 2-10x slower there than
    // reduce-then-scan (Tuning<Kokkos::Cuda>).
    scan_lookback = false;
    batched_teams_per_thread = 1;
    // Chunks of 1024 records: a team of 128 threads meets about 18 barriers
    // per chunk. The ranking before (each record's digit compared with the
    // earlier ones of chunks of 32) met 96 per 1024 records with three
    // quarters of the team idle, and took most of a 16M-float radix sort's
    // 4.04 ms on an H200: ranking the count as well (no scratch atomics)
    // made it 7.48 ms. Not yet measured on a GPU: sweep chunks of 256 to
    // 4096 there before trusting this default.
    radix_chunk_size = 1024;
  }
};
}  // namespace detail

#if defined(KOKKOS_ENABLE_SERIAL)
template <>
struct Tuning<Kokkos::Serial> : detail::HostTuning {};
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
template <>
struct Tuning<Kokkos::OpenMP> : detail::ThreadedHostTuning {};
#endif
#if defined(KOKKOS_ENABLE_THREADS)
template <>
struct Tuning<Kokkos::Threads> : detail::ThreadedHostTuning {};
#endif
#if defined(KOKKOS_ENABLE_CUDA)
// Teams of 128 threads: on an H200 (CUDA 13, Kokkos 4.7 development branch),
// whole scans of 16M / 10^8 floats by reduce-then-scan, 8 items per thread,
// took 0.248 / 1.11 ms with teams of 128 against 0.272 / 1.26 with 256 and
// 0.288 / 1.47 with 512 (4 items: 0.300 / 1.60; 16: 0.267 / 1.21); the
// whole radix sort of 16M floats 4.04 ms against 7.05 and 12.9 (8-bit
// digits; 6-bit 5.42, 4-bit 6.96; portable counting instead of scratch
// atomics 1.9x slower). The look-back scan was 2-10x slower there (0.47 /
// 2.60 ms at best), so scan_lookback stays off. Best of 10 (scans) and 5
// (sorts), every variant checked against std algorithms.
template <>
struct Tuning<Kokkos::Cuda> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(40 * 1024) { team_size = 128; }
};
#endif
#if defined(KOKKOS_ENABLE_HIP)
template <>
struct Tuning<detail::spaces::HIP> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(56 * 1024) {}
};
#endif
#if defined(KOKKOS_ENABLE_SYCL)
template <>
struct Tuning<detail::spaces::SYCL> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(30 * 1024) {}
};
#endif

}  // namespace tessel

#endif
