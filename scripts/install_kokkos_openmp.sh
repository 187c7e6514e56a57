#!/usr/bin/env bash
# Installs Kokkos 3.4.01 with the OpenMP and Serial backends into a prefix,
# built from Debian's source package of Trilinos (packages/kokkos inside it),
# so that the tests can run teams of several threads. Debian's binary Kokkos
# is Serial only. An install of the same version at the prefix is reused.
#
#   scripts/install_kokkos_openmp.sh [prefix]
#   (default prefix: $TESSEL_KOKKOS_OPENMP_PREFIX or ~/.cache/tessel/kokkos-3.4.01-openmp)
set -euo pipefail
prefix=${1:-${TESSEL_KOKKOS_OPENMP_PREFIX:-$HOME/.cache/tessel/kokkos-3.4.01-openmp}}
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

# apt-get source needs a deb-src line.
if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "install_kokkos_openmp: adding a deb-src entry for bookworm"
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
    "${as_root[@]}" tee /etc/apt/sources.list.d/tessel-deb-src.sources >/dev/null
  "${as_root[@]}" apt-get update -q
fi
trilinos_version=$(apt-cache showsrc trilinos | sed -n 's/^Version: //p' | head -n 1)
if [ -z "$trilinos_version" ]; then
  "${as_root[@]}" apt-get update -q
  trilinos_version=$(apt-cache showsrc trilinos | sed -n 's/^Version: //p' | head -n 1)
fi
stamp="$prefix/tessel-kokkos-openmp.stamp"
wanted="kokkos from trilinos $trilinos_version, OpenMP+Serial, $(g++ -dumpfullversion)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && [ -f "$prefix/lib/cmake/Kokkos/KokkosConfig.cmake" ]; then
  echo "install_kokkos_openmp: reusing $prefix ($wanted)"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
echo "install_kokkos_openmp: fetching the source of trilinos $trilinos_version"
apt-get source --download-only -q trilinos
# Only packages/kokkos is needed: it builds on its own with CMake.
tar xzf trilinos_*.orig.tar.gz --wildcards '*/packages/kokkos/*'
source_dir=$(echo */packages/kokkos)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$source_dir" -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
  -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_SERIAL=ON -DCMAKE_INSTALL_PREFIX="$prefix" "${launcher[@]}" >/dev/null
cmake --build build -j "$(nproc)"
cmake --install build >/dev/null
echo "$wanted" >"$stamp"
echo "install_kokkos_openmp: installed into $prefix"
