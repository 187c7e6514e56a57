# Finds a Kokkos Kernels built on the Kokkos tessel uses, for the CRS example
# and the benchmarks against sort_crs_matrix, as one imported target,
# tessel::kokkos_kernels. Left undefined (with a message) otherwise: tessel
# itself never needs it.
#  - Debian's Trilinos (TriBITS) Kokkos Kernels goes only with Debian's Kokkos
#    (the same TriBITS flavour): a Kokkos built by hand has another ABI;
#  - a native Kokkos Kernels brings Kokkos::kokkoskernels.
include_guard(GLOBAL)
include(tesselKokkos)

if(NOT TARGET tessel::kokkos_kernels)
  find_package(KokkosKernels QUIET CONFIG)
  if(TESSEL_KOKKOS_FLAVOR STREQUAL "TriBITS" AND DEFINED KokkosKernels_INCLUDE_DIRS
     AND DEFINED KokkosKernels_LIBRARIES AND NOT TARGET Kokkos::kokkoskernels)
    add_library(tessel::kokkos_kernels INTERFACE IMPORTED GLOBAL)
    set(_tessel_kk_includes)
    foreach(_dir IN LISTS KokkosKernels_INCLUDE_DIRS)
      get_filename_component(_dir "${_dir}" REALPATH)
      list(APPEND _tessel_kk_includes "${_dir}")
    endforeach()
    set_target_properties(tessel::kokkos_kernels PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${_tessel_kk_includes}"
      INTERFACE_LINK_LIBRARIES "${KokkosKernels_LIBRARIES};tessel::kokkos")
  elseif(TESSEL_KOKKOS_FLAVOR STREQUAL "native" AND TARGET Kokkos::kokkoskernels)
    add_library(tessel::kokkos_kernels INTERFACE IMPORTED GLOBAL)
    set_target_properties(tessel::kokkos_kernels PROPERTIES INTERFACE_LINK_LIBRARIES Kokkos::kokkoskernels)
  endif()
  if(TARGET tessel::kokkos_kernels)
    message(STATUS "tessel: Kokkos Kernels found (CRS example, sort_crs_matrix baseline)")
  else()
    message(STATUS "tessel: no Kokkos Kernels on this Kokkos; the CRS example and its baseline are left out")
  endif()
endif()
