#!/usr/bin/env bash
# Ranks-at-scale benchmark (issue 12): seconds and peak RSS of `tparse summary --json` and
# `tparse report` on N-rank traces made by scripts/make_ranks.py from the real ddp_gloo_4ranks
# logs (--vary 64: ranks r % 64 == 2 recompiled), plus the landing page's size.
#   ./scripts/bench_ranks.sh                 # 512 and 4096 ranks
#   RANKS="512 4096 16384" ./scripts/bench_ranks.sh
# Targets (issue 12): 4096 ranks, summary and report each < 60 s and < 1 GiB peak RSS, index.html < 2 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
WORK=${WORK:-/tmp/tparse-bench-ranks}
RANKS=${RANKS:-"512 4096"}
JOBS=${JOBS:-2}
[ -x "$BIN" ] || { echo "build tparse first ($BIN)"; exit 1; }
mkdir -p "$WORK"
echo "| ranks | trace MB | summary --json s | summary RSS MB | report s | report RSS MB | index.html KB | files |"
echo "|---|---|---|---|---|---|---|---|"
for n in $RANKS; do
  dir="$WORK/r$n"
  [ -d "$dir" ] || python3 scripts/make_ranks.py "$n" "$dir" --vary 64 >/dev/null
  mb=$(du -sm "$dir" | cut -f1)
  s=$( { /usr/bin/time -f "%e %M" "$BIN" summary --json -q -j "$JOBS" "$dir" -o "$WORK/s.json"; } 2>&1 | tail -1)
  rm -rf "$WORK/out"
  r=$( { /usr/bin/time -f "%e %M" "$BIN" report -q --no-browser -j "$JOBS" "$dir" -o "$WORK/out"; } 2>&1 | tail -1)
  idx=$(( $(stat -c %s "$WORK/out/index.html") / 1024 ))
  files=$(find "$WORK/out" -type f | wc -l)
  echo "| $n | $mb | ${s% *} | $(( ${s#* } / 1024 )) | ${r% *} | $(( ${r#* } / 1024 )) | $idx | $files |"
  [ -n "${KEEP:-}" ] || rm -rf "$dir" "$WORK/out"
done
