#ifndef TESSEL_DETAIL_SORT_KERNELS_HPP
#define TESSEL_DETAIL_SORT_KERNELS_HPP

// The kernels of merge sort and bitonic sort over slices:
//  - TileSortKernel: one team per tile of a slice loads the tile into scratch,
//    sorts it (stable merge sort or bitonic network) or finishes a bitonic
//    merge in it, and writes it out;
//  - MergePassKernel: one team per output tile of a merge pass finds its share
//    of the two inputs by merge path (the same work whatever the data);
//  - BitonicStepKernel: one compare-exchange step of a bitonic merge whose
//    distance is longer than a tile, in global memory.

// `Places` (sort_places.hpp) says which slice and piece each team works on.

#include <tessel/detail/sort/sort_places.hpp>
#include <tessel/detail/sort/team_sort.hpp>

namespace tessel::detail {

enum class TileOperation { merge_sort, bitonic_sort, bitonic_finish };

template <class Key, class Value, bool HasValues>
struct SortScratch {
  using records_type = ScratchRecords<Key, Value, HasValues>;
  static std::size_t bytes(int elements, int buffers) {
    return std::size_t(buffers) * (scratch_for<Key>(elements) + (HasValues ? scratch_for<Value>(elements) : 0));
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION static records_type take(const Member& team, int elements) {
    records_type records;
    records.keys = take_scratch<Key>(team, elements);
    records.values = HasValues ? take_scratch<Value>(team, elements) : nullptr;
    return records;
  }
};

// Merges a CPU thread runs side by side (see merge_in_lanes): each merge
// step waits on the previous one's compare, so independent merges fill the
// pipeline. 4 lanes were fastest on a CPU core (docs/notes/merge.md).
template <class Exec>
inline constexpr int merge_lane_count = is_host_space<Exec> ? 4 : 1;

template <TileOperation Operation, int Lanes, class Source, class Target, class KeyOrder,
          class Places = UniformPlaces>
struct TileSortKernel {
  using key_type = typename Source::key_type;
  using value_type = typename Source::value_type;
  static constexpr bool has_values = Source::has_values;
  using Scratch = SortScratch<key_type, value_type, has_values>;

  Source source;
  Target target;
  KeyOrder order;
  index_type count;   // slices (read where slices_per_team > 1)
  index_type length;  // of every slice (likewise)
  int tile;           // elements per tile (a power of two for bitonic)
  int items;          // elements per run (merge sort)
  Places places;      // the tiles: pieces of `tile` elements
  // Slices short enough for several to share a tile: how many a team takes
  // (1 otherwise). Each is sorted on its own.
  int slices_per_team;
  int rank_length = 0;  // merge sort: see team_merge_sort
  // Merge sort on a CPU: tiles that hold a NaN add to it (see
  // merge_sort_tile); null where no merge pass follows.
  index_type* nans = nullptr;

  static constexpr int buffers = Operation == TileOperation::merge_sort ? 2 : 1;

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    typename Scratch::records_type scratch[2];
    scratch[0] = Scratch::take(team, tile);
    scratch[1] = buffers == 2 ? Scratch::take(team, tile) : scratch[0];
    const int rank = team.team_rank(), team_size = team.team_size();
    if (slices_per_team > 1) {
      sort_short_slices(team, scratch);
      return;
    }
    const Place place = places.locate(team.league_rank());
    const index_type slice = place.slice;
    const index_type begin = place.piece * tile;
    const int records = place.length - begin < tile ? static_cast<int>(place.length - begin) : tile;

    const auto keys_in = source.keys.slice(slice);
    const auto values_in = source.values.slice(slice);
    for (int k = rank; k < records; k += team_size) {
      scratch[0].keys[k] = keys_in[begin + k];
      if constexpr (has_values) scratch[0].values[k] = values_in[begin + k];
    }
    team.team_barrier();

    int result = 0;
    if constexpr (Operation == TileOperation::merge_sort) {
      result = merge_sort_tile(team, scratch, records, records, items);
    } else {
      int size = 1;
      while (size < records) size *= 2;
      if constexpr (Operation == TileOperation::bitonic_sort)
        team_bitonic_sort(team, scratch[0], records, size, order);
      else
        team_bitonic_merge(team, scratch[0], records, size, size / 2, false, order);
    }

    const auto keys_out = target.keys.slice(slice);
    const auto values_out = target.values.slice(slice);
    for (int k = rank; k < records; k += team_size) {
      keys_out[begin + k] = scratch[result].keys[k];
      if constexpr (has_values) values_out[begin + k] = scratch[result].values[k];
    }
  }

