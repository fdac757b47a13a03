# touching opt.param_groups inside a compiled fn guards EVERY constant entry of every group (OptimizerVariable realizes all): a counter 'k' changed outside recompiles each call in torch (guard G['opt'].param_groups[0]['k'] == 0), tparse never recompiles (from schedule_free sgd_schedulefree.py train()/eval())
import torch
torch.manual_seed(0)

class Opt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, dict(lr=0.1, k=0, train_mode=True))

    @torch.no_grad()
    def eval(self):
        for group in self.param_groups:
            if group['train_mode']:
                for p in group['params']:
                    p.mul_(0.5)
                group['train_mode'] = False

w = torch.nn.Parameter(torch.randn(4))
opt = Opt([w])

@torch.compile(backend="eager")
def f(x):
    opt.eval()
    return x * 2

for i in range(3):
    opt.param_groups[0]['train_mode'] = True
    opt.param_groups[0]['k'] = i          # as step() does; never read by eval()
    print(i, f(torch.ones(2)).sum().item())
