# a frame passes self.parameters() (a generator it made) to an inlined helper that consumes it and then graph-breaks: torch cannot break at the call ("Generator reconstruction with mutations", gb8335) and skips the whole frame; ours breaks at the call and resumes (from stablediffusion openaimodel.py ResBlock.forward -> util.py checkpoint)
import torch
torch.manual_seed(0)

def checkpoint(func, inputs, params):
    args = tuple(inputs) + tuple(params)
    torch._dynamo.graph_break()
    return func(*args[:len(inputs)])

class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        x = x + 1
        return checkpoint(self.lin, (x,), self.parameters()) * 2

m = Block()
g = torch.compile(m, backend="eager")
print(g(torch.randn(2, 4)).shape)
