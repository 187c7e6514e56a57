// segmented_sort and segmented_sort_by_key over CRS offsets: empty and
// trailing entries, one huge row, power-law rows, offset types, layouts,
// stability, comparators, bad offsets and workspace reuse (the bins and their
// boundaries: test_segmented_bins.cpp).
#include <segmented_test_support.hpp>

namespace {

using namespace tessel_test::segmented;

template <class Space>
class SegmentedSort : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedSort, tessel_test::TestSpaces);

TYPED_TEST(SegmentedSort, EmptyMatricesAndEmptyRows) {
  using Space = TypeParam;
  SegmentedCase c;
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
    SegmentedCase c;
    c.by_key = by_key;
    c.seed = seed++;
    c.options.algorithm = tessel::AutoSort{};
    check_matrix<Space, float, std::int64_t>(matrix, c, "auto");
    // The key types of LongRowsTogetherAndSplit, whose pairs' sorts are
    // compiled already.
    c.options.algorithm = tessel::RadixSort{};
    check_matrix<Space, std::int32_t, int>(matrix, c, "radix");
    c.options.algorithm = tessel::MergeSort{};
    c.options.order = tessel::Order::descending;
    check_matrix<Space, std::int64_t, int>(matrix, c, "merge");
    c.options.algorithm = tessel::BitonicSort{};
    check_matrix<Space, std::int16_t, int>(matrix, c, "bitonic");
  }
}

// Each offset type with another pair of key and value layouts (every pair
// of layouts, strided ones among them, also meets every other multi-view
// function in test_layout_matrix.cpp).
TYPED_TEST(SegmentedSort, PowerLawRowsOffsetTypesAndLayouts) {
  using Space = TypeParam;
  const Matrix matrix = power_law_matrix(1000, 8000, 7);
  SegmentedCase c;
  c.by_key = true;
  c.seed = 20;
  check_matrix<Space, float, std::int32_t, PairsOnly>(matrix, c, "contiguous keys and values, int32 offsets");
  c.seed++;
  check_matrix<Space, std::int64_t, std::uint64_t, Views<true, false, false>>(
      matrix, c, "strided keys, contiguous values, uint64 offsets");
  c.seed++;
  check_matrix<Space, std::uint32_t, std::size_t, Views<false, true, false>>(
      matrix, c, "contiguous keys, strided values, size_t offsets");
  c.seed++;
  check_matrix<Space, float, std::int64_t, Views<true, true, false>>(matrix, c,
                                                                     "strided keys and values, int64 offsets");
}

// Long rows that one team radix-sorts are sorted together, one launch for
// all (dealt to the teams that run at once); rows longer than
// radix.team_slice are split among teams one after the other. Both in one
// call, with digits that differ from row to row (narrow ones for shorter
// rows), rows counted every pass at once and one pass ahead in the same
// launch, both rankings, and teams of several threads where the space has
// them.
TYPED_TEST(SegmentedSort, LongRowsTogetherAndSplit) {
  using Space = TypeParam;
  const Matrix matrix = power_law_matrix(600, 9000, 8);
  std::uint64_t seed = 30;
  for (int team : {1, 2, 4})
    for (bool atomics : {true, false}) {
      SegmentedCase c;
      c.by_key = true;
      c.seed = seed++;
      c.pattern = seed % 2 ? Pattern::special : Pattern::random;
      c.tuning.team_size = team;
      c.tuning.merge.runs_per_thread = 2;
      c.tuning.merge.items_per_thread = 8;
      c.tuning.radix.scratch_atomics = atomics;
      c.tuning.radix.chunk_size = 7;
      c.tuning.radix.scratch_slice = 0;
      c.tuning.radix.bits = 9;
      c.tuning.radix.team_slice = 3000;
      c.tuning.radix.block_elements = 700;
      c.tuning.radix.every_pass_length = 2000;
      const std::string what = "team " + std::to_string(team) + ", atomics " + std::to_string(atomics);
      check_matrix<Space, float, int, PairsOnly>(matrix, c, what + ", float");
      check_matrix<Space, std::uint64_t, int, PairsOnly>(matrix, c, what + ", uint64");
      c.options.order = tessel::Order::descending;
      check_matrix<Space, std::int16_t, int, PairsOnly>(matrix, c, what + ", int16 descending");
      // Keys 0..4 differ in their 3 lowest bits: the batched long rows take
      // digits no wider than those (radix_sort_segments).
      c.pattern = Pattern::duplicates;
      check_matrix<Space, std::int64_t, int, PairsOnly>(matrix, c, what + ", int64 0..4 descending");
      c.options.order = tessel::Order::ascending;
      check_matrix<Space, std::int32_t, int, PairsOnly>(matrix, c, what + ", int32 0..4");
    }
}

