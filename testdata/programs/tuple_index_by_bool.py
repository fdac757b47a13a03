# indexing a tuple with a bool (`(1, 3)[flag]`) picks element int(flag); tparse always picks element 0 (from amdegroot/ssd.pytorch ssd.py add_extras: kernel_size=(1, 3)[flag])
import torch
torch.manual_seed(0)
t = (1, 3)
a = t[True]            # 3
b = t[False]           # 1
flag = False
flag = not flag
c = t[flag]            # 3

def f(x):
    k = (2, 5)[x.dim() == 1]   # 5, bool index inside the compiled frame
    return x * a + b * 10 + c * 100 + k * 1000

cf = torch.compile(f, backend="eager")
print(cf(torch.zeros(2)))      # torch: tensor([1313., 1313.]) ; graph: mul by 3, add 10, add 300, add 5000
