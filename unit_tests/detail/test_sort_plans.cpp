// The host-side plans of the sorts, as pure functions of sizes and the
// tuning: the runs and merge rounds of team_merge_sort, the segmented sort's
// bins and long segments, and the buckets of radix_sort_buckets. Every
// expectation is derived by hand in the comment beside it.
#include <gtest/gtest.h>

#include <tessel/detail/segmented/segmented_sort.hpp>
#include <tessel/detail/sort/radix/radix_buckets.hpp>

#include <vector>

namespace {

using tessel::detail::index_type;
using tessel::detail::LongSegment;
using tessel::detail::MergeLane;
using tessel::detail::RadixCounting;
using tessel::detail::RadixSegment;

void expect_lane(const MergeLane& lane, index_type a, index_type a_end, index_type b_end) {
  EXPECT_EQ(lane.a, a);
  EXPECT_EQ(lane.a_end, a_end);
  EXPECT_EQ(lane.b, a_end);  // B follows A
  EXPECT_EQ(lane.b_end, b_end);
  EXPECT_EQ(lane.out, a);  // outputs go where A starts
}

// ---- team_merge_sort --------------------------------------------------------

// Segments of up to insertion_cached (16) records are one run each.
TEST(SortPlans, MergeRunItemsAroundInsertionCached) {
  using tessel::detail::merge_run_items;
  EXPECT_EQ(merge_run_items(0, 8), 0);
  EXPECT_EQ(merge_run_items(1, 8), 1);
  EXPECT_EQ(merge_run_items(15, 8), 15);
  EXPECT_EQ(merge_run_items(16, 8), 16);
  EXPECT_EQ(merge_run_items(17, 8), 8);
}

TEST(SortPlans, MergeRuns) {
  using tessel::detail::merge_runs;
  {
    // No records: segments of 32 cut into 4 runs of 8, none of them there.
    const auto runs = merge_runs(0, 32, 8);
    EXPECT_EQ(runs.items, 8);
    EXPECT_EQ(runs.per_segment, 4);
    EXPECT_EQ(runs.total, 0);
  }
  {
    // One record: one segment of one run of one.
    const auto runs = merge_runs(1, 1, 8);
    EXPECT_EQ(runs.items, 1);
    EXPECT_EQ(runs.per_segment, 1);
    EXPECT_EQ(runs.total, 1);
    EXPECT_EQ(runs.first(0), 0);
    EXPECT_EQ(runs.segment_end(0), 1);
  }
  {
    // 100 records in segments of 40 (40, 40, 20): 5 runs of 8 per segment,
    // 15 runs, the last segment's two past the records empty.
    const auto runs = merge_runs(100, 40, 8);
    EXPECT_EQ(runs.items, 8);
    EXPECT_EQ(runs.per_segment, 5);
    EXPECT_EQ(runs.total, 15);
    EXPECT_EQ(runs.first(4), 32);  // the first segment's last run: 32..40
    EXPECT_EQ(runs.segment_end(32), 40);
    EXPECT_EQ(runs.first(5), 40);  // the second segment's first
    EXPECT_EQ(runs.first(7), 56);
    EXPECT_EQ(runs.segment_end(56), 80);
    EXPECT_EQ(runs.first(12), 96);  // the last segment's third run: 4 records
    EXPECT_EQ(runs.segment_end(96), 100);
    EXPECT_EQ(runs.first(13), 104);  // past the records
    EXPECT_EQ(runs.segment_end(104), 100);
  }
  {
    // Segments of 17 (one past insertion_cached): runs of 8, 8 and 1.
    const auto runs = merge_runs(34, 17, 8);
    EXPECT_EQ(runs.items, 8);
    EXPECT_EQ(runs.per_segment, 3);
    EXPECT_EQ(runs.total, 6);
    EXPECT_EQ(runs.first(2), 16);
    EXPECT_EQ(runs.segment_end(16), 17);
    EXPECT_EQ(runs.first(3), 17);
    EXPECT_EQ(runs.segment_end(17), 34);
  }
  {
    // Segments of 16: one run of 16 each.
    const auto runs = merge_runs(40, 16, 8);
    EXPECT_EQ(runs.items, 16);
    EXPECT_EQ(runs.per_segment, 1);
    EXPECT_EQ(runs.total, 3);
    EXPECT_EQ(runs.first(2), 32);
    EXPECT_EQ(runs.segment_end(32), 40);
  }
}

TEST(SortPlans, MergePairs) {
  using tessel::detail::merge_pairs;
  {
    // 100 records in segments of 40, sequences of 8: pairs of 16 records,
    // 3 per segment (16 + 16 + 8), 9 in all.
    const auto pairs = merge_pairs(100, 40, 8);
    EXPECT_EQ(pairs.per_segment, 3);
    EXPECT_EQ(pairs.total, 9);
    expect_lane(pairs.lane(0), 0, 8, 16);
    expect_lane(pairs.lane(1), 16, 24, 32);
    expect_lane(pairs.lane(2), 32, 40, 40);  // A alone: B would cross the segment's end
    expect_lane(pairs.lane(3), 40, 48, 56);
    expect_lane(pairs.lane(6), 80, 88, 96);
    expect_lane(pairs.lane(7), 96, 100, 100);  // 4 records left: a short A
    expect_lane(pairs.lane(8), 112, 112, 112);  // past the records: empty
  }
  {
    // The last round of a segment of 32: one pair of 16 + 16 per segment.
    const auto pairs = merge_pairs(64, 32, 16);
    EXPECT_EQ(pairs.per_segment, 1);
    EXPECT_EQ(pairs.total, 2);
    expect_lane(pairs.lane(0), 0, 16, 32);
    expect_lane(pairs.lane(1), 32, 48, 64);
  }
  {
    // Sequences of 16 in a segment of 33: a pair of 16 + 16, then 1 alone.
    const auto pairs = merge_pairs(33, 33, 16);
    EXPECT_EQ(pairs.per_segment, 2);
    EXPECT_EQ(pairs.total, 2);
    expect_lane(pairs.lane(0), 0, 16, 32);
    expect_lane(pairs.lane(1), 32, 33, 33);
  }
  {
    // One record: one empty-B pair.
    const auto pairs = merge_pairs(1, 1, 1);
    EXPECT_EQ(pairs.per_segment, 1);
    EXPECT_EQ(pairs.total, 1);
    expect_lane(pairs.lane(0), 0, 1, 1);
  }
  {
    // No records: no pairs.
    EXPECT_EQ(merge_pairs(0, 32, 8).total, 0);
  }
}

// ---- the segmented sort's bins ----------------------------------------------

// One thread a team, 4 runs per thread of at most 8 records, 16 KiB of
// scratch, no padding: a merge tile of 4-byte records holds 4 runs of 8
// (256 bytes of the budget go to the arrays' alignment; 2 buffers of
// 4 x 8 x 4 bytes fit many times over).
tessel::TuningParameters bin_tuning() {
  tessel::TuningParameters tuning;
  tuning.team_size = 1;
  tuning.pad_runs = false;
  tuning.merge.runs_per_thread = 4;
  tuning.merge.items_per_thread = 8;
  tuning.scratch_bytes = 16384;
  return tuning;
}

TEST(SortPlans, SegmentBinsShortLength) {
  tessel::TuningParameters tuning = bin_tuning();
  // The short bin ends at the tile (32 records), and takes at least one.
  const int asked[] = {0, 1, 2, 31, 32, 33};
  const int expected[] = {1, 1, 2, 31, 32, 32};
  for (int i = 0; i < 6; ++i) {
    tuning.segmented.short_length = asked[i];
    const auto plan = tessel::detail::plan_segment_bins(tuning, 4, 0, false, false);
    EXPECT_EQ(plan.short_length, expected[i]) << "short_length " << asked[i];
    EXPECT_EQ(plan.medium_length, 32);
    EXPECT_EQ(plan.medium.tile.elements, 32);
    EXPECT_EQ(plan.medium.tile.items, 8);
    EXPECT_EQ(plan.medium.radix.bits, 0);  // radix sort not allowed
    EXPECT_EQ(plan.medium.counter_bytes, 0u);
  }
}

TEST(SortPlans, SegmentBinsRankLength) {
  tessel::TuningParameters tuning = bin_tuning();
  // At most rank_sort_capacity (64) records are ranked.
  const int asked[] = {0, 1, 63, 64, 65};
  const int expected[] = {0, 1, 63, 64, 64};
  for (int i = 0; i < 5; ++i) {
    tuning.segmented.rank_length = asked[i];
    EXPECT_EQ(tessel::detail::plan_segment_bins(tuning, 4, 0, false, false).rank_length, expected[i])
        << "rank_length " << asked[i];
  }
}

TEST(SortPlans, SegmentBinsTileOfRecords) {
  tessel::TuningParameters tuning = bin_tuning();
  // 512 bytes: 256 for the records. Keys alone: 4 runs x 8 items x 4 bytes
  // x 2 buffers = 256, a tile of 32; with 4-byte values 4 runs x 4 items x
  // 8 bytes x 2 buffers = 256, a tile of 16.
  tuning.scratch_bytes = 512;
  EXPECT_EQ(tessel::detail::plan_segment_bins(tuning, 4, 0, false, false).medium_length, 32);
  EXPECT_EQ(tessel::detail::plan_segment_bins(tuning, 4, 4, false, false).medium_length, 16);
  // Runs of even length become odd where scratch has banks: 4 runs of 7.
  tuning = bin_tuning();
  tuning.pad_runs = true;
  const auto padded = tessel::detail::plan_segment_bins(tuning, 4, 0, false, false);
  EXPECT_EQ(padded.medium.tile.elements, 28);
  EXPECT_EQ(padded.medium.tile.items, 7);
  // No scratch: a tile of one record.
  tuning = bin_tuning();
  tuning.scratch_bytes = 0;
  const auto none = tessel::detail::plan_segment_bins(tuning, 4, 0, true, false);
  EXPECT_EQ(none.medium_length, 1);
  EXPECT_EQ(none.short_length, 1);
  EXPECT_EQ(none.medium.radix.bits, 0);  // no room for counters
}

// Radix sort in the medium bin takes its counters out of the tile's budget.
// Tile of 32 4-byte keys, chunks of 32, 8-bit digits asked, unit costs: the
// cheapest digits for 32 records are 4 bits (8 passes x (1 + 16 / 32) = 12;
// 3 bits 11 x 1.25 = 13.75, 5 bits 7 x 2 = 14). A lone thread ranking in
// order counts one pass ahead: 2 x 16 counters of 4 bytes = 128, plus 8,
// plus the chunk arrays of 32 records: 2 x (33 slots x 4 + 8) = 280 and
// 528 slots x 2 + 8 = 1064. In all 128 + 8 + 280 + 1064 = 1480 bytes.
TEST(SortPlans, SegmentBinsRadixCounters) {
  tessel::TuningParameters tuning = bin_tuning();
  tuning.radix.bits = 8;
  tuning.radix.chunk_size = 32;
  tuning.radix.scratch_atomics = true;
  struct Case {
    std::size_t scratch;
    int bits;      // 0: no radix sort
    int elements;  // the tile
  };
  // Up to 1480 bytes the counters do not fit; 1 byte more leaves one record
  // (less than the 256 bytes of alignment); 1480 + 256 + 2 x 32 x 4 = 1992
  // leave a full tile of 32, a byte less 4 runs of 7.
  const Case cases[] = {{1479, 0, 32}, {1480, 0, 32}, {1481, 4, 1}, {1991, 4, 28}, {1992, 4, 32}};
  for (const Case& c : cases) {
    tuning.scratch_bytes = c.scratch;
    const auto plan = tessel::detail::plan_segment_bins(tuning, 4, 0, true, false);
    EXPECT_EQ(plan.medium.radix.bits, c.bits) << c.scratch << " bytes";
    EXPECT_EQ(plan.medium.tile.elements, c.elements) << c.scratch << " bytes";
    EXPECT_EQ(plan.medium_length, c.elements) << c.scratch << " bytes";
    if (c.bits == 0) {
      EXPECT_EQ(plan.medium.counter_bytes, 0u);
      continue;
    }
    EXPECT_EQ(plan.medium.counter_bytes, 1480u);
    EXPECT_EQ(plan.medium.radix.chunk_size, 32);
    EXPECT_EQ(plan.medium.radix.counting, RadixCounting::ahead);
    EXPECT_TRUE(plan.medium.radix.scratch_atomics);
    EXPECT_FALSE(plan.medium.radix.always);
  }
  tuning.scratch_bytes = 1992;
  EXPECT_TRUE(tessel::detail::plan_segment_bins(tuning, 4, 0, true, true).medium.radix.always);
  // A team of several threads counts each pass before its scatter: 16
  // counters, 64 bytes less, 1416 in all.
  tuning.team_size = 2;
  tuning.merge.runs_per_thread = 2;  // the same 4 runs of 8
  EXPECT_EQ(tessel::detail::plan_segment_bins(tuning, 4, 0, true, false).medium.counter_bytes, 1416u);
}

// Radix sort wins over merging `length` records, ceil(log2(length)) levels
// at level_cost each, when it costs less.
TEST(SortPlans, MediumRadixWins) {
  tessel::detail::MediumRadix radix;
  radix.level_cost = 1.0;
  EXPECT_FALSE(radix.wins(0.5, 0));  // 0 levels
  EXPECT_FALSE(radix.wins(0.5, 1));
  EXPECT_TRUE(radix.wins(0.5, 2));  // 1 level
  EXPECT_FALSE(radix.wins(2.0, 4));  // 2 levels
  EXPECT_TRUE(radix.wins(2.0, 5));   // 3 levels
  radix.always = true;
  EXPECT_TRUE(radix.wins(100.0, 1));
}

// ---- the segmented sort's long bin ------------------------------------------

using FloatRecords =
    tessel::detail::Records<tessel::detail::SliceLayout<float, true>, tessel::detail::NoValues>;

// Long segments at (begin, length) pairs.
std::vector<index_type> long_segments(const std::vector<index_type>& lengths) {
  std::vector<index_type> pairs;
  index_type begin = 0;
  for (index_type length : lengths) {
    pairs.push_back(begin);
    pairs.push_back(length);
    begin += length;
  }
  return pairs;
}

tessel::detail::LongSegmentPlan plan_long(const std::vector<index_type>& lengths, tessel::SortAlgorithm algorithm,
                                          const tessel::TuningParameters& tuning, index_type units) {
  const auto pairs = long_segments(lengths);
  tessel::SortOptions options;
  options.algorithm = algorithm;
  const tessel::detail::SortKeys keys{true, true, 4, 0, true};
  return tessel::detail::plan_long_segments<FloatRecords, true>("test", pairs.data(), index_type(lengths.size()),
                                                                options, false, keys, tuning, units);
}

// One thread a team, teams sort at most 1000 records alone, no slice in
// scratch, 8-bit digits (which fit 16 KiB beside chunks of 32 however
// counted).
tessel::TuningParameters long_tuning() {
  tessel::TuningParameters tuning;
  tuning.team_size = 1;
  tuning.radix.bits = 8;
  tuning.radix.chunk_size = 32;
  tuning.radix.scratch_slice = 0;
  tuning.radix.team_slice = 1000;
  tuning.scratch_bytes = 16384;
  return tuning;
}

TEST(SortPlans, LongSegmentsNone) {
  const auto plan = plan_long({}, tessel::RadixSort{}, long_tuning(), 1);
  EXPECT_TRUE(plan.lanes.segments.empty());
  EXPECT_TRUE(plan.singles.empty());
  EXPECT_EQ(plan.workspace_bytes, 0u);
}

TEST(SortPlans, LongSegmentsAroundTeamSlice) {
  // 999 and 1000 records: one team each, dealt to the one unit, longest
  // first. 1001: split among teams, alone.
  const auto plan = plan_long({999, 1000, 1001}, tessel::RadixSort{}, long_tuning(), 1);
  ASSERT_EQ(plan.lanes.segments.size(), 2u);
  EXPECT_EQ(plan.lanes.segments[0].begin, 999);
  EXPECT_EQ(plan.lanes.segments[0].length, 1000);
  EXPECT_EQ(plan.lanes.segments[1].begin, 0);
  EXPECT_EQ(plan.lanes.segments[1].length, 999);
  for (const RadixSegment& segment : plan.lanes.segments) {
    EXPECT_EQ(segment.buffer, 0);  // one team: one pair of buffers
    EXPECT_EQ(segment.counting, RadixCounting::ahead);
    EXPECT_EQ(segment.digits.bits, 8);  // the widest that fit
    EXPECT_FALSE(segment.nan_free);
  }
  EXPECT_EQ(plan.lanes.first, (std::vector<index_type>{0, 2}));
  EXPECT_EQ(plan.lanes.buffer_records, 1000);
  ASSERT_EQ(plan.singles.size(), 1u);
  EXPECT_EQ(plan.singles[0].begin, 1999);
  EXPECT_EQ(plan.singles[0].length, 1001);
  ASSERT_EQ(plan.kinds.size(), 1u);
  EXPECT_EQ(plan.kinds[0], tessel::detail::SortKind::radix);
  // The single one: two buffers of 1001 floats (4004 + 4 bytes of
  // alignment each) and the counts of 2 blocks of 501 (at least
  // 1001 / 1000 blocks) x 256 digits, plus one: 513 x 8 + 8.
  // The batched ones: two buffers of 1000 floats, 2 segments, 1 + 1 firsts.
  const std::size_t single = 2 * (1001 * 4 + 4) + (513 * 8 + 8);
  const std::size_t batched = 2 * (1000 * 4 + 4) + (2 * sizeof(RadixSegment) + alignof(RadixSegment)) + (2 * 8 + 8);
  EXPECT_EQ(single, 12128u);
  EXPECT_EQ(plan.workspace_bytes, std::max(single, batched));
}

TEST(SortPlans, LongSegmentsOne) {
  const auto plan = plan_long({1000}, tessel::RadixSort{}, long_tuning(), 1);
  ASSERT_EQ(plan.lanes.segments.size(), 1u);
  EXPECT_TRUE(plan.singles.empty());
  EXPECT_EQ(plan.workspace_bytes,
            2 * (1000 * 4 + 4) + (sizeof(RadixSegment) + alignof(RadixSegment)) + (2 * 8 + 8));
}

TEST(SortPlans, LongSegmentsOnTwoUnits) {
  // Two units want 8 teams busy: one slice is not enough, so a slice goes
  // to one team only up to radix.block_elements (4096) records.
  tessel::TuningParameters tuning = long_tuning();
  tuning.radix.team_slice = std::int64_t(1) << 31;
  tuning.radix.block_elements = 4096;
  const auto plan = plan_long({4095, 4096, 4097}, tessel::RadixSort{}, tuning, 2);
  // 4096 and 4095 dealt to a team each: team 1's buffers after team 0's.
  ASSERT_EQ(plan.lanes.segments.size(), 2u);
  EXPECT_EQ(plan.lanes.segments[0].length, 4096);
  EXPECT_EQ(plan.lanes.segments[0].buffer, 0);
  EXPECT_EQ(plan.lanes.segments[1].length, 4095);
  EXPECT_EQ(plan.lanes.segments[1].buffer, 4096);
  EXPECT_EQ(plan.lanes.first, (std::vector<index_type>{0, 1, 2}));
  EXPECT_EQ(plan.lanes.buffer_records, 8191);
  ASSERT_EQ(plan.singles.size(), 1u);
  EXPECT_EQ(plan.singles[0].length, 4097);
  // Single: 2 x (4097 x 4 + 4) = 32784, and 2 blocks (4097 / 4096
  // rounded up, of the 8 wanted) x 256 counts + 1: 4112. Batched: 2 x
  // (8191 x 4 + 4) = 65536, 2 segments, 3 firsts: 3 x 8 + 8.
  const std::size_t single = 32784 + 4112;
  const std::size_t batched = 65536 + (2 * sizeof(RadixSegment) + alignof(RadixSegment)) + 32;
  EXPECT_EQ(plan.workspace_bytes, std::max(single, batched));
}

TEST(SortPlans, LongSegmentsByMergeSort) {
  // All three merge-sorted together, longest first, through two buffers of
  // all their 3000 records (2 x (3000 x 4 + 4)), a NaN count (8 + 8) and the
  // table: 5 x 3 + 2 entries (x 8, + 8).
  const auto plan = plan_long({999, 1000, 1001}, tessel::MergeSort{}, long_tuning(), 1);
  EXPECT_TRUE(plan.lanes.segments.empty());
  EXPECT_TRUE(plan.singles.empty());
  EXPECT_TRUE(plan.bitonic.segments.empty());
  ASSERT_EQ(plan.merged.segments.size(), 3u);
  EXPECT_EQ(plan.merged.records, 3000);
  const index_type begins[] = {1999, 999, 0}, lengths[] = {1001, 1000, 999};
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(plan.merged.segments[s].begin, begins[s]);
    EXPECT_EQ(plan.merged.segments[s].length, lengths[s]);
  }
  EXPECT_EQ(plan.workspace_bytes, 2u * (3000 * 4 + 4) + 16 + (17 * 8 + 8));
}

