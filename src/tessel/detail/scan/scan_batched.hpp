#ifndef TESSEL_DETAIL_SCAN_BATCHED_HPP
#define TESSEL_DETAIL_SCAN_BATCHED_HPP

// Scan of many slices, a batch of them per team: each slice is one run of the
// tile, and the team walks along its slices a tile at a time, each thread
// carrying its slices' running values from tile to tile. No team waits for
// another. Tiles are read in the order that keeps neighbouring threads on
// neighbouring addresses: slice by slice when slices are contiguous, position
// by position when neighbouring slices are neighbours in memory (a dim 1 scan
// of a LayoutLeft matrix).

#include <tessel/detail/scan/scan_runs.hpp>

namespace tessel::detail {

template <int Lanes, class SrcLayout, class DstLayout, class Partials>
struct BatchedScanKernel {
  using value_type = typename Partials::value_type;
  using partial_type = typename Partials::partial_type;
  using src_slice = typename SrcLayout::slice_type;
  using dst_slice = typename DstLayout::slice_type;

  SrcLayout src;
  DstLayout dst;
  Partials partials;
  TileShape shape;
  partial_type carry_init;
  bool exclusive;
  // Slices per team when a lone thread scans each of its contiguous slices
  // in one chain from source to target (TuningParameters::scan.straight), as
  // the loop a user writes does, instead of copying them through the tile;
  // 0 otherwise.
  index_type straight_slices = 0;
  bool stream = false;  // straight slices: non-temporal stores (scan_stream_applies)

  // With the tile's own alignment, as TileScanKernel's.
  static std::size_t scratch_besides_tile(int runs) {
    return alignof(value_type) + scratch_for<partial_type>(runs) + scratch_for<src_slice>(runs) +
           scratch_for<dst_slice>(runs);
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    if (straight_slices > 0) {
      const index_type first = index_type(team.league_rank()) * straight_slices;
      const index_type last = first + straight_slices < src.count ? first + straight_slices : src.count;
      for (index_type s = first; s < last; ++s)
        scan_straight(partials, exclusive, src.slice(s), dst.slice(s), 0, src.length, carry_init, stream);
      return;
    }
    const int team_size = team.team_size(), rank = team.team_rank();
    const int stride = shape.run_stride, runs_per_tile = shape.runs;
    value_type* tile = take_scratch<value_type>(team, std::size_t(runs_per_tile) * stride);
    partial_type* carries = take_scratch<partial_type>(team, runs_per_tile);
    src_slice* sources = take_scratch<src_slice>(team, runs_per_tile);
    dst_slice* targets = take_scratch<dst_slice>(team, runs_per_tile);

    const index_type first_slice = index_type(team.league_rank()) * runs_per_tile;
    const index_type left = src.count - first_slice;
    const int slices = left < runs_per_tile ? static_cast<int>(left) : runs_per_tile;
    for (int s = rank; s < slices; s += team_size) {
      sources[s] = src.slice(first_slice + s);
      targets[s] = dst.slice(first_slice + s);
      carries[s] = carry_init;
    }
    team.team_barrier();

    const RunRange runs = runs_of_thread(team, slices);
    for (index_type begin = 0; begin < src.length; begin += shape.items_per_thread) {
      const index_type remaining = src.length - begin;
      const int items = remaining < shape.items_per_thread ? static_cast<int>(remaining)
                                                           : shape.items_per_thread;
      // A team of one thread whose slices are neighbours in memory (strided
      // slices, read position by position) scans straight from source to
      // target: its carries say what precedes each slice. Contiguous slices
      // not scanned straight one by one go through the tile, which is filled
      // slice by slice: reading eight slices that lie a multiple of 4 KiB
      // apart in lockstep would make the CPU mistake loads for dependents of
      // earlier stores (4K aliasing).
      if (!SrcLayout::contiguous && !DstLayout::contiguous && team_size == 1) {
        for (int group = runs.first; group < runs.last; group += Lanes) {
          const int in_group = runs.last - group < Lanes ? runs.last - group : Lanes;
          scan_lanes<Lanes, true>(
              partials, items, in_group, exclusive, carries + group,
              [&](int lane, int item) { return sources[group + lane][begin + item]; },
              [&](int lane, int item, const value_type& value) { targets[group + lane][begin + item] = value; },
              begin == 0);
        }
        continue;
      }
      auto load = [&](int s, int p) {
        tile[s * stride + p] = static_cast<value_type>(sources[s][begin + p]);
      };
      if constexpr (SrcLayout::contiguous) {
        for_each_striped(team, slices, items, load);
      } else {
        for_each_striped(team, items, slices, [&](int p, int s) { load(s, p); });
      }
      team.team_barrier();
      for (int group = runs.first; group < runs.last; group += Lanes) {
        const int in_group = runs.last - group < Lanes ? runs.last - group : Lanes;
        auto in_tile = [&](int lane, int item) -> value_type& { return tile[(group + lane) * stride + item]; };
        scan_lanes<Lanes, true>(partials, items, in_group, exclusive, carries + group, in_tile,
                                [&](int lane, int item, const value_type& value) { in_tile(lane, item) = value; },
                                begin == 0);
      }
      team.team_barrier();
      auto store = [&](int s, int p) { targets[s][begin + p] = tile[s * stride + p]; };
      if constexpr (DstLayout::contiguous) {
        for_each_striped(team, slices, items, store);
      } else {
        for_each_striped(team, items, slices, [&](int p, int s) { store(s, p); });
      }
      team.team_barrier();  // before the next tile overwrites this one
    }
  }
};

}  // namespace tessel::detail

#endif
