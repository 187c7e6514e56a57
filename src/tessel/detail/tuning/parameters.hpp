#ifndef TESSEL_DETAIL_TUNING_PARAMETERS_HPP
#define TESSEL_DETAIL_TUNING_PARAMETERS_HPP

// TuningParameters: every launch parameter of the kernels as plain data, the
// tile shape shared by all families at the top and one group per family
// (docs/tuning.md). Defaults here are the conservative ones of a space
// without a specialisation; detail/tuning/spaces.hpp holds each space's.

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

// Scans (and the scans inside findall and the sorts).
struct ScanTuning {
  // Single-pass scans: teams take tiles in order from an atomic ticket and
  // look back at their predecessors. Needs forward progress of started
  // teams; off selects reduce-then-scan (the input is read twice).
  bool lookback = false;
  // Consecutive tiles one team scans. Each team's result costs a transfer
  // between cores; on threaded CPUs chunks of tiles keep that cost small.
  int tiles_per_team = 1;
  // A team of one thread scans its tiles in one chain straight from source
  // to target (SIMD Plus loops: detail/simd/scan_vector.hpp) instead of
  // through scratch. Teams of several threads always use the tiles.
  bool straight = false;
  // Whole scans of regroupable operators on several lone threads: the time
  // to reduce an element over the time to scan it. Above 0 such a scan is cut
  // into a head and one block per thread reduced ahead
  // (detail/scan/scan_reduce_ahead.hpp); 0: the chunks of tiles_per_team.
  double reduce_ahead = 0;
  // The largest input, in bytes, a scan reduces ahead; larger ones take the
  // chunks, which read each element once (docs/notes/tuning-defaults.md).
  std::size_t reduce_ahead_bytes = std::size_t(128) << 20;
  // Straight whole scans of at most this many bytes on a host space run on
  // the calling thread without a launch (no kernel shows to Kokkos Tools).
  // 0: never.
  std::size_t inline_bytes = 0;
  // Straight scans whose output exceeds this many bytes write it with
  // non-temporal stores; their chunks are then reduced first and scanned
  // once their prefix is known, in chunks of about stream_chunk_bytes.
  std::size_t stream_bytes = std::size_t(32) << 20;
  std::size_t stream_chunk_bytes = std::size_t(256) << 10;
  // Batched strided neighbours on a host space's lone threads: each team
  // sweeps a block of them with this many bytes of running values
  // (detail/scan/scan_sweep.hpp); 0: the batched kernel instead.
  std::size_t sweep_bytes = 0;
  // Strided or short slices are scanned several per team when that yields
  // at least this many teams per unit of concurrency (batch_slices).
  int batched_teams_per_thread = 1;
};

// findall, count_if and copy_if.
struct FindallTuning {
  // Consecutive tiles one team counts or scatters: where starting a team
  // costs more than a sparse tile takes (threaded CPUs), teams take several.
  int tiles_per_team = 1;
};

// The merge and bitonic sorts (the comparison sorts) and their tiles.
struct MergeTuning {
  // A sort tile holds team_size * runs_per_thread runs of at most
  // items_per_thread records (merge sort keeps two copies in scratch). A
  // slice that fits one tile is sorted there by one team.
  int runs_per_thread = 1;
  int items_per_thread = 8;
  // Output tiles one team produces in a merge pass: CPUs amortise each
  // team's binary searches through the inputs over many tiles.
  int tiles_per_team = 1;
  // Slices of up to this many records (at most 64) that a team of one thread
  // sorts whole in its tile are sorted by ranks (detail/sort/rank_sort.hpp).
  // CPUs only, keys in the default order; 0: never.
  int rank_length = 0;
};

// The radix sort (its paths: detail/sort/radix/radix_plan.hpp).
struct RadixTuning {
  // Bits of the key each pass sorts by: 2^bits counters per histogram.
  int bits = 8;
  // Records a team of several threads ranks at once in scratch (at most
  // 32768, 8 bytes a record); longer chunks meet fewer barriers per record.
  int chunk_size = 32;
  // Teams count digits with atomic increments in scratch; without them
  // (slow or missing scratch atomics) every team counts and ranks by chunks.
  bool scratch_atomics = true;
  // The longest slice one team sorts entirely in its scratch.
  int scratch_slice = 1024;
  // The longest slice one team sorts alone through the workspace; longer
  // ones are split among teams. At most 2^31: a team's counters are 32-bit.
  std::int64_t team_slice = std::int64_t(1) << 31;
  // The fewest records one team counts and scatters per pass when long
  // slices are split among several teams.
  std::int64_t block_elements = 4096;
  // Slices of at least this many records sorted by a team of one thread are
  // counted for every pass in their first read; shorter ones one pass ahead.
  std::int64_t every_pass_length = std::int64_t(1) << 22;
  // Teams of one thread scatter ranges of at least this many records through
  // write-combining lines in scratch (detail/sort/radix/radix_lines.hpp,
  // x86-64 hosts); 0: never.
  std::int64_t lines_length = 0;
  // A lone slice whose keys take at least this many bytes is first split by
  // its top digit into buckets that teams sort alone
  // (detail/sort/radix/radix_buckets.hpp); 0: never.
  std::int64_t buckets_key_bytes = 0;
};

