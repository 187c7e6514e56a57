// Past 2^31 elements, where a 32-bit position, count or offset anywhere
// would wrap: scans (whole, and along a dim whose positions pass 2^31),
// findall / count_if / copy_if (more than 2^31 selected), sorts with each
// algorithm (whole; along dims of 2^31 elements in all), sort_by_key,
// sortperm, and segmented sorts with one segment past 2^31. Keys are bytes,
// so that the views stay at 2 to 4 GiB (15 GiB at the most with the host
// copies and workspaces): opt in with TESSEL_TEST_HUGE=1; a run took 13.5
// minutes on two cores. The host reference of a stable sort of bytes is a counting
// sort (one pass, no 2^31-element index array as std::stable_sort of
// positions would need); sorted keys must match it element by element.
#include <sort_test_support.hpp>

#include <tessel/findall.hpp>
#include <tessel/scan.hpp>
#include <tessel/segmented_sort.hpp>
#include <tessel/sort.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <type_traits>

namespace {

using namespace tessel_test;

template <class Space>
class Huge : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::getenv("TESSEL_TEST_HUGE")) GTEST_SKIP() << "set TESSEL_TEST_HUGE=1 to run past 2^31 elements";
  }
};
TYPED_TEST_SUITE(Huge, TestSpaces);

// 2^31 + 2^24 + 3: past 2^31 even after a predicate drops 1 in 256.
constexpr std::int64_t huge = (std::int64_t(1) << 31) + (std::int64_t(1) << 24) + 3;
// 2^15 + 3 rows of 2^16: 2^31 + 3 * 2^16 elements in all.
constexpr std::int64_t wide_rows = (std::int64_t(1) << 15) + 3, wide_columns = std::int64_t(1) << 16;

using Bytes = std::uint8_t;
template <class Space>
using Vector = Kokkos::View<Bytes*, typename Space::memory_space>;
template <class Space>
using Matrix = Kokkos::View<Bytes**, Kokkos::LayoutRight, typename Space::memory_space>;

// A byte of a 64-bit mix of (i, salt) (splitmix64's finaliser): no period
// in i that a kernel's tiles could line up with, and no salt's bytes a
// shift of another's.
KOKKOS_INLINE_FUNCTION Bytes mixed_byte(std::uint64_t i, std::uint64_t salt) {
  std::uint64_t x = (i + (salt << 40)) * 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return Bytes((x ^ (x >> 31)) >> 56);
}

// Fills a rank-1 or rank-2 view with mixed bytes, element by element (a
// functor: nvcc rejects device lambdas in a test body).
template <class View>
struct FillMixed {
  View view;
  std::uint64_t salt;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    if constexpr (View::rank == 1) {
      view(i) = mixed_byte(i, salt);
    } else {
      const std::int64_t columns = std::int64_t(view.extent(1));
      view(i / columns, i % columns) = mixed_byte(i, salt);
    }
  }
};

template <class Space, class View>
void fill_mixed(const View& view, std::uint64_t salt) {
  Kokkos::parallel_for("tessel_test::fill_mixed",
                       Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, std::int64_t(view.size())),
                       FillMixed<View>{view, salt});
  Space().fence();
}

// The bytes' histogram over positions [0, n).
template <class At>
std::array<std::int64_t, 256> byte_histogram(std::int64_t n, At&& at) {
  std::array<std::int64_t, 256> histogram{};
  for (std::int64_t i = 0; i < n; ++i) ++histogram[at(i)];
  return histogram;
}

