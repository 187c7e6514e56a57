#!/usr/bin/env bash
# Configures build/, the serial configuration that scripts/setup.sh builds
# and scripts/test.sh tests: Debian's Kokkos (Serial backend), tessel::mpi,
# the examples and benchmarks at Release's -O3, and the test programs and the
# fuzzer at -Og under AddressSanitizer + UndefinedBehaviorSanitizer, all with
# warnings as errors (CMakeLists.txt: TESSEL_WARNINGS_AS_ERRORS).
# Sanitized tests beside the optimized examples in one build compile every
# test program once on Serial instead of twice (tests at -O2, then again
# sanitized). CI took 63 minutes on a 2-vCPU EPYC VM, where the test programs
# of the serial build at -O2 took 1441 of its 1941 CPU-seconds (16.5 minutes
# on 2 cores, with the examples and benchmarks). The openmp configuration
# still runs the tests optimized (-O1).
#   scripts/configure_serial.sh [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -Og -g1: measured on test_findall.cpp, 11 s to compile against 35 s with
# -O1 -g (Debug), whose full debug info this build never reads; line tables
# still give file:line in every report. -UNDEBUG: Release defines NDEBUG.
# UndefinedBehaviorSanitizer without the null, object-size, vptr and
# pointer-overflow checks: AddressSanitizer reports null and out-of-bounds
# accesses itself, tessel has no polymorphic types, and a pointer that wraps
# the address space is not a bug tessel can make with views' extents. This
# build is CI's longest: a test program compiled 19 % faster without the
# first three and the alignment check, which stays (it catches misaligned
# scratch), and test_segmented_bins.cpp on a 2-vCPU EPYC VM in 46 s at -Og,
# 84 s with AddressSanitizer, 140 s with both sanitizers, 114 s without
# pointer-overflow (116 s without alignment).
sanitize="-fsanitize=address,undefined -fno-sanitize=null,object-size,vptr,pointer-overflow -fno-sanitize-recover=all"
sanitize+=" -fno-omit-frame-pointer"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTESSEL_ENABLE_TESTS=ON -DTESSEL_ENABLE_EXAMPLES=ON \
  -DTESSEL_ENABLE_PERF_TESTS=ON -DTESSEL_ENABLE_MPI=ON -DTESSEL_ENABLE_FUZZ=ON -DTESSEL_WARNINGS_AS_ERRORS=ON \
  "-DTESSEL_TEST_OPTIMIZATION=-Og -g1 -UNDEBUG" "-DTESSEL_TEST_SANITIZE=$sanitize" \
  "${launcher[@]}" "$@"
