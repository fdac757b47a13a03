# An int argument that changed goes dynamic on the recompile, but indexing a Python list with it specializes it again
# (BaseListVariable.getitem_const takes a constant: the guard `agent_i == 1`), so each index recompiles (from
# shariqiqbal2810's maddpg-pytorch, `curr_agent = self.agents[agent_i]` per agent)
import torch

torch.manual_seed(0)

agents = [torch.nn.Linear(4, 2) for _ in range(3)]


@torch.compile(backend="eager")
def act(x, agent_i):
    agent = agents[agent_i]
    return agent(x).softmax(-1) * (agent_i + 1)


x = torch.randn(5, 4)
for _ in range(2):
    for i in range(3):
        print(i, round(act(x, i).sum().item(), 4))
