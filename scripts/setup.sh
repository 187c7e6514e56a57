#!/usr/bin/env bash
# On a fresh Debian 12 machine: installs the packages, configures and builds
# tessel in build/ (scripts/configure_serial.sh: the examples and benchmarks
# at -O3, the tests and the fuzzer sanitized), and runs the tour.
#   scripts/setup.sh [extra cmake arguments for build/]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_packages.sh
scripts/configure_serial.sh "$@" >/dev/null
cmake --build build -j "$(nproc)"
./build/examples/tessel_tour
