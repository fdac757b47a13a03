#!/usr/bin/env bash
# One benchmark table for tparse: ingest (`summary`, md5 on, -j1/-j2), `report`, `gate` and the
# viewer's load, on multi-GB traces made by repeating the real torch 2.11 logs in testdata/.
# Checks the performance targets (docs/performance.md) and prints PASS/FAIL per target.
#   ./scripts/bench.sh        # 1 GB traces
#   ./scripts/bench.sh 2      # 2 GB traces
# Env: BUILD (default build-perf; built with ninja when a binary is missing), BIN / VIEW (the
#      tparse and tparse-view binaries, default under BUILD), WORK (trace cache,
#      default /tmp/tparse-bench-all: outside the repo, traces are made once and reused),
#      VIEWER=0 to skip the viewer row, GEN_ONLY=1 to only make the traces, USER_ROWS=0 to skip
#      issue 24's rows (scripts/bench_user.sh; TPARSE_BENCH_TRACE names one real GPT training trace,
#      TPARSE_BENCH_GPT a directory of them).
# Every row is measured with /usr/bin/time: wall seconds, CPU seconds (user+sys) and peak RSS.
# MB/s per CPU (input MB / CPU seconds) is the number to compare on a loaded machine: wall time
# moves with whatever else runs, CPU time much less.
set -euo pipefail
cd "$(dirname "$0")/.."
GB=${1:-1}
BUILD=${BUILD:-build-perf}
WORK=${WORK:-/tmp/tparse-bench-all}
BIN=${BIN:-$BUILD/apps/tparse/tparse}
VIEW=${VIEW:-$BUILD/viewer/tparse-view}
if [ "${GEN_ONLY:-0}" != 1 ] && [ ! -x "$BIN" ]; then
  [ -f "$BUILD/build.ninja" ] || cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  ninja -C "$BUILD" -j2 tparse >/dev/null
fi
if [ "${GEN_ONLY:-0}" != 1 ] && [ "${VIEWER:-1}" = 1 ] && [ ! -x "$VIEW" ]; then ninja -C "$BUILD" -j2 tparse-view >/dev/null || true; fi
mkdir -p "$WORK"

# Units repeated to make big traces:
#  mixed: every single-process torch 2.11 log once (~30 MB, ~50 compiles; compile-dense: every
#         repetition is a new epoch of compiles, so the model grows with the log);
#  glm:   the ChatGLM3 28-layer forward log (6 MB, one compile with big graphs and generated code:
#         payload-heavy like production training logs). Peak RSS of summary/gate must stay flat
#         as it grows (checked on 1/4 and 4/4 of the size).
unit_mixed=$WORK/unit_mixed.log
if [ ! -s "$unit_mixed" ]; then
  for f in testdata/torch-2.11/*/trace/*.gz; do case "$f" in *rank_*) ;; *) gzip -dc "$f" ;; esac; done > "$unit_mixed.tmp"
  mv "$unit_mixed.tmp" "$unit_mixed"
fi
unit_glm=$WORK/unit_glm.log
if [ ! -s "$unit_glm" ]; then
  gzip -dc testdata/torch-2.11/chatglm_version_forward/trace/*.gz > "$unit_glm.tmp"
  mv "$unit_glm.tmp" "$unit_glm"
fi

make_trace() {  # $1 = unit, $2 = MiB, $3 = output file: whole units, at least $2 MiB
  local unit_bytes target n
  unit_bytes=$(stat -c %s "$1")
  target=$(( $2 * 1024 * 1024 ))
  n=$(( (target + unit_bytes - 1) / unit_bytes ))
  if [ ! -s "$3" ] || [ "$(stat -c %s "$3")" -ne $(( n * unit_bytes )) ]; then
    for _ in $(seq "$n"); do cat "$1"; done > "$3.tmp"
    mv "$3.tmp" "$3"
  fi
}

mib=$(( GB * 1024 ))
mixed=$WORK/mixed_${GB}g.log
glm=$WORK/glm_${GB}g.log
glm_q=$WORK/glm_${GB}g_quarter.log
multi=$WORK/multi_${GB}g
make_trace "$unit_mixed" "$mib" "$mixed"
make_trace "$unit_glm" "$mib" "$glm"
make_trace "$unit_glm" $(( mib / 4 )) "$glm_q"
mkdir -p "$multi"
for r in 0 1 2 3; do make_trace "$unit_mixed" $(( mib / 4 )) "$multi/dedicated_log_torch_trace_rank_${r}_bench.log"; done
# 512 ranks: the 4-rank DDP logs repeated as ranks 0..511 (the rank in each envelope rewritten).
ranks512=$WORK/ranks512
if [ ! -f "$ranks512/.done" ]; then
  rm -rf "$ranks512"; mkdir -p "$ranks512"
  ddp=(testdata/torch-2.11/ddp_gloo_4ranks/trace/*rank_*)
  for r in $(seq 0 511); do
    src=${ddp[$((r % 4))]}
    { case "$src" in *.gz) gzip -dc "$src" ;; *) cat "$src" ;; esac; } | sed "s/\"rank\": [0-9]*/\"rank\": $r/" \
      > "$ranks512/dedicated_log_torch_trace_rank_${r}_bench.log"
  done
  touch "$ranks512/.done"
