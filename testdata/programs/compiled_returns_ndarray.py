# Pins: a compiled function that returns `t.cpu().data.numpy().flatten()` (CORL GaussianPolicy.act, PPO select_action,
# most RL `act` methods) hands eager code an ndarray; numpy ops on it (np.concatenate, +, astype) and feeding it back
# through torch.tensor(state.reshape(1, -1)) must work. Dynamo 2.11 traces .numpy() via torch._numpy and converts
# the output to a real np.ndarray. tparse had made the result an opaque value (unmodelled).
import numpy as np
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(4, 2)

@torch.no_grad()
def act(state):
    s = torch.tensor(state.reshape(1, -1), dtype=torch.float32)
    return torch.tanh(lin(s)).cpu().data.numpy().flatten()

act_c = torch.compile(act, backend="eager")
state = np.zeros(4, dtype=np.float32)
for _ in range(3):
    a = act_c(state)
    state = (state + 0.1 * np.concatenate([a, a])).astype(np.float32)
print(type(a), a.dtype, a.shape, state.shape)
