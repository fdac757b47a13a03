# A data-dependent `if` that is the last statement of a for-loop body and returns is still a graph break in a loop (3.12 bytecode: POP_JUMP_IF_TRUE then JUMP_BACKWARD), so the frame is skipped, not resumed (from clovaai/AdamP adamp.py _projection)
import torch

torch.manual_seed(0)


def view_a(t):
    return t.view(t.size(0), -1)


def view_b(t):
    return t.view(1, -1)


def projection(p, g, delta):
    for view in [view_a, view_b]:
        cos = torch.nn.functional.cosine_similarity(view(g), view(p), dim=1).abs()
        if cos.max() < delta:
            return g - p * 0.1, 0.1
    return g, 1.0


f = torch.compile(projection, backend="eager")
out, wd = f(torch.randn(4, 3), torch.randn(4, 3), 0.5)
print(out.shape, wd)
