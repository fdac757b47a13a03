#!/usr/bin/env bash
# Deferred graph drawings (issue 24, apps/tparse/drawings.hpp): the report made with
# `--drawings now` (worker processes), with `--drawings later` (background, waited for here) and
# from a warm layout cache must be byte-identical to drawing every graph in place
# (TPARSE_DRAW_INLINE=1, no cache), on real traces with whole-graph SVG files (hf_gpt2_tiny) and
# module-level inline drawings (ChatGLM3, 95 module pages). A damaged cache entry is redrawn.
# The default (`later`) also writes the pages after the landing ones in a background process.
#   drawings_test.sh TPARSE TESTDATA
set -euo pipefail
T=$1
D=$2
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for c in hf_gpt2_tiny chatglm_version_forward; do
  tr=$D/torch-2.11/$c/trace
  [ -d "$tr" ] || { echo "SKIP: $tr not found"; exit 77; }
  TPARSE_CACHE=0 TPARSE_DRAW_INLINE=1 "$T" report "$tr" -o "$W/$c.inline" --no-browser -q
  n=$(grep -rl "<svg" "$W/$c.inline" | wc -l)
  [ "$n" -gt 0 ] || fail "$c: no drawing in the inline report"
  grep -rq "data-tparse-pending=\"" "$W/$c.inline" && fail "$c: placeholder in the inline report"
  TPARSE_CACHE_DIR=$W/cache1 "$T" report "$tr" -o "$W/$c.now" --no-browser -q --drawings now
  [ ! -e "$W/$c.now/.tparse-drawings" ] || fail "$c: job directory left by --drawings now"
  diff -r "$W/$c.inline" "$W/$c.now" > /dev/null || fail "$c: --drawings now differs from drawing in place"
  TPARSE_CACHE_DIR=$W/cache2 "$T" report "$tr" -o "$W/$c.later" --no-browser -q --drawings later
  [ -f "$W/$c.later/index.html" ] || fail "$c: no index.html when the command returned"
  for _ in $(seq 600); do [ -e "$W/$c.later/.tparse-drawings" ] || break; sleep 0.1; done
  [ ! -e "$W/$c.later/.tparse-drawings" ] || fail "$c: background drawer did not finish in 60 s"
  diff -r "$W/$c.inline" "$W/$c.later" > /dev/null || fail "$c: --drawings later differs from drawing in place"
  # A second report into the same directory while the first one's drawer may still run: the old
  # drawer stops writing once its job file is gone; the result is the new report, whole.
  TPARSE_CACHE_DIR=$W/cache3 "$T" report "$tr" -o "$W/$c.twice" --no-browser -q --drawings later
  TPARSE_CACHE_DIR=$W/cache4 "$T" report "$tr" -o "$W/$c.twice" --no-browser -q --drawings later --overwrite
  for _ in $(seq 600); do [ -e "$W/$c.twice/.tparse-drawings" ] || break; sleep 0.1; done
  sleep 0.5
  diff -r "$W/$c.inline" "$W/$c.twice" > /dev/null || fail "$c: a report made over a drawing one differs"
  # Warm cache: nothing left to draw, same bytes (TPARSE_PAGES_NOW: every page before returning).
  TPARSE_PAGES_NOW=1 TPARSE_CACHE_DIR=$W/cache1 "$T" report "$tr" -o "$W/$c.warm" --no-browser -q --drawings later
  [ ! -e "$W/$c.warm/.tparse-drawings" ] || fail "$c: a warm cache still deferred drawings"
  diff -r "$W/$c.inline" "$W/$c.warm" > /dev/null || fail "$c: the warm-cache report differs"
  # Pages in the background (the default): the landing pages and JSON files are there when the
  # command returns, the rest once the job directory is gone; same bytes, cold or warm cache.
  for cache in cache5 cache1; do
    TPARSE_CACHE_DIR=$W/$cache "$T" report "$tr" -o "$W/$c.bg.$cache" --no-browser -q
    for p in index.html compiles.html timeline.html summary.json raw.jsonl; do
      [ -f "$W/$c.bg.$cache/$p" ] || fail "$c: no $p when the command returned"
    done
    for _ in $(seq 600); do [ -e "$W/$c.bg.$cache/.tparse-drawings" ] || break; sleep 0.1; done
    [ ! -e "$W/$c.bg.$cache/.tparse-drawings" ] || fail "$c: background writer did not finish in 60 s"
    diff -r "$W/$c.inline" "$W/$c.bg.$cache" > /dev/null || fail "$c: pages written in the background differ ($cache)"
  done
  # A damaged entry (cut short) is not served: that drawing is made again.
  f=$(ls "$W/cache1" | grep -v '^\.' | head -1)
  head -c 40 "$W/cache1/$f" > "$W/cut" && mv "$W/cut" "$W/cache1/$f"
  TPARSE_CACHE_DIR=$W/cache1 "$T" report "$tr" -o "$W/$c.damaged" --no-browser -q --drawings now
  diff -r "$W/$c.inline" "$W/$c.damaged" > /dev/null || fail "$c: report after a damaged cache entry differs"
  echo "ok: $c ($n files with drawings)"
done
echo "PASS"