// What a stable sort of positions [0, n) by key(i) leaves at each place,
// as value(i) (a value byte, or the position itself for sortperm): a
// counting sort over the 256 keys.
template <class KeyAt, class ValueAt>
auto stable_by_byte(std::int64_t n, bool descending, KeyAt&& key_at, ValueAt&& value_at) {
  using Value = std::decay_t<decltype(value_at(std::int64_t(0)))>;
  const auto bucket = [&](std::int64_t i) { return descending ? 255 - int(key_at(i)) : int(key_at(i)); };
  std::array<std::int64_t, 257> start{};
  for (std::int64_t i = 0; i < n; ++i) ++start[bucket(i) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<Value> sorted(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) sorted[static_cast<std::size_t>(start[bucket(i)]++)] = value_at(i);
  return sorted;
}

// Sorted keys from `first` on: each byte as often as the input held it, in
// order. (Plain comparisons in the loops: a gtest assertion per element
// would dominate a run of 2^32 of them.)
template <class Host>
void expect_sorted_bytes(const Host& got, std::int64_t first, const std::array<std::int64_t, 256>& histogram,
                         bool descending, const std::string& what) {
  std::int64_t at = first;
  for (int b = 0; b < 256; ++b) {
    const int value = descending ? 255 - b : b;
    for (std::int64_t c = 0; c < histogram[value]; ++c, ++at)
      if (int(got(at)) != value) FAIL() << what << ": " << int(got(at)) << " at " << at << ", expected " << value;
  }
}

// Every element of a rank-1 view against the expected bytes from `first`.
template <class Host>
void expect_bytes(const Host& got, std::int64_t first, const std::vector<Bytes>& expected, const std::string& what) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (got(first + std::int64_t(i)) != expected[i])
      FAIL() << what << ": " << int(got(first + std::int64_t(i))) << " at " << first + std::int64_t(i) << ", expected "
             << int(expected[i]);
}

// Every slice along `dim` of a rank-2 result sorted, and a permutation of
// its input: its byte counts unchanged. Slices are taken 64 at a time, whose
// counts fit in L2, and read in memory order (a column's bytes are 64 KiB
// apart). The counts return to 0 where the result is right, so only the
// entries of the group's bytes are checked, and none is cleared.
template <class Host>
void expect_sorted_slices(const Host& input, const Host& got, int dim, bool descending, const std::string& what) {
  constexpr std::int64_t group = 64;
  const std::int64_t rows = std::int64_t(input.extent(0)), columns = std::int64_t(input.extent(1));
  const std::int64_t slices = dim == 0 ? columns : rows;
  std::vector<std::int64_t> counts(group * 256, 0);
  std::array<Bytes, group> last;
  for (std::int64_t first = 0; first < slices; first += group) {
    const std::int64_t end = std::min(first + group, slices);
    const std::int64_t i0 = dim == 0 ? 0 : first, i1 = dim == 0 ? rows : end;
    const std::int64_t j0 = dim == 0 ? first : 0, j1 = dim == 0 ? end : columns;
    last.fill(descending ? 255 : 0);
    for (std::int64_t i = i0; i < i1; ++i)
      for (std::int64_t j = j0; j < j1; ++j) {
        const std::int64_t s = (dim == 0 ? j : i) - first;
        ++counts[s * 256 + input(i, j)];
        --counts[s * 256 + got(i, j)];
        if (descending ? got(i, j) > last[s] : got(i, j) < last[s])
          FAIL() << what << ": (" << i << ", " << j << ") is out of order in its slice";
        last[s] = got(i, j);
      }
    for (std::int64_t i = i0; i < i1; ++i)
      for (std::int64_t j = j0; j < j1; ++j) {
        const std::int64_t s = (dim == 0 ? j : i) - first;
        if (counts[s * 256 + input(i, j)] != 0 || counts[s * 256 + got(i, j)] != 0)
          FAIL() << what << ": the slice of (" << i << ", " << j << ") lost or gained a " << int(input(i, j)) << " or a "
                 << int(got(i, j));
      }
  }
}

struct IsZero {
  KOKKOS_INLINE_FUNCTION bool operator()(Bytes v) const { return v == 0; }
};
struct IsNotZero {
  KOKKOS_INLINE_FUNCTION bool operator()(Bytes v) const { return v != 0; }
};

