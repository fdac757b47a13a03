# ibc's InfoNCE labels: `permutation = torch.rand(B, N).argsort(1)`, then `(permutation == 0).nonzero()[:, 1]` in a
# compiled function. nonzero breaks (dynamic output shape) and runs eagerly on the graph's values: with backend
# "eager" the graph's torch.rand draws from the default CPU generator as eager code would, so the permutation is
# known (one zero per row: B labels), and cross_entropy gets B labels. The batch size then changes (dynamic B: the
# draws count this call's size).
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def step(logits):
    permutation = torch.rand(logits.size(0), logits.size(1)).argsort(dim=1)
    shuffled = logits[torch.arange(logits.size(0)).unsqueeze(-1), permutation]
    ground_truth = (permutation == 0).nonzero()[:, 1]
    return F.cross_entropy(shuffled, ground_truth), ground_truth


cstep = torch.compile(step, backend="eager")
for bs in (4, 4, 6):
    loss, gt = cstep(torch.randn(bs, 8))
    print(bs, round(loss.item(), 4), gt.tolist())