fi

bytes_of() { du -cb "$@" | tail -1 | cut -f1; }
[ "${GEN_ONLY:-0}" = 1 ] && { ls -l "$mixed" "$glm" "$glm_q" "$multi"; du -sh "$ranks512"; exit 0; }
# tlparse (the Rust peer) side by side when it is on PATH (or TLPARSE=/path/to/tlparse).
TLP=${TLPARSE:-$(command -v tlparse || true)}

# Results: one line per row in $WORK/results.txt: label bytes wall cpu rss_kb
RES=$WORK/results.txt
: > "$RES"
measure() {  # $1 = label, $2 = input bytes, rest = command. Non-zero exits are fine (gate exits 1).
  local label=$1 bytes=$2 tf out
  shift 2
  tf=$(mktemp)
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$tf" "$@" > "$WORK/last.out" 2> "$WORK/last.err" || true
  out=$(tail -1 "$tf")
  rm -f "$tf"
  read -r secs user sys rss <<<"$out"
  echo "$label|$bytes|$secs|$(awk -v u="$user" -v s="$sys" 'BEGIN{printf "%.2f", u+s}')|$rss" >> "$RES"
}

echo "tparse bench: ${GB} GB traces in $WORK; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
b_mixed=$(bytes_of "$mixed"); b_glm=$(bytes_of "$glm"); b_glm_q=$(bytes_of "$glm_q"); b_multi=$(bytes_of "$multi")
b_unit_glm=$(bytes_of "$unit_glm")
b_r512=$(bytes_of "$ranks512")
S="summary --json -q -o /dev/null"
# `report` returns before its background writer has finished the other pages and drawings
# (--drawings later): wait for it before the directory is removed or the next row is timed.
drawn() { while [ -d "$1/.tparse-drawings" ]; do sleep 0.05; done; }
measure "md5sum mixed (reference)" "$b_mixed" md5sum "$mixed"
measure "summary mixed md5 -j1" "$b_mixed" "$BIN" $S -j 1 "$mixed"
measure "summary mixed md5 -j2" "$b_mixed" "$BIN" $S -j 2 "$mixed"
# A log without repeats: every payload hashed (repeated payloads are otherwise compared, not hashed).
measure "summary mixed all-hash -j1" "$b_mixed" env TPARSE_HASH_REPEATS=1 "$BIN" $S -j 1 "$mixed"
measure "summary mixed all-hash -j2" "$b_mixed" env TPARSE_HASH_REPEATS=1 "$BIN" $S -j 2 "$mixed"
measure "summary mixed no-md5 -j1" "$b_mixed" "$BIN" $S -j 1 --no-md5 "$mixed"
measure "summary glm md5 -j1" "$b_glm" "$BIN" $S -j 1 "$glm"
measure "summary glm/4 md5 -j1" "$b_glm_q" "$BIN" $S -j 1 "$glm_q"
measure "summary 4 files md5 -j1" "$b_multi" "$BIN" $S -j 1 "$multi"
measure "summary 4 files md5 -j2" "$b_multi" "$BIN" $S -j 2 "$multi"
rm -rf "$WORK/report"
measure "report mixed -j2" "$b_mixed" "$BIN" report "$mixed" -o "$WORK/report" --overwrite --no-browser -q -j 2
drawn "$WORK/report"; report_files=$(find "$WORK/report" -type f | wc -l); report_mb=$(du -sm "$WORK/report" | cut -f1)
rm -rf "$WORK/report"
measure "report glm -j2" "$b_glm" "$BIN" report "$glm" -o "$WORK/report" --overwrite --no-browser -q -j 2
drawn "$WORK/report"; rm -rf "$WORK/report"
measure "report 512 ranks -j2" "$b_r512" "$BIN" report "$ranks512" -o "$WORK/report" --overwrite --no-browser -q -j 2
drawn "$WORK/report"; rm -rf "$WORK/report"
if [ -n "$TLP" ]; then
  measure "tlparse mixed" "$b_mixed" "$TLP" "$mixed" -o "$WORK/tl" --overwrite --no-browser
  rm -rf "$WORK/tl"
  measure "tlparse glm" "$b_glm" "$TLP" "$glm" -o "$WORK/tl" --overwrite --no-browser
  rm -rf "$WORK/tl"
  measure "tlparse 512 ranks" "$b_r512" "$TLP" "$ranks512" --all-ranks-html -o "$WORK/tl" --overwrite --no-browser
  rm -rf "$WORK/tl"
