// The radix sort's plan: paths, digits, buckets, lines, chunks, counting,
// teams per slice, and the chunk a launch keeps. The radix family tests
// (test_sort_radix.cpp) force their paths through TuningParameters; the
// checks here that their tunings take the path they name carry the family
// test's name.
#include <sort_test_support.hpp>

#include <tessel/detail/sort/radix/radix_plan.hpp>
#include <tessel/detail/sort/radix/radix_sort.hpp>
#include <tessel/detail/sort/sort_dispatch.hpp>

#include <cstdlib>
#include <cstring>
#include <numeric>

namespace {

using namespace tessel_test;

// The plans of each space's own tunings.
template <class Space>
class RadixTuning : public ::testing::Test {};
TYPED_TEST_SUITE(RadixTuning, TestSpaces);

// The tunings of RadixFloats.NansFoundBeforeThePassesThatSkipTheirTest
// (test_sort_radix.cpp): every one counts every pass in its first read.
TYPED_TEST(RadixTuning, NanTestTuningsCountEveryPass) {
  using Space = TypeParam;
  for (int path = 0; path < 3; ++path)  // one team, teams per slice, buckets by the top digit
    for (int bits : {3, 8, 11}) {
      tessel::TuningParameters tuning = tessel::Tuning<Space>{};
      tuning.radix.buckets_key_bytes = path == 2 ? 2 : 0;
      tuning.radix.scratch_slice = 0;
      tuning.team_size = 1;
      tuning.radix.scratch_atomics = true;  // with one thread: ranking in order (radix_in_order)
      tuning.radix.every_pass_length = 2;
      tuning.radix.bits = bits;
      ASSERT_EQ(tessel::detail::radix_counting(tuning, 2), tessel::detail::RadixCounting::every_pass)
          << "path " << path << ", " << bits << "-bit digits";
    }
}

// The chunk of the space's default tuning fits its scratch: a launch keeps it
// (Radix.ChunksPastTheSpacesScratchAreShortened, test_sort_radix.cpp,
// shortens longer ones).
TYPED_TEST(RadixTuning, DefaultChunkFitsTheSpacesScratch) {
  using Space = TypeParam;
  const tessel::TuningParameters launched =
      tessel::detail::sort_launch_tuning(Space(), tessel::TuningParameters(tessel::Tuning<Space>{}));
  EXPECT_EQ(launched.radix.chunk_size, tessel::Tuning<Space>{}.radix.chunk_size) << "the default chunk fits";
}

TEST(RadixPlan, DigitsOfEveryKeyWidth) {
  using tessel::detail::radix_digits;
  EXPECT_EQ(radix_digits(1, 11).passes, 1);
  EXPECT_EQ(radix_digits(1, 11).radix, 256);
  EXPECT_EQ(radix_digits(2, 11).passes, 2);
  EXPECT_EQ(radix_digits(2, 11).mask(1), 0x1fu);
  EXPECT_EQ(radix_digits(4, 11).passes, 3);
  EXPECT_EQ(radix_digits(4, 8).passes, 4);
  EXPECT_EQ(radix_digits(8, 11).passes, 6);
  EXPECT_EQ(radix_digits(8, 11).mask(5), 0x1ffu);  // 64 - 55 = 9 bits
  EXPECT_TRUE(radix_digits(4, 8).needed(2, 0x10000));
  EXPECT_FALSE(radix_digits(4, 8).needed(1, 0x10000));
}

// A bucket's digits below its split's top digit: the passes that start
// below the split's shift, the last of them at full width.
TEST(RadixPlan, DigitsBelowABucketsTopDigit) {
  using tessel::detail::radix_digits;
  using tessel::detail::radix_digits_below;
  const auto below = radix_digits_below(radix_digits(4, 11), 22);
  EXPECT_EQ(below.passes, 2);
  EXPECT_EQ(below.radix, 2048);
  EXPECT_EQ(below.mask(1), 0x7ffu);
  EXPECT_EQ(radix_digits_below(radix_digits(4, 8), 22).passes, 3);  // bits 16-23 straddle the split
  EXPECT_EQ(radix_digits_below(radix_digits(4, 8), 22).mask(2), 0xffu);
  EXPECT_EQ(radix_digits_below(radix_digits(8, 10), 55).passes, 6);
  EXPECT_EQ(radix_digits_below(radix_digits(8, 10), 55).key_bits, 60);
  EXPECT_EQ(radix_digits_below(radix_digits(4, 11), 32).passes, 3);  // nothing above: unchanged
  EXPECT_EQ(radix_digits_below(radix_digits(4, 11), 32).key_bits, 32);
}

// Where every path is taken, and that no team ever counts more than 2^31 elements
// (its counters are 32-bit), however long the slice.
TEST(RadixPlan, PathsAndPositionWidths) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning;
  tuning.scratch_bytes = 32 * 1024;
  tuning.radix.bits = 8;
  tuning.radix.scratch_slice = 1024;
  tuning.radix.block_elements = 4096;
  EXPECT_EQ(plan_radix(1000, 1000, 4, 0, tuning, 64).path, RadixPath::in_scratch);
  EXPECT_EQ(plan_radix(1000, 5000, 4, 0, tuning, 64).path, RadixPath::team_per_slice);
  // Few long slices on a wide space: split.
  const RadixPlan few = plan_radix(2, 1 << 20, 4, 0, tuning, 64);
  EXPECT_EQ(few.path, RadixPath::teams_per_slice);
  EXPECT_EQ(few.blocks_per_slice, 128);  // 4 slices per unit: 256 teams
  // One unit of concurrency: one team sorts the whole slice...
  EXPECT_EQ(plan_radix(1, index_type(1) << 30, 4, 0, tuning, 1).path, RadixPath::team_per_slice);
  // ...unless it has 2^31 elements or more.
  for (index_type length : {(index_type(1) << 31) + 1, (index_type(1) << 32) + 1, index_type(1) << 40}) {
    const RadixPlan huge = plan_radix(1, length, 1, 0, tuning, 1);
    EXPECT_EQ(huge.path, RadixPath::teams_per_slice) << length;
    EXPECT_LE(huge.block, radix_team_elements_max) << length;
    EXPECT_GE(huge.block * huge.blocks_per_slice, length) << length;
  }
  // In scratch only when both buffers and the histograms fit.
  EXPECT_EQ(plan_radix(10, 1000, 8, 8, tuning, 1).path, RadixPath::team_per_slice);
}

