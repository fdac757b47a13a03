# torch.utils.checkpoint.checkpoint is @torch._disable_dynamo: run eagerly (its caller's frame fell back to eager) the function it calls is not compiled as a frame of its own (from vjepa2 src/models/vision_transformer.py forward: checkpoint(blk, x, masks, ...) after a graph break in the blocks loop)
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.fc(x)) + x

blocks = nn.ModuleList([Block(), Block()])

def run(x):
    x = x * 2
    for blk in blocks:
        torch._dynamo.graph_break()                  # graph break in a loop: frame skipped, runs eagerly
        x = checkpoint(blk, x, use_reentrant=False)  # eager checkpoint: Block.forward NOT compiled
    return x

g = torch.compile(run, backend="eager")
print(g(torch.randn(2, 8)).shape)