fi
# gate: this run's trace against a baseline trace (the glm unit: one compile); input = both.
measure "gate glm vs baseline" $(( b_glm + b_unit_glm )) "$BIN" gate "$glm" --baseline-trace "$unit_glm" -q -o /dev/null
measure "gate glm/4 vs baseline" $(( b_glm_q + b_unit_glm )) "$BIN" gate "$glm_q" --baseline-trace "$unit_glm" -q -o /dev/null
measure "gate mixed vs baseline" $(( b_mixed + $(bytes_of "$unit_mixed") )) "$BIN" gate "$mixed" --baseline-trace "$unit_mixed" -q -o /dev/null
viewer_ms=""; viewer_first=""; viewer_first_share=""; follow_max=""; follow_med=""; viewer_graph_cold=""; viewer_graph_warm=""
if [ "${VIEWER:-1}" = 1 ] && [ -x "$VIEW" ] && command -v xvfb-run >/dev/null; then
  measure "viewer load mixed" "$b_mixed" xvfb-run -a "$VIEW" "$mixed" --exit-after-load
  viewer_ms=$(sed -n 's/^overview shown \([0-9]*\) ms after open$/\1/p' "$WORK/last.out" | head -1)
  viewer_first=$(sed -n 's/^first overview shown \([0-9]*\) ms after open.*/\1/p' "$WORK/last.out" | head -1)
  viewer_first_share=$(sed -n 's/^first overview shown .*(\([0-9]*\)% of the trace read)$/\1/p' "$WORK/last.out" | head -1)
  # Opening a graph in the viewer of the 1 GB log: the Graph tab open, the UI event selecting the
  # compile (its first [0/0]: the ChatGLM3 module-truth graph) to the drawing on screen, by the
  # viewer's clock; cold (empty layout cache) then warm (the same graph laid out by an earlier run).
  vcache=$WORK/viewer-layout-cache
  rm -rf "$vcache"
  for pass in cold warm; do
    measure "viewer graph open $pass" "$b_mixed" env TPARSE_CACHE_DIR="$vcache" xvfb-run -a -s "-screen 0 1600x1000x24" \
      "$VIEW" "$mixed" --screenshot "$WORK/viewer-graph" --graph-only --select "[0/0]"
    v=$(sed -n 's/^graph panel: \([0-9]*\) nodes, .*drawn \([0-9]*\) ms after selecting.*/\2 ms (\1 nodes)/p' "$WORK/last.out" | head -1)
    [ "$pass" = cold ] && viewer_graph_cold=$v || viewer_graph_warm=$v
  done
  rm -rf "$vcache" "$WORK"/viewer-graph*.png
fi
# The live tail: a small real trace appended to the 1 GB one, 5 times; delay until it is in the model.
FB=$(dirname "$VIEW")/tparse-follow-bench
if [ "${VIEWER:-1}" = 1 ] && [ -x "$FB" ]; then
  gzip -dc testdata/torch-2.11/print_break/trace/*.gz > "$WORK/append.log"
  cp "$mixed" "$WORK/follow_mixed.log"
  measure "viewer follow mixed" "$b_mixed" "$FB" "$WORK/follow_mixed.log" "$WORK/append.log" 5
  rm -f "$WORK/follow_mixed.log"
  follow_med=$(sed -n 's/^append delay: median \([0-9.]*\) ms, max \([0-9.]*\) ms.*/\1/p' "$WORK/last.out")
  follow_max=$(sed -n 's/^append delay: median \([0-9.]*\) ms, max \([0-9.]*\) ms.*/\2/p' "$WORK/last.out")
