# Installs the tessel build at TESSEL_BUILD_DIR into a scratch prefix, then
# configures, builds and runs the consumer project against that install.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/install)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${TESSEL_BUILD_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/build
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release -DCONSUMER_MPI=${CONSUMER_MPI})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
if(CONSUMER_MPI)
  run(${MPIEXEC} ${MPIEXEC_NUMPROC_FLAG} 2 ${TESSEL_MPIEXEC_OVERSUBSCRIBE} ${WORK_DIR}/build/consumer_mpi)
endif()
