// Overlap decided from the elements views address (detail/core/checks.hpp)
// against brute force: views that share no element, interleaved or not, are
// told apart from views that share one. The public functions' answers to
// overlapping views: test_overlap.cpp.
#include <test_helpers.hpp>

#include <tessel/detail/core/checks.hpp>

#include <set>
#include <stdexcept>

namespace {

using namespace tessel_test;


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

}  // namespace
