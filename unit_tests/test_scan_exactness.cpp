// Scans apply the operator to input values only: an inclusive scan's first
// output is its first input, bit for bit; exclusive scans start from init bit
// for bit; Min, Max and bit operators equal the sequential left fold bit for
// bit, NaN payloads, signed zeros and infinities included. Floating-point
// Plus and Multiplies are regrouped by every parallel scan, so their data
// here are values whose sums and products are exact in any grouping.
#include <scan_test_support.hpp>
#include <scan_reference.hpp>
#include <sort_test_support.hpp>

#include <Kokkos_Complex.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class ScanExactness : public ::testing::Test {};
TYPED_TEST_SUITE(ScanExactness, TestSpaces);

template <class Space, class T, class Op>
void check_bitwise(Op op, const std::vector<T>& pool, std::optional<T> init, const std::string& name) {
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  auto tunings = tiny_tunings(base);
  tunings.push_back(base);
  for (std::size_t n : {1, 2, 3, 37, 300, 5000}) {
    for (int pattern = 0; pattern < 3; ++pattern) {
      std::mt19937_64 engine(n * 3 + pattern);
      std::vector<T> in(n);
      for (std::size_t i = 0; i < n; ++i) {
        // 0: uniform over the pool; 1: mostly the first values with rare
        // specials; 2: a special value first, then anything.
        const std::size_t pick = pattern == 1 && engine() % 8 != 0 ? engine() % 2 : engine() % pool.size();
        in[i] = pool[pick];
      }
      if (pattern == 2) in[0] = pool[pool.size() - 1];
      const auto expected = left_fold(in, op, init);
      Kokkos::View<T*, typename Space::memory_space> src("tessel_test::src", n), dst("tessel_test::dst", n);
      fill_view(src, [&](auto, std::size_t flat) { return in[flat]; });
      for (std::size_t k = 0; k < tunings.size(); k += (n > 1000 ? 11 : 1)) {
        for (bool in_place : {false, true}) {
          const auto target = in_place ? src : dst;
          fill_view(src, [&](auto, std::size_t flat) { return in[flat]; });  // the last call may have scanned it
          if (init)
            tessel::exclusive_scan(Space(), src, target, op, *init, tessel::ScanOptions{}, tunings[k]);
          else
            tessel::inclusive_scan(Space(), src, target, op, tessel::ScanOptions{}, tunings[k]);
          const auto got = to_host(target);
          for (std::size_t i = 0; i < n; ++i)
            ASSERT_TRUE((same_scan_result<Space, Op>(got(i), expected[i], i == 0)))
                << name << (init ? " exclusive" : " inclusive") << (in_place ? " in place" : "") << " n " << n
                << " pattern " << pattern << " position " << i << ": got " << bits_of(got(i)) << ", expected "
                << bits_of(expected[i]) << ' ' << describe(tunings[k]);
        }
      }
    }
  }
  // Along both dims of a matrix: every slice from its own first element.
  Kokkos::View<T**, Kokkos::LayoutLeft, typename Space::memory_space> m("tessel_test::m", 41, 23),
      out("tessel_test::out", 41, 23);
  std::mt19937_64 engine(17);
  fill_view(m, [&](auto, std::size_t) { return pool[engine() % pool.size()]; });
  const auto input = to_host(m);
  for (int dim = 0; dim < 2; ++dim) {
    tessel::ScanOptions options;
    options.dim = dim;
    if (init) tessel::exclusive_scan(Space(), m, out, op, *init, options, tunings[5]);
    else tessel::inclusive_scan(Space(), m, out, op, options, tunings[5]);
    const auto got = host_slices(to_host(out), dim);
    const auto slices = host_slices(input, dim);
    for (std::size_t s = 0; s < slices.size(); ++s) {
      const auto expected = left_fold(slices[s], op, init);
      for (std::size_t p = 0; p < expected.size(); ++p)
        ASSERT_TRUE((same_scan_result<Space, Op>(got[s][p], expected[p], p == 0)))
            << name << " dim " << dim << " slice " << s << " position " << p << ": got " << bits_of(got[s][p])
            << ", expected " << bits_of(expected[p]);
    }
  }
}

