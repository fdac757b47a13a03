# numpy fancy-index assignment inside a compiled frame (AlphaZero_Gomoku's Board.current_state): torch._numpy's
# ndarray.__setitem__ writes the array's tensor in place, one `wrapped___setitem__` node each (no type annotation:
# its value is None), and the frame goes on with the array's shape unchanged.
# Expected torch 2.11 behaviour (backend="eager"): 1 compile, 1 graph, no break.
import numpy as np
import torch


def state(moves, last):
    sq = np.zeros((4, 6, 6))
    sq[0][moves // 6, moves % 6] = 1.0
    sq[2][last // 6, last % 6] = 1.0
    sq[3][:, :] = 1.0
    return torch.from_numpy(np.ascontiguousarray(sq[:, ::-1, :])).float().sum()


f = torch.compile(state, backend="eager")
print(round(f(np.array([3, 8, 20]), 20).item(), 4))
