#!/usr/bin/env bash
# Issue 24's rows: `tparse report` against tlparse where users are. Rows: (a) a real torch 2.11
# inductor trace of a small GPT training run (forward + backward, provenance on), (a') a smaller
# one, (b) (a) x8, (c) the 1.1 GB compile-dense log of scripts/bench.sh (mixed). Each is run
# best of REPEAT (default 3) with a fresh, empty layout cache ("cold": every graph laid out),
# then once more on the warm cache (a rerun), with `--drawings later` (the default: the command
# returns, a background process fills the drawings in; "drawn" is when the last one is in place)
# and `--drawings now` (drawn in worker processes before returning).
#   TPARSE_BENCH_GPT=/work/main/.dev/perf/traces ./scripts/bench_user.sh
# Env: TPARSE_BENCH_GPT: a directory with gpt2/trace and small/trace (made on the GPU machine by
#      scripts/gpt_train_trace.py; the traces stay out of the repo: docs/performance.md); rows say SKIP without it.
#      BIN (default build/apps/tparse/tparse), TLPARSE (default: tlparse on PATH),
#      WORK (default /tmp/tparse-bench-all, shared with bench.sh), MIXED (default $WORK/mixed_1g.log),
#      REPEAT (default 3), BIG=0 skips (c).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
TLP=${TLPARSE:-$(command -v tlparse || true)}
WORK=${WORK:-/tmp/tparse-bench-all}
REPEAT=${REPEAT:-3}
GPT=${TPARSE_BENCH_GPT:-}
mkdir -p "$WORK/user"
echo "bench_user: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); best of $REPEAT"
now() { date +%s.%N; }
best=""
# $1 = label; rest = command. Prints best wall of REPEAT runs; each run gets an empty cache.
run_best() {
  local label=$1; shift
  local b=999999 w c d
  for _ in $(seq "$REPEAT"); do
    rm -rf "$WORK/user/out" "$WORK/user/cache"
    s=$(now)
    TPARSE_CACHE_DIR=$WORK/user/cache /usr/bin/time -f "%e %U %S" -o "$WORK/user/t" "$@" > /dev/null 2>&1
    read -r w u y < "$WORK/user/t"
    # --drawings later: also wait for the background drawer (the job directory goes when done).
    while [ -d "$WORK/user/out/.tparse-drawings" ]; do sleep 0.02; done
    d=$(awk -v s="$s" -v e="$(now)" 'BEGIN{printf "%.2f", e-s}')
    if awk -v a="$w" -v b="$b" 'BEGIN{exit !(a<b)}'; then b=$w; drawn=$d; c=$(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u+y}'); fi
  done
  best=$b; best_cpu=$c
  printf "%-44s %6s s wall %6s s CPU   (all drawings in place: %s s)\n" "$label" "$b" "$c" "$drawn"
}
warm() {  # $1 = label; rest = command: the same, once, on the cache the last cold run left
  local label=$1 w u y; shift
  rm -rf "$WORK/user/out"
  TPARSE_CACHE_DIR=$WORK/user/cache /usr/bin/time -f "%e %U %S" -o "$WORK/user/t" "$@" > /dev/null 2>&1
  read -r w u y < "$WORK/user/t"
  printf "%-44s %6s s wall %6s s CPU\n" "$label" "$w" "$(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u+y}')"
}
fails=0
row() {  # $1 = name, $2 = trace
  local name=$1 t=$2 tl=""
  [ -e "$t" ] || { echo "SKIP  $name: $t not found"; return; }
  echo "== $name: $(du -sh "$t" | cut -f1)"
  R="$BIN report $t -o $WORK/user/out --no-browser -q"
  run_best "tparse report (cold cache, drawings later)" $R; later=$best; later_cpu=$best_cpu
  # the warm rerun needs the cache of a finished cold run (the loop above waited for it)
  warm "tparse report (warm cache, rerun)" $R
  run_best "tparse report (cold cache, --drawings now)" $R --drawings now; nowb=$best
  if [ -n "$TLP" ]; then
    tin=$t; [ -d "$t" ] && tin=$(ls "$t"/*.log | head -1)  # tlparse reads one log file
    run_best "tlparse" "$TLP" "$tin" -o "$WORK/user/out" --overwrite --no-browser; tl=$best; tl_cpu=$best_cpu
    r=$(awk -v a="$later" -v b="$tl" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    rn=$(awk -v a="$nowb" -v b="$tl" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    rc=$(awk -v a="$later_cpu" -v b="$tl_cpu" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    if awk -v r="$r" 'BEGIN{exit !(r>=10)}'; then echo "PASS  $name: ${r}x tlparse's wall (target >= 10x); CPU ${rc}x; --drawings now: ${rn}x"
    else echo "FAIL  $name: ${r}x tlparse's wall (target >= 10x); CPU ${rc}x; --drawings now: ${rn}x"; fails=$((fails + 1)); fi
  fi
}
if [ -n "$GPT" ] && [ -d "$GPT/gpt2/trace" ]; then
  row "(a) GPT-2 124M shapes, 4 steps + eval" "$GPT/gpt2/trace"
  row "(a') nanoGPT shakespeare-char, 4 steps + eval" "$GPT/small/trace"
  x8=$WORK/user/gpt2_x8.log
  [ -s "$x8" ] || for _ in 1 2 3 4 5 6 7 8; do cat "$GPT"/gpt2/trace/*.log; done > "$x8"
  row "(b) (a) x8" "$x8"
else
  echo "SKIP  (a), (a'), (b): TPARSE_BENCH_GPT not set or has no gpt2/trace"
fi
if [ "${BIG:-1}" = 1 ]; then
  MIXED=${MIXED:-$WORK/mixed_1g.log}
  [ -s "$MIXED" ] || GEN_ONLY=1 WORK=$WORK ./scripts/bench.sh > /dev/null
  row "(c) mixed 1.1 GB compile-dense" "$MIXED"
fi
rm -rf "$WORK/user/out" "$WORK/user/cache"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); $fails row(s) failed"
