#!/usr/bin/env python3
"""make_ranks.py N OUT: an N-rank TORCH_TRACE directory made from real rank logs.

Each output rank r is a copy of one real rank log with every envelope's "rank" field rewritten to
r (payload lines, and so their md5s, are untouched) and the file named
dedicated_log_torch_trace_rank_<r>_<tag>.log, as torch.distributed writes them.

By default every rank copies the same source log (the first rank of --src), so all ranks behave
alike. --vary K makes the ranks r with r % K == 2 copies of the --outlier source log instead (in
the default source, ddp_gloo_4ranks, that rank recompiled [0/1] on a new batch size), so the
ranks form two groups: N - N/K alike, N/K outliers. Used by tests (modest N) and
scripts/bench_ranks.sh (4096+).
"""
import argparse
import gzip
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRC = os.path.join(HERE, "..", "testdata", "torch-2.11", "ddp_gloo_4ranks", "trace")
RANK_RE = re.compile(rb'"rank": ?-?[0-9]+')
NAME_RE = re.compile(r"dedicated_log_torch_trace_rank_([0-9]+)")


def rank_logs(src):
    logs = {}
    for name in sorted(os.listdir(src)):
        m = NAME_RE.match(name)
        if m:
            logs.setdefault(int(m.group(1)), os.path.join(src, name))
    return logs


def rewrite(data, rank):
    out = []
    new = b'"rank": %d' % rank
    for line in data.splitlines(keepends=True):
        if not line.startswith(b"\t"):
            line = RANK_RE.sub(new, line, count=1)
        out.append(line)
    return b"".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int, help="number of ranks")
    ap.add_argument("out", help="output directory (created; must be empty or absent)")
    ap.add_argument("--src", default=DEFAULT_SRC, help="directory of real rank logs (default: torch-2.11/ddp_gloo_4ranks)")
    ap.add_argument("--base", type=int, default=None, help="source rank every rank copies (default: the lowest)")
    ap.add_argument("--vary", type=int, default=0, metavar="K", help="ranks r with r %% K == 2 copy --outlier instead")
    ap.add_argument("--outlier", type=int, default=2, help="source rank the varied ranks copy (default 2)")
    a = ap.parse_args()
    logs = rank_logs(a.src)
    if not logs:
        sys.exit(f"make_ranks.py: no dedicated_log_torch_trace_rank_N logs in {a.src}")
    base = a.base if a.base is not None else min(logs)
    if base not in logs or (a.vary and a.outlier not in logs):
        sys.exit(f"make_ranks.py: source ranks available: {sorted(logs)}")
    os.makedirs(a.out, exist_ok=True)
    if os.listdir(a.out):
        sys.exit(f"make_ranks.py: {a.out} is not empty")
    cache = {}
    for r in range(a.n):
        src = a.outlier if a.vary and r % a.vary == 2 else base
        if src not in cache:
            with (gzip.open if logs[src].endswith(".gz") else open)(logs[src], "rb") as f:
                cache[src] = f.read()
        with open(os.path.join(a.out, f"dedicated_log_torch_trace_rank_{r}_mk{src}.log"), "wb") as f:
            f.write(rewrite(cache[src], r))
    print(f"{a.n} ranks written to {a.out}" + (f" ({len(range(2, a.n, a.vary))} copies of rank {a.outlier})" if a.vary else ""))


if __name__ == "__main__":
    main()
