#!/usr/bin/env bash
# Installs the Debian 12 packages tessel builds, tests and benchmarks with.
set -euo pipefail
packages=(
  cmake g++ make ccache dpkg-dev
  libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev
  libgtest-dev libbenchmark-dev libopenmpi-dev openmpi-bin
  libhwy-dev libips4o-dev pdqsort-dev libtbb-dev python3 python3-matplotlib
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install_packages: all ${#packages[@]} packages present"
  exit 0
fi
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
echo "install_packages: installing ${missing[*]}"
"${as_root[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
