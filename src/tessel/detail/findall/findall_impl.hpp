#ifndef TESSEL_DETAIL_FINDALL_IMPL_HPP
#define TESSEL_DETAIL_FINDALL_IMPL_HPP

// Drives the count and scatter passes of stream compaction.

#include <tessel/detail/findall/findall_kernels.hpp>
#include <tessel/detail/scan/scan_slices.hpp>
#include <tessel/detail/core/slices.hpp>

namespace tessel::detail {

// The tile of one-byte flags: bytes keep their run length where the tuning
// loads them as vectors (seeds/odd-stride-padding.txt).
inline TileShape flag_tile(const TuningParameters& tuning) {
  return tuning.tile(1, true, scratch_for<index_type>(tuning.team_size));
}

template <class Exec>
TileChunks tile_chunks(const Exec& exec, index_type tiles, const TuningParameters& tuning) {
  return TileChunks{tiles, tiles_per_team(exec, tiles, tuning.findall.tiles_per_team)};
}

// Counts the elements of `slice` (of `length`) for which `pred` holds, tile
// by tile, storing the flags when `flags` is not null. Leaves the inclusive
// scan of the tiles' counts in `offsets` and returns the total.
template <bool StoreFlags, class Exec, class Slice, class Pred>
index_type count_tiles(const char* function, const Exec& exec, const Slice& slice, index_type length, Pred pred,
                       const TuningParameters& tuning, std::uint64_t* flags,
                       const Kokkos::View<index_type*, typename Exec::memory_space>& offsets) {
  const TileShape shape = flag_tile(tuning);
  using Kernel = CountKernel<StoreFlags, Slice, Pred>;
  const index_type tiles = offsets.extent(0);
  const TileChunks chunks = tile_chunks(exec, tiles, tuning);
  const auto policy = make_team_policy(function, exec, chunks.teams(), shape.team_size,
                                       Kernel::scratch_bytes(shape.team_size, shape.elements()));
  Kokkos::parallel_for("tessel::findall::count", policy,
                       Kernel{slice, pred, length, shape.elements(), shape.items_per_thread, flags, offsets.data(),
                              chunks});
  const auto packed = packed_slices(offsets.data(), 1, tiles);
  scan_slices(function, exec, packed, packed, Partials<Plus, index_type>{}, index_type(0), false, tuning);
  index_type total = 0;
  Kokkos::deep_copy(exec, Kokkos::View<index_type, Kokkos::HostSpace>(&total),
                    Kokkos::subview(offsets, tiles - 1));
  exec.fence();
  return total;
}

template <class Exec, class Flags, class Writer>
void scatter_tiles(const char* function, const Exec& exec, index_type length, const Flags& flags,
                   const Writer& writer, const TuningParameters& tuning,
                   const Kokkos::View<index_type*, typename Exec::memory_space>& offsets) {
  const TileShape shape = flag_tile(tuning);
  using Kernel = ScatterKernel<Flags, Writer>;
  const std::size_t scratch = shape.scratch_bytes() + Kernel::scratch_besides_tile(shape.team_size);
  const TileChunks chunks = tile_chunks(exec, offsets.extent(0), tuning);
  const auto policy = make_team_policy(function, exec, chunks.teams(), shape.team_size, scratch);
  Kokkos::parallel_for("tessel::findall::scatter", policy,
                       Kernel{flags, writer, length, shape, offsets.data(), chunks});
}

// Compacts the elements of `slice` (of `length`) selected by `pred` (or, with
// `is_mask`, by the slice's own non-zero values): counts them, calls
// `make_writer(count)` (which may allocate or check the output, and throw
// before anything is written), and writes them. Returns the count.
template <class Exec, class Slice, class Pred, class MakeWriter>
index_type compact(const char* function, const Exec& exec, const Slice& slice, index_type length, Pred pred,
                   bool is_mask, TuningParameters tuning, MakeWriter&& make_writer) {
  tuning = launch_tuning(exec, tuning);
  if (length == 0) {
    make_writer(index_type(0));
    return 0;
  }
  ScopedRegion region(function);
  const TileShape shape = flag_tile(tuning);
  const index_type tiles = (length + shape.elements() - 1) / shape.elements();
  const auto offsets = allocate<index_type>(exec, "tessel::findall::tile_counts", tiles);
  if (is_mask) {
    const index_type total = count_tiles<false>(function, exec, slice, length, pred, tuning, nullptr, offsets);
    const auto writer = make_writer(total);
    if (total > 0) scatter_tiles(function, exec, length, MaskFlags<Slice>{slice}, writer, tuning, offsets);
    return total;
  }
  const index_type words_per_tile = flag_words(shape.elements());
  const auto flags = allocate<std::uint64_t>(exec, "tessel::findall::flags", tiles * words_per_tile);
  const index_type total = count_tiles<true>(function, exec, slice, length, pred, tuning, flags.data(), offsets);
  const auto writer = make_writer(total);
  if (total > 0) scatter_tiles(function, exec, length, StoredFlags{flags.data(), words_per_tile}, writer, tuning, offsets);
  return total;
}

// count_if needs the count pass alone.
template <class Exec, class View, class Pred>
index_type count_selected(const char* function, const Exec& exec, const View& view, Pred pred,
                          TuningParameters tuning) {
  tuning = launch_tuning(exec, tuning);
  const index_type length = static_cast<index_type>(view.extent(0));
  if (length == 0) return 0;
  ScopedRegion region(function);
  const TileShape shape = flag_tile(tuning);
  const auto offsets =
      allocate<index_type>(exec, "tessel::findall::tile_counts", (length + shape.elements() - 1) / shape.elements());
  return visit_slices(view, SliceNumbering{}, [&](const auto& layout) {
    return count_tiles<false>(function, exec, layout.slice(0), length, pred, tuning, nullptr, offsets);
  });
}

}  // namespace tessel::detail

#endif
