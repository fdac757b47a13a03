# Purpose: the legacy constructor `torch.Tensor([losses])` over a list of 0-d loss tensors inside a compiled
# loss (Lornatang/SRGAN-PyTorch's ContentLoss.forward: `losses = torch.Tensor([losses]).to(device)`).
# Check how tparse and torch 2.11 break / trace it.
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def content_loss(sr_feats, gt_feats):
    losses = []
    for i in range(len(sr_feats)):
        losses.append(F.mse_loss(sr_feats[i], gt_feats[i]))
    losses = torch.Tensor([losses]).to(sr_feats[0].device)
    return losses


for bs in (2, 3):
    sr = [torch.randn(bs, 4, 3, 3), torch.randn(bs, 8, 2, 2)]
    gt = [torch.randn(bs, 4, 3, 3), torch.randn(bs, 8, 2, 2)]
    try:
        out = content_loss(sr, gt)
        print(bs, tuple(out.shape), [round(v, 3) for v in out.flatten().tolist()])
    except Exception as e:  # tparse: a fake-tensor TorchRuntimeError ("data is not allocated yet")
        print(bs, "error", type(e).__name__)
