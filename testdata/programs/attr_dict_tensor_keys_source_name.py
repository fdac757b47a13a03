# A value of a tensor-keyed dict held in an attribute of a local (L['opt'].state) is named L_opt_state_list_dict_keys_L_opt_state_0_buf_ (the inner `L_` kept) (from lucidrains/lion-pytorch foreach.py, facebookresearch/madgrad: opt.step compiled, self.state[p])
import torch

torch.manual_seed(0)


class Opt:
    def __init__(self, params):
        self.params = params
        self.state = {p: {"buf": torch.zeros_like(p)} for p in params}


opt = Opt([torch.randn(4, 3), torch.randn(3)])


def step(opt):
    for p in opt.params:
        opt.state[p]["buf"].mul_(0.9).add_(p)
    return opt.params[0].sum()


f = torch.compile(step, backend="eager")
print(round(f(opt).item(), 4))
