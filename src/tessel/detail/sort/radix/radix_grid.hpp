#ifndef TESSEL_DETAIL_RADIX_GRID_HPP
#define TESSEL_DETAIL_RADIX_GRID_HPP

// Where radix sorts run: the teams a space runs at once, the plan for a
// kind of records, and the grid of the split path's count, scan and
// scatter, which the buckets (radix_buckets.hpp) share.

#include <tessel/detail/sort/radix/radix_kernels.hpp>
#include <tessel/operators.hpp>
#include <tessel/detail/scan/scan_views.hpp>

namespace tessel::detail {

// Teams the space runs at once with the tuning's team size.
template <class Exec>
index_type radix_units(const Exec& exec, const TuningParameters& tuning) {
  return std::max<index_type>(1, index_type(exec.concurrency()) / std::max(tuning.team_size, 1));
}

template <class Source>
RadixPlan radix_plan_for(index_type count, index_type length, const TuningParameters& tuning, index_type units) {
  return plan_radix(count, length, sizeof(typename Source::key_type),
                    Source::has_values ? sizeof(typename Source::value_type) : 0, tuning, units);
}

// The launches of radix_sort_blocks: a team per block of each slice, and
// a counter per digit of each.
struct RadixBlockGrid {
  RadixBlocks blocks;
  index_type teams;
  index_type counters;
  int chunk;
  RadixBlockGrid(const RadixPlan& plan, index_type count, index_type length, const TuningParameters& tuning)
      : blocks{plan.blocks_per_slice, plan.block, length},
        teams(count * plan.blocks_per_slice),
        counters(teams * plan.digits.radix),
        chunk(radix_chunk_records(tuning.radix.chunk_size, plan.block)) {}
};

// One count of the split path: each block's count of `digit`, into
// `counts` where RadixBlocks::counter says.
template <class Exec, class From, class Order>
void radix_count_blocks(const char* function, const Exec& exec, const From& from, const RadixDigit<Order>& digit,
                        const RadixPlan& plan, const RadixBlockGrid& grid, const TuningParameters& tuning,
                        index_type* counts) {
  using Count = RadixCountKernel<From, Order>;
  Kokkos::parallel_for("tessel::sort::radix_count",
                       make_team_policy(function, exec, grid.teams, tuning.team_size,
                                        Count::scratch_bytes(plan.digits, grid.chunk)),
                       Count{from, digit, grid.blocks, plan.digits.radix, counts, grid.chunk,
                             tuning.radix.scratch_atomics});
}

// The counts become positions in the whole array: one exclusive scan over
// every slice, digit and block.
template <class Exec>
void radix_scan_counts(const Exec& exec, const RadixBlockGrid& grid, index_type* counts) {
  const Kokkos::View<index_type*, typename Exec::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> scanned(
      counts, grid.counters);
  const index_type zero = 0;
  scan_views("tessel::radix_sort", exec, scanned, scanned, Plus{}, &zero, ScanOptions{}, default_scan_tuning(exec));
}

// One scatter of the split path: every block's records moved from `from`
// to `to` at the positions radix_scan_counts left in `counts`.
template <class Exec, class From, class To, class Order>
void radix_scatter_blocks(const char* function, const Exec& exec, const From& from, const To& to,
                          const RadixDigit<Order>& digit, const RadixPlan& plan, const RadixBlockGrid& grid,
                          const TuningParameters& tuning, const index_type* counts) {
  using Scatter = RadixScatterKernel<From, To, Order>;
  const std::size_t lines = Scatter::lines_scratch_bytes(plan.lines, plan.digits);
  Kokkos::parallel_for("tessel::sort::radix_scatter",
                       make_team_policy(function, exec, grid.teams, tuning.team_size,
                                        Scatter::scratch_bytes(plan.digits, grid.chunk), lines),
                       Scatter{from, to, digit, grid.blocks, plan.digits.radix, counts, grid.chunk,
                               tuning.radix.scratch_atomics, lines});
}

}  // namespace tessel::detail

#endif
