#ifndef TESSEL_SORT_WORKSPACE_HPP
#define TESSEL_SORT_WORKSPACE_HPP

// SortWorkspace: the memory every sort may take instead of allocating its own.

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>

namespace tessel {

// Workspace, n elements: merge sort of slices longer than one sort tile needs
// 2n (sizeof(key) + sizeof(value)) bytes; bitonic sort none, except sortperm:
// n (sizeof(key) + sizeof(perm value)); radix sort 2n records where slices
// do not fit a team's scratch, 3n for strided slices, and the counts of every
// block where long slices are split. A SortWorkspace kept between calls grows
// when a sort needs more, so a loop of sorts allocates nothing.
template <class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
class SortWorkspace {
 public:
  using memory_space = MemorySpace;
  SortWorkspace() = default;
  explicit SortWorkspace(std::size_t bytes) { reserve(bytes); }
  // Grows the workspace to at least `bytes` (its contents are not kept).
  void reserve(std::size_t bytes) {
    if (bytes > storage_.extent(0))
      storage_ = Kokkos::View<unsigned char*, MemorySpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessel::sort::workspace")), bytes);
  }
  std::size_t size() const { return storage_.extent(0); }
  unsigned char* data() const { return storage_.data(); }

 private:
  Kokkos::View<unsigned char*, MemorySpace> storage_;
};

}  // namespace tessel

#endif
