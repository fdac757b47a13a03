# a float entry of an optimizer param_group that changes every step becomes dynamic on recompile in torch (placeholder G_opt_param_groups_0_weight_sum_: "f64[][]cpu" + .item()); tparse keeps it a constant (a plain global dict works) (from schedule_free adamw_schedulefree.py step(): group['weight_sum'])
import torch
torch.manual_seed(0)

class Opt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, dict(lr=0.01, weight_sum=0.0))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            weight = group['lr'] ** 2
            weight_sum = group['weight_sum'] = group['weight_sum'] + weight
            ckp1 = weight / weight_sum
            for p in group['params']:
                p.mul_(1 - ckp1)

w = torch.nn.Parameter(torch.ones(4))
opt = Opt([w])

@torch.compile(backend="eager")
def f():
    opt.step()

for i in range(4):
    f()
    print(i, w.sum().item())
