#ifndef TESSEL_DETAIL_FINDALL_KERNELS_HPP
#define TESSEL_DETAIL_FINDALL_KERNELS_HPP

// The two passes of stream compaction over tiles of a rank-1 view.
//
// Count: each team evaluates the predicate once per element of its tile,
// stores the result as a one-byte flag (unless the flags are the input
// itself, as for a mask), and counts its tile. The counts are then scanned.
// Scatter: each team loads its tile's flags into a tile of bytes in scratch,
// each thread counts the flags of its runs, the counts are scanned across the
// team, and each thread writes its selected elements in order from its
// offset. The predicate is never evaluated again.

#include <tessel/detail/partials.hpp>
#include <tessel/detail/team.hpp>
#include <tessel/tuning.hpp>

#include <cstdint>
#include <cstring>

namespace tessel::detail {

using CountPartials = Partials<Plus, index_type>;

// Where the scatter pass reads its flags: the bytes the count pass stored...
struct StoredFlags {
  static constexpr bool stored = true;
  const std::uint8_t* flags;
  KOKKOS_INLINE_FUNCTION std::uint8_t operator()(index_type i) const { return flags[i]; }
};

// ... or the input itself, for a mask.
template <class Slice>
struct MaskFlags {
  static constexpr bool stored = false;
  const std::uint8_t* flags = nullptr;
  Slice mask;
  KOKKOS_INLINE_FUNCTION std::uint8_t operator()(index_type i) const { return mask[i] != 0 ? 1 : 0; }
};

template <class Slice, class Pred>
struct PredicateFlags {
  static constexpr bool stored = false;
  const std::uint8_t* flags = nullptr;
  Slice input;
  Pred pred;
  KOKKOS_INLINE_FUNCTION std::uint8_t operator()(index_type i) const { return pred(input[i]) ? 1 : 0; }
};

// Eight flags at once, for skipping unselected stretches quickly.
KOKKOS_INLINE_FUNCTION std::uint64_t eight_flags(const std::uint8_t* first) {
  std::uint64_t word;
  std::memcpy(&word, first, sizeof(word));
  return word;
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

template <bool StoreFlags, class Slice, class Pred>
struct CountKernel {
  Slice input;
  Pred pred;
  index_type length;
  int tile_elements;
  int items_per_run;
  std::uint8_t* flags;  // one byte per element, when StoreFlags
  index_type* counts;   // one per tile

  static std::size_t scratch_bytes(int team_size) { return scratch_for<index_type>(team_size); }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    index_type* team_buffer = take_scratch<index_type>(team, team.team_size());
    const index_type begin = index_type(team.league_rank()) * tile_elements;
    const index_type remaining = length - begin;
    const int valid = remaining < tile_elements ? static_cast<int>(remaining) : tile_elements;
    int mine = 0;  // a tile's count fits an int; narrower sums vectorise better
    std::uint8_t* const tile_flags = StoreFlags ? flags + begin : nullptr;
    for_each_in_tile(team, valid, items_per_run, [&](int run, int item) {
      const int k = run * items_per_run + item;
      const std::uint8_t flag = pred(input[begin + k]) ? 1 : 0;
      if constexpr (StoreFlags) tile_flags[k] = flag;
      mine += flag;
    });
    index_type total;
    team_exclusive_scan(team, CountPartials{}, team_buffer, index_type(mine), total);
    if (team.team_rank() == 0) counts[team.league_rank()] = total;
  }
};

template <class Flags, class Writer>
struct ScatterKernel {
  Flags flags;
  Writer write;
  index_type length;
  TileShape shape;
  const index_type* offsets;  // inclusive scan of the tiles' counts

  static std::size_t scratch_besides_tile(int team_size) { return scratch_for<index_type>(team_size); }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int items = shape.items_per_thread;
    std::uint8_t* tile = take_scratch<std::uint8_t>(team, std::size_t(shape.runs) * shape.run_stride);
    index_type* team_buffer = take_scratch<index_type>(team, team.team_size());
    const index_type tile_index = team.league_rank();
    const index_type begin = tile_index * shape.elements();
    const index_type remaining = length - begin;
    const int valid = remaining < shape.elements() ? static_cast<int>(remaining) : shape.elements();
    const Writer writer = write;  // a local copy: its pointers stay in registers

    // The tile's flags as bytes, run r at run_flags + r * stride: a lone
    // thread reads stored flags where they are; teams load them striped into
    // scratch.
    const std::uint8_t* run_flags = tile;
    int stride = shape.run_stride;
    if (Flags::stored && team.team_size() == 1) {
      run_flags = flags.flags + begin;
      stride = items;
    } else {
      for_each_in_tile(team, valid, items,
                       [&](int run, int item) { tile[run * stride + item] = flags(begin + run * items + item); });
      team.team_barrier();
    }

    const RunRange runs = runs_of_thread(team, shape.runs);
    auto run_items = [&](int run) {
      const int left = valid - run * items;
      return left <= 0 ? 0 : (left < items ? left : items);
    };
    // Each thread's share of the tile's selected elements and where it starts.
    // A lone thread owns the whole tile, whose count the count pass left.
    const index_type tile_offset = tile_index > 0 ? offsets[tile_index - 1] : 0;
    index_type to = tile_offset, end = offsets[tile_index];
    if (team.team_size() > 1) {
      index_type mine = 0;
      for (int run = runs.first; run < runs.last; ++run) {
        const std::uint8_t* selected = run_flags + run * stride;
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
      const std::uint8_t* selected = run_flags + run * stride;
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
};

}  // namespace tessel::detail

#endif
