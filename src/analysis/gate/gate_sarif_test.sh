#!/usr/bin/env bash
# tparse gate --format sarif on real traces: the output validates against OASIS's SARIF 2.1.0
# schema (docs/sarif-schema-2.1.0.json, python3-jsonschema), a new print() break is one result at
# zoo/models.py:152 relative to --source-root with rule gb0059 (help text with the fix, helpUri),
# the recompile is a result at the function's file:line, a passing gate has no results, and the
# validator rejects a damaged document (so the validation can fail).
# Usage: gate_sarif_test.sh PATH/TO/tparse REPO_ROOT
set -u
T="$1"; ROOT="$2"; D="$ROOT/testdata/torch-2.11"; SCHEMA="$ROOT/docs/sarif-schema-2.1.0.json"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fail=0
check() { local want=$1 got=$2 what=$3; if [ "$want" != "$got" ]; then echo "FAIL: $what (want $want, got $got)"; fail=1; else echo "ok: $what"; fi; }
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "FAIL: python3 jsonschema missing (scripts/setup.sh installs python3-jsonschema)"; exit 1
fi
validate() {  # validate FILE: exit 0 when valid against the SARIF 2.1.0 schema
  python3 - "$SCHEMA" "$1" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
for e in errors[:5]:
    print("  schema:", "/".join(map(str, e.absolute_path)), e.message[:200])
sys.exit(1 if errors else 0)
PY
}

# The checkout: the trace was written on /home/user/zoo/models.py; CI has it at SRC/zoo/models.py.
SRC="$W/checkout"; mkdir -p "$SRC/zoo"
for i in $(seq 1 200); do echo "# line $i"; done > "$SRC/zoo/models.py"

"$T" gate "$D/print_break/trace" --baseline-trace "$D/mlp_clean/trace" -q --format sarif --source-root "$SRC" -o "$W/fail.sarif"
check 1 $? "regression: sarif run exits 1"
validate "$W/fail.sarif"; check 0 $? "regression SARIF validates against the SARIF 2.1.0 schema"

python3 - "$W/fail.sarif" "$SRC" <<'PY'; check 0 $? "SARIF content: gb0059 result at zoo/models.py:152, rule help with the fix, recompile result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0", d["version"]
run = d["runs"][0]
assert run["tool"]["driver"]["name"] == "tparse"
rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
assert "gb0059" in rules, rules.keys()
gb = rules["gb0059"]
assert "Fix:" in gb["help"]["text"] and "print" in gb["help"]["text"], gb["help"]["text"]
assert gb["helpUri"].endswith("/gb/gb0059.html"), gb["helpUri"]
assert gb["shortDescription"]["text"] == "Graph break: Failed to trace builtin operator", gb["shortDescription"]
breaks = [r for r in run["results"] if r["ruleId"] == "gb0059"]
assert len(breaks) == 1, run["results"]
b = breaks[0]
assert b["level"] == "error"
assert run["tool"]["driver"]["rules"][b["ruleIndex"]]["id"] == "gb0059"
loc = b["locations"][0]["physicalLocation"]
assert loc["artifactLocation"] == {"uri": "zoo/models.py", "uriBaseId": "SRCROOT"}, loc
assert loc["region"]["startLine"] == 152, loc
assert "print" in loc["region"]["snippet"]["text"], loc
assert b["message"]["text"].startswith("New graph break [gb0059]: Failed to trace builtin operator in forward (3 event(s))."), b["message"]
assert b["properties"]["events"] == 3
assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + sys.argv[2] + "/"
rec = [r for r in run["results"] if r["ruleId"].startswith("tparse.recompile.")]
assert len(rec) == 1, [r["ruleId"] for r in run["results"]]
assert rec[0]["ruleId"] == "tparse.recompile.requires_grad_change", rec[0]["ruleId"]
assert "requires_grad" in rec[0]["message"]["text"] and "Fix:" in rec[0]["message"]["text"], rec[0]["message"]
rl = rec[0]["locations"][0]["physicalLocation"]
assert rl["artifactLocation"]["uri"] == "zoo/models.py" and rl["region"]["startLine"] > 0, rl
assert len(run["results"]) == 2, len(run["results"])
assert run["properties"]["pass"] is False
notes = run["invocations"][0]["toolExecutionNotifications"]
assert any(n["descriptor"]["id"] == "tparse.gate.break_sites" for n in notes), notes
PY

"$T" gate "$D/mlp_clean/trace" --baseline-trace "$D/print_break/trace" -q --format sarif --source-root "$SRC" > "$W/pass.sarif"
check 0 $? "fewer breaks: sarif run exits 0"
validate "$W/pass.sarif"; check 0 $? "passing SARIF validates"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]; assert r["results"] == [] and r["properties"]["pass"] is True' "$W/pass.sarif"
check 0 $? "passing gate: no results"

# Without the file under --source-root, the location is the trace's absolute path as a file URI.
"$T" gate "$D/print_break/trace" --baseline-trace "$D/mlp_clean/trace" -q --format sarif --source-root "$W/empty" > "$W/abs.sarif"
validate "$W/abs.sarif"; check 0 $? "absolute-path SARIF validates"
grep -q '"uri": "file:///home/user/zoo/models.py"' "$W/abs.sarif"; check 0 $? "file not in the checkout: absolute file URI"

# The validator is not a rubber stamp: a result without a message and a wrong version are rejected.
python3 -c '
import json,sys
d=json.load(open(sys.argv[1])); d["version"]="2.0.0"; del d["runs"][0]["results"][0]["message"]
json.dump(d, open(sys.argv[2], "w"))' "$W/fail.sarif" "$W/broken.sarif"
validate "$W/broken.sarif" >/dev/null; check 1 $? "damaged SARIF is rejected by the schema"
exit $fail
