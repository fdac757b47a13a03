# Generator-based context managers (contextlib.contextmanager) inside a compiled function: the code before the
# yield runs at entry, the rest (a try's finally) at exit, and a flag they set changes what the body computes;
# contextlib.nullcontext as an optional manager.
import contextlib

import torch

STATE = {"scale": 1.0}


@contextlib.contextmanager
def scaled(factor):
    old = STATE["scale"]
    STATE["scale"] = old * factor
    try:
        yield STATE["scale"]
    finally:
        STATE["scale"] = old


@contextlib.contextmanager
def tagged():
    yield "tag"


def f(x, use_scale):
    cm = scaled(2.0) if use_scale else contextlib.nullcontext(1.0)
    with cm as s:
        y = x * STATE["scale"] + s
    with tagged() as t:
        z = y.sin() if t == "tag" else y.cos()
    return z * STATE["scale"]


cf = torch.compile(f, backend="eager")
cf(torch.randn(4), True)
cf(torch.randn(4), False)
