#ifndef TESSEL_DETAIL_SORT_ALGORITHMS_HPP
#define TESSEL_DETAIL_SORT_ALGORITHMS_HPP

// The drivers of merge sort and bitonic sort over `count` slices of
// `length` records, and the workspace each needs.

#include <tessel/detail/sort/sort_kernels.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>

namespace tessel::detail {

// Hands out aligned pieces of a workspace.
class WorkspaceCursor {
 public:
  explicit WorkspaceCursor(unsigned char* base) : next_(base) {}
  template <class T>
  T* take(index_type count) {
    const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(next_);
    const std::uintptr_t aligned = (at + alignof(T) - 1) / alignof(T) * alignof(T);
    next_ = reinterpret_cast<unsigned char*>(aligned) + count * sizeof(T);
    return reinterpret_cast<T*>(aligned);
  }
  template <class T>
  static std::size_t bytes(index_type count) {
    return count * sizeof(T) + alignof(T);
  }

 private:
  unsigned char* next_;
};

// Tiles of the sorts: the records a team sorts in scratch. Merge sort keeps
// two buffers in scratch, bitonic sort one, of a power of two. Runs of even
// length become odd instead of padded: the merges index the tile
// contiguously, and odd runs spread over the banks as well.
struct SortTile {
  int elements;
  int items;  // per run
};

inline SortTile sort_tile(const TuningParameters& tuning, std::size_t record_bytes, bool bitonic) {
  TuningParameters sorting = tuning;
  sorting.runs_per_thread = tuning.merge.runs_per_thread;
  sorting.max_items_per_thread = tuning.merge.items_per_thread;
  sorting.pad_runs = false;
  // Room for the alignment of each scratch array (keys and values, per buffer).
  const TileShape shape = sorting.tile(record_bytes * (bitonic ? 1 : 2), false, 4 * 64);
  int items = shape.items_per_thread;
  if (tuning.pad_runs && items % 2 == 0 && items > 1) --items;
  if (!bitonic) return SortTile{shape.runs * items, items};
  int power = 1;
  while (power * 2 <= shape.runs * shape.items_per_thread) power *= 2;
  return SortTile{power, items};
}

// Packed buffers for `count` x `length` records.
template <class Key, class Value, bool HasValues>
using PackedRecords = Records<SliceLayout<Key, true>, std::conditional_t<HasValues, SliceLayout<Value, true>, NoValues>>;

// Elements of `bytes` each from one staged slice's start to the next's: the
// slice rounded up to whole 64-byte lines, and to an odd number of them.
// Slices of a power-of-two size (rows of 16K floats: 64 KiB) otherwise
// start in the same cache set, and a stage tile's 128 slices evict each
// other from L1 and L2 (docs/notes/merge.md). Slices shorter than a 4 KiB
// page, which spread over the sets anyway, and types whose size does not
// divide 64 keep `length`.
inline index_type staged_pitch(index_type length, std::size_t bytes) {
  if (bytes == 0 || 64 % bytes != 0 || std::size_t(length) * bytes < 4096) return length;
  const index_type per_line = index_type(64 / bytes);
  index_type lines = (length + per_line - 1) / per_line;
  if (lines % 2 == 0) ++lines;
  return lines * per_line;
}

// Packed buffers for `count` x `length` records, slices one after the other,
// or, for the staging buffers of strided slices (`staged`), staged_pitch
// apart; keys and values each at their own pitch.
inline index_type record_pitch(index_type length, std::size_t bytes, bool staged) {
  return staged ? staged_pitch(length, bytes) : length;
}

template <class Key, class Value, bool HasValues>
PackedRecords<Key, Value, HasValues> packed_records(WorkspaceCursor& cursor, index_type count, index_type length,
                                                    bool staged = false) {
  PackedRecords<Key, Value, HasValues> result;
  const index_type key_pitch = record_pitch(length, sizeof(Key), staged);
  result.keys = packed_slices(cursor.take<Key>(count * key_pitch), count, length, key_pitch);
  if constexpr (HasValues) {
    const index_type value_pitch = record_pitch(length, sizeof(Value), staged);
    result.values = packed_slices(cursor.take<Value>(count * value_pitch), count, length, value_pitch);
  }
  return result;
}

template <class Key, class Value, bool HasValues>
std::size_t packed_records_bytes(index_type count, index_type length, bool staged = false) {
  return WorkspaceCursor::bytes<Key>(count * record_pitch(length, sizeof(Key), staged)) +
         (HasValues ? WorkspaceCursor::bytes<Value>(count * record_pitch(length, sizeof(Value), staged)) : 0);
}

// Two packed buffers of `count` x `length` of the records' kind: the
// ping-pong buffers of the merge and radix passes.
template <class Records>
std::size_t ping_pong_bytes(index_type count, index_type length) {
  return 2 * packed_records_bytes<typename Records::key_type, typename Records::value_type, Records::has_values>(
                 count, length);
}

// The ping-pong buffers of the merge passes and a count of the tiles that
// held a NaN (TileSortKernel::nans).
template <class Source>
std::size_t merge_sort_workspace_bytes(index_type count, index_type length, const TuningParameters& tuning) {
  const SortTile tile = sort_tile(tuning, record_size_of<Source>(), false);
  if (length <= tile.elements) return 0;
  return ping_pong_bytes<Source>(count, length) + WorkspaceCursor::bytes<index_type>(1);
}

// Outputs of one team's share of a merge pass: merge.tiles_per_team tiles.
inline index_type merge_outputs_per_team(const TuningParameters& tuning, const SortTile& tile) {
  return index_type(tile.elements) * std::max(tuning.merge.tiles_per_team, 1);
}

// The merge passes from sorted tiles in buffers[0], ping-ponging between the
// buffers, each slice's last pass writing `target`. `pass_teams(width)`: the
// teams of the pass of that width (0: no slice is left to merge); `places`
// locates them, merge_outputs_per_team outputs each.
template <class Exec, class Packed, class Target, class KeyOrder, class Places, class PassTeams>
void merge_passes(const char* function, const Exec& exec, const Packed (&buffers)[2], const Target& target,
                  const KeyOrder& order, const TuningParameters& tuning, const SortTile& tile, const Places& places,
                  const PassTeams& pass_teams) {
  using Scratch = SortScratch<typename Packed::key_type, typename Packed::value_type, Packed::has_values>;
  using Kernel = MergePassKernel<merge_lane_count<Exec>, Packed, Target, KeyOrder, Places>;
  const index_type outputs_per_team = merge_outputs_per_team(tuning, tile);
  int from = 0;
  for (index_type width = tile.elements;; width *= 2, from = 1 - from) {
    const index_type teams = pass_teams(width);
    if (teams == 0) return;
    Kokkos::parallel_for(
        "tessel::sort::merge_pass",
        make_team_policy(function, exec, teams, tuning.team_size, Scratch::bytes(tile.elements, 2)),
        Kernel{buffers[from], buffers[1 - from], target, order, places, width, tile.elements, tile.items,
               outputs_per_team});
  }
}

// Merge sort through packed `buffers`: `tile_teams` teams sort the tiles at
// `tile_places` into buffers[0], then merge_passes. `nans` (one index_type of
// workspace) counts the tiles that held a NaN on a CPU (TileSortKernel::
// merge_sort_tile): without one, the passes compare without the NaN test.
template <class Exec, class Source, class Packed, class Target, class KeyOrder, class Places, class PassTeams>
void merge_sort_tiles(const char* function, const Exec& exec, const Source& source, const Packed (&buffers)[2],
                      const Target& target, const KeyOrder& order, const TuningParameters& tuning,
                      const SortTile& tile, index_type tile_teams, const Places& tile_places,
                      const Places& pass_places, const PassTeams& pass_teams, index_type* nans_slot) {
  using Scratch = SortScratch<typename Source::key_type, typename Source::value_type, Source::has_values>;
  constexpr bool find_nans = without_nans<KeyOrder>::differs && is_host_space<Exec>;
  const Kokkos::View<index_type, typename Exec::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> nans(nans_slot);
  if constexpr (find_nans) Kokkos::deep_copy(exec, nans, index_type(0));
  Kokkos::parallel_for(
      "tessel::sort::merge_tiles",
      make_team_policy(function, exec, tile_teams, tuning.team_size, Scratch::bytes(tile.elements, 2)),
      TileSortKernel<TileOperation::merge_sort, merge_lane_count<Exec>, Source, Packed, KeyOrder, Places>{
          source, buffers[0], order, 0, 0, tile.elements, tile.items, tile_places, 1, tuning.merge.rank_length,
          find_nans ? nans.data() : nullptr});
  if constexpr (find_nans) {
    index_type found = 0;
    Kokkos::deep_copy(found, nans);
    if (found == 0) {
      merge_passes(function, exec, buffers, target, without_nans<KeyOrder>::of(order), tuning, tile, pass_places,
                   pass_teams);
      return;
    }
  }
  merge_passes(function, exec, buffers, target, order, tuning, tile, pass_places, pass_teams);
}

template <class Exec, class Source, class Target, class KeyOrder>
void merge_sort_slices(const char* function, const Exec& exec, index_type count, index_type length,
                       const Source& source, const Target& target, const KeyOrder& order, const TuningParameters& tuning,
                       unsigned char* workspace) {
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  constexpr bool has_values = Source::has_values;
  using Scratch = SortScratch<Key, Value, has_values>;
  const SortTile tile = sort_tile(tuning, record_size_of<Source>(), false);
  const index_type tiles_per_slice = (length + tile.elements - 1) / tile.elements;
  if (tiles_per_slice == 1) {
    // Slices of at most half a tile share tiles.
    const int slices_per_team = std::max<int>(1, tile.elements / static_cast<int>(length));
    const auto teams = make_team_policy(function, exec, (count + slices_per_team - 1) / slices_per_team,
                                        tuning.team_size, Scratch::bytes(tile.elements, 2));
    Kokkos::parallel_for("tessel::sort::merge_tiles", teams,
                         TileSortKernel<TileOperation::merge_sort, merge_lane_count<Exec>, Source, Target, KeyOrder>{
                             source, target, order, count, length, tile.elements, tile.items,
                             UniformPlaces{1, length}, slices_per_team, tuning.merge.rank_length});
    return;
  }
  WorkspaceCursor cursor(workspace);
  using Packed = PackedRecords<Key, Value, has_values>;
  const Packed buffers[2] = {packed_records<Key, Value, has_values>(cursor, count, length),
                             packed_records<Key, Value, has_values>(cursor, count, length)};
  const index_type teams_per_slice =
      (length + merge_outputs_per_team(tuning, tile) - 1) / merge_outputs_per_team(tuning, tile);
  merge_sort_tiles(function, exec, source, buffers, target, order, tuning, tile, count * tiles_per_slice,
                   UniformPlaces{tiles_per_slice, length}, UniformPlaces{teams_per_slice, length},
                   [&](index_type width) { return width < length ? count * teams_per_slice : 0; },
                   cursor.take<index_type>(1));
}

// Bitonic sort in place on `working`, slices padded virtually to a power of
// two with records that sort last: tiles sorted in scratch, then for every
// longer merge its steps of a tile's length and more in global memory and
// the shorter ones in scratch. `teams(block)`: the tiles and pairs of the
// slices longer than `block` (block 0: of every slice), at `tile_places` and
// `pair_places`; `size`: the largest slice's power of two.
struct BitonicTeams {
  index_type tiles;
  index_type pairs;
};

template <class Exec, class Working, class KeyOrder, class Places, class Teams>
void bitonic_sort_pieces(const char* function, const Exec& exec, const Working& working, const KeyOrder& order,
                         const TuningParameters& tuning, int tile, index_type size, const Places& tile_places,
                         const Places& pair_places, const Teams& teams) {
  using Scratch = SortScratch<typename Working::key_type, typename Working::value_type, Working::has_values>;
  const auto policy = [&](index_type league) {
    return make_team_policy(function, exec, league, tuning.team_size, Scratch::bytes(tile, 1));
  };
  Kokkos::parallel_for("tessel::sort::bitonic_tiles", policy(teams(0).tiles),
                       TileSortKernel<TileOperation::bitonic_sort, 1, Working, Working, KeyOrder, Places>{
                           working, working, order, 0, 0, tile, 1, tile_places, 1});
  for (index_type block = tile; block < size; block *= 2) {
    const BitonicTeams longer = teams(block);
    for (index_type distance = block; distance >= tile; distance /= 2)
      Kokkos::parallel_for("tessel::sort::bitonic_step", range_policy(exec, longer.pairs),
                           BitonicStepKernel<Working, KeyOrder, Places>{working, order, pair_places, distance,
                                                                        distance == block});
    Kokkos::parallel_for("tessel::sort::bitonic_tiles", policy(longer.tiles),
                         TileSortKernel<TileOperation::bitonic_finish, 1, Working, Working, KeyOrder, Places>{
                             working, working, order, 0, 0, tile, 1, tile_places, 1});
  }
}

template <class Exec, class Working, class KeyOrder>
void bitonic_sort_slices(const char* function, const Exec& exec, index_type count, index_type length,
                         const Working& working, const KeyOrder& order, const TuningParameters& tuning) {
  index_type size = 1;
  while (size < length) size *= 2;
  const int tile = static_cast<int>(std::min<index_type>(sort_tile(tuning, record_size_of<Working>(), true).elements, size));
  const index_type tiles_per_slice = (length + tile - 1) / tile;
  bitonic_sort_pieces(function, exec, working, order, tuning, tile, size, UniformPlaces{tiles_per_slice, length},
                      UniformPlaces{size / 2, length},
                      [&](index_type) { return BitonicTeams{count * tiles_per_slice, count * (size / 2)}; });
}

// Copies records between layouts of `count` x `length` (sortperm's working
// copies for bitonic sort, the radix paths' buffers). A lone slice is
// copied without the two 64-bit divisions per record that locate a record
// among several, which cost a third of a radix sort (docs/notes/merge.md).
template <class Source, class Target>
struct CopyRecords {
  Source source;
  Target target;
  index_type count;
  index_type length;
  KOKKOS_FORCEINLINE_FUNCTION void copy(index_type slice, index_type position) const {
    target.keys.slice(slice)[position] = source.keys.slice(slice)[position];
    if constexpr (Source::has_values && Target::has_values)
      target.values.slice(slice)[position] = source.values.slice(slice)[position];
  }
  KOKKOS_INLINE_FUNCTION void operator()(index_type i) const {
    if (count == 1) copy(0, i);  // slice 0's offset folds to 0
    else copy(i / length, i % length);
  }
};

template <class Exec, class Source, class Target>
void copy_records(const Exec& exec, const Source& source, const Target& target, index_type count,
                  index_type length) {
  Kokkos::parallel_for("tessel::sort::copy", range_policy(exec, count * length),
                       CopyRecords<Source, Target>{source, target, count, length});
}

}  // namespace tessel::detail

#endif
