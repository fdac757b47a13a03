#!/usr/bin/env bash
# Builds the .deb from a release build dir (cpack -G DEB), lists it, checks its metadata (Depends
# are installed Debian runtime packages, no -dev), unpacks it into a scratch root (dpkg -x) and
# runs the unpacked tparse from there. Exit 77 (ctest: skipped) only when cpack / dpkg-deb are missing.
# Usage: deb_test.sh CPACK BUILD_DIR TESTDATA
set -u
CPACK="$1"; B="$2"; D="$3/torch-2.11"
if ! command -v "$CPACK" >/dev/null || ! command -v dpkg-deb >/dev/null; then
  echo "SKIP: cpack or dpkg-deb not found (Debian: cmake and dpkg)"; exit 77
fi
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fail=0
check() { local want=$1 got=$2 what=$3; if [ "$want" != "$got" ]; then echo "FAIL: $what (want $want, got $got)"; fail=1; else echo "ok: $what"; fi; }

(cd "$W" && "$CPACK" --config "$B/CPackConfig.cmake" -G DEB -B "$W/out") > "$W/cpack.log" 2>&1
check 0 $? "cpack -G DEB" || cat "$W/cpack.log"
debs=("$W"/out/tparse_*.deb)
check 1 "${#debs[@]}" "one tparse_*.deb"
deb="${debs[0]}"
[ -f "$deb" ] || { echo "FAIL: no .deb"; cat "$W/cpack.log"; exit 1; }
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KB)"

dpkg-deb -c "$deb" | awk '{print $6}' > "$W/files.txt"
for f in ./usr/bin/tparse ./usr/bin/tparse-view ./usr/share/man/man1/tparse.1.gz \
         ./usr/share/bash-completion/completions/tparse ./usr/share/zsh/vendor-completions/_tparse \
         ./usr/share/fish/vendor_completions.d/tparse.fish ./usr/share/applications/tparse-view.desktop \
         ./usr/share/icons/hicolor/scalable/apps/tparse-view.svg ./usr/share/doc/tparse/README.md \
         ./usr/share/doc/tparse/docs/gate.md ./usr/share/doc/tparse/docs/ci.md ./usr/share/doc/tparse/docs/sarif-schema-2.1.0.json; do
  grep -qx -- "$f" "$W/files.txt"; check 0 $? "package holds $f"
done

check tparse "$(dpkg-deb -f "$deb" Package)" "Package: tparse"
check "$(dpkg --print-architecture)" "$(dpkg-deb -f "$deb" Architecture)" "Architecture"
ver=$(dpkg-deb -f "$deb" Version)
deps=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $deps"
[ -n "$deps" ]; check 0 $? "Depends is not empty"
echo "$deps" | grep -q -- '-dev'; check 1 $? "no -dev package in Depends"
names=$(echo "$deps" | tr ',' '\n' | sed 's/(.*//; s/|.*//; s/ //g' | grep -v '^$')
for n in libc6 libstdc++6 libgvc6 libfmt9 zlib1g libglfw3; do
  echo "$names" | grep -qx "$n"; check 0 $? "Depends names $n"
done
for n in $names; do
  dpkg-query -W -f='${Status}' "$n" 2>/dev/null | grep -q "install ok installed"; check 0 $? "dependency $n is an installed Debian package"
done

R="$W/root"
dpkg -x "$deb" "$R"; check 0 $? "dpkg -x into a scratch root"
out=$("$R/usr/bin/tparse" --version); check 0 $? "unpacked tparse --version runs"
check "tparse $ver" "$out" "version matches the package"
"$R/usr/bin/tparse" summary "$D/print_break/trace" -q > "$W/summary.txt"; check 0 $? "unpacked tparse summary runs"
grep -q "graphs compiled:   3" "$W/summary.txt"; check 0 $? "unpacked tparse reads a real trace"
! ldd "$R/usr/bin/tparse" "$R/usr/bin/tparse-view" | grep -q "not found"; check 0 $? "every shared library of both binaries resolves"
"$R/usr/bin/tparse-view" --help | grep -q "tparse-view"; check 0 $? "unpacked tparse-view --help"
zcat "$R/usr/share/man/man1/tparse.1.gz" | grep -q '^\.TH TPARSE 1'; check 0 $? "man page header"
grep -q '^Exec=tparse-view' "$R/usr/share/applications/tparse-view.desktop"; check 0 $? "desktop entry runs tparse-view"
bash -c "source '$R/usr/share/bash-completion/completions/tparse' && complete -p tparse" | grep -q '_tparse'
check 0 $? "installed bash completion registers _tparse"
exit $fail
