#pragma once
// CUB's device-wide algorithms as baselines on CUDA builds, registered under
// the family, type and shape names of the tessel benchmarks beside them and
// run on the data those benchmarks make (their factories, passed in).
// bench_cub.cpp defines them where Kokkos enables CUDA (TESSEL_PERF_CUB):
// nvcc ships CUB, so nothing is to be installed.

#include <bench_support.hpp>

#include <functional>
#include <string>
#include <tuple>
#include <utility>

namespace tessel_perf {

#if defined(TESSEL_PERF_CUB)
namespace cub_baselines {

// DeviceScan::InclusiveSum of src into dst.
template <class T>
void scan(const std::string& shape, std::int64_t n, std::function<std::pair<DeviceVector<T>, DeviceVector<T>>()> data);
// DeviceScan::InclusiveSumByKey along dim 0 (the contiguous columns), keyed
// by column.
template <class T>
void scan_dim0(const std::string& shape, std::int64_t rows, std::int64_t columns,
               std::function<std::pair<DeviceMatrix<T>, DeviceMatrix<T>>()> data);
// findall (DeviceSelect::If over the positions) of the floats below
// `threshold`; count_if (DeviceReduce::Sum of the predicate) and copy_if
// (DeviceSelect::If over the values) of them.
void findall(const std::string& shape, std::int64_t n, float threshold, std::function<DeviceVector<float>()> data);
void count_and_copy(const std::string& shape, std::int64_t n, float threshold,
                    std::function<DeviceVector<float>()> data);
// Sorts of `slices` columns of `length` keys: DeviceRadixSort (one slice) or
// DeviceSegmentedSort; data() gives the keys and the reset that restores them.
template <class T>
void sort(const std::string& shape, std::int64_t length, std::int64_t slices,
          std::function<std::pair<DeviceMatrix<T>, std::function<void()>>()> data);
// sort_by_key (SortPairs of float keys and int32 values) and sortperm
// (SortPairs of the keys and 0, 1, ... per slice, keys kept).
void sort_pairs(const std::string& shape, std::int64_t length, std::int64_t slices,
                std::function<std::tuple<DeviceMatrix<float>, DeviceMatrix<std::int32_t>, std::function<void()>>()> data);
// DeviceSegmentedSort::SortPairs of a CRS matrix's rows.
template <class Ordinal>
void segmented_sort(const std::string& shape, const char* type, std::int64_t n, std::int64_t rows,
                    std::function<std::pair<CrsViews<Ordinal>, std::function<void()>>()> data);

}  // namespace cub_baselines
#endif

}  // namespace tessel_perf
