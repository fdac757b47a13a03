# Pins: torch.allclose inside a compiled frame (addtt/variational-diffusion-models VDM.forward:
# `assert allclose(img_int / 255, x)`). It returns a Python bool computed from data (aten.allclose -> .item()), so
# torch 2.11 Dynamo is expected to break the graph there (data-dependent operator); tparse takes it as True, no break.
import torch


@torch.compile(backend="eager")
def f(x):
    img = torch.round(x * 255).long()
    assert torch.allclose(img / 255, x)
    return (img.float() * 2).sum()


print(f(torch.randint(0, 256, (2, 4)).float() / 255))
print(f(torch.randint(0, 256, (3, 4)).float() / 255))
