// findall, count_if and copy_if against a host loop.
#include <scan_test_support.hpp>

#include <tessel/findall.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class Findall : public ::testing::Test {};
TYPED_TEST_SUITE(Findall, TestSpaces);

struct Below {
  float threshold;
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x < threshold; }
};

std::vector<std::int64_t> reference(const std::vector<float>& values, float threshold) {
  std::vector<std::int64_t> positions;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] < threshold) positions.push_back(static_cast<std::int64_t>(i));
  return positions;
}

// Runs findall (predicate form), count_if and copy_if on `view` and checks
// them against the host loop.
template <class Space, class View>
void check_all_forms(const View& view, const std::vector<float>& values, float threshold,
                     const tessel::TuningParameters& tuning, const std::string& what) {
  SCOPED_TRACE(what + " " + describe(tuning));
  const auto expected = reference(values, threshold);
  const auto found = tessel::findall(Space(), view, Below{threshold}, tuning);
  auto got = to_host(found);
  ASSERT_EQ(got.extent(0), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(got(k), expected[k]) << "position " << k;

  EXPECT_EQ(tessel::count_if(Space(), view, Below{threshold}, tuning),
            static_cast<std::int64_t>(expected.size()));

  Kokkos::View<float*, typename Space::memory_space> out("tessel_test::out", expected.size() + 3);
  Kokkos::deep_copy(out, -1.0f);
  const auto copied = tessel::copy_if(Space(), view, out, Below{threshold}, tuning);
  ASSERT_EQ(copied, static_cast<std::int64_t>(expected.size()));
  auto host_out = to_host(out);
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(host_out(k), values[expected[k]]) << "copied " << k;
  for (std::size_t k = expected.size(); k < out.extent(0); ++k) ASSERT_EQ(host_out(k), -1.0f) << "past the count";
}

template <class Space>
Kokkos::View<float*, typename Space::memory_space> device_values(const std::vector<float>& values) {
  Kokkos::View<float*, typename Space::memory_space> view("tessel_test::values", values.size());
  fill_view(view, [&](auto, std::size_t flat) { return values[flat]; });
  return view;
}

TYPED_TEST(Findall, AdversarialPatternsAroundTileBoundaries) {
  using Space = TypeParam;
  for (const auto& tuning : findall_tunings<Space>()) {
    // The flags are tiled as one-byte elements (FindallTile, detail/test_findall_internals.cpp).
    const int tile = tuning.tile(1, true).elements();
    std::vector<std::size_t> sizes{1, 2, 3, 17};
    for (int k : {1, 2, 5})
      for (int delta : {-1, 0, 1}) sizes.push_back(std::size_t(std::max(1, k * tile + delta)));
    for (std::size_t n : sizes) {
      std::vector<std::pair<std::string, std::vector<float>>> patterns;
      patterns.push_back({"all false", std::vector<float>(n, 1.0f)});
      patterns.push_back({"all true", std::vector<float>(n, 0.0f)});
      std::vector<float> alternating(n), first(n, 1.0f), last(n, 1.0f);
      for (std::size_t i = 0; i < n; ++i) alternating[i] = i % 2 ? 0.0f : 1.0f;
      first[0] = 0.0f;
      last[n - 1] = 0.0f;
      patterns.push_back({"alternating", alternating});
      patterns.push_back({"first only", first});
      patterns.push_back({"last only", last});
      for (const auto& [name, values] : patterns)
        check_all_forms<Space>(device_values<Space>(values), values, 0.5f, tuning,
                               name + " n " + std::to_string(n));
    }
  }
}

TYPED_TEST(Findall, RandomDensities) {
  using Space = TypeParam;
  const auto tunings = findall_tunings<Space>();
  for (std::size_t n : {1000, 100003}) {
    const auto values = random_values<float>(n, n, 0.0f, 1.0f);
    const auto view = device_values<Space>(values);
    for (float density : {0.001f, 0.01f, 0.1f, 0.5f, 0.9f, 0.99f, 0.999f})
      for (std::size_t k = 0; k < tunings.size(); k += (n > 1000 ? tunings.size() / 3 : 2))
        check_all_forms<Space>(view, values, density, tunings[k], "density " + std::to_string(density));
  }
}

TYPED_TEST(Findall, StridedInput) {
  using Space = TypeParam;
  const std::size_t n = 5000;
  const auto values = random_values<float>(n, 3, 0.0f, 1.0f);
  auto strided = make_view<float, 1, Kokkos::LayoutStride, Space>({n, 1, 1});
  fill_view(strided.view, [&](auto, std::size_t flat) { return values[flat]; });
  Kokkos::View<float**, Kokkos::LayoutRight, typename Space::memory_space> matrix("tessel_test::m", n, 2);
  auto column = Kokkos::subview(matrix, Kokkos::ALL(), 1);
  fill_view(column, [&](auto, std::size_t flat) { return values[flat]; });
  for (const auto& tuning : findall_tunings<Space>()) {
    check_all_forms<Space>(strided.view, values, 0.3f, tuning, "LayoutStride");
    check_all_forms<Space>(column, values, 0.7f, tuning, "column");
  }
}

template <class Space, class Mask>
void check_mask(std::size_t n, std::uint64_t seed) {
  auto bits = random_values<int>(n, seed, 0, 3);
  Kokkos::View<Mask*, typename Space::memory_space> mask("tessel_test::mask", n);
  fill_view(mask, [&](auto, std::size_t flat) { return static_cast<Mask>(bits[flat] == 0 ? 0 : bits[flat] - 1); });
  auto host = to_host(mask);
  std::vector<std::int64_t> expected;
  for (std::size_t i = 0; i < n; ++i)
    if (host(i) != 0) expected.push_back(static_cast<std::int64_t>(i));
  for (const auto& tuning : findall_tunings<Space>()) {
    auto got = to_host(tessel::findall(Space(), mask, tuning));
    ASSERT_EQ(got.extent(0), expected.size()) << describe(tuning);
    for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(got(k), expected[k]) << describe(tuning);
  }
  auto public_form = to_host(tessel::findall(Space(), mask));
  ASSERT_EQ(public_form.extent(0), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(public_form(k), expected[k]) << "public form at " << k;
  // A Tuning<Space> (derived from TuningParameters) selects the mask form too.
  auto tuned_form = to_host(tessel::findall(Space(), mask, tessel::Tuning<Space>{}));
  ASSERT_EQ(tuned_form.extent(0), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(tuned_form(k), expected[k]) << "tuned form at " << k;
}

TYPED_TEST(Findall, MaskForms) {
  check_mask<TypeParam, bool>(3001, 1);
  check_mask<TypeParam, std::uint8_t>(3001, 2);
  check_mask<TypeParam, int>(700, 3);
  check_mask<TypeParam, std::int64_t>(0, 4);
}

TYPED_TEST(Findall, PublicFormsAgree) {
  using Space = TypeParam;
  const auto values = random_values<float>(20000, 9, 0.0f, 1.0f);
  const auto view = device_values<Space>(values);
  const auto expected = reference(values, 0.25f);
  const auto indices = to_host(tessel::findall(Space(), view, Below{0.25f}));
  ASSERT_EQ(indices.extent(0), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(indices(k), expected[k]) << "findall at " << k;
  EXPECT_EQ(tessel::count_if(Space(), view, Below{0.25f}), static_cast<std::int64_t>(expected.size()));
  // copy_if into a longer dst: the selected values in order, the rest untouched.
  Kokkos::View<float*, typename Space::memory_space> out("tessel_test::out", expected.size() + 5);
  Kokkos::deep_copy(out, -1.0f);
  EXPECT_EQ(tessel::copy_if(Space(), view, out, Below{0.25f}), static_cast<std::int64_t>(expected.size()));
  const auto copied = to_host(out);
  for (std::size_t k = 0; k < expected.size(); ++k)
    ASSERT_TRUE(same_bits(copied(k), values[std::size_t(expected[k])])) << "copy_if at " << k;
  for (std::size_t k = expected.size(); k < copied.extent(0); ++k) ASSERT_EQ(copied(k), -1.0f) << "written past the count";
  Kokkos::View<float*, typename Space::memory_space> empty("tessel_test::empty", 0);
  EXPECT_EQ(tessel::findall(Space(), empty, Below{0.5f}).extent(0), 0u);
  EXPECT_EQ(tessel::count_if(Space(), empty, Below{0.5f}), 0);
}

TYPED_TEST(Findall, CopyIfRejectsShortOrOverlappingOutput) {
  using Space = TypeParam;
  const auto values = random_values<float>(1000, 5, 0.0f, 1.0f);
  const auto view = device_values<Space>(values);
  const auto selected = reference(values, 0.5f).size();
  Kokkos::View<float*, typename Space::memory_space> short_out("tessel_test::short", selected - 1);
  Kokkos::deep_copy(short_out, 7.0f);
  expect_invalid_and_untouched<Space>([&] { tessel::copy_if(Space(), view, short_out, Below{0.5f}); }, short_out,
                                      "tessel::copy_if: dst has extent " + std::to_string(selected - 1) + " but " +
                                          std::to_string(selected) + " elements are selected");
  auto copy = device_values<Space>(values);
  expect_invalid_and_untouched<Space>([&] { tessel::copy_if(Space(), copy, copy, Below{0.5f}); }, copy,
                                      "copy_if does not compact in place");
  auto back = Kokkos::subview(copy, std::make_pair(10, 1000));
  auto front = Kokkos::subview(copy, std::make_pair(0, 990));
  expect_invalid_and_untouched<Space>([&] { tessel::copy_if(Space(), back, front, Below{0.5f}); }, copy,
                                      "dst overlaps src");
}

}  // namespace
