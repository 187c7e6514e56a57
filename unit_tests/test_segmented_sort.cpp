// segmented_sort and segmented_sort_by_key over CRS offsets: every bin
// (short, medium, long) and its boundaries, empty and trailing entries,
// offset types, layouts, orders, stability, comparators and bad offsets.
#include <sort_test_support.hpp>

#include <tessel/segmented_sort.hpp>

#include <numeric>

namespace {

using namespace tessel_test;

// Orders by the last decimal digit only: many ties, so stability shows.
struct LastDigitLess {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t a, std::int32_t b) const {
    return ((a % 10) + 10) % 10 < ((b % 10) + 10) % 10;
  }
};

struct FloatLess {
  KOKKOS_INLINE_FUNCTION bool operator()(float a, float b) const { return a < b; }
};

template <class Space>
class SegmentedSort : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedSort, TestSpaces);

// Segments of `lengths` after `lead` untouched entries, then `trail` more.
struct Matrix {
  std::vector<std::size_t> lengths;
  std::size_t lead = 0;
  std::size_t trail = 0;
  std::size_t total() const { return lead + std::accumulate(lengths.begin(), lengths.end(), std::size_t(0)) + trail; }
};

template <class Offset>
std::vector<Offset> offsets_of(const Matrix& matrix) {
  std::vector<Offset> offsets{static_cast<Offset>(matrix.lead)};
  for (std::size_t length : matrix.lengths) offsets.push_back(static_cast<Offset>(offsets.back() + length));
  return offsets;
}

template <class T, class Space>
Kokkos::View<T*, typename Space::memory_space> device_vector(const std::vector<T>& host, const char* label) {
  Kokkos::View<T*, typename Space::memory_space> view(std::string(label), host.size());
  fill_view(view, [&](auto, std::size_t flat) { return host[flat]; });
  return view;
}

// Column 1 of an n x 2 matrix: a rank-1 LayoutStride view with stride 2.
template <class T, class Space>
auto strided_vector(std::size_t n, const char* label) {
  Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space> storage(std::string(label), n, 2);
  return Kokkos::subview(storage, Kokkos::ALL, 1);
}

struct Case {
  tessel::SortOptions options;
  tessel::TuningParameters tuning;
  bool by_key = false;
  bool strided_keys = false;
  bool strided_values = false;
  Pattern pattern = Pattern::random;
  std::uint64_t seed = 1;
};

