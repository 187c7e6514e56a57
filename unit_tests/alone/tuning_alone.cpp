// <tessel/tuning.hpp> alone: Tuning<ExecutionSpace> for every enabled space,
// a TuningParameters with the launch fields API.md names.
#include <tessel/tuning.hpp>

#include <alone/alone_support.hpp>

TEST(HeaderAlone, Tuning) {
  const tessel::TuningParameters tuning = tessel::Tuning<tessel_alone::Space>{};
  EXPECT_GT(tuning.team_size, 0);
  EXPECT_GT(tuning.scratch_bytes, 0u);
  // An execution space without a specialisation gets conservative defaults.
  struct MySpace {};
  EXPECT_GT(tessel::Tuning<MySpace>{}.team_size, 0);
}
