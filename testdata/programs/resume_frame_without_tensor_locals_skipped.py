# a resume function whose live locals hold no tensor directly (only an output object with a tensor attribute) and whose code names no
# torch module global is not compiled at all (Dynamo's has_tensor_in_frame skip): no [1/0] resume_in_step frame (from jingyaogong/minimind train step returning MoeCausalLMOutputWithPast)
import torch
import torch.nn as nn


class Out:
    def __init__(self, loss):
        self.loss = loss


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, labels=None):
        h = self.lin(x)
        torch._dynamo.graph_break()
        return Out((h - labels).pow(2).mean())


torch.manual_seed(0)
m = M()


@torch.compile(backend="eager")
def step(x, y):
    out = m(x, labels=y)
    loss = out.loss * 2
    return loss


print(round(step(torch.randn(2, 4), torch.randn(2, 4)).item(), 4))
