// Team building blocks, for team sizes from 1 up to what the space offers.
#include <test_helpers.hpp>

#include <tessel/detail/core/team.hpp>
#include <tessel/detail/core/partials.hpp>

#include <set>

namespace {

template <class Space>
class Team : public ::testing::Test {};
TYPED_TEST_SUITE(Team, tessel_test::TestSpaces);

template <class Space>
std::vector<int> team_sizes(const Space& space) {
  std::vector<int> sizes;
  const int most = tessel::detail::max_team_size(space);
  for (int size : {1, 2, 3, 4, 7, 32, 64, 256})
    if (size <= most) sizes.push_back(size);
  return sizes;
}

// The kernels below are functors, not lambdas: nvcc rejects device lambdas
// in a test body (a private member function).
template <class Visits>
struct StripedVisits {
  Visits visits;
  int outer, inner;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    tessel::detail::for_each_striped(team, outer, inner, [&](int o, int i) {
      Kokkos::atomic_add(&visits(team.league_rank(), o * inner + i), 1);
    });
  }
};

// Every position of an outer x inner block is visited exactly once.
TYPED_TEST(Team, StripedLoopVisitsEachPositionOnce) {
  using Space = TypeParam;
  const Space space;
  for (int team_size : team_sizes(space))
    for (auto [outer, inner] : std::vector<std::pair<int, int>>{{1, 1}, {3, 5}, {8, 8}, {5, 3}, {1, 17}, {17, 1}, {0, 3}}) {
      Kokkos::View<int**, typename Space::memory_space> visits("visits", 4, std::max(outer * inner, 1));
      Kokkos::parallel_for(
          "tessel_test::striped", Kokkos::TeamPolicy<Space>(space, 4, team_size),
          StripedVisits<decltype(visits)>{visits, outer, inner});
      auto host = tessel_test::to_host(visits);
      for (int t = 0; t < 4; ++t)
        for (int k = 0; k < outer * inner; ++k)
          ASSERT_EQ(host(t, k), 1) << "team size " << team_size << ", " << outer << "x" << inner << ", position " << k;
    }
}

// 2x2 integer matrices under multiplication: associative, not commutative,
// and treated as having no neutral element.
struct Matrix2 {
  int a, b, c, d;
};
struct MatrixProduct {
  KOKKOS_INLINE_FUNCTION Matrix2 operator()(const Matrix2& x, const Matrix2& y) const {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};

// Each thread's partial (thread 2's empty), scanned across the team.
template <class Prefixes, class Totals>
struct ThreadPartialsScan {
  using Combine = tessel::detail::Partials<MatrixProduct, Matrix2>;
  using partial_type = typename Combine::partial_type;
  Prefixes prefixes;
  Totals totals;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    auto* buffer = tessel::detail::take_scratch<partial_type>(team, team.team_size());
    const int rank = team.team_rank();
    const partial_type mine =
        rank == 2 ? Combine::empty() : Combine::make(Matrix2{1, rank + 1, 0, 1 + team.league_rank()});
    partial_type total;
    const partial_type prefix = tessel::detail::team_exclusive_scan(team, Combine{}, buffer, mine, total);
    prefixes(team.league_rank(), rank) = prefix;
    if (rank == 0) totals(team.league_rank()) = total;
  }
};

TYPED_TEST(Team, ExclusiveScanOfThreadPartialsKeepsOrder) {
  using Space = TypeParam;
  using Combine = tessel::detail::Partials<MatrixProduct, Matrix2>;
  using partial_type = typename Combine::partial_type;
  static_assert(std::is_same_v<partial_type, tessel::detail::Optional<Matrix2>>);
  const Space space;
  for (int team_size : team_sizes(space)) {
    Kokkos::View<partial_type**, typename Space::memory_space> prefixes("prefixes", 2, team_size);
    Kokkos::View<partial_type*, typename Space::memory_space> totals("totals", 2);
    Kokkos::TeamPolicy<Space> policy(space, 2, team_size);
    policy.set_scratch_size(0, Kokkos::PerTeam(tessel::detail::scratch_for<partial_type>(team_size)));
    Kokkos::parallel_for(
        "tessel_test::team_scan", policy, ThreadPartialsScan<decltype(prefixes), decltype(totals)>{prefixes, totals});
    auto host_prefixes = tessel_test::to_host(prefixes);
    auto host_totals = tessel_test::to_host(totals);
    for (int league = 0; league < 2; ++league) {
      tessel::detail::Optional<Matrix2> expected{};
      for (int rank = 0; rank < team_size; ++rank) {
        const auto got = host_prefixes(league, rank);
        ASSERT_EQ(got.present, expected.present) << "team size " << team_size << " rank " << rank;
        if (expected.present) {
          ASSERT_EQ(got.value.a, expected.value.a);
          ASSERT_EQ(got.value.b, expected.value.b);
          ASSERT_EQ(got.value.c, expected.value.c);
          ASSERT_EQ(got.value.d, expected.value.d);
        }
        if (rank != 2) {
          const Matrix2 mine{1, rank + 1, 0, 1 + league};
          expected = expected.present ? Combine::make(MatrixProduct{}(expected.value, mine)) : Combine::make(mine);
        }
      }
      ASSERT_TRUE(host_totals(league).present);
      EXPECT_EQ(host_totals(league).value.b, expected.value.b);
      EXPECT_EQ(host_totals(league).value.d, expected.value.d);
    }
  }
}

