#!/usr/bin/env bash
# Ranks at scale and logs spread over nodes (issue 12). A 256-rank trace made by
# scripts/make_ranks.py from the real ddp_gloo_4ranks logs, ranks r % 8 == 2 copying rank 2's log
# (which recompiled [0/1]), everything else rank 0's. Hand-derived facts: 32 outlier ranks
# (2, 10, 18, ...), 224 alike. Checks the landing page (grouped, < 2 MB, no per-rank rows), the
# text summary (one grouped recompile line), and the map/reduce path: `tparse summary --json` per
# node with xargs -P over 4 node directories, `tparse merge`, same facts as the direct run.
# Usage: ranks_cli_test.sh TPARSE_BINARY REPO_ROOT
set -u
BIN=$1
REPO=$2
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fails=0; passes=0
ok() { passes=$((passes+1)); }
bad() { echo "FAIL: $*"; fails=$((fails+1)); }

python3 "$REPO/scripts/make_ranks.py" 256 "$W/all" --vary 8 >/dev/null || { echo "make_ranks failed"; exit 1; }

# Report: landing page grouped and bounded.
"$BIN" report -q --no-browser "$W/all" -o "$W/rep" || bad "report exit $?"
size=$(stat -c %s "$W/rep/index.html")
[ "$size" -lt 2000000 ] && ok || bad "index.html is $size bytes (>= 2 MB)"
grep -q 'id="behaviour-groups"' "$W/rep/index.html" && ok || bad "no behaviour groups on the landing page"
grep -q '32 ranks (<a href="rank_2/index.html">2</a>, <a href="rank_10/index.html">10</a>, <a href="rank_18/index.html">18</a>' "$W/rep/index.html" && ok || bad "outlier group 2, 10, 18 not listed first-class"
grep -q 'recompiled \[0/1\] because' "$W/rep/index.html" && ok || bad "outlier group not described as a recompile"
grep -q '224 ranks (' "$W/rep/index.html" && ok || bad "majority group of 224 missing"
grep -q 'id="ranks-table"' "$W/rep/index.html" && bad "per-rank rows on the landing page" || ok
[ "$(grep -c '<tr><td><a href="rank_' "$W/rep/ranks.html")" -eq 256 ] && ok || bad "ranks.html has not 256 rank rows"
[ -f "$W/rep/rank_255/index.html" ] && ok || bad "no rank_255 page"
grep -q 'record_and_log_graph_execution_order' "$W/rep/index.html" && ok || bad "no execution-order hint"
python3 - "$W/rep/index.html" <<'EOF' && ok || bad "landing order: outliers must come before the majority"
import sys
t = open(sys.argv[1]).read()
a, b = t.find("32 ranks ("), t.find("224 ranks (")
sys.exit(0 if 0 <= a < b else 1)
EOF

# Text summary: the 32 identical recompiles are one line; compile time as a spread.
"$BIN" summary -q "$W/all" > "$W/text.txt" || bad "summary exit $?"
[ "$(grep -c '^  \[0/1_1\] .*size mismatch at index 0' "$W/text.txt")" -eq 1 ] && ok || bad "recompile lines not grouped across ranks"
grep -q 'ranks 2, 10, 18, 26, 34, 42, 50, 58, ... (32 ranks)' "$W/text.txt" && ok || bad "grouped line does not name its ranks"
grep -q 'compile time:      per rank min' "$W/text.txt" && ok || bad "compile time not a per-rank spread"
grep -q '^Ranks: 256 (grouped by behaviour, outliers first)' "$W/text.txt" && ok || bad "no Ranks block in the text summary"
grep -q "^  32 ranks (2, 10, 18, 26, 34, 42, 50, 58, ... (+24 more)): recompiled \[0/1\] because tensor 'args\[0\]'" "$W/text.txt" && ok || bad "text summary: outlier group line"
"$BIN" summary -q "$REPO/testdata/tlparse-inputs/multi_rank_schedule" > "$W/text3.txt"
grep -q "first difference in graph 0/0 at position 3: ranks 0, 2 issue torch.ops._c10d_functional.reduce_scatter_tensor.default, rank 1 issue torch.ops._c10d_functional.wait_tensor.default" "$W/text3.txt" && ok || bad "text summary: first schedule difference"

# Map step: one summary per node directory (4 nodes x 64 ranks), in parallel; reduce: merge.
for n in 0 1 2 3; do
  mkdir -p "$W/nodes/node$n"
  for r in $(seq $((n * 64)) $((n * 64 + 63))); do ln -s "$W/all/"dedicated_log_torch_trace_rank_${r}_*.log "$W/nodes/node$n/"; done
done
ls -d "$W"/nodes/node* | xargs -P 4 -I{} "$BIN" summary --json -q {} -o {}.json || bad "map step failed"
"$BIN" merge "$W"/nodes/node*.json -o "$W/merged" || bad "merge exit $?"
"$BIN" summary --json -q "$W/all" -o "$W/direct.json" || bad "direct summary exit $?"
python3 - "$W/direct.json" "$W/merged/summary.json" "$W/rep/index.html" "$W/merged/index.html" <<'EOF' && ok || bad "merged facts differ from the direct run"
import json, re, sys, os
d, m = (json.load(open(p))["multi_rank"] for p in sys.argv[1:3])
for x in (d, m):
    for r in x["ranks"]:
        r["file"] = os.path.basename(r["file"])  # node directories hold links to the same logs
if d != m:
    for k in d:
        if d[k] != m.get(k): print("differs:", k)
    sys.exit(1)
if json.load(open(sys.argv[2]))["totals"]["compiles"] != json.load(open(sys.argv[1]))["totals"]["compiles"]:
    print("totals.compiles differ"); sys.exit(1)
def facts(path):
    t = open(path).read()
    t = t[t.index('<h2 id="ranks">'):]
    t = t[:t.index("Compile events of all ranks")]
    t = re.sub(r"<p>Every rank has its page.*?</p>", "<p></p>", t)
    return re.sub(r"<[^>]*>", "", t)
a, b = facts(sys.argv[3]), facts(sys.argv[4])
if a != b:
    print("landing facts differ:\n", a[:2000], "\n---\n", b[:2000]); sys.exit(1)
EOF
# summary --json reads only the multi-rank artifacts (light mode): its facts equal the full report's.
cp "$W/rep/summary.json" "$W/rep256.json"
for d in "$REPO/testdata/tlparse-inputs/multi_rank_schedule" "$REPO/testdata/torch-2.11/ddp_gloo_4ranks/trace" "$W/all"; do
  rm -rf "$W/rep"
  "$BIN" report -q --no-browser "$d" -o "$W/rep" && "$BIN" summary --json -q "$d" -o "$W/light.json" || bad "$d: report/summary exit"
  python3 -c "import json,sys; a,b=(json.load(open(p))['multi_rank'] for p in sys.argv[1:]); sys.exit(0 if a == b and a else 1)" \
    "$W/light.json" "$W/rep/summary.json" && ok || bad "$d: summary --json multi_rank differs from the report's"
done
# One rank per node (the real 4-rank DDP logs, one per "node"): the merge still has every rank's facts.
for r in 0 1 2 3; do mkdir -p "$W/one/n$r"; cp "$REPO"/testdata/torch-2.11/ddp_gloo_4ranks/trace/*rank_${r}_* "$W/one/n$r/"; done
ls -d "$W"/one/n* | xargs -P 4 -I{} "$BIN" summary --json -q {} -o {}.json || bad "map step (one rank per node) failed"
"$BIN" merge "$W"/one/n*.json -o "$W/merged1" || bad "merge (one rank per node) exit $?"
"$BIN" summary --json -q "$REPO/testdata/torch-2.11/ddp_gloo_4ranks/trace" -o "$W/direct4.json"
python3 - "$W/direct4.json" "$W/merged1/summary.json" <<'PY' && ok || bad "one-rank-per-node merge differs from the direct run"
import json, os, sys
d, m = (json.load(open(p))["multi_rank"] for p in sys.argv[1:3])
for x in (d, m):
    for r in x["ranks"]: r["file"] = os.path.basename(r["file"])
if d != m or d["ranks_count"] != 4:
    for k in d:
        if d[k] != m.get(k): print("differs:", k)
    sys.exit(1)
PY
# A rank in two node summaries is refused (each rank's logs belong to one node).
"$BIN" merge "$W/nodes/node0.json" "$W/nodes/node0.json" -o "$W/merged2" 2>"$W/err.txt"
[ $? -eq 2 ] && grep -q "rank 0 is in two summaries" "$W/err.txt" && ok || bad "duplicate ranks not refused"

# Bad merge inputs: exit 2 with the file named, nothing written.
"$BIN" merge "$REPO/testdata/bad/truncated_last_line.log" -o "$W/m3" 2>"$W/err.txt"
[ $? -eq 2 ] && grep -q "truncated_last_line.log: invalid JSON" "$W/err.txt" && [ ! -e "$W/m3" ] && ok || bad "a log given to merge"
sed 's/"schema_version": 3/"schema_version": 2/' "$W/direct.json" > "$W/v2.json"
"$BIN" merge "$W/v2.json" -o "$W/m4" 2>"$W/err.txt"
[ $? -eq 2 ] && grep -q "v2.json: summary schema_version 2 has no multi-rank facts" "$W/err.txt" && ok || bad "a schema-2 summary given to merge"
# A real gloo trace (scripts/make_gloo_trace.py) whose rank 3 took every graph from the FX graph
# cache and so logged no collective schedule: grouped apart as tlparse does ({0,1,2} / {3}), and
# the landing page and text summary say why (cache hits log no schedule).
G="$REPO/testdata/torch-2.11/gloo_4ranks_cache_skew/trace"
"$BIN" report -q --no-browser "$G" -o "$W/gloo" || bad "gloo report exit $?"
grep -q 'id="schedule-cache-hit">Rank <a href="rank_3/index.html">3</a> logged no schedule' "$W/gloo/index.html" && ok || bad "gloo: rank 3's missing schedule not explained"
"$BIN" summary --json "$G" > "$W/gloo.json" || bad "gloo summary exit $?"
python3 - "$W/gloo.json" <<'PY' && ok || bad "gloo: summary --json schedule groups / absent_cache_hit"
import json, sys
cs = json.load(open(sys.argv[1]))["multi_rank"]["collective_schedule"]
assert sorted(sorted(g["ranks"]) for g in cs["groups"]) == [[0, 1, 2], [3]], cs
assert cs["absent_cache_hit"] == [3], cs
PY
"$BIN" summary "$G" 2>&1 | grep -q 'rank 3 logged no schedule because every graph came from the FX graph cache' && ok || bad "gloo: text summary lacks the cache-hit note"
echo "ranks_cli_test: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
