#!/usr/bin/env bash
# Builds dist/tparse-<version>-cp311-cp311-linux_x86_64.whl offline: CMake builds the CLI, the
# viewer and the pybind11 module (python/) over the same libraries; setuptools + wheel from Debian
# (python3-setuptools, python3-wheel, via pip --no-index --no-build-isolation) pack them.
#   ./scripts/wheel.sh                 # build dir: build (configured when missing)
#   BUILD=build-rel ./scripts/wheel.sh # another build dir;  PYTHON=/usr/bin/python3 (default)
#   NO_BUILD=1 ./scripts/wheel.sh      # only pack what BUILD holds (the CI test after the build)
# The wheel links Debian 12's runtime libraries (libsimdjson14, libfmt9, libgvc6, libglfw3, ...;
# the .deb's Depends), hence linux_x86_64 and not a manylinux tag. Prints the wheel's path.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
DIST=${DIST:-$ROOT/dist}
case "$BUILD" in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
if [ "${NO_BUILD:-0}" != 1 ]; then
  if [ ! -f "$BUILD/build.ninja" ]; then
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
    cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
  fi
  targets=(tparse _tparse)
  grep -q '^build viewer/tparse-view:' "$BUILD/build.ninja" && targets+=(tparse-view)
  cmake --build "$BUILD" --target "${targets[@]}" -j "${JOBS:-2}" >&2
fi
so=$(ls "$BUILD"/python/_tparse*.so 2>/dev/null | head -1 || true)
[ -n "$so" ] || { echo "wheel.sh: $BUILD/python/_tparse*.so missing (pybind11-dev, python3-dev: scripts/setup.sh)" >&2; exit 2; }
[ -x "$BUILD/apps/tparse/tparse" ] || { echo "wheel.sh: $BUILD/apps/tparse/tparse missing" >&2; exit 2; }
version=$(sed -n 's/^project(tparse VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
stage=$(mktemp -d "${TMPDIR:-/tmp}/tparse-wheel.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/tparse/bin"
cp python/setup.py "$stage/"
cp python/tparse/*.py "$stage/tparse/"
# Debug info stays in the build tree: the wheel gets stripped copies (the .deb does the same).
strip --strip-unneeded -o "$stage/tparse/$(basename "$so")" "$so"
strip --strip-unneeded -o "$stage/tparse/bin/tparse" "$BUILD/apps/tparse/tparse"
[ -x "$BUILD/viewer/tparse-view" ] && strip --strip-unneeded -o "$stage/tparse/bin/tparse-view" "$BUILD/viewer/tparse-view"
chmod 755 "$stage"/tparse/bin/*
mkdir -p "$DIST"
(cd "$stage" && TPARSE_VERSION=$version "$PYTHON" -m pip wheel --no-index --no-build-isolation --no-deps \
   --disable-pip-version-check -q -w "$stage/out" . >&2)
whl=$(ls "$stage"/out/tparse-*.whl)
cp "$whl" "$DIST/"
echo "$DIST/$(basename "$whl")"