// Segmented sorts over CRS offsets.
struct SegmentedTuning {
  // Segments of up to this many records are sorted by one thread each;
  // longer ones of up to one sort tile by a team in scratch; longer still by
  // the slice sorts.
  int short_length = 16;
  // Short segments of up to this many records (at most 64) are sorted by
  // ranks instead. CPUs only, keys in the default order; 8-byte keys only
  // where a segment's keys span less than 2^25.
  int rank_length = 0;
};

// AutoSort's cost model, in units of one merge pass over the records. It
// picks whichever algorithm costs least for the slice length at hand.
struct CostModel {
  double merge_pass = 1.0;    // a merge pass in global memory
  double bitonic_step = 1.0;  // a bitonic compare-exchange step in global memory
  double merge_tile = 1.0;    // sorting one tile in scratch by merge sort, per level
  double bitonic_tile = 1.0;  // the same by the bitonic network
  // Slices sorted whole by ranks: per record, the copies into and out of the
  // tile, and each comparison with another record of its slice.
  double rank_tile = 1.0;
  double rank_compare = 0.125;
  // Radix sort: a pass in the workspace, a pass in scratch, and the work per
  // slice per histogram counter (many digits cost on short slices).
  double radix_pass = 1.0;
  double radix_scratch_pass = 1.0;
  double radix_counter = 1.0;
};

struct TuningParameters {
  // Threads per team ("block size").
  int team_size = 64;
  // Runs each thread advances in lockstep: CPUs keep their pipelines busy
  // with several independent chains; GPUs use 1.
  int runs_per_thread = 1;
  // Upper bound on the elements in one run.
  int max_items_per_thread = 8;
  // Team scratch (level 0) one team may use, in bytes.
  std::size_t scratch_bytes = 16 * 1024;
  // Whether scratch has banks: runs of even length then get one unused
  // element after them, so that neighbouring threads' runs fall into
  // different banks whatever the element size and bank count.
  bool pad_runs = true;
  // Primitives of at most this size keep their run length: they are loaded
  // as vectors, and padding would break the vectors' alignment
  // (seeds/odd-stride-padding.txt).
  std::size_t vector_load_bytes = 4;

  ScanTuning scan;
  FindallTuning findall;
  MergeTuning merge;
  RadixTuning radix;
  SegmentedTuning segmented;
  CostModel cost;

  // The tile shape for elements of `element_bytes` bytes (`vector_loaded`: a
  // primitive loaded as vectors) beside `other_scratch_bytes` of other
  // scratch: the most items per thread that fit, at most
  // max_items_per_thread; an even run padded where pad_runs says so, or
  // shortened by one when the padded tile would not fit. A tile always fits
  // its budget, with fewer runs where not even one element per run fits.
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
      // Fewer runs of one element, as many as the budget holds (at least
      // one); threads beyond the runs idle, as every kernel loops over runs.
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
  // (one run per slice, a team walking a batch of them) than cut into tiles
  // of `tile_elements`. Long contiguous slices are tiled; strided or short
  // ones are batched when there are enough to fill the space. Slices that
  // fill at most a quarter of a tile need fewer (docs/notes/tuning-defaults.md).
  constexpr bool batch_slices(std::int64_t count, std::int64_t length, bool contiguous, int tile_elements,
                              int runs_per_tile, std::int64_t concurrency) const {
    if (count < runs_per_tile) return false;
    if (contiguous && length >= tile_elements) return false;
    const std::int64_t threads = count / runs_per_tile * std::max(team_size, 1);
    const std::int64_t wanted = std::int64_t(scan.batched_teams_per_thread) * concurrency;
    if (threads >= wanted) return true;
    return length * 4 <= tile_elements && threads * tile_elements / std::max<std::int64_t>(length, 1) >= wanted;
  }
};

}  // namespace tessel

#endif
