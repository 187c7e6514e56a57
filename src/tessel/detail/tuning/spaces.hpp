#ifndef TESSEL_DETAIL_TUNING_SPACES_HPP
#define TESSEL_DETAIL_TUNING_SPACES_HPP

// The defaults of each kind of execution space behind Tuning<Exec>. Each
// value's measurements are in docs/notes/tuning-defaults.md.

#include <tessel/detail/tuning/parameters.hpp>

namespace tessel::detail {

// CPUs: one thread per team (teams are the unit of parallelism and barriers
// are costly), lockstep runs for instruction-level parallelism, tiles that
// stay in L1, no banks. Tiles of 8 runs x 64 elements were fastest for a
// float scan on a Zen 4 core.
struct HostTuning : TuningParameters {
  constexpr HostTuning() {
    team_size = 1;
    runs_per_thread = 8;
    max_items_per_thread = 64;
    scratch_bytes = 32 * 1024;
    pad_runs = false;
    vector_load_bytes = 0;
    // Whole scans: one chain straight through the slice, in one chunk.
    scan.lookback = true;
    scan.tiles_per_team = 1 << 20;
    scan.straight = true;
    scan.batched_teams_per_thread = 1;
    scan.sweep_bytes = 512 << 10;  // level-1 scratch; 1 MiB of L2 a core
    findall.tiles_per_team = 64;
    // Sort tiles of 256 runs of 8: 2048 records, fewer for wide ones.
    merge.runs_per_thread = 256;
    merge.items_per_thread = 8;
    merge.tiles_per_team = 64;
    merge.rank_length = 64;
    // 11-bit digits: three passes for 32-bit keys, histograms that stay in L1.
    radix.bits = 11;
    radix.block_elements = 1 << 20;
    radix.every_pass_length = std::int64_t(1) << 20;
    radix.lines_length = std::int64_t(1) << 21;
    radix.buckets_key_bytes = std::int64_t(16) << 20;
    // Fitted to 16M floats along dim 0 on one Zen 4 core (a unit: 52.5 ms).
    cost.merge_pass = 1.0;
    cost.merge_tile = 1.06;
    cost.rank_tile = 0.66;
    cost.rank_compare = 0.033;
    cost.bitonic_tile = 1.2;
    cost.radix_pass = 1.15;
    cost.radix_scratch_pass = 0.62;
    cost.radix_counter = 0.24;
    // A thread's sort in place beats a row copied to scratch up to 64 records.
    segmented.short_length = 64;
    segmented.rank_length = 64;
  }
};

// CPUs with several threads: a team scans a chunk of 128 tiles (64K
// elements, which stay in a core's L2) and fixes it up once the look-back
// finds its prefix, so the input is read from memory once.
struct ThreadedHostTuning : HostTuning {
  constexpr ThreadedHostTuning() {
    scan.lookback = true;
    scan.tiles_per_team = 128;
    scan.reduce_ahead = 0.55;
    scan.inline_bytes = std::size_t(96) << 10;
    // 1M 4-byte keys, 512K 8-byte ones.
    radix.buckets_key_bytes = std::int64_t(4) << 20;
  }
};

// GPUs: one run per thread, items per thread from a 4-byte baseline of 8,
// scratch budgets below the per-team limits Kokkos reports.
struct GpuTuning : TuningParameters {
  constexpr GpuTuning(std::size_t budget) {
    team_size = 256;
    runs_per_thread = 1;
    max_items_per_thread = 8;
    scratch_bytes = budget;
    pad_runs = true;
    vector_load_bytes = 4;
    // The look-back ran 2-10x slower than reduce-then-scan on an H200.
    scan.lookback = false;
    scan.batched_teams_per_thread = 1;
    // About 18 barriers per chunk for a team of 128; not yet swept on a GPU.
    radix.chunk_size = 1024;
  }
};

}  // namespace tessel::detail

#endif
