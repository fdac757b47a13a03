# Pins: a numpy RandomState made and used inside compiled code (karpathy's MADE update_masks: connectivity masks
# drawn per call from np.random.RandomState(self.seed), stored on the module, copied into mask buffers).
# Dynamo 2.11: constructing RandomState is a skipped builtin (GB0007 RandomState.__new__), its permutation / randint
# are unsupported methods of a user-defined object (GB0156); the draw in the loop skips the resume frame. The arrays
# stored from the resume frames are numpy arrays again for the eager code that follows.
import numpy as np
import torch


class Masks(torch.nn.Module):
    def __init__(self, nin, hidden):
        super().__init__()
        self.nin, self.hidden = nin, hidden
        self.register_buffer("mask", torch.ones(hidden, nin))
        self.seed = 0
        self.m = {}

    def update(self):
        rng = np.random.RandomState(self.seed)
        self.seed = (self.seed + 1) % 2
        self.m[-1] = rng.permutation(self.nin)
        for l in range(1):
            self.m[l] = rng.randint(self.m[l - 1].min(), self.nin - 1, size=self.hidden)
        mask = self.m[-1][:, None] <= self.m[0][None, :]
        self.set_mask(mask)

    def set_mask(self, mask):
        self.mask.data.copy_(torch.from_numpy(mask.astype(np.uint8).T))

    def forward(self, x):
        return x @ (self.mask * 2.0).T


m = Masks(6, 5)
update = torch.compile(m.update, backend="eager")
fwd = torch.compile(m, backend="eager")
for step in range(3):
    update()
    print(step, type(m.m[-1]).__name__, m.m[0].shape, int(m.mask.sum()), fwd(torch.randn(2, 6)).shape)