  // team_merge_sort of the tile's records. On a CPU, floating-point keys in
  // their default order are compared through projections that test for
  // NaNs, most of a merge step's work: a tile without NaNs is sorted by the
  // order without the test (the same order on such keys), and a tile with
  // one adds to `*nans` for the merge passes (docs/notes/merge.md).
  // Segments sorted whole by ranks project each key once:
  // without merge passes after them (short slices) they skip the test.
  // GPUs keep one order: their merges wait on memory.
  template <class Member>
  KOKKOS_INLINE_FUNCTION int merge_sort_tile(const Member& team, const typename Scratch::records_type (&scratch)[2],
                                             int records, int segment, int run_items) const {
    if constexpr (without_nans<KeyOrder>::differs && is_host_space<typename Member::execution_space>) {
      if (nans == nullptr && ranks_whole_segments(team.team_size(), segment, rank_length))
        return team_merge_sort<Lanes>(team, scratch, records, segment, run_items, order, rank_length);
      if (!team_holds_nan(team, scratch[0].keys, 0, records))
        return team_merge_sort<Lanes>(team, scratch, records, segment, run_items, without_nans<KeyOrder>::of(order),
                                      rank_length);
      if (nans != nullptr && team.team_rank() == 0) Kokkos::atomic_add(nans, index_type(1));
    }
    return team_merge_sort<Lanes>(team, scratch, records, segment, run_items, order, rank_length);
  }

  // slices_per_team whole slices, one after the other in the tile, each its
  // own segment of the merge sort.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void sort_short_slices(const Member& team,
                                                const typename Scratch::records_type (&scratch)[2]) const {
    const index_type first_slice = index_type(team.league_rank()) * slices_per_team;
    const int slices = count - first_slice < slices_per_team ? static_cast<int>(count - first_slice) : slices_per_team;
    const int span = static_cast<int>(length);
    const int records = slices * span;
    for (int s = 0; s < slices; ++s) {
      const auto keys_in = source.keys.slice(first_slice + s);
      const auto values_in = source.values.slice(first_slice + s);
      for (int p = team.team_rank(); p < span; p += team.team_size()) {
        scratch[0].keys[s * span + p] = keys_in[p];
        if constexpr (has_values) scratch[0].values[s * span + p] = values_in[p];
      }
    }
    team.team_barrier();
    // Slices of up to two runs are insertion-sorted whole.
    const int result = merge_sort_tile(team, scratch, records, span, span <= 2 * items ? span : items);
    for (int s = 0; s < slices; ++s) {
      const auto keys_out = target.keys.slice(first_slice + s);
      const auto values_out = target.values.slice(first_slice + s);
      for (int p = team.team_rank(); p < span; p += team.team_size()) {
        keys_out[p] = scratch[result].keys[s * span + p];
        if constexpr (has_values) values_out[p] = scratch[result].values[s * span + p];
      }
    }
  }
};

// Merges pairs of sorted sequences of `width` elements of packed buffers
// into `next`, or into `target` on a slice's last pass (when 2 x width
// reaches its length; a slice no longer than `width` is copied). A team of
// one thread merges straight from the buffers; a larger team stages its
// inputs and outputs in scratch, so that reads and writes are striped.
template <int Lanes, class Source, class Target, class KeyOrder, class Places = UniformPlaces>
struct MergePassKernel {
  using key_type = typename Source::key_type;
  using value_type = typename Source::value_type;
  static constexpr bool has_values = Source::has_values;
  using Scratch = SortScratch<key_type, value_type, has_values>;

