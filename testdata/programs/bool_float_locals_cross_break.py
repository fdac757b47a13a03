# A bool/float held across a graph break (the breaking call's bool result ___stack0, or a live bool/float local) is an input of the resume function, guarded there where it is read, not in the frame that broke (from ema-pytorch ema_pytorch.py `if not self.initted.item():`, jepa app/vjepa/train.py momentum `m`)
import torch

def f(x, c, flag, m):
    if not c.item():             # bool tensor: break; resume frame 1 reads ___stack0 (a Python bool) -> FALSE_MATCH
        x = x + 1
    y = x * 2
    torch._dynamo.graph_break()  # flag, m live: plain args of frame 1/2, unread so far -> no guard in frames 0, 1
    if flag:                     # read in resume frame 2 -> L['flag'] == False
        y = y + 1
    return y * m                 # read in resume frame 2 -> L['m'] == 0.5

g = torch.compile(f, backend="eager")
for b, m in ((False, 0.5), (True, 0.5), (True, 0.25)):
    print(b, m, g(torch.ones(2), torch.tensor(b), b, m))
