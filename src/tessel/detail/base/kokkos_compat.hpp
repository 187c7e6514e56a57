#ifndef TESSEL_DETAIL_KOKKOS_COMPAT_HPP
#define TESSEL_DETAIL_KOKKOS_COMPAT_HPP

// Every difference between the Kokkos versions tessel supports lives here:
// Kokkos 3.4 (Debian's Trilinos build) and Kokkos 4.x. The rest of tessel
// names only what this header provides or what both versions spell alike.

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#if !defined(KOKKOS_VERSION) || KOKKOS_VERSION < 30400
#error "tessel needs Kokkos 3.4 or newer"
#endif

#define TESSEL_KOKKOS_4 (KOKKOS_VERSION >= 40000)

namespace tessel::detail {

// View::rank is an enum value in 3.4 and an integral-constant object in 4.x;
// both convert to int.
template <class View>
inline constexpr int view_rank = static_cast<int>(View::rank);

// Relaxed atomic load and store of a flag word. Kokkos 3.4 keeps atomic_load in
// Impl; an atomic add of zero is public in every version and orders the same.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T atomic_load_flag(T* address) {
#if TESSEL_KOKKOS_4
  return Kokkos::atomic_load(address);
#else
  return Kokkos::atomic_fetch_add(address, T(0));
#endif
}

template <class T>
KOKKOS_FORCEINLINE_FUNCTION void atomic_store_flag(T* address, T value) {
#if TESSEL_KOKKOS_4
  Kokkos::atomic_store(address, value);
#else
  Kokkos::atomic_exchange(address, value);
#endif
}

// Bit-for-bit reinterpretation usable on the device (Kokkos::bit_cast exists
// from 4.1 on; 4.0 has none).
template <class To, class From>
KOKKOS_FORCEINLINE_FUNCTION To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs equal sizes");
#if KOKKOS_VERSION >= 40100
  return Kokkos::bit_cast<To>(from);
#else
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
#endif
}

// The index of the lowest set bit of a non-zero word (Kokkos::countr_zero
// exists from 4.1; 3.4 has a 32-bit scan in Impl).
KOKKOS_FORCEINLINE_FUNCTION int lowest_set_bit(std::uint64_t word) {
#if KOKKOS_VERSION >= 40100
  return Kokkos::countr_zero(word);
#else
  const unsigned low = static_cast<unsigned>(word);
  return low != 0 ? Kokkos::Impl::bit_scan_forward(low)
                  : 32 + Kokkos::Impl::bit_scan_forward(static_cast<unsigned>(word >> 32));
#endif
}

// A profiling region around a multi-kernel algorithm (Kokkos::Profiling::
// ScopedRegion exists only in newer 4.x releases).
class ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& name) { Kokkos::Profiling::pushRegion(name); }
  ~ScopedRegion() { Kokkos::Profiling::popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};

// Reads a value another team published, bypassing caches that are not
// coherent across teams (GPU L1): byte by byte through volatile.
template <class T>
KOKKOS_INLINE_FUNCTION T load_published(const T* address) {
  T result;
  const volatile unsigned char* from = reinterpret_cast<const volatile unsigned char*>(address);
  unsigned char* to = reinterpret_cast<unsigned char*>(&result);
  for (std::size_t byte = 0; byte < sizeof(T); ++byte) to[byte] = from[byte];
  return result;
}

// Called while a team waits for another team's result. On the host, a waiting
// thread gives its core away now and then: with more threads than cores the
// team it waits for may not be running.
KOKKOS_INLINE_FUNCTION void spin_wait_hint(int attempt) {
#if TESSEL_KOKKOS_4
  KOKKOS_IF_ON_HOST(if (attempt % 64 == 63) std::this_thread::yield();)
  (void)attempt;
#elif !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && !defined(__SYCL_DEVICE_ONLY__)
  if (attempt % 64 == 63) std::this_thread::yield();
#else
  (void)attempt;
#endif
}

// Command-line spellings that changed: Kokkos 3.4 reads --kokkos-threads where
// 4.x reads --kokkos-num-threads. Rewrites the new spelling for old versions so
// that programs document one set of options.
inline std::vector<std::string> kokkos_arguments(int argc, char* argv[]) {
  std::vector<std::string> arguments(argv, argv + argc);
#if KOKKOS_VERSION < 30700
  const std::string modern = "--kokkos-num-threads", legacy = "--kokkos-threads";
  for (auto& argument : arguments)
    if (argument.compare(0, modern.size(), modern) == 0)
      argument = legacy + argument.substr(modern.size());
#endif
  return arguments;
}

// Whether an execution space runs on the host: decides defaults in Tuning.
template <class ExecutionSpace>
inline constexpr bool is_host_space =
    Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ExecutionSpace::memory_space>::accessible;

}  // namespace tessel::detail

// The names of the GPU execution spaces moved out of Experimental in 4.x.
namespace tessel::detail::spaces {
#if defined(KOKKOS_ENABLE_HIP)
#if TESSEL_KOKKOS_4
using HIP = Kokkos::HIP;
#else
using HIP = Kokkos::Experimental::HIP;
#endif
#endif
#if defined(KOKKOS_ENABLE_SYCL)
#if KOKKOS_VERSION >= 40500
using SYCL = Kokkos::SYCL;
#else
using SYCL = Kokkos::Experimental::SYCL;
#endif
#endif
}  // namespace tessel::detail::spaces

// The version switch is for this header alone; users' code never sees it.
#undef TESSEL_KOKKOS_4

#endif
