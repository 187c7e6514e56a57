#pragma once
// Views to and from std::vector for the header-alone tests, which include
// one public tessel header each and nothing else of tessel's.

#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tessel_alone {

using Space = Kokkos::DefaultExecutionSpace;

template <class T>
Kokkos::View<T*, Space::memory_space> device(const std::vector<T>& host) {
  Kokkos::View<T*, Space::memory_space> view("tessel_test::alone", host.size());
  Kokkos::deep_copy(view, Kokkos::View<const T*, Kokkos::HostSpace>(host.data(), host.size()));
  return view;
}

template <class View>
std::vector<typename View::non_const_value_type> host(const View& view) {
  std::vector<typename View::non_const_value_type> values(view.extent(0));
  Kokkos::deep_copy(Kokkos::View<typename View::non_const_value_type*, Kokkos::HostSpace>(values.data(), values.size()),
                    view);
  return values;
}

// 1000 integers in [-50, 50) from a fixed linear congruential sequence.
inline std::vector<std::int32_t> numbers() {
  std::vector<std::int32_t> values(1000);
  std::uint64_t state = 12345;
  for (auto& value : values) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    value = static_cast<std::int32_t>((state >> 33) % 100) - 50;
  }
  return values;
}

}  // namespace tessel_alone
