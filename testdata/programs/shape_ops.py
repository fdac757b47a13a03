# View / reshape / transpose / permute / chunk / cat / stack: one graph.
import torch


def f(x):
    b = x.size(0)
    y = x.view(b, 4, 8).transpose(1, 2)
    y = y.permute(0, 2, 1).reshape(b, 32)
    a, c = y.chunk(2, dim=-1)
    z = torch.cat([a, c], dim=-1)
    s = torch.stack([z, z], dim=0)
    return s.flatten(1).unsqueeze(0).squeeze(0).contiguous()


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 32))
