# all(tensor) is inlined through Dynamo's builtins.all polyfill: the data-dependent `if not elem` breaks inside it (reported at polyfills/builtins.py:34), the frame restarts and breaks at the CALL all(...), resuming after it (from g-mlp-pytorch g_mlp_pytorch.py dropout_layers)
import torch

def drop(n, x):
    to_drop = torch.tensor([0.5, 0.2, 0.7]) > 0.9
    if all(to_drop):
        return x
    return x * n

g = torch.compile(drop, backend="eager")
print(g(3, torch.randn(2, 4)).shape)
