# torch 2.11 (Python 3.12): a list comprehension's BUILD_LIST is a speculation point (symbolic_convert.py
# _maybe_setup_comprehension_speculation; no empty-stack / non-empty-graph / not-resume condition), so inside a for
# loop (iterator on the stack: no statement checkpoint) it is the LATEST speculation when a later unresumable
# (instruction-level) break happens in the same iteration: `x[:b]` with tensor b -> BUILD_SLICE -> item() -> GB0124.
# step() falls back to it (fail_and_restart_analysis); attempt 1 breaks at the BUILD_LIST
# (_handle_comprehension_graph_break), which in a resume function whose comprehension reads a frame local ('t')
# is GB2669 "Comprehension graph break in resume function with captured variables" -> resume frame skipped.
# Expected (torch): frame f: 1 graph (sin), break graph_break; resume_in_f: gb0124 (restart) then gb2669 (skipped).
import torch
def f(x, lengths):
    y = x.sin()
    torch._dynamo.graph_break()
    for t in range(3):
        b = sum([l > t for l in lengths])
        x[:b] = 0
    return x, y
cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), torch.tensor([3, 2, 1, 1]))[0].shape)
