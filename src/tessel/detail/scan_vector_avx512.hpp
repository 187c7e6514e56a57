#ifndef TESSEL_DETAIL_SCAN_VECTOR_AVX512_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_AVX512_HPP

// The Plus scan of scan_vector.hpp in 64-byte AVX-512 registers (AVX-512F
// and BW), compiled with GCC's target attribute and chosen at run time where
// the CPU has them, ahead of the AVX2 loop (scan_vector_avx2.hpp, whose
// loops it shares: scan_vector_x86_loops.hpp), except on CPUs that split
// 512-bit instructions in two (preferred()).
// Why: the AVX2 loop is bound by its shuffles, ten per 16 floats, four of
// them across 128-bit halves. A 64-byte register scans 16 floats with six:
// two shifts within 128-bit lanes, one broadcast of each lane's last
// element, then the prefix of the four lane totals by two shifts across
// lanes (valignd) whose sum is what precedes each lane, and one broadcast of
// the total. 1M floats (in L3) on one EPYC (Zen 5) core: AVX2 0.148 ms,
// this 0.109 ms, memcpy 0.082 ms; 1M doubles 0.243 -> 0.207 ms (memcpy
// 0.176); 50K floats (in L2) 7.2 -> 5.2 us. Whole scans through tessel,
// OpenMP, 1M elements, AVX2 / this: one thread floats 0.151 / 0.113 ms,
// doubles 0.244 / 0.196, int64 0.214 / 0.181; two threads 0.096 / 0.075,
// 0.146 / 0.123-0.134, 0.132 / 0.116-0.133; 16M, bound by memory, within
// noise. Both loops align their stores first (see plus_scan): a 64-byte
// access from 8 bytes past a line straddles two on every load and store,
// and 500K int64 from there took 0.166 ms against AVX2's 0.105.
// On CPUs that lower their clock while running 512-bit instructions (Intel
// before Ice Lake), a scan gains less and what runs after it loses: builds
// for them define TESSEL_DISABLE_AVX512 (see available()). Results are the
// same either way, up to the grouping of floating-point additions, as for
// the AVX2 loop.

#include <cpuid.h>
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define TESSEL_X86_TARGET __attribute__((target("avx512f,avx512bw")))

