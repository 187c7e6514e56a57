# Run with cmake -P at every build of tessel_perf: writes OUT (a header
# defining TESSEL_PERF_COMMIT) from `git describe --always --dirty` of SOURCE,
# rewriting it only when the commit changed, so that the JSON names the
# commit that was built, not the one that was configured.
execute_process(COMMAND git describe --always --dirty WORKING_DIRECTORY "${SOURCE}"
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
set(text "#define TESSEL_PERF_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
