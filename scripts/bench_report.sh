#!/usr/bin/env bash
# Report benchmark: seconds, MB/s and peak RSS of `tparse report` (ingest + every page) on >= 1 GB
# traces made by repeating the real torch 2.11 logs in testdata/. One table row per run.
#   ./scripts/bench_report.sh              # mixed 1 GB and ChatGLM 1 GB, -j2
#   SIZES="1 2" ./scripts/bench_report.sh  # more sizes
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
WORK=${WORK:-/tmp/tparse-bench-report}
SIZES=${SIZES:-"1"}
JOBS=${JOBS:-2}
[ -x "$BIN" ] || { cmake -S . -B build -G Ninja >/dev/null && cmake --build build --target tparse; }
mkdir -p "$WORK"

# mixed: every single-process torch 2.11 log once (compile-dense: each repetition is a new epoch of
#        ~50 compiles, so a 1 GB trace has ~2000 compile pages);
# glm:   the ChatGLM3 28-layer log (payload-heavy: big graphs and generated code, as in training logs).
unit_mixed="$WORK/unit.log"
if [ ! -s "$unit_mixed" ]; then
  for f in testdata/torch-2.11/*/trace/*.gz; do case "$f" in *rank_*) ;; *) gzip -dc "$f" ;; esac; done > "$unit_mixed"
fi
unit_glm="$WORK/glm.log"
[ -s "$unit_glm" ] || gzip -dc testdata/torch-2.11/chatglm_version_forward/trace/*.gz > "$unit_glm"

make_trace() {  # $1 = unit, $2 = GB, $3 = output file
  local unit_bytes target n
  unit_bytes=$(stat -c %s "$1")
  target=$(( $2 * 1024 * 1024 * 1024 ))
  if [ ! -s "$3" ] || [ "$(stat -c %s "$3")" -lt "$target" ]; then
    n=$(( (target + unit_bytes - 1) / unit_bytes ))
    for _ in $(seq "$n"); do cat "$1"; done > "$3"
  fi
}

run() {  # $1 = label, $2 = trace file
  local bytes out secs rss files outmb
  bytes=$(stat -c %s "$2")
  rm -rf "$WORK/out"
  sync
  out=$( { /usr/bin/time -f "%e %U %S %M" "$BIN" report "$2" -o "$WORK/out" --overwrite --no-browser -q -j "$JOBS"; } 2>&1 | tail -1)
  read -r secs user sys rss <<<"$out"
  files=$(find "$WORK/out" -type f | wc -l)
  outmb=$(du -sm "$WORK/out" | cut -f1)
  idx=$(stat -c %s "$WORK/out/index.html")
  # MB/s by wall clock, and CPU seconds (user+sys): robust to other load on a shared machine.
  awk -v l="$1" -v b="$bytes" -v s="$secs" -v u="$user" -v y="$sys" -v r="$rss" -v f="$files" -v o="$outmb" -v i="$idx" \
    'BEGIN { c=u+y; printf "%-22s %7.0f MB %7.2f s %7.0f MB/s %7.2f s %7.0f MB %8d %7d MB %7.2f MB\n", l, b/1e6, s, (s>0? b/1e6/s : 0), c, r/1024, f, o, i/1e6 }'
}

printf "%-22s %10s %9s %12s %9s %10s %8s %10s %10s\n" run size wall MB/s cpu "peak RSS" files output index.html
echo "($(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg))"
for gb in $SIZES; do
  make_trace "$unit_mixed" "$gb" "$WORK/mixed_${gb}g.log"
  run "mixed ${gb} GB -j$JOBS" "$WORK/mixed_${gb}g.log"
  make_trace "$unit_glm" "$gb" "$WORK/glm_${gb}g.log"
  run "glm ${gb} GB -j$JOBS" "$WORK/glm_${gb}g.log"
done
