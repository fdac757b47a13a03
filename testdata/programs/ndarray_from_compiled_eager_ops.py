# Pins: a compiled policy's numpy output used by eager numpy code and fed back (the RL act() loop: PPO, SAC, DQN).
# `.numpy()` of random data eagerly and a compiled function's ndarray result are numpy arrays of unknown values to
# tparse: numpy's functions, methods, operators and indexing on them keep numpy's types and shapes, and one passed
# into a compiled frame is an ndarray input (`___from_numpy`), so a new length recompiles on its size.
import numpy as np
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(4, 3)


@torch.compile(backend="eager")
def act(obs):
    x = torch.as_tensor(obs, dtype=torch.float32)
    return torch.softmax(lin(x), -1).numpy()


noise = torch.randn(5, 4).numpy()
obs = np.zeros((5, 4), dtype=np.float32)
for t in range(3):
    p = act(obs)
    best = p.argmax(axis=-1)
    obs = np.concatenate([obs[:, 1:], p[:, :1]], axis=1).astype(np.float32) + 0.1 * noise
    print(t, type(p).__name__, p.dtype, p.shape, best.shape, obs.dtype, obs.shape, isinstance(p, np.ndarray))
longer = np.concatenate([obs, obs[:2]], axis=0)
print(act(longer).shape, act(longer[:, ::-1].copy()).mean(axis=0).shape)
