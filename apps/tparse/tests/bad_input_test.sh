#!/usr/bin/env bash
# Bad-input contract: every file of testdata/bad/ (see make_bad.py; expectations in expect.tsv,
# computed from how each file was damaged, not from tparse's output) must give
#   - summary --json: exit 0, the expected graph count, the diagnostic class counted with an example
#     at the expected file:line;
#   - summary --strict: the documented exit code (1 for error classes, 0 for notes), file:line on stderr;
#     (an empty file holds no trace: exit 2 as for an empty directory, and no report directory is left);
#   - the HTML report: exit 0 and an "Input problems" section naming the class and file:line;
# with no crash and no hang (each run has a time limit). Also: an unreadable file in a directory and a
# symlink loop given directly. Usage: bad_input_test.sh TPARSE_BINARY TESTDATA_DIR
set -u
BIN=$1
BAD=$2/bad
TMP=$(mktemp -d)
trap 'chmod -R u+rwx "$TMP" 2>/dev/null; rm -rf "$TMP"' EXIT
fails=0; passes=0
ok() { passes=$((passes+1)); }
bad() { echo "FAIL: $*"; fails=$((fails+1)); }
run() {  # run CMD... with a time limit; output in $TMP/out, $TMP/err; exit code in $rc
  timeout 300 "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?
  if [ "$rc" -ge 124 ]; then echo "  (command: $*)"; head -5 "$TMP/err"; fi
}
json_get() {  # python expression over d = the JSON in $TMP/out
  python3 -c "import json,sys; d=json.load(open('$TMP/out')); print($1)"
}

while IFS=$'\t' read -r file cls line strict graphs; do
  case "$file" in '#'*|'') continue ;; esac
  path="$BAD/$file"
  shown="$path"; [ "$line" -gt 0 ] && shown="$path:$line"

  if [ "$strict" = 2 ]; then
    # No trace at all (an empty file): exit 2 like an empty directory, and a failed report run
    # leaves no output directory behind.
    run "$BIN" summary --json "$path"
    [ "$rc" = 2 ] && grep -q "empty" "$TMP/err" && ok || bad "$file: summary exit $rc, want 2 naming the empty input"
    rm -rf "$TMP/r"
    run "$BIN" report "$path" -o "$TMP/r" --no-browser -q
    [ "$rc" = 2 ] && [ ! -e "$TMP/r" ] && ok || bad "$file: report exit $rc (want 2) or left $TMP/r behind"
    continue
  fi
  run "$BIN" summary --json "$path"
  if [ "$rc" -ne 0 ]; then bad "$file: summary --json exit $rc"; head -3 "$TMP/err"; continue; fi
  got=$(json_get "d['totals']['graphs']")
  [ "$got" = "$graphs" ] && ok || bad "$file: graphs $got, want $graphs"
  if [ "$cls" != "-" ]; then
    n=$(json_get "d['diagnostics']['counts']['$cls']")
    [ "$n" -ge 1 ] && ok || bad "$file: class $cls not counted"
    if [ "$line" -gt 0 ]; then
      hit=$(json_get "any(e['class']=='$cls' and e['where']=='$shown' for e in d['diagnostics']['examples'])")
      [ "$hit" = True ] && ok || { bad "$file: no $cls example at $shown"; json_get "d['diagnostics']['examples'][:4]"; }
    fi
  else
    n=$(json_get "sum(d['diagnostics']['counts'].values())")
    [ "$n" = 0 ] && ok || bad "$file: unexpected diagnostics $n"
  fi

  run "$BIN" summary --strict "$path"
  [ "$rc" = "$strict" ] && ok || bad "$file: --strict exit $rc, want $strict"
  if [ "$strict" = 1 ] && [ "$line" -gt 0 ]; then
    grep -qF "$shown: $cls" "$TMP/err" && ok || bad "$file: --strict does not name $shown: $cls"
  fi

  rm -rf "$TMP/r"
  run "$BIN" report "$path" -o "$TMP/r" --no-browser -q
  [ "$rc" = 0 ] && ok || { bad "$file: report exit $rc"; head -3 "$TMP/err"; }
  if [ "$cls" != "-" ] && [ "$file" != empty.log ]; then
    grep -q 'id="input"' "$TMP/r/index.html" && grep -qF ">$cls<" "$TMP/r/index.html" && ok \
      || bad "$file: report has no input-problems row for $cls"
    if [ "$line" -gt 0 ]; then grep -qF "$shown" "$TMP/r/index.html" && ok || bad "$file: report does not name $shown"; fi
  fi
