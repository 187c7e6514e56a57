// The SIMD Plus scans of one host thread (detail/simd/scan_vector.hpp), each
// kernel called directly: the public scans reach only the one this CPU
// dispatches to, so the 16-byte loop, which x86-64 CPUs without AVX2 run,
// would otherwise go untested here. Every element is compared bit for bit
// with a sequential loop: integers wrap as their unsigned counterparts;
// floating-point inputs are integers (exact in any grouping), signed zeros,
// one NaN payload and infinities of one sign. The AVX2 and AVX-512
// reductions are checked the same way.
#include <test_helpers.hpp>

#include <tessel/detail/simd/scan_vector.hpp>

#include <functional>

namespace {

using namespace tessel_test;
using tessel::detail::index_type;

#if defined(TESSEL_DETAIL_VECTOR_SCAN)

template <class T>
using Kernel = std::function<T(const T*, T*, index_type, T, bool, bool)>;

template <class T>
std::vector<std::pair<std::string, Kernel<T>>> kernels() {
  std::vector<std::pair<std::string, Kernel<T>>> all{
      {"16-byte vectors", [](const T* in, T* out, index_type n, T carry, bool exclusive, bool stream) {
         return tessel::detail::vector16_plus_scan(in, out, n, carry, exclusive, stream);
       }}};
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  using L = tessel::detail::plus_lane_type<T>;
  if (tessel::detail::avx2::available())
    all.push_back({"AVX2", [](const T* in, T* out, index_type n, T carry, bool exclusive, bool stream) {
                     return tessel::detail::avx2::plus_scan<L>(in, out, n, carry, exclusive, stream);
                   }});
  else
    std::cout << "[   NOTE   ] this CPU has no AVX2: its kernel is not run\n";
  if (tessel::detail::avx512::available())
    all.push_back({"AVX-512", [](const T* in, T* out, index_type n, T carry, bool exclusive, bool stream) {
                     return tessel::detail::avx512::plus_scan<L>(in, out, n, carry, exclusive, stream);
                   }});
  else
    std::cout << "[   NOTE   ] no AVX-512 (this CPU, or TESSEL_DISABLE_AVX512): its kernel is not run\n";
#endif
  return all;
}

// Values of kind 0 (small integers), 1 (extremes: wrapping integers; signed
// zeros and infinities of floats) or 2 (kind 1 with a NaN).
template <class T>
std::vector<T> values(std::size_t n, int kind, std::mt19937_64& engine) {
  std::vector<T> in(n);
  for (auto& x : in) x = T(std::int64_t(engine() % 2001) - 1000);
  if (kind == 0) return in;
  for (std::size_t i = 0; i < n; i += 1 + engine() % 7) {
    if constexpr (std::is_integral_v<T>)
      in[i] = engine() % 2 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
    else
      in[i] = engine() % 2 ? T(-0.0) : T(0.0);
  }
  if constexpr (std::is_floating_point_v<T>) {
    if (n > 40) in[n / 2] = std::numeric_limits<T>::infinity();
    if (kind == 2 && n > 0) in[engine() % n] = special_values<T>()[4];  // payload 12345
  }
  return in;
}

// Every size up to 70 (every tail of every vector loop), and a few long ones.
std::vector<std::size_t> test_sizes() {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 70; ++n) sizes.push_back(n);
  sizes.insert(sizes.end(), {1000, 1001, 4099});
  return sizes;
}

