// Slice layouts map (slice, position) to exactly the view's elements along
// dim, for every rank, layout and dim, with singleton and zero extents.
#include <test_helpers.hpp>

#include <tessel/detail/core/slices.hpp>

#include <set>

namespace {

using tessel::detail::index_type;

std::int64_t code(const std::array<std::size_t, 3>& index) {
  return std::int64_t(index[0]) * 1000000 + std::int64_t(index[1]) * 1000 + std::int64_t(index[2]);
}

template <int Rank, class LayoutType>
void check_mapping(std::array<std::size_t, 3> extents, int dim, bool expect_contiguous) {
  SCOPED_TRACE(::testing::Message() << "rank " << Rank << ' ' << typeid(LayoutType).name() << " extents "
                                    << extents[0] << 'x' << extents[1] << 'x' << extents[2] << " dim " << dim);
  auto test_view =
      tessel_test::make_view<std::int64_t, Rank, LayoutType, Kokkos::DefaultHostExecutionSpace>(extents);
  const auto& view = test_view.view;
  tessel_test::fill_view(view, [](const std::array<std::size_t, 3>& index, std::size_t) { return code(index); });

  std::size_t expected_count = 1;
  for (int r = 0; r < Rank; ++r)
    if (r != dim) expected_count *= extents[r];

  tessel::detail::visit_slices(view, tessel::detail::slice_numbering(view, dim), [&](const auto& layout) {
    EXPECT_EQ(layout.contiguous, expect_contiguous);
    EXPECT_EQ(std::size_t(layout.count), expected_count);
    EXPECT_EQ(std::size_t(layout.length), extents[dim]);
    if (layout.length == 0) return;
    std::set<std::int64_t> seen;
    for (index_type s = 0; s < layout.count; ++s) {
      const auto slice = layout.slice(s);
      std::array<std::size_t, 3> first{};
      for (index_type p = 0; p < layout.length; ++p) {
        const std::int64_t* address = &slice[p];
        const std::int64_t value = *address;
        std::array<std::size_t, 3> index{std::size_t(value / 1000000), std::size_t(value / 1000 % 1000),
                                         std::size_t(value % 1000)};
        ASSERT_EQ(index[dim], std::size_t(p)) << "slice " << s << " position " << p;
        ASSERT_EQ(address, &tessel_test::element(view, index));
        if (p == 0) first = index;
        for (int r = 0; r < Rank; ++r) {
          if (r != dim) {
            ASSERT_EQ(index[r], first[r]) << "slice " << s << " leaves its line";
          }
        }
      }
      ASSERT_TRUE(seen.insert(code(first)).second) << "two slices share a line";
    }
    EXPECT_EQ(seen.size(), expected_count);
  });
}

TEST(Slices, Rank1) {
  for (std::size_t n : {0, 1, 2, 17}) {
    check_mapping<1, Kokkos::LayoutLeft>({n, 1, 1}, 0, true);
    check_mapping<1, Kokkos::LayoutRight>({n, 1, 1}, 0, true);
    check_mapping<1, Kokkos::LayoutStride>({n, 1, 1}, 0, n <= 1);
  }
}

TEST(Slices, Rank2EveryLayoutAndDim) {
  for (auto extents : std::vector<std::array<std::size_t, 3>>{{5, 7, 1}, {1, 7, 1}, {5, 1, 1}, {0, 4, 1},
                                                             {4, 0, 1}, {1, 1, 1}}) {
    for (int dim : {0, 1}) {
      const bool along_one = extents[dim] <= 1;
      const bool others_single = extents[1 - dim] <= 1;
      check_mapping<2, Kokkos::LayoutLeft>(extents, dim, dim == 0 || along_one || extents[0] == 1);
      check_mapping<2, Kokkos::LayoutRight>(extents, dim, dim == 1 || along_one || extents[1] == 1);
      check_mapping<2, Kokkos::LayoutStride>(extents, dim, along_one);
      (void)others_single;
    }
  }
}

TEST(Slices, Rank3EveryLayoutAndDim) {
  for (auto extents : std::vector<std::array<std::size_t, 3>>{
           {3, 4, 5}, {1, 4, 5}, {3, 1, 5}, {3, 4, 1}, {1, 1, 5}, {3, 0, 2}, {2, 3, 0}}) {
    for (int dim : {0, 1, 2}) {
      const bool along_one = extents[dim] <= 1;
      // Contiguous when every dimension faster than dim in memory is a singleton.
      bool left = along_one, right = along_one;
      bool faster_single = true;
      for (int r = 0; r < dim; ++r) faster_single = faster_single && extents[r] == 1;
      left = left || faster_single;
      faster_single = true;
      for (int r = dim + 1; r < 3; ++r) faster_single = faster_single && extents[r] == 1;
      right = right || faster_single;
      check_mapping<3, Kokkos::LayoutLeft>(extents, dim, left);
      check_mapping<3, Kokkos::LayoutRight>(extents, dim, right);
      check_mapping<3, Kokkos::LayoutStride>(extents, dim, along_one);
    }
  }
}

TEST(Slices, NeighbouringSlicesAreNeighboursInMemory) {
  // dim 1 of a LayoutLeft matrix: slice s+1 starts one element after slice s,
  // which is what lets a batch of slices be read position by position.
  auto test_view = tessel_test::make_view<float, 2, Kokkos::LayoutLeft, Kokkos::DefaultHostExecutionSpace>({6, 4, 1});
  tessel::detail::visit_slices(test_view.view, tessel::detail::slice_numbering(test_view.view, 1), [&](const auto& layout) {
    EXPECT_FALSE(layout.contiguous);
    EXPECT_EQ(&layout.slice(1)[0] - &layout.slice(0)[0], 1);
    EXPECT_EQ(&layout.slice(0)[1] - &layout.slice(0)[0], 6);
  });
}

// One numbering, taken from one view, applied to views of other layouts:
// slice s, position p is the same (i, j, k) in all of them.
template <class LayoutA, class LayoutB>
void check_shared_numbering(std::array<std::size_t, 3> extents) {
  using Host = Kokkos::DefaultHostExecutionSpace;
  auto a = tessel_test::make_view<std::int64_t, 3, LayoutA, Host>(extents);
  auto b = tessel_test::make_view<std::int64_t, 3, LayoutB, Host>(extents);
  const auto fill = [](const std::array<std::size_t, 3>& index, std::size_t) { return code(index); };
  tessel_test::fill_view(a.view, fill);
  tessel_test::fill_view(b.view, fill);
  for (int dim = 0; dim < 3; ++dim) {
    SCOPED_TRACE(::testing::Message() << typeid(LayoutA).name() << " numbers " << typeid(LayoutB).name() << " dim "
                                      << dim);
    const auto numbering = tessel::detail::slice_numbering(a.view, dim);
    tessel::detail::visit_slices(a.view, b.view, numbering, [&](const auto& a_slices, const auto& b_slices) {
      // Both contiguous where both views are, both strided otherwise.
      using A = std::decay_t<decltype(a_slices)>;
      static_assert(A::contiguous == std::decay_t<decltype(b_slices)>::contiguous);
      ASSERT_EQ(A::contiguous, tessel::detail::contiguous_along(a.view, dim) &&
                                   tessel::detail::contiguous_along(b.view, dim));
      ASSERT_EQ(a_slices.count, b_slices.count);
      ASSERT_EQ(a_slices.length, b_slices.length);
      for (index_type s = 0; s < a_slices.count; ++s)
        for (index_type p = 0; p < a_slices.length; ++p)
          ASSERT_EQ(a_slices.slice(s)[p], b_slices.slice(s)[p]) << "slice " << s << " position " << p;
    });
  }
}

TEST(Slices, OneNumberingForViewsOfEveryLayout) {
  for (auto extents : std::vector<std::array<std::size_t, 3>>{{3, 4, 5}, {5, 1, 3}, {1, 4, 2}}) {
    check_shared_numbering<Kokkos::LayoutLeft, Kokkos::LayoutRight>(extents);
    check_shared_numbering<Kokkos::LayoutRight, Kokkos::LayoutLeft>(extents);
    check_shared_numbering<Kokkos::LayoutStride, Kokkos::LayoutLeft>(extents);
    check_shared_numbering<Kokkos::LayoutRight, Kokkos::LayoutStride>(extents);
  }
}

TEST(Slices, PackedWorkspaceLayout) {
  std::vector<int> storage(12);
  const auto layout = tessel::detail::packed_slices(storage.data(), 3, 4);
  EXPECT_TRUE(layout.contiguous);
  for (index_type s = 0; s < 3; ++s)
    for (index_type p = 0; p < 4; ++p) EXPECT_EQ(&layout.slice(s)[p], storage.data() + s * 4 + p);
}

}  // namespace
