// tessel_perf: every benchmark of tessel against its baselines, in one binary.
// Kokkos reads its own options first (--kokkos-num-threads=N,
// --kokkos-device-id=N); Google Benchmark reads the rest
// (--benchmark_filter, --benchmark_out=file.json --benchmark_out_format=json),
// after tessel_perf's own: --preset=quick|full, --sizes=MIN:MAX,
// --types=float,int32,... and --max-bytes=B (bench_support.hpp, Selection).
//
// Built with TESSEL_ENABLE_MPI: under mpirun with several ranks it runs the
// distributed benchmarks only (every rank takes part in each; rank 0 prints
// and writes the JSON). Run without mpirun (or on one rank) it runs them all.

#include <bench_support.hpp>
#include <tessel_perf_commit.hpp>  // TESSEL_PERF_COMMIT, written at every build

#include <tessel/detail/base/kokkos_compat.hpp>

#if defined(TESSEL_PERF_MPI)
#include <mpi.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <memory>
#include <vector>

#if defined(__linux__)
#include <dirent.h>
#include <sched.h>
#endif

namespace tessel_perf {
#if defined(__linux__)
ProcessCpus::ProcessCpus() {
  // libgomp binds the main thread while the program loads, before main, so
  // the process's CPUs are the union of every thread's (Kokkos' pool's).
  // Read once, at the first TBB benchmark, when the pool exists: the
  // directory walk stays out of every later timed iteration.
  static const cpu_set_t all = [] {
    cpu_set_t cpus, one;
    CPU_ZERO(&cpus);
    if (DIR* tasks = opendir("/proc/self/task")) {
      while (const dirent* task = readdir(tasks)) {
        const int tid = std::atoi(task->d_name);
        if (tid > 0 && sched_getaffinity(tid, sizeof one, &one) == 0) CPU_OR(&cpus, &cpus, &one);
      }
      closedir(tasks);
    }
    return cpus;
  }();
  cpu_set_t now;
  if (CPU_COUNT(&all) == 0 || sched_getaffinity(0, sizeof now, &now) != 0) return;
  saved_.assign(reinterpret_cast<const unsigned char*>(&now), reinterpret_cast<const unsigned char*>(&now + 1));
  sched_setaffinity(0, sizeof all, &all);
}

ProcessCpus::~ProcessCpus() {
  if (!saved_.empty()) sched_setaffinity(0, saved_.size(), reinterpret_cast<const cpu_set_t*>(saved_.data()));
}
#else
ProcessCpus::ProcessCpus() = default;
ProcessCpus::~ProcessCpus() = default;
#endif
}  // namespace tessel_perf

namespace {

// Ranks other than 0 report nothing.
class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

// The backends this Kokkos was built with.
std::string backends() {
  std::string list;
  auto add = [&](const char* name) { list += (list.empty() ? "" : ",") + std::string(name); };
#if defined(KOKKOS_ENABLE_SERIAL)
  add("Serial");
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
  add("OpenMP");
#endif
#if defined(KOKKOS_ENABLE_THREADS)
  add("Threads");
#endif
#if defined(KOKKOS_ENABLE_CUDA)
  add("Cuda");
#endif
#if defined(KOKKOS_ENABLE_HIP)
  add("HIP");
#endif
#if defined(KOKKOS_ENABLE_SYCL)
  add("SYCL");
#endif
  return list;
}

}  // namespace

int main(int argc, char* argv[]) {
  int rank = 0, ranks = 1;
#if defined(TESSEL_PERF_MPI)
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
#endif
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  // Only rank 0 writes the --benchmark_out file.
  if (rank != 0)
    arguments.erase(std::remove_if(arguments.begin(), arguments.end(),
                                   [](const std::string& a) { return a.rfind("--benchmark_out", 0) == 0; }),
                    arguments.end());
  const std::string selection_error = tessel_perf::parse_selection(arguments);
  if (!selection_error.empty()) {
    std::fprintf(stderr, "tessel_perf: %s\n", selection_error.c_str());
    return 2;
  }
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int count = static_cast<int>(pointers.size());
  Kokkos::initialize(count, pointers.data());
  int status = 0;
  {
    benchmark::AddCustomContext("kokkos_execution_space", tessel_perf::Space::name());
    benchmark::AddCustomContext("kokkos_concurrency", std::to_string(tessel_perf::Space().concurrency()));
    benchmark::AddCustomContext("kokkos_version", std::to_string(KOKKOS_VERSION));
    benchmark::AddCustomContext("mpi_ranks", std::to_string(ranks));
    benchmark::AddCustomContext("kokkos_backends", backends());
    benchmark::AddCustomContext("compiler", TESSEL_PERF_COMPILER);
    benchmark::AddCustomContext("tessel_commit", TESSEL_PERF_COMMIT);
    if (ranks == 1) {
      tessel_perf::register_scan_benchmarks();
      tessel_perf::register_findall_benchmarks();
      tessel_perf::register_sort_benchmarks();
      tessel_perf::register_sort_by_key_benchmarks();
      tessel_perf::register_segmented_benchmarks();
    }
#if defined(TESSEL_PERF_MPI)
    tessel_perf::register_mpi_benchmarks();
#endif
    benchmark::Initialize(&count, pointers.data());
    if (benchmark::ReportUnrecognizedArguments(count, pointers.data())) {
      status = 1;
    } else if (rank == 0) {
      benchmark::RunSpecifiedBenchmarks();
    } else {
      SilentReporter silent;
      benchmark::RunSpecifiedBenchmarks(&silent);
    }
    benchmark::Shutdown();
  }
  Kokkos::finalize();
#if defined(TESSEL_PERF_MPI)
  MPI_Finalize();
#endif
  return status;
}
