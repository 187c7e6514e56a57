// A tour of tessel: builds a random matrix of a few million floats, sorts
// its rows and its columns, scans it along both axes and finds elements,
// checks every result against a host reference and prints what it did and
// how fast.
//
//   tessel_tour [--rows N] [--columns M] [Kokkos options, e.g. --kokkos-num-threads=2]

#include <tessel/tessel.hpp>

#include <algorithm>

#include <chrono>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Matrix = Kokkos::View<float**, Kokkos::LayoutLeft, Space::memory_space>;
using HostMatrix = Matrix::HostMirror;

int failures = 0;

template <class Body>
double seconds_of(Body&& body) {
  Space().fence();
  const auto start = std::chrono::steady_clock::now();
  body();
  Space().fence();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(const char* what, std::size_t elements, double seconds, bool correct) {
  std::printf("  %-44s %8.2f ms  %7.1f M elements/s  %s\n", what, seconds * 1e3, elements / seconds / 1e6,
              correct ? "matches the host reference" : "WRONG");
  failures += correct ? 0 : 1;
}

// Sums are compared with a tolerance relative to the sum of magnitudes, as
// tessel and the sequential reference add in different orders.
bool scan_matches(const HostMatrix& input, const HostMatrix& result, int dim) {
  const int rows = static_cast<int>(input.extent(0)), columns = static_cast<int>(input.extent(1));
  const int slices = dim == 0 ? columns : rows, length = dim == 0 ? rows : columns;
  for (int s = 0; s < slices; ++s) {
    double sum = 0, magnitude = 0;
    for (int p = 0; p < length; ++p) {
      const float x = dim == 0 ? input(p, s) : input(s, p);
      const float got = dim == 0 ? result(p, s) : result(s, p);
      sum += x;
      magnitude += std::fabs(x);
      if (std::fabs(got - sum) > 1e-5 * magnitude + 1e-6) {
        std::printf("    slice %d position %d: %g, expected %g\n", s, p, got, sum);
        return false;
      }
    }
  }
  return true;
}

// Every slice along dim must be the sorted slice of the input.
bool sort_matches(const HostMatrix& input, const HostMatrix& result, int dim) {
  const int rows = static_cast<int>(input.extent(0)), columns = static_cast<int>(input.extent(1));
  const int slices = dim == 0 ? columns : rows, length = dim == 0 ? rows : columns;
  std::vector<float> expected(length);
  for (int s = 0; s < slices; ++s) {
    for (int p = 0; p < length; ++p) expected[p] = dim == 0 ? input(p, s) : input(s, p);
    std::sort(expected.begin(), expected.end());
    for (int p = 0; p < length; ++p)
      if ((dim == 0 ? result(p, s) : result(s, p)) != expected[p]) {
        std::printf("    slice %d position %d differs from std::sort\n", s, p);
        return false;
      }
  }
  return true;
}

struct Above {
  float threshold;
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x > threshold; }
};

}  // namespace

int main(int argc, char* argv[]) {
  int rows = 2048, columns = 2048;
  std::vector<char*> kokkos_arguments{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rows") == 0 && i + 1 < argc) rows = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--columns") == 0 && i + 1 < argc) columns = std::atoi(argv[++i]);
    else kokkos_arguments.push_back(argv[i]);
  }
  int kokkos_argc = static_cast<int>(kokkos_arguments.size());
  Kokkos::ScopeGuard guard(kokkos_argc, kokkos_arguments.data());

  const std::size_t elements = std::size_t(rows) * columns;
  std::printf("tessel tour on %s (concurrency %d): a %d x %d LayoutLeft matrix of floats (%.1f M elements)\n",
              Space::name(), static_cast<int>(Space().concurrency()), rows, columns, elements / 1e6);

  Matrix matrix("tour::matrix", rows, columns), result("tour::result", rows, columns);
  HostMatrix host = Kokkos::create_mirror_view(matrix);
  std::mt19937 engine(2026);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (int j = 0; j < columns; ++j)
    for (int i = 0; i < rows; ++i) host(i, j) = uniform(engine);
  Kokkos::deep_copy(matrix, host);
  HostMatrix host_result = Kokkos::create_mirror_view(result);

  std::printf("scans (tessel::inclusive_scan with tessel::Plus):\n");
  for (int dim : {0, 1}) {
    tessel::ScanOptions options;
    options.dim = dim;
    const double seconds = seconds_of([&] { tessel::inclusive_scan(Space(), matrix, result, tessel::Plus{}, options); });
    Kokkos::deep_copy(host_result, result);
    report(dim == 0 ? "prefix sums down every column (dim 0)" : "prefix sums along every row (dim 1)", elements,
           seconds, scan_matches(host, host_result, dim));
  }

  std::printf("sorts (tessel::sort, AutoSort, along a dim):\n");
  for (int dim : {1, 0}) {
    Kokkos::deep_copy(result, matrix);
    tessel::SortOptions options;
    options.dim = dim;
    const double seconds = seconds_of([&] { tessel::sort(Space(), result, options); });
    Kokkos::deep_copy(host_result, result);
    report(dim == 1 ? "sort every row (dim 1)" : "sort every column (dim 0)", elements, seconds,
           sort_matches(host, host_result, dim));
  }

  std::printf("compaction (tessel::findall, count_if):\n");
  const Above above{0.9f};
  Kokkos::View<std::int64_t*, Space::memory_space> found;
  const double seconds = seconds_of([&] { found = tessel::findall(Space(), Kokkos::View<float*, Space::memory_space>(matrix.data(), elements), above); });
  auto host_found = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), found);
  std::vector<std::int64_t> expected;
  for (std::size_t i = 0; i < elements; ++i)
    if (host.data()[i] > above.threshold) expected.push_back(static_cast<std::int64_t>(i));
  bool same = host_found.extent(0) == expected.size();
  for (std::size_t k = 0; same && k < expected.size(); ++k) same = host_found(k) == expected[k];
  char what[96];
  std::snprintf(what, sizeof(what), "positions of the %zu elements above 0.9", expected.size());
  report(what, elements, seconds, same);

  if (failures > 0) {
    std::printf("tour: %d result(s) did not match the host reference\n", failures);
    return EXIT_FAILURE;
  }
  std::printf("tour: every result matches the host reference\n");
  return EXIT_SUCCESS;
}
