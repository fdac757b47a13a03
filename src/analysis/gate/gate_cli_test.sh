#!/usr/bin/env bash
# CLI checks for tparse gate / diff / explain: exit codes (0 pass, 1 regression, 2 usage or
# unreadable input), the verdict naming models.py:152, JUnit validated by xmllint against
# docs/junit.xsd, and explain's header against torch's explain.txt.
# Usage: gate_cli_test.sh PATH/TO/tparse REPO_ROOT
set -u
T="$1"; ROOT="$2"; D="$ROOT/testdata/torch-2.11"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fail=0
check() { local want=$1 got=$2 what=$3; if [ "$want" != "$got" ]; then echo "FAIL: $what (want $want, got $got)"; fail=1; else echo "ok: $what"; fi; }

"$T" summary "$D/print_break/trace" --json -q > "$W/pb.json"
"$T" summary "$D/mlp_clean/trace" --json -q > "$W/mlp.json"
"$T" gate "$D/mlp_clean/trace" --baseline "$W/pb.json" -q > "$W/out1.txt"; check 0 $? "fewer breaks than the print_break baseline passes"
"$T" gate "$D/print_break/trace" --baseline "$W/mlp.json" -q > "$W/out2.txt"; check 1 $? "more breaks than the mlp_clean baseline fails"
grep -q "models.py:152" "$W/out2.txt"; check 0 $? "verdict names models.py:152"
"$T" gate "$D/print_break/trace" --baseline-trace "$D/mlp_clean/trace" -q --format junit > "$W/j.xml"; check 1 $? "junit run exits 1"
if command -v xmllint >/dev/null; then
  xmllint --noout --schema "$ROOT/docs/junit.xsd" "$W/j.xml" 2>"$W/xmllint.err"; check 0 $? "JUnit validates against docs/junit.xsd"
  "$T" gate "$D/mlp_clean/trace" --baseline-trace "$D/print_break/trace" -q --format junit > "$W/j2.xml"
  xmllint --noout --schema "$ROOT/docs/junit.xsd" "$W/j2.xml" 2>>"$W/xmllint.err"; check 0 $? "passing JUnit validates"
else
  echo "FAIL: xmllint missing (scripts/setup.sh installs libxml2-utils)"; fail=1
fi
"$T" gate "$D/print_break/trace" --baseline-trace "$D/mlp_clean/trace" -q --format github | grep -q '^::error file=.*models.py,line=152,'; check 0 $? "github annotation points at models.py line 152"
"$T" gate "$D/print_break/trace" --baseline-trace "$D/mlp_clean/trace" -q --format json | grep -q '"pass": false'; check 0 $? "json verdict"
"$T" gate "$D/print_break/trace" -q 2>/dev/null; check 2 $? "no baseline is a usage error"
"$T" gate "$D/print_break/trace" --baseline "$W/nope.json" -q 2>/dev/null; check 2 $? "unreadable baseline"
echo '{"schema": "x"}' > "$W/bad.json"
"$T" gate "$D/print_break/trace" --baseline "$W/bad.json" -q 2>/dev/null; check 2 $? "non-summary baseline"
# Issue 13.1: JSON that is not a summary (torch's explain.json / truth.json, a summary without
# totals) is a usage error with one line on stderr, never an abort.
for j in "$D/item_break/explain.json" "$D/item_break/truth.json"; do
  "$T" gate "$D/print_break/trace" --baseline "$j" -q >/dev/null 2>"$W/err.txt"; check 2 $? "baseline $(basename "$j") exits 2"
  check 1 "$(wc -l < "$W/err.txt")" "baseline $(basename "$j"): one-line message"
