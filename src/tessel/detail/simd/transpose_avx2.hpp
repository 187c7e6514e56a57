#ifndef TESSEL_DETAIL_TRANSPOSE_AVX2_HPP
#define TESSEL_DETAIL_TRANSPOSE_AVX2_HPP

// Square blocks of 4- or 8-byte elements transposed in 32-byte AVX2
// registers, for the lone-thread staging of strided slices
// (stage_lines.hpp): 8 x 8 of 4 bytes, 4 x 4 of 8 bytes. Compiled for AVX2
// with GCC's target attribute and chosen at run time (avx2::available in
// scan_vector_avx2.hpp), as the scan's loop is. A scalar copy moves one
// element per load and store, a block a 32-byte row: 16M floats staged into
// packed slices 1.7x faster (docs/notes/simd.md).

#include <immintrin.h>

#include <cstdint>

#define TESSEL_AVX2 __attribute__((target("avx2")))

namespace tessel::detail::avx2 {

// The block whose row r is read at from[r], 32 bytes, transposed into
// rows[0..]: rows[r] holds its column r. Bytes is the element size (4 or 8).
template <int Bytes>
TESSEL_AVX2 __attribute__((always_inline)) inline void transposed_rows(const void* const* from, __m256* rows) {
  if constexpr (Bytes == 4) {
    __m256 r[8], t[8];
    for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(static_cast<const float*>(from[i]));
    for (int i = 0; i < 8; i += 2) {
      t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
      t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
      r[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
      r[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xee);
      r[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
      r[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xee);
    }
    for (int i = 0; i < 4; ++i) {
      rows[i] = _mm256_permute2f128_ps(r[i], r[i + 4], 0x20);
      rows[i + 4] = _mm256_permute2f128_ps(r[i], r[i + 4], 0x31);
    }
  } else {
    static_assert(Bytes == 8, "blocks of 4- or 8-byte elements");
    __m256d r[4];
    for (int i = 0; i < 4; ++i) r[i] = _mm256_loadu_pd(static_cast<const double*>(from[i]));
    const __m256d t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    const __m256d t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    rows[0] = _mm256_castpd_ps(_mm256_permute2f128_pd(t0, t2, 0x20));
    rows[1] = _mm256_castpd_ps(_mm256_permute2f128_pd(t1, t3, 0x20));
    rows[2] = _mm256_castpd_ps(_mm256_permute2f128_pd(t0, t2, 0x31));
    rows[3] = _mm256_castpd_ps(_mm256_permute2f128_pd(t1, t3, 0x31));
  }
}

// Blocks side by side transposed: block b's row r is read at
// from[b * W + r] (W = 32 / Bytes), and column r of all of them written at
// to[r], Blocks x 32 bytes. Two blocks write a whole 64-byte line where
// to[r] is aligned: streamed past the caches (non-temporal), which spares
// reading the line before writing it; the caller fences (_mm_sfence).
template <int Bytes, int Blocks>
TESSEL_AVX2 __attribute__((always_inline)) inline void transpose_blocks(const void* const* from, void* const* to) {
  constexpr int width = 32 / Bytes;
  __m256 rows[Blocks][width];
  for (int b = 0; b < Blocks; ++b) transposed_rows<Bytes>(from + b * width, rows[b]);
  for (int r = 0; r < width; ++r)
    for (int b = 0; b < Blocks; ++b) {
      float* at = static_cast<float*>(to[r]) + 8 * b;
      if (Blocks == 2 && (reinterpret_cast<std::uintptr_t>(to[r]) & 63) == 0) _mm256_stream_ps(at, rows[b][r]);
      else _mm256_storeu_ps(at, rows[b][r]);
    }
}

}  // namespace tessel::detail::avx2

#undef TESSEL_AVX2

#endif
