# a graph break inside a try block cannot be resumed from: Dynamo 2.11 ("Compiling up to the previous resumable state, then skipping the rest of the function") compiles a graph up to its last checkpoint before it (empty stack, outside the try, count_calls > 1), with a resume function there; the resume frame breaks again with an empty graph and is skipped (from transformers utils/output_capturing.py capture_outputs wrapper: `try: outputs = func(...) finally: ...` around a copy.deepcopy break in t5/bart/whisper)
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 2
    z = torch.sin(y) + 1
    state = [z]
    try:
        torch._dynamo.graph_break()
        out = state[0] * 3
    finally:
        state.clear()
    return out.cos()


f = torch.compile(fn, backend="eager")
print(f(torch.randn(2, 3)).sum())
print(f(torch.randn(3, 3)).sum())
