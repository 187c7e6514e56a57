// Overlap is decided from the elements views address: views that share no
// element are accepted wherever the allocator put them, views that share
// elements without being the same mapping are rejected, the same mapping is
// in place. And errors come in their documented order.
#include <scan_test_support.hpp>
#include <sort_test_support.hpp>

#include <tessel/findall.hpp>

#include <set>

namespace {

using namespace tessel_test;

// ---- the building block against brute force --------------------------------------

// A random LayoutStride view of rank 1-3 into `storage`: random extents,
// strides (gaps, permuted orders, occasionally strides that make the view
// alias itself) and offset.
struct RandomView {
  std::size_t offset;
  std::array<std::size_t, 3> extent{1, 1, 1}, stride{0, 0, 0};
  int rank;
};

RandomView random_view(std::mt19937_64& engine, std::size_t storage_size) {
  RandomView v;
  v.rank = 1 + int(engine() % 3);
  std::size_t reach = 0;
  for (int r = 0; r < v.rank; ++r) {
    v.extent[r] = engine() % 5;                  // 0 .. 4, zero and singleton included
    v.stride[r] = 1 + engine() % 9;              // any order, gaps
    if (engine() % 4 == 0) v.stride[r] = std::size_t(1) << (engine() % 4);
    if (v.extent[r] > 0) reach += (v.extent[r] - 1) * v.stride[r];
  }
  v.offset = engine() % 40;  // near each other, so that many pairs interleave
  if (v.offset + reach >= storage_size) throw std::logic_error("random_view: storage too small");
  return v;
}

template <class T, int Rank>
auto as_view(T* storage, const RandomView& v) {
  Kokkos::LayoutStride layout;
  for (int r = 0; r < Rank; ++r) {
    layout.dimension[r] = v.extent[r];
    layout.stride[r] = v.stride[r];
  }
  return Kokkos::View<data_type<T, Rank>, Kokkos::LayoutStride, Kokkos::HostSpace,
                      Kokkos::MemoryTraits<Kokkos::Unmanaged>>(storage + v.offset, layout);
}

template <class T>
std::set<std::uintptr_t> bytes_of(T* storage, const RandomView& v) {
  std::set<std::uintptr_t> bytes;
  for (std::size_t i = 0; i < v.extent[0]; ++i)
    for (std::size_t j = 0; j < (v.rank > 1 ? v.extent[1] : 1); ++j)
      for (std::size_t k = 0; k < (v.rank > 2 ? v.extent[2] : 1); ++k) {
        const T* element = storage + v.offset + i * v.stride[0] + j * v.stride[1] + k * v.stride[2];
        for (std::size_t b = 0; b < sizeof(T); ++b) bytes.insert(reinterpret_cast<std::uintptr_t>(element) + b);
      }
  return bytes;
}

template <class A, class B>
void compare_with_brute_force(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  // Storage in units of the larger element, shared by both views.
  constexpr std::size_t units = 256;
  std::vector<std::uint64_t> storage(units * 2);
  auto* base = reinterpret_cast<unsigned char*>(storage.data());
  for (int trial = 0; trial < 3000; ++trial) {
    const RandomView va = random_view(engine, units * 8 / sizeof(A) - 1);
    const RandomView vb = random_view(engine, units * 8 / sizeof(B) - 1);
    A* a_storage = reinterpret_cast<A*>(base);
    B* b_storage = reinterpret_cast<B*>(base);
    const auto a_bytes = bytes_of(a_storage, va), b_bytes = bytes_of(b_storage, vb);
    bool expected = false;
    for (auto byte : a_bytes) expected = expected || b_bytes.count(byte) > 0;
    auto check = [&](const auto& a, const auto& b) {
      const bool got = tessel::detail::views_overlap(a, b);
      const auto map_a = tessel::detail::element_map(a), map_b = tessel::detail::element_map(b);
      // Views that alias themselves may be reported as overlapping (never
      // the reverse); every view a caller writes to is one that does not.
      if (!map_a.nested() && !map_b.nested() && got) return;
      ASSERT_EQ(got, expected) << "trial " << trial << " ranks " << va.rank << ", " << vb.rank;
    };
    auto dispatch_b = [&](const auto& a) {
      if (vb.rank == 1) check(a, as_view<B, 1>(b_storage, vb));
      else if (vb.rank == 2) check(a, as_view<B, 2>(b_storage, vb));
      else check(a, as_view<B, 3>(b_storage, vb));
    };
    if (va.rank == 1) dispatch_b(as_view<A, 1>(a_storage, va));
    else if (va.rank == 2) dispatch_b(as_view<A, 2>(a_storage, va));
    else dispatch_b(as_view<A, 3>(a_storage, va));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Overlap, ExactAgainstBruteForce) {
  compare_with_brute_force<float, float>(1);
  compare_with_brute_force<float, double>(2);
  compare_with_brute_force<std::int8_t, std::int64_t>(3);
  compare_with_brute_force<std::int16_t, float>(4);
}

TEST(Overlap, InterleavedViewsThatShareNothing) {
  Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace> m("m", 6, 4);
  using tessel::detail::views_overlap;
  auto column = [&](int j) { return Kokkos::subview(m, Kokkos::ALL(), j); };
  EXPECT_FALSE(views_overlap(column(0), column(1)));
  EXPECT_FALSE(views_overlap(column(3), column(0)));
  EXPECT_TRUE(views_overlap(column(2), column(2)));
  // Blocks of two columns: interleaved ranges, no shared element.
  auto left = Kokkos::subview(m, std::make_pair(0, 3), std::make_pair(0, 2));
  auto right = Kokkos::subview(m, std::make_pair(0, 3), std::make_pair(2, 4));
  auto middle = Kokkos::subview(m, std::make_pair(0, 3), std::make_pair(1, 3));
  EXPECT_FALSE(views_overlap(left, right));
  EXPECT_TRUE(views_overlap(left, middle));
  EXPECT_TRUE(views_overlap(middle, right));
}

// ---- the public functions ---------------------------------------------------------

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