// Buckets by the top digit: only a lone slice of at least
// radix.buckets_key_bytes of keys, split into blocks for its count and scatter
// whatever the units, with the split path's digits (no wider than 8-byte
// counters in scratch allow).
TEST(RadixPlan, BucketsOfALoneLongSlice) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning;
  tuning.scratch_bytes = 32 * 1024;
  tuning.radix.bits = 11;
  tuning.radix.block_elements = 4096;
  tuning.radix.buckets_key_bytes = 0;
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, index_type(1) << 30, 4));
  tuning.radix.buckets_key_bytes = 4 << 20;
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 20, 4));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, (1 << 20) - 1, 4));
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 19, 8));  // wider keys: as many bytes in fewer records
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, (1 << 19) - 1, 8));
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 22, 1));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 2, 1 << 22, 4));
  tuning.radix.buckets_key_bytes = 2;
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 2, 1));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, 1, 8));  // one record: nothing to split
  for (index_type units : {1, 2, 64}) {
    const RadixPlan plan = plan_radix_buckets(1 << 22, 4, 4, tuning, units);
    EXPECT_EQ(plan.path, RadixPath::teams_per_slice) << units;
    EXPECT_GE(plan.blocks_per_slice, std::min<index_type>(radix_busy_teams(units), (1 << 22) / 4096)) << units;
    EXPECT_GE(plan.block * plan.blocks_per_slice, 1 << 22) << units;
    EXPECT_EQ(plan.digits.bits, 11) << units;  // 2048 counters of 8 bytes fit 32 KiB
  }
  tuning.scratch_bytes = 8 * 1024;
  EXPECT_LT(plan_radix_buckets(1 << 22, 4, 0, tuning, 1).digits.bits, 11);
}

