# a frame that Dynamo skips runs eagerly with the callback still set: the @dataclass-generated __init__ it calls (code from "<string>", first line 2) is a frame of its own that torch compiles (frame `__init__` line 2, empty graph) (from transformers modeling_outputs ModelOutput dataclasses built in the skipped capture_outputs wrapper, bart/whisper)
from dataclasses import dataclass
import torch

torch.manual_seed(0)


@dataclass
class Out:
    a: torch.Tensor
    n: int = 0


def inner(x):
    try:
        torch._dynamo.graph_break()
        y = x + 1
    finally:
        pass
    return Out(y, 3)


def fn(x):
    o = inner(x * 2)
    return o.a.sin()


f = torch.compile(fn, backend="eager")
print(f(torch.randn(2, 3)).sum())
print(f(torch.randn(3, 3)).sum())
