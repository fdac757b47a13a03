# Breaks inside callees: f's trace breaks inside middle(), so middle runs as its own frame and breaks
# inside inner() (which runs as its own frame, with a print break); f's resume calls middle again on
# a narrower tensor, which recompiles middle and inner inside the same call. The second call hits
# the cache; the third (new width) recompiles f.
import torch


def inner(x):
    y = x.sin()
    print("inner", tuple(y.shape))
    return y.cos()


def middle(x):
    z = inner(x) * 2
    torch._dynamo.graph_break()
    return z + 1


def f(x):
    a = middle(x)
    b = middle(x[:, :3])
    return a.sum() + b.sum()


def build():
    torch.manual_seed(0)
    calls = [(torch.randn(4, 8),), (torch.randn(4, 8),), (torch.randn(4, 6),)]
    return f, calls


if __name__ == "__main__":
    fn, calls = build()
    cf = torch.compile(fn, backend="eager")
    with torch.no_grad():
        for args in calls:
            cf(*args)
