#ifndef TESSEL_DETAIL_STAGE_LINES_HPP
#define TESSEL_DETAIL_STAGE_LINES_HPP

// One component (keys or values) of a tile of slices copied by a lone
// thread between strided slices and packed ones (StageKernel::copy_alone):
// in 8 x 8 or 4 x 4 blocks transposed in AVX2 registers where the strided
// side's slices are neighbours in memory (rows of a LayoutLeft matrix) and
// the CPU has AVX2, element by element otherwise.

#include <tessel/detail/scan_vector.hpp>
#include <tessel/detail/slices.hpp>

#include <cstdint>
#include <type_traits>

#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
#include <tessel/detail/transpose_avx2.hpp>
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
// 32-byte register holds elements, whose strided side lies element after
// element in memory, in blocks over the positions [begin, end) rounded down
// to whole blocks, the rest of its positions element by element; groups
// whose strided side is not side by side, and the slices after the last
// whole group, element by element.
// Compiled for AVX2 as a whole, so that the blocks and the slices' address
// arithmetic inline into one loop; called only where avx2::available().
template <class InOf, class OutOf>
__attribute__((target("avx2"))) void stage_blocks(int slices, index_type begin, index_type end, const InOf& in_of,
                                                   const OutOf& out_of) {
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
    const index_type vector_end = begin + (end - begin) / width * width;
    int g = 0;
    for (; g + width <= slices; g += width) {
      // Neighbouring slices side by side on the strided side.
      const auto* first = reinterpret_cast<const unsigned char*>(strided_in ? &in_of(g)[begin] : &out_of(g)[begin]);
      bool side_by_side = true;
      for (int q = 1; q < width; ++q) {
        const auto* at = reinterpret_cast<const unsigned char*>(strided_in ? &in_of(g + q)[begin] : &out_of(g + q)[begin]);
        side_by_side = side_by_side && at == first + q * sizeof(T);
      }
      if (!side_by_side) {
        stage_elements(g, g + width, begin, end, in_of, out_of);
        continue;
      }
      const void* from[width];
      void* to[width];
      for (index_type p = begin; p < vector_end; p += width) {
        // Strided side: row r is position p + r of the group's slices;
        // packed side: row r is slice g + r at positions p...
        for (int r = 0; r < width; ++r) {
          from[r] = strided_in ? &in_of(g)[p + r] : &in_of(g + r)[p];
          to[r] = strided_in ? &out_of(g + r)[p] : &out_of(g)[p + r];
        }
        avx2::transpose_block<int(sizeof(T))>(from, to);
      }
      stage_elements(g, g + width, vector_end, end, in_of, out_of);
    }
    stage_elements(g, slices, begin, end, in_of, out_of);
  }
}
#endif

// Positions [begin, end) of slices [0, slices) of one component: in_of(sl)
// and out_of(sl) give slice sl of the source and of the target.
template <class InOf, class OutOf>
KOKKOS_INLINE_FUNCTION void stage_lines(int slices, index_type begin, index_type end, const InOf& in_of,
                                        const OutOf& out_of) {
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  if (avx2::available()) {
    stage_blocks(slices, begin, end, in_of, out_of);
    return;
  }
#endif
  stage_elements(0, slices, begin, end, in_of, out_of);
}

}  // namespace tessel::detail

#endif