TEST(SortPlans, LongSegmentsByBitonicSort) {
  // In place: the table alone, 5 x 2 + 2 entries.
  const auto plan = plan_long({1000, 1500}, tessel::BitonicSort{}, long_tuning(), 1);
  EXPECT_TRUE(plan.singles.empty());
  EXPECT_TRUE(plan.merged.segments.empty());
  ASSERT_EQ(plan.bitonic.segments.size(), 2u);
  EXPECT_EQ(plan.bitonic.segments[0].begin, 1000);
  EXPECT_EQ(plan.bitonic.segments[0].length, 1500);
  EXPECT_EQ(plan.workspace_bytes, 12u * 8 + 8);
}

// ---- the buckets of radix_sort_buckets ---------------------------------------

// One thread a team ranking in order, teams sort at most 1000 records
// alone, no slice in scratch, buckets of at least 400 records counted for
// every pass in their first read, and digits chosen by passes alone (no
// cost per counter): 8 bits for 4-byte keys, four passes.
tessel::TuningParameters bucket_tuning() {
  tessel::TuningParameters tuning;
  tuning.team_size = 1;
  tuning.radix.scratch_atomics = true;
  tuning.radix.bits = 8;
  tuning.radix.chunk_size = 32;
  tuning.radix.scratch_slice = 0;
  tuning.radix.team_slice = 1000;
  tuning.radix.every_pass_length = 400;
  tuning.cost.radix_counter = 0;
  tuning.scratch_bytes = 16384;
  return tuning;
}

