#!/usr/bin/env bash
# Ranks-at-scale benchmark (issues 12, 24): wall, CPU, MB/s and peak RSS of `tparse summary --json`
# and `tparse report` on N-rank traces made by scripts/make_ranks.py from a real multi-rank trace
# (default: the real 8-rank DDP trace testdata/torch-2.11/ddp_gloo_8ranks, made on the GPU machine;
# every rank a copy of rank 0's log with its rank fields rewritten), plus the landing page's size.
#   ./scripts/bench_ranks.sh                          # 512 and 4096 ranks
#   RANKS="512 4096 16384" ./scripts/bench_ranks.sh   # issue 24's rows (16384 ranks: 3.4 GB of trace)
# Env: BIN, WORK (default /tmp/tparse-bench-ranks; traces are kept there and reused), SRC (the real
#      rank logs), JOBS (default 2), KEEP=0 deletes each trace after its row.
# Targets (issue 24): report < 60 s and < 1 GiB peak RSS at every N (16384 included), and cost
# linear in ranks: the seconds and MB per rank of the largest N at most 1.5x those of the smallest.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
WORK=${WORK:-/tmp/tparse-bench-ranks}
SRC=${SRC:-testdata/torch-2.11/ddp_gloo_8ranks/trace}
RANKS=${RANKS:-"512 4096"}
JOBS=${JOBS:-2}
[ -x "$BIN" ] || { echo "build tparse first ($BIN)"; exit 1; }
mkdir -p "$WORK"
echo "bench_ranks: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); source $SRC"
echo "| ranks | trace MB | summary --json s (CPU s) | summary RSS MB | report returns s (CPU s); complete s; pages-now s | report MB/s (complete) | report RSS MB (max of both runs) | index.html KB | files |"
echo "|---|---|---|---|---|---|---|---|---|"
fails=0 first_n="" first_s="" first_m="" last=""
for n in $RANKS; do
  dir="$WORK/r$n"
  [ -f "$dir/.done" ] || { rm -rf "$dir"; python3 scripts/make_ranks.py "$n" "$dir" --src "$SRC" >/dev/null; touch "$dir/.done"; }
  mb=$(du -sm "$dir" | cut -f1)
  s=$( { /usr/bin/time -f "%e %U %S %M" "$BIN" summary --json -q -j "$JOBS" "$dir" -o "$WORK/s.json"; } 2>&1 | tail -1)
  # The default report returns before its background writer is done (--drawings later): the row's
  # time is until the report is complete (the writer's job directory gone). That writer is a child
  # /usr/bin/time does not wait for, so peak RSS is taken from a second run with every page written
  # in the foreground (TPARSE_PAGES_NOW=1), and the row's RSS is the larger of the two.
  rm -rf "$WORK/out"
  t0=$(date +%s.%N)
  r=$( { /usr/bin/time -f "%e %U %S %M" "$BIN" report -q --no-browser -j "$JOBS" "$dir" -o "$WORK/out"; } 2>&1 | tail -1)
  while [ -d "$WORK/out/.tparse-drawings" ]; do sleep 0.05; done
  done_s=$(awk -v s="$t0" -v e="$(date +%s.%N)" 'BEGIN{printf "%.2f", e-s}')
  read -r sw su ss sm <<<"$s"; read -r rw ru rs rm_ <<<"$r"
  idx=$(( $(stat -c %s "$WORK/out/index.html") / 1024 ))
  files=$(find "$WORK/out" -type f | wc -l)
  rm -rf "$WORK/out"
  p=$( { TPARSE_PAGES_NOW=1 /usr/bin/time -f "%e %U %S %M" "$BIN" report -q --no-browser -j "$JOBS" "$dir" -o "$WORK/out"; } 2>&1 | tail -1)
  while [ -d "$WORK/out/.tparse-drawings" ]; do sleep 0.05; done
  read -r pw _ _ pm <<<"$p"
  [ "$pm" -gt "$rm_" ] && rm_=$pm
  rmb=$(( rm_ / 1024 ))
  echo "| $n | $mb | $sw ($(echo "$su + $ss" | bc)) | $(( sm / 1024 )) | $rw ($(echo "$ru + $rs" | bc)); complete $done_s; pages now $pw | $(awk -v a="$mb" -v b="$done_s" 'BEGIN{printf "%.0f", (b>0? a/b:0)}') | $rmb | $idx | $files |"
  rw=$done_s
  ok=$(awk -v w="$rw" -v m="$rmb" 'BEGIN{print (w < 60 && m < 1024) ? 1 : 0}')
  if [ "$ok" = 1 ]; then echo "PASS  $n ranks: report ${rw} s, ${rmb} MB peak (target < 60 s, < 1024 MB)"
  else echo "FAIL  $n ranks: report ${rw} s, ${rmb} MB peak (target < 60 s, < 1024 MB)"; fails=$((fails + 1)); fi
  [ -z "$first_n" ] && first_n=$n first_s=$rw first_m=$rmb
  last="$n $rw $rmb"
  [ "${KEEP:-1}" = 1 ] || rm -rf "$dir"
  rm -rf "$WORK/out"
done
read -r ln ls lm <<<"$last"
if [ "$ln" != "$first_n" ]; then
  # Per-rank cost of the largest N against the smallest (a fixed start-up cost makes small N dearer
  # per rank, so this errs towards PASS only by that constant; the table shows the raw numbers).
  rt=$(awk -v a="$ls" -v an="$ln" -v b="$first_s" -v bn="$first_n" 'BEGIN{printf "%.2f", (a/an)/(b/bn)}')
  rmr=$(awk -v a="$lm" -v an="$ln" -v b="$first_m" -v bn="$first_n" 'BEGIN{printf "%.2f", (a/an)/(b/bn)}')
  if awk -v t="$rt" -v m="$rmr" 'BEGIN{exit !(t <= 1.5 && m <= 1.5)}'; then
    echo "PASS  linear: seconds per rank at $ln ranks ${rt}x those at $first_n, MB per rank ${rmr}x (target <= 1.5x)"
  else
    echo "FAIL  linear: seconds per rank at $ln ranks ${rt}x those at $first_n, MB per rank ${rmr}x (target <= 1.5x)"; fails=$((fails + 1))
  fi
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); $fails row(s) failed"
