#!/usr/bin/env bash
# tparse fix from the command line: --apply patches a committed file and keeps FILE.orig, refuses
# a file with uncommitted changes (exit 2, file untouched) unless --force; --json parses; --format
# sarif validates against OASIS's SARIF 2.1.0 schema and carries the patch as `fixes`; the trace
# form remaps the trace's paths under --source-root.
# Usage: fix_cli_test.sh PATH/TO/tparse REPO_ROOT
set -u
T="$1"; ROOT="$2"; P="$ROOT/testdata/programs"; SCHEMA="$ROOT/docs/sarif-schema-2.1.0.json"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fail=0
check() { if [ "$1" != "$2" ]; then echo "FAIL: $3 (want $1, got $2)"; fail=1; else echo "ok: $3"; fi; }
command -v git >/dev/null || { echo "skipped: git missing"; exit 77; }
python3 -c 'import jsonschema' 2>/dev/null || { echo "FAIL: python3 jsonschema missing (scripts/setup.sh)"; exit 1; }

cd "$W" && git init -q repo && cd repo && git config user.email t@t && git config user.name t
cp "$P/print_break.py" "$P/item_break.py" . && git add . && git commit -qm init
orig=$(cat print_break.py)

"$T" fix print_break.py > out.txt; check 0 $? "fix prints the patch, exit 0"
grep -q '^print_break.py:7: 2 graphs -> 1, 1 breaks -> 0' <(sed 's/^    //' out.txt); check 0 $? "outcome line: 2 graphs -> 1, verified"
grep -q '^+        print("halfway there")' out.txt; check 0 $? "diff re-indents the print under the guard"
check "$orig" "$(cat print_break.py)" "without --apply the file is untouched"

echo "# local edit" >> item_break.py
"$T" fix item_break.py --apply > /dev/null 2> err.txt; check 2 $? "--apply refuses a file with uncommitted changes"
grep -q "uncommitted changes" err.txt; check 0 $? "refusal names the reason"
check 1 "$(grep -c 'local edit' item_break.py)" "refused file untouched"
[ ! -e item_break.py.orig ]; check 0 $? "no .orig written on refusal"
"$T" fix item_break.py --apply --force > /dev/null 2>&1; check 0 $? "--force applies over local changes"
grep -q '^    v = s$' item_break.py; check 0 $? "item() dropped: v kept as a tensor"

"$T" fix print_break.py --apply > /dev/null 2>&1; check 0 $? "--apply on a committed file"
check "$orig" "$(cat print_break.py.orig)" "original kept as .orig"
grep -q 'if not torch.compiler.is_compiling():' print_break.py; check 0 $? "patched file has the guard"
# every line but the patched one is byte-identical
diff <(grep -v 'halfway\|is_compiling' print_break.py.orig) <(grep -v 'halfway\|is_compiling' print_break.py) >/dev/null
check 0 $? "the rest of the file is byte-identical"
"$T" fix print_break.py > again.txt; grep -q "No patch to offer" again.txt; check 0 $? "the patched file needs no patch"

git checkout -q print_break.py && rm -f print_break.py.orig
"$T" fix print_break.py --json -o fix.json; check 0 $? "--json"
python3 -c "
import json; d = json.load(open('fix.json'))
assert d['schema'] == 'tparse-fix' and d['patches'][0]['status'] == 'verified', d
assert d['patches'][0]['after']['graphs'] == 1 and d['before']['graphs'] == 2" ; check 0 $? "JSON: verified, 2 -> 1 graphs"

"$T" fix print_break.py --format sarif -o fix.sarif; check 0 $? "--format sarif"
python3 - "$SCHEMA" fix.sarif <<'PY'; check 0 $? "SARIF validates against the 2.1.0 schema and carries the fix"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
errs = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
for e in errs[:5]: print("  schema:", "/".join(map(str, e.absolute_path)), e.message[:200])
assert not errs
r = doc["runs"][0]["results"][0]
assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "print_break.py", r
rep = r["fixes"][0]["artifactChanges"][0]["replacements"][0]
assert rep["deletedRegion"] == {"startLine": 7, "startColumn": 1, "endLine": 8, "endColumn": 1}, rep
assert rep["insertedContent"]["text"] == '    if not torch.compiler.is_compiling():\n        print("halfway there")\n', rep
PY
python3 - "$SCHEMA" fix.sarif <<'PY'; check 1 $? "the validator rejects a damaged SARIF (the check can fail)"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
doc["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"]["startLine"] = "seven"
sys.exit(1 if list(jsonschema.Draft4Validator(schema).iter_errors(doc)) else 0)
PY

# the trace was recorded elsewhere: its paths point to another checkout; remapped by suffix
"$T" fix "$P/truth/print_break/trace" --source-root "$W/repo" > trace.txt; check 0 $? "fix TRACE --source-root"
grep -q '^\[1\] print_break.py:7  guard_call' trace.txt; check 0 $? "trace form: the patch on the remapped file"
grep -q 'print_break.py:7: unverified' trace.txt; check 0 $? "trace form: labelled unverified"

# the report links each break row to its patch only when given sources
"$T" report "$P/truth/two_prints/trace" --source-root "$W/repo" -o rep -q --no-browser; check 0 $? "report --source-root"
cp "$P/two_prints.py" "$W/repo/"
"$T" report "$P/truth/two_prints/trace" --source-root "$W/repo" -o rep2 -q --no-browser
check 2 "$(grep -o 'Patch:</b> <a href="fix.html#patch-[12]"' rep2/index.html | wc -l)" "report: both print rows link their patch"
grep -q 'id="patch-2"' rep2/fix.html; check 0 $? "report: fix.html has the anchors"
"$T" report "$P/truth/two_prints/trace" -o rep3 -q --no-browser
check 0 "$(grep -c 'Patch:</b>' rep3/index.html)" "report without --source-root: no patch links"
[ ! -e rep3/fix.html ]; check 0 $? "report without --source-root: no fix.html"

"$T" fix "$W/none.py" 2>/dev/null; check 2 $? "unreadable script: exit 2"
printf 'import torch\ndef f(x:\n' > bad.py
"$T" fix bad.py > bad.txt 2>&1; check 2 $? "a script with a syntax error: exit 2"
grep -q 'bad.py:[0-9]*:[0-9]*: error' bad.txt; check 0 $? "the syntax error names file:line"
exit $fail
