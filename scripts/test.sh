#!/usr/bin/env bash
# Sets up, builds and runs every test: a normal build (with valgrind checks), the same tests under ASan+UBSan with
# leak detection (ASAN_CC / ASAN_CXX pick the compiler of that build), then each libFuzzer target for 20 seconds.
# Usage: ./scripts/test.sh            (what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
JOBS=${JOBS:-$(nproc)}
# CI builds are unity builds (8 sources per compile: a third of the compile time); developers' default
# builds stay per file for fast incremental rebuilds. Same sources, same tests.
UNITY=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8)

# run_ctest ARGS...: ctest, then how many tests were skipped (exit 77: no ../shared, no chromium)
# and which; with ../shared and the setup.sh packages present there are none.
run_ctest() {
  local log rc
  log=$(mktemp)
  set +e
  ctest "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
  echo "skipped tests: $(grep -c '(Skipped)$' "$log" || true)"
  grep '(Skipped)$' "$log" | sed 's/^[[:space:]]*/  /' || true
  rm -f "$log"
  local dir=${2:-}  # the --test-dir folder: configure lists there the tests it left out
  if [ -n "$dir" ] && [ -s "$dir/tests_not_registered.txt" ]; then
    echo "tests not registered by this configure: $(wc -l < "$dir/tests_not_registered.txt")"
    sed 's/^/  /' "$dir/tests_not_registered.txt"
  fi
  return "$rc"
}

echo "== build (release) =="
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${UNITY[@]}" >/dev/null
cmake --build build -j "$JOBS"
echo "== tests (release) =="
run_ctest --test-dir build --output-on-failure -j "$JOBS"

echo "== build (ASan+UBSan) =="
# The sanitizer tree is built by the system compiler (gcc) as the release tree. ASAN_CC=clang ASAN_CXX=clang++ build it
# with clang 14 instead, which compiles a unity file at -O0 with ASan + UBSan in half gcc's time (6 s against 13 s) but
# is not the default yet: its UBSan adds float-cast-overflow (it found int(1e30), now saturated), and on the
# interpreter's 1 GiB / 256 MiB thread stacks its ASan skips unpoisoning after a throw ("ignoring requested
# __asan_handle_no_return"), which then reports a stack-buffer-underflow in fmt
CC=${ASAN_CC:-cc} CXX=${ASAN_CXX:-c++} \
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTPARSE_SANITIZE=ON -DTPARSE_VIEWER=OFF "${UNITY[@]}" >/dev/null
cmake --build build-asan -j "$JOBS"
echo "== tests (ASan+UBSan) =="
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run_ctest --test-dir build-asan --output-on-failure -j "$JOBS" -E 'browser|viewer'
echo "== fuzz (every libFuzzer target, 20 s each; long runs: docs/fuzzing.md) =="
./scripts/fuzz.sh 20
echo "all tests passed"
