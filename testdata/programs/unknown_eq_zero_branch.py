# Pins: the branch tparse resumes in after a data-dependent `if num_pos == 0:` (CenterNet/CornerNet focal_loss) on
# eagerly made random data. torch 2.11: GB0170, then the resume runs the else branch (num_pos is 4 here), whose graph
# has 3 ops (add, neg, truediv). tparse takes bool(unknown) as True and predicts the 1-op `-neg_loss` branch.
import torch

def focal_loss(pred, target):
    pos_inds = target.eq(1).float()
    neg_inds = target.lt(1).float()
    pred = torch.clamp(pred, 1e-6, 1 - 1e-6)
    pos_loss = (torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds).sum()
    neg_loss = (torch.log(1 - pred) * torch.pow(pred, 2) * torch.pow(1 - target, 4) * neg_inds).sum()
    num_pos = pos_inds.float().sum()
    if num_pos == 0:
        loss = -neg_loss
    else:
        loss = -(pos_loss + neg_loss) / num_pos
    return loss

torch.manual_seed(0)
target = torch.rand(2, 8, 8, 3) * 0.9
target[:, 2, 3, 0] = 1.0
target[:, 5, 1, 2] = 1.0
f = torch.compile(focal_loss, backend="eager")
print(f(torch.rand(2, 8, 8, 3), target))
