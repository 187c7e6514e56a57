#ifndef TESSEL_DETAIL_SCAN_VECTOR_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_HPP

// Plus scans of contiguous float slices on a lone host thread, in
// SIMD registers. A chain of scalar float additions waits for each one's
// latency (std::inclusive_scan: 0.50 ms for 1M floats on a Zen 4 core, where
// a copy of the same bytes takes 0.27 ms); scanning 4 lanes in a register by
// two shifted additions, then adding the carry, advances the chain by 8
// elements per two additions (0.28 ms; 11.1 ms for 16M, copy 9.3 ms).
// Written with GCC's vector extensions, which every GCC target lowers (SSE2
// on x86-64 by default), so it is compiled only by GCC for the host, and not
// in translation units of a GPU compiler (there host spaces take the scalar
// chain).
// Floating-point Plus is regrouped, as by every parallel scan; the shifted-in
// lanes are -0.0, Plus's exact neutral element, so signed zeros, infinities
// and NaNs come out as a sequential sum gives them.

#include <tessel/detail/partials.hpp>
#include <tessel/detail/slices.hpp>

#include <cstring>
#include <type_traits>

namespace tessel::detail {

#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_LLVM_COMPILER) && !defined(__CUDACC__) && \
    !defined(__HIPCC__) && !defined(SYCL_LANGUAGE_VERSION)
inline constexpr bool vector_scan_compiled = true;

// The scan of in[0, count) after `carry` into out; an exclusive scan writes
// each inclusive result one position later, the carry first. Returns the
// total after the last element.
inline float vector_plus_scan(const float* in, float* out, index_type count, float carry, bool exclusive) {
  typedef float lanes __attribute__((vector_size(16)));
  typedef int lane_indices __attribute__((vector_size(16)));
  const lanes neutral = {-0.0f, -0.0f, -0.0f, -0.0f};
  // [a3, b0, b1, b2]: in two shuffles of one SSE2 shufps each; GCC lowered
  // the single shuffle lane by lane, which measured 2x slower.
  const auto shift_in = [](lanes a, lanes b) {
    return __builtin_shuffle(__builtin_shuffle(a, b, lane_indices{3, 3, 4, 4}), b, lane_indices{0, 2, 5, 6});
  };
  const auto scan_lanes = [&](lanes x) {
    x += shift_in(neutral, x);
    return x + __builtin_shuffle(neutral, x, lane_indices{0, 1, 4, 5});
  };
  lanes running = {carry, carry, carry, carry};
  index_type i = 0;
  for (; i + 8 <= count; i += 8) {
    lanes low, high;
    std::memcpy(&low, in + i, sizeof low);  // both loaded before storing: in may be out
    std::memcpy(&high, in + i + 4, sizeof high);
    low = scan_lanes(low);
    high = scan_lanes(high) + __builtin_shuffle(low, lane_indices{3, 3, 3, 3});
    low += running;
    high += running;
    const lanes before = running;
    running = __builtin_shuffle(high, lane_indices{3, 3, 3, 3});
    if (exclusive) {
      high = shift_in(low, high);
      low = shift_in(before, low);
    }
    std::memcpy(out + i, &low, sizeof low);
    std::memcpy(out + i + 4, &high, sizeof high);
  }
  float value = running[0];
  for (; i < count; ++i) {
    const float next = in[i];
    const float sum = value + next;
    out[i] = exclusive ? value : sum;
    value = sum;
  }
  return value;
}
#else
inline constexpr bool vector_scan_compiled = false;
#endif

// Whether scan_chain takes vector_plus_scan.
template <class Partials, class Source, class Target>
inline constexpr bool vector_plus_scan_applies =
    vector_scan_compiled && std::is_same_v<std::remove_cv_t<decltype(Partials::op)>, Plus> &&
    std::is_same_v<typename Partials::value_type, float> &&
    (std::is_same_v<Source, ContiguousSlice<float>> || std::is_same_v<Source, ContiguousSlice<const float>>) &&
    std::is_same_v<Target, ContiguousSlice<float>>;

}  // namespace tessel::detail

#endif
