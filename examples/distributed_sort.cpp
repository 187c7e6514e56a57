// A global sort of an array split over the ranks with tessel::mpi::sort: every
// rank draws its own block (of a different size on every rank), the ranks sort
// the whole array together, and then check together that the parts are
// sorted, balanced and hold what went in.
//
//   mpirun -n 4 distributed_sort [--per-rank n]   (default 1000000 per rank)

#include <tessel/mpi.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

using Exec = Kokkos::DefaultExecutionSpace;

int main(int argc, char* argv[]) {
  MPI_Init(&argc, &argv);
  int failures = 0;
  {
    Kokkos::ScopeGuard kokkos(argc, argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long per_rank = 1000000;
    for (int i = 1; i + 1 < argc; ++i)
      if (std::strcmp(argv[i], "--per-rank") == 0) per_rank = std::atol(argv[i + 1]);

    // Uneven blocks: rank r holds per_rank * (r + 1) / ranks * 2 keys.
    const long n = per_rank * 2 * (rank + 1) / (ranks + 1);
    Kokkos::View<double*> keys("keys", n);
    auto host_keys = Kokkos::create_mirror_view(keys);
    std::mt19937_64 engine(12345 + rank);
    std::normal_distribution<double> normal(0.0, 1.0);
    double checksum = 0;
    for (long i = 0; i < n; ++i) checksum += host_keys(i) = normal(engine);
    Kokkos::deep_copy(keys, host_keys);

    MPI_Barrier(MPI_COMM_WORLD);
    const auto start = std::chrono::steady_clock::now();
    const Kokkos::View<double*> part = tessel::mpi::sort(MPI_COMM_WORLD, Exec(), keys);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // Checked together: each part sorted, each part's first key not below the
    // previous rank's last, sizes N / P (+1), the same keys (by sum and count).
    auto host_part = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), part);
    const long m = static_cast<long>(part.extent(0));
    for (long i = 1; i < m; ++i) failures += host_part(i - 1) > host_part(i);
    double part_sum = 0;
    for (long i = 0; i < m; ++i) part_sum += host_part(i);
    const double last = m > 0 ? host_part(m - 1) : -HUGE_VAL;
    double previous_last = -HUGE_VAL;
    // Empty parts pass the previous rank's last key on.
    MPI_Exscan(&last, &previous_last, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank > 0 && m > 0) failures += host_part(0) < previous_last;
    long totals[2] = {n, m}, global[2];
    MPI_Allreduce(totals, global, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    failures += global[0] != global[1];
    failures += m != global[0] / ranks + (rank < global[0] % ranks);
    double sums[2] = {checksum, part_sum}, global_sums[2];
    MPI_Allreduce(sums, global_sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    failures += std::abs(global_sums[0] - global_sums[1]) > 1e-6 * (1 + std::abs(global_sums[0]));
    int all_failures = 0;
    MPI_Allreduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    failures = all_failures;
    double slowest = 0;
    MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
      std::printf("distributed_sort: %ld doubles on %d ranks sorted in %.3f s; %s\n", global[0], ranks, slowest,
                  failures ? "WRONG" : "checked: sorted, balanced, nothing lost");
  }
  MPI_Finalize();
  return failures ? 1 : 0;
}
