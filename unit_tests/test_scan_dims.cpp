// Scans along every dim of 2D and 3D views in all three layouts.
#include <scan_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class ScanDims : public ::testing::Test {};
TYPED_TEST_SUITE(ScanDims, TestSpaces);

// Default tuning, tuning forced to batch slices (lone threads scanning
// contiguous slices straight or through the tile; strided neighbours swept
// in blocks of the budget's, of three slices, which reach across a 3D view's
// runs of neighbours, or scanned in the batched kernel's lanes), forced to
// tile them, and a few tiny tunings.
template <class Space>
std::vector<tessel::TuningParameters> dim_tunings() {
  std::vector<tessel::TuningParameters> tunings;
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  tunings.push_back(base);
  tessel::TuningParameters batched = base, tiled = base;
  batched.scan.batched_teams_per_thread = 0;
  tiled.scan.batched_teams_per_thread = 1 << 30;
  tunings.push_back(batched);
  for (std::size_t sweep : {std::size_t(3 * sizeof(std::int64_t)), std::size_t(0)}) {
    tessel::TuningParameters swept = batched;
    swept.runs_per_thread = 1;  // batched from one slice on
    swept.scan.sweep_bytes = sweep;
    tunings.push_back(swept);
  }
  batched.scan.straight = !batched.scan.straight;
  tunings.push_back(batched);
  tunings.push_back(tiled);
  const auto tiny = tiny_tunings(base);
  for (std::size_t k = 0; k < tiny.size(); k += 5) {
    tessel::TuningParameters variant = tiny[k];
    variant.scan.batched_teams_per_thread = (k / 5) % 2 == 0 ? 0 : 1 << 30;
    tunings.push_back(variant);
  }
  return tunings;
}

template <class Space, int Rank, class SrcLayout, class DstLayout>
void check_all_dims(const std::vector<std::array<std::size_t, 3>>& shapes) {
  using T = std::int64_t;
  for (const auto& extents : shapes) {
    auto src = make_view<T, Rank, SrcLayout, Space>(extents);
    auto dst = make_view<T, Rank, DstLayout, Space>(extents);
    auto values = random_values<T>(extents[0] * extents[1] * extents[2], 17, -50, 50);
    fill_view(src.view, [&](auto, std::size_t flat) { return values[flat]; });
    for (int dim = 0; dim < Rank; ++dim)
      for (const auto& tuning : dim_tunings<Space>()) {
        std::ostringstream what;
        what << "rank " << Rank << ' ' << typeid(SrcLayout).name() << " -> " << typeid(DstLayout).name() << " extents "
             << extents[0] << 'x' << extents[1] << 'x' << extents[2] << " dim " << dim << ' ' << describe(tuning);
        check_scan<Space>(src.view, dst.view, dim, tessel::Plus{}, std::optional<T>{}, tuning, what.str());
        check_scan<Space>(src.view, dst.view, dim, tessel::Plus{}, std::optional<T>(T(3)), tuning, what.str());
      }
  }
}

const std::vector<std::array<std::size_t, 3>> shapes2{{0, 5, 1}, {5, 0, 1}, {1, 1, 1}, {1, 37, 1}, {37, 1, 1},
                                                      {33, 129, 1}, {300, 7, 1}, {7, 300, 1}};
const std::vector<std::array<std::size_t, 3>> shapes3{{1, 1, 1}, {2, 3, 4}, {5, 1, 7}, {1, 9, 1},
                                                      {0, 2, 2}, {17, 6, 23}, {3, 40, 5}};

TYPED_TEST(ScanDims, Rank2LayoutLeft) { check_all_dims<TypeParam, 2, Kokkos::LayoutLeft, Kokkos::LayoutLeft>(shapes2); }
TYPED_TEST(ScanDims, Rank2LayoutRight) { check_all_dims<TypeParam, 2, Kokkos::LayoutRight, Kokkos::LayoutRight>(shapes2); }
TYPED_TEST(ScanDims, Rank2LayoutStride) { check_all_dims<TypeParam, 2, Kokkos::LayoutStride, Kokkos::LayoutStride>(shapes2); }
TYPED_TEST(ScanDims, Rank2MixedLayouts) { check_all_dims<TypeParam, 2, Kokkos::LayoutLeft, Kokkos::LayoutStride>(shapes2); }
TYPED_TEST(ScanDims, Rank3LayoutLeft) { check_all_dims<TypeParam, 3, Kokkos::LayoutLeft, Kokkos::LayoutLeft>(shapes3); }
TYPED_TEST(ScanDims, Rank3LayoutRight) { check_all_dims<TypeParam, 3, Kokkos::LayoutRight, Kokkos::LayoutRight>(shapes3); }
TYPED_TEST(ScanDims, Rank3LayoutStride) { check_all_dims<TypeParam, 3, Kokkos::LayoutStride, Kokkos::LayoutStride>(shapes3); }

