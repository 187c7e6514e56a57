// Overlap is decided from the elements views address: views that share no
// element are accepted wherever the allocator put them, views that share
// elements without being the same mapping are rejected, the same mapping is
// in place. And errors come in their documented order. (Overlap itself
// against brute force: detail/test_overlap_internals.cpp.)
#include <scan_test_support.hpp>
#include <sort_test_support.hpp>

#include <tessel/findall.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class OverlapPublic : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapPublic, TestSpaces);

// Scanning column 0 of a LayoutRight matrix into column 1 is allowed and right.
TYPED_TEST(OverlapPublic, ScanColumnIntoTheNextColumn) {
  using Space = TypeParam;
  Kokkos::View<std::int64_t**, Kokkos::LayoutRight, typename Space::memory_space> m("tessel_test::m", 500, 2);
  fill_view(m, [](const auto& index, std::size_t flat) { return index[1] == 0 ? std::int64_t(flat % 17) : -1; });
  const auto before = host_copy(m);
  auto src = Kokkos::subview(m, Kokkos::ALL(), 0);
  auto dst = Kokkos::subview(m, Kokkos::ALL(), 1);
  tessel::inclusive_scan(Space(), src, dst, tessel::Plus{});
  const auto got = to_host(m);
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < 500; ++i) {
    sum += before(i, 0);
    ASSERT_EQ(got(i, 0), before(i, 0)) << "src changed at " << i;
    ASSERT_EQ(got(i, 1), sum) << "at " << i;
  }
  // A view shifted by one row shares elements with the column: rejected,
  // nothing written.
  auto shifted = Kokkos::subview(m, std::make_pair(1, 500), 0);
  auto head = Kokkos::subview(m, std::make_pair(0, 499), 0);
  expect_invalid_and_untouched<Space>([&] { tessel::inclusive_scan(Space(), head, shifted, tessel::Plus{}); }, m,
                                      "tessel::inclusive_scan: dst overlaps src");
}

// The fuzzer's case: src a strided subview of a 4 x 2 x 5 LayoutRight P, dst a
// separate block right after P. No element is shared: every call is accepted
// and right. Kokkos 3.4 computes src's span() past P's end (the fuzzer's
// find); Kokkos 4 computes it tight, to P's end.
TYPED_TEST(OverlapPublic, AdjacentAllocationsAreNotOverlap) {
  using Space = TypeParam;
  using Memory = typename Space::memory_space;
  Kokkos::View<float*, Memory> storage("tessel_test::storage", 40 + 20);
  Kokkos::View<float***, Kokkos::LayoutRight, Memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> parent(storage.data(), 4, 2, 5);
  Kokkos::View<float**, Kokkos::LayoutRight, Memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> after(storage.data() + 40, 4, 5);
  auto src = Kokkos::subview(parent, Kokkos::ALL(), 1, Kokkos::ALL());
  ASSERT_GE(static_cast<std::size_t>(src.data() - storage.data()) + src.span(), std::size_t(40))
      << "src's span ends at P's end or beyond";
  fill_view(storage, [](auto, std::size_t flat) { return float(flat % 7) - 3.0f; });
  const auto before = host_copy(src);
  tessel::ScanOptions options;
  options.dim = 1;
  tessel::inclusive_scan(Space(), src, after, tessel::Plus{}, options);
  const auto got = to_host(after);
  for (std::size_t i = 0; i < 4; ++i) {
    float sum = 0;
    for (std::size_t j = 0; j < 5; ++j) {
      sum += before(i, j);
      ASSERT_EQ(got(i, j), sum) << i << ", " << j;
    }
  }
  tessel::SortOptions sort_options;
  sort_options.dim = 1;
  Kokkos::View<int**, Kokkos::LayoutRight, Memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> values(
      reinterpret_cast<int*>(storage.data() + 40), 4, 5);
  fill_view(values, [](const auto& index, std::size_t) { return int(index[1]); });
  tessel::sort_by_key(Space(), src, values, sort_options);
  const auto keys = to_host(src);
  const auto carried = to_host(values);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 5; ++j) {
      ASSERT_EQ(keys(i, j), before(i, std::size_t(carried(i, j)))) << "pair broken at " << i << ", " << j;
      if (j > 0) {
        ASSERT_LE(keys(i, j - 1), keys(i, j));
      }
    }
  fill_view(src, [](const auto& index, std::size_t) { return float(5 - index[1]); });
  tessel::sortperm(Space(), values, src, sort_options);
  const auto perm = to_host(values);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 5; ++j) ASSERT_EQ(perm(i, j), int(4 - j));
  // A perm type too narrow for the positions reports length_error, not a
  // false overlap.
  Kokkos::View<float*, Memory> long_keys("tessel_test::long_keys", 300);
  Kokkos::View<std::int8_t*, Memory> narrow("tessel_test::narrow", 300);
  EXPECT_THROW(tessel::sortperm(Space(), narrow, long_keys), std::length_error);
}

// Errors in their documented order: dim, then extents, then overlap, then
// sizes; and the message names the function and the value, nothing written.
TYPED_TEST(OverlapPublic, ErrorsComeInTheDocumentedOrder) {
  using Space = TypeParam;
  using Memory = typename Space::memory_space;
  Kokkos::View<float**, Memory> keys("tessel_test::keys", 300, 3);
  Kokkos::View<std::int8_t**, Memory> narrow("tessel_test::narrow", 300, 4);
  Kokkos::View<std::int8_t**, Memory> narrow_same("tessel_test::narrow", 300, 3);
  fill_view(narrow_same, [](auto, std::size_t flat) { return std::int8_t(flat % 100); });
  tessel::SortOptions options;
  options.dim = 2;
  expect_invalid_and_untouched<Space>([&] { tessel::sortperm(Space(), narrow, keys, options); }, narrow,
                                      "tessel::sortperm: dim 2 is out of range for a rank-2 view");
  options.dim = 0;
  expect_invalid_and_untouched<Space>([&] { tessel::sortperm(Space(), narrow, keys, options); }, narrow,
                                      "tessel::sortperm: perm has extent 4 in dimension 1 but keys has extent 3");
  const auto before = host_copy(narrow_same);
  try {
    tessel::sortperm(Space(), narrow_same, keys, options);
    ADD_FAILURE() << "no std::length_error";
  } catch (const std::length_error& error) {
    EXPECT_EQ(std::string(error.what()),
              "tessel::sortperm: positions up to 299 do not fit perm's value type (at most 127)");
  }
  const auto after = to_host(narrow_same);
  for (std::size_t i = 0; i < 300; ++i)
    for (std::size_t j = 0; j < 3; ++j) ASSERT_EQ(after(i, j), before(i, j)) << "perm changed";
}

}  // namespace
