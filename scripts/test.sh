#!/usr/bin/env bash
# Sets up, builds and runs every test: a normal build (with valgrind checks), the same tests under
# ASan+UBSan with leak detection, then each libFuzzer target for 20 seconds.
# Usage: ./scripts/test.sh            (what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
JOBS=${JOBS:-$(nproc)}

echo "== build (release) =="
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$JOBS"
echo "== tests (release) =="
ctest --test-dir build --output-on-failure -j "$JOBS"

echo "== build (ASan+UBSan) =="
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTPARSE_SANITIZE=ON -DTPARSE_VIEWER=OFF >/dev/null
cmake --build build-asan -j "$JOBS"
echo "== tests (ASan+UBSan) =="
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$JOBS" -E 'browser|viewer'
echo "== fuzz (every libFuzzer target, 20 s each; long runs: docs/fuzzing.md) =="
./scripts/fuzz.sh 20
echo "all tests passed"
