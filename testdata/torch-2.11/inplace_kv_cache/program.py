# KV-cache style decoding step with in-place operators on tensors: cache[..] = k (operator.setitem),
# q /= scale (operator.itruediv), acc += v (operator.iadd), y *= 0.5 (operator.imul). explain counts
# each as a call_function op.
import torch
import torch.nn as nn

D, T = 16, 12


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.proj = nn.Linear(D, D)

    def forward(self, x, k_cache, v_cache, pos: int):
        q, k, v = self.q(x), self.k(x), self.v(x)
        k_cache[:, pos] = k
        v_cache[:, pos] = v
        q /= D ** 0.5
        att = (q.unsqueeze(1) @ k_cache[:, : pos + 1].transpose(1, 2)).softmax(-1)
        y = (att @ v_cache[:, : pos + 1]).squeeze(1)
        y += x
        y *= 0.5
        acc = torch.zeros_like(y)
        acc -= y
        return self.proj(acc)


def build():
    torch.manual_seed(0)
    model = Step().eval()
    kc, vc = torch.zeros(2, T, D), torch.zeros(2, T, D)
    calls = [(torch.randn(2, D), kc, vc, 3), (torch.randn(2, D), kc, vc, 4)]
    return model, calls


if __name__ == "__main__":
    model, calls = build()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for args in calls:
            cm(*args)
