#!/usr/bin/env bash
# The generated completions and man page (what the package installs, from the build's generated/
# dir) match the CLI: every subcommand of `tparse --help` is completed; bash completion is driven
# through its function (subcommands, options, --format choices incl. sarif, commands after `--`);
# zsh and fish scripts parse; fish answers queries; the man page renders without groff warnings
# and documents every subcommand and option.
# Usage: shell_docs_test.sh PATH/TO/tparse GENERATED_DIR
set -u
T="$1"; G="$2"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fail=0
check() { local want=$1 got=$2 what=$3; if [ "$want" != "$got" ]; then echo "FAIL: $what (want $want, got $got)"; fail=1; else echo "ok: $what"; fi; }

for f in tparse.bash _tparse tparse.fish tparse.1.gz; do [ -s "$G/$f" ]; check 0 $? "generated $f"; done
"$T" completion bash | cmp -s - "$G/tparse.bash"; check 0 $? "installed bash script is the CLI's current output"

# Subcommands from --help (the CLI definition) vs the completion scripts.
subs=$("$T" --help | sed -n '/^Subcommands:/,$p' | awk 'NR>1 && NF {print $1}')
[ "$(echo "$subs" | wc -l)" -ge 9 ]; check 0 $? "--help lists the subcommands"

# bash: call the completion function as readline would.
comp() {  # comp WORDS... : completes the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tparse; printf "%s\n" "${COMPREPLY[@]}"' _ "$G/tparse.bash" "$@"
}
for s in $subs; do comp tparse "${s:0:3}" | grep -qx "$s"; check 0 $? "bash: tparse ${s:0:3}<TAB> offers $s"; done
check "gate" "$(comp tparse ga)" "bash: tparse ga<TAB> is exactly gate"
check "sarif" "$(comp tparse gate x --format s)" "bash: gate --format s<TAB> -> sarif"
comp tparse gate x --format "" | sort | tr '\n' ' ' | grep -qx "github json junit sarif text "; check 0 $? "bash: every --format choice"
comp tparse gate --fo | grep -qx -- "--format"; check 0 $? "bash: gate --fo<TAB> -> --format"
comp tparse run --gate- | grep -qx -- "--gate-format"; check 0 $? "bash: run --gate-<TAB> -> --gate-format"
comp tparse run -o rep -- bas | grep -qx "bash"; check 0 $? "bash: run -- bas<TAB> completes a command name"
check "" "$(comp tparse run -- python --fo)" "bash: the command's own options are not tparse's"
comp tparse summary --js | grep -qx -- "--json"; check 0 $? "bash: summary --js<TAB> -> --json"

# zsh / fish
if command -v zsh >/dev/null; then zsh -n "$G/_tparse"; check 0 $? "zsh script parses (zsh -n)"
else echo "FAIL: zsh missing (scripts/setup.sh installs it)"; fail=1; fi
for s in $subs; do grep -q "^    '$s:" "$G/_tparse"; check 0 $? "zsh: subcommand $s"; done
grep -q -- "--format\[.*\]:TEXT:(text json junit github sarif)" "$G/_tparse"; check 0 $? "zsh: --format choices"
if command -v fish >/dev/null; then
  fish -n "$G/tparse.fish"; check 0 $? "fish script parses (fish -n)"
  fish -c "source '$G/tparse.fish'; complete -C 'tparse gate --format '" | cut -f1 | grep -qx sarif; check 0 $? "fish: gate --format offers sarif"
  fish -c "source '$G/tparse.fish'; complete -C 'tparse '" | cut -f1 | sort > "$W/fish_subs.txt"
  for s in $subs; do grep -qx "$s" "$W/fish_subs.txt"; check 0 $? "fish: subcommand $s"; done
else echo "FAIL: fish missing (scripts/setup.sh installs it)"; fail=1; fi

# man page
zcat "$G/tparse.1.gz" > "$W/tparse.1"
head -2 "$W/tparse.1" | grep -q '^\.TH TPARSE 1 "" "tparse '; check 0 $? "man: .TH header with the version"
groff -man -Tutf8 -ww -z "$W/tparse.1" 2> "$W/groff.err"; check 0 $? "man: groff renders it"
check 0 "$(wc -c < "$W/groff.err")" "man: no groff warnings"
MANWIDTH=200 man -l "$W/tparse.1" 2>/dev/null > "$W/man.txt"
for s in $subs; do grep -q "^   tparse $s$" "$W/man.txt"; check 0 $? "man: section for tparse $s"; done
grep -q -- "--format {text,json,junit,github,sarif}" "$W/man.txt"; check 0 $? "man: gate --format with its choices"
grep -q -- "--gate TEXT" "$W/man.txt"; check 0 $? "man: run --gate"
grep -q "^EXIT STATUS" "$W/man.txt"; check 0 $? "man: exit status section"
exit $fail