template <class Space, class T>
void check_every_operator() {
  const auto compared = comparison_values<T>();
  for (std::optional<T> init : {std::optional<T>{}, std::optional<T>(-T(0)), std::optional<T>(compared[0])}) {
    check_bitwise<Space, T>(tessel::Min{}, compared, init, "Min");
    check_bitwise<Space, T>(tessel::Max{}, compared, init, "Max");
  }
  // Inclusive, then exclusive from both zeros and from the operator's pool's
  // signalling NaN (its last value): the first output must be a copy of it.
  const auto inits_ending_with = [](T nan) {
    return std::vector<std::optional<T>>{std::nullopt, -T(0), T(0), nan};
  };
  for (std::optional<T> init : inits_ending_with(exact_sum_values<T>().back())) {
    check_bitwise<Space, T>(tessel::Plus{}, exact_sum_values<T>(), init, "Plus");
    check_bitwise<Space, T>(tessel::Plus{}, denormal_values<T>(), init, "Plus of denormals");
  }
  for (std::optional<T> init : inits_ending_with(exact_product_values<T>().back()))
    check_bitwise<Space, T>(tessel::Multiplies{}, exact_product_values<T>(), init, "Multiplies");
}

TYPED_TEST(ScanExactness, FloatEveryOperatorBitwise) { check_every_operator<TypeParam, float>(); }
TYPED_TEST(ScanExactness, DoubleEveryOperatorBitwise) { check_every_operator<TypeParam, double>(); }

// Plus on complex numbers adds part by part, from the neutral element
// (-0.0, -0.0) in the tile paths (complex(0), +0.0 in both parts, turned a
// sum of -0.0 into +0.0). The parts come from exact_sum_values: sums exact
// in any grouping, signed zeros, an infinity and NaN payloads; the pool
// starts with all -0.0 parts and (+0.0, -0.0), and ends with a signalling
// NaN part, which pattern 2 puts first.
TYPED_TEST(ScanExactness, ComplexPlusBitwise) {
  using C = Kokkos::complex<double>;
  const auto parts = exact_sum_values<double>();
  std::vector<C> pool{C(-0.0, -0.0), C(0.0, -0.0)};
  for (double re : parts)
    for (double im : parts) pool.push_back(C(re, im));
  pool.push_back(C(1.0, parts.back()));
  check_bitwise<TypeParam, C>(tessel::Plus{}, pool, {}, "complex Plus");
  check_bitwise<TypeParam, C>(tessel::Plus{}, pool, C(-0.0, -0.0), "complex Plus");
  check_bitwise<TypeParam, C>(tessel::Plus{}, pool, C(0.0, parts.back()), "complex Plus");
}

TYPED_TEST(ScanExactness, IntegerOperatorsEqualTheLeftFold) {
  using Space = TypeParam;
  std::vector<std::int32_t> values{0, 1, -1, 7, std::numeric_limits<std::int32_t>::min(),
                                   std::numeric_limits<std::int32_t>::max(), 12345};
  check_bitwise<Space, std::int32_t>(tessel::Min{}, values, {}, "Min");
  check_bitwise<Space, std::int32_t>(tessel::Max{}, values, std::int32_t(-9), "Max");
  std::vector<std::uint32_t> words{0u, 1u, 0xffffffffu, 0x80000000u, 0x12345678u, 3u};
  check_bitwise<Space, std::uint32_t>(tessel::Plus{}, words, {}, "Plus");
  check_bitwise<Space, std::uint32_t>(tessel::Multiplies{}, words, std::uint32_t(3), "Multiplies");
  check_bitwise<Space, std::uint32_t>(tessel::BitXor{}, words, {}, "BitXor");
  check_bitwise<Space, std::uint32_t>(tessel::BitAnd{}, words, std::uint32_t(0xfffffff0u), "BitAnd");
  check_bitwise<Space, std::uint32_t>(tessel::BitOr{}, words, {}, "BitOr");
}

// The minimal cases the issue reports.
TYPED_TEST(ScanExactness, FirstOutputIsTheFirstInput) {
  using Space = TypeParam;
  using View = Kokkos::View<float*, typename Space::memory_space>;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto run = [](std::vector<float> in, auto op) {
    View v("tessel_test::v", in.size());
    fill_view(v, [&](auto, std::size_t flat) { return in[flat]; });
    tessel::inclusive_scan(Space(), v, v, op);
    auto host = to_host(v);
    return std::vector<float>(host.data(), host.data() + host.extent(0));
  };
  const auto plus = run({-0.0f}, tessel::Plus{});
  EXPECT_TRUE(same_bits(plus[0], -0.0f)) << bits_of(plus[0]);
  const auto min = run({nan, 1, 2}, tessel::Min{});
  for (float value : min) EXPECT_TRUE(std::isnan(value)) << bits_of(value);
  const auto max = run({nan}, tessel::Max{});
  EXPECT_TRUE(std::isnan(max[0])) << bits_of(max[0]);
  // A signalling NaN first: any addition or product would quiet it (and a
  // GPU's would make it canonical), so only a copy keeps its bits.
  const float signalling = from_bits<float>(0x7f800123u);
  for (const auto& first : {run({signalling, 1, 2}, tessel::Plus{}), run({signalling}, tessel::Multiplies{})})
    EXPECT_TRUE(same_bits(first[0], signalling)) << bits_of(first[0]);
}

