# tessel_add_mpi_test(name ranks command...): a ctest test that runs
# `command` under mpiexec with `ranks` processes, however many cores the
# machine has (Open MPI needs --oversubscribe for that, and two variables to
# run as root, as CI containers do).
if(NOT DEFINED TESSEL_MPIEXEC_OVERSUBSCRIBE)
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _tessel_mpiexec_version ERROR_QUIET)
  if(_tessel_mpiexec_version MATCHES "Open MPI|OpenRTE")
    set(TESSEL_MPIEXEC_OVERSUBSCRIBE --oversubscribe CACHE STRING "mpiexec flag that allows more ranks than cores")
  else()
    set(TESSEL_MPIEXEC_OVERSUBSCRIBE "" CACHE STRING "mpiexec flag that allows more ranks than cores")
  endif()
endif()

function(tessel_add_mpi_test name ranks)
  add_test(NAME ${name}
    COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${TESSEL_MPIEXEC_OVERSUBSCRIBE} ${MPIEXEC_PREFLAGS}
            ${ARGN} ${MPIEXEC_POSTFLAGS})
  set_tests_properties(${name} PROPERTIES
    PROCESSORS ${ranks} TIMEOUT 600
    ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=2;OMP_PROC_BIND=false")
endfunction()
