#!/usr/bin/env bash
# Reference-compiler benchmark: `tparse explain` of real model source (ChatGLM3-6B's own code,
# 28 layers, from ../shared/testdata/realmodels) under each rule profile, and `tparse compile` of the
# whole two-call script. Prints wall seconds, CPU seconds, peak RSS and the target (< 2 s, < 200 MB).
#   ./scripts/bench_explain.sh          REPEAT=5 ./scripts/bench_explain.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/apps/tparse/tparse}
REPEAT=${REPEAT:-3}
MODEL=${MODEL:-../shared/testdata/realmodels/chatglm3/run_chatglm3.py}
[ -x "$BIN" ] || { cmake -S . -B build -G Ninja >/dev/null && cmake --build build --target tparse; }
[ -f "$MODEL" ] || { echo "bench_explain: $MODEL not found (needs ../shared)"; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-34s %8s %8s %10s  %s\n' "run" "wall_s" "cpu_s" "rss_MB" "target (<2 s, <200 MB)"
run() {  # $1 = label, rest = tparse arguments; best of REPEAT
  local label=$1; shift
  local best_wall=999 best_cpu=0 best_rss=0
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %U %S %M' -o "$out/t" "$BIN" "$@" > /dev/null
    read -r wall user sys rss < "$out/t"
    if awk -v a="$wall" -v b="$best_wall" 'BEGIN{exit !(a<b)}'; then
      best_wall=$wall; best_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{printf "%.2f", u+s}'); best_rss=$rss
    fi
  done
  local mb ok
  mb=$(awk -v k="$best_rss" 'BEGIN{printf "%.1f", k/1024}')
  ok=$(awk -v w="$best_wall" -v m="$mb" 'BEGIN{print (w<2 && m<200) ? "PASS" : "FAIL"}')
  printf '%-34s %8s %8s %10s  %s\n' "$label" "$best_wall" "$best_cpu" "$mb" "$ok"
}
run "explain --torch 2.11" explain "$MODEL"
run "explain --torch 2.3" explain "$MODEL" --torch 2.3
run "explain --torch 2.3 --compare 2.11" explain "$MODEL" --torch 2.3 --compare 2.11
run "compile (2 calls, 2.11)" compile "$MODEL" --trace-dir "$out/trace"
