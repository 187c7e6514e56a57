# Finds Kokkos and hides how it was installed behind one imported target,
# tessel::kokkos. Included by the build and by the installed tesselConfig.cmake.
#
# Two kinds of install exist:
#  - a native Kokkos (3.x or 4.x built with its own CMake): Kokkos::kokkos works;
#  - Debian's Trilinos build (TriBITS): its Kokkos::kokkos target points at an
#    include directory that does not exist, so generation fails when it is linked.
#    That config describes itself through Kokkos_INCLUDE_DIRS / Kokkos_LIBRARIES,
#    which native installs do not set.
include_guard(GLOBAL)

if(NOT TARGET tessel::kokkos)
  find_package(Kokkos REQUIRED CONFIG)
  add_library(tessel::kokkos INTERFACE IMPORTED)
  if(DEFINED Kokkos_INCLUDE_DIRS AND DEFINED Kokkos_LIBRARIES)
    set(_tessel_kokkos_includes)
    foreach(_dir IN LISTS Kokkos_INCLUDE_DIRS)
      get_filename_component(_dir "${_dir}" REALPATH)
      list(APPEND _tessel_kokkos_includes "${_dir}")
    endforeach()
    set_target_properties(tessel::kokkos PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${_tessel_kokkos_includes}"
      INTERFACE_LINK_LIBRARIES "${Kokkos_LIBRARIES};${Kokkos_TPL_LIBRARIES}")
    set(TESSEL_KOKKOS_FLAVOR "TriBITS")
  else()
    set_target_properties(tessel::kokkos PROPERTIES INTERFACE_LINK_LIBRARIES Kokkos::kokkos)
    set(TESSEL_KOKKOS_FLAVOR "native")
  endif()
  message(STATUS "tessel: Kokkos ${Kokkos_VERSION} (${TESSEL_KOKKOS_FLAVOR} install), devices: ${Kokkos_DEVICES}")
endif()
