// Every bad argument of every family throws, whatever the sizes (0
// included), before anything is written: the views keep every bit.
#include <test_helpers.hpp>

#include <tessel/tessel.hpp>

#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace {

template <class Space>
class BadArguments : public ::testing::Test {};
TYPED_TEST_SUITE(BadArguments, tessel_test::TestSpaces);

// The lengths each bad argument is tried at: none, one, a few, several tiles.
const std::vector<int> lengths = {0, 1, 2, 37, 5000};

struct FloatLess {
  KOKKOS_INLINE_FUNCTION bool operator()(float a, float b) const { return a < b; }
};
struct Positive {
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x > 0.0f; }
};

// A rank-1 view of seeded floats (NaN and -0.0 among them) and its host copy.
template <class Space>
Kokkos::View<float*, typename Space::memory_space> seeded(const char* label, int n, std::uint64_t seed) {
  auto values = tessel_test::random_values<float>(std::size_t(n), seed, -2.0f, 2.0f);
  if (n > 1) values[1] = std::numeric_limits<float>::quiet_NaN();
  if (n > 2) values[2] = -0.0f;
  Kokkos::View<float*, typename Space::memory_space> view(std::string(label), static_cast<std::size_t>(n));
  auto host = Kokkos::create_mirror_view(view);
  for (int i = 0; i < n; ++i) host(i) = values[std::size_t(i)];
  Kokkos::deep_copy(view, host);
  return view;
}

template <class View>
std::vector<unsigned char> bits_of(const View& view) {
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
  std::vector<unsigned char> bytes(host.span() * sizeof(typename View::value_type));
  if (!bytes.empty()) std::memcpy(bytes.data(), host.data(), bytes.size());
  return bytes;
}

// Runs `call`, which must throw Error, and checks that every view in `watched`
// kept its bits.
template <class Error, class... Views>
void expect_rejected(const std::string& what, const std::function<void()>& call, const Views&... watched) {
  const std::vector<std::vector<unsigned char>> before = {bits_of(watched)...};
  EXPECT_THROW(call(), Error) << what;
  const std::vector<std::vector<unsigned char>> after = {bits_of(watched)...};
  EXPECT_TRUE(before == after) << what << ": an input changed before the exception";
}

template <class Space>
Kokkos::View<int*, typename Space::memory_space> offsets_of(const std::vector<int>& values) {
  Kokkos::View<int*, typename Space::memory_space> offsets("offsets", values.size());
  auto host = Kokkos::create_mirror_view(offsets);
  for (std::size_t i = 0; i < values.size(); ++i) host(i) = values[i];
  Kokkos::deep_copy(offsets, host);
  return offsets;
}

// The bad SortOptions every sort entry rejects, and why.
std::vector<std::pair<std::string, tessel::SortOptions>> bad_sort_options() {
  std::vector<std::pair<std::string, tessel::SortOptions>> bad;
  auto with = [&](const std::string& name, tessel::SortAlgorithm algorithm) {
    tessel::SortOptions options;
    options.algorithm = algorithm;
    bad.emplace_back(name, options);
  };
  with("MergeSort block_size -1", tessel::MergeSort{-1});
  with("BitonicSort block_size -1", tessel::BitonicSort{-1});
  with("RadixSort block_size -1", tessel::RadixSort{-1, 0, 0});
  with("RadixSort items_per_thread -1", tessel::RadixSort{0, -1, 0});
  with("RadixSort chunk_size -1", tessel::RadixSort{0, 0, -1});
  tessel::SortOptions dim;
  dim.dim = 1;
  bad.emplace_back("dim 1 of a rank-1 view", dim);
  return bad;
}

TYPED_TEST(BadArguments, ScansRejectAtEverySize) {
  using Space = TypeParam;
  for (const int n : lengths) {
    const std::string at = " at length " + std::to_string(n);
    auto src = seeded<Space>("src", n, 11);
    auto dst = seeded<Space>("dst", n, 12);
    auto longer = seeded<Space>("longer", n + 1, 13);
    tessel::ScanOptions dim;
    dim.dim = 1;
    tessel::ScanOptions block;
    block.block_size = -1;
    tessel::ScanOptions items;
    items.items_per_thread = -1;
    for (const auto& [name, options] : {std::pair{"dim 1", dim}, std::pair{"block_size -1", block},
                                        std::pair{"items_per_thread -1", items}}) {
      expect_rejected<std::invalid_argument>(
          std::string("inclusive_scan ") + name + at,
          [&, options = options] { tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}, options); }, src, dst);
      expect_rejected<std::invalid_argument>(
          std::string("exclusive_scan ") + name + at,
          [&, options = options] { tessel::exclusive_scan(Space(), src, dst, tessel::Max{}, 0.0f, options); }, src,
          dst);
      expect_rejected<std::invalid_argument>(
          std::string("inclusive_scan from init ") + name + at,
          [&, options = options] { tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}, 1.0f, options); }, src,
          dst);
    }
    expect_rejected<std::invalid_argument>(
        "inclusive_scan into a longer dst" + at, [&] { tessel::inclusive_scan(Space(), src, longer, tessel::Plus{}); },
        src, longer);
    Kokkos::View<float**, typename Space::memory_space> matrix("matrix", static_cast<std::size_t>(n), 3);
    tessel::ScanOptions dim2;
    dim2.dim = 2;
    expect_rejected<std::invalid_argument>(
        "inclusive_scan dim 2 of a rank-2 view" + at,
        [&] { tessel::inclusive_scan(Space(), matrix, matrix, tessel::Plus{}, dim2); }, matrix);
    expect_rejected<std::invalid_argument>(
        "inclusive_scan of a rank-2 view without a dim" + at,
        [&] { tessel::inclusive_scan(Space(), matrix, matrix, tessel::Plus{}); }, matrix);
  }
}

