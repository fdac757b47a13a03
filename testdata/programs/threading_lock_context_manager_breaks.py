# `with threading.Lock():` inside a compiled frame: Dynamo does not know how to enter a `lock` context manager (gb "Unsupported context manager"): graph break at the with (from transformers utils/output_capturing.py maybe_install_capturing_hooks, wav2vec2)
import threading
import torch

torch.manual_seed(0)
_lock = threading.Lock()
state = {"n": 0}


def fn(x):
    y = x * 2
    with _lock:
        state["n"] += 1
    return y + 1


f = torch.compile(fn, backend="eager")
print(f(torch.randn(2, 4)).sum())
print(f(torch.randn(3, 4)).sum(), state["n"])
