// <tessel/sort.hpp> alone: the sorts API.md puts there, the segmented ones
// included, the workspace and its size, the options.
#include <tessel/sort.hpp>

#include <alone/alone_support.hpp>

#include <algorithm>
#include <numeric>

namespace {
struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t a, std::int32_t b) const { return b < a; }
};
}  // namespace

TEST(HeaderAlone, Sort) {
  using namespace tessel_alone;
  const auto input = numbers();
  auto expected = input;
  std::stable_sort(expected.begin(), expected.end());
  std::vector<std::int32_t> positions(input.size());
  std::iota(positions.begin(), positions.end(), 0);
  std::vector<std::int32_t> order = positions;
  std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) { return input[a] < input[b]; });

  auto keys = device(input);
  tessel::sort(Space(), keys);
  EXPECT_EQ(host(keys), expected);

  keys = device(input);
  tessel::sort(Space(), keys, Greater{}, tessel::SortOptions{});
  EXPECT_EQ(host(keys), std::vector<std::int32_t>(expected.rbegin(), expected.rend()));

  keys = device(input);
  auto values = device(positions);
  tessel::SortOptions options;
  options.algorithm = tessel::MergeSort{};
  tessel::SortWorkspace<Space::memory_space> workspace(tessel::sort_workspace_bytes(Space(), keys, values, options));
  tessel::sort_by_key(Space(), keys, values, options, workspace);
  EXPECT_EQ(host(values), order);

  keys = device(input);
  Kokkos::View<std::int32_t*, Space::memory_space> perm("tessel_test::alone::perm", input.size());
  options.algorithm = tessel::RadixSort{};
  tessel::SortWorkspace<Space::memory_space> sized(tessel::sortperm_workspace_bytes(Space(), perm, keys, options));
  const std::size_t size = sized.size();
  tessel::sortperm(Space(), perm, keys, options, sized, tessel::Tuning<Space>{});
  EXPECT_EQ(host(perm), order);
  EXPECT_EQ(sized.size(), size) << "sortperm_workspace_bytes was too small";

  // Two segments, [0, 400) and [400, 1000), each sorted on its own.
  const auto offsets = device(std::vector<std::int64_t>{0, 400, 1000});
  auto segmented = input;
  std::sort(segmented.begin(), segmented.begin() + 400);
  std::sort(segmented.begin() + 400, segmented.end());
  keys = device(input);
  tessel::segmented_sort(Space(), offsets, keys);
  EXPECT_EQ(host(keys), segmented);
  keys = device(input);
  values = device(positions);
  tessel::segmented_sort_by_key(Space(), offsets, keys, values, tessel::SortOptions{});
  EXPECT_EQ(host(keys), segmented);
}
