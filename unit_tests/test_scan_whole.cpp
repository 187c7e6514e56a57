// Scans of whole rank-1 views, against std::inclusive_scan/exclusive_scan.
#include <scan_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Case>
class ScanWhole : public ::testing::Test {};
using WholeCases = CasesFor<std::int32_t, float, double>;
TYPED_TEST_SUITE(ScanWhole, WholeCases);

TYPED_TEST(ScanWhole, SizesAroundEveryTileBoundary) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  const tessel::TuningParameters tuning = tessel::Tuning<Space>{};
  const int tile = tuning.tile(sizeof(T), true).elements();
  std::vector<std::size_t> sizes{0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 100003};
  for (int k : {1, 2, 3, 17})
    for (int delta : {-1, 0, 1}) sizes.push_back(std::size_t(k * tile + delta));
  for (std::size_t n : sizes) {
    auto src = small_integers<Space, T>(n, n);
    Kokkos::View<T*, typename Space::memory_space> dst("tessel_test::dst", n);
    // Threaded host spaces reduce ahead (scan.reduce_ahead); without it
    // they take the chunks of scan.tiles_per_team, or with non-temporal
    // stores, chunks reduced first. Host spaces may also scan on the
    // calling thread (scan.inline_bytes).
    for (bool lookback : {false, true})
      for (double reduce_ahead : {0.0, tuning.scan.reduce_ahead})
        for (bool stream : {false, true})
          for (bool on_caller : {false, true}) {
        if (on_caller && (lookback || reduce_ahead > 0)) continue;
        tessel::TuningParameters variant = tuning;
        variant.scan.lookback = lookback;
        variant.scan.reduce_ahead = reduce_ahead;
        variant.scan.inline_bytes = on_caller ? std::size_t(1) << 40 : 0;
        if (stream) variant.scan.stream_bytes = 0;
        const std::string what = "n " + std::to_string(n) + " " + describe(variant);
        check_scan<Space>(src, dst, -1, tessel::Plus{}, std::optional<T>{}, variant, what);
        check_scan<Space>(src, dst, 0, tessel::Plus{}, std::optional<T>(T(5)), variant, what);
      }
  }
}

// Non-temporal stores need 16-byte aligned targets: a straight chain takes
// elements one by one up to the first aligned one. Sources and targets at
// every offset from an aligned start, inclusive and exclusive, in place,
// with the default tiles and with tiles of a few elements.
TYPED_TEST(ScanWhole, StreamedStoresFromEveryAlignment) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  std::vector<tessel::TuningParameters> tunings{tessel::Tuning<Space>{}};
  tessel::TuningParameters small = tessel::Tuning<Space>{};
  small.max_items_per_thread = 2;
  small.runs_per_thread = 2;
  small.scan.tiles_per_team = 3;
  small.scan.reduce_ahead = 0;
  tunings.push_back(small);
  for (auto& tuning : tunings) {
    tuning.scan.stream_bytes = 0;
    tuning.scan.stream_chunk_bytes = 40;
    tuning.scan.inline_bytes = 0;
  }
  tunings.push_back(tunings[0]);  // on the calling thread
  tunings.back().scan.inline_bytes = std::size_t(1) << 40;
  for (const auto& tuning : tunings)
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(5), std::size_t(17),
                          std::size_t(1000)})
      for (std::size_t from : {0, 1, 2, 3})
        for (std::size_t to : {0, 1, 3}) {
          auto source = small_integers<Space, T>(n + 4, 31 * n + from);
          Kokkos::View<T*, typename Space::memory_space> target("tessel_test::dst", n + 4);
          const auto src = Kokkos::subview(source, std::make_pair(from, from + n));
          const auto dst = Kokkos::subview(target, std::make_pair(to, to + n));
          const std::string what = "n " + std::to_string(n) + ", source at " + std::to_string(from) +
                                   ", target at " + std::to_string(to) + " " + describe(tuning);
          check_scan<Space>(src, dst, -1, tessel::Plus{}, std::optional<T>{}, tuning, what);
          check_scan<Space>(src, dst, 0, tessel::Plus{}, std::optional<T>(T(3)), tuning, what + " exclusive");
          check_scan<Space>(src, src, -1, tessel::Plus{}, std::optional<T>{}, tuning, what + " in place");
        }
}

TYPED_TEST(ScanWhole, TinyTilesForceMultiTileAndMultiLevelPaths) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (const auto& tuning : tiny_tunings(tessel::Tuning<Space>{})) {
    std::vector<std::size_t> sizes{1, 2, 5, 6, 13, 24, 25, 97, 300};
    if (tuning.max_items_per_thread >= 64) sizes.insert(sizes.end(), {4099, 30000});  // many teams of long runs
    for (std::size_t n : sizes) {
      auto src = small_integers<Space, T>(n, 7 * n + 1);
      Kokkos::View<T*, typename Space::memory_space> dst("tessel_test::dst", n);
      const std::string what = "n " + std::to_string(n) + " " + describe(tuning);
      check_scan<Space>(src, dst, -1, tessel::Plus{}, std::optional<T>{}, tuning, what);
      check_scan<Space>(src, dst, -1, tessel::Plus{}, std::optional<T>(T(-2)), tuning, what);
      check_scan<Space>(src, src, -1, tessel::Max{}, std::optional<T>{}, tuning, what + " in place");
    }
  }
}

