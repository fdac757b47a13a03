#!/usr/bin/env bash
# CLI contract tests for `tparse summary`: exit codes, --json, --strict naming file:line, stdin,
# directories, .gz, --rank. Usage: cli_test.sh TPARSE_BINARY TESTDATA_DIR
set -u
BIN=$1
TD=$2
fails=0; passes=0
# Per-run scratch files (two runs at once, e.g. two build trees, must not share them).
CT=$(mktemp -d)
trap 'rm -rf "$CT"' EXIT
check() {  # description, expected-exit, command...
  local desc=$1 want=$2; shift 2
  "$@" >"$CT/out" 2>"$CT/err"
  local rc=$?
  if [ "$rc" -eq "$want" ]; then passes=$((passes+1)); else echo "FAIL: $desc: exit $rc, want $want"; cat "$CT/err"; fails=$((fails+1)); fi
}
expect_out() {  # description, grep pattern (on stdout+stderr of the last check)
  if grep -q -- "$2" "$CT/out" "$CT/err"; then passes=$((passes+1)); else echo "FAIL: $1: no '$2' in output"; head -20 "$CT/out"; fails=$((fails+1)); fi
}

check "--version" 0 "$BIN" --version; expect_out "version text" "tparse 0."
check "--help" 0 "$BIN" --help; expect_out "help lists summary" "summary"
check "unknown flag is a usage error" 2 "$BIN" summary --no-such-flag "$TD/torch-2.11/print_break/trace"
check "missing input is exit 2" 2 "$BIN" summary /nonexistent/trace; expect_out "names the path" "/nonexistent/trace"
check "directory of gz logs" 0 "$BIN" summary "$TD/torch-2.11/print_break/trace"; expect_out "graph count" "graphs compiled:   3"
expect_out "distinct site" "models.py:152"
check "json" 0 "$BIN" summary --json "$TD/torch-2.11/recompile_limit/trace"; expect_out "schema" '"schema_version": 3'
expect_out "fallback counted" '"fallbacks": 1'
check "stdin" 0 sh -c "gzip -dc '$TD/torch-2.11/mlp_clean/trace/'*.gz | '$BIN' summary -"; expect_out "stdin graph" "graphs compiled:   1"
# Issue 13.2: gzip bytes on stdin are detected by magic and decompressed, as for files.
check "gzip on stdin" 0 sh -c "cat '$TD/torch-2.11/print_break/trace/'*.gz | '$BIN' summary -"; expect_out "stdin gzip graphs" "graphs compiled:   3"
expect_out "stdin gzip site" "models.py:152"
check "gzip on stdin --json" 0 sh -c "cat '$TD/torch-2.11/print_break/trace/'*.gz | '$BIN' summary - --json"; expect_out "stdin marked gzip" '"gzip": true'
# Issue 13.4: `tparse - -o DIR` is `tparse report - -o DIR`.
RD=$(mktemp -d); rmdir "$RD"
check "tparse - -o DIR" 0 sh -c "gzip -dc '$TD/torch-2.11/print_break/trace/'*.gz | '$BIN' - -o '$RD' --no-browser -q"
if [ -f "$RD/index.html" ] && grep -q '"graphs": 3' "$RD/summary.json"; then passes=$((passes+1)); else echo "FAIL: tparse - -o DIR wrote no report"; fails=$((fails+1)); fi
rm -rf "$RD"
check "corrupted payload is a note without --strict" 0 "$BIN" summary "$TD/tlparse-inputs/simple_corrupted_json.log.gz"
expect_out "note on stderr" "input problem"
check "--strict fails and names file:line" 1 "$BIN" summary --strict "$TD/tlparse-inputs/simple_corrupted_json.log.gz"
expect_out "file:line" "simple_corrupted_json.log.gz:[0-9][0-9]*: md5_mismatch"
check "--rank narrows" 0 "$BIN" summary --json --rank 2 "$TD/torch-2.11/ddp_gloo_4ranks/trace"; expect_out "one rank" '"rank": 2'
if grep -q '"rank": 0' "$CT/out"; then echo "FAIL: --rank 2 still shows rank 0"; fails=$((fails+1)); else passes=$((passes+1)); fi
check "-o writes a file" 0 "$BIN" summary --json -o "$CT/o.json" "$TD/torch-2.11/print_break/trace"
if grep -q '"distinct_sites": 1' "$CT/o.json"; then passes=$((passes+1)); else echo "FAIL: -o file content"; fails=$((fails+1)); fi
# Issue 13.5: a .item() break inside a loop (Dynamo chains GB7000 and skips the frame) keeps its own
# GB id (gb0124) and kind; the advice is the scalar-output one. The trace is written by the
# reference compiler (`tparse compile`) when it is built in.
LW=$(mktemp -d)
cat > "$LW/loop_item.py" <<'PY'
import torch


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.lin(x)
        s = y.sum().item()
        return y * s


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Layer() for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


m = torch.compile(Model(), backend="eager")
m(torch.randn(2, 4))
PY
if "$BIN" compile "$LW/loop_item.py" --trace-dir "$LW/tr" >/dev/null 2>&1; then
  check "loop trace summary" 0 "$BIN" summary "$LW/tr" --json -q
  if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sk = [s for s in d["graph_breaks"]["sites"] if s["kinds"].get("frame_skipped")]