// Long rows by merge and bitonic sort are sorted all together: every launch
// covers the tiles or teams of each row still being sorted, longest rows
// first. Small tiles make most rows long: rows of a tile or less (copied by
// the first merge pass), of a few tiles, of many, and of odd lengths around
// powers of two, on teams of 1, 2 and 4 threads, with strided keys too.
TYPED_TEST(SegmentedSort, LongRowsMergedTogether) {
  using Space = TypeParam;
  Matrix matrix{{0, 1, 40, 41, 300, 1000, 3000, 65, 130, 2500, 7, 64, 129, 2049, 511, 17, 4096}, 3, 2};
  const Matrix power_law = power_law_matrix(300, 5000, 11);
  matrix.lengths.insert(matrix.lengths.end(), power_law.lengths.begin(), power_law.lengths.end());
  std::uint64_t seed = 60;
  for (int team : {1, 2, 4})
    for (bool descending : {false, true}) {
      SegmentedCase c;
      c.by_key = true;
      c.seed = seed++;
      c.pattern = seed % 2 ? Pattern::special : Pattern::duplicates;
      c.tuning.team_size = team;
      c.tuning.merge.runs_per_thread = 2;
      c.tuning.merge.items_per_thread = 8;
      c.tuning.merge.tiles_per_team = 2;
      c.options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
      const std::string what = "team " + std::to_string(team) + (descending ? ", descending" : "");
      c.options.algorithm = tessel::MergeSort{};
      check_matrix<Space, float, int, PairsOnly>(matrix, c, what + ", merge, float");
      check_matrix<Space, std::int64_t, int, Views<true, false, false>>(matrix, c, what + ", merge, strided int64");
      c.options.algorithm = tessel::BitonicSort{};
      check_matrix<Space, float, int, PairsOnly>(matrix, c, what + ", bitonic, float");
      check_matrix<Space, std::int16_t, int, Views<true, true, false>>(matrix, c, what + ", bitonic, strided int16");
    }
}

// Algorithm fields may ask for more than the space gives, as tessel::sort
// takes them: teams larger than the space runs (capped for every launch, the
// long rows' too: their sorts once took the field again, uncapped, and Kokkos
// aborted the program) and radix chunks longer than any row (one launch
// sorts the rows that teams sort alone, with one chunk for all: cut to the
// longest row, and shorter where the widest row's counters would not fit
// beside it, as they fit beside each row's own; it once asked for more
// scratch than the space offers, and threw).
TYPED_TEST(SegmentedSort, AlgorithmFieldsBeyondTheSpace) {
  using Space = TypeParam;
  const Matrix matrix{{3, 5000, 40, 2, 100, 3000}, 1, 2};
  SegmentedCase c;
  c.by_key = true;
  c.seed = 60;
  c.options.algorithm = tessel::MergeSort{1024};
  check_matrix<Space, std::int64_t, int>(matrix, c, "merge, teams of 1024");
  c.options.algorithm = tessel::BitonicSort{1024};
  check_matrix<Space, std::int16_t, int>(matrix, c, "bitonic, teams of 1024");
  c.options.algorithm = tessel::RadixSort{1024};
  check_matrix<Space, std::int32_t, int>(matrix, c, "radix, teams of 1024");
  c.options.algorithm = tessel::RadixSort{0, 0, 4096};
  c.tuning.radix.bits = 11;
  check_matrix<Space, std::int32_t, int>(matrix, c, "radix, chunks of 4096");
}

// A team that radix-sorts long rows alone narrows each row's digits to the
// bits its keys differ in, counting the first pass at the widest digits and
// folding those counts into the narrower ones: rows whose keys span 0 to
// every bit, in one call, with both digit widths the tunings give, keys of
// 1 to 8 bytes, both orders, rows counted ahead, every pass and per pass.
TYPED_TEST(SegmentedSort, LongRowsNarrowTheirOwnDigits) {
  using Space = TypeParam;
  Matrix matrix;
  for (std::size_t s = 0; s < 40; ++s) matrix.lengths.push_back(2000 + 150 * s);
  matrix.trail = 3;
  std::uint64_t seed = 60;
  for (int team : {1, 2})
    for (bool atomics : {true, false})
      for (int bits : {9, 11}) {
        SegmentedCase c;
        c.by_key = true;
        c.seed = seed++;
        c.spans_by_segment = true;
        c.tuning.team_size = team;
        c.tuning.radix.scratch_atomics = atomics;
        c.tuning.radix.scratch_slice = 0;
        c.tuning.scratch_bytes = 1 << 14;  // rows of 2000 and more are long
        c.tuning.radix.bits = bits;
        c.tuning.radix.every_pass_length = bits == 9 ? 5000 : std::int64_t(1) << 40;
        const std::string what =
            "team " + std::to_string(team) + ", atomics " + std::to_string(atomics) + ", bits " + std::to_string(bits);
        check_matrix<Space, std::int32_t, int, PairsOnly>(matrix, c, what + ", int32");
        check_matrix<Space, std::uint64_t, int, PairsOnly>(matrix, c, what + ", uint64");
        check_matrix<Space, std::int8_t, int, PairsOnly>(matrix, c, what + ", int8");
        c.options.order = tessel::Order::descending;
        check_matrix<Space, std::int16_t, int, PairsOnly>(matrix, c, what + ", int16 descending");
        check_matrix<Space, std::int64_t, int, PairsOnly>(matrix, c, what + ", int64 descending");
      }
}

