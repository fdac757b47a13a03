#!/usr/bin/env bash
# Graph benchmark on the real ChatGLM3 trace (2,860-node Dynamo graph): the viewer's Graph panel,
# from the UI event that selects the compile (Graph tab already open, tparse-view --graph-only)
# to the first drawing, and the worst frame gap while the graph is parsed, its modules found and
# Graphviz runs (all off the UI thread); then the report's wall time. Not a test: prints numbers.
#   ./scripts/bench_graph.sh [RUNS]      (default 5)
# Env: BUILD (default build), SHARED (default ../shared).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
VIEW=$BUILD/viewer/tparse-view BIN=$BUILD/apps/tparse/tparse
GLM=$SHARED/testdata/realmodels/chatglm3/real-torch-2.11/trace
[ -d "$GLM" ] || { echo "no ChatGLM3 trace at $GLM"; exit 1; }
OUT=$(mktemp -d /tmp/tparse-bench-graph.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
export XDG_CONFIG_HOME="$OUT/config"
drawn=() gaps=()
for i in $(seq "$RUNS"); do
  for shot in model:"" layer1:output_7; do
    name=${shot%%:*} node=${shot#*:}
    xvfb-run -a -s "-screen 0 1600x1000x24" "$VIEW" "$GLM" --screenshot "$OUT/g$i$name" --graph-only --select "[0/0]" --node "$node" > "$OUT/o.txt"
    line=$(grep '^graph panel:' "$OUT/o.txt")
    [ "$name" = model ] && drawn+=("$(echo "$line" | sed -n 's/.*drawn \([0-9]*\) ms.*/\1/p')")
    gaps+=("$(echo "$line" | sed -n 's/.*laying out \([0-9]*\) ms$/\1/p')")
  done
done
stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "median %d ms, min %d, max %d (n=%d)", a[int((NR+1)/2)], a[1], a[NR], NR}'; }
echo "graph panel click-to-drawn (module level): $(stats "${drawn[@]}")"
echo "graph panel worst frame gap while busy (model level and after search-expanding layer 1): $(stats "${gaps[@]}")"
if [ -x "$BIN" ]; then
  s=$(date +%s.%N); "$BIN" report "$GLM" -o "$OUT/report" >/dev/null 2>&1; e=$(date +%s.%N)
  echo "report of the ChatGLM3 trace: $(echo "$e - $s" | bc) s wall"
fi
