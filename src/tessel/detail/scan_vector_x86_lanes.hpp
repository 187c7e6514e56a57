// Unaligned loads and stores and lane additions on the registers of
// scan_vector_avx2.hpp and scan_vector_avx512.hpp, written once for both:
// each includes this file inside its own namespace after defining Vec, its
// register type, vector_bytes, its size, and TESSEL_X86_TARGET, the GCC
// target attribute of its instruction set.
// No include guard: it is meant to be included once per instruction set.

// Lane additions of L (float, double, or unsigned integers of 4 or 8 bytes)
// are written in GCC's vector extensions: the target attribute picks the
// instructions.
template <class T>
TESSEL_X86_TARGET inline Vec load(const T* from) {
  Vec x;
  std::memcpy(&x, from, sizeof x);
  return x;
}
template <class T>
TESSEL_X86_TARGET inline void store(T* to, Vec x) {
  std::memcpy(to, &x, sizeof x);
}
template <class L>
TESSEL_X86_TARGET inline Vec add(Vec a, Vec b) {
  using Lanes [[gnu::vector_size(vector_bytes)]] = L;
  Lanes x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  x += y;
  std::memcpy(&a, &x, sizeof a);
  return a;
}
