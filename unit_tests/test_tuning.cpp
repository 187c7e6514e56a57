// The rules Tuning must keep for every execution space and element size.
#include <test_helpers.hpp>

#include <tessel/tuning.hpp>

namespace {

struct UnknownSpace {};  // takes the primary template's conservative defaults

void check_rules(const tessel::TuningParameters& tuning, const char* name) {
  for (std::size_t bytes : {1, 2, 3, 4, 8, 12, 16, 20, 24, 32, 64}) {
    for (bool vector_loaded : {false, true}) {
      for (std::size_t other : {std::size_t(0), std::size_t(64), tuning.scratch_bytes / 3}) {
        SCOPED_TRACE(::testing::Message() << name << ": " << bytes << "-byte elements, vector_loaded "
                                          << vector_loaded << ", " << other << " other bytes");
        const tessel::TileShape shape = tuning.tile(bytes, vector_loaded, other);
        EXPECT_EQ(shape.team_size, tuning.team_size);
        const int all_runs = tuning.team_size * tuning.runs_per_thread;
        const std::size_t budget = tuning.scratch_bytes > other ? tuning.scratch_bytes - other : 0;
        // Every run when one element each fits; otherwise as many
        // one-element runs as fit (at least one).
        if (std::size_t(all_runs) * bytes <= budget) {
          EXPECT_EQ(shape.runs, all_runs);
        } else {
          EXPECT_EQ(shape.items_per_thread, 1);
          EXPECT_EQ(std::size_t(shape.runs), std::max<std::size_t>(1, budget / bytes));
        }
        EXPECT_GE(shape.items_per_thread, 1);
        EXPECT_LE(shape.items_per_thread, tuning.max_items_per_thread);
        if (shape.padded()) {
          EXPECT_TRUE(tuning.pad_runs) << "padded although the tuning has no banks";
          EXPECT_FALSE(vector_loaded && bytes <= tuning.vector_load_bytes)
              << "a vector-loaded primitive was padded";
          EXPECT_EQ(shape.items_per_thread % 2, 0) << "an odd run was padded";
          EXPECT_EQ(shape.run_stride, shape.items_per_thread + 1);
        } else {
          EXPECT_EQ(shape.run_stride, shape.items_per_thread);
        }
        // Odd strides are what makes the runs of neighbouring threads fall
        // into different banks: where padding applies, it must hold.
        if (tuning.pad_runs && !(vector_loaded && bytes <= tuning.vector_load_bytes)) {
          EXPECT_EQ(shape.run_stride % 2, 1);
        }
        // A tile always fits its budget, unless one element alone is larger.
        if (bytes <= budget) {
          EXPECT_LE(shape.scratch_bytes() + other, tuning.scratch_bytes) << "the tile is over budget";
        }
      }
    }
  }
}

template <class... Spaces>
void check_spaces(tessel_test::SpaceList<Spaces...>) {
  (check_rules(tessel::Tuning<Spaces>{}, typeid(Spaces).name()), ...);
}

TEST(Tuning, RulesHoldForEveryEnabledSpace) {
  check_spaces(tessel_test::EnabledSpaces{});
  check_rules(tessel::Tuning<UnknownSpace>{}, "primary template");
}

TEST(Tuning, RulesHoldForSmallAndOddTunings) {
  for (int team : {1, 3, 32, 256})
    for (int per_thread : {1, 2, 8})
      for (int items : {1, 2, 7, 8, 15, 16})
        for (std::size_t budget : {64, 1000, 4096, 48 * 1024})
          for (bool pad : {false, true}) {
            tessel::TuningParameters tuning;
            tuning.team_size = team;
            tuning.runs_per_thread = per_thread;
            tuning.max_items_per_thread = items;
            tuning.scratch_bytes = budget;
            tuning.pad_runs = pad;
            check_rules(tuning, "hand-made");
          }
}

TEST(Tuning, EvenRunsArePaddedOrShortenedToFit) {
  tessel::TuningParameters tuning;
  tuning.team_size = 4;
  tuning.runs_per_thread = 1;
  tuning.max_items_per_thread = 8;
  tuning.pad_runs = true;
  tuning.vector_load_bytes = 4;
  tuning.scratch_bytes = 4 * 9 * 8;  // exactly a padded tile of 8-byte elements
  tessel::TileShape shape = tuning.tile(8, true);
  EXPECT_EQ(shape.items_per_thread, 8);
  EXPECT_EQ(shape.run_stride, 9);
  tuning.scratch_bytes -= 1;  // no room for the pad: one item fewer, odd, unpadded
  shape = tuning.tile(8, true);
  EXPECT_EQ(shape.items_per_thread, 7);
  EXPECT_EQ(shape.run_stride, 7);
  shape = tuning.tile(4, true);  // vector-loaded 4-byte primitives keep their length
  EXPECT_EQ(shape.items_per_thread, 8);
  EXPECT_EQ(shape.run_stride, 8);
  shape = tuning.tile(4, false);  // 4-byte non-primitives are padded
  EXPECT_EQ(shape.run_stride, 9);
}

TEST(Tuning, BatchingNeedsEnoughShortOrStridedSlices) {
  tessel::TuningParameters tuning;
  tuning.team_size = 1;
  tuning.scan.batched_teams_per_thread = 1;
  // (count, length, contiguous, tile elements, runs per tile, concurrency)
  EXPECT_FALSE(tuning.batch_slices(1, 100, false, 512, 8, 1));       // one slice: cut it into tiles
  EXPECT_FALSE(tuning.batch_slices(7, 100, false, 512, 8, 1));       // fewer slices than a batch
  EXPECT_TRUE(tuning.batch_slices(8, 100, false, 512, 8, 1));
  EXPECT_TRUE(tuning.batch_slices(8, 100000, false, 512, 8, 1));     // long but strided
  EXPECT_FALSE(tuning.batch_slices(4096, 4096, true, 512, 8, 1));    // long and contiguous: tiles
  EXPECT_TRUE(tuning.batch_slices(4096, 16, true, 512, 8, 1));       // short and contiguous
  EXPECT_FALSE(tuning.batch_slices(64, 200, true, 512, 8, 16));      // 8 teams for 16 threads
  EXPECT_TRUE(tuning.batch_slices(128, 200, true, 512, 8, 16));
  // Slices filling at most a quarter of a tile: 8 teams would leave threads
  // idle, but each tile would be 1/32 full (16 of 512) or 1/4 (128).
  EXPECT_TRUE(tuning.batch_slices(64, 16, true, 512, 8, 16));
  EXPECT_FALSE(tuning.batch_slices(64, 128, true, 512, 8, 64));     // 8 x 512 / 128 = 32 < 64
  EXPECT_TRUE(tuning.batch_slices(64, 128, true, 512, 8, 32));
  tuning.scan.batched_teams_per_thread = 1 << 30;                         // tests force tiles so
  EXPECT_FALSE(tuning.batch_slices(4096, 16, true, 512, 8, 1));
}

}  // namespace
