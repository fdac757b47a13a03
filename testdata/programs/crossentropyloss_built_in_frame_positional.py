# nn.CrossEntropyLoss() built inside a frame is Dynamo's LambdaVariable (user_defined.py _call_cross_entropy_loss): its call records F.cross_entropy(input, target, weight, size_average, ignore_index, reduce, reduction, label_smoothing) with all 8 args positional (from transformers distilbert modeling_distilbert.py DistilBertForSequenceClassification loss)
import torch
from torch.nn import CrossEntropyLoss

torch.manual_seed(0)
lin = torch.nn.Linear(8, 3)


def fn(x, labels):
    logits = lin(x)
    loss_fct = CrossEntropyLoss()
    loss = loss_fct(logits.view(-1, 3), labels.view(-1))
    loss2 = CrossEntropyLoss(ignore_index=1, label_smoothing=0.1)(logits, labels)
    return loss + loss2


f = torch.compile(fn, backend="eager")
print(f(torch.randn(4, 8), torch.tensor([0, 1, 2, 1])))
