#!/usr/bin/env bash
# Runs the whole test suite, in three configurations:
#   serial    Debian's Kokkos (Serial backend), the build in build/, with
#             tessel::mpi (its tests under mpirun -n 1 to 4)
#   openmp    a Kokkos with OpenMP, in build-openmp/, with tessel::mpi; the
#             typed tests on OpenMP only (serial has Serial), one program at a
#             time on as many threads as cores (2 to 4), so that teams of
#             several threads run side by side; then the fuzzer and the team
#             tests on 4 threads, more than cores where cores are fewer, so
#             that teams of 3 and 4 threads run and threads are preempted
#             mid-kernel
#   sanitize  AddressSanitizer + UndefinedBehaviorSanitizer on Serial, in build-asan/
# Test programs compile at -O2 (serial), -O1 (openmp) and -Og (sanitize): -O3
# took four times -Og's compile time, and CI has 2 cores; the library's -O3
# code is what the examples and benchmarks of serial compile.
# The fuzzer runs in openmp and sanitize: in serial it would repeat the
# sanitize configuration's Serial cases without the sanitizers, for about a
# tenth of this script's time (its build and its 60 s).
#   scripts/test.sh [serial|openmp|sanitize ...]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
configurations=("$@")
[ ${#configurations[@]} -gt 0 ] || configurations=(serial openmp sanitize)
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

run_configuration() {
  build_configuration "$@"
  ctest --test-dir "$2" -j "$jobs" --output-on-failure --timeout 900
}

for configuration in "${configurations[@]}"; do
  case "$configuration" in
    serial)
      run_configuration serial build -DCMAKE_BUILD_TYPE=Release -DTESSEL_ENABLE_EXAMPLES=ON \
        -DTESSEL_ENABLE_PERF_TESTS=ON -DTESSEL_ENABLE_MPI=ON -DTESSEL_ENABLE_FUZZ=OFF -DTESSEL_TEST_OPTIMIZATION=-O2
      ;;
    openmp)
      prefix=${TESSEL_KOKKOS_OPENMP_PREFIX:-$HOME/.cache/tessel/kokkos-3.4.01-openmp}
      scripts/install_kokkos_openmp.sh "$prefix"
      # -O1: a third of -O3's compile time; races show at any level.
      build_configuration openmp build-openmp \
        -DCMAKE_BUILD_TYPE=Release -DKokkos_DIR="$prefix/lib/cmake/Kokkos" -DTESSEL_ENABLE_MPI=ON \
        -DTESSEL_TEST_SPACES=OpenMP -DTESSEL_TEST_OPTIMIZATION=-O1
      # Kokkos' barriers spin: with more threads than cores (4 on 2, or two
      # programs of 2 threads at once) every barrier waits for a preempted
      # thread, and the suite took 9 minutes instead of 2 on 2 cores.
      threads=$((jobs < 2 ? 2 : (jobs > 4 ? 4 : jobs)))
      OMP_NUM_THREADS=$threads OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -E '^tessel_fuzz$'
      OMP_NUM_THREADS=4 OMP_PROC_BIND=false \
        ctest --test-dir build-openmp -j 1 --output-on-failure --timeout 900 -R '^tessel_fuzz$|^Team\.'
      ;;
    sanitize)
      # -Og -g1: measured on test_findall.cpp, 11 s to compile against 35 s
      # with -O1 -g (Debug), whose full debug info this build never reads;
      # line tables still give file:line in every report. (A build type of
      # its own, so that Debug's -g is not added.)
      # UndefinedBehaviorSanitizer without the null, object-size and vptr
      # checks: AddressSanitizer reports null and out-of-bounds accesses
      # itself and tessel has no polymorphic types, while this build is the
      # longest configuration (29 minutes on 2 cores with them; a test
      # program compiled 19 % faster without them and the alignment check,
      # which stays: it catches misaligned scratch).
      flags="-Og -g1 -fsanitize=address,undefined -fno-sanitize=null,object-size,vptr -fno-sanitize-recover=all"
      flags+=" -fno-omit-frame-pointer"
      UBSAN_OPTIONS=print_stacktrace=1 run_configuration sanitize build-asan -DCMAKE_BUILD_TYPE=Sanitize \
        -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
      ;;
    *)
      echo "unknown configuration '$configuration' (serial, openmp, sanitize)" >&2
      exit 2
      ;;
  esac
done
