// CUB baselines (cub_baselines.hpp), compiled only where Kokkos enables CUDA.
// Every call runs on the Kokkos instance's stream, with its temporary storage
// allocated once before the timed runs, as a user who loops over CUB calls
// keeps it. Sorts use CUB's DoubleBuffer (its fastest form, which may leave
// the result in the alternate buffer): tessel sorts in place.

#include <cub_baselines.hpp>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <stdexcept>

namespace tessel_perf::cub_baselines {
namespace {

cudaStream_t stream() { return Space().cuda_stream(); }

void check(cudaError_t status) {
  if (status != cudaSuccess) throw std::runtime_error(std::string("CUB: ") + cudaGetErrorString(status));
}

// Sizes a CUB call's temporary storage (call(nullptr, bytes)), allocates it,
// and returns the run that calls it again with that storage.
template <class Call>
std::function<void()> with_temp_storage(Call call) {
  std::size_t bytes = 0;
  check(call(nullptr, bytes));
  DeviceVector<char> temp(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::cub_temp")),
                          bytes > 0 ? bytes : 1);
  return [=] {
    std::size_t size = bytes;
    check(call(temp.data(), size));
  };
}

// Counting iterators mapped through these give each element's column (scan
// keys) and each slice's first position (segment offsets).
struct DivideBy {
  std::int64_t divisor;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i / divisor; }
};
struct MultiplyBy {
  std::int64_t factor;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i * factor; }
};
auto slice_starts(std::int64_t length) {
  return thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), MultiplyBy{length});
}

struct Below {
  float threshold;
  __host__ __device__ bool operator()(float x) const { return x < threshold; }
};
struct CountBelow {
  float threshold;
  __host__ __device__ std::int64_t operator()(float x) const { return x < threshold ? 1 : 0; }
};
struct PositionBelow {
  const float* values;
  float threshold;
  __host__ __device__ bool operator()(std::int64_t i) const { return values[i] < threshold; }
};

// The runs below read `values` through raw pointers and iterators, so each
// keeps the view (`keep`): else it is freed when the setup returns and CUB
// reads freed memory (an illegal address on an H200 from 10^6 elements).

// Reads the count a compaction wrote: tessel's functions return it on the
// host, so the baseline waits for it too.
std::int64_t host_count(const DeviceVector<std::int64_t>& count) {
  std::int64_t value = 0;
  Kokkos::deep_copy(value, Kokkos::subview(count, 0));
  return value;
}

}  // namespace

template <class T>
void scan(const std::string& shape, std::int64_t n, std::function<std::pair<DeviceVector<T>, DeviceVector<T>>()> data) {
  register_timed(name("scan", "cub", type_name<T>(), shape), n, 2 * n * std::int64_t(sizeof(T)), [=] {
    const auto buffers = data();
    const T* src = buffers.first.data();
    T* dst = buffers.second.data();
    return [keep = buffers, run = with_temp_storage([=](void* temp, std::size_t& bytes) {
              return cub::DeviceScan::InclusiveSum(temp, bytes, src, dst, n, stream());
            })] { run(); };
  });
}

template <class T>
void scan_dim0(const std::string& shape, std::int64_t rows, std::int64_t columns,
               std::function<std::pair<DeviceMatrix<T>, DeviceMatrix<T>>()> data) {
  const std::int64_t n = rows * columns;
  register_timed(name("scan", "cub", type_name<T>(), shape), n, 2 * n * std::int64_t(sizeof(T)), [=] {
    const auto buffers = data();
    const T* src = buffers.first.data();
    T* dst = buffers.second.data();
    const auto columns_of = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), DivideBy{rows});
    return [keep = buffers, run = with_temp_storage([=](void* temp, std::size_t& bytes) {
              return cub::DeviceScan::InclusiveSumByKey(temp, bytes, columns_of, src, dst, n, ::cuda::std::equal_to<>{},
                                                        stream());
            })] { run(); };
  });
}

void findall(const std::string& shape, std::int64_t n, float threshold, std::function<DeviceVector<float>()> data) {
  const std::int64_t bytes = n * std::int64_t(sizeof(float)) + std::int64_t(n * threshold) * 8;
  register_timed(name("findall", "cub", "float", shape), n, bytes, [=] {
    const DeviceVector<float> values = data();
    const DeviceVector<std::int64_t> positions("bench::positions", n), count("bench::count", 1);
    const float* in = values.data();
    auto run = with_temp_storage([=](void* temp, std::size_t& bytes) {
      return cub::DeviceSelect::If(temp, bytes, thrust::counting_iterator<std::int64_t>(0), positions.data(),
                                   count.data(), n, PositionBelow{in, threshold}, stream());
    });
    return [=, keep = values] {
      run();
      benchmark::DoNotOptimize(host_count(count));
    };
  });
}

