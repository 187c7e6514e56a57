// Rows of matrices distributed over ranks, as MPI codes hold them: every rank
// owns a block of rows of a dense matrix and of a CRS matrix, and sorts its
// own rows with plain tessel calls (no communication is needed):
//   dense:  tessel::sort along dim 1 of its LayoutRight block;
//   CRS:    tessel::segmented_sort_by_key over its row map, values carried.
// The ranks then check together: every row sorted on every rank, and the
// global sums of keys and of key * value unchanged.
//
//   mpirun -n 4 distributed_row_sort [--rows-per-rank n]   (default 20000)

#include <tessel/mpi.hpp>
#include <tessel/tessel.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

using Exec = Kokkos::DefaultExecutionSpace;

namespace {

// The global sums a correct sort leaves unchanged: of keys, and of key *
// value (values must travel with their keys).
struct Sums {
  double keys = 0, products = 0;
};

Sums global_sums(const Sums& local) {
  Sums global;
  MPI_Allreduce(&local, &global, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return global;
}

int dense_rows(int rank, long rows, int columns) {
  Kokkos::View<float**, Kokkos::LayoutRight> block("dense_block", rows, columns);
  auto host = Kokkos::create_mirror_view(block);
  std::mt19937 engine(7 + rank);
  Sums before;
  for (long i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j) before.keys += host(i, j) = std::uniform_real_distribution<float>(-1, 1)(engine);
  Kokkos::deep_copy(block, host);

  tessel::SortOptions options;
  options.dim = 1;  // every row
  tessel::sort(Exec(), block, options);

  Kokkos::deep_copy(host, block);
  int unsorted = 0;
  Sums after;
  for (long i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j) {
      after.keys += host(i, j);
      unsorted += j > 0 && host(i, j - 1) > host(i, j);
    }
  const Sums b = global_sums(before), a = global_sums(after);
  return unsorted + (std::abs(a.keys - b.keys) > 1e-6 * (1 + std::abs(b.keys)));
}

int crs_rows(int rank, long rows) {
  // Row i of this rank has 1 + (i * 37 + rank) % 60 entries: columns drawn
  // at random, each with value 1 / (1 + column).
  std::vector<long> row_map{0};
  std::vector<int> columns;
  std::vector<double> values;
  std::mt19937 engine(99 + rank);
  Sums before;
  for (long i = 0; i < rows; ++i) {
    const long length = 1 + (i * 37 + rank) % 60;
    for (long e = 0; e < length; ++e) {
      const int column = static_cast<int>(engine() % 1000000);
      columns.push_back(column);
      values.push_back(1.0 / (1.0 + column));
      before.keys += column;
      before.products += column * values.back();
    }
    row_map.push_back(static_cast<long>(columns.size()));
  }
  Kokkos::View<long*> device_row_map("row_map", row_map.size());
  Kokkos::View<int*> device_columns("entries", columns.size());
  Kokkos::View<double*> device_values("values", values.size());
  Kokkos::deep_copy(device_row_map, Kokkos::View<long*, Kokkos::HostSpace>(row_map.data(), row_map.size()));
  Kokkos::deep_copy(device_columns, Kokkos::View<int*, Kokkos::HostSpace>(columns.data(), columns.size()));
  Kokkos::deep_copy(device_values, Kokkos::View<double*, Kokkos::HostSpace>(values.data(), values.size()));

  tessel::segmented_sort_by_key(Exec(), device_row_map, device_columns, device_values);

  auto host_columns = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), device_columns);
  auto host_values = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), device_values);
  int wrong = 0;
  Sums after;
  for (long i = 0; i < rows; ++i)
    for (long e = row_map[i]; e < row_map[i + 1]; ++e) {
      wrong += e > row_map[i] && host_columns(e - 1) > host_columns(e);
      wrong += host_values(e) != 1.0 / (1.0 + host_columns(e));
      after.keys += host_columns(e);
      after.products += host_columns(e) * host_values(e);
    }
  const Sums b = global_sums(before), a = global_sums(after);
  return wrong + (a.keys != b.keys) + (std::abs(a.products - b.products) > 1e-9 * (1 + std::abs(b.products)));
}

}  // namespace

int main(int argc, char* argv[]) {
  MPI_Init(&argc, &argv);
  int failures = 0;
  {
    Kokkos::ScopeGuard kokkos(argc, argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long rows = 20000;
    for (int i = 1; i + 1 < argc; ++i)
      if (std::strcmp(argv[i], "--rows-per-rank") == 0) rows = std::atol(argv[i + 1]);
    const int dense = dense_rows(rank, rows, 64);
    const int crs = crs_rows(rank, rows + 17 * rank);  // blocks of different sizes
    int local[2] = {dense, crs}, global[2];
    MPI_Allreduce(local, global, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    failures = global[0] + global[1];
    if (rank == 0)
      std::printf("distributed_row_sort: %d ranks sorted their rows: dense %s, CRS %s\n", ranks,
                  global[0] ? "WRONG" : "checked", global[1] ? "WRONG" : "checked");
  }
  MPI_Finalize();
  return failures ? 1 : 0;
}
