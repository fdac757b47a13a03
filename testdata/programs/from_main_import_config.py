# `from __main__ import args` inside a model's constructor: the running script's globals (IndRNN_pytorch's model files
# read the training script's argparse namespace so)
import argparse
import torch
import torch.nn as nn
torch.manual_seed(0)

parser = argparse.ArgumentParser()
parser.add_argument('--num_blocks', type=int, default=2)
parser.add_argument('--hidden', type=int, default=6)
args = parser.parse_args([])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        from __main__ import args
        self.blocks = nn.ModuleList([nn.Linear(args.hidden, args.hidden) for _ in range(args.num_blocks)])

    def forward(self, x):
        for b in self.blocks:
            x = torch.relu(b(x))
        return x


m = torch.compile(Net(), backend="eager")
print(m(torch.randn(3, 6)).shape)
args.num_blocks = 3
print(len(Net().blocks))
