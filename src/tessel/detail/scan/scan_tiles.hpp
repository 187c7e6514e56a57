#ifndef TESSEL_DETAIL_SCAN_TILES_HPP
#define TESSEL_DETAIL_SCAN_TILES_HPP

// Scan of slices cut into tiles, for few long slices (a whole rank-1 view is
// one slice). A team takes a chunk of `tiles_per_team` consecutive tiles of
// one slice; for each tile it loads the tile striped into scratch, scans its
// runs and scans the run totals across the team. The prefix of the chunks
// before it comes in one pass, by looking back at its predecessors' published
// results (TuningParameters::scan.lookback), or in two: a reduce pass writes
// every chunk's aggregate, those are scanned, and a finish pass reads them.
// Chunks of several tiles are fixed up in place (scan_then_fix_up).

#include <tessel/detail/scan/scan_runs.hpp>

namespace tessel::detail {

enum class TilePhase {
  single_pass,  // look-back: chunks taken in order from a counter
  reduce,       // writes each chunk's aggregate only
  finish        // scans each chunk with the prefix from the scanned aggregates
};

// What a chunk publishes for its successors' look-back. Each entry has a cache
// line of its own, so that neighbouring chunks, handled by other cores, do not
// invalidate each other's entries.
template <class Value>
struct alignas(64) ChunkStatus {
  Value aggregate;
  Value inclusive;  // the chunk's inclusive prefix
  int flag = 0;     // 0 nothing yet, 1 aggregate published, 2 inclusive published
};

template <TilePhase Phase, int Lanes, class SrcLayout, class DstLayout, class Partials>
struct TileScanKernel {
  using value_type = typename Partials::value_type;
  using partial_type = typename Partials::partial_type;

  SrcLayout src;
  DstLayout dst;
  Partials partials;
  TileShape shape;
  int tiles_per_team;
  index_type chunks_per_slice;
  partial_type carry_init;  // precedes every slice: init for exclusive scans
  bool exclusive;
  // A lone thread scans its chunk in one chain from source to target
  // (TuningParameters::scan.straight) instead of through scratch tiles.
  bool straight = false;
  // Straight chains write with non-temporal stores (scan_stream_applies):
  // the finish phase's, and in a single pass, for operators that may be
  // regrouped, chunks reduced first and scanned once their prefix is known.
  bool stream = false;
  // single_pass: a ticket counter and a status per chunk. reduce/finish: each
  // chunk's aggregate, scanned along each slice before the finish phase.
  int* ticket_counter = nullptr;
  ChunkStatus<value_type>* status = nullptr;
  value_type* aggregates = nullptr;

  // The tile's own alignment is counted here, beside the arrays after it:
  // TileShape::scratch_bytes is its elements alone, and a team's scratch may
  // start only 8-byte aligned (Kokkos' host teams and CUDA's shared memory),
  // short of a Kokkos::complex<double>'s 16.
  static std::size_t scratch_besides_tile(int team_size, int runs) {
    return alignof(value_type) + scratch_for<partial_type>(team_size) + scratch_for<partial_type>(runs) +
           scratch_for<partial_type>(1) + scratch_for<index_type>(1);
  }

  struct Scratch {
    value_type* tile;
    partial_type* team_buffer;
    partial_type* run_prefixes;
    partial_type* prefix_slot;
    index_type* ticket_slot;
  };

  // What scanning one tile leaves: the tile's aggregate and what precedes this
  // thread's runs within the tile.
  struct ScannedTile {
    partial_type aggregate;
    partial_type thread_prefix;
    int valid;
  };

