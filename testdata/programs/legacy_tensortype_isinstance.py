# isinstance(t, torch.FloatTensor / torch.cuda.FloatTensor / tuple): dynamo answers legacy CPU tensor types by dtype
# (tensortype_to_dtype: FloatTensor -> float32, LongTensor -> int64) and CUDA legacy types by issubclass (False).
# 3D-ResNets resnet.py _downsample_basic_block: `if isinstance(out.data, torch.cuda.FloatTensor): zero_pads.cuda()`
import torch


@torch.compile(backend="eager")
def f(x, i):
    if isinstance(x, torch.FloatTensor):
        x = x + 1
    if isinstance(x.data, torch.cuda.FloatTensor):
        x = x.cuda()
    if isinstance(i, (torch.DoubleTensor, torch.LongTensor)):
        x = x * i.float().sum()
    if isinstance(i, torch.IntTensor):
        x = x - 1
    return x


for b in (2, 3):
    print(f(torch.ones(b, 4), torch.arange(b)).shape)
