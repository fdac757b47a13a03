#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + fuzzer coverage on the libraries too) in
# build-fuzz/ and runs each for SECONDS (default 60) on seed corpora made from the real traces and
# programs in testdata/ (fuzz/make_seeds.py), FUZZ_PARALLEL targets at a time. Leak detection is on.
# Any crash, leak, timeout or OOM leaves an artifact in build-fuzz/artifacts/ and makes the script fail.
# Prints executions per target.
#
# Usage: ./scripts/fuzz.sh [SECONDS] [TARGET...]
#   ./scripts/fuzz.sh 20                 # CI: 20 s per target
#   ./scripts/fuzz.sh 0 fuzz_text        # 0 = no time bound; set FUZZ_RUNS=10000000 for a run count
# Environment: FUZZ_RUNS (libFuzzer -runs, default unbounded), FUZZ_JOBS (build jobs, default nproc),
#   FUZZ_CORPUS (keep the grown corpus in build-fuzz/corpus/<target>; default 1), FUZZ_BUILD (dir),
#   FUZZ_PARALLEL (targets run at once; default nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-60}
shift || true
ALL=(fuzz_ingest fuzz_recompile fuzz_graph_text fuzz_text fuzz_compiler fuzz_stdin fuzz_gate_baseline fuzz_provenance fuzz_prehash)
[ $# -gt 0 ] && TARGETS=("$@") || TARGETS=("${ALL[@]}")
B=${FUZZ_BUILD:-build-fuzz}
RUNS=${FUZZ_RUNS:--1}

# --- build (only the fuzz targets and the libraries they need) ---
CC=clang CXX=clang++ cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTPARSE_FUZZ=ON -DTPARSE_SANITIZE=ON -DTPARSE_VIEWER=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
  -DTPARSE_SKIP_DIRS="src/report;src/analysis;apps/tparse" >/dev/null
cmake --build "$B" -j "${FUZZ_JOBS:-$(nproc)}" --target "${TARGETS[@]}"

# --- seeds (rebuilt when the generator changes) ---
seeds=$B/seeds
stamp=$(md5sum fuzz/make_seeds.py | cut -c1-32)
if [ ! -f "$seeds/.stamp" ] || [ "$(cat "$seeds/.stamp")" != "$stamp" ]; then
  rm -rf "$seeds"
  python3 fuzz/make_seeds.py testdata "$seeds"
  echo "$stamp" > "$seeds/.stamp"
fi

art=$B/artifacts
mkdir -p "$art"
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:${ASAN_OPTIONS:-}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}
# fuzz_one TARGET: one libFuzzer run; its one-line verdict (and the first errors) go to $B/fuzz-SHORT.result.
fuzz_one() {
  local t=$1 short=${1#fuzz_} maxlen log start rc secs execs rate
  # max_len: big enough for whole records/graphs, small enough to keep executions fast
  case $short in
    ingest) maxlen=65536 ;;
    graph_text) maxlen=32768 ;;
    *) maxlen=16384 ;;
  esac
  local dict=() corpus=()
  [ -f "fuzz/$short.dict" ] && dict=(-dict="fuzz/$short.dict")
  if [ "${FUZZ_CORPUS:-1}" = 1 ]; then mkdir -p "$B/corpus/$short"; corpus=("$B/corpus/$short"); fi
  log=$B/fuzz-$short.log
  rm -f "$art/$short-"*
  start=$(date +%s)
  set +e
  "$B/fuzz/$t" "${corpus[@]}" "$seeds/$short" "${dict[@]}" -max_total_time="$SECS" -runs="$RUNS" \
    -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$art/$short-" >"$log" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(( secs > 0 ? ${execs:-0} / secs : 0 ))
  if [ $rc -ne 0 ] || ls "$art/$short-"* >/dev/null 2>&1; then
    { echo "fuzz: $t FAILED (rc $rc, $execs execs in ${secs}s); see $log and $art/"
      grep -m5 -E 'ERROR|SUMMARY|runtime error' "$log" || tail -20 "$log"; } > "$B/fuzz-$short.result"
  else
    echo "fuzz: $t ok: $execs execs in ${secs}s ($rate/s)" > "$B/fuzz-$short.result"
  fi
}
# Targets run FUZZ_PARALLEL at a time (default: one per core; each libFuzzer run is one process on one
# core, so every target still gets SECS seconds of a core); verdicts print in target order.
par=${FUZZ_PARALLEL:-$(nproc)}
for t in "${TARGETS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$par" ]; do wait -n || true; done
  rm -f "$B/fuzz-${t#fuzz_}.result"
  fuzz_one "$t" &
done
wait
fail=0
for t in "${TARGETS[@]}"; do
  r=$B/fuzz-${t#fuzz_}.result
  if [ -f "$r" ]; then cat "$r"; else echo "fuzz: $t FAILED (no verdict)"; fail=1; fi
  grep -q "^fuzz: $t ok:" "$r" 2>/dev/null || fail=1
done
[ $fail = 0 ] && echo "fuzz: no crash, leak or timeout" || { echo "fuzz: FAILED"; exit 1; }