TYPED_TEST(Huge, WholeScans) {
  using Space = TypeParam;
  Vector<Space> src("tessel_test::src", huge), dst("tessel_test::dst", huge);
  fill_mixed<Space>(src, 1);
  const auto input = host_copy(src);

  tessel::inclusive_scan(Space(), src, dst, tessel::Plus{});
  Space().fence();
  {
    const auto got = to_host(dst);
    Bytes sum = 0;
    for (std::int64_t i = 0; i < huge; ++i) {
      sum = Bytes(sum + input(i));
      if (got(i) != sum) FAIL() << "inclusive_scan: " << int(got(i)) << " at " << i << ", expected " << int(sum);
    }
  }
  tessel::exclusive_scan(Space(), src, src, tessel::Plus{}, Bytes(5));  // in place
  Space().fence();
  const auto got = to_host(src);
  Bytes sum = 5;
  for (std::int64_t i = 0; i < huge; ++i) {
    if (got(i) != sum) FAIL() << "exclusive_scan in place: " << int(got(i)) << " at " << i << ", expected " << int(sum);
    sum = Bytes(sum + input(i));
  }
}

// Columns of a LayoutRight matrix: strided slices whose positions pass 2^31.
TYPED_TEST(Huge, ScanAlongStridedColumns) {
  using Space = TypeParam;
  Matrix<Space> src("tessel_test::src", wide_rows, wide_columns), dst("tessel_test::dst", wide_rows, wide_columns);
  fill_mixed<Space>(src, 2);
  tessel::ScanOptions options;
  options.dim = 0;
  tessel::inclusive_scan(Space(), src, dst, tessel::Max{}, options);
  Space().fence();
  const auto input = to_host(src);
  const auto got = to_host(dst);
  std::vector<Bytes> running(static_cast<std::size_t>(wide_columns), 0);
  for (std::int64_t i = 0; i < wide_rows; ++i)
    for (std::int64_t j = 0; j < wide_columns; ++j) {
      auto& at = running[static_cast<std::size_t>(j)];
      at = i == 0 ? input(i, j) : std::max(at, input(i, j));
      if (got(i, j) != at) FAIL() << int(got(i, j)) << " at (" << i << ", " << j << "), expected " << int(at);
    }
}

TYPED_TEST(Huge, FindallCountIfCopyIf) {
  using Space = TypeParam;
  Vector<Space> src("tessel_test::src", huge);
  fill_mixed<Space>(src, 3);
  const auto input = to_host(src);
  std::vector<std::int64_t> zeros;
  for (std::int64_t i = 0; i < huge; ++i)
    if (input(i) == 0) zeros.push_back(i);
  const std::int64_t nonzero = huge - std::int64_t(zeros.size());
  ASSERT_GT(nonzero, std::int64_t(1) << 31);
  ASSERT_GT(zeros.back(), std::int64_t(1) << 31);

  const auto found = to_host(tessel::findall(Space(), src, IsZero{}));
  ASSERT_EQ(found.extent(0), zeros.size());
  for (std::size_t k = 0; k < zeros.size(); ++k) ASSERT_EQ(found(k), zeros[k]) << "findall, index " << k;

  EXPECT_EQ(tessel::count_if(Space(), src, IsNotZero{}), nonzero);

  Vector<Space> dst("tessel_test::dst", huge);
  ASSERT_EQ(tessel::copy_if(Space(), src, dst, IsNotZero{}), nonzero);
  Space().fence();
  const auto got = to_host(dst);
  std::int64_t at = 0;
  for (std::int64_t i = 0; i < huge; ++i)
    if (input(i) != 0) {
      if (got(at) != input(i)) FAIL() << "copy_if: output " << at << " is " << int(got(at)) << ", not input " << i;
      ++at;
    }
}