fi

printf "\n%-26s %9s %8s %8s %10s %10s %9s\n" benchmark "input MB" "wall s" "CPU s" "MB/s wall" "MB/s/CPU" "peak MB"
awk -F'|' '{ mb=$2/1e6; printf "%-26s %9.0f %8.2f %8.2f %10.0f %10.0f %9.0f\n", $1, mb, $3, $4, ($3>0? mb/$3:0), ($4>0? mb/$4:0), $5/1024 }' "$RES"
[ -n "$viewer_ms" ] && echo "(viewer: first overview ${viewer_first} ms after open (${viewer_first_share}% read), whole trace's overview ${viewer_ms} ms, by its own clock; the row's wall includes Xvfb start and exit)"
[ -n "$viewer_graph_warm" ] && echo "(viewer graph open in the 1 GB log, selection to drawing by its own clock: cold layout cache ${viewer_graph_cold}, warm ${viewer_graph_warm})"
[ -n "$follow_max" ] && echo "(viewer follow: append visible after median ${follow_med} ms, max ${follow_max} ms; the row includes the first load)"
echo "(report mixed: $report_files files, $report_mb MB written)"
if [ -n "$TLP" ]; then
  printf "\n%-18s %12s %12s %8s %12s %12s %8s\n" "side by side" "tparse wall" "tlparse wall" ratio "tparse CPU" "tlparse CPU" ratio
  for row in "mixed|report mixed -j2|tlparse mixed" "glm|report glm -j2|tlparse glm" "512 ranks|report 512 ranks -j2|tlparse 512 ranks"; do
    IFS='|' read -r name tp tl <<<"$row"
    awk -F'|' -v a="$tp" -v b="$tl" -v n="$name" '$1==a{wa=$3; ca=$4} $1==b{wb=$3; cb=$4}
      END{ printf "%-18s %12.2f %12.2f %7.1fx %12.2f %12.2f %7.1fx\n", "report " n, wa, wb, (wa>0? wb/wa:0), ca, cb, (ca>0? cb/ca:0) }' "$RES"
  done
else
  echo "(tlparse not on PATH: no side-by-side rows; TLPARSE=/path/to/tlparse adds them)"
fi

# Targets.
get() { awk -F'|' -v l="$1" -v f="$2" '$1==l { print $f }' "$RES"; }
cpu_mbs() { awk -v b="$(get "$1" 2)" -v c="$(get "$1" 4)" 'BEGIN{ printf "%.0f", (c>0? b/1e6/c : 0) }'; }
wall_mbs() { awk -v b="$(get "$1" 2)" -v c="$(get "$1" 3)" 'BEGIN{ printf "%.0f", (c>0? b/1e6/c : 0) }'; }
fails=0
check() {  # $1 = ok(0/1), $2 = text
  if [ "$1" = 1 ]; then echo "PASS  $2"; else echo "FAIL  $2"; fails=$((fails + 1)); fi
}
ge() { awk -v a="$1" -v b="$2" 'BEGIN{ print (a >= b) ? 1 : 0 }'; }
echo
m5=$(get "md5sum mixed (reference)" 3); sj2=$(get "summary mixed md5 -j2" 3)
check "$(awk -v a="$sj2" -v b="$m5" 'BEGIN{ print (a < 0.8*b) ? 1 : 0 }')" \
  "summary mixed md5 -j2 (one file, both cores): ${sj2} s wall vs md5sum ${m5} s ($(awk -v a="$sj2" -v b="$m5" 'BEGIN{printf "%.2fx", (b>0? a/b:0)}'); target < 0.8x)"
sa2=$(get "summary mixed all-hash -j2" 3)
check "$(awk -v a="$sa2" -v b="$m5" 'BEGIN{ print (a < 0.8*b) ? 1 : 0 }')" \
  "summary mixed all-hash -j2 (no repeats skipped): ${sa2} s wall vs md5sum ${m5} s ($(awk -v a="$sa2" -v b="$m5" 'BEGIN{printf "%.2fx", (b>0? a/b:0)}'); target < 0.8x)"
for l in "summary mixed md5 -j1" "summary glm md5 -j1"; do
  v=$(cpu_mbs "$l"); check "$(ge "$v" 400)" "$l: $v MB/s per CPU (target >= 400 per thread, md5 on)"
