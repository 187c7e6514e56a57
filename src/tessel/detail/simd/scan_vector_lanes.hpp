// Unaligned loads and stores and lane additions on the registers of
// scan_vector_avx2.hpp, scan_vector_avx512.hpp and scan_vector_gcc16.hpp,
// written once for all three: each includes this file inside its own
// namespace after defining Vec, its register type, vector_bytes, its size,
// and TESSEL_VECTOR_TARGET, the GCC target attribute of its instruction set
// (empty for the 16-byte vectors of the build's own target).
// No include guard: it is meant to be included once per instruction set.

// Lane additions of L (float, double, or unsigned integers of 4 or 8 bytes)
// are written in GCC's vector extensions: the target attribute picks the
// instructions.
template <class T>
TESSEL_VECTOR_TARGET inline Vec load(const T* from) {
  Vec x;
  std::memcpy(&x, from, sizeof x);
  return x;
}
template <class T>
TESSEL_VECTOR_TARGET inline void store(T* to, Vec x) {
  std::memcpy(to, &x, sizeof x);
}
template <class L>
TESSEL_VECTOR_TARGET inline Vec add(Vec a, Vec b) {
  using Lanes [[gnu::vector_size(vector_bytes)]] = L;
  Lanes x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  x += y;
  std::memcpy(&a, &x, sizeof a);
  return a;
}

// Plus's neutral element in a lane of L: -0.0 for floating point (see
// scan_vector.hpp), 0 for integers.
template <class L>
inline constexpr L neutral_lane = std::is_floating_point_v<L> ? L(-0.0) : L(0);

// `value` in every lane of L.
template <class L>
TESSEL_VECTOR_TARGET inline Vec splat(L value) {
  L lanes[vector_bytes / sizeof(L)];
  for (L& lane : lanes) lane = value;
  Vec x;
  std::memcpy(&x, lanes, sizeof x);
  return x;
}

// How many elements from `at` come before a vector_bytes boundary, at most
// `count`; 0 where `at` never reaches one (it is not aligned to T).
template <class T, class Index>
TESSEL_VECTOR_TARGET inline Index before_alignment(const T* at, Index count) {
  const auto misaligned = reinterpret_cast<std::uintptr_t>(at) % vector_bytes;
  if (misaligned % sizeof(T) != 0) return 0;
  return std::min<Index>(count, Index((vector_bytes - misaligned) % vector_bytes / sizeof(T)));
}