done < "$BAD/expect.tsv"

# The mixed-ranks file is two ranks, each with the base trace's two graphs.
run "$BIN" summary --json "$BAD/mixed_ranks.log"
[ "$(json_get "sorted((r['rank'], r['graphs']) for r in d['ranks'])")" = "[(0, 2), (1, 2)]" ] && ok || bad "mixed ranks: per-rank graphs"

# Escapes and markup from a trace never reach the terminal or the HTML raw.
ctl() { LC_ALL=C grep -c $'[\x01-\x08\x0b-\x1f\x7f]' "$@" | awk -F: '{s+=$NF} END {print s+0}'; }
for cmd in summary explain; do
  run "$BIN" $cmd "$BAD/escapes.log"
  [ "$rc" = 0 ] && [ "$(ctl "$TMP/out" "$TMP/err")" = 0 ] && ok || bad "$cmd prints control characters from the trace"
done
run "$BIN" explain "$BAD/escapes.log"
grep -q "pwned" "$TMP/out" && ok || bad "explain dropped the injected reason text instead of showing it safely"
rm -rf "$TMP/r"
run "$BIN" report "$BAD/escapes.log" -o "$TMP/r" --no-browser -q
[ "$(ctl "$TMP"/r/*.html "$TMP"/r/*/*.html)" = 0 ] && ok || bad "report HTML holds control characters"
grep -rqF "<script>alert(1)" "$TMP/r" && bad "report holds raw <script> from the trace" || ok
grep -qF "&lt;script&gt;alert(1)" "$TMP/r/index.html" && ok || bad "report does not show the injected text escaped"

# An unreadable file in a directory: reported by name, the readable file still loaded.
mkdir -p "$TMP/dir"
cp "$BAD/dir_links/dedicated_log_torch_trace_good.log" "$TMP/dir/dedicated_log_torch_trace_a.log"
cp "$BAD/dir_links/dedicated_log_torch_trace_good.log" "$TMP/dir/dedicated_log_torch_trace_b.log"
chmod 000 "$TMP/dir/dedicated_log_torch_trace_b.log"
chmod 755 "$TMP" "$TMP/dir"
AS=()
if [ "$(id -u)" = 0 ]; then AS=(setpriv --reuid=65534 --regid=65534 --clear-groups); fi  # root reads anything
run "${AS[@]}" "$BIN" summary --strict "$TMP/dir"
[ "$rc" = 1 ] && ok || bad "unreadable file: --strict exit $rc, want 1"
grep -q "dedicated_log_torch_trace_b.log: unreadable: .*Permission denied" "$TMP/err" && ok || { bad "unreadable file not named"; cat "$TMP/err"; }
grep -q "graphs compiled:   2" "$TMP/out" && ok || bad "unreadable file: the readable file was not loaded"

# A symlink loop given directly: usage-level error (exit 2) with the system's reason.
ln -s loop.log "$TMP/loop.log"
run "$BIN" summary "$TMP/loop.log"
[ "$rc" = 2 ] && ok || bad "symlink loop: exit $rc, want 2"
grep -q "symbolic links" "$TMP/err" && ok || { bad "symlink loop: reason not given"; cat "$TMP/err"; }

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
