#!/usr/bin/env bash
# Headless Chromium check of the inductor provenance view (src/report/pages/page_provenance.cpp): writes
# the report of tlparse's provenance logs (../shared; AOTInductor C++ and JIT Python with debug
# handles), loads prov/*.html in an iframe, clicks the line of every node and kernel named in
# inductor_provenance_tracking_node_mappings (preToPost and cppCodeToPost keys, read from the raw
# log here) and checks that the highlighted lines of the partner pane name every mapped partner;
# one hover too. Fails on console errors. A broken page is checked first, so the check is not blind.
# Usage: scripts/provenance_browser_check.sh TPARSE_BINARY BUILD_DIR [SHARED_DIR]
set -euo pipefail
TPARSE=${1:?tparse binary}
BUILD=${2:?build dir}
mkdir -p "$BUILD" && BUILD=$(cd "$BUILD" && pwd)
case "$TPARSE" in /*) ;; *) TPARSE="$PWD/$TPARSE" ;; esac
cd "$(dirname "$0")/.."
SHARED=${3:-../shared}
TI=$SHARED/testdata/tlparse-inputs
if [ ! -f "$TI/inductor_provenance_aot_log.txt" ]; then
  echo "provenance_browser_check: $TI absent: skipped"; exit 77
fi
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROME" ]; then echo "provenance_browser_check: chromium not installed (scripts/setup.sh installs it): skipped"; exit 77; fi
WORK="$BUILD/provenance-browser-check"
rm -rf "$WORK" && mkdir -p "$WORK"
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
chrome() {  # chrome LOG_FILE ARGS...
  local log=$1; shift
  timeout 90 "$CHROME" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$PROFILE" \
    --allow-file-access-from-files --enable-logging=stderr --v=0 --virtual-time-budget=5000 "$@" 2>"$log"
}
console_errors() { grep -E 'CONSOLE|Uncaught' "$1" || true; }

printf '<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>' >"$WORK/broken.html"
chrome "$WORK/broken.log" --dump-dom "file://$WORK/broken.html" >/dev/null || true
if [ -z "$(console_errors "$WORK/broken.log")" ]; then echo "provenance_browser_check: blind to console errors"; exit 1; fi

fail=0
for log in inductor_provenance_aot_log.txt inductor_provenance_jit_debug_handle_log.txt; do
  out="$WORK/${log%.txt}"
  "$TPARSE" "$TI/$log" -i -o "$out" --no-browser --quiet
  page=$(cd "$out" && ls prov/*.html | head -1)
  # The cases: [pane, name, partner pane, [partner names]] from the raw log's node mappings.
  cases=$(python3 - "$TI/$log" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().split('\n')
for i, line in enumerate(lines):
    if '"inductor_provenance_tracking_node_mappings"' not in line: continue
    payload = []
    j = i + 1
    while j < len(lines) and lines[j].startswith('\t'):
        payload.append(lines[j][1:]); j += 1
    mp = json.loads('\n'.join(payload))
cases = [[0, k, 1, v] for k, v in mp['preToPost'].items() if v]
cases += [[2, k, 1, v] for k, v in mp['cppCodeToPost'].items() if v]
print(json.dumps(cases))
PY
)
  cat >"$out/click.html" <<HTML
<!DOCTYPE html><html><body><iframe id="f" src="$page" width="1400" height="900"></iframe><script>
const CASES = $cases;
const node = t => { t = t.trim(); if (!t || t[0] === '#') return ''; return t.split('=')[0].split(':')[0].trim(); };
const base = k => { const i = k.lastIndexOf(':'); return i > 0 && /^\d+$/.test(k.slice(i + 1)) ? k.slice(0, i) : k; };
const names = (el, pane, n) => pane === 2 ? el.textContent.includes(base(n)) : node(el.textContent) === n;
// A debug handle "kernel:N" names the call on the next line that mentions the kernel.
const codeLine = (d, k) => {
  const all = [...d.querySelectorAll("#pane2 .pl")], b = base(k);
  if (b !== k) {
    const i = all.findIndex(e => { const t = e.textContent, p = t.indexOf(k); return p >= 0 && !/[0-9]/.test(t.charAt(p + k.length)); });
    if (i >= 0) { const n = all.slice(i + 1).find(e => e.textContent.includes(b)); if (n) return n; }
  }
  return all.find(e => e.hasAttribute("data-p") && e.textContent.includes(b));
};
const f = document.getElementById("f");
f.onload = () => {
  const d = f.contentDocument, res = [];
  let done = 0;
  for (const [pane, name, to, want] of CASES) {
    const el = pane === 2 ? codeLine(d, name) : [...d.querySelectorAll("#pane0 .pl[data-p]")].find(e => names(e, 0, name));
    if (!el) continue;  // a mapped name the pane does not contain (the page lists those)
    el.click();  // pin
    const hl = [...d.querySelectorAll(".pl.hl")].filter(e => e.id.startsWith("L" + to + "-"));
    for (const w of want)
      if ([...d.querySelectorAll("#pane" + to + " .pl")].some(e => names(e, to, w)) && !hl.some(e => names(e, to, w)))
        res.push(name + ": no highlighted line names " + w);
    const src = d.querySelectorAll(".pl.hl-src");
    if (src.length !== 1 || src[0] !== el) res.push(name + ": clicked line not marked");
    el.click();  // unpin
    done++;
  }
  // Hover (nothing pinned): the first linked pre-grad line highlights its partners.
  const h = d.querySelector("#pane0 .pl[data-p]");
  if (h) {
    h.dispatchEvent(new MouseEvent("mouseenter"));
    const want = h.getAttribute("data-p").split(" ");
    const got = [...d.querySelectorAll(".pl.hl")].map(e => e.id);
    if (want.some(id => !got.includes(id))) res.push("hover: partners not highlighted");
  }
  document.body.setAttribute("data-result", res.length ? "FAIL " + res.join("; ") : "ok " + done + " clicks");
};
</script></body></html>
HTML
  chrome "$out/click.log" --dump-dom "file://$out/click.html" >"$out/click.dom" || { echo "chromium failed on $log"; fail=1; }
  result=$(grep -o 'data-result="[^"]*"' "$out/click.dom" || true)
  echo "provenance_browser_check: $log: $result"
  n=$(echo "$result" | sed -n 's/.*ok \([0-9]*\) clicks.*/\1/p')
  if [ -z "$n" ] || [ "$n" -lt 5 ]; then echo "provenance_browser_check: FAILED on $log"; fail=1; fi
  errs=$(console_errors "$out/click.log")
  if [ -n "$errs" ]; then echo "provenance_browser_check: console errors on $log:"; echo "$errs"; fail=1; fi
done
chrome "$WORK/shot.log" --window-size=1500,1000 --screenshot="$BUILD/report-provenance.png" \
  "file://$WORK/inductor_provenance_aot_log/prov/none.html" || fail=1
exit $fail
