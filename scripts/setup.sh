#!/usr/bin/env bash
# Installs every build and test dependency of tparse from Debian packages. Idempotent; runs as root.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
PKGS=(
  build-essential cmake ninja-build pkg-config
  libsimdjson-dev libfmt-dev libcli11-dev doctest-dev zlib1g-dev libmd-dev libssl-dev liblzma-dev
  libgraphviz-dev graphviz
  libimgui-dev libglfw3-dev libgl-dev xvfb xauth libgl1-mesa-dri
  clang libclang-rt-14-dev
  libxml2-utils chromium python3 python3-jsonschema valgrind
  zsh fish groff-base man-db
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "setup: all dependencies present"
