# nn.Module held as an attribute of a plain (non-Module) object, method compiled: torch names the lifted params L_self_actor_modules_l1_parameters_weight_ (plain attribute hop = no `_modules_`), tparse L_self_modules_actor_modules_l1_... (from TD3.py, class TD3(object) holding self.actor / self.critic)
import torch
import torch.nn as nn
torch.manual_seed(0)


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(4, 8)

    def forward(self, x):
        return self.l1(x).relu()


class Agent(object):
    def __init__(self):
        self.actor = Actor()

    def act(self, x):
        return self.actor(x) * 2


a = Agent()
f = torch.compile(a.act, backend="eager")
print(f(torch.randn(2, 4)).shape)
