# torch._C._get_tracing_state() (what torchvision._is_tracing() returns; DETR's nested_tensor_from_tensor_list
# branches on it): None outside torch.jit.trace, in eager code and inside a compiled frame (Dynamo folds it to a
# constant), so the non-ONNX branch runs and no graph node comes from it
import torch


def is_tracing():
    return torch._C._get_tracing_state()


assert not is_tracing()


@torch.compile(backend="eager")
def f(imgs):
    if is_tracing():
        return torch.stack([torch.nn.functional.pad(i, (0, 1)) for i in imgs]).sum(0)
    return torch.stack(imgs).relu() * 2


for n in (2, 3):
    out = f([torch.randn(4, n) for _ in range(n)])
print(out.shape)
