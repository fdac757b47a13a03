# Reading and reassigning a torch.Tensor method (torch.Tensor.cuda) in eager code: torch allows it and the patched method is used (from llama3 llama/model.py .cuda() caches, patched by the driver)
import torch
torch.manual_seed(0)
orig = torch.Tensor.cuda
torch.Tensor.cuda = lambda self, *a, **k: self
buf = torch.zeros(4).cuda()
torch.Tensor.cuda = orig


def f(x):
    return x + buf


g = torch.compile(f, backend="eager")
print(g(torch.randn(4)), buf.device)