TYPED_TEST(BadArguments, CompactionRejectsAtEverySize) {
  using Space = TypeParam;
  for (const int n : lengths) {
    if (n < 2) continue;  // the only bad arguments need two distinct, overlapping views
    const std::string at = " at length " + std::to_string(n);
    auto storage = seeded<Space>("storage", 2 * n, 21);
    auto src = Kokkos::subview(storage, std::make_pair(0, n));
    auto shifted = Kokkos::subview(storage, std::make_pair(1, n + 1));
    expect_rejected<std::invalid_argument>(
        "copy_if into itself" + at, [&] { tessel::copy_if(Space(), src, src, Positive{}); }, storage);
    expect_rejected<std::invalid_argument>(
        "copy_if into an overlapping dst" + at, [&] { tessel::copy_if(Space(), src, shifted, Positive{}); },
        storage);
  }
}

TYPED_TEST(BadArguments, SortsRejectAtEverySize) {
  using Space = TypeParam;
  for (const int n : lengths) {
    const std::string at = " at length " + std::to_string(n);
    auto keys = seeded<Space>("keys", n, 31);
    auto values = seeded<Space>("values", n, 32);
    auto longer = seeded<Space>("longer", n + 1, 33);
    Kokkos::View<int*, typename Space::memory_space> perm("perm", static_cast<std::size_t>(n));
    for (const auto& [name, options] : bad_sort_options()) {
      expect_rejected<std::invalid_argument>(
          "sort " + name + at, [&, options = options] { tessel::sort(Space(), keys, options); }, keys);
      expect_rejected<std::invalid_argument>(
          "sort with a less " + name + at, [&, options = options] { tessel::sort(Space(), keys, FloatLess{}, options); },
          keys);
      expect_rejected<std::invalid_argument>(
          "sort_by_key " + name + at, [&, options = options] { tessel::sort_by_key(Space(), keys, values, options); },
          keys, values);
      expect_rejected<std::invalid_argument>(
          "sortperm " + name + at, [&, options = options] { tessel::sortperm(Space(), perm, keys, options); }, keys,
          perm);
    }
    tessel::SortOptions radix;
    radix.algorithm = tessel::RadixSort{};
    expect_rejected<std::invalid_argument>(
        "RadixSort with a less" + at, [&] { tessel::sort(Space(), keys, FloatLess{}, radix); }, keys);
    expect_rejected<std::invalid_argument>(
        "sort_by_key with longer values" + at, [&] { tessel::sort_by_key(Space(), keys, longer, {}); }, keys, longer);
    expect_rejected<std::invalid_argument>(
        "sortperm with a longer perm" + at,
        [&] {
          Kokkos::View<int*, typename Space::memory_space> long_perm("long_perm", static_cast<std::size_t>(n + 1));
          tessel::sortperm(Space(), long_perm, keys, {});
        },
        keys);
  }
}

TYPED_TEST(BadArguments, SegmentedSortsRejectAtEverySizeAndSegmentCount) {
  using Space = TypeParam;
  for (const int n : lengths) {
    auto keys = seeded<Space>("keys", n, 41);
    auto values = seeded<Space>("values", n, 42);
    auto longer = seeded<Space>("longer", n + 1, 43);
    // No offsets at all, one offset (no segment), one segment, two segments.
    for (const std::vector<int>& bounds : {std::vector<int>{}, std::vector<int>{0}, std::vector<int>{0, n},
                                           std::vector<int>{0, n / 2, n}}) {
      const auto offsets = offsets_of<Space>(bounds);
      const std::string at = " at length " + std::to_string(n) + " with " + std::to_string(bounds.size()) + " offsets";
      for (const auto& [name, options] : bad_sort_options()) {
        expect_rejected<std::invalid_argument>(
            "segmented_sort " + name + at,
            [&, options = options] { tessel::segmented_sort(Space(), offsets, keys, options); }, keys, offsets);
        expect_rejected<std::invalid_argument>(
            "segmented_sort with a less " + name + at,
            [&, options = options] { tessel::segmented_sort(Space(), offsets, keys, FloatLess{}, options); }, keys,
            offsets);
        expect_rejected<std::invalid_argument>(
            "segmented_sort_by_key " + name + at,
            [&, options = options] { tessel::segmented_sort_by_key(Space(), offsets, keys, values, options); }, keys,
            values, offsets);
      }
      tessel::SortOptions radix;
      radix.algorithm = tessel::RadixSort{};
      expect_rejected<std::invalid_argument>(
          "segmented_sort RadixSort with a less" + at,
          [&] { tessel::segmented_sort(Space(), offsets, keys, FloatLess{}, radix); }, keys, offsets);
      expect_rejected<std::invalid_argument>(
          "segmented_sort_by_key with longer values" + at,
          [&] { tessel::segmented_sort_by_key(Space(), offsets, keys, longer, {}); }, keys, longer, offsets);
    }
    // Offsets past the keys, and decreasing offsets, need at least one segment.
    if (n == 0) continue;
    const std::string at = " at length " + std::to_string(n);
    const auto past = offsets_of<Space>({0, n + 1});
    expect_rejected<std::invalid_argument>(
        "segmented_sort with offsets past the keys" + at, [&] { tessel::segmented_sort(Space(), past, keys); }, keys,
        past);
    const auto decreasing = offsets_of<Space>({0, n, n / 2});
    expect_rejected<std::invalid_argument>(
        "segmented_sort with decreasing offsets" + at, [&] { tessel::segmented_sort(Space(), decreasing, keys); },
        keys, decreasing);
  }
}

}  // namespace
