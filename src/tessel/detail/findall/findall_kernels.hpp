#ifndef TESSEL_DETAIL_FINDALL_KERNELS_HPP
#define TESSEL_DETAIL_FINDALL_KERNELS_HPP

// The two passes of stream compaction over tiles of a rank-1 view.
// Count: each team evaluates the predicate once per element of its tile,
// stores the result as a one-byte flag (unless the flags are the input
// itself, as for a mask), and counts its tile. The counts are then scanned.
// Scatter: each team loads its tile's flags into a tile of bytes in scratch,
// each thread counts the flags of its runs, the counts are scanned across the
// team, and each thread writes its selected elements in order from its
// offset. The predicate is never evaluated again.

#include <tessel/detail/core/partials.hpp>
#include <tessel/detail/core/team.hpp>
#include <tessel/tuning.hpp>

#include <cstdint>
#include <cstring>

namespace tessel::detail {

using CountPartials = Partials<Plus, index_type>;

// Where the scatter pass reads the flags of element k of tile `tile`
// (starting at `begin`): the bits the count pass stored...
struct StoredFlags {
  static constexpr bool stored = true;
  const std::uint64_t* words;  // tile t's flags at words + t * words_per_tile, element k at bit k % 64 of word k / 64
  index_type words_per_tile;
  KOKKOS_INLINE_FUNCTION const std::uint64_t* tile_words(index_type tile) const {
    return words + tile * words_per_tile;
  }
  KOKKOS_INLINE_FUNCTION std::uint8_t operator()(index_type tile, index_type, int k) const {
    return static_cast<std::uint8_t>((tile_words(tile)[k / 64] >> (k % 64)) & 1);
  }
};

// ... or the input itself, for a mask.
template <class Slice>
struct MaskFlags {
  static constexpr bool stored = false;
  Slice mask;
  KOKKOS_INLINE_FUNCTION std::uint8_t operator()(index_type, index_type begin, int k) const {
    return mask[begin + k] != 0 ? 1 : 0;
  }
};

// Stored flags take one bit per element: as bytes they moved 16 MB through
// memory for 16M elements, twice, which cost more than a sparse selection's
// whole host loop (docs/notes/findall.md).
KOKKOS_INLINE_FUNCTION index_type flag_words(int tile_elements) { return (tile_elements + 63) / 64; }

// Eight flags at once, for skipping unselected stretches quickly.
KOKKOS_INLINE_FUNCTION std::uint64_t eight_flags(const std::uint8_t* first) {
  std::uint64_t word;
  std::memcpy(&word, first, sizeof(word));
  return word;
}

// Packs 64 one-byte flags (0 or 1) into a word, flag k at bit k: the
// multiplication gathers the low bits of eight bytes into the top byte.
KOKKOS_INLINE_FUNCTION std::uint64_t pack_flags(const std::uint8_t* bytes) {
  std::uint64_t bits = 0;
  for (int j = 0; j < 8; ++j) bits |= ((eight_flags(bytes + 8 * j) * 0x0102040810204080ULL) >> 56) << (8 * j);
  return bits;
}

struct NonZero {
  template <class T>
  KOKKOS_INLINE_FUNCTION bool operator()(const T& value) const {
    return value != 0;
  }
};

// findall writes positions, copy_if the selected values.
struct IndexWriter {
  std::int64_t* out;
  KOKKOS_INLINE_FUNCTION void operator()(index_type to, index_type from) const { out[to] = from; }
};

template <class SrcSlice, class DstSlice>
struct ValueWriter {
  SrcSlice src;
  DstSlice dst;
  KOKKOS_INLINE_FUNCTION void operator()(index_type to, index_type from) const { dst[to] = src[from]; }
};

// The tiles one team handles, one after the other: [rank * per_team, ...)
// of `tiles`. On threaded CPUs a team costs more to start than a sparse
// tile takes to scan (about 0.2 us with Kokkos' OpenMP backend).
struct TileChunks {
  index_type tiles = 0;
  int per_team = 1;

