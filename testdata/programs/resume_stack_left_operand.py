# `x = x + self.ffn(...)` where the call graph-breaks (DeepSeek-V3 Block.forward, where MoE's bincount().tolist()
# breaks; here torch._dynamo.graph_break()):
# the left operand x was pushed on the stack BEFORE the call, so the resume function gets it as ___stack0; real
# torch 2.11's resumed graph is `x = l_stack0_ + l_stack1_` and a shape change recompiles with
# "tensor '___stack0' size mismatch"; reading the local `x` instead (l_x_) is wrong
import torch
class Ffn(torch.nn.Module):
    def forward(self, x):
        torch._dynamo.graph_break()
        return x * 2
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.ffn = Ffn()
    def forward(self, x):
        x = x + self.ffn(x.sin())
        return x
cm = torch.compile(Block(), backend="eager")
with torch.no_grad():
    for n in (8, 12):
        out = cm(torch.randn(2, n, 4))
print(out.shape)
