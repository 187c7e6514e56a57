#!/usr/bin/env bash
# Installs Kokkos 3.4.01 with a multi-threaded host backend (OpenMP or
# Threads) and Serial into a prefix, built from Debian's source package of
# Trilinos (packages/kokkos inside it), so that the tests can run teams of
# several threads; Debian's binary Kokkos is Serial only. An install of the
# same version and backend at the prefix is reused.
#
#   scripts/install_kokkos.sh openmp|threads [prefix]
#   (default prefix: ~/.cache/tessel/kokkos-3.4.01-<backend>; for openmp also
#    $TESSEL_KOKKOS_OPENMP_PREFIX, for threads $TESSEL_KOKKOS_THREADS_PREFIX)
set -euo pipefail
backend=${1:-}
case "$backend" in
  openmp) option=Kokkos_ENABLE_OPENMP name=OpenMP default=${TESSEL_KOKKOS_OPENMP_PREFIX:-} ;;
  threads) option=Kokkos_ENABLE_PTHREAD name=Threads default=${TESSEL_KOKKOS_THREADS_PREFIX:-} ;;
  *) echo "usage: scripts/install_kokkos.sh openmp|threads [prefix]" >&2; exit 2 ;;
esac
prefix=${2:-${default:-$HOME/.cache/tessel/kokkos-3.4.01-$backend}}
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

# apt-get source needs a deb-src line.
if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "install_kokkos: adding a deb-src entry for bookworm"
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
    "${as_root[@]}" tee /etc/apt/sources.list.d/tessel-deb-src.sources >/dev/null
  "${as_root[@]}" apt-get update -q
fi
trilinos_version=$(apt-cache showsrc trilinos | sed -n 's/^Version: //p' | head -n 1)
if [ -z "$trilinos_version" ]; then
  "${as_root[@]}" apt-get update -q
  trilinos_version=$(apt-cache showsrc trilinos | sed -n 's/^Version: //p' | head -n 1)
fi
stamp="$prefix/tessel-kokkos-$backend.stamp"
wanted="kokkos from trilinos $trilinos_version, $name+Serial, $(g++ -dumpfullversion)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && [ -f "$prefix/lib/cmake/Kokkos/KokkosConfig.cmake" ]; then
  echo "install_kokkos: reusing $prefix ($wanted)"
  exit 0
fi

# The Kokkos sources are kept beside the installs: a second backend needs no
# second download of Trilinos' source.
sources="$HOME/.cache/tessel/trilinos-$trilinos_version-kokkos"
if [ ! -d "$sources/packages/kokkos" ]; then
  download=$(mktemp -d)
  (
    cd "$download"
    echo "install_kokkos: fetching the source of trilinos $trilinos_version"
    apt-get source --download-only -q trilinos
    # Only packages/kokkos is needed: it builds on its own with CMake.
    tar xzf trilinos_*.orig.tar.gz --wildcards '*/packages/kokkos/*'
    mkdir -p "$(dirname "$sources")"
    rm -rf "$sources"
    mv "$(echo */packages/kokkos | sed 's|/packages/kokkos$||')" "$sources"
  )
  rm -rf "$download"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$sources/packages/kokkos" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
  "-D$option=ON" -DKokkos_ENABLE_SERIAL=ON -DCMAKE_INSTALL_PREFIX="$prefix" "${launcher[@]}" >/dev/null
cmake --build "$work/build" -j "$(nproc)"
cmake --install "$work/build" >/dev/null
echo "$wanted" >"$stamp"
echo "install_kokkos: $name installed into $prefix"
