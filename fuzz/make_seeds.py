#!/usr/bin/env python3
"""Builds the libFuzzer seed corpora from the real traces and programs in testdata/.

Usage: fuzz/make_seeds.py TESTDATA OUTDIR
Writes OUTDIR/{ingest,recompile,graph_text,text,compiler,stdin,gate_baseline}/<md5>: small inputs (a few KiB) so the
fuzzers start from real structure and still run fast.
"""
import glob
import gzip
import hashlib
import json
import os
import re
import sys

ENVELOPE = re.compile(r'^[VIWEC]\d{4} [0-9:.]+ +\d+ [^\]]*\] (\{.*)$')
GRAPH_ARTIFACTS = ("graph", "inductor_pre_grad_graph", "inductor_post_grad_graph")
MAX_SEED = 16384
INGEST_SEED = 8192
INGEST_PER_LOG = 6


def records(lines):
    """Yields (envelope line, [payload lines]) from a TORCH_TRACE log."""
    env, payload = None, []
    for line in lines:
        if line.startswith("\t"):
            payload.append(line)
            continue
        if env is not None:
            yield env, payload
        env, payload = line, []
    if env is not None:
        yield env, payload


def meta_of(env):
    m = ENVELOPE.match(env)
    if not m:
        return {}
    try:
        return json.loads(m.group(1))
    except ValueError:
        return {}


def payload_text(payload):
    return "".join(p[1:] for p in payload)