  Source source;  // packed buffers
  Source next;
  Target target;
  KeyOrder order;
  Places places;  // the teams: pieces of outputs_per_team outputs
  index_type width;
  int tile;   // outputs staged in scratch at a time
  int items;  // outputs per thread and step in a team's merge
  index_type outputs_per_team;

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const Place place = places.locate(team.league_rank());
    if (2 * width >= place.length) merge_team(team, place, target);
    else merge_team(team, place, next);
  }

  template <class Member, class Out>
  KOKKOS_INLINE_FUNCTION void merge_team(const Member& team, const Place& place, const Out& out) const {
    const index_type length = place.length;
    const index_type first = place.piece * outputs_per_team;
    const index_type last = length - first < outputs_per_team ? length : first + outputs_per_team;
    if (team.team_size() == 1) {
      // A lone thread's outputs may span several pairs of sequences.
      for (index_type begin = first; begin < last;) {
        const index_type pair_end = begin - begin % (2 * width) + 2 * width;
        const index_type end = pair_end < last ? pair_end : last;
        merge_outputs(team, place, out, begin, end, typename Scratch::records_type{},
                      typename Scratch::records_type{});
        begin = end;
      }
      return;
    }
    const auto staged = Scratch::take(team, tile);
    const auto merged = Scratch::take(team, tile);
    for (index_type begin = first; begin < last; begin += tile)
      merge_outputs(team, place, out, begin, last - begin < tile ? last : begin + tile, staged, merged);
  }

  // Outputs [out_begin, out_end) of the slice's merge pass, all within one
  // pair of sequences (outputs_per_team and tile are multiples of the sort
  // tile, and sequences are at least a sort tile long).
  template <class Member, class Out>
  KOKKOS_INLINE_FUNCTION void merge_outputs(const Member& team, const Place& place, const Out& out,
                                            index_type out_begin, index_type out_end,
                                            const typename Scratch::records_type& staged,
                                            const typename Scratch::records_type& merged) const {
    const index_type slice = place.slice, length = place.length;
    const index_type pair = out_begin - out_begin % (2 * width);
    const index_type a_count = length - pair < width ? length - pair : width;
    const index_type b_count = (length - pair < 2 * width ? length - pair : 2 * width) - a_count;
    const auto keys_in = source.keys.slice(slice);
    const auto values_in = source.values.slice(slice);
    auto key = [&](index_type position) { return keys_in[position]; };
    auto a = [&](index_type i) { return keys_in[pair + i]; };
    auto b = [&](index_type j) { return keys_in[pair + a_count + j]; };
    const index_type first_diagonal = out_begin - pair, last_diagonal = out_end - pair;
    const auto keys_out = out.keys.slice(slice);
    const auto values_out = out.values.slice(slice);

    if (team.team_size() == 1) {
      merge_in_lanes<Lanes>(
          key, pair, a_count, pair + a_count, b_count, first_diagonal, last_diagonal, out_begin,
          [&](index_type position, const key_type& value, index_type from) {
            keys_out[position] = value;
            if constexpr (has_values) values_out[position] = values_in[from];
          },
          order);
      return;
    }

    const index_type a_first = merge_path(a, a_count, b, b_count, first_diagonal, order);
    const index_type a_last = merge_path(a, a_count, b, b_count, last_diagonal, order);
    const index_type b_first = first_diagonal - a_first, b_last = last_diagonal - a_last;
    team.team_barrier();  // the previous outputs may still be read from scratch
    const int a_part = static_cast<int>(a_last - a_first), b_part = static_cast<int>(b_last - b_first);
    const int outputs = a_part + b_part;
    for (int k = team.team_rank(); k < outputs; k += team.team_size()) {
      const index_type from = k < a_part ? pair + a_first + k : pair + a_count + b_first + (k - a_part);
      staged.keys[k] = keys_in[from];
      if constexpr (has_values) staged.values[k] = values_in[from];
    }
    team.team_barrier();
    auto staged_key = [&](index_type position) { return staged.keys[position]; };
    for (int chunk = team.team_rank() * items; chunk < outputs; chunk += team.team_size() * items) {
      const int chunk_end = outputs - chunk < items ? outputs : chunk + items;
      merge_in_lanes<1>(
          staged_key, 0, a_part, a_part, b_part, chunk, chunk_end, chunk,
          [&](index_type position, const key_type& value, index_type from) {
            merged.keys[position] = value;
            if constexpr (has_values) merged.values[position] = staged.values[from];
          },
          order);
    }
    team.team_barrier();
    for (int k = team.team_rank(); k < outputs; k += team.team_size()) {
      keys_out[out_begin + k] = merged.keys[k];
      if constexpr (has_values) values_out[out_begin + k] = merged.values[k];
    }
  }
};

// One step of a bitonic merge in global memory: every slice's compare-exchange
// pairs at `distance` (the mirror step when `flip`), slices padded virtually
// to a power of two; `places` has half that many pieces (pairs) a slice.
template <class Working, class KeyOrder, class Places = UniformPlaces>
struct BitonicStepKernel {
  Working working;
  KeyOrder order;
  Places places;
  index_type distance;
  bool flip;

  KOKKOS_INLINE_FUNCTION void operator()(index_type q) const {
    const Place place = places.locate(q);
    index_type lo, hi;
    bitonic_pair(place.piece, distance, flip, lo, hi);
    if (hi >= place.length) return;
    exchange_if_before<Working::has_values>(working.keys.slice(place.slice), working.values.slice(place.slice), lo,
                                            hi, order);
  }
};

}  // namespace tessel::detail

#endif