// Sorts `matrix` as `c` says and checks every element against a per-segment
// stable host sort (values are input positions); outside every segment
// nothing may change.
template <class Space, class Key, class Offset, class Less = std::nullptr_t>
void check_matrix(const Matrix& matrix, const Case& c, const std::string& what, Less less = nullptr) {
  constexpr bool with_less = !std::is_same_v<Less, std::nullptr_t>;
  const std::size_t n = matrix.total();
  const auto keys_in = make_keys<Key>(n, c.pattern, c.seed);
  const auto offsets_in = offsets_of<Offset>(matrix);
  const auto offsets = device_vector<Offset, Space>(offsets_in, "tessel_test::offsets");
  const bool descending = c.options.order == tessel::Order::descending;
  const bool stable = !std::holds_alternative<tessel::BitonicSort>(c.options.algorithm);

  auto run = [&](const auto& keys, const auto& values) {
    fill_view(keys, [&](auto, std::size_t flat) { return keys_in[flat]; });
    fill_view(values, [&](auto, std::size_t flat) { return std::int64_t(flat); });
    if constexpr (with_less) {
      if (c.by_key) tessel::segmented_sort_by_key(Space(), offsets, keys, values, less, c.options);
      else tessel::segmented_sort(Space(), offsets, keys, less, c.options);
    } else {
      if (c.by_key) tessel::segmented_sort_by_key(Space(), offsets, keys, values, c.options, c.tuning);
      else tessel::segmented_sort(Space(), offsets, keys, c.options, c.tuning);
    }
    const auto got = to_host(keys);
    const auto from = to_host(values);
    auto before = [&](std::size_t a, std::size_t b) {
      if constexpr (with_less) return descending ? less(keys_in[b], keys_in[a]) : less(keys_in[a], keys_in[b]);
      else return descending ? total_less(keys_in[b], keys_in[a]) : total_less(keys_in[a], keys_in[b]);
    };
    std::vector<bool> inside(n, false);
    for (std::size_t s = 0; s + 1 < offsets_in.size(); ++s) {
      const std::size_t begin = offsets_in[s], end = offsets_in[s + 1];
      std::vector<std::size_t> order(end - begin);
      std::iota(order.begin(), order.end(), begin);
      std::stable_sort(order.begin(), order.end(), before);
      for (std::size_t i = begin; i < end; ++i) {
        inside[i] = true;
        const std::size_t expected = order[i - begin];
        const std::string where = what + ": segment " + std::to_string(s) + ", position " + std::to_string(i);
        if (stable) {
          ASSERT_TRUE(same_bits(got(i), keys_in[expected]))
              << where << " is " << bits_of(got(i)) << ", expected " << bits_of(keys_in[expected]);
        } else if (c.by_key) {
          ASSERT_FALSE(before(expected, std::size_t(from(i))) || before(std::size_t(from(i)), expected))
              << where << " is out of order";
        } else {
          // Unstable keys alone: equal in the total order (integer keys here,
          // whose equal keys are the same bits).
          ASSERT_TRUE(total_equal(got(i), keys_in[expected])) << where << " is out of order";
        }
        if (c.by_key) {
          const auto source = std::size_t(from(i));
          ASSERT_TRUE(source >= begin && source < end) << where << ": value from outside the segment";
          ASSERT_TRUE(same_bits(got(i), keys_in[source])) << where << ": pair broken";
          if (stable) ASSERT_EQ(source, expected) << where << ": unstable";
        }
      }
      if (c.by_key && !stable) {
        std::vector<std::int64_t> seen;
        for (std::size_t i = begin; i < end; ++i) seen.push_back(from(i));
        std::sort(seen.begin(), seen.end());
        for (std::size_t i = begin; i < end; ++i) ASSERT_EQ(seen[i - begin], std::int64_t(i)) << what << ": not a permutation";
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (inside[i]) continue;
      ASSERT_TRUE(same_bits(got(i), keys_in[i])) << what << ": key " << i << " outside every segment changed";
      ASSERT_EQ(from(i), std::int64_t(i)) << what << ": value " << i << " outside every segment changed";
    }
  };
  auto with_values = [&](const auto& keys) {
    if (c.strided_values) run(keys, strided_vector<std::int64_t, Space>(n, "tessel_test::values"));
    else run(keys, Kokkos::View<std::int64_t*, typename Space::memory_space>("tessel_test::values", n));
  };
  if (c.strided_keys) with_values(strided_vector<Key, Space>(n, "tessel_test::keys"));
  else with_values(Kokkos::View<Key*, typename Space::memory_space>("tessel_test::keys", n));
}

// Lengths around every bin boundary of `tuning` (short, tile), each +-1,
// shuffled, with empty and one-record segments among them.
inline Matrix boundary_matrix(const tessel::TuningParameters& tuning, int tile, std::uint64_t seed) {
  Matrix matrix;
  const std::size_t short_length = std::size_t(std::max(1, tuning.segmented_short_length));
  for (std::size_t base : {std::size_t(0), std::size_t(1), short_length, std::size_t(tile), std::size_t(4 * tile)})
    for (std::size_t delta : {0, 1, 2}) {
      const std::size_t length = base + delta >= 1 ? base + delta - 1 : 0;
      matrix.lengths.push_back(length);
      matrix.lengths.push_back(length);
    }
  std::mt19937_64 engine(seed);
  std::shuffle(matrix.lengths.begin(), matrix.lengths.end(), engine);
  matrix.lead = 3;
  matrix.trail = 5;
  return matrix;
}

inline Matrix power_law_matrix(std::size_t rows, std::size_t longest, std::uint64_t seed) {
  Matrix matrix;
  std::mt19937_64 engine(seed);
  for (std::size_t r = 0; r < rows; ++r) {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(engine);
    matrix.lengths.push_back(std::min(longest, std::size_t(1.0 / (u * u + 1.0 / double(longest)))));
  }
  return matrix;
}

// The sort tile of a tuning (merge sort's, which bounds the medium bin).
template <class Space>
int tile_of(const tessel::TuningParameters& tuning, std::size_t record_bytes) {
  return tessel::detail::sort_tile(tessel::detail::launch_tuning(Space(), tuning), record_bytes, false).elements;
}

template <class Space, class Key>
void check_every_bin(std::uint64_t seed) {
  std::vector<tessel::TuningParameters> tunings{tessel::Tuning<Space>{}};
  for (auto tuning : tiny_sort_tunings(tessel::Tuning<Space>{})) {
    tuning.segmented_short_length = int(seed % 5);  // 0 and 1 leave the short bin empty
    tunings.push_back(tuning);
  }
  for (const auto& tuning : tunings)
    for (bool by_key : {false, true})
      for (bool descending : {false, true}) {
        Case c;
        c.tuning = tuning;
        c.by_key = by_key;
        c.options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
        c.pattern = seed % 2 ? Pattern::special : Pattern::duplicates;
        c.seed = seed++;
        const int tile = tile_of<Space>(tuning, sizeof(Key) + (by_key ? 8 : 0));
        check_matrix<Space, Key, std::int64_t>(boundary_matrix(tuning, tile, c.seed), c,
                                               describe_sort(tuning) + " by_key " + std::to_string(by_key));
      }
}

TYPED_TEST(SegmentedSort, EveryBinAndBoundaryFloat) { check_every_bin<TypeParam, float>(1); }
TYPED_TEST(SegmentedSort, EveryBinAndBoundaryDouble) { check_every_bin<TypeParam, double>(2); }
TYPED_TEST(SegmentedSort, EveryBinAndBoundaryInt32) { check_every_bin<TypeParam, std::int32_t>(3); }
TYPED_TEST(SegmentedSort, EveryBinAndBoundaryUint64) { check_every_bin<TypeParam, std::uint64_t>(4); }
TYPED_TEST(SegmentedSort, EveryBinAndBoundaryInt8) { check_every_bin<TypeParam, std::int8_t>(5); }

TYPED_TEST(SegmentedSort, EmptyMatricesAndEmptyRows) {
  using Space = TypeParam;
  Case c;
  check_matrix<Space, float, int>(Matrix{{}, 0, 0}, c, "no rows");
  check_matrix<Space, float, int>(Matrix{{}, 4, 3}, c, "no rows, entries around");
  check_matrix<Space, float, int>(Matrix{{0, 0, 0, 0}, 2, 5}, c, "all rows empty");
  // An empty offsets view is a matrix of no rows.
  Kokkos::View<float*, typename Space::memory_space> keys("tessel_test::keys", 3);
  Kokkos::View<int*, typename Space::memory_space> none("tessel_test::offsets", 0);
  EXPECT_NO_THROW(tessel::segmented_sort(Space(), none, keys));
}

TYPED_TEST(SegmentedSort, OneHugeRowEveryAlgorithm) {
  using Space = TypeParam;
  const Matrix matrix{{3, 70000, 2}, 1, 1};
  std::uint64_t seed = 10;
  for (bool by_key : {false, true}) {
    Case c;
    c.by_key = by_key;
    c.seed = seed++;
    c.options.algorithm = tessel::AutoSort{};
    check_matrix<Space, float, std::int64_t>(matrix, c, "auto");
    c.options.algorithm = tessel::RadixSort{};
    check_matrix<Space, std::int32_t, std::int64_t>(matrix, c, "radix");
    c.options.algorithm = tessel::MergeSort{};
    c.options.order = tessel::Order::descending;
    check_matrix<Space, double, std::int64_t>(matrix, c, "merge");
    c.options.algorithm = tessel::BitonicSort{};
    check_matrix<Space, std::uint16_t, std::int64_t>(matrix, c, "bitonic");
  }
}

TYPED_TEST(SegmentedSort, PowerLawRowsOffsetTypesAndLayouts) {
  using Space = TypeParam;
  const Matrix matrix = power_law_matrix(1000, 8000, 7);
  std::uint64_t seed = 20;
  for (bool strided_keys : {false, true})
    for (bool strided_values : {false, true}) {
      Case c;
      c.by_key = true;
      c.strided_keys = strided_keys;
      c.strided_values = strided_values;
      c.seed = seed++;
      const std::string what = std::string("keys ") + (strided_keys ? "strided" : "contiguous") + ", values " +
                               (strided_values ? "strided" : "contiguous");
      check_matrix<Space, float, std::int32_t>(matrix, c, what + ", int32 offsets");
      check_matrix<Space, std::int64_t, std::uint64_t>(matrix, c, what + ", uint64 offsets");
      check_matrix<Space, std::uint32_t, std::size_t>(matrix, c, what + ", size_t offsets");
    }
}

TYPED_TEST(SegmentedSort, ComparatorPathIsStable) {
  using Space = TypeParam;
  const LastDigitLess by_last_digit;
  const Matrix matrix = power_law_matrix(500, 6000, 3);
  for (bool by_key : {false, true})
    for (bool descending : {false, true}) {
      Case c;
      c.by_key = by_key;
      c.options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
      c.options.algorithm = tessel::MergeSort{};
      check_matrix<Space, std::int32_t, int>(matrix, c, "less", by_last_digit);
      c.options.algorithm = tessel::AutoSort{};
      check_matrix<Space, std::int32_t, int>(matrix, c, "less, auto", by_last_digit);
    }
}

TYPED_TEST(SegmentedSort, BadCallsWriteNothing) {
  using Space = TypeParam;
  using Memory = typename Space::memory_space;
  const auto keys_in = make_keys<float>(40, Pattern::random, 5);
  const auto keys = device_vector<float, Space>(keys_in, "tessel_test::keys");
  Kokkos::View<std::int64_t*, Memory> values("tessel_test::values", 40);
  auto expect_rejected = [&](const std::vector<long>& offsets_in, const std::string& text) {
    const auto offsets = device_vector<long, Space>(offsets_in, "tessel_test::offsets");
    expect_invalid_and_untouched<Space>([&] { tessel::segmented_sort(Space(), offsets, keys); }, keys, text);
    expect_invalid_and_untouched<Space>([&] { tessel::segmented_sort_by_key(Space(), offsets, keys, values); }, keys,
                                        text);
  };
  expect_rejected({0, 10, 5, 40}, "offsets decrease: offsets(1) = 10 > offsets(2) = 5");
  expect_rejected({0, 10, 20, 41}, "offsets(3) = 41 is outside the keys");
  expect_rejected({-1, 10}, "offsets(0) = -1 is outside the keys");
  expect_rejected({0, 30, 20, 25, 24}, "offsets decrease: offsets(1) = 30 > offsets(2) = 20");
  const auto offsets = device_vector<long, Space>({0, 20, 40}, "tessel_test::offsets");
  tessel::SortOptions radix;
  radix.algorithm = tessel::RadixSort{};
  expect_invalid_and_untouched<Space>(
      [&] { tessel::segmented_sort(Space(), offsets, keys, FloatLess{}, radix); }, keys,
      "RadixSort does not take a comparator");
  tessel::SortOptions bad_dim;
  bad_dim.dim = 1;
  expect_invalid_and_untouched<Space>([&] { tessel::segmented_sort(Space(), offsets, keys, bad_dim); }, keys,
                                      "dim 1 is out of range");
  Kokkos::View<std::int64_t*, Memory> short_values("tessel_test::values", 39);
  expect_invalid_and_untouched<Space>(
      [&] { tessel::segmented_sort_by_key(Space(), offsets, keys, short_values); }, keys, "values has extent 39");
  // offsets inside the keys' own storage would change under the sort.
  Kokkos::View<long*, Memory> shared("tessel_test::shared", 10);
  fill_view(shared, [](auto, std::size_t flat) { return long(flat < 3 ? 3 * flat : 9 - flat); });
  const auto front = Kokkos::subview(shared, std::make_pair(0, 3));
  expect_invalid_and_untouched<Space>([&] { tessel::segmented_sort(Space(), front, shared); }, shared,
                                      "offsets overlaps keys");
}

TYPED_TEST(SegmentedSort, WorkspaceIsReused) {
  using Space = TypeParam;
  tessel::SortWorkspace<typename Space::memory_space> workspace;
  std::uint64_t seed = 40;
  for (std::size_t longest : {5000, 50000, 3000}) {
    const Matrix matrix{{10, longest, 100, 2500}, 0, 0};
    const auto keys_in = make_keys<double>(matrix.total(), Pattern::random, seed++);
    const auto keys = device_vector<double, Space>(keys_in, "tessel_test::keys");
    const auto offsets = device_vector<int, Space>(offsets_of<int>(matrix), "tessel_test::offsets");
    tessel::segmented_sort(Space(), offsets, keys, tessel::SortOptions{}, workspace);
    const auto got = to_host(keys);
    const auto bounds = offsets_of<int>(matrix);
    for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
      std::vector<double> segment(keys_in.begin() + bounds[s], keys_in.begin() + bounds[s + 1]);
      const auto expected = reference_sorted(segment, false);
      for (std::size_t i = 0; i < expected.size(); ++i)
        ASSERT_TRUE(same_bits(got(bounds[s] + i), expected[i])) << "segment " << s << ", position " << i;
    }
  }
  const std::size_t grown = workspace.size();
  EXPECT_GT(grown, 0u);
  const Matrix again{{10, 4000, 100}, 0, 0};
  const auto keys = device_vector<double, Space>(make_keys<double>(again.total(), Pattern::random, 9), "k");
  tessel::segmented_sort(Space(), device_vector<int, Space>(offsets_of<int>(again), "o"), keys, tessel::SortOptions{},
                         workspace);
  EXPECT_EQ(workspace.size(), grown) << "a smaller sort grew the workspace";
}

}  // namespace
