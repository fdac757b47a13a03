#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan+UBSan+fuzzer) and runs each for SECONDS (default 60)
# on a seed corpus made from the real traces in testdata/. Crashes are saved under build-fuzz/crashes
# and make the script fail.  Usage: ./scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-60}
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTPARSE_FUZZ=ON \
  -DTPARSE_SANITIZE=ON -DTPARSE_VIEWER=OFF -DTPARSE_SKIP_DIRS="src/report;src/analysis;src/compiler" >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_ingest fuzz_text
seeds=build-fuzz/seeds
if [ ! -d "$seeds" ]; then
  mkdir -p "$seeds/ingest" "$seeds/text"
  i=0
  for f in testdata/torch-2.11/*/trace/*.gz testdata/tlparse-inputs/*.gz; do
    # Seeds: the first 64 KiB of each log (whole records plus a cut one at the end).
    gzip -dc "$f" | head -c 65536 > "$seeds/ingest/seed$i"; i=$((i+1))
  done
  for f in testdata/torch-2.11/*/trace/*.gz; do
    gzip -dc "$f" | awk '/dynamo_graph_break_reason|recompile_reasons/{p=1;next} p&&/^\t/{sub(/^\t/,"");print;next} {p=0}' \
      | head -c 16384 > "$seeds/text/seed$i"; i=$((i+1))
  done
fi
mkdir -p build-fuzz/crashes
export ASAN_OPTIONS=detect_leaks=1
./build-fuzz/fuzz/fuzz_ingest -max_total_time="$SECS" -max_len=262144 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=build-fuzz/crashes/ingest- "$seeds/ingest" 2>&1 | tail -3
./build-fuzz/fuzz/fuzz_text -max_total_time="$SECS" -max_len=65536 -timeout=10 \
  -artifact_prefix=build-fuzz/crashes/text- "$seeds/text" 2>&1 | tail -3
if ls build-fuzz/crashes/* >/dev/null 2>&1; then echo "fuzz: crashes found in build-fuzz/crashes"; exit 1; fi
echo "fuzz: no crash"
