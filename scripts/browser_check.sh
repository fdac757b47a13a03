#!/usr/bin/env bash
# Headless Chromium check of the HTML report: renders a bundled trace, loads index.html and one
# compile page, fails on any console error / uncaught exception, checks the DOM has the expected
# sections, and saves screenshots under BUILD_DIR (CI artifacts). First proves on a deliberately
# broken page that an error would be caught.
# Usage: scripts/browser_check.sh TPARSE_BINARY BUILD_DIR
set -euo pipefail
TPARSE=${1:?tparse binary}
BUILD=${2:?build dir}
mkdir -p "$BUILD" && BUILD=$(cd "$BUILD" && pwd)
case "$TPARSE" in /*) ;; *) TPARSE="$PWD/$TPARSE" ;; esac
cd "$(dirname "$0")/.."
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROME" ]; then echo "browser_check: chromium not installed (scripts/setup.sh installs it): skipped"; exit 77; fi
WORK="$BUILD/browser-check"
rm -rf "$WORK" && mkdir -p "$WORK"
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT

chrome() {  # chrome LOG_FILE ARGS... : runs headless chromium, console messages into LOG_FILE
  local log=$1; shift
  timeout 90 "$CHROME" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$PROFILE" \
    --enable-logging=stderr --v=0 --virtual-time-budget=3000 "$@" 2>"$log"
}
console_errors() {  # prints console errors / uncaught exceptions found in a log
  grep -E 'CONSOLE|Uncaught' "$1" || true
}

# 1. The check itself must catch a broken page.
printf '<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>' >"$WORK/broken.html"
chrome "$WORK/broken.log" --dump-dom "file://$WORK/broken.html" >/dev/null || true
if [ -z "$(console_errors "$WORK/broken.log")" ]; then
  echo "browser_check: FAILED to detect a console error on a broken page (check is blind)"; cat "$WORK/broken.log"; exit 1
fi

# 2. The real report.
"$TPARSE" report testdata/torch-2.11/print_break/trace -o "$WORK/report" --overwrite --no-browser --quiet
fail=0
# The CLI refuses a non-empty output directory without --overwrite (exit 2).
rc=0; "$TPARSE" report testdata/torch-2.11/print_break/trace -o "$WORK/report" --no-browser --quiet 2>/dev/null || rc=$?
[ "$rc" = 2 ] || { echo "browser_check: writing into a non-empty -o without --overwrite gave exit $rc, want 2"; fail=1; }
for page in index.html c/1.html timeline.html; do
  name=$(echo "$page" | tr '/.' '__')
  chrome "$WORK/$name.log" --dump-dom "file://$WORK/report/$page" >"$WORK/$name.dom" || { echo "chromium failed on $page"; fail=1; }
  errs=$(console_errors "$WORK/$name.log")
  if [ -n "$errs" ]; then echo "browser_check: console errors on $page:"; echo "$errs"; fail=1; fi
done
grep -q 'Graph breaks: 1 distinct site' "$WORK/index_html.dom" || { echo "index.html DOM lacks the graph-break section"; fail=1; }
grep -q 'models.py:152' "$WORK/index_html.dom" || { echo "index.html DOM lacks the break site"; fail=1; }
grep -q 'Dynamo output graph' "$WORK/c_1_html.dom" || { echo "compile page DOM lacks the graph"; fail=1; }
chrome "$WORK/shot.log" --window-size=1300,1500 --screenshot="$BUILD/report-index.png" "file://$WORK/report/index.html" || fail=1
chrome "$WORK/shot2.log" --window-size=1300,2000 --screenshot="$BUILD/report-compile.png" "file://$WORK/report/c/1.html" || fail=1
[ -s "$BUILD/report-index.png" ] && [ -s "$BUILD/report-compile.png" ] || { echo "no screenshot"; fail=1; }
# 3. A real-model graph (ChatGLM3-6B, 2860 nodes, from ../shared when present): the compile page
#    draws the model by module, and clicking boxes (encoder -> layers -> the 28-layer box) opens a
#    layer's page. The harness clicks the SVG links inside an iframe (file pages are same-origin
#    with --allow-file-access-from-files) and records where the clicks led.
GLM=../shared/testdata/realmodels/chatglm3/real-torch-2.11/trace
if [ -d "$GLM" ]; then
  start=$(date +%s.%N)
  "$TPARSE" report "$GLM" -o "$WORK/glm" --overwrite --no-browser --quiet
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  echo "browser_check: ChatGLM3 report in ${secs} s"
  [ "$(echo "$secs < 2" | bc)" = 1 ] || { echo "browser_check: ChatGLM3 report took ${secs} s (limit 2 s)"; fail=1; }
  cat >"$WORK/glm/click.html" <<'HTML'
<!DOCTYPE html><html><body><iframe id="f" src="c/0.html" width="1200" height="900"></iframe><script>
const steps = ["encoder", "layers", "x same graph"];
let k = 0;
const f = document.getElementById("f");
// A graph's modules are sections of one file (g/<hash>.html#m<signature>): a click inside it is a
// #fragment change (no load event), and only the section it names is shown.
const shown = d => d.querySelector(".mod:target") || d.querySelector(".mod.root") || d.body;
function step() {
  const d = f.contentDocument, s = shown(d);
  if (k === steps.length) {
    document.body.setAttribute("data-result", "reached " + s.querySelector("h1").textContent + " | " + s.textContent.includes("28 modules have this same graph") + " | title " + d.title);
    return;
  }
  const a = [...s.querySelectorAll("svg a")].find(x => x.textContent.includes(steps[k]));
  if (!a) { document.body.setAttribute("data-result", "no box with " + steps[k] + " on " + f.contentWindow.location.pathname + f.contentWindow.location.hash); return; }
  a.setAttribute("target", "_self");
  k++;
  a.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: f.contentWindow}));
}
f.onload = () => { f.contentWindow.addEventListener("hashchange", () => setTimeout(step, 0)); step(); };
</script></body></html>
HTML
  chrome "$WORK/glm_click.log" --allow-file-access-from-files --dump-dom "file://$WORK/glm/click.html" >"$WORK/glm_click.dom" || fail=1
  result=$(grep -o 'data-result="[^"]*"' "$WORK/glm_click.dom" || true)
  echo "browser_check: ChatGLM3 clicks: $result"
  echo "$result" | grep -q 'reached Module transformer.encoder.layers.[0-9]* | true | title Module transformer.encoder.layers.[0-9]*"' || { echo "browser_check: clicking into a layer failed"; fail=1; }
  errs=$(console_errors "$WORK/glm_click.log")
  if [ -n "$errs" ]; then echo "browser_check: console errors on the ChatGLM3 pages:"; echo "$errs"; fail=1; fi
  chrome "$WORK/shot3.log" --window-size=1300,1600 --screenshot="$BUILD/report-glm-compile.png" "file://$WORK/glm/c/0.html" || fail=1
fi
if [ $fail -ne 0 ]; then echo "browser_check: FAILED"; exit 1; fi
if [ ! -d "$GLM" ]; then echo "browser_check: $GLM absent: the ChatGLM3 part could not run (skipped)"; exit 77; fi
echo "browser_check: ok (screenshots: $BUILD/report-index.png, $BUILD/report-compile.png)"