// A real run past 2^32 elements with the radix sort (4 GiB of keys and
// 8 GiB of workspace), past 2^31 with the merge sort (descending in
// SortByKey and the segmented sorts).
TYPED_TEST(Huge, WholeSorts) {
  using Space = TypeParam;
  struct Run {
    tessel::SortOptions options;
    std::int64_t n;
    const char* what;
  };
  const Run runs[] = {
      {sort_options<tessel::RadixSort>(-1, false), (std::int64_t(1) << 32) + 1, "radix sort"},
      {sort_options<tessel::MergeSort>(-1, false), huge, "merge sort"},
  };
  for (const auto& run : runs) {
    Vector<Space> keys("tessel_test::keys", run.n);
    fill_mixed<Space>(keys, 4);
    std::array<std::int64_t, 256> histogram;
    {
      const auto input = to_host(keys);
      histogram = byte_histogram(run.n, [&](std::int64_t i) { return input(i); });
    }
    tessel::sort(Space(), keys, run.options);
    Space().fence();
    expect_sorted_bytes(to_host(keys), 0, histogram, run.options.order == tessel::Order::descending, run.what);
  }
}

// Stable by key past 2^31: the values' order within equal keys is checked.
TYPED_TEST(Huge, SortByKey) {
  using Space = TypeParam;
  for (const auto& options : {sort_options<tessel::MergeSort>(-1, true), sort_options<tessel::RadixSort>(-1, false)}) {
    const bool descending = options.order == tessel::Order::descending;
    const std::string what = descending ? "merge sort_by_key, descending" : "radix sort_by_key";
    Vector<Space> keys("tessel_test::keys", huge), values("tessel_test::values", huge);
    fill_mixed<Space>(keys, 5);
    fill_mixed<Space>(values, 6);
    std::array<std::int64_t, 256> histogram;
    std::vector<Bytes> expected_values;
    {
      const auto key_in = to_host(keys);
      const auto value_in = to_host(values);
      const auto key_at = [&](std::int64_t i) { return key_in(i); };
      histogram = byte_histogram(huge, key_at);
      expected_values = stable_by_byte(huge, descending, key_at, [&](std::int64_t i) { return value_in(i); });
    }
    tessel::sort_by_key(Space(), keys, values, options);
    Space().fence();
    expect_sorted_bytes(to_host(keys), 0, histogram, descending, what + ", keys");
    expect_bytes(to_host(values), 0, expected_values, what + ", values");
  }
}

// Slices of matrices of 2^31 elements and more, along either dim, with
// every algorithm: each slice sorted, and a permutation of its input (its
// byte histogram unchanged). Columns of 2^15 + 3 are strided by 2^16. The
// bitonic sort, O(n log^2 n), gets rows of 9 and tiles of 4, so that its
// global steps run over 2^31 + 24 pairs of positions.
TYPED_TEST(Huge, SortsAlongDims) {
  using Space = TypeParam;
  const tessel::TuningParameters base = tessel::Tuning<Space>{};
  const tessel::TuningParameters tiny_tiles = tiny_sort_tunings(base)[0];
  struct Run {
    std::int64_t rows, columns;
    tessel::SortOptions options;
    tessel::TuningParameters tuning;
  };
  const Run runs[] = {
      {(std::int64_t(1) << 28) + 3, 9, sort_options<tessel::BitonicSort>(1, true), tiny_tiles},
      {wide_rows, wide_columns, sort_options<tessel::MergeSort>(0, false), base},
      {wide_rows, wide_columns, sort_options<tessel::RadixSort>(0, true), base},
      {wide_rows, wide_columns, sort_options<tessel::AutoSort>(1, false), base},
  };
  for (std::size_t run = 0; run < std::size(runs); ++run) {
    const auto& [rows, columns, options, tuning] = runs[run];
    const bool descending = options.order == tessel::Order::descending;
    Matrix<Space> keys("tessel_test::keys", rows, columns);
    fill_mixed<Space>(keys, 7 + run);
    const auto input = host_copy(keys);
    tessel::sort(Space(), keys, options, tuning);
    Space().fence();
    const auto got = to_host(keys);
    expect_sorted_slices(input, got, options.dim, descending, "run " + std::to_string(run));
  }
}

