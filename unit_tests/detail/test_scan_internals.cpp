// The whole scan's building blocks: the kernel that reduces ahead, called
// directly in block counts the space's concurrency does not give, and the
// decisions that take it and a threaded space's chunks.
#include <scan_test_support.hpp>

#include <tessel/detail/scan/scan_reduce_ahead.hpp>
#include <tessel/detail/scan/scan_views.hpp>

namespace {

using namespace tessel_test;

template <class Case>
class ScanWhole : public ::testing::Test {};
using WholeCases = CasesFor<std::int32_t, float, double>;
TYPED_TEST_SUITE(ScanWhole, WholeCases);

// A whole scan reduced ahead (detail/scan/scan_reduce_ahead.hpp) in block counts
// the space's concurrency does not give here, with heads of every size.
template <class Space, class T, class Op>
void check_reduce_ahead(Op op, std::size_t n, int threads, double rho, std::optional<T> init, bool in_place,
                        bool stream) {
  auto src = small_integers<Space, T>(n, 31 * n + threads);
  Kokkos::View<T*, typename Space::memory_space> target("tessel_test::dst", n);
  if (in_place) target = src;
  std::vector<T> expected(n);
  {
    const auto input = to_host(src);
    const T* first = input.data();
    if (init)
      std::exclusive_scan(first, first + n, expected.begin(), *init, op);
    else
      std::inclusive_scan(first, first + n, expected.begin(), op);
  }
  using Combine = tessel::detail::Partials<Op, T>;
  const Combine partials{op};
  tessel::detail::scan_reduce_ahead("tessel_test", Space(), tessel::detail::packed_slices(src.data(), 1, n),
                                    tessel::detail::packed_slices(target.data(), 1, n), partials,
                                    init ? Combine::make(*init) : Combine::empty(), init.has_value(), rho, threads, stream);
  const auto got = to_host(target);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(got(i), expected[i]) << "n " << n << " threads " << threads << " rho " << rho << " at " << i
                                   << (init ? " exclusive" : " inclusive") << (in_place ? " in place" : "")
                                   << (stream ? " streamed" : "");
}

TYPED_TEST(ScanWhole, ReduceAheadInAnyBlockCount) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (int threads : {2, 3, 7})
    for (std::size_t n : {std::size_t(2 * threads), std::size_t(2 * threads + 1), std::size_t(97), std::size_t(10007)})
      for (double rho : {0.01, 0.4, 3.0})
        for (bool in_place : {false, true})
          for (bool stream : {false, true}) {
            check_reduce_ahead<Space, T>(tessel::Plus{}, n, threads, rho, std::optional<T>{}, in_place, stream);
            check_reduce_ahead<Space, T>(tessel::Plus{}, n, threads, rho, std::optional<T>(T(-4)), in_place, stream);
            if constexpr (std::is_integral_v<T>)
              check_reduce_ahead<Space, T>(tessel::Max{}, n, threads, rho, std::optional<T>(T(2)), in_place, stream);
          }
}

TEST(ScanWholeDecision, ReduceAheadOnlyWhereTheTuningAllowsAndEveryBlockHasElements) {
  tessel::TuningParameters tuning;
  tuning.scan.reduce_ahead = 0.4;
  tuning.scan.reduce_ahead_bytes = 4000;
  using tessel::detail::reduce_ahead_applies;
  EXPECT_TRUE(reduce_ahead_applies(tuning, 1000, 4, 2));
  EXPECT_FALSE(reduce_ahead_applies(tuning, 1001, 4, 2));  // 4004 bytes
  EXPECT_TRUE(reduce_ahead_applies(tuning, 500, 8, 2));
  EXPECT_FALSE(reduce_ahead_applies(tuning, 501, 8, 2));
  EXPECT_FALSE(reduce_ahead_applies(tuning, 1000, 4, 1));  // one thread: no blocks to reduce ahead
  EXPECT_TRUE(reduce_ahead_applies(tuning, 6, 4, 3));
  EXPECT_FALSE(reduce_ahead_applies(tuning, 5, 4, 3));     // a block would be empty
  tuning.scan.reduce_ahead = 0;
  EXPECT_FALSE(reduce_ahead_applies(tuning, 1000, 4, 2));
}

TEST(ScanWholeDecision, OneThreadOfAThreadedSpaceTakesTheSingleThreadChunks) {
  using tessel::detail::scan_tuning_for_threads;
  const tessel::TuningParameters threaded = tessel::detail::ThreadedHostTuning{};
  const tessel::TuningParameters single = tessel::detail::HostTuning{};
  ASSERT_LT(threaded.scan.tiles_per_team, single.scan.tiles_per_team);
  EXPECT_EQ(scan_tuning_for_threads(threaded, 1).scan.tiles_per_team, single.scan.tiles_per_team);
  EXPECT_EQ(scan_tuning_for_threads(threaded, 2).scan.tiles_per_team, threaded.scan.tiles_per_team);
  EXPECT_EQ(scan_tuning_for_threads(single, 1).scan.tiles_per_team, single.scan.tiles_per_team);
  // Nothing else changes: the reductions ahead and the look-back stay.
  EXPECT_EQ(scan_tuning_for_threads(threaded, 1).scan.reduce_ahead, threaded.scan.reduce_ahead);
  EXPECT_EQ(scan_tuning_for_threads(threaded, 1).scan.lookback, threaded.scan.lookback);
}

}  // namespace
