#!/usr/bin/env bash
# Issue 24's rows: `tparse report` against tlparse where users are. Rows: (a) a real torch 2.11
# inductor trace of a small GPT training run (forward + backward, provenance on), (a') a smaller
# one, (b) (a) x8, (c) the 1.1 GB compile-dense log of scripts/bench.sh (mixed). Each is run
# REPEAT times (default 5; median and best printed, the ratio uses the medians) with a fresh,
# empty layout cache ("cold": every graph laid out), then once more on the warm cache (a rerun).
# `--drawings later` is the default: the command returns once the JSON files and the landing
# pages are written, a background process writes the other pages and fills the drawings in
# ("complete" is when the last one is in place); "pages now" (TPARSE_PAGES_NOW=1) writes every
# page before returning, drawings still later; `--drawings now` draws before returning.
#   TPARSE_BENCH_TRACE=/work/dev1/o/small/trace ./scripts/bench_user.sh   # one trace: row (a)
#   TPARSE_BENCH_GPT=/work/main/.dev/perf/traces ./scripts/bench_user.sh
# Env: TPARSE_BENCH_TRACE: one real GPT training trace (directory or log) for row (a).
#      TPARSE_BENCH_GPT: a directory with gpt2/trace and/or small/trace (made on the GPU machine by
#      scripts/gpt_train_trace.py; the traces quote third-party source and stay out of the repo:
#      docs/performance.md); rows say SKIP without them.
#      BIN (default build/apps/tparse/tparse), TLPARSE (default: tlparse on PATH),
#      WORK (default /tmp/tparse-bench-all, shared with bench.sh), MIXED (default $WORK/mixed_1g.log),
#      REPEAT (default 5), BIG=0 skips (c).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
TLP=${TLPARSE:-$(command -v tlparse || true)}
WORK=${WORK:-/tmp/tparse-bench-all}
REPEAT=${REPEAT:-5}
GPT=${TPARSE_BENCH_GPT:-}
mkdir -p "$WORK/user"
echo "bench_user: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); median and best of $REPEAT"
now() { date +%s.%N; }
best=""
median() { sort -g | awk '{v[NR]=$1} END {printf "%.3f", (NR%2? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
# $1 = label; rest = command. REPEAT runs, each with an empty output directory and layout cache;
# prints the median and best wall and CPU of the command, and the median time until the report
# is complete (the background writer's job directory gone: every page and drawing in place).
run_best() {
  local label=$1 walls="" cpus="" dones="" w u y s d
  shift
  for _ in $(seq "$REPEAT"); do
    rm -rf "$WORK/user/out" "$WORK/user/cache"
    s=$(now)
    TPARSE_CACHE_DIR=$WORK/user/cache /usr/bin/time -f "%e %U %S" -o "$WORK/user/t" "$@" > /dev/null 2>&1
    w=$(awk -v s="$s" -v e="$(now)" 'BEGIN{printf "%.3f", e-s}')  # ms resolution (time's %e has 10 ms)
    read -r _ u y < "$WORK/user/t"
    while [ -d "$WORK/user/out/.tparse-drawings" ]; do sleep 0.01; done
    d=$(awk -v s="$s" -v e="$(now)" 'BEGIN{printf "%.3f", e-s}')
    walls="$walls $w"; cpus="$cpus $(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u+y}')"; dones="$dones $d"
  done
  best=$(tr ' ' '\n' <<<"$walls" | grep . | median); best_cpu=$(tr ' ' '\n' <<<"$cpus" | grep . | median)
  local min; min=$(tr ' ' '\n' <<<"$walls" | grep . | sort -g | head -1)
  printf "%-46s median %6s s wall (best %6s) %5s s CPU   complete: %s s\n" "$label" "$best" "$min" "$best_cpu" \
    "$(tr ' ' '\n' <<<"$dones" | grep . | median)"
}
warm() {  # $1 = label; rest = command: the same, once, on the cache the last cold run left
  local label=$1 w u y s; shift
  rm -rf "$WORK/user/out"
  s=$(now)
  TPARSE_CACHE_DIR=$WORK/user/cache /usr/bin/time -f "%e %U %S" -o "$WORK/user/t" "$@" > /dev/null 2>&1
  w=$(awk -v s="$s" -v e="$(now)" 'BEGIN{printf "%.3f", e-s}')
  read -r _ u y < "$WORK/user/t"
  while [ -d "$WORK/user/out/.tparse-drawings" ]; do sleep 0.01; done
  printf "%-46s        %6s s wall               %5s s CPU   complete: %s s\n" "$label" "$w" \
    "$(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u+y}')" "$(awk -v s="$s" -v e="$(now)" 'BEGIN{printf "%.3f", e-s}')"
}
fails=0
row() {  # $1 = name, $2 = trace
  local name=$1 t=$2 tl=""
  [ -e "$t" ] || { echo "SKIP  $name: $t not found"; return; }
  echo "== $name: $(du -sh "$t" | cut -f1)"
  R="$BIN report $t -o $WORK/user/out --no-browser -q"
  run_best "tparse report (cold cache, default)" $R; later=$best; later_cpu=$best_cpu
  # the warm rerun needs the cache of a finished cold run (the loop above waited for it)
  warm "tparse report (warm cache, rerun)" $R
  run_best "tparse report (cold, pages now, drawings later)" env TPARSE_PAGES_NOW=1 $R; pagesb=$best
  run_best "tparse report (cold cache, --drawings now)" $R --drawings now; nowb=$best
  if [ -n "$TLP" ]; then
    tin=$t; [ -d "$t" ] && tin=$(ls "$t"/*.log | head -1)  # tlparse reads one log file
    run_best "tlparse" "$TLP" "$tin" -o "$WORK/user/out" --overwrite --no-browser; tl=$best; tl_cpu=$best_cpu
    r=$(awk -v a="$later" -v b="$tl" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    rn=$(awk -v a="$nowb" -v b="$tl" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    rp=$(awk -v a="$pagesb" -v b="$tl" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    rc=$(awk -v a="$later_cpu" -v b="$tl_cpu" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    msg="${r}x tlparse's median wall (target >= 10x); CPU ${rc}x; pages now: ${rp}x; --drawings now: ${rn}x"
    if awk -v r="$r" 'BEGIN{exit !(r>=10)}'; then echo "PASS  $name: $msg"
    else echo "FAIL  $name: $msg"; fails=$((fails + 1)); fi
  fi
}
if [ -n "${TPARSE_BENCH_TRACE:-}" ]; then
  row "(a) real GPT training trace (TPARSE_BENCH_TRACE)" "$TPARSE_BENCH_TRACE"
else
  echo "SKIP  (a) one real GPT training trace: TPARSE_BENCH_TRACE not set"
fi
if [ -n "$GPT" ] && [ -d "$GPT" ]; then
  row "(a) GPT-2 124M shapes, 4 steps + eval" "$GPT/gpt2/trace"
  row "(a') nanoGPT shakespeare-char, 4 steps + eval" "$GPT/small/trace"
  if [ -d "$GPT/gpt2/trace" ]; then
    x8=$WORK/user/gpt2_x8.log
    [ -s "$x8" ] || for _ in 1 2 3 4 5 6 7 8; do cat "$GPT"/gpt2/trace/*.log; done > "$x8"
    row "(b) (a) x8" "$x8"
  fi
else
  echo "SKIP  (a), (a'), (b): TPARSE_BENCH_GPT not set (a directory with gpt2/trace, small/trace)"
fi
if [ "${BIG:-1}" = 1 ]; then
  MIXED=${MIXED:-$WORK/mixed_1g.log}
  [ -s "$MIXED" ] || GEN_ONLY=1 WORK=$WORK ./scripts/bench.sh > /dev/null
  row "(c) mixed 1.1 GB compile-dense" "$MIXED"
fi
rm -rf "$WORK/user/out" "$WORK/user/cache"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); $fails row(s) failed"
