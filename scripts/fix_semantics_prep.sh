#!/usr/bin/env bash
# Prepares the inputs of scripts/fix_semantics.py (docs/fix.md): for every corpus program (and
# ChatGLM3 when ../shared has it) an original copy and a copy patched by `tparse fix --apply`,
# plus manifest.json. Usage: scripts/fix_semantics_prep.sh TPARSE OUTDIR [CHATGLM3_DIR]
set -euo pipefail
TPARSE=$(realpath "$1")
OUT=$2
GLM=${3:-}
HERE=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$OUT/programs" "$OUT/chatglm3"
mkdir -p "$OUT/programs/orig" "$OUT/programs/patched"
for d in orig patched; do
  cp "$HERE"/testdata/programs/*.py "$OUT/programs/$d/"
  cp -r "$HERE"/testdata/programs/hf_remote "$HERE"/testdata/programs/llama_pkg "$OUT/programs/$d/"
  rm -f "$OUT/programs/$d/run_truth.py"
done
manifest="["
sep=""
add() { manifest+="$sep{\"name\": \"$1\", \"orig\": \"$2\", \"patched\": \"$3\"}"; sep=", "; }
OUTR=.  # manifest paths are relative to OUTDIR: run fix_semantics.py from there
for p in "$OUT"/programs/patched/*.py; do
  n=$(basename "$p" .py)
  torch=2.11
  [ "$n" = chatglm_version_forward ] && torch=2.3
  (cd "$OUT/programs/patched" && "$TPARSE" fix "$n.py" --torch $torch --json -o "../$n.fix.json" --apply --force 2>/dev/null) || true
  if [ -n "$(find "$OUT/programs/patched" -name '*.orig')" ]; then
    add "$n" "$OUTR/programs/orig/$n.py" "$OUTR/programs/patched/$n.py"
    find "$OUT/programs/patched" -name '*.orig' -delete
  fi
done
# torch.compile(..., dynamic=True) where our compiler rejects it (it keeps Python ints/floats static):
# measured by real torch for the record, not offered by tparse fix.
for n in recompile_int_arg recompile_global recompile_str_arg; do
  sed 's/backend="eager")/backend="eager", dynamic=True)/' "$OUT/programs/orig/$n.py" > "$OUT/programs/patched/${n}_dyn.py"
  add "${n}_dyn" "$OUTR/programs/orig/$n.py" "$OUTR/programs/patched/${n}_dyn.py"
done
if [ -n "$GLM" ] && [ -f "$GLM/glm/modeling_chatglm.py" ]; then
  for d in orig hoist all; do
    mkdir -p "$OUT/chatglm3/$d"
    cp -r "$GLM/run_chatglm3.py" "$GLM/config.json" "$GLM/glm" "$OUT/chatglm3/$d/"
  done
  # hoist: only the version-check patch (the first one); all: every first-choice patch (--apply)
  (cd "$OUT/chatglm3/hoist" && "$TPARSE" fix run_chatglm3.py --torch 2.3 --json -o ../fix.json)
  python3 -c "import json,sys; print(json.load(open('$OUT/chatglm3/fix.json'))['patches'][0]['diff'], end='')" > "$OUT/chatglm3/hoist.diff"
  (cd "$OUT/chatglm3/hoist" && patch -s -p1 < ../hoist.diff)
  (cd "$OUT/chatglm3/all" && "$TPARSE" fix run_chatglm3.py --torch 2.3 --apply --force > /dev/null)
  find "$OUT/chatglm3" -name '*.orig' -delete
  add chatglm3_hoist "$OUTR/chatglm3/orig/run_chatglm3.py" "$OUTR/chatglm3/hoist/run_chatglm3.py"
  add chatglm3_all "$OUTR/chatglm3/orig/run_chatglm3.py" "$OUTR/chatglm3/all/run_chatglm3.py"
fi
find "$OUT/programs/patched" -name '*.orig' -delete
echo "$manifest]" > "$OUT/manifest.json"
echo "prepared $(grep -o '"name"' "$OUT/manifest.json" | wc -l) cases in $OUT"
