#!/usr/bin/env python3
"""Makes the bad-input corpus in testdata/bad/ from one real torch 2.11 trace.

Each file damages the real trace of testdata/programs/truth/print_break (58 records, 2 graphs,
1 graph break) in one way that crashing jobs, truncated uploads or other tools produce.
expect.tsv says what tparse must report for each (checked by apps/tparse/tests/bad_input_test.sh).
The files are checked in; rerun this script only to regenerate them (output is deterministic).
Inputs made at test time instead (they cannot live in git): an unreadable file.
"""
import glob
import gzip
import hashlib
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = glob.glob(os.path.join(HERE, "..", "programs", "truth", "print_break", "trace", "*.log"))[0]


def records(data):
    """Splits a trace into records: (envelope line, [payload lines]) with line endings kept."""
    out = []
    for line in data.splitlines(keepends=True):
        if line.startswith(b"\t") and out:
            out[-1][1].append(line)
        else:
            out.append((line, []))
    return out


def join(recs):
    return b"".join(e + b"".join(p) for e, p in recs)


def with_md5(envelope, payload_lines):
    """Rewrites has_payload to the md5 of the payload (as torch computes it: lines without TAB)."""
    text = b"\n".join(l[1:].rstrip(b"\n") for l in payload_lines)
    h = hashlib.md5(text).hexdigest().encode()
    return re.sub(rb'"has_payload": "[0-9a-f]{32}"', b'"has_payload": "' + h + b'"', envelope)


def find(recs, kind, nth=0):
    hits = [i for i, (e, _) in enumerate(recs) if (b'{"' + kind + b'"') in e]
    return hits[nth]


