# .backward() on a compiled function's output that does not require grad (computed under no_grad, no grad input)
# raises RuntimeError 'element 0 of tensors does not require grad' in real torch: the program stops after one compile
# (linformer reversible: _ReversibleFunction.apply(x, blocks, args) with x not requiring grad)
import torch
lin = torch.nn.Linear(3, 3)
@torch.compile(backend="eager")
def f(x):
    with torch.no_grad():
        y = lin(x)
    return y * 2
f(torch.randn(2, 3)).sum().backward()
f(torch.randn(4, 3)).sum().backward()