std::vector<index_type> starts_of(const std::vector<index_type>& sizes) {
  std::vector<index_type> starts{0};
  for (index_type size : sizes) starts.push_back(starts.back() + size);
  return starts;
}

tessel::detail::RadixBucketPlan plan_buckets(const std::vector<index_type>& sizes, int split_shift, bool nans,
                                             const tessel::TuningParameters& tuning, index_type units) {
  const auto starts = starts_of(sizes);
  const auto start = [&](int d) { return starts[d]; };
  return tessel::detail::plan_radix_bucket_sorts(start, int(sizes.size()), starts.back(), split_shift, nans, 4, 0,
                                                 tuning, units);
}

void expect_bucket(const RadixSegment& bucket, index_type begin, index_type length, int passes, bool nan_free) {
  EXPECT_EQ(bucket.begin, begin);
  EXPECT_EQ(bucket.length, length);
  EXPECT_EQ(bucket.digits.bits, 8);
  EXPECT_EQ(bucket.digits.passes, passes);
  EXPECT_EQ(bucket.digits.key_bits, 8 * passes);
  EXPECT_EQ(bucket.nan_free, nan_free);
}

// Buckets of 0 and 1 records need no sort; 2 to 399 are counted ahead,
// every pass; 400 and 1000 counted for every pass, below the split's digit
// alone (3 passes under a split at bit 24) where no NaN was found; 1001 is
// more than a team sorts alone.
TEST(SortPlans, RadixBucketsAroundTheThresholds) {
  const std::vector<index_type> sizes{0, 1, 2, 399, 400, 1000, 1001, 3};
  // starts: 0 0 1 3 402 802 1802 2803 2806
  for (bool nans : {false, true}) {
    SCOPED_TRACE(nans ? "NaNs" : "no NaN");
    const auto plan = plan_buckets(sizes, 24, nans, bucket_tuning(), 1);
    ASSERT_EQ(plan.shared.size(), 1u);
    EXPECT_EQ(plan.shared[0].begin, 1802);
    EXPECT_EQ(plan.shared[0].length, 1001);
    // One unit: one team, longest first, one pair of buffers of 1000.
    const auto& dealt = plan.dealt.segments;
    ASSERT_EQ(dealt.size(), 5u);
    const int below = nans ? 4 : 3;
    expect_bucket(dealt[0], 802, 1000, below, !nans);
    expect_bucket(dealt[1], 402, 400, below, !nans);
    expect_bucket(dealt[2], 3, 399, 4, false);
    expect_bucket(dealt[3], 2803, 3, 4, false);
    expect_bucket(dealt[4], 1, 2, 4, false);
    EXPECT_EQ(dealt[0].counting, RadixCounting::every_pass);
    EXPECT_EQ(dealt[2].counting, RadixCounting::ahead);
    EXPECT_EQ(plan.dealt.first, (std::vector<index_type>{0, 5}));
    EXPECT_EQ(plan.dealt.buffer_records, 1000);
  }
  // Split at bit 16: two passes below it.
  expect_bucket(plan_buckets(sizes, 16, false, bucket_tuning(), 1).dealt.segments[0], 802, 1000, 2, true);
}

