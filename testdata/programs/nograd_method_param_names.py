# torch.compile of a bound method decorated with @torch.no_grad(): torch names the module's parameters from L['fn'] (L_fn_self_modules_lin_parameters_weight_); ours names them L_tmp3_, L_tmp4_ (from llm.c train_gpt2.py GPT.generate)
import torch
torch.manual_seed(0)

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    @torch.no_grad()
    def gen(self, x, n):
        for _ in range(n):
            x = torch.cat([x, self.lin(x[:, -1:, :])], dim=1)
        return x

m = M()
g = torch.compile(m.gen, backend="eager")
print(g(torch.randn(1, 1, 4), 2).shape)
