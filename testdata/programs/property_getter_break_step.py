# A property whose getter breaks the graph (transformers' PreTrainedModel.loss_function reaches logger.warning_once
# when the class names no loss type; here an explicit graph_break()) read in the compiled frame: the break is raised by
# the frame's LOAD_ATTR, which cannot resume, so Dynamo compiles up to the statement's checkpoint and runs the rest of
# the frame eagerly, where the getter is a frame of its own (it breaks at the call and resumes after it).
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    @property
    def loss_fn(self):
        torch._dynamo.graph_break()  # (logger.warning_once in transformers)
        return nn.functional.mse_loss

    def forward(self, x, y):
        h = self.lin(x).relu()
        h = h * 2
        loss = self.loss_fn(h, y)
        return loss, h.sum()


m = torch.compile(Head(), backend="eager")
for b in (2, 2, 3):
    loss, s = m(torch.randn(b, 8), torch.randn(b, 8))
    print(loss.shape, s.shape)