TYPED_TEST(ScanWhole, InPlace) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (std::size_t n : {1, 1000, 70001}) {
    auto values = small_integers<Space, T>(n, 3);
    check_scan<Space>(values, values, -1, tessel::Plus{}, std::optional<T>{}, tessel::Tuning<Space>{}, "inclusive");
    values = small_integers<Space, T>(n, 4);
    check_scan<Space>(values, values, 0, tessel::Plus{}, std::optional<T>(T(1)), tessel::Tuning<Space>{}, "exclusive");
    values = small_integers<Space, T>(n, 5);
    check_scan<Space>(values, values, -1, tessel::Plus{}, std::optional<T>(T(-3)), tessel::Tuning<Space>{},
                      "inclusive from init", true);
  }
}

// Plus of the integer types the value list above leaves out: a lone thread
// scans contiguous 4- and 8-byte values in SIMD registers (2 or 4 lanes,
// blocks of twice that, then a scalar tail: detail/simd/scan_vector.hpp), and
// unsigned sums wrap.
template <class Space>
class ScanWholeIntegers : public ::testing::Test {};
TYPED_TEST_SUITE(ScanWholeIntegers, TestSpaces);

template <class Space, class T>
void check_plus_around_lane_blocks() {
  tessel::TuningParameters straight = tessel::Tuning<Space>{};
  straight.scan.straight = true;
  for (std::size_t n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1000, 100003}) {
    const std::string what = "n " + std::to_string(n);
    Kokkos::View<T*, typename Space::memory_space> dst("tessel_test::dst", n);
    auto src = small_integers<Space, T>(n, n + 11);
    check_scan<Space>(src, dst, -1, tessel::Plus{}, std::optional<T>{}, straight, what + " inclusive");
    check_scan<Space>(src, dst, 0, tessel::Plus{}, std::optional<T>(T(5)), straight, what + " exclusive");
    check_scan<Space>(src, src, -1, tessel::Plus{}, std::optional<T>{}, straight, what + " inclusive in place");
    src = small_integers<Space, T>(n, n + 12);
    check_scan<Space>(src, src, 0, tessel::Plus{}, std::optional<T>(T(7)), straight, what + " exclusive in place");
  }
}

TYPED_TEST(ScanWholeIntegers, PlusAroundLaneBlocks) {
  check_plus_around_lane_blocks<TypeParam, std::int64_t>();
  check_plus_around_lane_blocks<TypeParam, std::uint64_t>();
  check_plus_around_lane_blocks<TypeParam, std::uint32_t>();
}

TYPED_TEST(ScanWhole, StridedInputAndOutput) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (std::size_t n : {0, 1, 513, 5000}) {
    auto src = make_view<T, 1, Kokkos::LayoutStride, Space>({n, 1, 1});
    auto values = random_values<int>(n, 11, 0, 5);
    fill_view(src.view, [&](auto, std::size_t flat) { return static_cast<T>(values[flat]); });
    // A column of a LayoutRight matrix: strided, from a subview.
    Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space> matrix("tessel_test::matrix", n, 3);
    auto column = Kokkos::subview(matrix, Kokkos::ALL(), 1);
    check_scan<Space>(src.view, column, -1, tessel::Plus{}, std::optional<T>{}, tessel::Tuning<Space>{}, "to column");
    fill_view(column, [&](auto, std::size_t flat) { return static_cast<T>(values[flat]); });
    check_scan<Space>(column, src.view, 0, tessel::Plus{}, std::optional<T>(T(2)), tessel::Tuning<Space>{}, "from column");
    check_scan<Space>(column, src.view, 0, tessel::Plus{}, std::optional<T>(T(2)), tessel::Tuning<Space>{},
                      "from column, inclusive from init", true);
  }
}

TYPED_TEST(ScanWhole, ValueTypesMayDiffer) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  const std::size_t n = 3000;
  Kokkos::View<std::int8_t*, typename Space::memory_space> bytes("tessel_test::bytes", n);
  auto values = random_values<int>(n, 5, -100, 100);
  fill_view(bytes, [&](auto, std::size_t flat) { return static_cast<std::int8_t>(values[flat]); });
  Kokkos::View<T*, typename Space::memory_space> wide("tessel_test::wide", n);
  // Sums overflow int8 early; dst's type holds them.
  auto input = to_host(bytes);
  std::vector<T> expected(n);
  T running = 0;
  for (std::size_t i = 0; i < n; ++i) expected[i] = running = static_cast<T>(running + input(i));
  tessel::inclusive_scan(Space(), bytes, wide, tessel::Plus{});
  auto got = to_host(wide);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got(i), expected[i]) << i;
}

TYPED_TEST(ScanWhole, BadArgumentsThrowBeforeWriting) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  auto src = small_integers<Space, T>(100, 1);
  auto dst = small_integers<Space, T>(101, 2);
  expect_invalid_and_untouched<Space>([&] { tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}); }, dst,
                                      "tessel::inclusive_scan: dst has extent 101 in dimension 0 but src has extent 100");
  auto same = small_integers<Space, T>(100, 3);
  expect_invalid_and_untouched<Space>(
      [&] { tessel::exclusive_scan(Space(), src, same, tessel::Plus{}, T(0), tessel::ScanOptions{1}); }, same,
      "tessel::exclusive_scan: dim 1 is out of range for a rank-1 view");
  auto shifted = Kokkos::subview(dst, std::make_pair(1, 101));
  auto front = Kokkos::subview(dst, std::make_pair(0, 100));
  expect_invalid_and_untouched<Space>([&] { tessel::inclusive_scan(Space(), front, shifted, tessel::Plus{}); }, dst,
                                      "dst overlaps src");
  tessel::ScanOptions negative;
  negative.items_per_thread = -1;
  expect_invalid_and_untouched<Space>([&] { tessel::inclusive_scan(Space(), src, same, tessel::Plus{}, negative); },
                                      same, "items_per_thread -1 is negative");
}

}  // namespace
