#!/usr/bin/env bash
# tparse run -- CMD: the child's exit code is kept, TORCH_TRACE points at a fresh directory and
# the rest of the environment is unchanged, the report is written and the summary printed, --gate
# turns a regression into exit 1 when CMD succeeded, torchrun-style ranks writing concurrently are
# all read, SIGTERM sent to tparse reaches the child, and refusals happen before CMD runs.
# The "training" is a shell that copies real torch 2.11 logs into $TORCH_TRACE.
# Usage: run_cli_test.sh PATH/TO/tparse TESTDATA
set -u
T="$1"; D="$2/torch-2.11"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
export TMPDIR="$W/tmp"; mkdir -p "$TMPDIR"
fail=0
check() { local want=$1 got=$2 what=$3; if [ "$want" != "$got" ]; then echo "FAIL: $what (want $want, got $got)"; fail=1; else echo "ok: $what"; fi; }
has() { grep -q -- "$2" "$1"; check 0 $? "$3"; }
export PB_GZ=$(ls "$D"/print_break/trace/*.gz) MLP_GZ=$(ls "$D"/mlp_clean/trace/*.gz)
cd "$W"

# 1. exit code, report, summary, environment
export TPARSE_TEST_VAR="kept as is"
"$T" run -o rep1 -- sh -c 'ls -A "$TORCH_TRACE" | wc -l > before.txt; env > env.txt
  gunzip -c "$PB_GZ" > "$TORCH_TRACE/dedicated_log_torch_trace_x.log"; exit 3' > out1.txt 2> err1.txt
check 3 $? "tparse run keeps the child's exit code 3"
[ -f rep1/index.html ]; check 0 $? "report written to rep1/index.html"
[ -f rep1/summary.json ]; check 0 $? "rep1/summary.json written"
has out1.txt "graphs compiled:   3" "printed summary shows the 3 graphs"
has out1.txt "models.py:152  Failed to trace builtin operator \[gb0059\]" "printed summary shows the break site"
check 0 "$(tr -d ' ' < before.txt)" "the trace dir was fresh (empty) when CMD started"
tdir=$(sed -n 's/^TORCH_TRACE=//p' env.txt)
case "$tdir" in "$TMPDIR"/tparse-trace-*) check 0 0 "TORCH_TRACE is a new dir under \$TMPDIR";; *) check "$TMPDIR/tparse-trace-*" "$tdir" "TORCH_TRACE dir";; esac
has env.txt "^TPARSE_TEST_VAR=kept as is$" "the rest of the environment reaches CMD"
has err1.txt "TORCH_TRACE=$tdir" "stderr names the trace dir"
grep -q "^PATH=$PATH$" env.txt; check 0 $? "PATH unchanged"

# 2. a second run replaces the previous report in the same -o dir
"$T" run -q -o rep1 -- sh -c 'gunzip -c "$MLP_GZ" > "$TORCH_TRACE/a.log"' > out2.txt
check 0 $? "exit 0 when CMD succeeds"
has out2.txt "graph breaks:      0 distinct site(s)" "the second run's summary (mlp_clean)"
grep -q "models.py" rep1/summary.json; check 1 $? "the previous report was replaced"

# 3. --gate: regression -> 1 when CMD succeeded; pass -> 0; CMD's failure wins over the gate's
"$T" summary "$D/mlp_clean/trace" --json -q > mlp.json
"$T" summary "$D/print_break/trace" --json -q > pb.json
"$T" run -q -o rep3 --gate mlp.json -- sh -c 'gunzip -c "$PB_GZ" > "$TORCH_TRACE/a.log"' > out3.txt
check 1 $? "--gate: regression gives the gate's exit code 1"
has out3.txt "tparse gate: FAIL" "--gate prints the verdict"
has out3.txt "+ /home/user/zoo/models.py:152" "--gate names the new site"
[ -f rep3/index.html ]; check 0 $? "--gate still writes the report"
"$T" run -q -o rep4 --gate pb.json -- sh -c 'gunzip -c "$MLP_GZ" > "$TORCH_TRACE/a.log"' > out4.txt
check 0 $? "--gate: fewer breaks passes"
has out4.txt "tparse gate: PASS" "pass verdict printed"
"$T" run -q -o rep5 --gate mlp.json -- sh -c 'gunzip -c "$PB_GZ" > "$TORCH_TRACE/a.log"; exit 5' > /dev/null
check 5 $? "CMD failed and gate failed: CMD's exit code"
"$T" run -q -o rep6 --gate "$D/mlp_clean/trace" --gate-format sarif -- sh -c 'gunzip -c "$PB_GZ" > "$TORCH_TRACE/a.log"' > out6.txt
check 1 $? "--gate with a baseline trace dir and sarif output"
has out6.txt '"ruleId": "gb0059"' "sarif gate output from run"
"$T" run -q -o rep6b --gate mlp.json --gate-format sarif --gate-output run.sarif -- sh -c 'gunzip -c "$PB_GZ" > "$TORCH_TRACE/a.log"' > out6b.txt
check 1 $? "--gate-output: exit 1"
has run.sarif '"version": "2.1.0"' "--gate-output file holds the SARIF"
grep -q '"version"' out6b.txt; check 1 $? "stdout has the summary only"
has out6b.txt "graphs compiled:   3" "stdout summary"

# 4. torchrun: several ranks write their own logs into the dir at the same time
"$T" run -q -o rep7 -- sh -c 'for f in '"$D"'/ddp_gloo_4ranks/trace/*.gz; do
    (gunzip -c "$f" > "$TORCH_TRACE/$(basename "$f" .gz)") & done; wait' > out7.txt
check 0 $? "4 concurrent ranks: exit 0"
has out7.txt "4 file(s), .* 4 ranks" "all 4 rank logs read"
has out7.txt "graph breaks:      2 distinct site(s), 13 event(s)" "breaks of all ranks counted"
[ -d rep7/rank_0 ] && [ -d rep7/rank_3 ]; check 0 $? "multi-rank report written (rep7/rank_0 .. rank_3)"

# 5. --trace-dir reused: only this run's logs are read
"$T" run -q -o rep8 --trace-dir td -- sh -c 'gunzip -c "$PB_GZ" > "$TORCH_TRACE/one.log"' > /dev/null
"$T" run -o rep9 --trace-dir td -- sh -c 'gunzip -c "$MLP_GZ" > "$TORCH_TRACE/two.log"' > out9.txt 2> err9.txt
check 0 $? "second run into the same --trace-dir"
has out9.txt "^1 file(s)" "only the new log is read"
has err9.txt "1 older log(s) in .*td left out" "the older log is named as left out"

# 6. signals: SIGTERM to tparse reaches the child; the child's status is returned
"$T" run -q -o rep10 -- sh -c 'sleep 30 & p=$!; trap "kill \$p; echo got > sig.txt; exit 42" TERM; touch ready; wait' > /dev/null 2>&1 &
tp=$!
for _ in $(seq 1 100); do [ -f ready ] && break; sleep 0.1; done
kill -TERM $tp; wait $tp
check 42 $? "SIGTERM forwarded: the child's trap exit code 42"
[ -f sig.txt ]; check 0 $? "the child saw SIGTERM"
"$T" run -q -o rep11 -- sh -c 'kill -INT $$' > /dev/null 2>&1
check 130 $? "a child killed by SIGINT: 128 + 2"

# 7. refusals and failures
"$T" run -q -o rep12 -- sh -c 'exit 0' 2> err12.txt
check 2 $? "CMD wrote no trace: exit 2"
has err12.txt "wrote no trace log" "says no trace was written"
"$T" run -q -o rep13 -- ./no-such-command 2> err13.txt
check 127 $? "command not found: 127"
mkdir keep && echo mine > keep/file.txt
"$T" run -q -o keep -- sh -c 'touch ran' 2> /dev/null
check 2 $? "-o: a non-empty dir that is not a report is refused"
[ ! -e ran ]; check 0 $? "... before CMD runs"
[ -f keep/file.txt ]; check 0 $? "... and left alone"
"$T" run -q -o rep14 --gate nope.json -- sh -c 'touch ran2' 2> /dev/null
check 2 $? "--gate with a missing baseline is refused"
[ ! -e ran2 ]; check 0 $? "... before CMD runs"
"$T" run -q -o rep15 2> /dev/null
check 2 $? "no command: usage error"
"$T" run -q --no-browser -o rep16 -- sh -c 'gunzip -c "$MLP_GZ" > "$TORCH_TRACE/a.log"' > out16.txt
check 0 $? "run --no-browser -- CMD is accepted"

# 8. real crashes (torch 2.11 on the device, testdata/torch-2.11/crash_*: trace, stderr, exit status,
#    program.py). The "training" replays them: the truncated trace into $TORCH_TRACE, the real stderr,
#    the real exit (1, or SIGKILL).
export CB="$D/crash_backend" CK="$D/crash_killed"
"$T" run -o rep17 -- sh -c 'gunzip -c "$CB"/trace/*.gz > "$TORCH_TRACE/a.log"; cat "$CB/stderr.txt" >&2; exit 1' > out17.txt 2> err17.txt
check 1 $? "backend raised: the command's exit code 1"
grep -v -e '^tparse run: ' -e '^tparse: ' err17.txt > err17.child
cmp -s err17.child "$CB/stderr.txt"; check 0 $? "the command's stderr passed through byte for byte"
has out17.txt "^  command exited with 1$" "summary: exit status"
has out17.txt "^  no compile in flight" "summary: no compile in flight (the failed compile finished)"
has out17.txt "^  last failed compile: \[0/0\] BackendCompilerFailed" "summary: the failed compile"
has out17.txt "^    RuntimeError: failing_backend: refusing graph with 6 nodes$" "summary: the traceback's exception"
python3 - rep17/summary.json "$CB/stderr.txt" <<'PY'; check 0 $? "summary.json run: exit_code, traceback (the whole real one), in_flight []"
import json, sys
r = json.load(open(sys.argv[1]))["run"]
err = open(sys.argv[2]).read().rstrip("\n")
assert r["exit_code"] == 1 and r["signal"] is None and r["in_flight"] == [], r
assert r["traceback"] == err, (r["traceback"][-200:], err[-200:])
PY
grep -q 'id="run"' rep17/index.html && grep -q 'RuntimeError: failing_backend: refusing graph with 6 nodes' rep17/index.html
check 0 $? "report: This run section with the traceback"
"$T" run -o rep18 -- sh -c 'gunzip -c "$CK"/trace/*.gz > "$TORCH_TRACE/a.log"; cat "$CK/stderr.txt" >&2; kill -KILL $$' > out18.txt 2> err18.txt
check 137 $? "killed inside a compile: 128 + 9"
has out18.txt "^  command ended by signal 9 (SIGKILL)$" "summary: the signal"
has out18.txt "^  compile in flight: \[1/0\] torch_dynamo_resume_in_f_at_23 (/home/user/exact/cases/crash_killed.py:23)" "summary: the compile in flight"
has out18.txt "^  no Python traceback" "summary: no traceback"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["run"]; assert r["signal"]==9 and [x["compile_id"] for x in r["in_flight"]]==["1/0"], r' rep18/summary.json
check 0 $? "summary.json run: signal 9, in_flight [1/0]"
grep -q 'Compile in flight' rep18/index.html; check 0 $? "report: the compile in flight"
"$T" summary "$CK/trace" --json -q | python3 -c 'import json,sys; assert json.load(sys.stdin)["run"] is None'
check 0 $? "tparse summary (not run): run is null"
"$T" summary "$CK/trace" > out18b.txt
has out18b.txt "^  compile in flight: \[1/0\] torch_dynamo_resume_in_f_at_23 .*never finished: the trace ends inside it" "summary (not run): Trace end names the compile in flight"

# 9. A torchrun DDP run (2 ranks, gloo) whose DDPOptimizer asserted before Dynamo logged the model's
#    frame (testdata/torch-2.11/ddp_gloo_first_bucket_assert: both rank traces, torchrun's real output,
#    exit status, truth.json read from that output).
export DG="$D/ddp_gloo_first_bucket_assert"
"$T" run -o rep19 -- sh -c 'for f in "$DG"/trace/*.gz; do n=${f##*/}; gunzip -c "$f" > "$TORCH_TRACE/${n%.gz}"; done; cat "$DG/stdout.txt" >&2; exit "$(cat "$DG/exit_status")"' > out19.txt 2> err19.txt
check 1 $? "DDP assert: torchrun's exit status 1"
has out19.txt "^  no compile in flight" "summary: no compile in flight (every started compile finished on both ranks)"
python3 - out19.txt rep19/summary.json "$DG/truth.json" <<'PY'; check 0 $? "summary text and summary.json against truth.json: exception, where, ranks, root-cause rank, exit"
import json, sys
text, s, t = open(sys.argv[1]).read(), json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
r = s["run"]
assert r["exit_code"] == t["exit_status"] and r["in_flight"] == [], r
rc = r["root_cause"]
assert rc["exception"] == t["exception"] and rc["raised_at"] == t["raised_at"], rc
assert t["through_dynamo"] in rc["through_dynamo"] and "no compile in flight" in rc["through_dynamo"], rc
assert rc["workers"] == t["ranks_with_traceback"] and rc["workers"][0] == "[rank%d]" % t["root_cause_rank"], rc
assert t["launcher_exception"].strip() in r["traceback"], r["traceback"][-300:]
assert "  died of: " + t["exception"] + "\n" in text, text
assert s["unfinished_compiles"] == [] and s["totals"]["graphs"] == 0, s["totals"]
PY
grep -q 'First bucket should be smaller/equal to other buckets' rep19/index.html && grep -q 'frame callback' rep19/index.html
check 0 $? "report: This run says what the run died of and where"
exit $fail
