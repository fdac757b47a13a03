"""Records, per FX node of every graph a compile hands to the backend, the real module (meta nn_module_stack)."""
import json, torch
RECS = []

def _stack(meta, key):
    s = meta.get(key)
    if not s:
        return None
    out = []
    for k, v in s.items():
        if isinstance(v, (tuple, list)):
            out.append([str(k), str(v[0]), str(v[1]) if len(v) > 1 else ""])
        else:
            out.append([str(k), str(v), ""])
    return out

def _cid():
    try:
        from torch._guards import CompileContext
        c = CompileContext.current_compile_id()
        return str(c) if c is not None else None
    except Exception as e:
        return "err:" + str(e)

def record(gm, kind):
    nodes = []
    for n in gm.graph.nodes:
        nodes.append({"name": n.name, "op": n.op, "target": str(n.target)[:80],
                      "nn_module_stack": _stack(n.meta, "nn_module_stack"),
                      "fwd_nn_module_stack": _stack(n.meta, "fwd_nn_module_stack"),
                      "seq_nr": n.meta.get("seq_nr")})
    RECS.append({"compile_id": _cid(), "kind": kind, "order": len(RECS), "nodes": nodes})

def eager_backend(gm, ex):
    record(gm, "dynamo")
    return gm.forward

def inductor_backend(gm, ex):
    record(gm, "dynamo")
    from torch._inductor.compile_fx import compile_fx, compile_fx_inner
    def inner(g, e, **kw):
        kind = "aot_backward" if kw.get("is_backward") else ("aot_inference" if kw.get("is_inference") else "aot_forward")
        record(g, kind)
        return compile_fx_inner(g, e, **kw)
    try:
        return compile_fx(gm, ex, inner_compile=inner)
    except TypeError as e:
        print('compile_fx inner_compile refused:', e)
        return compile_fx(gm, ex)

def dump(path):
    json.dump(RECS, open(path, "w"))
