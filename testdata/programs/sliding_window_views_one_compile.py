# Purpose: a decision-transformer rollout (nikhilbarhate99/min-decision-transformer evaluate_on_env) feeds the
# compiled model slices of preallocated (1, max_len, d) buffers: first [:, :K] (offset 0), then sliding windows
# [:, t-K+1:t+1] (same sizes and strides, growing storage_offset), under no_grad, buffers written in place between
# calls. Expected in torch: one compile for the window shape (storage offset is not guarded); tparse agrees (1 compile).
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)


def f(states, actions):
    return torch.tanh(lin(states)).sum(1) + actions.mean(1)


cf = torch.compile(f, backend="eager")
K, L = 3, 8
states = torch.zeros(1, L, 3)
actions = torch.zeros(1, L, 2)
with torch.no_grad():
    for t in range(L):
        states[0, t] = torch.randn(3)
        if t < K:
            out = cf(states[:, :K], actions[:, :K])
        else:
            out = cf(states[:, t - K + 1:t + 1], actions[:, t - K + 1:t + 1])
        actions[0, t] = out[0]
        print(t, [round(v, 4) for v in out[0].tolist()])
