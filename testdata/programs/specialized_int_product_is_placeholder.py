# A SymInt product with an int argument specialized to 1 later (`b*t` with b == 1 on the third call, under no_grad):
# the output-graph pass hash-conses it into t's placeholder (torch 2.11: MP-SENet's TSTransformerBlock view)
import torch


def f(x, b, t):
    x = x + 1
    return x.view(b, 101, t, 16).permute(0, 2, 1, 3).contiguous().view(b * t, 101, 16)


cf = torch.compile(f, backend="eager")
for b, t in [(2, 5), (3, 7), (1, 9)]:
    x = torch.randn(b * 101, t, 16)
    with torch.set_grad_enabled(b != 1):
        print(cf(x, b, t).shape)
