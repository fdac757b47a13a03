# Module.load_state_dict run eagerly under the callback (a compiled function Dynamo skips: a print in its loop): its
# _IncompatibleKeys result is a namedtuple whose generated __new__ (`<lambda>` at <string>:1) is one more frame handed
# to Dynamo, once (from PPO-PyTorch's update copying policy into policy_old)
import torch
import torch.nn as nn

torch.manual_seed(0)
policy, policy_old = nn.Linear(4, 2), nn.Linear(4, 2)


@torch.compile(backend="eager")
def update(x):
    for i in range(2):
        x = policy(x).sum() * x
        print("epoch", i)
    policy_old.load_state_dict(policy.state_dict())
    return x


for _ in range(2):
    print(update(torch.randn(3, 4)).shape)
print(torch.equal(policy.weight, policy_old.weight))
