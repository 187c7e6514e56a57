// The smallest outside user of tessel::mpi: a distributed scan of ones.
#include <tessel/mpi.hpp>
#include <tessel/tessel.hpp>

#include <cstdio>

int main(int argc, char* argv[]) {
  MPI_Init(&argc, &argv);
  int status = 0;
  {
    Kokkos::ScopeGuard guard(argc, argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int n = 100;
    Kokkos::View<long*> values("values", n);
    Kokkos::deep_copy(values, 1L);
    tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Kokkos::DefaultExecutionSpace(), values, values, tessel::Plus{});
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
    for (int i = 0; i < n; ++i)
      if (host(i) != long(rank) * n + i + 1) status = 1;
    std::printf("consumer_mpi: rank %d %s\n", rank, status ? "wrong" : "scanned correctly");
  }
  MPI_Finalize();
  return status;
}
