# Install the headers and a relocatable package config so that an outside
# project can do find_package(tessel) and link tessel::tessel.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TESSEL_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tessel)

install(DIRECTORY src/tessel DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.inc")

set(_tessel_targets tessel)
if(TESSEL_ENABLE_MPI)
  list(APPEND _tessel_targets tessel_mpi)
endif()
install(TARGETS ${_tessel_targets} EXPORT tesselTargets)
install(EXPORT tesselTargets NAMESPACE tessel:: DESTINATION ${TESSEL_INSTALL_CMAKEDIR})

configure_package_config_file(cmake/tesselConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/tesselConfig.cmake
  INSTALL_DESTINATION ${TESSEL_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/tesselConfigVersion.cmake
  COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/tesselConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/tesselConfigVersion.cmake
  cmake/tesselKokkos.cmake
  cmake/tesselMpiRun.cmake
  DESTINATION ${TESSEL_INSTALL_CMAKEDIR})
