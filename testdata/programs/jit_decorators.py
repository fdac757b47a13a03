# TorchScript's decorators in eager Python: @torch.jit.export / @torch.jit.unused / @torch.jit.ignore return the
# function (torchaudio's Emformer.infer, RNNT.transcribe), and Dynamo inlines it; a typing alias keeps the __doc__
# a module sets on it (torchaudio's `Hypothesis = Tuple[...]; Hypothesis.__doc__ = "..."`).
from typing import Dict, List, Optional, Tuple

import torch
from torch import nn

Hypothesis = Tuple[List[int], torch.Tensor, float]
Hypothesis.__doc__ = """A hypothesis: tokens, state, score."""
Opt = Optional[Dict[str, int]]
Opt.__doc__ = "optional"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).sin()

    @torch.jit.export
    def infer(self, x):
        return self.lin(x).cos() + len(Hypothesis.__doc__)

    @torch.jit.unused
    def extra(self, x):
        return x.relu()

    @torch.jit.ignore
    def helper(self, x):
        return x * 2


m = M()
ci = torch.compile(m.infer, backend="eager")
ci(torch.randn(2, 4))
cf = torch.compile(lambda x: m.helper(m.extra(x)) - 1, backend="eager")
cf(torch.randn(2, 4))
