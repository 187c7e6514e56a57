// The sorts' building blocks besides the radix plan: the keys' total order,
// AutoSort's choice of short slices, the span below which rank sort ranks by
// unique keys, and the dealing of long segments to teams.
#include <sort_test_support.hpp>

#include <tessel/detail/sort/radix/segmented_radix.hpp>
#include <tessel/detail/sort/rank_sort.hpp>
#include <tessel/detail/sort/sort_dispatch.hpp>
#include <tessel/detail/sort/sort_order.hpp>

#include <algorithm>
#include <random>

namespace {

TEST(SortOrder, TotalOrderOfFloats) {
  // -inf < ... < -0.0 < +0.0 < ... < +inf < NaN, every NaN last.
  const tessel::detail::DefaultOrder<double> order{};
  auto before = [&](double a, double b) { return tessel::detail::key_before(order, a, b); };
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(before(-inf, -1.0));
  EXPECT_TRUE(before(-0.0, 0.0));
  EXPECT_FALSE(before(0.0, -0.0));
  EXPECT_TRUE(before(inf, nan));
  EXPECT_TRUE(before(inf, -nan));
  EXPECT_FALSE(before(nan, -nan));
  EXPECT_FALSE(before(-nan, nan));
  EXPECT_TRUE(before(std::numeric_limits<double>::max(), inf));
  EXPECT_TRUE(before(-std::numeric_limits<double>::denorm_min(), -0.0));
  const tessel::detail::DefaultOrder<double> reversed{true};
  EXPECT_TRUE(tessel::detail::key_before(reversed, nan, inf));
  EXPECT_TRUE(tessel::detail::key_before(reversed, 0.0, -0.0));
}

// AutoSort along a dim on a host: slices of up to merge.rank_length records
// of keys in their default order go to merge sort, whose one-thread teams
// rank them whole (merge_sort_ranks); longer ones to radix sort as before.
// Without ranks (merge.rank_length 0, teams of several threads, a device
// space, whose kernels do not compile them) slices of 64 go to radix sort; a
// comparator never takes ranks.
TEST(AutoSort, ShortSlicesOfDefaultOrderKeysAreRanked) {
  using namespace tessel::detail;
  const tessel::TuningParameters host = HostTuning{};
  const tessel::SortOptions options;  // AutoSort
  auto choose = [&](index_type length, tessel::TuningParameters tuning, bool has_less = false,
                    bool host_space = true) {
    return choose_sort("test", options, has_less, SortKeys{!has_less, false, 4, 4, host_space}, length, tuning);
  };
  for (index_type length : {2, 8, 16, 33, 64}) {
    EXPECT_EQ(choose(length, host), SortKind::merge) << length;
    EXPECT_TRUE(merge_sort_ranks(length, sort_tile(host, 8, false), true, host)) << length;
  }
  EXPECT_FALSE(merge_sort_ranks(65, sort_tile(host, 8, false), true, host));
  EXPECT_EQ(choose(1024, host), SortKind::radix);
  tessel::TuningParameters unranked = host;
  unranked.merge.rank_length = 0;
  EXPECT_FALSE(merge_sort_ranks(64, sort_tile(unranked, 8, false), true, unranked));
  EXPECT_EQ(choose(64, unranked), SortKind::radix);
  tessel::TuningParameters teams = host;
  teams.team_size = 4;
  EXPECT_FALSE(merge_sort_ranks(16, sort_tile(teams, 8, false), true, teams));
  EXPECT_FALSE(merge_sort_ranks(16, sort_tile(host, 8, false), false, host));
  EXPECT_NE(choose(64, host, true), SortKind::radix);
  EXPECT_EQ(choose(64, host, false, /*host_space=*/false), SortKind::radix);
}

// SegmentedSort.RankSortKeySpans (test_segmented_sort.cpp) sorts rows whose
// keys span 2^25 and one either side: rank sort's limit, an offset above 6
// bits of index that stays a positive int32.
TEST(RankSort, UniqueKeysBelowASpanOfTwoToThe25) {
  EXPECT_EQ(std::int64_t(tessel::detail::rank_unique_span), std::int64_t(1) << 25);
}

// Long segments that teams radix-sort alone are dealt to the teams that run
// at once (deal_segments): every segment once, each team's buffers as long
// as its longest segment and apart from the others', and no team with more
// than the least loaded one plus the longest segment (longest first, to the
// least loaded).
TEST(SegmentedSortDeal, EverySegmentOnceBuffersApartLoadsEven) {
  std::mt19937_64 engine(3);
  for (tessel::detail::index_type teams : {1, 2, 3, 8, 50}) {
    std::vector<tessel::detail::RadixSegment> segments;
    tessel::detail::index_type begin = 0;
    for (int i = 0; i < 37; ++i) {
      const auto length = tessel::detail::index_type(1 + engine() % (i % 5 == 0 ? 5000 : 300));
      segments.push_back({begin, length, -1, {}, {}});
      begin += length;
    }
    const auto lanes = tessel::detail::deal_segments(segments, teams);
    const auto used = std::min<tessel::detail::index_type>(teams, 37);
    ASSERT_EQ(lanes.first.size(), std::size_t(used + 1)) << teams << " teams";
    ASSERT_EQ(lanes.segments.size(), segments.size());
    std::vector<int> seen(segments.size(), 0);
    std::vector<tessel::detail::index_type> load(used, 0);
    tessel::detail::index_type buffers_end = 0, longest = 0;
    for (tessel::detail::index_type t = 0; t < used; ++t) {
      const auto team_buffer = lanes.segments[lanes.first[t]].buffer;
      EXPECT_EQ(team_buffer, buffers_end) << "team " << t << "'s buffers do not follow the previous team's";
      tessel::detail::index_type team_longest = 0;
      for (auto i = lanes.first[t]; i < lanes.first[t + 1]; ++i) {
        const auto& segment = lanes.segments[i];
        EXPECT_EQ(segment.buffer, team_buffer) << "team " << t << ", segment " << i;
        const auto original = std::find_if(segments.begin(), segments.end(),
                                           [&](const auto& s) { return s.begin == segment.begin; });
        ASSERT_NE(original, segments.end());
        EXPECT_EQ(original->length, segment.length);
        ++seen[std::size_t(original - segments.begin())];
        load[t] += segment.length;
        team_longest = std::max(team_longest, segment.length);
      }
      buffers_end += team_longest;
      longest = std::max(longest, team_longest);
    }
    EXPECT_EQ(lanes.buffer_records, buffers_end);
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], 1) << "segment " << i;
    const auto [least, most] = std::minmax_element(load.begin(), load.end());
    EXPECT_LE(*most, *least + longest) << teams << " teams";
  }
}

}  // namespace
