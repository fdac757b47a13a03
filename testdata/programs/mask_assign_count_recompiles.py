# A boolean-mask assignment whose mask comes from data (`labels[iou < t] = 0`, SSD's box matching): which entries
# change is the data's, so the positives counted after it vary with the input and a resume function taking the
# mask-indexed tensor recompiles on its length (SSD-Lite's MultiboxLoss).
import torch


def match(iou, labels):
    labels = labels.clone()
    labels[iou < 0.5] = 0
    pos = labels > 0
    n = pos.long().sum(dim=1, keepdim=True)
    print("positives")
    return labels[pos].float().mean() / n.sum()


f = torch.compile(match, backend="eager")
torch.manual_seed(0)
for b in (2, 3):
    iou = torch.rand(b, 40)
    labels = torch.randint(1, 5, (b, 40))
    print(float(f(iou, labels)))
