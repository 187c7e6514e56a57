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
// stage_lines where AVX2 transposes: each group of as many slices as a
// 32-byte register holds elements (two such groups where they are stored
// into the strided side), whose strided side lies element after element in
// memory, in blocks over the positions [begin, end) rounded down to whole
// blocks, the rest of its positions element by element; groups whose
// strided side is not side by side, and the slices after the last whole
// group, element by element. The two groups store whole 64-byte lines,
// streamed past the caches where aligned (transpose_blocks). It prefetches
// what the next call reads into L2: the strided side's positions [end, end +
// (end - begin)) below `length`, or each packed slice's line at `end`.
// Why: hardware prefetchers follow neither reads across pages nor dozens
// of packed slices at once, and a store of half a line, or of a line
// through the caches, reads the line before it writes it. A radix sort of
// 16M floats in rows of 16K of a LayoutLeft matrix (a 4 KiB step), one EPYC
// (Zen 5) core, best of 5, ms: staging in 16.7-17.8 -> 11.6-12.6 with the
// strided side prefetched; out 16.3-17.7 -> 14.0-14.6 streamed, and 11-12
// with the packed side prefetched too; rows of 256K (256 bytes), out 16 ->
// 8.9 with that prefetch.
// Both are prefetched into L2, not L1: the strided side's positions lie a
// multiple of 4 KiB apart in a matrix of 1024 rows of floats or more, and
// packed slices of 1024 or more floats too, so all the lines prefetched for the next call fall into the same few
// sets of L1 (64 sets of 8 ways) and evicted the lines being read. One Zen
// 4 core, 16M floats, rows of 1024 / 16K / 256K of a LayoutLeft matrix,
// radix sort, medians of 7 alternating with the columns, ms: keys all equal
// (the staging and one count) 46.3 / 50.4 / 57.5 -> 36.7 / 41.1 / 49.6;
// random keys 150-151 / 134-136 / 142-144 -> 146 / 121-125 / 130-131, rows
// over columns 1.19 / 1.36 / 1.30-1.33 -> 1.11-1.15 / 1.18-1.26 / 1.22.
// Compiled for AVX2 as a whole, so that the blocks and the slices' address
// arithmetic inline into one loop; called only where avx2::available().
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
    // A hint, so only the span is checked, not each slice's place in it.
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