TYPED_TEST(ScanDims, InPlaceAlongEachDim) {
  using Space = TypeParam;
  Kokkos::View<std::int64_t***, Kokkos::LayoutRight, typename Space::memory_space> cube("tessel_test::cube", 9, 70, 11);
  auto values = random_values<std::int64_t>(cube.size(), 5, -9, 9);
  for (int dim = 0; dim < 3; ++dim)
    for (std::optional<std::int64_t> init : {std::optional<std::int64_t>{}, std::optional<std::int64_t>(-4)}) {
      fill_view(cube, [&](auto, std::size_t flat) { return values[flat]; });
      check_scan<Space>(cube, cube, dim, tessel::Plus{}, init, tessel::Tuning<Space>{},
                        "in place, dim " + std::to_string(dim) + (init ? " exclusive" : ""));
    }
}

TYPED_TEST(ScanDims, SubviewsOfLargerViews) {
  using Space = TypeParam;
  Kokkos::View<std::int64_t***, Kokkos::LayoutLeft, typename Space::memory_space> big("tessel_test::big", 20, 30, 4);
  auto values = random_values<std::int64_t>(big.size(), 8, -9, 9);
  fill_view(big, [&](auto, std::size_t flat) { return values[flat]; });
  auto window = Kokkos::subview(big, std::make_pair(3, 17), Kokkos::ALL(), 2);  // rank 2, LayoutStride
  Kokkos::View<std::int64_t**, Kokkos::LayoutRight, typename Space::memory_space> out("tessel_test::out", 14, 30);
  for (int dim = 0; dim < 2; ++dim)
    check_scan<Space>(window, out, dim, tessel::Plus{}, std::optional<std::int64_t>{}, tessel::Tuning<Space>{},
                      "window dim " + std::to_string(dim));
}

TYPED_TEST(ScanDims, OptionalPathMatchesIdentityPath) {
  using Space = TypeParam;
  Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, typename Space::memory_space> matrix("tessel_test::m", 45, 260);
  auto values = random_values<std::int64_t>(matrix.size(), 2, -9, 9);
  fill_view(matrix, [&](auto, std::size_t flat) { return values[flat]; });
  Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, typename Space::memory_space> with("tessel_test::a", 45, 260),
      without("tessel_test::b", 45, 260);
  for (int dim = 0; dim < 2; ++dim)
    for (const auto& tuning : dim_tunings<Space>()) {
      tessel::ScanOptions options{dim};
      tessel::inclusive_scan(Space(), matrix, with, tessel::Plus{}, options, tuning);
      tessel::inclusive_scan(Space(), matrix, without, PlusWithoutIdentity{}, options, tuning);
      auto a = to_host(with);
      auto b = to_host(without);
      for (std::size_t i = 0; i < a.span(); ++i) ASSERT_EQ(a.data()[i], b.data()[i]) << describe(tuning);
    }
}

TYPED_TEST(ScanDims, BadDimsAndShapesThrowBeforeWriting) {
  using Space = TypeParam;
  Kokkos::View<double**, typename Space::memory_space> a("tessel_test::a", 4, 5), b("tessel_test::b", 4, 5),
      c("tessel_test::c", 5, 4);
  Kokkos::deep_copy(b, 7.0);
  Kokkos::deep_copy(c, 7.0);
  expect_invalid_and_untouched<Space>([&] { tessel::inclusive_scan(Space(), a, b, tessel::Plus{}); }, b,
                                      "tessel::inclusive_scan: dim must be given for a rank-2 view");
  expect_invalid_and_untouched<Space>(
      [&] { tessel::inclusive_scan(Space(), a, b, tessel::Plus{}, tessel::ScanOptions{2}); }, b,
      "tessel::inclusive_scan: dim 2 is out of range for a rank-2 view");
  expect_invalid_and_untouched<Space>(
      [&] { tessel::exclusive_scan(Space(), a, c, tessel::Plus{}, 0.0, tessel::ScanOptions{0}); }, c,
      "tessel::exclusive_scan: dst has extent 5 in dimension 0 but src has extent 4");
}

}  // namespace