TYPED_TEST(ScanExactness, ExclusiveStartsFromInitBitForBit) {
  using Space = TypeParam;
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  auto tunings = tiny_tunings(base);
  tunings.push_back(base);
  for (const auto& tuning : tunings) {
    SCOPED_TRACE(describe(tuning));
    Kokkos::View<float*, typename Space::memory_space> one("tessel_test::one", 1);
    fill_view(one, [](auto, std::size_t) { return 5.0f; });
    tessel::exclusive_scan(Space(), one, one, tessel::Plus{}, -0.0f, tessel::ScanOptions{}, tuning);
    EXPECT_TRUE(same_bits(to_host(one)(0), -0.0f)) << bits_of(to_host(one)(0));
    for (std::size_t n : {3, 100, 1000}) {
      Kokkos::View<double*, typename Space::memory_space> zeros("tessel_test::zeros", n);
      fill_view(zeros, [](auto, std::size_t) { return -0.0; });
      tessel::exclusive_scan(Space(), zeros, zeros, tessel::Plus{}, -0.0, tessel::ScanOptions{}, tuning);
      const auto got = to_host(zeros);
      for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(same_bits(got(i), -0.0)) << "n " << n << " at " << i;
    }
    // Every slice of a matrix starts from init, whatever the tile and team
    // arrangement.
    Kokkos::View<float**, Kokkos::LayoutRight, typename Space::memory_space> m("tessel_test::m", 9, 50);
    fill_view(m, [](auto, std::size_t flat) { return flat % 3 == 0 ? -0.0f : 0.0f; });
    for (int dim = 0; dim < 2; ++dim) {
      Kokkos::View<float**, Kokkos::LayoutRight, typename Space::memory_space> out("tessel_test::out", 9, 50);
      tessel::ScanOptions options;
      options.dim = dim;
      tessel::exclusive_scan(Space(), m, out, tessel::Plus{}, -0.0f, options, tuning);
      const auto input = host_slices(to_host(m), dim), got = host_slices(to_host(out), dim);
      for (std::size_t s = 0; s < got.size(); ++s) {
        const auto expected = left_fold(input[s], tessel::Plus{}, std::optional<float>(-0.0f));
        for (std::size_t p = 0; p < expected.size(); ++p)
          ASSERT_TRUE(same_bits(got[s][p], expected[p])) << "dim " << dim << " slice " << s << " position " << p;
      }
    }
  }
}

// items_per_thread larger than any scratch holds for 8- and 16-byte types:
// the tile gets shorter runs and the scan is right.
TYPED_TEST(ScanExactness, LargeItemsPerThreadFitTheScratch) {
  using Space = TypeParam;
  for (int items : {1000, 100000}) {
    tessel::ScanOptions options;
    options.items_per_thread = items;
    for (int block : {0, 4, 64}) {
      options.block_size = block;
      const std::string what = "items_per_thread " + std::to_string(items) + " block_size " + std::to_string(block);
      Kokkos::View<std::int64_t*, typename Space::memory_space> src("tessel_test::src", 20000), dst("tessel_test::dst", 20000);
      fill_view(src, [](auto, std::size_t flat) { return std::int64_t(flat % 13) - 6; });
      const auto input = to_host(src);
      tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}, options);
      const auto got = to_host(dst);
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < input.extent(0); ++i) {
        sum += input(i);
        ASSERT_EQ(got(i), sum) << what << " at " << i;
      }
      Kokkos::View<Matrix2*, typename Space::memory_space> matrices("tessel_test::m", 3000), products("tessel_test::p", 3000);
      fill_view(matrices, [](auto, std::size_t flat) {
        return Matrix2{std::uint32_t(flat), 1u, std::uint32_t(flat * 7), 3u};
      });
      const auto host_matrices = to_host(matrices);
      tessel::inclusive_scan(Space(), matrices, products, Matrix2Product{}, options);
      const auto got_products = to_host(products);
      Matrix2 running = host_matrices(0);
      for (std::size_t i = 0; i < host_matrices.extent(0); ++i) {
        if (i > 0) running = Matrix2Product{}(running, host_matrices(i));
        ASSERT_TRUE(got_products(i) == running) << what << " at " << i;
      }
    }
  }
}

}  // namespace