// The buckets' workspace holds the sort of every bucket that teams share,
// which radix_sort_buckets runs in it after the split with the bucket's own
// plan: for every shorter length, what the sort of one slice of that length
// takes (without buckets, as it is called) fits in what radix_buckets_bytes
// gives the whole slice. Tunings of small chunks and scratch budgets, where
// a shorter slice gets wider digits than the whole one (the fuzzer found
// such a bucket's counts written past the workspace).
template <class Key, class Value, bool HasValues>
void expect_shared_buckets_fit(const char* kind) {
  using namespace tessel::detail;
  using Records = PackedRecords<Key, Value, HasValues>;
  for (int bits : {3, 7, 11})
    for (std::size_t scratch : {600, 1000, 4000, 32768})
      for (int chunk : {1, 3, 64, 300})
        for (index_type team_slice : {4, 64})
          for (index_type block : {1, 7, 100})
            for (index_type units : {1, 2, 4}) {
              tessel::TuningParameters tuning;
              tuning.radix.bits = bits;
              tuning.scratch_bytes = scratch;
              tuning.radix.chunk_size = chunk;
              tuning.radix.team_slice = team_slice;
              tuning.radix.block_elements = block;
              tuning.radix.scratch_slice = 0;
              tuning.radix.buckets_key_bytes = 2;
              tessel::TuningParameters alone = tuning;  // the buckets' sorts split no further
              alone.radix.buckets_key_bytes = 0;
              for (index_type length : {2, 3, 5, 8, 13, 20, 33, 64, 65, 100, 257, 1000}) {
                const std::size_t given = radix_buckets_bytes<Records>(length, tuning, units);
                for (index_type bucket = 2; bucket < length; ++bucket)
                  ASSERT_LE((radix_unstaged_bytes<Records, Records>(1, bucket, alone, units)), given)
                      << kind << ": a bucket of " << bucket << " of " << length << " records, radix bits " << bits
                      << ", scratch " << scratch << ", chunk " << chunk << ", team slice " << team_slice
                      << ", block " << block << ", units " << units;
              }
            }
}

TEST(RadixPlan, SharedBucketsFitTheBucketsWorkspace) {
  expect_shared_buckets_fit<std::int8_t, std::int32_t, true>("int8 keys, int32 values");
  expect_shared_buckets_fit<std::uint16_t, std::int32_t, false>("uint16 keys");
  expect_shared_buckets_fit<double, std::int64_t, true>("double keys, int64 values");
}

// Write-combining lines: lone threads that rank in order, over slices or
// blocks of at least radix.lines_length records, where lines are compiled.
TEST(RadixPlan, LinesForLongRangesOfLoneThreads) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const index_type from = tuning.radix.lines_length;
  ASSERT_GT(from, 0);
  EXPECT_EQ(plan_radix(1, from, 4, 0, tuning, 1).lines, radix_lines_compiled);
  EXPECT_EQ(plan_radix(3, from, 8, 8, tuning, 1).lines, radix_lines_compiled);
  EXPECT_FALSE(plan_radix(1, from - 1, 4, 0, tuning, 1).lines);
  // Blocks of a slice split among teams: their length decides.
  tuning.radix.block_elements = from;
  const RadixPlan split = plan_radix(1, 4 * from, 4, 0, tuning, 2);
  EXPECT_EQ(split.path, RadixPath::teams_per_slice);
  EXPECT_EQ(split.lines, radix_lines_compiled && split.block >= from);
  EXPECT_FALSE(plan_radix(1, 4 * from - 4, 4, 0, tuning, 8).lines);  // blocks shorter than `from`
  tessel::TuningParameters off = tuning;
  off.radix.lines_length = 0;
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
  off = tuning;
  off.team_size = 4;  // ranks in chunks
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
  off = tuning;
  off.radix.scratch_atomics = false;
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
}

