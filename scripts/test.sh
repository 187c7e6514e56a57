#!/usr/bin/env bash
# Runs the whole test suite, in two configurations:
#   serial    Debian's Kokkos (Serial backend), the build in build/
#             (scripts/configure_serial.sh): the test programs and the fuzzer
#             at -Og under AddressSanitizer + UndefinedBehaviorSanitizer, with
#             tessel::mpi (its tests under mpirun -n 1 to 4), the examples and
#             a benchmark smoke run at -O3
#   openmp    a Kokkos with OpenMP, in build-openmp/, with tessel::mpi, test
#             programs at -O1 in C++20 (serial's are C++17: both standards
#             of API.md); the typed tests on OpenMP only (serial has
#             Serial), one program at a time on as many threads as cores (2 to
#             4), so that teams of several threads run side by side; then the
#             fuzzer and the team tests on 4 threads, more than cores where
#             cores are fewer, so that teams of 3 and 4 threads run and threads
#             are preempted mid-kernel
# -O3 test programs took four times -Og's compile time, and CI has 2 cores;
# the library's -O3 code is what the examples and benchmarks compile (.ci/run
# compiles them at -O1). The oversubscribed fuzz run gets 30 s: its cases with
# a barrier per record take 20-100 s each on 2 cores, so it ran 150-175 s for
# 60 s; the sanitized serial one keeps 60 s.
#   scripts/test.sh [serial|openmp ...]   (default: both; sanitize: serial)
set -euo pipefail
cd "$(dirname "$0")/.."
configurations=("$@")
[ ${#configurations[@]} -gt 0 ] || configurations=(serial openmp)
jobs=$(nproc)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

build_configuration() {
  local name=$1 directory=$2
  shift 2
  echo "=== tessel tests: $name ==="
  cmake -S . -B "$directory" -DTESSEL_ENABLE_TESTS=ON "${launcher[@]}" "$@" >/dev/null
  cmake --build "$directory" -j "$jobs"
}

for configuration in "${configurations[@]}"; do
  case "$configuration" in
    serial | sanitize)  # sanitize: the name of the sanitized build before it joined serial
      echo "=== tessel tests: serial ==="
      scripts/configure_serial.sh >/dev/null
      cmake --build build -j "$jobs"
      UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build -j "$jobs" --output-on-failure --timeout 900
      ;;
    openmp)
      prefix=${TESSEL_KOKKOS_OPENMP_PREFIX:-$HOME/.cache/tessel/kokkos-3.4.01-openmp}
      scripts/install_kokkos_openmp.sh "$prefix"
      # -O1: a third of -O3's compile time; races show at any level.
      build_configuration openmp build-openmp \
        -DCMAKE_BUILD_TYPE=Release -DKokkos_DIR="$prefix/lib/cmake/Kokkos" -DTESSEL_ENABLE_MPI=ON \
        -DTESSEL_TEST_SPACES=OpenMP -DTESSEL_TEST_OPTIMIZATION=-O1 -DTESSEL_FUZZ_SECONDS=30 \
        -DTESSEL_WARNINGS_AS_ERRORS=ON -DCMAKE_CXX_STANDARD=20
      # Kokkos' barriers spin: with more threads than cores (4 on 2, or two
      # programs of 2 threads at once) every barrier waits for a preempted
      # thread, and the suite took 9 minutes instead of 2 on 2 cores.
      threads=$((jobs < 2 ? 2 : (jobs > 4 ? 4 : jobs)))
      OMP_NUM_THREADS=$threads OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -E '^tessel_fuzz$'
      OMP_NUM_THREADS=4 OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -R '^tessel_fuzz$|^Team\.'
      ;;
    *)
      echo "unknown configuration '$configuration' (serial, openmp)" >&2
      exit 2
      ;;
  esac
done
