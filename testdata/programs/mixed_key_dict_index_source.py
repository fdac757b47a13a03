# In a dict that has tensor keys, a string-keyed entry is reached by index too: L_opt_state_list_dict_keys_L_opt_state_0_, not L_opt_state_k_ (from facebookresearch/madgrad madgrad.py: self.state['k'] next to self.state[p])
import torch

torch.manual_seed(0)


class Opt:
    def __init__(self, params):
        self.params = params
        self.state = {"k": torch.tensor([3])}
        for p in params:
            self.state[p] = {"s": torch.zeros_like(p)}


opt = Opt([torch.randn(4, 3), torch.randn(3)])


def step(opt):
    k = opt.state["k"]
    for p in opt.params:
        opt.state[p]["s"].add_(p * k)
    return k + 1


f = torch.compile(step, backend="eager")
print(f(opt).item())
