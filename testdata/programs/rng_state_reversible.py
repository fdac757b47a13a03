# The reversible-block idiom (reformer / performer / linear-attention-transformer): a module records the CPU RNG
# state in forward and restores it under torch.random.fork_rng for the recomputation. torch/random.py is a file
# Dynamo's trace_rules skip: get_rng_state / set_rng_state break the graph (GB0007); fork_rng is a torch.* call
# returning a non-tensor (GB0208), and its _GeneratorContextManager, made outside the resume function, cannot be
# entered there (GB0142: the resume function is skipped). CUDA is never initialized on these CPU runs.
import torch
from torch import nn

torch.manual_seed(0)


class Deterministic(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.cpu_state = None
        self.cuda_in_fwd = None

    def record_rng(self, *args):
        self.cpu_state = torch.get_rng_state()
        if torch.cuda._initialized:
            self.cuda_in_fwd = True

    def forward(self, *args, record_rng=False, set_rng=False, **kwargs):
        if record_rng:
            self.record_rng(*args)
        if not set_rng:
            return self.net(*args, **kwargs)
        rng_devices = []
        with torch.random.fork_rng(devices=rng_devices, enabled=True):
            torch.set_rng_state(self.cpu_state)
            return self.net(*args, **kwargs)


d = Deterministic(nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.1)))
cd = torch.compile(lambda x: d(x, record_rng=True) * 2, backend="eager")
cd(torch.randn(2, 8))
cs = torch.compile(lambda x: d(x, set_rng=True) + 1, backend="eager")
cs(torch.randn(2, 8))
assert tuple(torch.get_rng_state().shape) == (5056,) and torch.get_rng_state().dtype == torch.uint8