done
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["totals"]; json.dump(d, open(sys.argv[2], "w"))' "$W/pb.json" "$W/nototals.json"
"$T" gate "$D/print_break/trace" --baseline "$W/nototals.json" -q >/dev/null 2>"$W/err.txt"; check 2 $? "summary without totals exits 2"
grep -q 'no "totals"' "$W/err.txt"; check 0 $? "message names the missing totals"
"$T" gate "$D/print_break/trace" --baseline "$W/pb.json" --fail-on bogus -q 2>/dev/null; check 2 $? "bad --fail-on"
"$T" gate "$D/print_break/trace" --baseline "$W/pb.json" --fail-on recompiles -q >/dev/null; check 1 $? "--fail-on recompiles (print_break recompiles once)"
"$T" gate "$D/print_break/trace" --baseline "$W/pb.json" --max-compile-time-increase 20% -q >/dev/null; check 0 $? "same trace: no compile-time regression"
"$T" diff "$D/mlp_clean/trace" "$D/print_break/trace" -q > "$W/diff.txt"; check 0 $? "diff runs"
grep -q '^  + /home/user/zoo/models.py:152' "$W/diff.txt"; check 0 $? "diff shows the added site"
if [ -f "$D/print_break/explain.txt" ]; then
  "$T" explain "$D/print_break/trace" -q > "$W/ex.txt"; check 0 $? "explain runs"
  # The explain-compatible block up to Ops per Graph equals torch's explain.txt line for line.
  diff <(sed -n '1,/^Out Guards:/p' "$D/print_break/explain.txt") <(sed -n '1,/^Out Guards:/p' "$W/ex.txt") >/dev/null
  check 0 $? "explain text (counts, reasons, stacks, ops) equals torch's explain.txt"
fi
# A .py argument goes through the reference compiler when it is built in (exit 2 otherwise).
"$T" explain "$ROOT/testdata/programs/print_break.py" -q > "$W/py.txt" 2>/dev/null; rc=$?
if [ $rc -eq 0 ]; then
  head -3 "$W/py.txt" | tr '\n' ' ' | grep -q "Graph Count: 2 Graph Break Count: 1 Op Count: 2"; check 0 $? "explain model.py: print break splits f in two"
  grep -q 'print("halfway there")' "$W/py.txt"; check 0 $? "explain model.py shows the source line"
else
  check 2 $rc "explain model.py without the reference compiler is a usage error"
fi
# Issue 13.8: an entry frame skipped by a break in a loop never recompiles, so it cannot end the
# first call; the first frame compiled inside it does. The same program run once and run three
# times (new sizes) must give the same first-call Graph Count, with a warning that the end is a
# guess. Traces come from the reference compiler when it is built in.
cat > "$W/loop3.py" <<'PY'
import torch


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.lin(x)
        print("layer")
        return torch.relu(y)


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
m(torch.randn(3, 4))
m(torch.randn(5, 4))
PY
head -27 "$W/loop3.py" > "$W/loop1.py"
if "$T" compile "$W/loop1.py" --trace-dir "$W/l1" >/dev/null 2>&1 && "$T" compile "$W/loop3.py" --trace-dir "$W/l3" >/dev/null 2>&1; then
  g1=$("$T" explain "$W/l1" -q | sed -n 's/^Graph Count: //p'); "$T" explain "$W/l3" -q > "$W/l3.txt"
  g3=$(sed -n 's/^Graph Count: //p' "$W/l3.txt"); all=$("$T" explain "$W/l3" -q --all-calls | sed -n 's/^Graph Count: //p')
  check "$g1" "$g3" "skipped entry: first call of 3 calls = the 1-call run's graphs ($g1; all calls $all)"
  [ "$all" -gt "$g3" ]; check 0 $? "the later calls compiled more graphs (else this test proves nothing)"
  grep -q '^Scope: .*stopped where' "$W/l3.txt"; check 0 $? "explain prints where the first call stopped"
  grep -q '^First call: estimated' "$W/l3.txt"; check 0 $? "explain says the scope is estimated"
  "$T" explain "$W/l3" -q --json | grep -q '"guess": true'; check 0 $? "explain --json scope.guess"
else
  echo "skip: tparse compile not built in"; skipped=1
fi
[ $fail -ne 0 ] && exit 1
[ -n "${skipped:-}" ] && { echo "some checks could not run: reported as skipped (77)"; exit 77; }
exit 0
