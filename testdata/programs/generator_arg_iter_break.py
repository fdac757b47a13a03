# a Module.parameters() generator passed INTO a compiled frame and iterated with tuple(params): torch graph-breaks "call_method on generator" (gb0253) and names the break site "Graph break in user code at .../torch/_dynamo/polyfills/builtins.py:96" (the iter_ polyfill); ours breaks at the same line but names the user line (from stablediffusion util.py checkpoint)
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)

def checkpoint(func, inputs, params):
    args = tuple(inputs) + tuple(params)
    return func(*args[:len(inputs)]) * len(args)

f = torch.compile(checkpoint, backend="eager")
print(f(lin, (torch.randn(2, 4),), lin.parameters()).shape)
