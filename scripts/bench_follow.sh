#!/usr/bin/env bash
# Benchmark of the viewer's live tail (--follow) on 1 GB traces (issue 15): the time until the
# first model is in the viewer's document (what the overview draws), then the delay from
# appending a small real trace (print_break: 4 compiles) until the model holds its records.
# Targets: first model < 2 s, append visible < 200 ms. Not a test: timings move with the load.
#   ./scripts/bench_follow.sh [N]    (N appends per trace, default 10)
# Env: BUILD (default build), WORK (default /tmp/tparse-bench-all, traces from scripts/bench.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10}
BUILD=${BUILD:-build}
WORK=${WORK:-/tmp/tparse-bench-all}
B=$BUILD/viewer/tparse-follow-bench
[ -x "$B" ] || ninja -C "$BUILD" -j2 tparse-follow-bench >/dev/null
[ -s "$WORK/mixed_1g.log" ] || GEN_ONLY=1 ./scripts/bench.sh >/dev/null
gzip -dc testdata/torch-2.11/print_break/trace/*.gz > "$WORK/append.log"
echo "tparse follow bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for t in mixed_1g glm_1g; do
  cp "$WORK/$t.log" "$WORK/follow_$t.log"
  cat "$WORK/follow_$t.log" > /dev/null   # warm page cache, as a trace just written is
  echo "== $t ($(du -m "$WORK/follow_$t.log" | cut -f1) MB)"
  /usr/bin/time -f "(whole run: %e s wall, %U+%S s CPU, %M KB peak RSS)" "$B" "$WORK/follow_$t.log" "$WORK/append.log" "$N"
  rm -f "$WORK/follow_$t.log"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
