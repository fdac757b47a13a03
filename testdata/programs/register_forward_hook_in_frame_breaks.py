# nn.Module.register_forward_hook inside a compiled frame: RemovableHandle.__init__ does `RemovableHandle.next_id += 1`, a setattr on a class, which Dynamo cannot trace (gb0059 "Failed to trace builtin operator setattr ['type', 'str', 'int']"): graph break (from transformers utils/output_capturing.py install_output_capuring_hook, wav2vec2)
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)
seen = []


def hook(module, args, output):
    seen.append(output.shape)


def fn(x):
    y = x * 2
    lin.register_forward_hook(hook)
    return lin(y) + 1


f = torch.compile(fn, backend="eager")
print(f(torch.randn(2, 4)).sum())
print(f(torch.randn(3, 4)).sum(), len(seen))
