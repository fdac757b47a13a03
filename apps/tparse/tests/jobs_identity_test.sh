#!/usr/bin/env bash
# Parallel ingest changes no result: on every real trace (../shared/testdata: torch-2.11 traces,
# realmodels, tlparse's own inputs) and the damaged files of testdata/bad, `summary --json`,
# `summary -v` (diagnostics with file:line) and the whole HTML report are byte-identical between
# -j1 and -j2/-j4/-j8 with small forced chunk sizes (97 B to 64 KiB) (TPARSE_CHUNK_BYTES), so chunk boundaries fall
# inside payload lines, envelopes and tagged lines.
# Usage: jobs_identity_test.sh TPARSE_BINARY REPO_ROOT [SHARED_DIR]
# TPARSE_TEST_SAMPLE=N (set by CMake for sanitizer builds only): compare every Nth input; the release
# build compares all of them.
set -u
T=$1; ROOT=$2; SHARED=${3:-$ROOT/../shared}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fails=0; n=0; reports=0; summaries=0
inputs=()
if [ -d "$SHARED/testdata" ]; then
  base=$SHARED/testdata
  for d in "$base"/torch-2.11/*/trace "$base"/realmodels/*/*/trace "$base"/tlparse-inputs/multi_rank_*; do [ -d "$d" ] && inputs+=("$d"); done
  for f in "$base"/tlparse-inputs/*.log "$base"/tlparse-inputs/*.txt; do [ -f "$f" ] && inputs+=("$f"); done
else
  echo "note: $SHARED/testdata absent: only testdata/bad is checked (reported as skipped)"; skipped=1
fi
for f in "$ROOT"/testdata/bad/*.log; do [ -f "$f" ] && inputs+=("$f"); done
[ ${#inputs[@]} -gt 10 ] || { echo "FAIL: too few inputs (${#inputs[@]})"; exit 1; }
sample=${TPARSE_TEST_SAMPLE:-1}
atleast=$((10 / sample))   # reports and summaries that must be written (more than)
if [ "$sample" -gt 1 ]; then
  kept=()
  for i in "${!inputs[@]}"; do [ $((i % sample)) -eq 0 ] && kept+=("${inputs[$i]}"); done
  echo "sanitizer sample: 1 in ${sample} of ${#inputs[@]} inputs: ${#kept[@]} compared (release compares all)"
  inputs=("${kept[@]}")
fi
same() {  # label file1 file2
  if ! cmp -s "$2" "$3"; then echo "FAIL: $1 differs"; diff "$2" "$3" | head -5; fails=$((fails+1)); fi
}
for in in "${inputs[@]}"; do
  n=$((n+1))
  many=2; [ -d "$in" ] && many=8   # a directory of N files needs more jobs than files for helpers
  "$T" summary --json -q -j 1 "$in" > "$W/ref.json" 2>/dev/null; echo "exit $?" >> "$W/ref.json"
  "$T" summary -v -q -j 1 "$in" > "$W/ref.txt" 2>/dev/null; echo "exit $?" >> "$W/ref.txt"
  grep -q '"compiles"' "$W/ref.json" && summaries=$((summaries+1))
  for cfg in "$many 97" "4 1000" "$many 65536"; do
    set -- $cfg
    TPARSE_CHUNK_BYTES=$2 "$T" summary --json -q -j "$1" "$in" > "$W/got.json" 2>/dev/null; echo "exit $?" >> "$W/got.json"
    same "summary --json -j$1 chunk $2 on $in" "$W/ref.json" "$W/got.json"
  done
  TPARSE_CHUNK_BYTES=333 "$T" summary -v -q -j "$many" "$in" > "$W/got.txt" 2>/dev/null; echo "exit $?" >> "$W/got.txt"
  same "summary -v -j$many chunk 333 on $in" "$W/ref.txt" "$W/got.txt"
  # The report: every page, byte for byte.
  rm -rf "$W/r1" "$W/r2"
  "$T" report -q --no-browser --drawings now -j 1 "$in" -o "$W/r1" >/dev/null 2>&1
  TPARSE_CHUNK_BYTES=777 "$T" report -q --no-browser --drawings now -j "$many" "$in" -o "$W/r2" >/dev/null 2>&1
  if [ -f "$W/r1/index.html" ]; then
    reports=$((reports+1))
    if ! diff -r -q "$W/r1" "$W/r2" >/dev/null; then echo "FAIL: report -j$many chunk 777 differs on $in"; diff -r -q "$W/r1" "$W/r2" | head -5; fails=$((fails+1)); fi
  fi
done
echo "$n inputs, $summaries with compiles, $reports reports compared, $fails failure(s)"
[ $fails -eq 0 ] || exit 1
[ -n "${skipped:-}" ] && exit 77
[ $reports -gt $atleast ] && [ $summaries -gt $atleast ] || { echo "FAIL: too few summaries / reports written"; exit 1; }
