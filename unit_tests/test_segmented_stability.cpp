// Stability of the segmented sorts, per algorithm, over segment lengths from
// 1 to several sort tiles: MergeSort and RadixSort keep equal keys in their
// input order (in either order); every algorithm returns each segment's
// records sorted and permuted bit for bit.
#include <test_helpers.hpp>

#include <tessel/tessel.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace {

template <class Space>
class SegmentedStability : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedStability, tessel_test::TestSpaces);

// Around the thread-sort, team-scratch and tile bounds of every tuning, and
// several tiles past them (a default host sort tile holds 2048 records).
const std::vector<int> segment_lengths = {0,   1,   2,   3,    15,   16,   17,   63,   64,   65,  100,
                                          255, 256, 257, 800,  1023, 1024, 1025, 2047, 2048, 2049, 5000,
                                          9000};

struct Algorithm {
  std::string name;
  tessel::SortAlgorithm algorithm;
  bool stable;
};

std::vector<Algorithm> algorithms() {
  return {{"MergeSort", tessel::MergeSort{}, true},
          {"RadixSort", tessel::RadixSort{}, true},
          {"BitonicSort", tessel::BitonicSort{}, false},
          {"AutoSort", tessel::AutoSort{}, false}};
}

// Sorts keys of few distinct values (0,1,0,1,... in the first segments,
// seeded values of 0..3 in the others) with their input positions as values,
// and compares every segment with std::stable_sort of the same records.
template <class Space>
void check_segments(const Algorithm& algorithm, tessel::Order order, const tessel::TuningParameters& tuning,
                    const std::string& tuning_name) {
  std::vector<int> bounds{0};
  for (int length : segment_lengths) bounds.push_back(bounds.back() + length);
  const int n = bounds.back();
  const auto seeded = tessel_test::random_values<int>(std::size_t(n), 20261207, 0, 3);
  std::vector<int> keys(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) keys[std::size_t(i)] = i < n / 2 ? i % 2 : seeded[std::size_t(i)];

  using Memory = typename Space::memory_space;
  Kokkos::View<int*, Memory> offsets("offsets", bounds.size()), key_view("keys", std::size_t(n)),
      value_view("values", std::size_t(n));
  auto host_offsets = Kokkos::create_mirror_view(offsets);
  auto host_keys = Kokkos::create_mirror_view(key_view);
  auto host_values = Kokkos::create_mirror_view(value_view);
  for (std::size_t s = 0; s < bounds.size(); ++s) host_offsets(s) = bounds[s];
  for (int i = 0; i < n; ++i) {
    host_keys(i) = keys[std::size_t(i)];
    host_values(i) = i;
  }
  Kokkos::deep_copy(offsets, host_offsets);
  Kokkos::deep_copy(key_view, host_keys);
  Kokkos::deep_copy(value_view, host_values);

  tessel::SortOptions options;
  options.order = order;
  options.algorithm = algorithm.algorithm;
  tessel::segmented_sort_by_key(Space(), offsets, key_view, value_view, options, tuning);
  Space().fence();
  Kokkos::deep_copy(host_keys, key_view);
  Kokkos::deep_copy(host_values, value_view);

  const bool descending = order == tessel::Order::descending;
  for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
    const int first = bounds[s], last = bounds[s + 1];
    std::vector<std::pair<int, int>> expected, got;
    for (int i = first; i < last; ++i) {
      expected.emplace_back(keys[std::size_t(i)], i);
      got.emplace_back(host_keys(i), host_values(i));
    }
    std::stable_sort(expected.begin(), expected.end(), [&](const auto& a, const auto& b) {
      return descending ? b.first < a.first : a.first < b.first;
    });
    const std::string where = algorithm.name + (descending ? " descending" : " ascending") + ", " + tuning_name +
                              ", segment of " + std::to_string(last - first);
    if (!algorithm.stable) {
      // Keys in order, and the same records: compare as multisets.
      for (std::size_t i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i].first, expected[i].first) << where << ": key at " << i;
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
    }
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].first, expected[i].first) << where << ": key at " << i;
      ASSERT_EQ(got[i].second, expected[i].second) << where << ": value at " << i;
    }
  }
}

TYPED_TEST(SegmentedStability, StableAlgorithmsKeepEqualKeysInOrder) {
  using Space = TypeParam;
  // Tiny tiles and a small scratch budget: several tiles and teams on short segments.
  tessel::TuningParameters tiny = tessel::Tuning<Space>{};
  tiny.merge.runs_per_thread = 2;
  tiny.merge.items_per_thread = 4;
  tiny.radix.scratch_slice = 64;
  tiny.segmented.short_length = 8;
  for (const auto& algorithm : algorithms())
    for (const auto order : {tessel::Order::ascending, tessel::Order::descending}) {
      check_segments<Space>(algorithm, order, tessel::Tuning<Space>{}, "default tuning");
      check_segments<Space>(algorithm, order, tiny, "tiny tiles");
    }
}

}  // namespace
