#!/usr/bin/env bash
# ctest viewer_headless_screenshots: runs tparse-view under Xvfb + Mesa on real traces in scripted
# mode, asserting a clean exit, one non-uniform PNG per panel (the viewer checks pixels before
# writing; this re-checks the files exist and are non-trivial), the overview of hf_gpt2_tiny in
# under 1 s, and UI frames drawn while a large trace loads.
# Usage: headless.sh TPARSE_VIEW OUTDIR TESTDATA SHARED
set -euo pipefail
VIEW=$1 OUT=$2 DATA=$3 SHARED=$4
rm -rf "$OUT" && mkdir -p "$OUT"
export XDG_CONFIG_HOME="$OUT/config"   # never touch the user's settings
run() { xvfb-run -a -s "-screen 0 1600x1000x24" "$VIEW" "$@"; }

echo "== print_break, every panel, [1/0_1] selected"
run "$DATA/torch-2.11/print_break/trace" --screenshot "$OUT/print_break" --select "[1/0]" --search print | tee "$OUT/print_break.txt"
n=$(grep -c '^wrote .*png' "$OUT/print_break.txt")
[ "$n" -eq 8 ] || { echo "expected 8 panel screenshots, got $n"; exit 1; }
if grep -q BAD "$OUT/print_break.txt"; then echo "a screenshot is blank or uniform"; exit 1; fi
for f in "$OUT"/print_break-*.png; do
  [ "$(stat -c %s "$f")" -gt 20000 ] || { echo "$f is suspiciously small"; exit 1; }
done

echo "== ddp_gloo_4ranks: ranks panel with 4 ranks, rank 2's recompile selected"
run "$DATA/torch-2.11/ddp_gloo_4ranks/trace" --screenshot "$OUT/ddp" --select "rank2 [0/1]" | tee "$OUT/ddp.txt"
grep -q '^wrote .*ddp-ranks.png' "$OUT/ddp.txt"

PROV="$SHARED/testdata/tlparse-inputs/inductor_provenance_aot_log.txt"
if [ -f "$PROV" ]; then
  echo "== AOTInductor log without compile ids: the Artifacts panel shows [-/-] with provenance links (issue 14)"
  run "$PROV" --screenshot "$OUT/aot" | tee "$OUT/aot.txt"
  grep -q '^wrote .*aot-artifacts.png' "$OUT/aot.txt"
  if grep -q BAD "$OUT/aot.txt"; then echo "a screenshot of the AOTInductor log is blank or uniform"; exit 1; fi
else
  skipped=1
fi

echo "== a bad path is a message, not a crash (exit 1 from the script, no signal)"
set +e
run "$OUT/does-not-exist" --screenshot "$OUT/missing" > "$OUT/missing.txt" 2>&1
rc=$?
set -e
cat "$OUT/missing.txt"
[ "$rc" -eq 1 ] || { echo "expected exit 1 for a missing trace, got $rc"; exit 1; }
grep -q "no such file" "$OUT/missing.txt"

GPT2="$SHARED/testdata/torch-2.11/hf_gpt2_tiny/trace"
[ -d "$GPT2" ] || { GPT2="$DATA/torch-2.11/hf_gpt2_tiny/trace"; }
echo "== hf_gpt2_tiny ($GPT2): overview in under 1 s"
run "$GPT2" --screenshot "$OUT/gpt2" --select "[0/0]" | tee "$OUT/gpt2.txt"
ms=$(sed -n 's/^overview shown \([0-9]*\) ms after open$/\1/p' "$OUT/gpt2.txt")
[ -n "$ms" ] && [ "$ms" -lt 1000 ] || { echo "overview took ${ms:-?} ms (limit 1000)"; exit 1; }