def line_of(recs, index):
    """1-based line number of record `index`'s envelope."""
    return 1 + sum(1 + len(p) for _, p in recs[:index])


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    base = open(BASE, "rb").read()
    recs = records(base)
    expect = []  # (file, class, line, strict exit, graphs)

    # 1. Truncated last line: the job died while writing the last payload.
    data = join(recs)
    cut = data.rstrip(b"\n")
    cut = cut[: len(cut) - 40]
    write("truncated_last_line.log", cut)
    last = len(recs) - 1
    expect.append(("truncated_last_line.log", "truncated_payload", line_of(recs, last), 1, 2))

    # 2. Payload lines without their envelope (envelope line lost).
    # (a record whose predecessor has no payload, so the lines cannot join another record's payload)
    i = next(k for k in range(1, len(recs)) if recs[k][1] and not recs[k - 1][1])
    r = list(recs)
    orphan_line = line_of(r, i)
    r[i] = (b"", r[i][1])
    write("payload_without_envelope.log", join(r))
    expect.append(("payload_without_envelope.log", "orphan_payload", orphan_line, 1, 2))

    # 3. Envelope claims a payload that is missing.
    i = find(recs, b"dynamo_output_graph", 1)
    r = list(recs)
    r[i] = (r[i][0], [])
    write("missing_payload.log", join(r))
    expect.append(("missing_payload.log", "truncated_payload", line_of(r, i), 1, 2))

    # 4. Wrong md5: one payload character changed, envelope md5 kept.
    i = find(recs, b"dynamo_output_graph", 0)
    r = list(recs)
    p = list(r[i][1])
    k = next(n for n, l in enumerate(p) if b"=" in l)
    p[k] = p[k].replace(b"=", b"+", 1)
    r[i] = (r[i][0], p)
    write("wrong_md5.log", join(r))
    expect.append(("wrong_md5.log", "md5_mismatch", line_of(r, i), 1, 2))

    # 5. Invalid UTF-8 in a payload (md5 recomputed, so UTF-8 is the only problem).
    i = find(recs, b"dynamo_cpp_guards_str", 0)
    r = list(recs)
    p = list(r[i][1])
    p[0] = p[0].rstrip(b"\n") + b" \xff\xfe\xc3\n"
    r[i] = (with_md5(r[i][0], p), p)
    write("invalid_utf8.log", join(r))
    expect.append(("invalid_utf8.log", "invalid_utf8", line_of(r, i), 1, 2))

    # 6. NUL bytes: a crash left the preallocated tail of the file zero-filled.
    write("nul_bytes.log", join(recs) + b"\0" * 4096)
    expect.append(("nul_bytes.log", "no_prefix", base.count(b"\n") + 1, 1, 2))

    # 7. One 100 MB line (stored gzipped): an envelope with a huge string.
    huge = b'V1122 07:41:14.103000 404 torch/_dynamo/utils.py:1] {"str": ["' + b"a" * (100 << 20) + b'", 0]}\n'
    with gzip.GzipFile(os.path.join(HERE, "oversize_line.log.gz"), "wb", mtime=0) as f:
        f.write(join(recs[:3]) + huge + join(recs[3:]))
    expect.append(("oversize_line.log.gz", "oversize_line", line_of(recs, 3), 1, 2))

    # 8. Deeply nested JSON: in an envelope and in a chromium_event payload.
    deep_env = b"V1122 07:41:14.103000 404 torch/_dynamo/utils.py:1] " + b"[" * 100000 + b"\n"
    i = find(recs, b"chromium_event", 0)
    deep_payload = [b"\t" + b'{"a":' * 20000 + b"1" + b"}" * 20000 + b"\n"]
    r = list(recs)
    r.insert(i + 1, (with_md5(r[i][0], deep_payload), deep_payload))
    r.insert(1, (deep_env, []))
    write("deep_json.log", join(r))
    expect.append(("deep_json.log", "invalid_json", 2 + len(recs[0][1]), 1, 2))

    # 9. CRLF line endings (a log copied through a Windows tool).
    write("crlf.log", join(recs).replace(b"\n", b"\r\n"))
    expect.append(("crlf.log", "crlf", 1, 0, 2))

    # 10. Mixed ranks in one file: two ranks' logs interleaved record by record.
    mixed = []
    for e, p in recs:
        for rk in (0, 1):
            mixed.append((b"[rank%d]:" % rk + e, [b"[rank%d]:" % rk + l for l in p]))
    write("mixed_ranks.log", join(mixed))
    expect.append(("mixed_ranks.log", "-", 0, 0, 4))

    # 11. Duplicated compile ids: the same run logged twice in one process (reset() between).
    write("duplicate_ids.log", join(recs) + join(recs))
    # (the second epoch starts at the second copy's first dynamo_start)
    expect.append(("duplicate_ids.log", "duplicate_id", len(base.splitlines()) + line_of(recs, find(recs, b"dynamo_start")), 0, 4))

    # 12. Unknown record kinds from a newer torch.
    r = list(recs)
    unk = b'V1122 07:41:14.103000 404 torch/_dynamo/utils.py:1] {"future_record_kind": {"x": 1}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}\n'
    r.insert(5, (unk, []))
    write("unknown_kinds.log", join(r))
    expect.append(("unknown_kinds.log", "unknown_kind", line_of(r, 5), 0, 2))

    # 13. Invalid JSON envelope and a line with no glog prefix.
    r = list(recs)
    r.insert(4, (b'V1122 07:41:14.103000 404 torch/_dynamo/utils.py:1] {"str": ["abc", 0\n', []))
    r.insert(7, (b"Traceback (most recent call last): something printed to the log\n", []))
    write("invalid_json.log", join(r))
    expect.append(("invalid_json.log", "invalid_json", line_of(r, 4), 1, 2))
    expect.append(("invalid_json.log", "no_prefix", line_of(r, 7), 1, 2))

    # 14. Empty file.
    write("empty.log", b"")
    expect.append(("empty.log", "empty_file", 0, 2, 0))  # no trace at all: exit 2, as an empty directory

    # 15. A directory with a symlink loop, a dangling link and one good log.
    d = os.path.join(HERE, "dir_links")
    os.makedirs(d, exist_ok=True)
    write(os.path.join("dir_links", "dedicated_log_torch_trace_good.log"), base)
    for name, target in (("dedicated_log_torch_trace_loop.log", "dedicated_log_torch_trace_loop.log"),
                         ("dedicated_log_torch_trace_dangling.log", "no_such_file.log")):
        path = os.path.join(d, name)
        if os.path.lexists(path):
            os.remove(path)
        os.symlink(target, path)
    expect.append(("dir_links", "unreadable", 0, 1, 2))

    # 16. Terminal and HTML injection: ANSI/OSC escapes and markup in a break reason and a file name.
    r = list(recs)
    i = find(recs, b"artifact")
    p = list(r[i][1])
    p[4] = p[4].rstrip(b"\n") + b" \x1b]0;pwned\x07\x1b[2J\x1b[31m<script>alert(1)</script>\n"
    r[i] = (with_md5(r[i][0], p), p)
    k = find(recs, b"str", 1)
    r[k] = (r[k][0].replace(b'.py", ', b'\\u001b[1m<b>.py", ', 1), [])
    write("escapes.log", join(r))
    expect.append(("escapes.log", "-", 0, 0, 2))

    with open(os.path.join(HERE, "expect.tsv"), "w") as f:
        f.write("# file\tclass\tfirst line (0: none)\texit with --strict\tgraphs\n")
        for e in expect:
            f.write("\t".join(str(x) for x in e) + "\n")


if __name__ == "__main__":
    main()