  // Loads the tile at `begin` of the source slice striped (a lone thread
  // copies it in order: reading its runs in lockstep straight from memory
  // measured slower) and scans each thread's runs on their own, in place, or
  // only reduces them.
  template <bool WriteBack, class Member, class Source>
  KOKKOS_INLINE_FUNCTION ScannedTile scan_tile(const Member& team, const Scratch& scratch, const Source& source,
                                               index_type begin) const {
    const int items = shape.items_per_thread, stride = shape.run_stride;
    value_type* tile = scratch.tile;
    const index_type remaining = src.length - begin;
    const int valid = remaining < shape.elements() ? static_cast<int>(remaining) : shape.elements();
    if (!WriteBack && team.team_size() == 1) {
      // Only the aggregate is wanted, and a lone thread can read its runs
      // straight from the source: no copy into the tile.
      ScannedTile reduced;
      reduced.valid = valid;
      reduced.thread_prefix = Partials::empty();
      if constexpr (Partials::reorderable)
        reduced.aggregate = reduce_unordered(
            partials, valid, [&](int i) { return static_cast<value_type>(source[begin + i]); });
      else
        reduced.aggregate = scan_thread_runs<Lanes, false>(
            partials, items, valid, RunRange{0, shape.runs},
            [&](int run, int item) { return source[begin + run * items + item]; }, [](int, int, const value_type&) {});
      return reduced;
    }
    if constexpr (!WriteBack && Partials::reorderable) {
      // Only the aggregate, by a team of several threads (GPUs): each thread
      // reduces a stripe of the tile straight from memory, neighbouring
      // threads on neighbouring elements, without the copy into scratch, its
      // barriers and the scans of the runs.
      partial_type mine = Partials::empty();
      for (int i = team.team_rank(); i < valid; i += team.team_size())
        mine = partials.apply(mine, static_cast<value_type>(source[begin + i]));
      ScannedTile reduced;
      reduced.valid = valid;
      reduced.thread_prefix = team_exclusive_scan(team, partials, scratch.team_buffer, mine, reduced.aggregate);
      return reduced;
    }
    team.team_barrier();  // the tile may still be read for the previous tile's output
    for_each_in_tile(team, valid, items, [&](int run, int item) {
      tile[run * stride + item] = static_cast<value_type>(source[begin + run * items + item]);
    });
    team.team_barrier();
    auto in_tile = [&](int run, int item) -> value_type& { return tile[run * stride + item]; };
    const partial_type mine = scan_thread_runs<Lanes, WriteBack>(
        partials, items, valid, runs_of_thread(team, shape.runs), in_tile,
        [&](int run, int item, const value_type& value) { in_tile(run, item) = value; });
    ScannedTile scanned;
    scanned.valid = valid;
    scanned.thread_prefix = team_exclusive_scan(team, partials, scratch.team_buffer, mine, scanned.aggregate);
    return scanned;
  }

  // Writes a scanned tile striped, each element combined with its run's
  // prefix, `carry` being what precedes the tile. Nothing precedes thread
  // 0's runs within the tile, so they take `carry` itself: carry∘e may differ
  // from it in bits (see scan_lanes), and an exclusive scan's first output is
  // init bit for bit.
  template <class Member, class Target>
  KOKKOS_INLINE_FUNCTION void store_tile(const Member& team, const Scratch& scratch, const Target& target,
                                         index_type begin, const ScannedTile& scanned,
                                         const partial_type& carry) const {
    const int items = shape.items_per_thread, stride = shape.run_stride;
    store_run_prefixes(partials, scratch.tile, stride, items, scanned.valid, runs_of_thread(team, shape.runs),
                       team.team_rank() == 0 ? carry : partials.combine(carry, scanned.thread_prefix),
                       scratch.run_prefixes);
    team.team_barrier();
    for_each_in_tile(team, scanned.valid, items, [&](int run, int item) {
      target[begin + run * items + item] =
          finish_element(partials, scratch.tile + run * stride, item, scratch.run_prefixes[run], exclusive,
                         begin == 0 && run == 0);
    });
  }

  // The elements of a chunk of `tiles` tiles from `first`: the last chunk
  // of a slice may end early.
  KOKKOS_INLINE_FUNCTION index_type chunk_elements(index_type first, int tiles) const {
    const index_type last = first + index_type(tiles) * shape.elements();
    return (last < src.length ? last : src.length) - first;
  }

  // Publishes the chunk's result, then combines its predecessors' results,
  // newest first, until one has published its inclusive prefix, which it
  // returns (carry_init for chunk 0). `running` is the chunk's aggregate,
  // after carry_init for chunk 0. Called by one thread of the team.
  KOKKOS_INLINE_FUNCTION partial_type look_back(index_type ticket, index_type chunk,
                                                const partial_type& running) const {
    partial_type prefix = carry_init;
    if (chunk > 0) {
      status[ticket].aggregate = Partials::value(running);
      Kokkos::memory_fence();
      atomic_store_flag(&status[ticket].flag, 1);
      partial_type before_chunk = Partials::empty();
      for (index_type before = ticket - 1;; --before) {
        int flag, attempt = 0;
        while ((flag = atomic_load_flag(&status[before].flag)) == 0) spin_wait_hint(attempt++);
        Kokkos::memory_fence();
        if (flag == 2) {
          before_chunk = partials.combine(Partials::make(load_published(&status[before].inclusive)), before_chunk);
          break;
        }
        before_chunk = partials.combine(Partials::make(load_published(&status[before].aggregate)), before_chunk);
      }
      prefix = before_chunk;
    }
    status[ticket].inclusive = Partials::value(chunk > 0 ? partials.combine(prefix, running) : running);
    Kokkos::memory_fence();
    atomic_store_flag(&status[ticket].flag, 2);
    return prefix;
  }

