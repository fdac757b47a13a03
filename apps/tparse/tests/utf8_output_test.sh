#!/usr/bin/env bash
# Every output of tparse on every real trace in testdata/ and ../shared/testdata (skipped when
# absent), plus a print_break trace with ill-formed UTF-8 injected (overlong, surrogate, above
# U+10FFFF, F8 lead), decodes as strict UTF-8: summary (text, --json), explain (text, --json),
# gate (all formats), diff, and every file of the HTML report. Issue 13.3.
# Usage: utf8_output_test.sh TPARSE_BINARY REPO_ROOT [SHARED_DIR]
# TPARSE_TEST_SAMPLE=N (set by CMake for sanitizer builds only): check every Nth real trace plus the
# injected one; the release build checks all of them.
set -u
T=$1; ROOT=$2; SHARED=${3:-$ROOT/../shared}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fails=0; n=0
strict() {  # file... : each must decode as UTF-8
  python3 - "$@" <<'PY' || fails=$((fails+1))
import sys
bad = 0
for p in sys.argv[1:]:
    try:
        open(p, 'rb').read().decode('utf-8', 'strict')
    except UnicodeDecodeError as e:
        bad += 1
        print('FAIL: not UTF-8:', p, e)
sys.exit(1 if bad else 0)
PY
}
inputs=()
for base in "$ROOT/testdata" "$SHARED/testdata"; do
  [ -d "$base" ] || { echo "skip: $base absent"; skipped=1; continue; }
  for d in "$base"/torch-2.11/*/trace "$base"/realmodels/*/*/trace "$base"/tlparse-inputs/multi_rank_*; do [ -d "$d" ] && inputs+=("$d"); done
  for f in "$base"/tlparse-inputs/*.log* "$base"/tlparse-inputs/*.txt "$base"/bad/*.log*; do [ -f "$f" ] && inputs+=("$f"); done
done
# Ill-formed UTF-8 injected into a real trace's payload text (the print site's source line).
gzip -dc "$ROOT"/testdata/torch-2.11/print_break/trace/*.gz |
  python3 -c 'import sys; d=sys.stdin.buffer.read(); sys.stdout.buffer.write(d.replace(b"norm computed", b"norm\xe0\x80\x9d\xed\xa0\x80\xf4\x90\x80\x80\xf8\xff computed"))' > "$W/injected.log"
python3 -c 'import sys; sys.exit(0 if b"norm\xe0\x80\x9d" in open(sys.argv[1], "rb").read() else 1)' "$W/injected.log" || { echo "FAIL: injection did not happen"; fails=$((fails+1)); }
sample=${TPARSE_TEST_SAMPLE:-1}
if [ "$sample" -gt 1 ]; then
  kept=()
  for i in "${!inputs[@]}"; do [ $((i % sample)) -eq 0 ] && kept+=("${inputs[$i]}"); done
  echo "sanitizer sample: 1 in ${sample} of ${#inputs[@]} inputs: ${#kept[@]} checked (release checks all)"
  inputs=("${kept[@]}")
fi
inputs+=("$W/injected.log")
for in in "${inputs[@]}"; do
  n=$((n+1)); o="$W/o$n"; mkdir -p "$o"
  "$T" summary "$in" -q > "$o/summary.txt" 2>"$o/summary.err"
  "$T" summary "$in" -q --json > "$o/summary.json" 2>>"$o/summary.err"
  "$T" summary "$in" -q -v > "$o/summary_v.txt" 2>>"$o/summary.err"
  "$T" explain "$in" -q > "$o/explain.txt" 2>"$o/explain.err"
  "$T" explain "$in" -q --json > "$o/explain.json" 2>>"$o/explain.err"
  for fm in text json junit github; do "$T" gate "$in" --baseline-trace "$ROOT/testdata/torch-2.11/mlp_clean/trace" -q --format $fm > "$o/gate.$fm" 2>>"$o/gate.err"; done
  "$T" diff "$ROOT/testdata/torch-2.11/mlp_clean/trace" "$in" -q > "$o/diff.txt" 2>"$o/diff.err"
  "$T" report "$in" -o "$o/report" -q --no-browser --drawings now > /dev/null 2>"$o/report.err"
  mapfile -t files < <(find "$o" -type f)
  strict "${files[@]}"
done
# The injected bytes really reached the outputs as U+FFFD (not dropped with their record).
o="$W/o$n"
python3 - "$o" <<'PY' || fails=$((fails+1))
import os, sys
o = sys.argv[1]
want = "norm" + "\ufffd" * 12 + " computed"       # 3 + 3 + 4 + 1 + 1 maximal ill-formed subparts
def has(path, s):
    return s in open(path, 'rb').read().decode()
bad = []
if not has(o + "/summary.json", "norm" + "\\ufffd" * 12 + " computed"): bad.append("summary.json")
if not has(o + "/explain.txt", want): bad.append("explain.txt")
if not any(has(os.path.join(d, f), want) for d, _, fs in os.walk(o + "/report") for f in fs): bad.append("report/")
for b in bad: print("FAIL: %s: the injected bytes are not shown as 12 U+FFFD" % b)
sys.exit(1 if bad else 0)
PY
echo "$n inputs checked, $fails failed"
[ "$fails" -eq 0 ] || exit 1
[ -n "${skipped:-}" ] && { echo "some inputs could not be checked: reported as skipped (77)"; exit 77; }
exit 0
