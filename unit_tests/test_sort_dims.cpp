// Sorts along every dim of 2D and 3D views in all three layouts.
#include <sort_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class SortDims : public ::testing::Test {};
TYPED_TEST_SUITE(SortDims, TestSpaces);

template <class Space, int Rank, class LayoutType, class Algorithm, class T = float>
void check_dims(const std::vector<std::array<std::size_t, 3>>& shapes, bool tiny) {
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  std::vector<tessel::TuningParameters> tunings{base};
  if (tiny) {
    const auto small = tiny_sort_tunings(base);
    tunings.push_back(small[1]);
    tunings.push_back(small[small.size() - 2]);
  }
  for (const auto& extents : shapes)
    for (int dim = 0; dim < Rank; ++dim)
      for (bool descending : {false, true})
        for (const auto& tuning : tunings) {
          auto test_view = make_view<T, Rank, LayoutType, Space>(extents);
          // Floats of every special value; integers with many duplicates, so
          // that stability shows.
          const auto values = make_keys<T>(extents[0] * extents[1] * extents[2],
                                           std::is_floating_point_v<T> ? Pattern::special : Pattern::duplicates, 5 + dim);
          fill_view(test_view.view, [&](auto, std::size_t flat) { return values[flat]; });
          const auto before = host_copy(test_view.view);
          const auto options = sort_options<Algorithm>(dim, descending);
          tessel::sort(Space(), test_view.view, options, tuning);
          const auto inputs = host_slices(before, dim);
          const auto outputs = host_slices(to_host(test_view.view), dim);
          ASSERT_EQ(inputs.size(), outputs.size());
          std::ostringstream what;
          what << typeid(T).name() << " rank " << Rank << ' ' << typeid(LayoutType).name() << ' ' << extents[0] << 'x' << extents[1] << 'x'
               << extents[2] << " dim " << dim << (descending ? " descending " : " ascending ") << describe_sort(tuning);
          for (std::size_t s = 0; s < inputs.size(); ++s)
            expect_sorted_slice(inputs[s], outputs[s], descending, std::is_same_v<Algorithm, tessel::MergeSort> || std::is_same_v<Algorithm, tessel::RadixSort>,
                                what.str() + " slice " + std::to_string(s));
        }
}

const std::vector<std::array<std::size_t, 3>> shapes2{{0, 4, 1}, {4, 0, 1}, {1, 1, 1}, {1, 50, 1}, {50, 1, 1},
                                                      {16, 40, 1}, {300, 7, 1}, {7, 1300, 1}};
const std::vector<std::array<std::size_t, 3>> shapes3{{1, 1, 1}, {2, 3, 4}, {5, 1, 40}, {1, 33, 1}, {0, 2, 2}, {9, 70, 3}};

TYPED_TEST(SortDims, MergeRank2) {
  check_dims<TypeParam, 2, Kokkos::LayoutLeft, tessel::MergeSort>(shapes2, true);
  check_dims<TypeParam, 2, Kokkos::LayoutRight, tessel::MergeSort>(shapes2, true);
  check_dims<TypeParam, 2, Kokkos::LayoutStride, tessel::MergeSort>(shapes2, true);
}
TYPED_TEST(SortDims, BitonicRank2) {
  check_dims<TypeParam, 2, Kokkos::LayoutLeft, tessel::BitonicSort>(shapes2, true);
  check_dims<TypeParam, 2, Kokkos::LayoutRight, tessel::BitonicSort>(shapes2, false);
  check_dims<TypeParam, 2, Kokkos::LayoutStride, tessel::BitonicSort>(shapes2, true);
}
TYPED_TEST(SortDims, Rank3) {
  check_dims<TypeParam, 3, Kokkos::LayoutLeft, tessel::MergeSort>(shapes3, true);
  check_dims<TypeParam, 3, Kokkos::LayoutRight, tessel::BitonicSort>(shapes3, true);
  check_dims<TypeParam, 3, Kokkos::LayoutStride, tessel::AutoSort>(shapes3, false);
}

// Integer and double keys along dims too, not floats alone.
TYPED_TEST(SortDims, IntegerAndDoubleKeys) {
  check_dims<TypeParam, 2, Kokkos::LayoutLeft, tessel::MergeSort, std::int32_t>(shapes2, true);
  check_dims<TypeParam, 2, Kokkos::LayoutRight, tessel::BitonicSort, std::uint8_t>(shapes2, true);
  check_dims<TypeParam, 3, Kokkos::LayoutStride, tessel::MergeSort, double>(shapes3, true);
  check_dims<TypeParam, 3, Kokkos::LayoutLeft, tessel::BitonicSort, std::int64_t>(shapes3, true);
}

}  // namespace
