# print("%3f, %3f" % (a.data.item(), b.data.item())) in a compiled loss (U-2-Net's muti_bce_loss_fusion): each
# .item() breaks; the resume frame after the first one holds the float on its stack and real torch guards it by
# value (___stack2 == 0.70...), so the next step's new loss value recompiles every resume frame
import torch


def losses(d0, d1, y):
    loss0 = torch.nn.functional.binary_cross_entropy(d0, y)
    loss1 = torch.nn.functional.binary_cross_entropy(d1, y)
    loss = loss0 + loss1
    print("l0: %3f, l1: %3f\n" % (loss0.data.item(), loss1.data.item()))
    return loss0, loss


step = torch.compile(losses, backend="eager")
torch.manual_seed(0)
for b in (2, 3):
    y = (torch.rand(b, 4) > 0.5).float()
    l0, l = step(torch.rand(b, 4), torch.rand(b, 4), y)