  template <class Member, class Body>
  KOKKOS_INLINE_FUNCTION void for_each(const Member& team, Body&& body) const {
    const index_type first = index_type(team.league_rank()) * per_team;
    const index_type last = first + per_team < tiles ? first + per_team : tiles;
    for (index_type tile = first; tile < last; ++tile) {
      if (tile > first) team.team_barrier();  // scratch is reused
      body(tile);
    }
  }

  index_type teams() const { return (tiles + per_team - 1) / per_team; }
};

// The count pass: the predicate is evaluated once per element into a tile
// of byte flags in scratch, which are counted and, with StoreFlags, packed
// into bits for the scatter pass.
template <bool StoreFlags, class Slice, class Pred>
struct CountKernel {
  Slice input;
  Pred pred;
  index_type length;
  int tile_elements;
  int items_per_run;
  std::uint64_t* flags;  // flag_words(tile_elements) words per tile, when StoreFlags
  index_type* counts;    // one per tile
  TileChunks chunks;

  static std::size_t scratch_bytes(int team_size, int tile_elements) {
    return scratch_for<index_type>(team_size) +
           (StoreFlags ? scratch_for<std::uint8_t>(64 * flag_words(tile_elements)) : 0);
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    index_type* team_buffer = take_scratch<index_type>(team, team.team_size());
    std::uint8_t* const tile = StoreFlags ? take_scratch<std::uint8_t>(team, 64 * flag_words(tile_elements)) : nullptr;
    chunks.for_each(team, [&](index_type tile_index) { count_tile(team, team_buffer, tile, tile_index); });
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void count_tile(const Member& team, index_type* team_buffer, std::uint8_t* tile,
                                         index_type tile_index) const {
    const index_type begin = tile_index * tile_elements;
    const index_type remaining = length - begin;
    const int valid = remaining < tile_elements ? static_cast<int>(remaining) : tile_elements;
    int mine = 0;  // a tile's count fits an int; narrower sums vectorise better
    // Local copies: the byte stores to the tile may alias any object, so
    // members read through `this` would be reloaded for every element, and
    // the loop would not vectorise (3x slower).
    const Slice from = input;
    const Pred selects = pred;
    const int run_length = items_per_run;
    for_each_in_tile(team, valid, run_length, [&](int run, int item) {
      const int k = run * run_length + item;
      const std::uint8_t flag = selects(from[begin + k]) ? 1 : 0;
      if constexpr (StoreFlags) tile[k] = flag;
      mine += flag;
    });
    if constexpr (StoreFlags) {
      const int words = static_cast<int>(flag_words(valid));
      for (int k = valid + team.team_rank(); k < 64 * words; k += team.team_size()) tile[k] = 0;
      team.team_barrier();
      std::uint64_t* const out = flags + tile_index * flag_words(tile_elements);
      for (int w = team.team_rank(); w < words; w += team.team_size()) out[w] = pack_flags(tile + 64 * w);
    }
    index_type total;
    team_exclusive_scan(team, CountPartials{}, team_buffer, index_type(mine), total);
    if (team.team_rank() == 0) counts[tile_index] = total;
  }
};

template <class Flags, class Writer>
struct ScatterKernel {
  Flags flags;
  Writer write;
  index_type length;
  TileShape shape;
  const index_type* offsets;  // inclusive scan of the tiles' counts
  TileChunks chunks;

