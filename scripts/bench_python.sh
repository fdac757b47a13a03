#!/usr/bin/env bash
# The Python module against the CLI on the 1.1 GB compile-dense log of bench.sh ("mixed": every
# single-process torch 2.11 log of testdata/ repeated): `tparse summary --json` vs
# `tparse.load(p).summary_json()` and `.summary()` (the dict) in a venv with the wheel installed. Wall, CPU and peak RSS by
# /usr/bin/time, best of 3 each; the target (issue 26) is <= 1.2x the CLI's time and memory.
#   ./scripts/bench_python.sh [GB]     # default 1 (the 1.1 GB log)
# Env: WHEEL (default: the newest dist/tparse-*.whl), WORK (default /tmp/tparse-bench-all, shared
#      with bench.sh), PYTHON (default /usr/bin/python3), RUNS (default 3), JOBS (-j, default 0 = all).
set -euo pipefail
cd "$(dirname "$0")/.."
GB=${1:-1}
WORK=${WORK:-/tmp/tparse-bench-all}
PYTHON=${PYTHON:-/usr/bin/python3}
RUNS=${RUNS:-3}
JOBS=${JOBS:-0}
WHEEL=${WHEEL:-$(ls -t dist/tparse-*.whl | head -1)}
mkdir -p "$WORK"
unit=$WORK/unit_mixed.log  # the same unit and repetition as bench.sh
if [ ! -s "$unit" ]; then
  for f in testdata/torch-2.11/*/trace/*.gz; do case "$f" in *rank_*) ;; *) gzip -dc "$f" ;; esac; done > "$unit.tmp"
  mv "$unit.tmp" "$unit"
fi
log=$WORK/mixed_${GB}g.log
ub=$(stat -c %s "$unit"); n=$(( (GB * 1024 * 1024 * 1024 + ub - 1) / ub ))
if [ ! -s "$log" ] || [ "$(stat -c %s "$log")" -ne $(( n * ub )) ]; then
  for _ in $(seq "$n"); do cat "$unit"; done > "$log.tmp"
  mv "$log.tmp" "$log"
fi
venv=$WORK/py-venv
rm -rf "$venv"
"$PYTHON" -m venv "$venv"
"$venv/bin/pip" install --no-index --disable-pip-version-check -q "$WHEEL"
best() {  # $1 label, rest: command. Prints "label wall cpu rss_kb" of the fastest of RUNS runs.
  local label=$1 tf line bw=999999 bc bm; shift
  for _ in $(seq "$RUNS"); do
    tf=$(mktemp)
    /usr/bin/time -f "%e %U %S %M" -o "$tf" "$@" > /dev/null
    read -r w u s m < "$tf"; rm -f "$tf"
    if awk -v a="$w" -v b="$bw" 'BEGIN{exit !(a < b)}'; then bw=$w; bc=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u+s}'); fi
    # memory: the smallest peak over the runs (peak RSS barely moves between runs)
    if [ -z "${bm:-}" ] || [ "$m" -lt "$bm" ]; then bm=$m; fi
  done
  echo "$label $bw $bc $bm"
}
echo "python bench: $(du -h "$log" | cut -f1) $log; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# Fixed costs, no trace read: the bare CLI binary vs an interpreter that imported tparse.
bin=$("$venv/bin/python" -c 'import os, tparse; print(os.path.join(os.path.dirname(tparse.__file__), "bin", "tparse"))')
base_cli=$(/usr/bin/time -f "%M" "$bin" --version 2>&1 >/dev/null | tail -1)
base_py=$(/usr/bin/time -f "%M" "$venv/bin/python" -c "import tparse._api" 2>&1 | tail -1)
echo "fixed peak RSS (no trace): tparse --version ${base_cli} KB, python -c 'import tparse._api' ${base_py} KB"
# The CLI row runs the binary itself (the wheel's copy; the .deb's is the same build), not the
# console-script launcher, whose Python start would count in its peak RSS.
cli=$(best cli "$bin" summary --json -q -o /dev/null -j "$JOBS" "$log")
py=$(best python "$venv/bin/python" -c "import sys, tparse; sys.stdout.write(tparse.load(sys.argv[1], jobs=$JOBS).summary_json())" "$log")
# The issue's measure: the summary as a Python dict (Trace.summary()), and the load alone.
pyd=$(best py_dict "$venv/bin/python" -c "import sys, tparse; tparse.load(sys.argv[1], jobs=$JOBS).summary()" "$log")
pyl=$(best py_load "$venv/bin/python" -c "import sys, tparse; tparse.load(sys.argv[1], jobs=$JOBS)" "$log")
bare=$(/usr/bin/time -f "%M" "$venv/bin/python" -c "pass" 2>&1 | tail -1)
printf '%-8s %8s %8s %10s\n' what wall_s cpu_s peak_rss_kb
printf '%-8s %8s %8s %10s\n' $cli
printf '%-8s %8s %8s %10s\n' $py
printf '%-8s %8s %8s %10s\n' $pyd
printf '%-8s %8s %8s %10s\n' $pyl
read -r _ cw cc cm <<<"$cli"; read -r _ pw pc pm <<<"$py"; read -r _ dw dc dm <<<"$pyd"
awk -v bc="$base_cli" -v bp="$base_py" -v bare="$bare" -v cw="$cw" -v pw="$pw" -v cc="$cc" -v pc="$pc" -v cm="$cm" -v pm="$pm" \
    -v dw="$dw" -v dm="$dm" 'BEGIN{
  printf "ratio   wall %.2fx  cpu %.2fx  rss %.2fx (summary_json; target <= 1.20x)\n", pw/cw, pc/cc, pm/cm
  printf "ratio   wall %.2fx  rss %.2fx (summary() dict)\n", dw/cw, dm/cm
  printf "rss above the fixed cost: cli %d KB, python %d KB (summary_json), %d KB (summary() dict)\n", cm - bc, pm - bp, dm - bp
  printf "bare interpreter (python -c pass) %d KB; summary() above it: %d KB = %.2fx the CLI peak\n", bare, dm - bare, (dm - bare)/cm
  ok = (pw <= cw * 1.2) && (pm <= cm * 1.2); print ok ? "PASS" : "FAIL"; exit !ok }'
