#!/usr/bin/env bash
# Configures build/, the serial configuration: Debian's Kokkos (Serial),
# tessel::mpi, the examples and benchmarks at Release's -O3, and the test
# programs and the fuzzer at -Og under AddressSanitizer + UBSan, all with
# warnings as errors. scripts/setup.sh builds its examples, scripts/test.sh
# the rest. Why -Og and these sanitizer flags: docs/notes/build-time.md.
#   scripts/configure_serial.sh [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# UBSan without null, object-size, vptr and pointer-overflow: ASan reports
# the first two, tessel has no polymorphic types, and views cannot wrap the
# address space. The alignment check stays (it catches misaligned scratch).
sanitize="-fsanitize=address,undefined -fno-sanitize=null,object-size,vptr,pointer-overflow -fno-sanitize-recover=all"
sanitize+=" -fno-omit-frame-pointer"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTESSEL_ENABLE_TESTS=ON -DTESSEL_ENABLE_EXAMPLES=ON \
  -DTESSEL_ENABLE_PERF_TESTS=ON -DTESSEL_ENABLE_MPI=ON -DTESSEL_ENABLE_FUZZ=ON -DTESSEL_WARNINGS_AS_ERRORS=ON \
  "-DTESSEL_TEST_OPTIMIZATION=-Og -g1 -UNDEBUG" "-DTESSEL_TEST_SANITIZE=$sanitize" \
  "${launcher[@]}" "$@"
