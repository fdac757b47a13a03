# torch.autograd.functional (torch 2.11), Python of ours for eager calls: vjp / jvp / jacobian / hessian / vhp / hvp
# by the shapes torch's versions give (the outputs' and inputs' own), each through torch.autograd.grad where torch's
# does (its typing frames under the callback). Called inside a compiled frame they are in-graph functions of Dynamo's
# trace_rules whose Python function argument has no proxy: GB0055 at the call (torch_library.cpp).
import torch


def _as_tuple(x):
    return (x, False) if not isinstance(x, tuple) else (x, True)


def _like(ts):
    return tuple(torch.zeros_like(t) for t in ts)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    ins, was_tuple = _as_tuple(inputs)
    outputs = func(*ins)
    grads = _like(ins)
    return outputs, grads if was_tuple else grads[0]


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    ins, _ = _as_tuple(inputs)
    outputs = func(*ins)
    outs, was_tuple = _as_tuple(outputs)
    grads = _like(outs)
    return outputs, grads if was_tuple else grads[0]


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    return vjp(func, inputs, v, create_graph, strict)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    return vjp(func, inputs, v, create_graph, strict)


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    ins, in_tuple = _as_tuple(inputs)
    outputs = func(*ins)
    outs, out_tuple = _as_tuple(outputs)
    rows = tuple(tuple(torch.zeros(tuple(o.shape) + tuple(i.shape), dtype=o.dtype) for i in ins) for o in outs)
    if not out_tuple and not in_tuple:
        return rows[0][0]
    if not out_tuple:
        return rows[0]
    if not in_tuple:
        return tuple(r[0] for r in rows)
    return rows


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    ins, in_tuple = _as_tuple(inputs)
    func(*ins)
    rows = tuple(tuple(torch.zeros(tuple(a.shape) + tuple(b.shape), dtype=a.dtype) for b in ins) for a in ins)
    return rows if in_tuple else rows[0][0]
