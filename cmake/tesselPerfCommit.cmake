# Run with cmake -P at every build of tessel_perf: writes OUT (a header
# defining TESSEL_PERF_COMMIT) with the commit of SOURCE, "-dirty" when its
# tracked files differ from it outside perf_tests/results (results written by
# a run are not a change of what was measured). The header is rewritten only
# when that changed, so that the JSON names the commit that was built, not
# the one that was configured.
execute_process(COMMAND git rev-parse --short HEAD WORKING_DIRECTORY "${SOURCE}"
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git status --porcelain --untracked-files=no -- . ":(exclude)perf_tests/results"
                WORKING_DIRECTORY "${SOURCE}" OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(commit AND changes)
  string(APPEND commit "-dirty")
endif()
set(text "#define TESSEL_PERF_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