void count_and_copy(const std::string& shape, std::int64_t n, float threshold,
                    std::function<DeviceVector<float>()> data) {
  const std::int64_t read = n * std::int64_t(sizeof(float));
  const std::int64_t selected = std::int64_t(n * threshold);
  register_timed(name("count_if", "cub", "float", shape), n, read, [=] {
    const DeviceVector<float> values = data();
    const DeviceVector<std::int64_t> count("bench::count", 1);
    const auto flags = thrust::make_transform_iterator(values.data(), CountBelow{threshold});
    auto run = with_temp_storage([=](void* temp, std::size_t& bytes) {
      return cub::DeviceReduce::Sum(temp, bytes, flags, count.data(), n, stream());
    });
    return [=, keep = values] {
      run();
      benchmark::DoNotOptimize(host_count(count));
    };
  });
  register_timed(name("copy_if", "cub", "float", shape), n, read + selected * std::int64_t(sizeof(float)), [=] {
    const DeviceVector<float> values = data();
    const DeviceVector<float> out("bench::selected", n);
    const DeviceVector<std::int64_t> count("bench::count", 1);
    auto run = with_temp_storage([=](void* temp, std::size_t& bytes) {
      return cub::DeviceSelect::If(temp, bytes, values.data(), out.data(), count.data(), n, Below{threshold},
                                   stream());
    });
    return [=, keep = values] {
      run();
      benchmark::DoNotOptimize(host_count(count));
    };
  });
}

