#ifndef TESSEL_DETAIL_SEGMENTED_LISTED_HPP
#define TESSEL_DETAIL_SEGMENTED_LISTED_HPP

// The long bin's merge-sorted and bitonic-sorted segments, all of them in the
// launches one segment would take (as many as the longest needs): every
// launch covers the tiles, pairs or teams of every segment still being sorted,
// located through ListedPlaces. Segments are listed longest first, so that
// those still merging at a width are a prefix of the list.

#include <tessel/detail/sort/radix/segmented_radix.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>

#include <algorithm>
#include <vector>

namespace tessel::detail {

// Segments sorted together, longest first.
struct ListedSegments {
  std::vector<LongSegment> segments;
  index_type records = 0;
};

inline void list_segment(ListedSegments& list, const LongSegment& segment) {
  list.segments.push_back(segment);
  list.records += segment.length;
}

inline void order_listed(ListedSegments& list) {
  std::stable_sort(list.segments.begin(), list.segments.end(),
                   [](const LongSegment& a, const LongSegment& b) { return a.length > b.length; });
}

// The device table of a list: begins in the view, begins in packed buffers,
// lengths, and the first tile and first piece of each segment (count + 1
// entries each). `piece_count(length)`: a segment's pieces.
struct ListedTable {
  const index_type* begins;
  const index_type* packed;
  const index_type* lengths;
  const index_type* tile_first;
  const index_type* piece_first;
  std::vector<index_type> host_tile_first;
  std::vector<index_type> host_piece_first;
};

inline std::size_t listed_table_bytes(const ListedSegments& list) {
  return WorkspaceCursor::bytes<index_type>(5 * index_type(list.segments.size()) + 2);
}

template <class Exec, class PieceCount>
ListedTable listed_table(const Exec&, const ListedSegments& list, index_type tile, const PieceCount& piece_count,
                         WorkspaceCursor& cursor) {
  const index_type count = index_type(list.segments.size());
  std::vector<index_type> host(5 * count + 2);
  index_type* begins = host.data();
  index_type* packed = begins + count;
  index_type* lengths = packed + count;
  index_type* tile_first = lengths + count;
  index_type* piece_first = tile_first + count + 1;
  tile_first[0] = piece_first[0] = 0;
  index_type at = 0;
  for (index_type s = 0; s < count; ++s) {
    const LongSegment& segment = list.segments[s];
    begins[s] = segment.begin;
    packed[s] = at;
    lengths[s] = segment.length;
    at += segment.length;
    tile_first[s + 1] = tile_first[s] + (segment.length + tile - 1) / tile;
    piece_first[s + 1] = piece_first[s] + piece_count(segment.length);
  }
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  index_type* device = cursor.take<index_type>(index_type(host.size()));
  // Without an instance: the copy finishes before the host table goes.
  Kokkos::deep_copy(Kokkos::View<index_type*, typename Exec::memory_space, Unmanaged>(device, host.size()),
                    Kokkos::View<const index_type*, Kokkos::HostSpace, Unmanaged>(host.data(), host.size()));
  ListedTable table{device, device + count, device + 2 * count, device + 3 * count, device + 4 * count + 1, {}, {}};
  table.host_tile_first.assign(tile_first, tile_first + count + 1);
  table.host_piece_first.assign(piece_first, piece_first + count + 1);
  return table;
}

// How many listed segments (a prefix) are longer than `length`.
inline index_type listed_longer_than(const ListedSegments& list, index_type length) {
  index_type p = 0;
  while (p < index_type(list.segments.size()) && list.segments[p].length > length) ++p;
  return p;
}

// The segments of a one-slice layout (or none) at the table's `begins`.
template <class Layout>
ListedSlices<Layout> listed_slices(const Layout& layout, const index_type* begins) {
  return {layout.slice(0), begins};
}
inline NoValues listed_slices(const NoValues& none, const index_type*) { return none; }

template <class Records>
auto listed_records(const Records& whole, const index_type* begins) {
  return records(listed_slices(whole.keys, begins), listed_slices(whole.values, begins));
}

// Packed buffers of the list's records and a NaN count, then the table.
template <class Records>
std::size_t merge_listed_bytes(const ListedSegments& list) {
  if (list.segments.empty()) return 0;
  return ping_pong_bytes<Records>(1, list.records) + WorkspaceCursor::bytes<index_type>(1) +
         listed_table_bytes(list);
}

// Merge-sorts the listed segments of `records` (the rank-1 view as one
// slice) in place, through merge_listed_bytes of `workspace`.
template <class Exec, class Records, class KeyOrder>
void merge_sort_listed(const char* function, const Exec& exec, const Records& records, const ListedSegments& list,
                       const KeyOrder& order, const TuningParameters& tuning, unsigned char* workspace) {
  using Key = typename Records::key_type;
  using Value = typename Records::value_type;
  constexpr bool has_values = Records::has_values;
  if (list.segments.empty()) return;
  const SortTile tile = sort_tile(tuning, record_size_of<Records>(), false);
  const index_type outputs = merge_outputs_per_team(tuning, tile);
  WorkspaceCursor cursor(workspace);
  const PackedRecords<Key, Value, has_values> packed[2] = {
      packed_records<Key, Value, has_values>(cursor, 1, list.records),
      packed_records<Key, Value, has_values>(cursor, 1, list.records)};
  index_type* nans = cursor.take<index_type>(1);
  const ListedTable table = listed_table(exec, list, tile.elements,
                                         [&](index_type length) { return (length + outputs - 1) / outputs; }, cursor);
  const index_type count = index_type(list.segments.size());
  using Buffer = decltype(listed_records(packed[0], table.packed));
  const Buffer buffers[2] = {listed_records(packed[0], table.packed), listed_records(packed[1], table.packed)};
  const auto in_place = listed_records(records, table.begins);
  const auto pass_teams = [&](index_type width) {
    // Every segment's first pass, which copies those no longer than a tile.
    if (width == tile.elements) return table.host_piece_first[count];
    return table.host_piece_first[listed_longer_than(list, width)];
  };
  merge_sort_tiles(function, exec, in_place, buffers, in_place, order, tuning, tile, table.host_tile_first[count],
                   ListedPlaces{table.tile_first, table.lengths, count},
                   ListedPlaces{table.piece_first, table.lengths, count}, pass_teams, nans);
}

// Bitonic-sorts the listed segments of `records` in place, through
// listed_table_bytes of `workspace`.
template <class Exec, class Records, class KeyOrder>
void bitonic_sort_listed(const char* function, const Exec& exec, const Records& records, const ListedSegments& list,
                         const KeyOrder& order, const TuningParameters& tuning, unsigned char* workspace) {
  if (list.segments.empty()) return;
  const auto padded = [](index_type length) {
    index_type size = 1;
    while (size < length) size *= 2;
    return size;
  };
  const int tile = sort_tile(tuning, record_size_of<Records>(), true).elements;
  WorkspaceCursor cursor(workspace);
  const ListedTable table =
      listed_table(exec, list, tile, [&](index_type length) { return padded(length) / 2; }, cursor);
  const index_type count = index_type(list.segments.size());
  const auto teams = [&](index_type block) {
    const index_type p = block == 0 ? count : listed_longer_than(list, block);
    return BitonicTeams{table.host_tile_first[p], table.host_piece_first[p]};
  };
  bitonic_sort_pieces(function, exec, listed_records(records, table.begins), order, tuning, tile,
                      padded(list.segments.front().length), ListedPlaces{table.tile_first, table.lengths, count},
                      ListedPlaces{table.piece_first, table.lengths, count}, teams);
}

}  // namespace tessel::detail

#endif
