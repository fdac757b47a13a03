# A sparse adjacency passed down as a frame argument and read deep inside the calls: Dynamo cannot hand it on at the
# frame's CALL (not resumable). With ops before the call the graph up to the statement is compiled and the rest runs
# eagerly; with none the frame is skipped; as an item of a tuple argument even the fallback fails (from HGCN's
# train_loss / NCModel.encode / HyperbolicGraphConvolution.forward)
import torch
import torch.nn as nn

torch.manual_seed(0)
idx = torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 0]])
adj = torch.sparse_coo_tensor(idx, torch.ones(5), (4, 4)).coalesce()


class Att(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x, adj):
        h = self.lin(x)
        return torch.mul(adj.to_dense(), torch.sigmoid(h @ h.t()))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = Att()

    def forward(self, inp):
        x, adj = inp
        h = torch.tanh(x) * 2
        a = self.att(h, adj)
        return a @ h, adj


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def encode(self, x, adj):
        o = torch.zeros_like(x)
        x = torch.cat([o[:, 0:1], x[:, 1:]], dim=1)
        h = self.layer.forward((x, adj))
        return h[0]


enc = Enc()


def loss_fn(x, adj):
    h = enc.encode(x, adj)
    return h.sum()


f = torch.compile(loss_fn, backend="eager")
for _ in range(2):
    print(f(torch.randn(4, 3), adj).item() != 0.5)