template <class T>
void check_kernels() {
  using L = tessel::detail::plus_lane_type<T>;
  std::mt19937_64 engine(sizeof(T) * 10 + std::is_integral_v<T>);
  const std::vector<std::size_t> sizes = test_sizes();
  for (const auto& [name, scan] : kernels<T>())
    for (std::size_t n : sizes)
      for (int kind : {0, 1, 2})
        for (bool exclusive : {false, true})
          for (bool stream : {false, true})
            for (int in_place = 0; in_place < 2; ++in_place)
              for (std::size_t from : {0, 1, 3, 5}) {
                const std::size_t to = in_place ? from : (from * 3 + n) % 8;
                const auto in = values<T>(n, kind, engine);
                const T carry = kind == 0 ? T(7) : std::is_integral_v<T> ? std::numeric_limits<T>::max() : T(-0.0);
                std::vector<T> expected(n);
                T running = carry;
                for (std::size_t i = 0; i < n; ++i) {
                  const T sum = T(L(running) + L(in[i]));
                  expected[i] = exclusive ? running : sum;
                  running = sum;
                }
                // Guards around both ranges show writes outside them.
                std::vector<T> source(n + 16, T(99)), target(n + 16, T(99));
                std::copy(in.begin(), in.end(), source.begin() + from);
                T* out = in_place ? source.data() + from : target.data() + to;
                const T total = scan(source.data() + from, out, index_type(n), carry, exclusive, stream);
                const std::string what = name + ", " + std::to_string(n) + " elements of kind " +
                                         std::to_string(kind) + (exclusive ? ", exclusive" : ", inclusive") +
                                         (stream ? ", streamed" : "") + (in_place ? ", in place" : "") + " at " +
                                         std::to_string(from) + " -> " + std::to_string(to);
                ASSERT_TRUE(same_bits(total, running))
                    << what << ": total " << bits_of(total) << ", expected " << bits_of(running);
                for (std::size_t i = 0; i < n; ++i)
                  ASSERT_TRUE(same_bits(out[i], expected[i]))
                      << what << ", position " << i << ": " << bits_of(out[i]) << ", expected "
                      << bits_of(expected[i]);
                const auto& written = in_place ? source : target;
                const std::size_t at = in_place ? from : to;
                for (std::size_t i = 0; i < written.size(); ++i) {
                  if (i < at || i >= at + n) {
                    ASSERT_TRUE(same_bits(written[i], T(99))) << what << ": wrote " << i;
                  }
                }
              }
}

// The AVX2 and AVX-512 Plus reductions (the reductions ahead of threaded
// scans) against the sequential sum, bit for bit, from every offset of a
// 64-byte line.
template <class T>
void check_reduction() {
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  using L = tessel::detail::plus_lane_type<T>;
  if (!tessel::detail::avx2::available()) {
    std::cout << "[   NOTE   ] this CPU has no AVX2: its reduction is not run\n";
    return;
  }
  std::vector<std::pair<std::string, T (*)(const T*, index_type)>> reductions{
      {"AVX2", tessel::detail::avx2::plus_reduce<L, T, index_type>}};
  if (tessel::detail::avx512::available())
    reductions.push_back({"AVX-512", tessel::detail::avx512::plus_reduce<L, T, index_type>});
  else
    std::cout << "[   NOTE   ] no AVX-512 (this CPU, or TESSEL_DISABLE_AVX512): its reduction is not run\n";
  std::mt19937_64 engine(sizeof(T) * 100 + std::is_integral_v<T>);
  const std::vector<std::size_t> sizes = test_sizes();
  for (const auto& [name, reduce] : reductions)
    for (std::size_t n : sizes)
      for (int kind : {0, 1, 2})
        for (std::size_t from = 0; from < 64 / sizeof(T); ++from) {
          const auto in = values<T>(n, kind, engine);
          std::vector<T> source(n + 64 / sizeof(T), T(99));
          std::copy(in.begin(), in.end(), source.begin() + from);
          L expected = std::is_floating_point_v<L> ? L(-0.0) : L(0);
          for (T x : in) expected += L(x);
          const T total = reduce(source.data() + from, index_type(n));
          ASSERT_TRUE(same_bits(total, T(expected)))
              << name << ", " << n << " elements of kind " << kind << " at " << from << ": " << bits_of(total)
              << ", expected " << bits_of(T(expected));
        }
#endif
}

TEST(ScanVector, TheReductionMatchesTheSequentialSum) {
  check_reduction<float>();
  check_reduction<double>();
  check_reduction<std::int32_t>();
  check_reduction<std::uint32_t>();
  check_reduction<std::int64_t>();
  check_reduction<std::uint64_t>();
}

TEST(ScanVector, EveryKernelMatchesTheSequentialLoop) {
  check_kernels<float>();
  check_kernels<double>();
  check_kernels<std::int32_t>();
  check_kernels<std::uint32_t>();
  check_kernels<std::int64_t>();
  check_kernels<std::uint64_t>();
}

#endif

}  // namespace
