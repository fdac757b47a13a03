#!/usr/bin/env bash
# Ingest benchmark: MB/s and peak RSS of `tparse summary` on large traces made by repeating the
# real torch 2.11 logs in testdata/. Prints one table row per run.
#   ./scripts/bench_ingest.sh            # 1 GB and 4 GB single file (md5 on), 1 GB as 4 files with -j1/-j2
#   SIZES="1" ./scripts/bench_ingest.sh  # only the 1 GB run
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
WORK=${WORK:-/tmp/tparse-bench}
SIZES=${SIZES:-"1 4"}
[ -x "$BIN" ] || { cmake -S . -B build -G Ninja >/dev/null && cmake --build build --target tparse; }
mkdir -p "$WORK"

# Units repeated to make big traces:
#  mixed: every real torch 2.11 log once (about 30 MB, ~55 compiles: compile-dense, the model grows
#         with the log since every repetition is a new epoch of compiles);
#  glm:   the ChatGLM3 28-layer log (6 MB, 1 compile with big graphs and code: payload-heavy, like
#         production training logs) — peak RSS must stay flat as it grows.
unit_mixed="$WORK/unit.log"
if [ ! -s "$unit_mixed" ]; then
  for f in testdata/torch-2.11/*/trace/*.gz; do gzip -dc "$f"; done > "$unit_mixed"
fi
unit_glm="$WORK/glm.log"
[ -s "$unit_glm" ] || gzip -dc testdata/torch-2.11/chatglm_version_forward/trace/*.gz > "$unit_glm"
unit=$unit_mixed

make_trace() {  # $1 = GB, $2 = output file; repeats $unit
  local unit_bytes
  unit_bytes=$(stat -c %s "$unit")
  local target=$(( $1 * 1024 * 1024 * 1024 ))
  if [ ! -s "$2" ] || [ "$(stat -c %s "$2")" -lt "$target" ]; then
    : > "$2"
    local n=$(( (target + unit_bytes - 1) / unit_bytes ))
    for _ in $(seq "$n"); do cat "$unit"; done >> "$2"
  fi
}

run() {  # $1 = label, rest = tparse args
  local label=$1; shift
  local bytes=0
  for p in "$@"; do [ -e "$p" ] && bytes=$(( bytes + $(du -cb "$p" | tail -1 | cut -f1) )); done
  sync
  local out
  out=$( { /usr/bin/time -f "%e %U %S %M" "$BIN" summary --json -q -o /dev/null "$@" ${EXTRA:-} ; } 2>&1 | tail -1)
  read -r secs user sys rss <<<"$out"
  # MB/s by wall clock, and by CPU time (user+sys): the latter is robust to other load on the machine.
  awk -v l="$label" -v b="$bytes" -v s="$secs" -v u="$user" -v y="$sys" -v r="$rss" \
    'BEGIN { c=u+y; printf "%-28s %8.0f MB %8.2f s %8.0f MB/s %8.2f s %8.0f MB/s/cpu %8.0f MB\n", l, b/1e6, s, (s>0? b/1e6/s : 0), c, (c>0? b/1e6/c : 0), r/1024 }'
}

printf "%-28s %11s %10s %13s %10s %17s %11s\n" run size wall wall-MB/s cpu cpu-MB/s "peak RSS"
for gb in $SIZES; do
  unit=$unit_mixed make_trace "$gb" "$WORK/trace_${gb}g.log"
  EXTRA="-j 1" run "mixed ${gb} GB, md5, -j1" "$WORK/trace_${gb}g.log"
  EXTRA="-j 1 --no-md5" run "mixed ${gb} GB, no md5, -j1" "$WORK/trace_${gb}g.log"
  unit=$unit_glm make_trace "$gb" "$WORK/glm_${gb}g.log"
  EXTRA="-j 1" run "glm ${gb} GB, md5, -j1" "$WORK/glm_${gb}g.log"
done
# Threads over several files (the multi-rank case).
mkdir -p "$WORK/multi"
if [ ! -s "$WORK/multi/dedicated_log_torch_trace_rank_3_x.log" ]; then
  unit=$unit_mixed make_trace 1 "$WORK/trace_1g.log"
  for r in 0 1 2 3; do head -c $(( 256 * 1024 * 1024 )) "$WORK/trace_1g.log" > "$WORK/multi/dedicated_log_torch_trace_rank_${r}_x.log"; done
fi
EXTRA="-j 1" run "1 GB, 4 files, md5, -j1" "$WORK/multi"
EXTRA="-j 2" run "1 GB, 4 files, md5, -j2" "$WORK/multi"
