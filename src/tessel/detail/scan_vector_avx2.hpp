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
#include <cstring>
#include <type_traits>

#define TESSEL_AVX2 __attribute__((target("avx2")))

namespace tessel::detail::avx2 {

// Lane additions of L (float, double, or unsigned integers of 4 or 8 bytes)
// on the bits of 256-bit integer vectors.
template <class L>
TESSEL_AVX2 inline __m256i add(__m256i a, __m256i b) {
  if constexpr (std::is_same_v<L, float>)
    return _mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
  else if constexpr (std::is_same_v<L, double>)
    return _mm256_castpd_si256(_mm256_add_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b)));
  else if constexpr (sizeof(L) == 4)
    return _mm256_add_epi32(a, b);
  else
    return _mm256_add_epi64(a, b);
}

// The last lane of each 128-bit half, in every lane of that half.
template <class L>
TESSEL_AVX2 inline __m256i last_of_halves(__m256i x) {
  return _mm256_shuffle_epi32(x, sizeof(L) == 4 ? 0xff : 0xee);
}

// x scanned in place, neutral lanes `neutral`; returns x's total in every lane.
template <class L>
TESSEL_AVX2 inline __m256i scan_vector(__m256i& x, __m256i neutral) {
  // Within each 128-bit half: add the lanes shifted up by one, then by two.
  x = add<L>(x, _mm256_alignr_epi8(x, neutral, 16 - int(sizeof(L))));
  if constexpr (sizeof(L) == 4) x = add<L>(x, _mm256_alignr_epi8(x, neutral, 8));
  // The lower half's total into the upper half; both totals are that of x.
  const __m256i halves = last_of_halves<L>(x);
  x = add<L>(x, _mm256_permute2x128_si256(halves, neutral, 0x02));  // [neutral | lower total]
  return add<L>(halves, _mm256_permute2x128_si256(halves, halves, 0x01));
}

// [before's last lane, x[0], ..., x[last - 1]]: an exclusive scan's lanes.
template <class L>
TESSEL_AVX2 inline __m256i shift_in(__m256i before, __m256i x) {
  return _mm256_alignr_epi8(x, _mm256_permute2x128_si256(x, before, 0x03), 16 - int(sizeof(L)));
}

// The scan of in[0, count) after `carry` into out, as vector_plus_scan; L is
// T's lane type. `stream`: non-temporal stores.
template <class L, class T, class Index>
TESSEL_AVX2 __attribute__((noinline)) T plus_scan(const T* in, T* out, Index count, T carry, bool exclusive,
                                                  bool stream) {
  constexpr Index n = Index(32 / sizeof(L));
  L value = L(carry);
  Index i = 0;
  // One element at a time: until a streamed store is aligned, and the tail.
  const auto scalar_until = [in, out, exclusive, &value, &i](Index end) {
    for (; i < end; ++i) {
      const L next = L(in[i]);
      const L sum = value + next;
      out[i] = T(exclusive ? value : sum);
      value = sum;
    }
  };
  if (stream) {
    const auto misaligned = reinterpret_cast<std::uintptr_t>(out) % 32;
    scalar_until(misaligned % sizeof(T) != 0 ? count  // never aligned: no vector stores at all
                                             : std::min<Index>(count, Index((32 - misaligned) % 32 / sizeof(T))));
  }
  const L neutral_lane = std::is_floating_point_v<L> ? L(-0.0) : L(0);
  L splat[n], neutrals[n];
  for (Index lane = 0; lane < n; ++lane) {
    splat[lane] = value;
    neutrals[lane] = neutral_lane;
  }
  __m256i running, neutral;
  std::memcpy(&running, splat, sizeof running);
  std::memcpy(&neutral, neutrals, sizeof neutral);
  for (; i + 2 * n <= count; i += 2 * n) {
    __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));  // both before storing: in may be out
    __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i + n));
    const __m256i low_total = scan_vector<L>(low, neutral);
    const __m256i high_total = scan_vector<L>(high, neutral);
    const __m256i middle = add<L>(running, low_total);  // what precedes high
    low = add<L>(low, running);
    high = add<L>(high, middle);
    if (exclusive) {
      low = shift_in<L>(running, low);
      high = shift_in<L>(middle, high);
    }
    running = add<L>(middle, high_total);
    if (stream) {
      _mm256_stream_si256(reinterpret_cast<__m256i*>(out + i), low);
      _mm256_stream_si256(reinterpret_cast<__m256i*>(out + i + n), high);
    } else {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), low);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i + n), high);
    }
  }
  if (stream) _mm_sfence();  // streamed stores are ordered before what follows
  std::memcpy(&value, &running, sizeof value);
  scalar_until(count);
  return T(value);
}

// The Plus reduction of in[0, count) in any grouping, as vector_plus_reduce;
// L is T's lane type. Four accumulators of 32 bytes: the reductions ahead of
// threaded scans (scan_reduce_ahead.hpp) read a block while another thread
// scans, and with the 16 scalar accumulators of reduce_unordered, which a
// plain x86-64 build turns into 16-byte vectors, 400K elements on one EPYC
// (Zen 3) core took 0.32-0.46 of the time of this file's scan of as many;
// this 0.28-0.40 (floats 25.3 -> 21.9 us, int64 48 -> 42 us).
template <class L, class T, class Index>
TESSEL_AVX2 __attribute__((noinline)) T plus_reduce(const T* in, Index count) {
  constexpr Index n = Index(32 / sizeof(L));
  constexpr int ways = 4;
  const L neutral_lane = std::is_floating_point_v<L> ? L(-0.0) : L(0);
  L lanes[n];
  for (Index lane = 0; lane < n; ++lane) lanes[lane] = neutral_lane;
  __m256i sums[ways];
  for (__m256i& sum : sums) std::memcpy(&sum, lanes, sizeof sum);
  Index i = 0;
  for (; i + ways * n <= count; i += ways * n)
    for (int way = 0; way < ways; ++way)
      sums[way] = add<L>(sums[way], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i + way * n)));
  const __m256i sum = add<L>(add<L>(sums[0], sums[1]), add<L>(sums[2], sums[3]));
  std::memcpy(lanes, &sum, sizeof sum);
  L total = neutral_lane;
  for (Index lane = 0; lane < n; ++lane) total += lanes[lane];
  for (; i < count; ++i) total += L(in[i]);
  return T(total);
}

// Whether this CPU runs AVX2 (and its operating system saves the registers).
inline bool available() {
#if defined(__AVX2__)
  return true;
#else
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
#endif
}

}  // namespace tessel::detail::avx2

#undef TESSEL_AVX2

#endif
