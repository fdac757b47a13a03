# a method that loops over a list attribute (self.data) guards len(self.data); a call with another length recompiles in torch; tparse reuses the first compile (from minimalRL ppo.py PPO.make_batch)
import torch

torch.manual_seed(0)


class Buf(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.data = []

    def make_batch(self):
        s_lst, r_lst = [], []
        for s, r in self.data:
            s_lst.append(s)
            r_lst.append([r])
        s, r = torch.tensor(s_lst, dtype=torch.float), torch.tensor(r_lst)
        self.data = []
        return s, r


b = Buf()
f = torch.compile(b.make_batch, backend="eager")
for n in (8, 5):
    b.data = [([float(i), 1.0, 2.0, 3.0], 0.01 * i) for i in range(n)]
    s, r = f()
    print(s.shape, r.shape)
# torch: 0/1 with reason "0/0: len(self.data) == 8"
