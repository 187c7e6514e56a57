#ifndef TESSEL_DETAIL_SCAN_SLICES_HPP
#define TESSEL_DETAIL_SCAN_SLICES_HPP

// Chooses and launches the scan kernels for a pair of slice layouts.

#include <tessel/detail/scan/scan_batched.hpp>
#include <tessel/detail/scan/scan_reduce_ahead.hpp>
#include <tessel/detail/scan/scan_sweep.hpp>
#include <tessel/detail/scan/scan_tiles.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>
#include <type_traits>

namespace tessel::detail {

template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_slices(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                 const Partials& partials, const typename Partials::partial_type& carry_init,
                 bool exclusive, TuningParameters tuning);

// The tile a scan of Value elements cuts from the budget, beside
// `other_scratch` bytes the kernel keeps for itself.
template <class Value>
TileShape scan_tile(const TuningParameters& tuning, std::size_t other_scratch = 0) {
  return tuning.tile(sizeof(Value), std::is_arithmetic_v<Value>, other_scratch);
}

// Whether straight chains through `count` slices of `length` Value elements
// write them with non-temporal stores: outputs larger than
// scan.stream_bytes, which would leave the caches before they are read.
template <class Value>
bool scan_stream_applies(const TuningParameters& tuning, index_type count, index_type length) {
  return tuning.scan.straight && static_cast<double>(count) * static_cast<double>(length) * sizeof(Value) >
                                     static_cast<double>(tuning.scan.stream_bytes);
}

// The budget a tiled scan takes at least when its tiles would hold one
// element each (see scan_tiled): two elements per run then fit for every
// team size the host runs and elements of up to 16 bytes.
inline constexpr std::size_t two_item_tile_scratch = std::size_t(1) << 12;

template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_batched(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                  const Partials& partials, const typename Partials::partial_type& carry_init,
                  bool exclusive, const TuningParameters& tuning) {
  using value_type = typename Partials::value_type;
  using Kernel = BatchedScanKernel<lockstep_lanes<Exec>, SrcLayout, DstLayout, Partials>;
  const int runs = tuning.team_size * tuning.runs_per_thread;
  const TileShape shape = scan_tile<value_type>(tuning, Kernel::scratch_besides_tile(runs));
  const index_type units =
      std::max<index_type>(tuning.scan.batched_teams_per_thread, 1) * std::max<index_type>(exec.concurrency(), 1);
  if constexpr (is_host_space<Exec> && !SrcLayout::contiguous && !DstLayout::contiguous) {
    if (const index_type block = sweep_block<Exec, SrcLayout, DstLayout, value_type>(src, dst, shape.team_size,
                                                                                     units, tuning)) {
      scan_sweep(function, exec, src, dst, partials, carry_init, exclusive, block);
      return;
    }
  }
  const std::size_t scratch = shape.scratch_bytes() + Kernel::scratch_besides_tile(shape.runs);
  Kernel kernel{src, dst, partials, shape, carry_init, exclusive};
  index_type teams = (src.count + shape.runs - 1) / shape.runs;
  if (tuning.scan.straight && shape.team_size == 1 && SrcLayout::contiguous && DstLayout::contiguous) {
    // Lone threads scanning slices straight need no tile, so each takes as
    // many slices as leaves scan.batched_teams_per_thread teams per thread: a
    // team's launch then costs little next to its slices (doubles 1.28x
    // faster than in teams of 8 slices, 16 x 62500; docs/notes/scan.md).
    kernel.straight_slices = (src.count + units - 1) / units;
    kernel.stream = scan_stream_applies<value_type>(tuning, src.count, src.length);
    teams = (src.count + kernel.straight_slices - 1) / kernel.straight_slices;
  }
  const auto policy = make_team_policy(function, exec, teams, shape.team_size, scratch);
  Kokkos::parallel_for("tessel::scan::batched_slices", policy, kernel);
}

template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_tiled(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                const Partials& partials, const typename Partials::partial_type& carry_init,
                bool exclusive, const TuningParameters& tuning) {
  using value_type = typename Partials::value_type;
  constexpr int lanes = lockstep_lanes<Exec>;
  using Pass = TileScanKernel<TilePhase::single_pass, lanes, SrcLayout, DstLayout, Partials>;
  const int runs = tuning.team_size * tuning.runs_per_thread;
  TileShape shape = scan_tile<value_type>(tuning, Pass::scratch_besides_tile(tuning.team_size, runs));
  if (shape.elements() == 1) {
    // Tiles of one element would leave as many aggregates as elements, and
    // scanning the aggregates would never shrink the problem.
    // The budget holds two elements beside the kernel's other scratch even
    // for large teams (GPUs: a team of 64 x 9 runs keeps 5 KiB for itself,
    // more than two_item_tile_scratch).
    TuningParameters two_items = tuning;
    two_items.max_items_per_thread = 2;
    two_items.scratch_bytes =
        std::max({tuning.scratch_bytes, two_item_tile_scratch,
                  Pass::scratch_besides_tile(tuning.team_size, runs) + 2 * sizeof(value_type)});
    shape = scan_tile<value_type>(two_items, Pass::scratch_besides_tile(tuning.team_size, runs));
  }
  const std::size_t scratch = shape.scratch_bytes() + Pass::scratch_besides_tile(shape.team_size, shape.runs);
  const index_type tiles_per_slice = (src.length + shape.elements() - 1) / shape.elements();
  const bool straight = tuning.scan.straight && shape.team_size == 1;
  const bool stream = straight && scan_stream_applies<value_type>(tuning, src.count, src.length);
  int wanted_tiles = tuning.scan.tiles_per_team;
  if (Partials::reorderable && stream && tuning.scan.lookback && exec.concurrency() > 1) {
    // Chunks reduced first, then scanned: short enough to stay in L2.
    const std::size_t chunk_tiles = tuning.scan.stream_chunk_bytes / (std::size_t(shape.elements()) * sizeof(value_type));
    wanted_tiles = static_cast<int>(std::clamp<std::size_t>(chunk_tiles, 1, std::size_t(1) << 30));
  }
  const int tiles_per_team = detail::tiles_per_team(exec, tiles_per_slice * src.count, wanted_tiles);
  const index_type chunks_per_slice = (tiles_per_slice + tiles_per_team - 1) / tiles_per_team;
  const index_type chunks = src.count * chunks_per_slice;
  const auto policy = make_team_policy(function, exec, chunks, shape.team_size, scratch);
  const auto kernel = [&](auto phase) {
    return TileScanKernel<decltype(phase)::value, lanes, SrcLayout, DstLayout, Partials>{
        src, dst, partials, shape, tiles_per_team, chunks_per_slice, carry_init, exclusive, straight, stream};
  };
  using Phase = TilePhase;
  using single_pass = std::integral_constant<Phase, Phase::single_pass>;
  using reduce = std::integral_constant<Phase, Phase::reduce>;
  using finish = std::integral_constant<Phase, Phase::finish>;

  if (chunks_per_slice == 1) {  // every slice fits one team: nothing to carry across teams
    Kokkos::parallel_for("tessel::scan::tiles", policy, kernel(finish{}));
    return;
  }
  if constexpr (Partials::reorderable) {
    const std::int64_t threads = exec.concurrency();
    if (straight && src.count == 1 && reduce_ahead_applies(tuning, src.length, sizeof(value_type), threads)) {
      scan_reduce_ahead(function, exec, src, dst, partials, carry_init, exclusive, tuning.scan.reduce_ahead,
                        static_cast<int>(threads), stream);
      return;
    }
  }
  if (tuning.scan.lookback) {
    const auto counter = allocate<int>(exec, "tessel::scan::chunk_counter", 1, true);
    const auto status = allocate_records<ChunkStatus<value_type>>(exec, "tessel::scan::chunk_status", chunks, true);
    auto pass = kernel(single_pass{});
    pass.ticket_counter = counter.data();
    pass.status = status.data();
    Kokkos::parallel_for("tessel::scan::tiles_single_pass", policy, pass);
    return;
  }
  const auto aggregates = allocate<value_type>(exec, "tessel::scan::chunk_aggregates", chunks);
  auto reduce_pass = kernel(reduce{});
  reduce_pass.aggregates = aggregates.data();
  Kokkos::parallel_for("tessel::scan::chunk_aggregates", policy, reduce_pass);
  // The aggregates of each slice's chunks are themselves scanned; each level
  // shrinks them by a chunk's length.
  const auto packed = packed_slices(aggregates.data(), src.count, chunks_per_slice);
  scan_slices(function, exec, packed, packed, partials, Partials::empty(), false, tuning);
  auto finish_pass = kernel(finish{});
  finish_pass.aggregates = aggregates.data();
  Kokkos::parallel_for("tessel::scan::tiles", policy, finish_pass);
}

template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_slices(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                 const Partials& partials, const typename Partials::partial_type& carry_init,
                 bool exclusive, TuningParameters tuning) {
  if (src.count == 0 || src.length == 0) return;
  tuning = launch_tuning(exec, tuning);
  using value_type = typename Partials::value_type;
  if constexpr (is_host_space<Exec> && SrcLayout::contiguous && DstLayout::contiguous) {
    // Small whole scans on the calling thread (TuningParameters::scan.inline_bytes),
    // after whatever the space still runs: the chain a lone team would run.
    if (tuning.scan.straight && tuning.team_size == 1 && src.count == 1 &&
        static_cast<std::size_t>(src.length) <= tuning.scan.inline_bytes / sizeof(value_type)) {
      exec.fence();
      scan_straight(partials, exclusive, src.slice(0), dst.slice(0), 0, src.length, carry_init,
                    scan_stream_applies<value_type>(tuning, 1, src.length));
      return;
    }
  }
  tuning.runs_per_thread = std::max(tuning.runs_per_thread, 1);
  const int runs = tuning.team_size * tuning.runs_per_thread;
  const int tile_elements = scan_tile<value_type>(tuning).elements();
  const bool contiguous = SrcLayout::contiguous && DstLayout::contiguous;
  if (tuning.batch_slices(src.count, src.length, contiguous, tile_elements, runs,
                          static_cast<std::int64_t>(exec.concurrency())))
    scan_batched(function, exec, src, dst, partials, carry_init, exclusive, tuning);
  else
    scan_tiled(function, exec, src, dst, partials, carry_init, exclusive, tuning);
}

}  // namespace tessel::detail

#endif
