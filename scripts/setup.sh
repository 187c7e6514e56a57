#!/usr/bin/env bash
# On a fresh Debian 12 machine: installs the packages, configures build/
# (scripts/configure_serial.sh), builds the examples and runs the tour, in a
# few minutes. The test programs, the fuzzer and tessel_perf are built by
# scripts/test.sh.
#   scripts/setup.sh [extra cmake arguments for build/]
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache hits across clones of the repository (CI builds a fresh clone): paths
# below the clone are hashed relative to it.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
scripts/install_packages.sh
scripts/configure_serial.sh "$@" >/dev/null
cmake --build build -j "$(nproc)" --target tessel_examples
./build/examples/tessel_tour
