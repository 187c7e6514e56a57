#!/usr/bin/env bash
# On a fresh Debian 12 machine: installs the packages, configures and builds
# tessel (Release, with its tests, examples and benchmarks) in build/, and
# runs the tour.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_packages.sh
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The serial configuration of scripts/test.sh (the fuzzer is built in its
# openmp and sanitize ones): the library, examples and benchmarks at -O3, the
# test programs at -O2, which halves their compile time.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTESSEL_ENABLE_TESTS=ON -DTESSEL_ENABLE_EXAMPLES=ON \
  -DTESSEL_ENABLE_PERF_TESTS=ON -DTESSEL_ENABLE_MPI=ON -DTESSEL_ENABLE_FUZZ=OFF -DTESSEL_TEST_OPTIMIZATION=-O2 \
  "${launcher[@]}"
cmake --build build -j "$(nproc)"
./build/examples/tessel_tour
