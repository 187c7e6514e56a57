#ifndef TESSEL_DETAIL_SCAN_TILES_HPP
#define TESSEL_DETAIL_SCAN_TILES_HPP

// Scan of slices cut into tiles, one tile per team, for few long slices (a
// whole rank-1 view is one slice). A team loads its tile striped into scratch,
// scans its runs, scans the run totals across the team, and gets the prefix of
// the tiles before it either in one pass, by looking back at its
// predecessors' published results (TuningParameters::scan_lookback), or in
// two: a reduce pass writes every tile's aggregate, those are scanned, and the
// final pass reads its prefix from them.

#include <tessel/detail/scan_runs.hpp>

namespace tessel::detail {

enum class TilePhase {
  single_pass,  // look-back: tiles taken in order from a counter
  reduce,       // writes each tile's aggregate only
  finish        // scans each tile with the prefix from the scanned aggregates
};

// Reads a value another team published, bypassing caches that are not
// coherent across teams (GPU L1): byte by byte through volatile.
template <class T>
KOKKOS_INLINE_FUNCTION T load_published(const T* address) {
  T result;
  const volatile unsigned char* from = reinterpret_cast<const volatile unsigned char*>(address);
  unsigned char* to = reinterpret_cast<unsigned char*>(&result);
  for (std::size_t byte = 0; byte < sizeof(T); ++byte) to[byte] = from[byte];
  return result;
}

template <TilePhase Phase, int Lanes, class SrcLayout, class DstLayout, class Partials>
struct TileScanKernel {
  using value_type = typename Partials::value_type;
  using partial_type = typename Partials::partial_type;

  SrcLayout src;
  DstLayout dst;
  Partials partials;
  TileShape shape;
  index_type tiles_per_slice;
  partial_type carry_init;  // precedes every slice: init for exclusive scans
  bool exclusive;
  // Look-back state (single_pass): a ticket counter, a flag per tile
  // (0 nothing, 1 aggregate published, 2 inclusive prefix published) and the
  // published values. For reduce/finish, `aggregates` holds the per-tile
  // aggregates, scanned along each slice before the finish phase.
  int* ticket_counter = nullptr;
  int* flags = nullptr;
  value_type* aggregates = nullptr;
  value_type* inclusive = nullptr;

  static std::size_t scratch_besides_tile(int team_size) {
    return scratch_for<partial_type>(team_size) + scratch_for<partial_type>(1) +
           scratch_for<index_type>(1);
  }

  KOKKOS_INLINE_FUNCTION partial_type look_back(index_type ticket, index_type tile_index,
                                                const partial_type& aggregate) const {
    partial_type prefix = carry_init;
    if (tile_index > 0) {
      aggregates[ticket] = Partials::value(aggregate);
      Kokkos::memory_fence();
      atomic_store_flag(&flags[ticket], 1);
      partial_type running = Partials::empty();
      for (index_type before = ticket - 1;; --before) {
        int flag, attempt = 0;
        while ((flag = atomic_load_flag(&flags[before])) == 0) spin_wait_hint(attempt++);
        Kokkos::memory_fence();
        if (flag == 2) {
          running = partials.combine(Partials::make(load_published(&inclusive[before])), running);
          break;
        }
        running = partials.combine(Partials::make(load_published(&aggregates[before])), running);
      }
      prefix = running;  // tile 0's inclusive prefix already holds carry_init
    }
    inclusive[ticket] = Partials::value(partials.combine(prefix, aggregate));
    Kokkos::memory_fence();
    atomic_store_flag(&flags[ticket], 2);
    return prefix;
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int team_size = team.team_size(), rank = team.team_rank();
    const int items = shape.items_per_thread, stride = shape.run_stride;
    value_type* tile = take_scratch<value_type>(team, std::size_t(shape.runs) * stride);
    partial_type* team_buffer = take_scratch<partial_type>(team, team_size);
    partial_type* prefix_slot = take_scratch<partial_type>(team, 1);
    index_type* ticket_slot = take_scratch<index_type>(team, 1);

    index_type ticket = team.league_rank();
    if constexpr (Phase == TilePhase::single_pass) {
      index_type taken = 0;
      if (rank == 0) taken = Kokkos::atomic_fetch_add(ticket_counter, 1);
      ticket = team_broadcast(team, ticket_slot, taken);
    }
    const index_type slice_index = ticket / tiles_per_slice;
    const index_type tile_index = ticket % tiles_per_slice;
    const index_type begin = tile_index * shape.elements();
    const index_type remaining = src.length - begin;
    const int valid = remaining < shape.elements() ? static_cast<int>(remaining) : shape.elements();

    const auto source = src.slice(slice_index);
    for_each_in_tile(team, valid, items, [&](int run, int item) {
      tile[run * stride + item] = static_cast<value_type>(source[begin + run * items + item]);
    });
    team.team_barrier();

    const RunRange runs = runs_of_thread(team, shape.runs);
    constexpr bool write_back = Phase != TilePhase::reduce;
    const partial_type mine =
        scan_thread_runs<Lanes, write_back>(partials, tile, stride, items, valid, runs);
    partial_type aggregate;
    const partial_type thread_prefix = team_exclusive_scan(team, partials, team_buffer, mine, aggregate);

    if constexpr (Phase == TilePhase::reduce) {
      if (rank == 0) aggregates[ticket] = Partials::value(aggregate);
      return;
    } else {
      partial_type carry = carry_init;
      if constexpr (Phase == TilePhase::single_pass) {
        partial_type found = Partials::empty();
        if (rank == 0) found = look_back(ticket, tile_index, aggregate);
        carry = team_broadcast(team, prefix_slot, found);
      } else {
        if (tile_index > 0) carry = partials.combine(carry, Partials::make(aggregates[ticket - 1]));
      }
      apply_thread_prefixes(partials, tile, stride, items, valid, runs,
                            partials.combine(carry, thread_prefix), exclusive);
      team.team_barrier();
      const auto target = dst.slice(slice_index);
      for_each_in_tile(team, valid, items, [&](int run, int item) {
        target[begin + run * items + item] = tile[run * stride + item];
      });
    }
  }
};

}  // namespace tessel::detail

#endif