// Teams of several threads rank in chunks whose scratch the plan counts: a
// GPU tuning's chunks of 1024 records leave a slice of 1024 doubles with
// int32 values room to be sorted in scratch (the chunk's counters serve at
// most 128 threads: 4 KiB), and a longer slice takes the workspace.
TEST(RadixPlan, GpuChunksLeaveRoomForSlicesInScratch) {
  using namespace tessel::detail;
  tessel::TuningParameters gpu = GpuTuning(40 * 1024);
  gpu.team_size = 128;
  EXPECT_EQ(gpu.radix.chunk_size, 1024);
  const RadixPlan doubles = plan_radix(1000, 1024, 8, 4, gpu, 100);
  EXPECT_EQ(doubles.path, RadixPath::in_scratch);
  EXPECT_LE(radix_slice_scratch(1024, 8, 4, doubles.digits, 1024, doubles.counting), gpu.scratch_bytes);
  EXPECT_NE(plan_radix(1000, 1025, 8, 4, gpu, 100).path, RadixPath::in_scratch);
  // A chunk never takes more scratch than its slice needs.
  EXPECT_EQ(radix_chunk_records(1024, 100), 100);
  EXPECT_EQ(radix_chunk_records(1 << 20), radix_chunk_max);
  EXPECT_LT(radix_chunk_bytes(radix_chunk_records(1024, 100)), radix_chunk_bytes(1024));
}

// How one-team paths count: every pass at once from radix.every_pass_length
// records on (in order only), with digits narrowed until every histogram
// fits the scratch; one pass ahead below it; per pass in teams of several
// threads. Narrower digits never take more counters (the medium bin of the
// segmented sort sizes its scratch for its widest digits).
TEST(RadixPlan, CountingAndItsCounters) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const index_type every = tuning.radix.every_pass_length;
  const RadixPlan floats = plan_radix(1, every, 4, 0, tuning, 1);
  EXPECT_EQ(floats.path, RadixPath::team_per_slice);
  EXPECT_EQ(floats.counting, RadixCounting::every_pass);
  EXPECT_EQ(floats.digits.bits, 11);
  const RadixPlan wide = plan_radix(1, every, 8, 0, tuning, 1);
  EXPECT_EQ(wide.counting, RadixCounting::every_pass);
  EXPECT_EQ(wide.digits.bits, 10);  // 6 x 2048 counters would not fit 32 KiB
  EXPECT_LE(team_radix_scratch(wide.digits, tuning.radix.chunk_size, wide.counting), tuning.scratch_bytes);
  EXPECT_EQ(plan_radix(1, every - 1, 8, 0, tuning, 1).counting, RadixCounting::ahead);
  EXPECT_EQ(plan_radix(1, every - 1, 8, 0, tuning, 1).digits.bits, 11);
  tuning.team_size = 4;
  EXPECT_EQ(plan_radix(1, every, 4, 0, tuning, 1).counting, RadixCounting::per_pass);
  tuning.team_size = 1;
  tuning.radix.scratch_atomics = false;
  EXPECT_EQ(plan_radix(1, every, 4, 0, tuning, 1).counting, RadixCounting::per_pass);
  for (std::size_t key_bytes : {1, 2, 4, 8})
    for (RadixCounting counting : {RadixCounting::every_pass, RadixCounting::ahead, RadixCounting::per_pass})
      for (int bits = 1; bits < 16; ++bits)
        EXPECT_LE(team_radix_counters(radix_digits(key_bytes, bits), counting),
                  team_radix_counters(radix_digits(key_bytes, bits + 1), counting))
            << key_bytes << " bytes, " << bits << " bits";
}

// Slices sorted one team each through the workspace share it out: at most
// radix_slices_per_unit teams per unit, each sorting every league_size-th
// slice through its own buffers; slices in scratch take a team each.
TEST(RadixPlan, SliceTeamsReuseTheirBuffers) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const RadixPlan workspace = plan_radix(1000, 100000, 4, 0, tuning, 2);
  ASSERT_EQ(workspace.path, RadixPath::team_per_slice);
  EXPECT_EQ(radix_slice_teams(workspace, 1000, 2), 2 * radix_slices_per_unit);
  EXPECT_EQ(radix_slice_teams(workspace, 3, 2), 3);
  EXPECT_EQ(radix_slice_teams(workspace, 1000, 0), radix_slices_per_unit);
  const RadixPlan scratch = plan_radix(1000, 100, 4, 0, tuning, 2);
  ASSERT_EQ(scratch.path, RadixPath::in_scratch);
  EXPECT_EQ(radix_slice_teams(scratch, 1000, 2), 1000);
}

}  // namespace
