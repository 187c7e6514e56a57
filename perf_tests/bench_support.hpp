#pragma once
// What every benchmark shares: names of the form
// family/implementation/type/shape, fenced manual timing, and the counters.
// The benchmarks' lambdas never capture structured bindings: that is C++20
// (nvcc warns, clang rejects it in C++17).

#include <Kokkos_Core.hpp>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <vector>

#if defined(TESSEL_BENCH_HAVE_TBB)
#include <tbb/global_control.h>
#endif

namespace tessel_perf {

using Space = Kokkos::DefaultExecutionSpace;

template <class T>
using DeviceVector = Kokkos::View<T*, Space::memory_space>;
template <class T>
using DeviceMatrix = Kokkos::View<T**, Kokkos::LayoutLeft, Space::memory_space>;

// A CRS matrix's row map, column indices and values in Space's memory.
template <class Ordinal>
struct CrsViews {
  DeviceVector<std::int64_t> row_map;
  DeviceVector<Ordinal> entries;
  DeviceVector<double> values;
};

template <class T>
const char* type_name();
template <>
inline const char* type_name<float>() { return "float"; }
template <>
inline const char* type_name<double>() { return "double"; }
template <>
inline const char* type_name<std::int32_t>() { return "int32"; }
template <>
inline const char* type_name<std::int64_t>() { return "int64"; }
template <>
inline const char* type_name<std::uint32_t>() { return "uint32"; }
template <>
inline const char* type_name<Kokkos::complex<double>>() { return "complex-double"; }

inline std::string name(const std::string& family, const std::string& implementation, const std::string& type,
                        const std::string& shape) {
  return family + "/" + implementation + "/" + type + "/" + shape;
}

// What a run measures, from tessel_perf's own flags (perf_main.cpp):
// --preset quick (at most 2^20 elements per benchmark) or full (default),
// --sizes=MIN:MAX (elements per benchmark), --types=float,int32,... and
// --max-bytes=B (skips benchmarks whose buffers would not fit; the default is
// half of the host's memory, or of the GPU's free memory).
struct Selection {
  std::int64_t min_items = 0;
  std::int64_t max_items = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_bytes = std::numeric_limits<std::int64_t>::max();
  std::vector<std::string> types;  // empty: every type
  bool accepts(const std::string& benchmark_name, std::int64_t items, std::int64_t bytes) const;
};
Selection& selection();
// Takes tessel_perf's flags out of `arguments` into selection(); returns an
// error message, empty when the flags were fine.
std::string parse_selection(std::vector<std::string>& arguments);

// Registers `body(state)` as a benchmark timed manually: `run()` is fenced
// before and after, so asynchronous kernels are timed whole. `bytes` is what
// one run reads and writes, `items` the elements it handles.
template <class Setup>
void register_timed(const std::string& benchmark_name, std::int64_t items, std::int64_t bytes, Setup setup) {
  if (!selection().accepts(benchmark_name, items, bytes)) return;
  benchmark::RegisterBenchmark(benchmark_name.c_str(), [=](benchmark::State& state) {
    auto run = setup();  // allocation and data, outside the timed region
    for (auto _ : state) {
      Space().fence();
      const auto start = std::chrono::steady_clock::now();
      run();
      Space().fence();
      state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    state.SetItemsProcessed(state.iterations() * items);
    state.SetBytesProcessed(state.iterations() * bytes);
  })->UseManualTime()->Unit(benchmark::kMillisecond);
}

// The inputs of n elements a sort benchmark's iterations take in turn,
// made by make(seed) for seeds seed, seed + 1, ...: enough of them for 2^20
// elements in all, at most 16. Sorting one small input again and again
// times a comparison sort whose branches the CPU has learnt, which no user
// sorting new data sees: 100 slices of 100 floats on one Zen 4 core,
// std::sort took 0.053 ms with one input, 0.26-0.27 ms with 4, 16 or 64 in
// turn; tessel's radix sort, whose branches do not follow the keys, 0.147
// either way. From 10^5 elements one input gave the times of 64 in turn.
// Returns a function that gives the next input.
template <class T, class Make>
std::function<const std::vector<T>&()> rotating_inputs(std::int64_t n, std::uint64_t seed, Make make) {
  const std::int64_t count = std::clamp<std::int64_t>((std::int64_t(1) << 20) / std::max<std::int64_t>(n, 1), 1, 16);
  auto inputs = std::make_shared<std::vector<std::vector<T>>>();
  for (std::int64_t k = 0; k < count; ++k) inputs->push_back(make(seed + std::uint64_t(k)));
  auto next = std::make_shared<std::size_t>(0);
  return [inputs, next]() -> const std::vector<T>& { return (*inputs)[(*next)++ % inputs->size()]; };
}

// Like register_timed, for runs that change their input (sorts in place):
// setup() returns {reset, run}; reset() restores the input before each timed
// run, outside the timed region.
template <class Setup>
void register_timed_with_reset(const std::string& benchmark_name, std::int64_t items, std::int64_t bytes, Setup setup) {
  if (!selection().accepts(benchmark_name, items, bytes)) return;
  benchmark::RegisterBenchmark(benchmark_name.c_str(), [=](benchmark::State& state) {
    auto [reset, run] = setup();
    // One untimed run first: workspaces and buffers are allocated and their
    // pages touched once, as in a loop of sorts (the first iteration would
    // otherwise time page faults, and a slow sort runs only once).
    reset();
    run();
    for (auto _ : state) {
      reset();
      Kokkos::fence();
      const auto start = std::chrono::steady_clock::now();
      run();
      Kokkos::fence();
      state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    state.SetItemsProcessed(state.iterations() * items);
    state.SetBytesProcessed(state.iterations() * bytes);
  })->UseManualTime()->Unit(benchmark::kMillisecond);
}

// TBB sizes its pool from the CPUs the calling thread may run on, which
// Kokkos' OpenMP binding (OMP_PROC_BIND=spread) narrows to one core: TBB
// baselines then measured one thread (16M floats: parallel_sort 1.82 s
// bound, 0.97 s unbound, on 2 vCPUs). While one lives, the calling thread
// may run on every CPU a thread of the process may run on (Linux;
// elsewhere nothing changes).
class ProcessCpus {
 public:
  ProcessCpus();
  ~ProcessCpus();
  ProcessCpus(const ProcessCpus&) = delete;
  ProcessCpus& operator=(const ProcessCpus&) = delete;

 private:
  std::vector<unsigned char> saved_;  // the thread's mask before, as the OS wrote it
};

#if defined(TESSEL_BENCH_HAVE_TBB)
// TBB's workers spin for a while after parallel work before they sleep;
// where there are no more cores than Kokkos threads they took the cores from
// the runs interleaved after a TBB run (2 OpenMP threads of a 2-vCPU EPYC
// VM, tessel's whole scan of 10^6 floats: 1.35x over one thread with TBB
// runs interleaved, 1.58x without). A TBB benchmark holds one of these for
// its run, so its workers are joined when its timed loop has ended.
class TbbWorkersJoined {
 public:
  TbbWorkersJoined() : handle_(tbb::attach{}) {}
  ~TbbWorkersJoined() { tbb::finalize(handle_, std::nothrow); }
  TbbWorkersJoined(const TbbWorkersJoined&) = delete;
  TbbWorkersJoined& operator=(const TbbWorkersJoined&) = delete;

 private:
  tbb::task_scheduler_handle handle_;
};
#endif

// In a build whose default execution space is a threaded host backend, tessel
// is also measured on Serial, so that one run compares the two; the
// implementation is then named "tessel@Serial".
template <class Body>
void for_each_tessel_space(Body&& body) {
  body(Space(), std::string("tessel"));
#if defined(KOKKOS_ENABLE_SERIAL)
  if constexpr (!std::is_same_v<Space, Kokkos::Serial> &&
                Kokkos::SpaceAccessibility<Kokkos::Serial, Space::memory_space>::accessible)
    body(Kokkos::Serial(), std::string("tessel@Serial"));
#endif
}

void register_scan_benchmarks();
void register_sort_benchmarks();
void register_sort_by_key_benchmarks();
void register_findall_benchmarks();
void register_segmented_benchmarks();
#if defined(TESSEL_PERF_MPI)
void register_mpi_benchmarks();  // bench_mpi.cpp, in builds with TESSEL_ENABLE_MPI
#endif

}  // namespace tessel_perf
