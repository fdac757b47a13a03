# An op tagged inplace_view (resize_, unsqueeze_, transpose_, ...) read off a tensor with a source (a buffer, an input)
# breaks the graph at its call: Dynamo's DelayGraphBreakVariable, "Unsupported function call (delayed)" (GB0148;
# residual-flows' power-iteration vectors `self.v.resize_(n).normal_(0, 1)`). On an intermediate it is traced.
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("v", torch.zeros(2))

    def forward(self, x, n):
        y = x * 2
        self.v.resize_(n).normal_(0, 1)
        z = y.t()
        z.transpose_(0, 1)
        x.unsqueeze_(0)
        return z + self.v.view(y.shape), x.shape


m = torch.compile(M(), backend="eager")
for shape in ((2, 3), (2, 3), (3, 4)):
    out, s = m(torch.randn(*shape), shape[0] * shape[1])
    print(tuple(out.shape), tuple(s))