echo "== large trace: UI frames keep coming while it loads"
BIG="$OUT/big.log"
one=$(ls "$GPT2"/*.log 2>/dev/null | head -1 || true)
if [ -n "$one" ]; then src=(cat "$one"); else src=(zcat "$(ls "$GPT2"/*.gz | head -1)"); fi
for i in $(seq 1 ${TPARSE_VIEWER_BIG_COPIES:-60}); do "${src[@]}"; done > "$BIG"
echo "big trace: $(du -h "$BIG" | cut -f1)"
run "$BIG" --exit-after-load | tee "$OUT/big.txt"
frames=$(sed -n 's/^frames drawn while loading: \([0-9]*\) .*/\1/p' "$OUT/big.txt")
fps=$(sed -n 's/^frames drawn while loading: [0-9]* (\([0-9.]*\) per second)/\1/p' "$OUT/big.txt")
echo "frames during load: $frames ($fps/s)"
# At least 5 frames, or 2 when the load itself took under 400 ms (one file on both cores reads
# the 175 MB trace in ~0.2 s, in fewer frames than 5 at the capped rate).
load_ms=$(sed -n 's/^loaded .* in \([0-9]*\) ms$/\1/p' "$OUT/big.txt")
want=5; [ "${load_ms:-99999}" -lt 400 ] && want=2
[ "${frames:-0}" -ge "$want" ] || { echo "UI stalled while loading (${frames:-?} frames in ${load_ms:-?} ms)"; exit 1; }
gap=$(sed -n 's/^longest frame gap while loading: \([0-9]*\) ms$/\1/p' "$OUT/big.txt")
# Frames are capped at 60/s; on a busy 2-core machine ingest threads compete with the UI thread,
# so the bounds are loose: the point is that frames keep coming, not a frame rate.
awk -v f="$fps" 'BEGIN { exit !(f >= 5) }' || { echo "fewer than 5 frames per second while loading"; exit 1; }
[ "${gap:-99999}" -lt 1500 ] || { echo "the UI stalled ${gap:-?} ms while loading"; exit 1; }
rm -f "$BIG"

GLM="$SHARED/testdata/realmodels/chatglm3/real-torch-2.11/trace"
if [ -d "$GLM" ]; then
  # ChatGLM3-6B, one graph of 2860 nodes: with the Graph tab open, selecting the compile (the UI
  # event, --graph-only) draws the module level within 1 s, with no frame gap over 100 ms while
  # the graph is parsed, its modules found and Graphviz runs, all in the background; then with
  # layer 1 expanded in place (--node output_7: layer 1's last residual add, modeling_chatglm.py:574,
  # found by search, which opens its ancestors).
  for shot in model:"" layer1:output_7; do
    name=${shot%%:*} node=${shot#*:}
    echo "== ChatGLM3 [0/0] graph panel, $name"
    run "$GLM" --screenshot "$OUT/glm_$name" --graph-only --select "[0/0]" --node "$node" | tee "$OUT/glm_$name.txt"
    line=$(grep '^graph panel:' "$OUT/glm_$name.txt")
    echo "$line" | grep -q "2860 nodes, module level" || { echo "ChatGLM3 graph not at the module level: $line"; exit 1; }
    drawn=$(echo "$line" | sed -n 's/.*drawn \([0-9]*\) ms.*/\1/p') gapg=$(echo "$line" | sed -n 's/.*laying out \([0-9]*\) ms$/\1/p')
    [ -n "$drawn" ] && [ "$drawn" -lt 1000 ] || { echo "module level drawn after ${drawn:-?} ms (limit 1000)"; exit 1; }
    [ -n "$gapg" ] && [ "$gapg" -le 100 ] || { echo "frame gap ${gapg:-?} ms while laying out (limit 100)"; exit 1; }
    [ "$(stat -c %s "$OUT/glm_$name-graph.png")" -gt 20000 ] || { echo "glm_$name-graph.png is suspiciously small"; exit 1; }
  done
fi
echo "viewer headless: ok"
if [ -n "${skipped:-}" ] || [ ! -d "$GLM" ]; then echo "viewer headless: $SHARED parts absent: reported as skipped (77)"; exit 77; fi
