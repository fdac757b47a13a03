# Python floats inside lists / tuples a compiled function reads from its argument (minimalRL's PPO.make_batch over
# its transitions): each float is a constant guarded by value on the first compile; after one changes, automatic
# dynamic makes it an unspecialized float (a 0-d float64 input and its item()) and the frame recompiles once.
import torch

lin = torch.nn.Linear(4, 1)


@torch.compile(backend="eager")
def make_batch(data):
    s_lst, r_lst = [], []
    for s, r in data:
        s_lst.append(s)
        r_lst.append([r])
    return lin(torch.tensor(s_lst)) + torch.tensor(r_lst)


for k in range(3):
    data = [([float(k + i), 0.5, 0.25, 0.125], 1.0 / (k + 1)) for i in range(3)]
    print(make_batch(data).shape)
