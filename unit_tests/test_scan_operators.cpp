// Operators of every partial size from 1 to 16 bytes, commutative or not,
// with and without a neutral element, through every tile path.
#include <scan_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class ScanOperators : public ::testing::Test {};
TYPED_TEST_SUITE(ScanOperators, TestSpaces);

template <class Space, class T, class Op, class Generate>
void check_operator(Op op, Generate&& generate, std::optional<T> init) {
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  auto tunings = tiny_tunings(base);
  tunings.push_back(base);
  for (std::size_t n : {1, 4, 33, 250, 4099}) {
    Kokkos::View<T*, typename Space::memory_space> src("tessel_test::src", n), dst("tessel_test::dst", n);
    std::mt19937_64 engine(n);
    fill_view(src, [&](auto, std::size_t) { return generate(engine); });
    for (std::size_t k = 0; k < tunings.size(); k += (n > 1000 ? 7 : 1)) {
      check_scan<Space>(src, dst, -1, op, init, tunings[k], "n " + std::to_string(n) + " " + describe(tunings[k]));
      // From init too: init∘x0, ... (not a copy of x0 first).
      if (init)
        check_scan<Space>(src, dst, -1, op, init, tunings[k],
                          "inclusive from init, n " + std::to_string(n) + " " + describe(tunings[k]), true);
    }
  }
  // Along both dims of a matrix, batched and tiled.
  Kokkos::View<T**, Kokkos::LayoutLeft, typename Space::memory_space> m("tessel_test::m", 70, 45), out("tessel_test::o", 70, 45);
  std::mt19937_64 engine(99);
  fill_view(m, [&](auto, std::size_t) { return generate(engine); });
  for (int dim = 0; dim < 2; ++dim)
    for (int batch : {0, 1 << 30}) {
      tessel::TuningParameters tuning = tunings[dim == 0 ? 5 : 30];
      tuning.scan.batched_teams_per_thread = batch;
      check_scan<Space>(m, out, dim, op, init, tuning, "matrix dim " + std::to_string(dim) + " " + describe(tuning));
      if (init)
        check_scan<Space>(m, out, dim, op, init, tuning,
                          "inclusive from init, matrix dim " + std::to_string(dim) + " " + describe(tuning), true);
    }
}

template <class U>
Affine<U> random_affine(std::mt19937_64& engine) {
  return {static_cast<U>(engine() | 1), static_cast<U>(engine())};
}
Matrix2 random_matrix2(std::mt19937_64& engine) {
  return {std::uint32_t(engine()), std::uint32_t(engine()), std::uint32_t(engine()), std::uint32_t(engine())};
}

TYPED_TEST(ScanOperators, OneByteKeepFirst) {
  check_operator<TypeParam, std::uint8_t>(KeepFirst{}, [](auto& e) { return std::uint8_t(e()); }, {});
  check_operator<TypeParam, std::uint8_t>(KeepFirst{}, [](auto& e) { return std::uint8_t(e()); }, std::uint8_t(7));
}
TYPED_TEST(ScanOperators, TwoByteAffine) {
  check_operator<TypeParam, Affine<std::uint8_t>>(ComposeAffine{}, random_affine<std::uint8_t>, {});
}
TYPED_TEST(ScanOperators, FourByteAffine) {
  check_operator<TypeParam, Affine<std::uint16_t>>(ComposeAffine{}, random_affine<std::uint16_t>, {});
  check_operator<TypeParam, Affine<std::uint16_t>>(ComposeAffine{}, random_affine<std::uint16_t>,
                                                   Affine<std::uint16_t>{3, 1});
}
TYPED_TEST(ScanOperators, EightByteAffine) {
  check_operator<TypeParam, Affine<std::uint32_t>>(ComposeAffine{}, random_affine<std::uint32_t>, {});
}
TYPED_TEST(ScanOperators, TwelveByteUnitriangular) {
  auto generate = [](auto& e) { return Unitriangular{std::uint32_t(e() % 7), std::uint32_t(e() % 7), std::uint32_t(e() % 7)}; };
  check_operator<TypeParam, Unitriangular>(UnitriangularProduct{}, generate, {});
  check_operator<TypeParam, Unitriangular>(UnitriangularProduct{}, generate, Unitriangular{1, 2, 3});
}
TYPED_TEST(ScanOperators, SixteenByteMatrixProduct) {
  check_operator<TypeParam, Matrix2>(Matrix2Product{}, random_matrix2, {});
  check_operator<TypeParam, Matrix2>(Matrix2Product{}, random_matrix2, Matrix2{1, 0, 0, 1});
}
// tessel::Multiplies on an aggregate with an operator*: C++20 builds an
// aggregate from one number (Matrix2(1) is {1, 0, 0, 0}), which must not be
// taken for its neutral element (CI builds this test as C++20 too).
TYPED_TEST(ScanOperators, ProvidedOperatorOnAnAggregate) {
  check_operator<TypeParam, Matrix2>(tessel::Multiplies{}, random_matrix2, {});
}
TYPED_TEST(ScanOperators, FourByteNotTriviallyCopyable) {
  static_assert(!std::is_trivially_copyable_v<CopiedSum>);
  auto generate = [](auto& e) { return CopiedSum(std::uint32_t(e())); };
  check_operator<TypeParam, CopiedSum>(AddCopiedSums{}, generate, {});
  check_operator<TypeParam, CopiedSum>(AddCopiedSums{}, generate, CopiedSum(5));
}
TYPED_TEST(ScanOperators, ProvidedOperatorsWithIdentities) {
  auto bits = [](auto& e) { return std::uint16_t(e()); };
  check_operator<TypeParam, std::uint16_t>(tessel::BitAnd{}, [](auto& e) { return std::uint16_t(e() | e()); }, {});
  check_operator<TypeParam, std::uint16_t>(tessel::BitOr{}, [](auto& e) { return std::uint16_t(1u << (e() % 16)); }, {});
  check_operator<TypeParam, std::uint16_t>(tessel::BitXor{}, bits, std::uint16_t(5));
  check_operator<TypeParam, double>(tessel::Min{}, [](auto& e) { return double(e() % 1000) - 500; }, {});
  check_operator<TypeParam, double>(tessel::Max{}, [](auto& e) { return double(e() % 1000) - 500; }, -1e300);
  check_operator<TypeParam, std::int64_t>(tessel::Multiplies{}, [](auto& e) { return std::int64_t(e() % 3) - 1; }, {});
}

