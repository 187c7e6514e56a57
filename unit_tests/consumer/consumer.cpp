// The smallest outside user of an installed tessel: scans 1000 ones.
#include <tessel/tessel.hpp>

#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<int*> values("values", n);
  Kokkos::deep_copy(values, 1);
  tessel::inclusive_scan(Kokkos::DefaultExecutionSpace(), values, values, tessel::Plus{});
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  for (int i = 0; i < n; ++i)
    if (host(i) != i + 1) {
      std::printf("consumer: element %d is %d, expected %d\n", i, host(i), i + 1);
      return 1;
    }
  std::printf("consumer: installed tessel scanned %d elements correctly\n", n);
  return 0;
}
