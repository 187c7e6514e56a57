#ifndef TESSEL_TUNING_HPP
#define TESSEL_TUNING_HPP

// Launch parameters per execution space, as plain data. Kernels never
// hard-code a number that a field here could hold.
//
// Tuning<ExecutionSpace> is a TuningParameters with the defaults of that
// space. Users may specialise Tuning for their own execution space (derive
// from TuningParameters and set fields in the constructor), or override single
// fields through the options and algorithm structs of each call.

#include <tessel/detail/base/kokkos_compat.hpp>
#include <tessel/detail/tuning/parameters.hpp>
#include <tessel/detail/tuning/spaces.hpp>

namespace tessel {

// Conservative defaults for any execution space without a specialisation.
template <class ExecutionSpace>
struct Tuning : TuningParameters {};


#if defined(KOKKOS_ENABLE_SERIAL)
template <>
struct Tuning<Kokkos::Serial> : detail::HostTuning {};
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
template <>
struct Tuning<Kokkos::OpenMP> : detail::ThreadedHostTuning {};
#endif
#if defined(KOKKOS_ENABLE_THREADS)
template <>
struct Tuning<Kokkos::Threads> : detail::ThreadedHostTuning {};
#endif
#if defined(KOKKOS_ENABLE_CUDA)
// Teams of 128: the fastest scans and radix sorts measured on an H200
// (docs/notes/h200.md).
template <>
struct Tuning<Kokkos::Cuda> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(40 * 1024) { team_size = 128; }
};
#endif
#if defined(KOKKOS_ENABLE_HIP)
template <>
struct Tuning<detail::spaces::HIP> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(56 * 1024) {}
};
#endif
#if defined(KOKKOS_ENABLE_SYCL)
template <>
struct Tuning<detail::spaces::SYCL> : detail::GpuTuning {
  constexpr Tuning() : GpuTuning(30 * 1024) {}
};
#endif

}  // namespace tessel

#endif