template <class T>
void sort(const std::string& shape, std::int64_t length, std::int64_t slices,
          std::function<std::pair<DeviceMatrix<T>, std::function<void()>>()> data) {
  const std::int64_t n = length * slices;
  register_timed_with_reset(name("sort", "cub", type_name<T>(), shape), n, 2 * n * std::int64_t(sizeof(T)), [=] {
    const auto keys_and_reset = data();
    const DeviceMatrix<T> keys = keys_and_reset.first;
    const DeviceVector<T> alternate(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::alternate")), n);
    auto call = [=](void* temp, std::size_t& bytes) {
      cub::DoubleBuffer<T> buffers(keys.data(), alternate.data());
      if (slices == 1) return cub::DeviceRadixSort::SortKeys(temp, bytes, buffers, n, 0, int(sizeof(T) * 8), stream());
      return cub::DeviceSegmentedSort::SortKeys(temp, bytes, buffers, n, slices, slice_starts(length),
                                                slice_starts(length) + 1, stream());
    };
    return std::make_pair(keys_and_reset.second, with_temp_storage(call));
  });
}

void sort_pairs(const std::string& shape, std::int64_t length, std::int64_t slices,
                std::function<std::tuple<DeviceMatrix<float>, DeviceMatrix<std::int32_t>, std::function<void()>>()> data) {
  const std::int64_t n = length * slices;
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(float) + sizeof(std::int32_t));
  // sort_by_key permutes keys and values; sortperm keeps the keys and writes
  // the positions (values 0, 1, ... per slice) in their sorted order.
  for (const bool keep_keys : {false, true}) {
    const std::string family = keep_keys ? "sortperm" : "sort_by_key";
    const std::string type = keep_keys ? "float" : "float+int32";
    register_timed_with_reset(name(family, "cub", type, shape), n, bytes, [=] {
      const auto views = data();
      const DeviceMatrix<float> keys = std::get<0>(views);
      const DeviceMatrix<std::int32_t> values = std::get<1>(views);
      const DeviceVector<float> keys_out(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::keys")), n);
      const DeviceVector<std::int32_t> values_out(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::values")), n);
      auto call = [=](void* temp, std::size_t& size) {
        if (keep_keys) {
          if (slices == 1)
            return cub::DeviceRadixSort::SortPairs(temp, size, keys.data(), keys_out.data(), values.data(),
                                                   values_out.data(), n, 0, 32, stream());
          return cub::DeviceSegmentedSort::SortPairs(temp, size, keys.data(), keys_out.data(), values.data(),
                                                     values_out.data(), n, slices, slice_starts(length),
                                                     slice_starts(length) + 1, stream());
        }
        cub::DoubleBuffer<float> key_buffers(keys.data(), keys_out.data());
        cub::DoubleBuffer<std::int32_t> value_buffers(values.data(), values_out.data());
        if (slices == 1)
          return cub::DeviceRadixSort::SortPairs(temp, size, key_buffers, value_buffers, n, 0, 32, stream());
        return cub::DeviceSegmentedSort::SortPairs(temp, size, key_buffers, value_buffers, n, slices,
                                                   slice_starts(length), slice_starts(length) + 1, stream());
      };
      return std::make_pair(std::get<2>(views), with_temp_storage(call));
    });
  }
}

template <class Ordinal>
void segmented_sort(const std::string& shape, const char* type, std::int64_t n, std::int64_t rows,
                    std::function<std::pair<CrsViews<Ordinal>, std::function<void()>>()> data) {
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(Ordinal) + sizeof(double));
  register_timed_with_reset(name("segmented_sort", "cub", type, shape), n, bytes, [=] {
    const auto views_and_reset = data();
    const CrsViews<Ordinal> crs = views_and_reset.first;
    const DeviceVector<Ordinal> entries(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::entries")),
                                        n);
    const DeviceVector<double> values(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::values")), n);
    auto call = [=](void* temp, std::size_t& size) {
      cub::DoubleBuffer<Ordinal> key_buffers(crs.entries.data(), entries.data());
      cub::DoubleBuffer<double> value_buffers(crs.values.data(), values.data());
      return cub::DeviceSegmentedSort::SortPairs(temp, size, key_buffers, value_buffers, n, rows, crs.row_map.data(),
                                                 crs.row_map.data() + 1, stream());
    };
    return std::make_pair(views_and_reset.second, with_temp_storage(call));
  });
}

// The instantiations the benchmark files use.
template void scan<float>(const std::string&, std::int64_t, std::function<std::pair<DeviceVector<float>, DeviceVector<float>>()>);
template void scan<double>(const std::string&, std::int64_t,
                           std::function<std::pair<DeviceVector<double>, DeviceVector<double>>()>);
template void scan<std::int64_t>(const std::string&, std::int64_t,
                                 std::function<std::pair<DeviceVector<std::int64_t>, DeviceVector<std::int64_t>>()>);
template void scan_dim0<float>(const std::string&, std::int64_t, std::int64_t,
                               std::function<std::pair<DeviceMatrix<float>, DeviceMatrix<float>>()>);
template void scan_dim0<double>(const std::string&, std::int64_t, std::int64_t,
                                std::function<std::pair<DeviceMatrix<double>, DeviceMatrix<double>>()>);
template void scan_dim0<std::int64_t>(const std::string&, std::int64_t, std::int64_t,
                                      std::function<std::pair<DeviceMatrix<std::int64_t>, DeviceMatrix<std::int64_t>>()>);
template void sort<float>(const std::string&, std::int64_t, std::int64_t,
                          std::function<std::pair<DeviceMatrix<float>, std::function<void()>>()>);
template void sort<double>(const std::string&, std::int64_t, std::int64_t,
                           std::function<std::pair<DeviceMatrix<double>, std::function<void()>>()>);
template void sort<std::int32_t>(const std::string&, std::int64_t, std::int64_t,
                                 std::function<std::pair<DeviceMatrix<std::int32_t>, std::function<void()>>()>);
template void sort<std::uint32_t>(const std::string&, std::int64_t, std::int64_t,
                                  std::function<std::pair<DeviceMatrix<std::uint32_t>, std::function<void()>>()>);
template void sort<std::int64_t>(const std::string&, std::int64_t, std::int64_t,
                                 std::function<std::pair<DeviceMatrix<std::int64_t>, std::function<void()>>()>);
template void segmented_sort<std::int32_t>(const std::string&, const char*, std::int64_t, std::int64_t,
                                           std::function<std::pair<CrsViews<std::int32_t>, std::function<void()>>()>);
template void segmented_sort<std::int64_t>(const std::string&, const char*, std::int64_t, std::int64_t,
                                           std::function<std::pair<CrsViews<std::int64_t>, std::function<void()>>()>);

}  // namespace tessel_perf::cub_baselines
