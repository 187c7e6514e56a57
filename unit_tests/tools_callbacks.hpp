#pragma once
// Kokkos Tools' callbacks installed for a scope: the begin callback of every
// kind of kernel and, optionally, the allocation callback (test_labels.cpp,
// test_launches.cpp).

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace tessel_test {

using KernelCallback = void (*)(const char*, std::uint32_t, std::uint64_t*);
using AllocationCallback = void (*)(Kokkos::Profiling::SpaceHandle, const char*, const void*, std::uint64_t);

class ScopedToolsCallbacks {
 public:
  explicit ScopedToolsCallbacks(KernelCallback kernel, AllocationCallback allocation = nullptr) {
    install(kernel, allocation);
  }
  ~ScopedToolsCallbacks() { install(nullptr, nullptr); }
  ScopedToolsCallbacks(const ScopedToolsCallbacks&) = delete;
  ScopedToolsCallbacks& operator=(const ScopedToolsCallbacks&) = delete;

 private:
  static void install(KernelCallback kernel, AllocationCallback allocation) {
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(kernel);
    Kokkos::Tools::Experimental::set_begin_parallel_reduce_callback(kernel);
    Kokkos::Tools::Experimental::set_begin_parallel_scan_callback(kernel);
    Kokkos::Tools::Experimental::set_allocate_data_callback(allocation);
  }
};

}  // namespace tessel_test