// A team member's two queries, host-device like Kokkos' own (nvcc warns
// where a host-device function calls host-only ones).
struct FakeTeam {
  int size, rank;
  KOKKOS_INLINE_FUNCTION int team_size() const { return size; }
  KOKKOS_INLINE_FUNCTION int team_rank() const { return rank; }
};

TEST(Team, RunsAreSharedInThreadOrder) {
  for (int size : {1, 2, 3, 8})
    for (int runs : {0, 1, 5, 8, 9, 64}) {
      int next = 0;
      for (int rank = 0; rank < size; ++rank) {
        const auto range = tessel::detail::runs_of_thread(FakeTeam{size, rank}, runs);
        EXPECT_EQ(range.first, std::min(next, runs));
        EXPECT_LE(range.first, range.last);
        next = range.last;
      }
      EXPECT_EQ(next, runs);
    }
}

// Flat ranges count with 64-bit indices everywhere: a 32-bit index type
// (unsigned int on CUDA) would wrap past 2^32 iterations.
TEST(Team, RangePoliciesAre64Bit) {
  using Policy = decltype(tessel::detail::range_policy(Kokkos::DefaultExecutionSpace(), 1));
  static_assert(std::is_same_v<typename Policy::index_type, std::int64_t>);
  const auto policy = tessel::detail::range_policy(Kokkos::DefaultExecutionSpace(), (std::int64_t(1) << 32) + 1);
  EXPECT_EQ(policy.end(), (std::int64_t(1) << 32) + 1);
}

}  // namespace

#if defined(KOKKOS_ENABLE_OPENMP)
#include <omp.h>

namespace {

// Serial runs every team with one thread, which hides races and missing
// barriers. The OpenMP configuration exists to run teams of several threads;
// this fails, rather than skips, when it cannot.
TEST(Team, OpenMPRunsTeamsOfSeveralThreads) {
  const Kokkos::OpenMP space;
  ASSERT_GE(space.concurrency(), 2) << "run the OpenMP tests with OMP_NUM_THREADS of 2 or more";
  const int team_size = tessel::detail::launch_team_size(space, 4);
  ASSERT_GE(team_size, 2) << "the tests' tunings ask for teams of 3 and 4 threads";
  // The policy every tessel kernel launches with: record which OS threads
  // serve each team.
  const int league = 64;
  Kokkos::View<int**, Kokkos::HostSpace> thread_of("tessel_test::thread_of", league, team_size);
  Kokkos::View<int*, Kokkos::HostSpace> reported("tessel_test::reported", league);
  const auto policy = tessel::detail::make_team_policy("tessel_test", space, league, team_size, 64);
  Kokkos::parallel_for("tessel_test::team_threads", policy,
                       [=](const Kokkos::TeamPolicy<Kokkos::OpenMP>::member_type& team) {
                         thread_of(team.league_rank(), team.team_rank()) = omp_get_thread_num();
                         reported(team.league_rank()) = team.team_size();
                       });
  space.fence();
  int teams_with_several_threads = 0;
  for (int t = 0; t < league; ++t) {
    EXPECT_EQ(reported(t), team_size);
    std::set<int> threads;
    for (int r = 0; r < team_size; ++r) threads.insert(thread_of(t, r));
    teams_with_several_threads += threads.size() > 1;
  }
  EXPECT_EQ(teams_with_several_threads, league) << "teams ran on a single thread";
}

}  // namespace
#endif
