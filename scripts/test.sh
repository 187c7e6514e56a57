#!/usr/bin/env bash
# Builds and runs the whole test suite (docs/testing.md), in these configurations:
#   serial  build/ (scripts/configure_serial.sh): Debian's Kokkos (Serial); the
#           test programs and the fuzzer at -Og under ASan + UBSan, tessel::mpi
#           under mpirun -n 1 to 4, the examples and a benchmark smoke run
#   openmp  build-openmp/: Kokkos 3.4.01 with OpenMP (scripts/install_kokkos.sh),
#           C++20, tests at -O1 on 2-4 threads, then the fuzzer and the team
#           tests on 4 threads so that teams of 3-4 threads run preempted.
#   threads build-threads/: Kokkos 3.4.01 with Threads, at -O1 on 2 threads:
#           the typed tests of whole scans, sorts of every key type and
#           segmented sorts, the team tests, and a short fuzz (no MPI,
#           examples or benchmarks; tests of many tiny launches take
#           minutes each there: docs/testing.md).
# Timings behind these choices: docs/notes/build-time.md.
#   scripts/test.sh [serial|openmp|threads ...]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache hits across clones of the repository (CI builds a fresh clone): paths
# below the clone are hashed relative to it.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
configurations=("$@")
[ ${#configurations[@]} -gt 0 ] || configurations=(serial openmp threads)
jobs=$(nproc)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# build_configuration NAME DIRECTORY [CMAKE OPTIONS...] [-- TARGETS...]
build_configuration() {
  local name=$1 directory=$2
  shift 2
  local options=() targets=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do options+=("$1"); shift; done
  [ $# -gt 0 ] && shift && targets=(--target "$@")
  echo "=== tessel tests: $name ==="
  cmake -S . -B "$directory" -DTESSEL_ENABLE_TESTS=ON "${launcher[@]}" "${options[@]}" >/dev/null
  cmake --build "$directory" -j "$jobs" "${targets[@]}"
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
      scripts/install_kokkos.sh openmp "$prefix"
      # -O1: a third of -O3's compile time; races show at any level.
      build_configuration openmp build-openmp \
        -DCMAKE_BUILD_TYPE=Release -DKokkos_DIR="$prefix/lib/cmake/Kokkos" -DTESSEL_ENABLE_MPI=ON \
        -DTESSEL_TEST_SPACES=OpenMP -DTESSEL_TEST_OPTIMIZATION=-O1 -DTESSEL_FUZZ_SECONDS=30 \
        -DTESSEL_WARNINGS_AS_ERRORS=ON -DCMAKE_CXX_STANDARD=20
      # Kokkos' barriers spin: one program at a time, at most one thread a core.
      threads=$((jobs < 2 ? 2 : (jobs > 4 ? 4 : jobs)))
      OMP_NUM_THREADS=$threads OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -E '^tessel_fuzz$'
      OMP_NUM_THREADS=4 OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -R '^tessel_fuzz$|^Team\.'
      ;;
    threads)
      prefix=${TESSEL_KOKKOS_THREADS_PREFIX:-$HOME/.cache/tessel/kokkos-3.4.01-threads}
      scripts/install_kokkos.sh threads "$prefix"
      build_configuration threads build-threads \
        -DCMAKE_BUILD_TYPE=Release -DKokkos_DIR="$prefix/lib/cmake/Kokkos" -DTESSEL_TEST_SPACES=Threads \
        -DTESSEL_TEST_OPTIMIZATION=-O1 -DTESSEL_FUZZ_SECONDS=20 -DTESSEL_WARNINGS_AS_ERRORS=ON \
        -DTESSEL_ENABLE_EXAMPLES=OFF -DTESSEL_ENABLE_PERF_TESTS=OFF \
        -- tessel_test_scan_whole tessel_test_sort_types tessel_test_segmented_sort tessel_test_detail tessel_fuzz
      # Kokkos 3.4's Threads backend takes its thread count from KOKKOS_NUM_THREADS.
      KOKKOS_NUM_THREADS=2 ctest --test-dir build-threads -j 1 --output-on-failure --timeout 900 \
        -R '^(ScanWhole|ScanWholeIntegers|SortTypes|SegmentedSort|Team)[./]|^tessel_fuzz($|_replay_)'
      ;;
    *)
      echo "unknown configuration '$configuration' (serial, openmp, threads)" >&2
      exit 2
      ;;
  esac
done
