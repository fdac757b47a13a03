#!/usr/bin/env bash
# valgrind memcheck over every command on small real traces (and some damaged ones): any invalid
# read/write, use of uninitialised memory or definite/indirect leak fails the test. Third-party leaks
# inside graphviz/fontconfig/pango are suppressed by scripts/valgrind.supp (nothing else).
# Usage: valgrind_test.sh TPARSE_BINARY TESTDATA_DIR SUPPRESSIONS
set -u
BIN=$1
TD=$2
SUPP=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0; passes=0
vg() {  # description, command args...
  local desc=$1; shift
  valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --suppressions="$SUPP" --track-origins=yes "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
  local rc=$?
  if [ "$rc" = 99 ] || grep -q "^==[0-9]*==" "$TMP/err"; then
    echo "FAIL: $desc (valgrind)"; grep "^==" "$TMP/err" | head -40; fails=$((fails+1))
  elif [ "$rc" -gt 2 ]; then
    echo "FAIL: $desc (exit $rc)"; tail -5 "$TMP/err"; fails=$((fails+1))
  else
    passes=$((passes+1))
  fi
}
PB=$TD/programs/truth/print_break/trace
vg "summary" summary "$PB"
vg "summary --json gz" summary --json "$TD/torch-2.11/mlp_clean/trace"
vg "summary multi-rank" summary "$TD/tlparse-inputs/multi_rank_logs"
for f in truncated_last_line.log invalid_utf8.log mixed_ranks.log nul_bytes.log deep_json.log payload_without_envelope.log; do
  vg "summary bad/$f" summary "$TD/bad/$f"
done
vg "report" report "$PB" -o "$TMP/r" --no-browser -q
vg "report of a damaged trace" report "$TD/bad/truncated_last_line.log" -o "$TMP/r2" --no-browser -q
vg "explain (trace)" explain "$PB"
vg "gate" gate --baseline-trace "$TD/programs/truth/mlp_clean/trace" "$PB" --format json
vg "gate sarif" gate --baseline-trace "$TD/programs/truth/mlp_clean/trace" "$PB" --format sarif --source-root "$TMP"
vg "run -- CMD with --gate" run -q -o "$TMP/r3" --trace-dir "$TMP/rt" --gate "$TD/programs/truth/mlp_clean/trace" -- sh -c "cp '$PB'/* \"\$TORCH_TRACE/\""
vg "completion bash" completion bash
vg "completion zsh" completion zsh
vg "completion fish" completion fish
vg "man" man
vg "summary --json multi-rank (collective schedules)" summary --json "$TD/tlparse-inputs/multi_rank_schedule" -o "$TMP/mr.json"
vg "report multi-rank" report "$TD/tlparse-inputs/multi_rank_schedule" -o "$TMP/r4" --no-browser -q
vg "merge" merge "$TMP/mr.json" "$TMP/mr.json" -o "$TMP/m1"
cp "$TMP/mr.json" "$TMP/mr2.json" && sed -i 's/"rank": 1,/"rank": 7,/' "$TMP/mr2.json"
vg "merge of a damaged summary" merge "$TMP/mr2.json" "$TD/bad/truncated_last_line.log" -o "$TMP/m2"
vg "diff" diff "$TD/programs/truth/mlp_clean/trace" "$PB"
vg "compile" compile "$TD/programs/print_break.py" --trace-dir "$TMP/t"
vg "explain (source)" explain "$TD/programs/recompile_size.py"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
