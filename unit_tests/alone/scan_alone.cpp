// <tessel/scan.hpp> alone: the scans and the operators API.md puts there.
#include <tessel/scan.hpp>

#include <alone/alone_support.hpp>

#include <algorithm>
#include <functional>
#include <numeric>

TEST(HeaderAlone, Scan) {
  using namespace tessel_alone;
  const auto input = numbers();
  const auto src = device(input);
  Kokkos::View<std::int32_t*, Space::memory_space> dst("tessel_test::alone::dst", input.size());
  std::vector<std::int32_t> expected(input.size());

  tessel::inclusive_scan(Space(), src, dst, tessel::Plus{});
  std::inclusive_scan(input.begin(), input.end(), expected.begin());
  EXPECT_EQ(host(dst), expected);
  Kokkos::deep_copy(dst, 0);
  tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}, tessel::Tuning<Space>{});
  EXPECT_EQ(host(dst), expected);
  std::inclusive_scan(input.begin(), input.end(), expected.begin(), std::plus<>(), std::int32_t(-3));
  tessel::inclusive_scan(Space(), src, dst, tessel::Plus{}, std::int32_t(-3), tessel::Tuning<Space>{});
  EXPECT_EQ(host(dst), expected);
  std::exclusive_scan(input.begin(), input.end(), expected.begin(), std::int32_t(4));
  tessel::exclusive_scan(Space(), src, dst, tessel::Plus{}, std::int32_t(4), tessel::Tuning<Space>{});
  EXPECT_EQ(host(dst), expected);

  tessel::inclusive_scan(Space(), src, dst, tessel::Max{}, std::int32_t(10), tessel::ScanOptions{});
  std::int32_t running = 10;
  for (std::size_t i = 0; i < input.size(); ++i) expected[i] = running = std::max(running, input[i]);
  EXPECT_EQ(host(dst), expected);

  tessel::exclusive_scan(Space(), src, dst, tessel::Min{}, std::int32_t(0), tessel::ScanOptions{},
                         tessel::Tuning<Space>{});
  running = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    expected[i] = running;
    running = std::min(running, input[i]);
  }
  EXPECT_EQ(host(dst), expected);

  tessel::exclusive_scan(Space(), src, dst, tessel::BitXor{}, std::int32_t(0));
  running = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    expected[i] = running;
    running ^= input[i];
  }
  EXPECT_EQ(host(dst), expected);
}