namespace tessel::detail::avx512 {

using Vec = __m512i;
inline constexpr std::size_t vector_bytes = 64;

#include <tessel/detail/scan_vector_x86_lanes.hpp>

// add<L>(a, b) issued as a * 1 + b, as in scan_vector_avx2.hpp: the same
// sum, run by the multiply-add units. On Zen 4, which runs this loop as two
// 256-bit halves, four such additions a vector took 1M floats from 0.209 to
// 0.176 ms; not measured on CPUs with full 512-bit units.
template <class L>
TESSEL_X86_TARGET inline Vec add_on_fma(Vec a, Vec b) {
  if constexpr (std::is_same_v<L, float>) {
    return _mm512_castps_si512(
        _mm512_fmadd_ps(_mm512_castsi512_ps(a), _mm512_set1_ps(1.0f), _mm512_castsi512_ps(b)));
  } else if constexpr (std::is_same_v<L, double>) {
    return _mm512_castpd_si512(
        _mm512_fmadd_pd(_mm512_castsi512_pd(a), _mm512_set1_pd(1.0), _mm512_castsi512_pd(b)));
  } else {
    return add<L>(a, b);
  }
}

// The shuffles below through their masked forms, every lane selected: GCC
// 12's unmasked ones pass _mm512_undefined_epi32() as the masked-off source,
// which -Wmaybe-uninitialized reports at -O1 and above (a false positive), so
// a user building with -Wall -Werror could not compile tessel. The same
// instructions come out: a full mask never reads the source.
inline constexpr __mmask16 every_lane = 0xffff;
template <_MM_PERM_ENUM Pattern>
TESSEL_X86_TARGET inline Vec shuffle_within_lanes(Vec x) {
  return _mm512_mask_shuffle_epi32(x, every_lane, x, Pattern);
}
template <int Shift>
TESSEL_X86_TARGET inline Vec align_right(Vec high, Vec low) {
  return _mm512_mask_alignr_epi32(high, every_lane, high, low, Shift);
}
TESSEL_X86_TARGET inline Vec last_lane_everywhere(Vec x) {
  return _mm512_mask_shuffle_i32x4(x, every_lane, x, x, 0xff);
}

template <class T>
TESSEL_X86_TARGET inline void stream_store(T* to, Vec x) {
  _mm512_stream_si512(reinterpret_cast<Vec*>(to), x);
}

// x scanned in place, neutral lanes `neutral`; returns x's total in every lane.
// In 128-bit units, with a, b, c, d the totals of x's four 128-bit lanes.
template <class L>
TESSEL_X86_TARGET inline Vec scan_vector(Vec& x, Vec neutral) {
  // Within each 128-bit lane: add the lanes shifted up by one, then by two.
  x = add<L>(x, _mm512_alignr_epi8(x, neutral, 16 - int(sizeof(L))));
  if constexpr (sizeof(L) == 4) x = add<L>(x, _mm512_alignr_epi8(x, neutral, 8));
  const Vec totals = shuffle_within_lanes<sizeof(L) == 4 ? _MM_PERM_DDDD : _MM_PERM_DCDC>(x);  // [a|b|c|d]
  const Vec one_up = align_right<12>(totals, neutral);                                          // [n|a|b|c]
  const Vec pairs = add<L>(totals, one_up);                                                     // [a|a+b|b+c|c+d]
  const Vec two_up = align_right<8>(pairs, neutral);                                            // [n|n|a|a+b]
  x = add_on_fma<L>(x, add<L>(one_up, two_up));                                                 // + [n|a|a+b|a+b+c]
  const Vec inclusive = add_on_fma<L>(pairs, two_up);                                           // [a|...|a+b+c+d]
  return last_lane_everywhere(inclusive);
}

// [before's last lane, x[0], ..., x[last - 1]]: an exclusive scan's lanes.
template <class L>
TESSEL_X86_TARGET inline Vec shift_in(Vec before, Vec x) {
  return align_right<16 - int(sizeof(L) / 4)>(x, before);
}

#include <tessel/detail/scan_vector_x86_loops.hpp>

// Whether this CPU runs AVX-512F and BW (and its operating system saves the
// registers: GCC's check reads that too). Never where TESSEL_DISABLE_AVX512
// is defined: for clusters whose CPUs lower the clock of the whole core for
// a while after 512-bit instructions, which would slow what runs around the
// scans.
inline bool available() {
#if defined(TESSEL_DISABLE_AVX512)
  return false;
#elif defined(__AVX512F__) && defined(__AVX512BW__)
  return true;
#else
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0;
  }();
  return has;
#endif
}

// Whether this CPU runs 512-bit instructions as two 256-bit halves: AMD's
// family 0x19 with AVX-512 (Zen 4; Zen 3, the same family, has none). There
// the AVX2 loop's half as wide shuffles cost less than this loop's: one Zen
// 4 core, 1M floats / doubles / int64, AVX-512 -> AVX2: 0.208 -> 0.173,
// 0.356 -> 0.279, 0.270 -> 0.208 ms; 16M 4.3-4.5 -> 3.6-4.0, 8.1 -> 7.0,
// 7.8-8.3 -> 7.5-8.1 ms (memcpy 0.082 / 0.21 / 0.22 and 5.6 / 11.9 / 12.4
// ms). Zen 5 (family 0x1a) runs them whole, and there this loop wins.
inline bool splits_512_bit_vectors() {
  static const bool splits = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
    const bool amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;  // "AuthenticAMD"
    if (!amd || !__get_cpuid(1, &a, &b, &c, &d)) return false;
    const unsigned base = (a >> 8) & 0xfu;
    const unsigned family = base == 0xfu ? base + ((a >> 20) & 0xffu) : base;
    return family == 0x19u;
  }();
  return splits;
}

// Whether the scans and reductions take this loop rather than AVX2's.
inline bool preferred() { return available() && !splits_512_bit_vectors(); }

}  // namespace tessel::detail::avx512

#undef TESSEL_X86_TARGET

#endif
