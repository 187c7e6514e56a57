// sort_by_key and sortperm with a `less`: every pair of layouts of keys and
// values (or perm), ranks 1 to 3, every dim, both orders, MergeSort (stable)
// and BitonicSort, against std::stable_sort by the same less on the host.
#include <test_helpers.hpp>

#include <tessel/sort.hpp>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace {

template <class Space>
class SortLess : public ::testing::Test {};
TYPED_TEST_SUITE(SortLess, tessel_test::TestSpaces);

// Orders by the key's last decimal digit only: many equal keys that differ in
// their bits, so that stability and the permutation both show.
struct ByLastDigit {
  KOKKOS_INLINE_FUNCTION bool operator()(int a, int b) const { return a % 10 < b % 10; }
};

struct Algorithm {
  const char* name;
  tessel::SortAlgorithm algorithm;
  bool stable;
};

// Sorts slices of keys along dim with values (by_key) or writes perm, and
// checks each slice against std::stable_sort of its (key, position) records.
template <class Space, int Rank, class KeyLayout, class OtherLayout>
void check(bool by_key, int dim, tessel::Order order, const Algorithm& algorithm) {
  const std::array<std::size_t, 3> extents = Rank == 1   ? std::array<std::size_t, 3>{1000, 1, 1}
                                             : Rank == 2 ? std::array<std::size_t, 3>{37, 130, 1}
                                                         : std::array<std::size_t, 3>{9, 70, 5};
  auto keys = tessel_test::make_view<int, Rank, KeyLayout, Space>(extents, "keys");
  auto other = tessel_test::make_view<int, Rank, OtherLayout, Space>(extents, "other");
  const auto seeded =
      tessel_test::random_values<int>(extents[0] * extents[1] * extents[2], 7 + std::uint64_t(dim), 0, 999);
  tessel_test::fill_view(keys.view, [&](auto, std::size_t flat) { return seeded[flat]; });
  // values: the element's position along dim, so the expected permutation is known
  tessel_test::fill_view(other.view, [&](const auto& index, std::size_t) { return int(index[std::size_t(dim)]); });
  const auto keys_before = tessel_test::host_copy(keys.view);

  tessel::SortOptions options;
  options.dim = dim;
  options.order = order;
  options.algorithm = algorithm.algorithm;
  if (by_key)
    tessel::sort_by_key(Space(), keys.view, other.view, ByLastDigit{}, options);
  else
    tessel::sortperm(Space(), other.view, keys.view, ByLastDigit{}, options);
  Space().fence();
  const auto keys_after = tessel_test::to_host(keys.view);
  const auto other_after = tessel_test::to_host(other.view);

  const bool descending = order == tessel::Order::descending;
  const ByLastDigit less;
  tessel_test::for_each_slice_start(keys_before, dim, [&](std::array<std::size_t, 3> start) {
    const std::size_t length = keys_before.extent(std::size_t(dim));
    std::vector<int> positions(length);
    std::iota(positions.begin(), positions.end(), 0);
    auto key_at = [&](const auto& view, std::size_t p) {
      auto index = start;
      index[std::size_t(dim)] = p;
      return tessel_test::element(view, index);
    };
    std::stable_sort(positions.begin(), positions.end(), [&](int a, int b) {
      const int x = key_at(keys_before, std::size_t(a)), y = key_at(keys_before, std::size_t(b));
      return descending ? less(y, x) : less(x, y);
    });
    std::vector<int> got(length);
    for (std::size_t p = 0; p < length; ++p) got[p] = key_at(other_after, p);
    const std::string where = std::string(algorithm.name) + (by_key ? " sort_by_key" : " sortperm") + ", rank " +
                              std::to_string(Rank) + ", dim " + std::to_string(dim) +
                              (descending ? ", descending" : ", ascending");
    if (!algorithm.stable) {
      // A permutation whose keys are in order: equal keys may swap.
      std::vector<int> sorted = got;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t p = 0; p < length; ++p) ASSERT_EQ(sorted[p], int(p)) << where << ": not a permutation";
      for (std::size_t p = 0; p < length; ++p)
        ASSERT_EQ(key_at(keys_before, std::size_t(got[p])) % 10, key_at(keys_before, std::size_t(positions[p])) % 10)
            << where << ": key order at " << p;
    } else {
      for (std::size_t p = 0; p < length; ++p) ASSERT_EQ(got[p], positions[p]) << where << ": position " << p;
    }
    for (std::size_t p = 0; p < length; ++p) {
      // by_key: the keys moved with their values; sortperm: keys untouched.
      const int expected = by_key ? key_at(keys_before, std::size_t(got[p])) : key_at(keys_before, p);
      ASSERT_EQ(key_at(keys_after, p), expected) << where << ": key " << p;
    }
  });
}

template <class Space, int Rank, class KeyLayout, class OtherLayout>
void check_all() {
  const Algorithm algorithms[] = {{"MergeSort", tessel::MergeSort{}, true}, {"BitonicSort", tessel::BitonicSort{}, false}};
  for (const auto& algorithm : algorithms)
    for (int dim = 0; dim < Rank; ++dim)
      for (const auto order : {tessel::Order::ascending, tessel::Order::descending})
        for (const bool by_key : {true, false}) check<Space, Rank, KeyLayout, OtherLayout>(by_key, dim, order, algorithm);
}

template <class Space, int Rank, class KeyLayout>
void check_layouts_of_other() {
  check_all<Space, Rank, KeyLayout, Kokkos::LayoutLeft>();
  check_all<Space, Rank, KeyLayout, Kokkos::LayoutRight>();
  check_all<Space, Rank, KeyLayout, Kokkos::LayoutStride>();
}

TYPED_TEST(SortLess, EveryLayoutPairMatchesStableSortByTheLess) {
  using Space = TypeParam;
  check_all<Space, 1, Kokkos::LayoutRight, Kokkos::LayoutStride>();
  check_layouts_of_other<Space, 2, Kokkos::LayoutLeft>();
  check_layouts_of_other<Space, 2, Kokkos::LayoutRight>();
  check_layouts_of_other<Space, 2, Kokkos::LayoutStride>();
  check_layouts_of_other<Space, 3, Kokkos::LayoutLeft>();
  check_layouts_of_other<Space, 3, Kokkos::LayoutRight>();
  check_layouts_of_other<Space, 3, Kokkos::LayoutStride>();
}

TYPED_TEST(SortLess, RadixSortWithALessThrows) {
  using Space = TypeParam;
  Kokkos::View<int*, typename Space::memory_space> keys("keys", 10), values("values", 10);
  tessel::SortOptions options;
  options.algorithm = tessel::RadixSort{};
  EXPECT_THROW(tessel::sort_by_key(Space(), keys, values, ByLastDigit{}, options), std::invalid_argument);
  EXPECT_THROW(tessel::sortperm(Space(), values, keys, ByLastDigit{}, options), std::invalid_argument);
}

}  // namespace