ok = sk and all(s["gb_id"] == "gb0124" and s["chained_gb_ids"] == {"gb7000": 1} for s in sk)
ok = ok and all(s["gb_id"] == "gb0124" for s in d["graph_breaks"]["sites"])
sys.exit(0 if ok else 1)' "$CT/out"; then passes=$((passes+1)); else echo "FAIL: loop break site lost its own gb id (gb0124) or its chained gb7000"; fails=$((fails+1)); fi
  check "loop trace explain" 0 "$BIN" explain "$LW/tr" --json -q
  if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if d["sites"] and all(s["category"] == "scalar_output" for s in d["sites"]) else 1)' "$CT/out"; then passes=$((passes+1)); else echo "FAIL: advice of a looped .item() break is not scalar_output"; fails=$((fails+1)); fi
else
  echo "skip: tparse compile not built in"; skipped=1
fi
rm -rf "$LW"
# Issue 13.7: the same program run twice into one TORCH_TRACE directory (a real log copied with
# another pid and a later time in the glog prefix), and both runs appended to one file.
RW=$(mktemp -d); mkdir -p "$RW/dir"
gzip -dc "$TD/torch-2.11/print_break/trace/"*.gz > "$RW/dir/dedicated_log_torch_trace_aaaa.log"
sed -E 's/^([VIWEC][0-9]{4} )07:41:([0-9.]+) +412 /\108:41:\2 913 /' "$RW/dir/dedicated_log_torch_trace_aaaa.log" > "$RW/dir/dedicated_log_torch_trace_bbbb.log"
cat "$RW/dir/dedicated_log_torch_trace_aaaa.log" "$RW/dir/dedicated_log_torch_trace_bbbb.log" > "$RW/both.log"
"$BIN" summary --json -q "$RW/dir/dedicated_log_torch_trace_aaaa.log" > "$RW/one.json"
for input in "$RW/dir" "$RW/both.log"; do
  check "two runs: summary --json ($input)" 0 "$BIN" summary --json -q "$input"; cp "$CT/out" "$RW/two.json"
  if python3 -c '
import json, sys
one, two = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
ps = two["processes"]
ok = [p["run"] for p in ps] == [1, 2] and sorted(p["pid"] for p in ps) == [412, 913]
for p in ps:
    for k in ("graphs", "compiles", "recompiles", "frames"):
        ok = ok and p["totals"][k] == one["totals"][k]
    ok = ok and p["totals"]["graph_breaks"]["events"] == one["totals"]["graph_breaks"]["events"]
    ok = ok and p["totals"]["cache"] == one["totals"]["cache"]
ok = ok and two["totals"]["graphs"] == 2 * one["totals"]["graphs"]
sys.exit(0 if ok else 1)' "$RW/one.json" "$RW/two.json"; then passes=$((passes+1)); else echo "FAIL: processes[] of two runs ($input)"; fails=$((fails+1)); fi
  check "two runs: text" 0 "$BIN" summary -q "$input"; expect_out "runs said" "Runs: this trace holds 2 processes"
  expect_out "run-qualified recompile" "run 2 \[1/1_1\] forward"
  for sel in "--process 2" "--latest" "--process 1"; do
    check "two runs: $sel" 0 "$BIN" summary --json -q $sel "$input"
    if python3 -c '
import json, sys
one, sel = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(0 if sel["totals"] == one["totals"] and len(sel["processes"]) == 1 else 1)' "$RW/one.json" "$CT/out"; then passes=$((passes+1)); else echo "FAIL: $sel totals differ from one run's ($input)"; fails=$((fails+1)); fi
  done
  check "--process 3 of 2 runs is an error" 2 "$BIN" summary -q --process 3 "$input"
done
check "two runs: explain --latest" 0 "$BIN" explain -q --latest "$RW/dir"; expect_out "one run's graphs" "Graph Count: 3"
check "two runs: report" 0 "$BIN" report -q --no-browser -o "$RW/rep" "$RW/dir"
if grep -q 'id="runs"' "$RW/rep/index.html" && grep -q 'run 2: 3 graph(s)' "$RW/rep/index.html"; then passes=$((passes+1)); else echo "FAIL: report has no per-run column"; fails=$((fails+1)); fi
rm -rf "$RW"
# Issue 13.10: the text summary keeps a failure's whole reason (the exception is on line 2).
check "failure reason" 0 "$BIN" summary -q "$TD/torch-2.11/compile_failure/trace"
want=$(gzip -dc "$TD/torch-2.11/compile_failure/trace/"*.gz | python3 -c '
import sys, json, re
for l in sys.stdin:
    if "\"compilation_metrics\"" in l and "fail_reason" in l:
        d = json.loads(l[l.index("{"):]); r = d["compilation_metrics"]["fail_reason"]
        print(r.splitlines()[-1]); break')
expect_out "exception message of the failure" "$want"
# Issue 13.10: empty stdin, an empty file and an empty directory all exit 2 (no trace), and a
# report that fails leaves no output directory behind.
EW=$(mktemp -d); mkdir "$EW/emptydir"; : > "$EW/empty.log"
check "empty stdin exits 2" 2 sh -c "printf '' | '$BIN' summary -"; expect_out "says empty" "empty"
check "empty file exits 2" 2 "$BIN" summary "$EW/empty.log"; expect_out "says empty" "empty"
check "empty directory exits 2" 2 "$BIN" summary "$EW/emptydir"
check "failed report run" 2 "$BIN" report "$EW/emptydir" -o "$EW/out" --no-browser -q
if [ -e "$EW/out" ]; then echo "FAIL: a failed -o run left $EW/out behind"; fails=$((fails+1)); else passes=$((passes+1)); fi
rm -rf "$EW"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ] || exit 1
[ -n "${skipped:-}" ] && { echo "some checks could not run: reported as skipped (77)"; exit 77; }
exit 0
