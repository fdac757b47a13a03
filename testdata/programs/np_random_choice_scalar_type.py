# Purpose: np.random.choice(n) returns a numpy integer scalar (np.int64), not a Python int. Option-critic passes
# it as the option index to compiled methods. Torch wraps np.int64 inputs as unspecialized 0-d tensors (TYPE_MATCH
# guard), Python ints are specialized then go dynamic. tparse 0.1 returns a Python int from np.random.choice, so its
# guards / recompiles follow the int rules. The type is printed to show the difference.
import numpy as np
import torch

np.random.seed(0)
W = torch.randn(3, 4, 2)


def get_action(state, option):
    logits = state @ W[option]
    return logits.softmax(-1)


cf = torch.compile(get_action, backend="eager")
s = torch.randn(1, 4)
opts = [np.random.choice(3) for _ in range(5)]
print("type", type(opts[0]).__name__, [int(o) for o in opts])
for o in opts:
    print(int(o), [round(v, 4) for v in cf(s, o)[0].tolist()])
