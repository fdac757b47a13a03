#!/usr/bin/env bash
# CI test of the wheel (issue 26): packs the wheel from the build (scripts/wheel.sh), installs it
# into a fresh venv with pip --no-index, and checks the module against the installed CLI on every
# trace of testdata/ and ../shared (wheel_test.py). Skips (77) without ../shared or python3-venv.
#   wheel_test.sh SOURCE_DIR BUILD_DIR SHARED_DIR
set -euo pipefail
SRC=$1 BUILD=$2 SHARED=$3
PY=${TPARSE_PYTHON:-/usr/bin/python3}
[ -d "$SHARED/testdata" ] || { echo "SKIP: no $SHARED/testdata"; exit 77; }
"$PY" -c 'import venv, ensurepip' 2>/dev/null || { echo "SKIP: $PY has no venv/ensurepip (python3-venv)"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tparse-wheel-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
whl=$(NO_BUILD=1 BUILD="$BUILD" PYTHON="$PY" DIST="$work/dist" "$SRC/scripts/wheel.sh")
case "$(basename "$whl")" in
  tparse-*-cp311-cp311-linux_x86_64.whl) ;;
  *) echo "FAIL: wheel name $(basename "$whl") has not the tags of Debian 12's CPython 3.11 on x86_64"; exit 1 ;;
esac
"$PY" -m venv "$work/venv"
# A fresh venv, nothing from any index: the wheel must need nothing but itself.
"$work/venv/bin/pip" install --no-index --disable-pip-version-check -q "$whl"
cd "$work"  # never import the source tree's python/tparse by accident
V=$work/venv/bin
[ -x "$V/tparse" ] || { echo "FAIL: the tparse entry point is not on the venv's PATH"; exit 1; }
[ -x "$V/tparse-view" ] || { echo "FAIL: the tparse-view entry point is not on the venv's PATH"; exit 1; }
want=$(sed -n 's/^project(tparse VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
[ "$("$V/tparse" --version)" = "tparse $want" ] || { echo "FAIL: tparse --version: $("$V/tparse" --version)"; exit 1; }
[ "$("$V/python" -m tparse --version)" = "tparse $want" ] || { echo "FAIL: python -m tparse --version"; exit 1; }
if [ -x "$BUILD/viewer/tparse-view" ]; then
  "$V/tparse-view" --help | grep -q -i "usage" || { echo "FAIL: tparse-view --help"; exit 1; }
else  # a build without the viewer (TPARSE_VIEWER=OFF): the entry point says so, exit 2
  set +e; msg=$("$V/tparse-view" 2>&1); rc=$?; set -e
  [ "$rc" = 2 ] && echo "$msg" | grep -q "not part of this installation" || { echo "FAIL: tparse-view without the viewer: $rc $msg"; exit 1; }
fi
mod=$("$V/python" -c 'import tparse, os; print(os.path.dirname(tparse.__file__))')
case "$mod" in "$work/venv/"*) ;; *) echo "FAIL: tparse imported from $mod, not the venv"; exit 1 ;; esac
# The console entry points only exec the binaries: they never load the extension module.
"$V/python" -c 'import sys, tparse._cli; assert "tparse._tparse" not in sys.modules' || { echo "FAIL: the launcher loads _tparse"; exit 1; }
traces=()
for d in "$SRC"/testdata/torch-2.11/*/trace "$SHARED"/testdata/torch-2.11/*/trace "$SHARED"/testdata/realmodels/*/*/trace; do
  [ -d "$d" ] && traces+=("$d")
done
for f in "$SHARED"/testdata/tlparse-inputs/* "$SRC"/testdata/bad/*.log "$SRC"/testdata/bad/*.gz; do
  [ -f "$f" ] && traces+=("$f")
done
# -P: the script's folder (python/, the source package) is not put on sys.path
"$V/python" -P "$SRC/python/wheel_test.py" "$V/tparse" "$SRC" "${traces[@]}"
# to_pandas (optional): a second venv that sees Debian's python3-pandas, when installed.
if "$PY" -c 'import pandas' 2>/dev/null; then
  "$PY" -m venv --system-site-packages "$work/venv-pandas"
  "$work/venv-pandas/bin/pip" install --no-index --disable-pip-version-check -q "$whl"
  "$work/venv-pandas/bin/python" -P - "$SRC/testdata/torch-2.11/print_break/trace" <<'PY'
import sys, tparse
t = tparse.load(sys.argv[1])
s = t.summary()
for table, rows in (("compiles", s["compiles"]), ("recompiles", s["recompiles"]), ("graph_breaks", s["graph_breaks"]["sites"])):
    df = t.to_pandas(table)
    assert len(df) == len(rows), table
    if rows:
        key = list(rows[0])[0]
        assert list(df.columns) == list(rows[0]) and list(df[key]) == [r[key] for r in rows], table
print("to_pandas: ok")
PY
else
  echo "python3-pandas not installed: to_pandas not checked"
fi
