// tessel_perf: every benchmark of tessel against its baselines, in one binary.
// Kokkos reads its own options first (--kokkos-num-threads=N,
// --kokkos-device-id=N); Google Benchmark reads the rest
// (--benchmark_filter, --benchmark_out=file.json --benchmark_out_format=json).

#include <bench_support.hpp>

#include <tessel/detail/kokkos_compat.hpp>

#include <vector>

int main(int argc, char* argv[]) {
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int count = static_cast<int>(pointers.size());
  Kokkos::initialize(count, pointers.data());
  {
    benchmark::AddCustomContext("kokkos_execution_space", tessel_perf::Space::name());
    benchmark::AddCustomContext("kokkos_concurrency", std::to_string(tessel_perf::Space().concurrency()));
    benchmark::AddCustomContext("kokkos_version", std::to_string(KOKKOS_VERSION));
    tessel_perf::register_scan_benchmarks();
    tessel_perf::register_findall_benchmarks();
    tessel_perf::register_sort_benchmarks();
    tessel_perf::register_segmented_benchmarks();
    benchmark::Initialize(&count, pointers.data());
    if (benchmark::ReportUnrecognizedArguments(count, pointers.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  }
  Kokkos::finalize();
  return 0;
}