def main():
    testdata, out = sys.argv[1], sys.argv[2]
    corp = {k: {} for k in ("ingest", "recompile", "graph_text", "text", "compiler", "stdin", "gate_baseline", "provenance", "prehash")}

    def add(kind, data):
        if isinstance(data, str):
            data = data.encode()
        if not data or len(data) > 4 * MAX_SEED:
            data = data[: 4 * MAX_SEED]
        if data:
            corp[kind][hashlib.md5(data).hexdigest()] = data

    logs = sorted(glob.glob(os.path.join(testdata, "torch-2.11", "*", "trace", "*.gz")) +
                  glob.glob(os.path.join(testdata, "tlparse-inputs", "**", "*.gz"), recursive=True))
    for path in logs:
        with gzip.open(path, "rt", encoding="utf-8", errors="replace", newline="") as f:
            lines = f.read().splitlines(keepends=True)
        recs = list(records(lines))
        # ingest: windows of consecutive whole records, capped in size; a few per log (its start,
        # evenly spaced ones, its end) keep the corpus small enough for short CI runs
        chunks, chunk, size = [], [], 0
        for env, payload in recs:
            text = env + "".join(payload)
            if size + len(text) > INGEST_SEED and chunk:
                chunks.append("".join(chunk))
                chunk, size = [], 0
            chunk.append(text[:INGEST_SEED])
            size += len(text)
        if chunk:
            chunks.append("".join(chunk))
        step = max(1, len(chunks) // INGEST_PER_LOG)
        for c in chunks[::step] + chunks[-1:]:
            add("ingest", c)
        for env, payload in recs:
            meta = meta_of(env)
            text = payload_text(payload)
            name = meta.get("artifact", {}).get("name") if isinstance(meta.get("artifact"), dict) else None
            ids = [f'{meta.get("frame_id")}/{meta.get("frame_compile_id")}']
            if "attempt" in meta:
                ids.append(f'[{ids[0]}_{meta["attempt"]}]')
            if "compiled_autograd_id" in meta:
                ids.append(f'!{meta["compiled_autograd_id"]}/{ids[0]}')
            for i in ids:
                add("text", i)
            if name == "recompile_reasons" or "recompile_reasons" in meta:
                add("recompile", text)
            elif "dynamo_graph_break_reason" in meta or "dynamo_start" in meta:
                add("text", text if text else json.dumps(meta))
            elif name and any(name.endswith(g) for g in GRAPH_ARTIFACTS) or \
                    any(k in meta for k in ("dynamo_output_graph", "aot_forward_graph", "aot_backward_graph",
                                            "aot_joint_graph", "aot_inference_graph", "inductor_pre_grad_graph",
                                            "inductor_post_grad_graph", "compiled_autograd_graph")):
                add("graph_text", text[:MAX_SEED])
            elif "compilation_metrics" in meta:
                for k in ("fail_reason", "restart_reasons", "recompile_reason"):
                    v = meta["compilation_metrics"].get(k) if isinstance(meta["compilation_metrics"], dict) else None
                    if isinstance(v, str) and v:
                        add("text", v)
                        add("recompile", v)
    # recompile reasons as a JSON list (older torch writes the payload this way)
    reasons = list(corp["recompile"].values())
    for i in range(0, len(reasons), 3):
        add("recompile", json.dumps([r.decode("utf-8", "replace") for r in reasons[i:i + 3]]))
    # the damaged traces of testdata/bad (framing and envelope edge cases), first 16 KiB each
    for path in sorted(glob.glob(os.path.join(testdata, "bad", "*.log"))):
        with open(path, "rb") as f:
            add("ingest", f.read(MAX_SEED))
    for path in sorted(glob.glob(os.path.join(testdata, "programs", "*.py"))):
        with open(path, "rb") as f:
            add("compiler", f.read())
    # prehash: a control byte (chunk size, line limit, repeat skipping) before ingest seeds
    for i, data in enumerate(list(corp["ingest"].values())[:60]):
        add("prehash", bytes([(i * 37) & 255]) + data)
    # stdin: fuzz_stdin gzips the input after its first byte when that byte is odd, so each ingest
    # seed goes in twice (\x01 + text: a valid gzip stream; \x00 + text: plain), plus a few real
    # .gz files' own bytes (\x00 + gzip bytes: the raw magic path, cut to the seed size).
    for data in list(corp["ingest"].values())[:40]:
        add("stdin", b"\x01" + data)
        add("stdin", b"\x00" + data)
    for path in logs[:6]:
        with open(path, "rb") as f:
            add("stdin", b"\x00" + f.read(MAX_SEED))
    # gate_baseline: JSON that is not a summary (torch's explain.json and counters), and a small
    # summary of the v2 shape so the fuzzer starts inside the accepted path too.
    for path in sorted(glob.glob(os.path.join(testdata, "torch-2.11", "*", "*.json")))[:12]:
        with open(path, "rb") as f:
            add("gate_baseline", f.read(MAX_SEED))
    add("gate_baseline", json.dumps({
        "schema": "tparse-summary", "schema_version": 2, "tool_version": "0.1.0",
        "totals": {"frames": 2, "compiles": 3, "graphs": 2, "graph_breaks": {"events": 1, "distinct_sites": 1},
                   "recompiles": 1, "failures": 0, "restarts": 1, "fallbacks": 0, "frames_skipped": 0,
                   "cache": {"hits": 0, "misses": 2, "bypasses": 0}, "compile_time_s": 1.5, "is_export": False},
        "compiles": [{"id": "[0/0]", "frame": "forward", "graph": True, "compile_time_s": 1.0}],
        "graph_breaks": {"events": 1, "sites": [{"file": "/a/m.py", "line": 152, "function": "forward",
                                                   "reason": "Failed to trace builtin operator", "gb_id": "gb0059",
                                                   "count": 1, "code": "print(x)", "kind": "resumed"}]},
        "recompiles": [{"compile": "[0/1]", "frame": "forward"}],
        "failures": []}))
    # provenance: a small mapping with its three texts (0x01-separated; first byte 0: Python code,
    # 1: AOTInductor C++), in the shapes of tlparse's inductor_provenance_* logs.
    pre = "def forward(self, x):\n    mul = torch.ops.aten.mul.Tensor(x, 2)\n    relu = torch.ops.aten.relu.default(mul)\n    return (relu,)"
    post = "def forward(self, arg0_1):\n    mul: \"f32[4]\" = torch.ops.aten.mul.Tensor(arg0_1, 2)\n    relu: \"f32[4]\" = torch.ops.aten.relu.default(mul)\n    return (relu,)"
    mapping = json.dumps({"preToPost": {"mul": ["mul"], "relu": ["relu"]}, "postToPre": {"mul": ["mul"], "relu": ["relu"]},
                          "cppCodeToPost": {"triton_poi_fused_mul_relu_0:1": ["mul", "relu"], "extern_kernels.mm": ["mul"]},
                          "postToCppCode": {"mul": ["triton_poi_fused_mul_relu_0:1"], "relu": ["triton_poi_fused_mul_relu_0:1"]}})
    py = "import torch\n# kernel path: triton_poi_fused_mul_relu_0:1\ndef call(args):\n    triton_poi_fused_mul_relu_0.run(buf0)\n    return (buf0,)"
    cpp = "void AOTInductorModel::run_impl(AtenTensorHandle* input_handles) {\n    // Topologically Sorted Source Nodes: [mul, relu]\n    call_triton_poi_fused_mul_relu_0(buf0);\n    extern_kernels.mm(buf0);\n}"
    add("provenance", b"\x00" + "\x01".join([mapping, pre, post, py]).encode())
    add("provenance", b"\x01" + "\x01".join([mapping, pre, post, cpp]).encode())
    add("provenance", b"\x00" + json.dumps({"triton_poi_fused_mul_relu_0": ["File \"m.py\", line 3, in forward\n    x * 2"]}).encode())
    for kind, items in corp.items():
        d = os.path.join(out, kind)
        os.makedirs(d, exist_ok=True)
        for h, data in items.items():
            with open(os.path.join(d, h), "wb") as f:
                f.write(data)
        print(f"seeds: {kind}: {len(items)}")


if __name__ == "__main__":
    main()