// Short rows are ranked by unique keys (offset from the row's least key,
// above the index) when their keys span less than 2^25; by the
// tie-breaking compare otherwise, or for 8-byte keys by insertion sort:
// spans on both sides of the limit, at both ends of the key range, with
// ties (RankSort.UniqueKeysBelowASpanOfTwoToThe25,
// detail/test_sort_internals.cpp, checks the limit).
template <class Space, class Key>
void check_rank_spans(std::uint64_t seed) {
  const std::int64_t limit = std::int64_t(1) << 25;
  std::mt19937_64 engine(seed);
  for (std::int64_t span : {std::int64_t(0), std::int64_t(1), limit - 1, limit, limit + 1, std::int64_t(1) << 31})
    for (bool low_end : {true, false}) {
      // In unsigned arithmetic: the keys wrap nowhere, but their sums may
      // leave a signed type's range on the way.
      using Unsigned = std::make_unsigned_t<Key>;
      const Unsigned base = low_end ? Unsigned(std::numeric_limits<Key>::min())
                                    : Unsigned(Unsigned(std::numeric_limits<Key>::max()) - Unsigned(span));
      std::vector<Key> keys_in;
      std::vector<int> offsets_in{0};
      for (int length = 2; length <= 64; ++length) {
        // Both ends of the span in every row, the rest drawn from five
        // keys: the span is exact and ties are many.
        const std::int64_t picks[5] = {0, span, span / 2, span > 0 ? 1 : 0, span > 0 ? span - 1 : 0};
        for (int i = 0; i < length; ++i)
          keys_in.push_back(Key(Unsigned(base + Unsigned(i < 2 ? picks[i] : picks[engine() % 5]))));
        std::shuffle(keys_in.end() - length, keys_in.end(), engine);
        offsets_in.push_back(int(keys_in.size()));
      }
      const std::size_t n = keys_in.size();
      const auto keys = device_vector<Key, Space>(keys_in, "tessel_test::keys");
      std::vector<std::int64_t> positions(n);
      std::iota(positions.begin(), positions.end(), std::int64_t(0));
      const auto values = device_vector<std::int64_t, Space>(positions, "tessel_test::values");
      const auto offsets = device_vector<int, Space>(offsets_in, "tessel_test::offsets");
      tessel::segmented_sort_by_key(Space(), offsets, keys, values);
      const auto got = to_host(keys);
      const auto from = to_host(values);
      for (std::size_t s = 0; s + 1 < offsets_in.size(); ++s) {
        std::vector<std::size_t> order(std::size_t(offsets_in[s + 1] - offsets_in[s]));
        std::iota(order.begin(), order.end(), std::size_t(offsets_in[s]));
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys_in[a] < keys_in[b]; });
        for (std::size_t i = 0; i < order.size(); ++i) {
          const std::size_t at = std::size_t(offsets_in[s]) + i;
          ASSERT_EQ(got(at), keys_in[order[i]]) << "span " << span << ", row " << s << ", position " << i;
          ASSERT_EQ(from(at), std::int64_t(order[i])) << "span " << span << ", row " << s << ": unstable";
        }
      }
    }
}

TYPED_TEST(SegmentedSort, RankSortKeySpans) {
  check_rank_spans<TypeParam, std::int32_t>(50);
  check_rank_spans<TypeParam, std::uint32_t>(51);
  check_rank_spans<TypeParam, std::int64_t>(52);
  check_rank_spans<TypeParam, std::uint64_t>(53);
}

TYPED_TEST(SegmentedSort, ComparatorPathIsStable) {
  using Space = TypeParam;
  const LastDigitLess by_last_digit;
  const Matrix matrix = power_law_matrix(500, 6000, 3);
  for (bool by_key : {false, true})
    for (bool descending : {false, true}) {
      SegmentedCase c;
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