  // One pass over a chunk of several tiles (CPUs, where each published result
  // costs a cache-line transfer between cores): each tile is scanned and
  // written with what precedes it within the chunk (chunk 0 starts from
  // carry_init and is final at once), the chunk's aggregate is published, and
  // once the look-back has found the prefix every element is combined with it
  // in place, still in cache: the input is read from memory once. An exclusive
  // scan's first element has nothing before it within the chunk; it is
  // written last, as the prefix itself.
  template <class Member, class Source, class Target>
  KOKKOS_INLINE_FUNCTION void scan_then_fix_up(const Member& team, const Scratch& scratch, const Source& source,
                                               const Target& target, index_type ticket, index_type chunk,
                                               index_type first, int tiles) const {
    const index_type tile_elements = shape.elements();
    const index_type count = chunk_elements(first, tiles);
    partial_type running = chunk == 0 ? carry_init : Partials::empty();
    if constexpr (Partials::reorderable) {
      if (straight && stream) {  // a lone thread: no broadcast
        const partial_type total = partials.combine(running, reduce_straight(partials, source, first, count));
        scan_straight(partials, exclusive, source, target, first, count, look_back(ticket, chunk, total), true);
        return;
      }
    }
    if (straight) {
      running = scan_straight(partials, exclusive, source, target, first, count, running);
    } else {
      for (int t = 0; t < tiles; ++t) {
        const index_type begin = first + t * tile_elements;
        const ScannedTile scanned = scan_tile<true>(team, scratch, source, begin);
        store_tile(team, scratch, target, begin, scanned, running);
        running = partials.combine(running, scanned.aggregate);
      }
    }
    partial_type found = Partials::empty();
    if (team.team_rank() == 0) found = look_back(ticket, chunk, running);
    // The broadcast's barriers also order every thread's stores before the
    // fix-up reads them.
    const partial_type prefix = team_broadcast(team, scratch.prefix_slot, found);
    if (chunk == 0) return;
    const value_type carry = Partials::value(prefix);  // present: chunk 0 precedes
    const int skip = exclusive ? 1 : 0;
    for_each_striped(team, 1, static_cast<int>(count) - skip, [&](int, int i) {
      auto& element = target[first + skip + i];
      element = partials.apply(carry, element);
    });
    if (exclusive && team.team_rank() == 0) target[first] = carry;
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int rank = team.team_rank();
    Scratch scratch;
    scratch.tile = take_scratch<value_type>(team, std::size_t(shape.runs) * shape.run_stride);
    scratch.team_buffer = take_scratch<partial_type>(team, team.team_size());
    scratch.run_prefixes = take_scratch<partial_type>(team, shape.runs);
    scratch.prefix_slot = take_scratch<partial_type>(team, 1);
    scratch.ticket_slot = take_scratch<index_type>(team, 1);

    index_type ticket = team.league_rank();
    if constexpr (Phase == TilePhase::single_pass) {
      index_type taken = 0;
      if (rank == 0) taken = Kokkos::atomic_fetch_add(ticket_counter, 1);
      ticket = team_broadcast(team, scratch.ticket_slot, taken);
    }
    const index_type slice_index = ticket / chunks_per_slice;
    const index_type chunk = ticket % chunks_per_slice;
    const index_type tile_elements = shape.elements();
    const index_type first = chunk * tiles_per_team * tile_elements;
    const index_type left = (src.length - first + tile_elements - 1) / tile_elements;
    const int tiles = left < tiles_per_team ? static_cast<int>(left) : tiles_per_team;
    const auto source = src.slice(slice_index);
    const auto target = dst.slice(slice_index);

    if constexpr (Phase == TilePhase::reduce) {
      partial_type aggregate = Partials::empty();
      for (int t = 0; t < tiles; ++t)
        aggregate = partials.combine(aggregate, scan_tile<false>(team, scratch, source, first + t * tile_elements).aggregate);
      if (rank == 0) aggregates[ticket] = Partials::value(aggregate);
    } else if (Phase == TilePhase::single_pass && (tiles > 1 || straight)) {
      scan_then_fix_up(team, scratch, source, target, ticket, chunk, first, tiles);
    } else if (Phase == TilePhase::single_pass) {
      // A single tile stays scanned in scratch while the look-back runs.
      const ScannedTile single = scan_tile<true>(team, scratch, source, first);
      partial_type found = Partials::empty();
      if (rank == 0)
        found = look_back(ticket, chunk, chunk == 0 ? partials.combine(carry_init, single.aggregate) : single.aggregate);
      store_tile(team, scratch, target, first, single, team_broadcast(team, scratch.prefix_slot, found));
    } else {  // finish: the prefix comes from the scanned aggregates
      partial_type carry = carry_init;
      if (chunk > 0) carry = partials.combine(carry, Partials::make(aggregates[ticket - 1]));
      if (straight) {
        scan_straight(partials, exclusive, source, target, first, chunk_elements(first, tiles), carry, stream);
        return;
      }
      for (int t = 0; t < tiles; ++t) {
        const index_type begin = first + t * tile_elements;
        const ScannedTile scanned = scan_tile<true>(team, scratch, source, begin);
        store_tile(team, scratch, target, begin, scanned, carry);
        carry = partials.combine(carry, scanned.aggregate);
      }
    }
  }
};

}  // namespace tessel::detail

#endif
