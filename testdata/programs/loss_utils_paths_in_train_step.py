# the loss/loss_utils.py task-head losses (fixed_cross_entropy with num_items_in_batch, problem_type chosen on a config inside the frame, QA clamp to ignored_index) in a compiled training step, torch only (from transformers loss/loss_utils.py)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Cfg:
    num_labels = 3
    problem_type = None


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100, **kwargs):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = nn.functional.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
    if reduction == "sum":
        if torch.is_tensor(num_items_in_batch):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


def seqcls_loss(labels, pooled_logits, config, **kwargs):
    if config.problem_type is None:
        if config.num_labels == 1:
            config.problem_type = "regression"
        elif config.num_labels > 1 and (labels.dtype in (torch.long, torch.int)):
            config.problem_type = "single_label_classification"
        else:
            config.problem_type = "multi_label_classification"
    if config.problem_type == "single_label_classification":
        return fixed_cross_entropy(pooled_logits.view(-1, config.num_labels), labels.view(-1), **kwargs)
    return nn.BCEWithLogitsLoss()(pooled_logits, labels)


lin = nn.Linear(8, 3)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
cfg = Cfg()


def step(x, labels, tok_labels, n_items):
    logits = lin(x)                                   # [B, S, 3]
    last = (torch.arange(x.shape[1]) * (tok_labels != -100).int()).argmax(-1)
    pooled = logits[torch.arange(x.shape[0]), last]
    loss = seqcls_loss(labels, pooled, cfg) + fixed_cross_entropy(logits.view(-1, 3), tok_labels.view(-1), n_items)
    ignored = logits.size(1)
    start = labels.clamp(0, ignored)
    loss = loss + fixed_cross_entropy(logits[..., 0], start, ignore_index=ignored)
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


f = torch.compile(step, backend="eager")
for s in (5, 9):
    tok = torch.randint(0, 3, (2, s))
    tok[1, -2:] = -100
    print(round(float(f(torch.randn(2, s, 8), torch.tensor([0, 2]), tok, (tok != -100).sum())), 4), cfg.problem_type)
