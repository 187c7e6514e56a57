#ifndef TESSEL_DETAIL_SCAN_VECTOR_AVX2_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_AVX2_HPP

// The Plus scan of scan_vector.hpp in 32-byte AVX2 registers, compiled for
// AVX2 with GCC's target attribute and chosen at run time where the CPU has
// it (scan_vector.hpp), so that a build for plain x86-64, as Debian's and
// most clusters' are, still uses it. The 16-byte loop is bound by its
// instructions, not by memory: 1M floats 1.4x faster here (docs/notes/simd.md).
// Each shift into the vector before is one swap of 128-bit halves and one
// alignr within halves. Results differ from the 16-byte loop's only by the
// grouping of floating-point additions (scan_vector.hpp).

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <type_traits>

// FMA for add_on_fma: every CPU with AVX2 that tessel may meet has it.
#define TESSEL_VECTOR_TARGET __attribute__((target("avx2,fma")))

namespace tessel::detail::avx2 {

using Vec = __m256i;
inline constexpr std::size_t vector_bytes = 32;

#include <tessel/detail/simd/scan_vector_lanes.inc>

template <class T>
TESSEL_VECTOR_TARGET inline void stream_store(T* to, Vec x) {
  _mm256_stream_si256(reinterpret_cast<Vec*>(to), x);
}
TESSEL_VECTOR_TARGET inline void stream_fence() { _mm_sfence(); }

// add<L>(a, b) issued as a * 1 + b for floating point, the same sum bit for
// bit (a * 1 is exact, signed zeros and NaNs included, and a fused
// multiply-add rounds once), run by the multiply-add units instead of the
// adders: on Zen 4 those take two of the four vector pipes and share them
// with the shuffles, so a loop of additions and shuffles waits on them
// (which additions go there: scan_vector_loops.inc).
template <class L>
TESSEL_VECTOR_TARGET inline Vec add_on_fma(Vec a, Vec b) {
  if constexpr (std::is_same_v<L, float>) {
    return _mm256_castps_si256(
        _mm256_fmadd_ps(_mm256_castsi256_ps(a), _mm256_set1_ps(1.0f), _mm256_castsi256_ps(b)));
  } else if constexpr (std::is_same_v<L, double>) {
    return _mm256_castpd_si256(
        _mm256_fmadd_pd(_mm256_castsi256_pd(a), _mm256_set1_pd(1.0), _mm256_castsi256_pd(b)));
  } else {
    return add<L>(a, b);
  }
}

// [before's last K lanes, x[0], ..., x[last - K]]: one swap of 128-bit
// halves across the two vectors, then one shift within halves.
template <class L, int K>
TESSEL_VECTOR_TARGET inline Vec shift_across(Vec before, Vec x) {
  const Vec middle = _mm256_permute2x128_si256(before, x, 0x21);  // [before's upper half | x's lower half]
  if constexpr (K * sizeof(L) == 16) {
    return middle;
  } else {
    return _mm256_alignr_epi8(x, middle, 16 - K * int(sizeof(L)));
  }
}

#include <tessel/detail/simd/scan_vector_loops.inc>

// Whether this CPU runs AVX2 and FMA (and its operating system saves the registers).
inline bool available() {
#if defined(__AVX2__) && defined(__FMA__)
  return true;
#else
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("fma") != 0;
  }();
  return has;
#endif
}

}  // namespace tessel::detail::avx2

#undef TESSEL_VECTOR_TARGET

#endif