done
v=$(cpu_mbs "summary 4 files md5 -j2"); check "$(ge "$v" 400)" "summary 4 files md5 -j2: $v MB/s per CPU (>= 400 per thread)"
w1=$(get "summary 4 files md5 -j1" 3); w2=$(get "summary 4 files md5 -j2" 3)
echo "info  scaling -j1 -> -j2 over 4 files: $(awk -v a="$w1" -v b="$w2" 'BEGIN{printf "%.2fx", (b>0? a/b:0)}') wall (2 cores, shared with other work)"
# Report end to end (ingest + every page): judged on input MB per CPU second, which is what one
# free core gives as wall time (and -j2 on two free cores does better); the wall MB/s measured on
# this run is printed beside it, with the load average, since other work on the machine moves it.
load=$(cut -d' ' -f1 /proc/loadavg)
for l in "report mixed -j2" "report glm -j2"; do
  w=$(wall_mbs "$l"); c=$(cpu_mbs "$l")
  check "$(ge "$c" 100)" "$l: $c MB/s per CPU, $w MB/s wall at load average $load (target >= 100 MB/s end to end)"
done
# Peak RSS independent of log size: 4x the input may add at most 10% + 16 MB.
for p in "summary glm md5 -j1|summary glm/4 md5 -j1" "gate glm vs baseline|gate glm/4 vs baseline"; do
  big=${p%%|*}; small=${p##*|}
  rb=$(get "$big" 5); rs=$(get "$small" 5)
  check "$(awk -v b="$rb" -v s="$rs" 'BEGIN{ print (b <= s*1.10 + 16384) ? 1 : 0 }')" \
    "${big%% *} peak RSS flat in log size: $((rs / 1024)) MB at 1/4, $((rb / 1024)) MB at 4/4 (<= +10% + 16 MB)"
done
# Report: peak RSS well under the log size (at most a quarter of it).
for l in "report mixed -j2" "report glm -j2"; do
  r=$(get "$l" 5); b=$(get "$l" 2)
  check "$(awk -v r="$r" -v b="$b" 'BEGIN{ print (r*1024 <= b/4) ? 1 : 0 }')" \
    "$l peak RSS $((r / 1024)) MB vs log $((b / 1000000)) MB (target <= 1/4 of the log)"
done
if [ -n "$TLP" ]; then
  for row in "mixed|report mixed -j2|tlparse mixed" "glm|report glm -j2|tlparse glm"; do
    IFS='|' read -r name tp tl <<<"$row"
    r=$(awk -v a="$(get "$tp" 3)" -v b="$(get "$tl" 3)" 'BEGIN{printf "%.1f", (a>0? b/a:0)}')
    check "$(ge "$r" 10)" "report $name: ${r}x tlparse's wall time (target >= 10x)"
  done
fi
if [ -n "$viewer_ms" ]; then
  check "$([ "$viewer_first" -lt 2000 ] && echo 1 || echo 0)" "viewer: first overview of the 1 GB trace ${viewer_first} ms after open (target < 2 s)"
  check "$([ "$viewer_ms" -lt 2000 ] && echo 1 || echo 0)" "viewer: whole trace's overview ${viewer_ms} ms after open (target < 2 s)"
fi
if [ -n "$viewer_graph_warm" ]; then
  check "$([ "${viewer_graph_warm%% *}" -lt 200 ] && echo 1 || echo 0)" "viewer: opening a graph of the 1 GB trace, warm: ${viewer_graph_warm} (target < 200 ms; cold ${viewer_graph_cold})"
elif [ -n "$viewer_ms" ]; then
  check 0 "viewer: opening a graph of the 1 GB trace printed no 'graph panel:' line"
fi
if [ -n "$follow_max" ]; then
  check "$(awk -v a="$follow_max" 'BEGIN{ print (a < 200) ? 1 : 0 }')" "viewer follow: append to the 1 GB trace visible within ${follow_max} ms at most (target < 200 ms)"
fi
# Issue 24's rows: report vs tlparse on real GPT training traces (TPARSE_BENCH_GPT; SKIP without),
# (a) x8 and this run's mixed log, cold and warm layout cache (scripts/bench_user.sh).
if [ "${USER_ROWS:-1}" = 1 ]; then
  echo
  BIN=$BIN TLPARSE=$TLP WORK=$WORK MIXED=$mixed ./scripts/bench_user.sh | tee "$WORK/user.txt"
  fails=$((fails + $(grep -c '^FAIL' "$WORK/user.txt" || true)))
fi
echo "$fails target(s) failed"