// Positions within rows of 2^16 (uint16 holds them) over 2^31 keys in all.
TYPED_TEST(Huge, SortpermAlongRows) {
  using Space = TypeParam;
  Matrix<Space> keys("tessel_test::keys", wide_rows, wide_columns);
  Kokkos::View<std::uint16_t**, Kokkos::LayoutRight, typename Space::memory_space> perm("tessel_test::perm",
                                                                                     wide_rows, wide_columns);
  fill_mixed<Space>(keys, 11);
  tessel::sortperm(Space(), perm, keys, sort_options<tessel::RadixSort>(1, true));
  Space().fence();
  const auto key_in = to_host(keys);
  const auto got = to_host(perm);
  for (std::int64_t i = 0; i < wide_rows; ++i) {
    const auto expected = stable_by_byte(
        wide_columns, true, [&](std::int64_t j) { return key_in(i, j); },
        [](std::int64_t j) { return std::uint16_t(j); });
    for (std::int64_t j = 0; j < wide_columns; ++j)
      if (got(i, j) != expected[static_cast<std::size_t>(j)])
        FAIL() << got(i, j) << " at (" << i << ", " << j << "), expected " << expected[static_cast<std::size_t>(j)];
  }
}

// CRS rows: an empty one, short ones, one past 2^31, and trailing keys past
// offsets(n) that must stay as they were.
TYPED_TEST(Huge, SegmentedSortsWithOneSegmentPastTwoToThe31) {
  using Space = TypeParam;
  const std::vector<std::int64_t> cuts = {0, 3, 3, 20, huge - 7, huge - 2};
  Kokkos::View<std::int64_t*, typename Space::memory_space> offsets("tessel_test::offsets", cuts.size());
  {
    auto host = Kokkos::create_mirror_view(offsets);
    for (std::size_t s = 0; s < cuts.size(); ++s) host(s) = cuts[s];
    Kokkos::deep_copy(offsets, host);
  }
  for (const bool by_key : {false, true}) {
    const auto options = by_key ? sort_options<tessel::RadixSort>(-1, false) : sort_options<tessel::MergeSort>(-1, true);
    const bool descending = options.order == tessel::Order::descending;
    Vector<Space> keys("tessel_test::keys", huge), values("tessel_test::values", by_key ? huge : 0);
    fill_mixed<Space>(keys, 12);
    if (by_key) fill_mixed<Space>(values, 13);
    const auto key_in = host_copy(keys);
    const auto value_in = host_copy(values);
    if (by_key)
      tessel::segmented_sort_by_key(Space(), offsets, keys, values, options);
    else
      tessel::segmented_sort(Space(), offsets, keys, options);
    Space().fence();
    const auto keys_got = to_host(keys);
    const auto values_got = to_host(values);
    const std::string what = by_key ? "segmented_sort_by_key" : "segmented_sort";
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
      const std::int64_t first = cuts[s], n = cuts[s + 1] - first;
      const auto key_at = [&](std::int64_t i) { return key_in(first + i); };
      const std::string segment = what + ", segment " + std::to_string(s);
      expect_sorted_bytes(keys_got, first, byte_histogram(n, key_at), descending, segment + ", keys");
      if (by_key)
        expect_bytes(values_got, first,
                     stable_by_byte(n, descending, key_at, [&](std::int64_t i) { return value_in(first + i); }),
                     segment + ", values");
    }
    for (std::int64_t i = cuts.back(); i < huge; ++i) {
      ASSERT_EQ(int(keys_got(i)), int(key_in(i))) << what << ": key past offsets(n) at " << i;
      if (by_key) {
        ASSERT_EQ(int(values_got(i)), int(value_in(i))) << what << ": value past offsets(n) at " << i;
      }
    }
  }
}

}  // namespace