  static std::size_t scratch_besides_tile(int team_size) { return scratch_for<index_type>(team_size); }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    std::uint8_t* tile = take_scratch<std::uint8_t>(team, std::size_t(shape.runs) * shape.run_stride);
    index_type* team_buffer = take_scratch<index_type>(team, team.team_size());
    chunks.for_each(team, [&](index_type tile_index) { scatter_tile(team, tile, team_buffer, tile_index); });
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void scatter_tile(const Member& team, std::uint8_t* tile, index_type* team_buffer,
                                           index_type tile_index) const {
    const int items = shape.items_per_thread;
    const index_type begin = tile_index * shape.elements();
    const index_type remaining = length - begin;
    const int valid = remaining < shape.elements() ? static_cast<int>(remaining) : shape.elements();
    const Writer writer = write;  // a local copy: its pointers stay in registers

    const index_type tile_offset = tile_index > 0 ? offsets[tile_index - 1] : 0;
    if constexpr (Flags::stored) {
      if (team.team_size() == 1) {
        scatter_bits(flags.tile_words(tile_index), begin, valid, tile_offset, offsets[tile_index], writer);
        return;
      }
    }

    // The tile's flags as bytes in scratch, run r at tile + r * stride,
    // loaded striped.
    const int stride = shape.run_stride;
    for_each_in_tile(team, valid, items,
                     [&](int run, int item) { tile[run * stride + item] = flags(tile_index, begin, run * items + item); });
    team.team_barrier();

    const RunRange runs = runs_of_thread(team, shape.runs);
    auto run_items = [&](int run) {
      const int left = valid - run * items;
      return left <= 0 ? 0 : (left < items ? left : items);
    };
    // Each thread's share of the tile's selected elements and where it starts.
    // A lone thread owns the whole tile, whose count the count pass left.
    index_type to = tile_offset, end = offsets[tile_index];
    if (team.team_size() > 1) {
      index_type mine = 0;
      for (int run = runs.first; run < runs.last; ++run) {
        const std::uint8_t* selected = tile + run * stride;
        const int count = run_items(run);
        int in_run = 0;
        for (int item = 0; item < count; ++item) in_run += selected[item];
        mine += in_run;
      }
      index_type total;
      to = tile_offset + team_exclusive_scan(team, CountPartials{}, team_buffer, mine, total);
      end = to + mine;
    }
    // Flags are read eight at a time. In a dense stretch every element is
    // written at the current position, which advances only past selected
    // ones: no branch to mispredict. Near the end of the thread's range, and
    // for sparse words, only the selected elements are written, found by their
    // lowest set bits (flags are 0 or 1, little-endian words). So the thread
    // never writes past its own range of the output.
    for (int run = runs.first; run < runs.last && to < end; ++run) {
      const std::uint8_t* selected = tile + run * stride;
      const index_type first = begin + run * items;
      const int count = run_items(run);
      int item = 0;
      for (; item + 8 <= count && to < end; item += 8) {
        // 64 unselected flags are skipped with one test.
        if (item + 64 <= count) {
          std::uint64_t any = 0;
          for (int w = 0; w < 64; w += 8) any |= eight_flags(selected + item + w);
          if (any == 0) {
            item += 56;
            continue;
          }
        }
        std::uint64_t word = eight_flags(selected + item);
        if (word == 0) continue;
        if (to + 8 <= end) {
          for (int k = 0; k < 8; ++k) {
            writer(to, first + item + k);
            to += selected[item + k];
          }
        } else {
          for (; word != 0; word &= word - 1) writer(to++, first + item + lowest_set_bit(word) / 8);
        }
      }
      for (; item < count && to < end; ++item)
        if (selected[item]) writer(to++, first + item);
    }
  }

  // A lone thread's scatter of a tile from its stored bits, outputs [to,
  // end): every word writes its selected elements, found by their lowest set
  // bits. Writing all 64 elements of a dense word without a branch was 1.3x
  // slower at 50 % density (docs/notes/findall.md).
  KOKKOS_INLINE_FUNCTION static void scatter_bits(const std::uint64_t* words, index_type begin, int valid,
                                                  index_type to, index_type end, const Writer& writer) {
    const int count = static_cast<int>(flag_words(valid));
    for (int w = 0; w < count && to < end; ++w) {
      const index_type first = begin + 64 * index_type(w);
      for (std::uint64_t word = words[w]; word != 0; word &= word - 1) writer(to++, first + lowest_set_bit(word));
    }
  }
};

}  // namespace tessel::detail

#endif
