# contextvars.ContextVar methods are C code: read in a compiled frame each breaks the graph (a builtin Dynamo does not
# trace); run eagerly they set and reset the variable as one thread's context (transformers' capture_outputs keeps
# its output collector in one when not compiling)
import contextvars

import torch

collector = contextvars.ContextVar("collector", default=None)


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    c = collector.get()
    if c is not None:
        c.append(y.shape[0])
    return y + 1


tok = collector.set([])
print(tuple(f(torch.randn(3, 4)).shape), collector.get())
collector.reset(tok)
print(collector.get())
