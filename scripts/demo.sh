#!/usr/bin/env bash
# Sets up, builds, and runs tparse on a bundled real trace (testdata/torch-2.11/print_break):
# prints the summary and writes the HTML report to ./report-demo.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target tparse
TRACE=testdata/torch-2.11/print_break/trace
./build/apps/tparse/tparse summary "$TRACE"
if ./build/apps/tparse/tparse --help | grep -q "report"; then
  ./build/apps/tparse/tparse "$TRACE" -o report-demo --overwrite --no-browser
  echo "report written to report-demo/index.html"
fi
