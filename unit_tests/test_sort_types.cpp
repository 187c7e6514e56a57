// Whole rank-1 views of every standard integer type, float and double, both
// orders, every algorithm, against std::stable_sort with the total order.
#include <sort_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Case>
class SortTypes : public ::testing::Test {};
using TypeCases = CasesFor<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                           std::int64_t, std::uint64_t, float, double>;
TYPED_TEST_SUITE(SortTypes, TypeCases);

template <class Space, class T>
void check_whole(const std::vector<T>& input, const tessel::SortOptions& options, const tessel::TuningParameters& tuning,
                 const std::string& what) {
  Kokkos::View<T*, typename Space::memory_space> view("tessel_test::keys", input.size());
  fill_view(view, [&](auto, std::size_t flat) { return input[flat]; });
  tessel::sort(Space(), view, options, tuning);
  auto host = to_host(view);
  const std::vector<T> got(host.data(), host.data() + host.extent(0));
  const bool stable = std::holds_alternative<tessel::MergeSort>(options.algorithm) ||
                      std::holds_alternative<tessel::RadixSort>(options.algorithm);
  expect_sorted_slice(input, got, options.order == tessel::Order::descending, stable, what);
}

template <class Space, class T, class Algorithm>
void check_algorithm(const char* name) {
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  for (bool descending : {false, true}) {
    const auto options = sort_options<Algorithm>(-1, descending);
    for (std::size_t n : {0, 1, 2, 3, 5, 16, 17, 100, 1023, 1024, 1025, 2049, 5000})
      for (Pattern pattern : {Pattern::random, Pattern::duplicates, Pattern::sorted, Pattern::reversed,
                              Pattern::organ_pipe, Pattern::special})
        check_whole<Space>(make_keys<T>(n, pattern, n), options, base,
                           std::string(name) + (descending ? " descending " : " ascending ") + pattern_name(pattern) +
                               " n " + std::to_string(n));
    for (const auto& tuning : tiny_sort_tunings(base))
      for (std::size_t n : {4, 7, 12, 13, 25, 48, 97, 200})
        check_whole<Space>(make_keys<T>(n, Pattern::special, 3 * n), options, tuning,
                           std::string(name) + " n " + std::to_string(n) + " " + describe_sort(tuning));
  }
}

TYPED_TEST(SortTypes, MergeSortIsStableAndExact) {
  check_algorithm<typename TypeParam::space, typename TypeParam::value, tessel::MergeSort>("merge");
}
TYPED_TEST(SortTypes, BitonicSort) {
  check_algorithm<typename TypeParam::space, typename TypeParam::value, tessel::BitonicSort>("bitonic");
}
TYPED_TEST(SortTypes, AutoSort) {
  check_algorithm<typename TypeParam::space, typename TypeParam::value, tessel::AutoSort>("auto");
}

// On a CPU, merge sort compares floating-point keys without the NaN test in
// the tiles that hold no NaN, and in the merge passes when no tile held one:
// a lone NaN of either sign in any tile of several must be found
// (lone_nan_keys), with the default tiles and tiny ones.
template <class Case>
class MergeFloats : public ::testing::Test {};
using FloatCases = CasesFor<float, double>;
TYPED_TEST_SUITE(MergeFloats, FloatCases);

TYPED_TEST(MergeFloats, NansFoundBeforeTheMergesThatSkipTheirTest) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  std::vector<tessel::TuningParameters> tunings = tiny_sort_tunings(base);
  tunings.push_back(base);
  for (const auto& tuning : tunings)
    for (std::size_t n : {2, 3, 100, 500, 5000})
      for (int kind = 0; kind < lone_nan_kinds; ++kind) {
        const std::vector<T> keys = lone_nan_keys<T>(n, kind);
        for (bool descending : {false, true})
          check_whole<Space>(keys, sort_options<tessel::MergeSort>(-1, descending), tuning,
                             "case " + std::to_string(kind) + " n " + std::to_string(n) +
                                 (descending ? " descending " : " ascending ") + describe_sort(tuning));
      }
}

}  // namespace
