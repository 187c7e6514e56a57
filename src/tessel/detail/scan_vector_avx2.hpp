#ifndef TESSEL_DETAIL_SCAN_VECTOR_AVX2_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_AVX2_HPP

// The Plus scan of scan_vector.hpp in 32-byte AVX2 registers, compiled for
// AVX2 with GCC's target attribute and chosen at run time where the CPU has
// it (scan_vector.hpp), so that a build for plain x86-64, as Debian's and
// most clusters' are, still uses it.
// Why not the SSE2 loop: it was bound by instructions and by latency, not
// by memory. 1M floats (in L3) on one EPYC (Zen 3) core: SSE2 0.29 ms,
// this 0.18 ms, a copy 0.11-0.14 ms. Three choices made the difference:
// - neutral lanes are shifted in by one alignr (no shuffle of two inputs,
//   no OR of -0.0 afterwards);
// - each 8-lane vector yields its total from the lane broadcast it already
//   makes for its upper half (one swap of halves and an addition, instead
//   of two further shuffles);
// - the carry of the next pair of vectors is the carry plus the pair's
//   totals, which do not wait for the carry: the chain from pair to pair is
//   two additions, and the scheduler is not filled by long dependent chains
//   (a chain of 10 dependent additions per vector ran 2.2x slower than 5
//   per vector on that core, where throughput alone would allow both).
// Not faster: two segments of a block scanned side by side, one in each
// 128-bit half, so that no shuffle crosses halves, then the second
// segment's carry added in a pass over L1: 1M floats 0.25 ms against this
// loop's 0.19 (the second pass costs more than the crossings it saves).
// Results differ from the SSE2 loop's only by the grouping of additions,
// which for floating point is Plus regrouped as scan_vector.hpp describes.

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <type_traits>

// FMA for add_on_fma: every CPU with AVX2 that tessel may meet has it.
#define TESSEL_X86_TARGET __attribute__((target("avx2,fma")))

namespace tessel::detail::avx2 {

using Vec = __m256i;
inline constexpr std::size_t vector_bytes = 32;

#include <tessel/detail/scan_vector_x86_lanes.hpp>

template <class T>
TESSEL_X86_TARGET inline void stream_store(T* to, Vec x) {
  _mm256_stream_si256(reinterpret_cast<Vec*>(to), x);
}

// add<L>(a, b) issued as a * 1 + b for floating point, the same sum bit for
// bit (a * 1 is exact, signed zeros and NaNs included, and a fused
// multiply-add rounds once), run by the multiply-add units instead of the
// adders: on Zen 4 those take two of the four vector pipes and the shuffles
// share a third, so the loops below, with six additions and five shuffles a
// vector, waited on the adders. With four of the six moved there, 1M floats
// on one Zen 4 core took 0.147 ms instead of 0.175 (doubles 0.298 -> 0.249);
// moving the other two as well gained nothing.
template <class L>
TESSEL_X86_TARGET inline Vec add_on_fma(Vec a, Vec b) {
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

// The last lane of each 128-bit half, in every lane of that half.
template <class L>
TESSEL_X86_TARGET inline Vec last_of_halves(Vec x) {
  return _mm256_shuffle_epi32(x, sizeof(L) == 4 ? 0xff : 0xee);
}

// x scanned in place, neutral lanes `neutral`; returns x's total in every lane.
template <class L>
TESSEL_X86_TARGET inline Vec scan_vector(Vec& x, Vec neutral) {
  // Within each 128-bit half: add the lanes shifted up by one, then by two.
  x = add<L>(x, _mm256_alignr_epi8(x, neutral, 16 - int(sizeof(L))));
  if constexpr (sizeof(L) == 4) x = add<L>(x, _mm256_alignr_epi8(x, neutral, 8));
  // The lower half's total into the upper half; both totals are that of x.
  const Vec halves = last_of_halves<L>(x);
  x = add_on_fma<L>(x, _mm256_permute2x128_si256(halves, neutral, 0x02));  // [neutral | lower total]
  return add_on_fma<L>(halves, _mm256_permute2x128_si256(halves, halves, 0x01));
}

// [before's last lane, x[0], ..., x[last - 1]]: an exclusive scan's lanes.
template <class L>
TESSEL_X86_TARGET inline Vec shift_in(Vec before, Vec x) {
  return _mm256_alignr_epi8(x, _mm256_permute2x128_si256(x, before, 0x03), 16 - int(sizeof(L)));
}

#include <tessel/detail/scan_vector_x86_loops.hpp>

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

#undef TESSEL_X86_TARGET

#endif
