// Sorts the column indices of every row of a KokkosSparse::CrsMatrix, its
// values carried along, with tessel::segmented_sort_by_key, checks the
// result, and prints the time beside Kokkos Kernels' sort_crs_matrix.
//
//   crs_row_sort [--grid m]   (the 7-point Laplacian of an m^3 grid; default 64)
//
// The matrix is assembled as many codes do it: every row's entries in an
// order that is not sorted (shuffled here). Every value is a function of its
// column, so the check also sees whether values travelled with their columns.

#include <kokkos_kernels_compat.hpp>
#include <tessel/segmented_sort.hpp>

#include <KokkosSparse_CrsMatrix.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using Exec = Kokkos::DefaultExecutionSpace;
using Matrix = KokkosSparse::CrsMatrix<double, int, Exec>;

double value_of(int column) { return 1.0 / (1.0 + column); }

// The shuffled 7-point Laplacian of an m^3 grid.
Matrix laplacian(int m) {
  const int rows = m * m * m;
  std::vector<typename Matrix::size_type> row_map{0};
  std::vector<int> columns;
  std::mt19937_64 engine(1);
  for (int z = 0; z < m; ++z)
    for (int y = 0; y < m; ++y)
      for (int x = 0; x < m; ++x) {
        const int row = (z * m + y) * m + x;
        const auto first = columns.size();
        for (int neighbour : {z > 0 ? row - m * m : -1, y > 0 ? row - m : -1, x > 0 ? row - 1 : -1, row,
                              x + 1 < m ? row + 1 : -1, y + 1 < m ? row + m : -1, z + 1 < m ? row + m * m : -1})
          if (neighbour >= 0) columns.push_back(neighbour);
        std::shuffle(columns.begin() + first, columns.end(), engine);
        row_map.push_back(columns.size());
      }
  typename Matrix::row_map_type::non_const_type device_row_map("row_map", row_map.size());
  typename Matrix::index_type device_columns("entries", columns.size());
  typename Matrix::values_type values("values", columns.size());
  auto host_row_map = Kokkos::create_mirror_view(device_row_map);
  auto host_columns = Kokkos::create_mirror_view(device_columns);
  auto host_values = Kokkos::create_mirror_view(values);
  for (std::size_t i = 0; i < row_map.size(); ++i) host_row_map(i) = row_map[i];
  for (std::size_t i = 0; i < columns.size(); ++i) {
    host_columns(i) = columns[i];
    host_values(i) = value_of(columns[i]);
  }
  Kokkos::deep_copy(device_row_map, host_row_map);
  Kokkos::deep_copy(device_columns, host_columns);
  Kokkos::deep_copy(values, host_values);
  return Matrix("laplacian", rows, rows, columns.size(), values, device_row_map, device_columns);
}

// Every row ascending, every value still its column's.
bool rows_sorted(const Matrix& matrix) {
  auto row_map = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), matrix.graph.row_map);
  auto columns = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), matrix.graph.entries);
  auto values = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), matrix.values);
  for (int row = 0; row < matrix.numRows(); ++row)
    for (auto i = row_map(row); i < row_map(row + 1); ++i) {
      if (i > row_map(row) && columns(i - 1) >= columns(i)) {
        std::printf("row %d is not sorted at entry %lld\n", row, static_cast<long long>(i));
        return false;
      }
      if (values(i) != value_of(columns(i))) {
        std::printf("row %d: value at entry %lld left its column\n", row, static_cast<long long>(i));
        return false;
      }
    }
  return true;
}

template <class Sort>
double seconds(Sort&& sort) {
  Kokkos::fence();
  const auto start = std::chrono::steady_clock::now();
  sort();
  Kokkos::fence();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    int m = 64;
    for (int i = 1; i + 1 < argc; ++i)
      if (std::strcmp(argv[i], "--grid") == 0) m = std::atoi(argv[i + 1]);
    const Matrix matrix = laplacian(m);
    const double tessel_time = seconds([&] {
      tessel::segmented_sort_by_key(Exec(), matrix.graph.row_map, matrix.graph.entries, matrix.values);
    });
    const bool tessel_ok = rows_sorted(matrix);
    const Matrix again = laplacian(m);
    const double kk_time = seconds([&] {
      tessel_kk::sort_crs_matrix(Exec(), again.graph.row_map, again.graph.entries, again.values);
    });
    std::printf("%d rows, %lld entries (7-point Laplacian of a %d^3 grid, rows shuffled) on %s\n", matrix.numRows(),
                static_cast<long long>(matrix.nnz()), m, Exec::name());
    std::printf("  tessel::segmented_sort_by_key   %8.2f ms  %s\n", tessel_time * 1e3,
                tessel_ok ? "every row sorted, values with their columns" : "WRONG");
    std::printf("  KokkosKernels sort_crs_matrix   %8.2f ms\n", kk_time * 1e3);
    status = tessel_ok ? 0 : 1;
  }
  Kokkos::finalize();
  return status;
}