TEST(Operators, IdentityElements) {
  static_assert(tessel::has_identity_element<tessel::Plus, int>);
  static_assert(tessel::has_identity_element<tessel::Min, float>);
  static_assert(!tessel::has_identity_element<tessel::Min, Matrix2>);
  static_assert(!tessel::has_identity_element<tessel::Plus, Matrix2>);
  static_assert(!tessel::has_identity_element<tessel::Multiplies, Matrix2>);
  static_assert(!tessel::has_identity_element<tessel::Plus, CopiedSum>);  // a class built from a number
  static_assert(!tessel::has_identity_element<Matrix2Product, Matrix2>);
  static_assert(!tessel::has_identity_element<PlusWithoutIdentity, int>);
  using MinFloat = tessel::identity_element<tessel::Min, float>;
  using MaxInt = tessel::identity_element<tessel::Max, int>;
  using AndByte = tessel::identity_element<tessel::BitAnd, std::uint8_t>;
  using TimesDouble = tessel::identity_element<tessel::Multiplies, double>;
  EXPECT_EQ(MinFloat::value(), std::numeric_limits<float>::infinity());
  EXPECT_EQ(MaxInt::value(), std::numeric_limits<int>::lowest());
  EXPECT_EQ(AndByte::value(), 0xFF);
  EXPECT_EQ(TimesDouble::value(), 1.0);
  // Complex Plus: (-0.0, -0.0), sign bits included; complex Multiplies has no
  // exact neutral element.
  static_assert(!tessel::has_identity_element<tessel::Multiplies, Kokkos::complex<double>>);
  static_assert(!tessel::has_identity_element<tessel::Multiplies, std::complex<float>>);
  const Kokkos::complex<double> zero = tessel::identity_element<tessel::Plus, Kokkos::complex<double>>::value();
  const std::complex<float> zero_f = tessel::identity_element<tessel::Plus, std::complex<float>>::value();
  EXPECT_TRUE(zero.real() == 0.0 && std::signbit(zero.real()) && zero.imag() == 0.0 && std::signbit(zero.imag()));
  EXPECT_TRUE(zero_f.real() == 0.0f && std::signbit(zero_f.real()) && zero_f.imag() == 0.0f &&
              std::signbit(zero_f.imag()));
}

}  // namespace

// A user's specialisation of identity_element is found.
struct UserMax {
  KOKKOS_INLINE_FUNCTION int operator()(int a, int b) const { return a < b ? b : a; }
};
template <>
struct tessel::identity_element<UserMax, int> {
  KOKKOS_INLINE_FUNCTION static constexpr int value() { return -1000; }
};
static_assert(tessel::has_identity_element<UserMax, int>);
