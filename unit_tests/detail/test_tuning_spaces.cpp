// The per-space defaults behind Tuning<Space> (detail/tuning/spaces.hpp),
// whether or not this build enables those spaces: host spaces have no scratch
// banks, GPUs pad even runs.
#include <test_helpers.hpp>

#include <tessel/detail/tuning/spaces.hpp>

namespace {

TEST(Tuning, HostSpacesHaveNoBanksAndGpusPad) {
  const tessel::detail::HostTuning host;
  EXPECT_FALSE(host.pad_runs);
  EXPECT_EQ(host.team_size, 1);
  const tessel::detail::GpuTuning gpu(40 * 1024);
  EXPECT_TRUE(gpu.pad_runs);
  EXPECT_EQ(gpu.vector_load_bytes, 4u);
  EXPECT_EQ(gpu.tile(8, true).run_stride % 2, 1);
}

}  // namespace
