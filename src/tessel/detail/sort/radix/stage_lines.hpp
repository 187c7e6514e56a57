#ifndef TESSEL_DETAIL_STAGE_LINES_HPP
#define TESSEL_DETAIL_STAGE_LINES_HPP

// One component (keys or values) of a tile of slices copied by a lone
// thread between strided slices and packed ones (StageKernel::copy_alone):
// in 8 x 8 or 4 x 4 blocks transposed in AVX2 registers where the strided
// side's slices are neighbours in memory (rows of a LayoutLeft matrix) and
// the CPU has AVX2, element by element otherwise.

#include <tessel/detail/simd/scan_vector.hpp>
#include <tessel/detail/core/slices.hpp>

#include <cstdint>
#include <type_traits>

#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
#include <tessel/detail/simd/transpose_avx2.hpp>
#endif

namespace tessel::detail {

// Positions [begin, end) of slices [first, last): stores run along memory,
// across slices into a strided target, along each slice otherwise.
template <class InOf, class OutOf>
KOKKOS_INLINE_FUNCTION void stage_elements(int first, int last, index_type begin, index_type end,
                                           const InOf& in_of, const OutOf& out_of) {
  if (is_strided_slice<std::decay_t<decltype(out_of(0))>>::value) {
    for (index_type p = begin; p < end; ++p)
      for (int sl = first; sl < last; ++sl) out_of(sl)[p] = in_of(sl)[p];
  } else {
    for (int sl = first; sl < last; ++sl)
      for (index_type p = begin; p < end; ++p) out_of(sl)[p] = in_of(sl)[p];
  }
}

#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
// stage_lines where AVX2 transposes: slices in groups of as many as a 32-byte
// register holds elements (two groups where they are stored into the strided
// side). A group whose strided side lies element after element in memory is
// transposed in blocks over [begin, end) rounded down to whole blocks, the
// rest element by element; other groups and the slices after the last whole
// group go element by element. Compiled for AVX2 as a whole, so that the
// blocks and the slices' address arithmetic inline into one loop; called
// only where avx2::available().
template <class InOf, class OutOf>
__attribute__((target("avx2"))) void stage_blocks(int slices, index_type begin, index_type end, index_type length,
                                                   const InOf& in_of, const OutOf& out_of) {
  using In = std::decay_t<decltype(in_of(0))>;
  using Out = std::decay_t<decltype(out_of(0))>;
  using T = slice_element_t<In>;
  constexpr bool strided_in = is_strided_slice<In>::value;
  constexpr int width = int(32 / sizeof(T));
  // One side strided, the other along memory.
  constexpr bool transposes = strided_in ? is_contiguous_slice<Out>::value
                                         : is_contiguous_slice<In>::value && is_strided_slice<Out>::value;
  if constexpr (!transposes || !(sizeof(T) == 4 || sizeof(T) == 8) || !std::is_trivially_copyable_v<T>) {
    stage_elements(0, slices, begin, end, in_of, out_of);
  } else {
    // Slice sl at position p on the strided side.
    const auto strided = [&](int sl, index_type p) {
      return reinterpret_cast<const unsigned char*>(strided_in ? &in_of(sl)[p] : &out_of(sl)[p]);
    };
    // Whether slices [g, g + n) lie element after element on the strided side.
    const auto side_by_side = [&](int g, int n) {
      for (int q = 1; q < n; ++q)
        if (strided(g + q, begin) != strided(g, begin) + q * sizeof(T)) return false;
      return true;
    };
    // Prefetch into L2 what the next call reads: the strided side's positions
    // [end, end + (end - begin)) below `length`, or each packed slice's line at
    // `end`; hardware prefetchers follow neither reads across pages nor dozens
    // of packed slices at once. L2, not L1: those lines lie multiples of 4 KiB
    // apart and fell into the same few L1 sets, evicting the lines being read
    // (docs/notes/radix.md). A hint, so only the span is checked, not each
    // slice's place in it.
    const std::size_t bytes = std::size_t(slices) * sizeof(T);
    if (strided_in && slices > 0 && strided(slices - 1, begin) + sizeof(T) == strided(0, begin) + bytes) {
      const index_type ahead = end + (end - begin) < length ? end + (end - begin) : length;
      for (index_type p = end; p < ahead; ++p)
        for (std::size_t at = 0; at < bytes; at += 64)
          _mm_prefetch(reinterpret_cast<const char*>(strided(0, p) + at), _MM_HINT_T1);
    }
    if (!strided_in && end < length)
      for (int sl = 0; sl < slices; ++sl) _mm_prefetch(reinterpret_cast<const char*>(&in_of(sl)[end]), _MM_HINT_T1);
    const index_type vector_end = begin + (end - begin) / width * width;
    int g = 0;
    while (g + width <= slices) {
      const bool pair = !strided_in && g + 2 * width <= slices && side_by_side(g, 2 * width);
      if (!pair && !side_by_side(g, width)) {
        stage_elements(g, g + width, begin, end, in_of, out_of);
        g += width;
        continue;
      }
      // Two groups store whole 64-byte lines, streamed past the caches where
      // aligned (transpose_blocks): a store of half a line, or of a line
      // through the caches, reads the line before it writes it.
      const int n = pair ? 2 * width : width;
      const void* from[2 * width];
      void* to[width];
      for (index_type p = begin; p < vector_end; p += width) {
        // Strided side: row r is position p + r of the group's slices;
        // packed side: row r is slice g + r at positions p...
        for (int r = 0; r < n; ++r) from[r] = strided_in ? &in_of(g)[p + r] : &in_of(g + r)[p];
        for (int r = 0; r < width; ++r) to[r] = strided_in ? &out_of(g + r)[p] : &out_of(g)[p + r];
        if (pair) avx2::transpose_blocks<int(sizeof(T)), 2>(from, to);
        else avx2::transpose_blocks<int(sizeof(T)), 1>(from, to);
      }
      stage_elements(g, g + n, vector_end, end, in_of, out_of);
      g += n;
    }
    stage_elements(g, slices, begin, end, in_of, out_of);
    // Streamed stores are weakly ordered: done before any thread reads them.
    if constexpr (!strided_in) _mm_sfence();
  }
}
#endif

// Positions [begin, end) of slices [0, slices) of one component, slices of
// `length`: in_of(sl) and out_of(sl) give slice sl of the source and of the
// target.
template <class InOf, class OutOf>
KOKKOS_INLINE_FUNCTION void stage_lines(int slices, index_type begin, index_type end,
                                        [[maybe_unused]] index_type length,  // the AVX2 blocks' alone
                                        const InOf& in_of, const OutOf& out_of) {
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  if (avx2::available()) {
    stage_blocks(slices, begin, end, length, in_of, out_of);
    return;
  }
#endif
  stage_elements(0, slices, begin, end, in_of, out_of);
}

}  // namespace tessel::detail

#endif