// On 4 units, buckets longer than a unit's share (2806 / 4 = 701 records)
// are split among teams.
TEST(SortPlans, RadixBucketsAroundAUnitsShare) {
  const auto plan = plan_buckets({700, 701, 702, 703}, 24, false, bucket_tuning(), 4);
  ASSERT_EQ(plan.shared.size(), 2u);
  EXPECT_EQ(plan.shared[0].begin, 1401);
  EXPECT_EQ(plan.shared[0].length, 702);
  EXPECT_EQ(plan.shared[1].begin, 2103);
  EXPECT_EQ(plan.shared[1].length, 703);
  // The other two a team each: team 1's buffers after team 0's 701.
  const auto& dealt = plan.dealt.segments;
  ASSERT_EQ(dealt.size(), 2u);
  expect_bucket(dealt[0], 700, 701, 3, true);
  expect_bucket(dealt[1], 0, 700, 3, true);
  EXPECT_EQ(dealt[0].buffer, 0);
  EXPECT_EQ(dealt[1].buffer, 701);
  EXPECT_EQ(plan.dealt.first, (std::vector<index_type>{0, 1, 2}));
  EXPECT_EQ(plan.dealt.buffer_records, 1401);
}

// Teams of several threads count each pass before its scatter: no bucket
// is narrowed below the split.
TEST(SortPlans, RadixBucketsInLargerTeams) {
  tessel::TuningParameters tuning = bucket_tuning();
  tuning.team_size = 64;
  const auto plan = plan_buckets({500, 600}, 24, false, tuning, 1);
  ASSERT_EQ(plan.dealt.segments.size(), 2u);
  for (const RadixSegment& bucket : plan.dealt.segments) {
    EXPECT_EQ(bucket.counting, RadixCounting::per_pass);
    EXPECT_EQ(bucket.digits.passes, 4);
    EXPECT_FALSE(bucket.nan_free);
  }
}

// No bucket of more than one record: nothing to sort.
TEST(SortPlans, RadixBucketsAllTiny) {
  const auto plan = plan_buckets({0, 1, 1, 0}, 24, false, bucket_tuning(), 1);
  EXPECT_TRUE(plan.dealt.segments.empty());
  EXPECT_TRUE(plan.shared.empty());
}

}  // namespace
