# tensors read from a dict argument are lifted when an op first uses them (after the weight read inside forward), also when passed through a direct self.forward(user, seq) call: torch order G item weight, L_inter_seq_, G user weight, L_inter_user_ (from RUCAIBox/RecBole caser.py)
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.item = nn.Embedding(30, 8)
        self.user = nn.Embedding(20, 8)

    def forward(self, user, seq):
        return self.item(seq).sum(1) + self.user(user)

    def calculate_loss(self, inter):
        seq = inter["seq"]
        user = inter["user"]
        return self.forward(user, seq).pow(2).mean()


model = M()


def step(inter):
    loss = model.calculate_loss(inter)   # torch placeholders: G item weight, L_inter_seq_, G user weight, L_inter_user_
    return loss.detach()


cstep = torch.compile(step, backend="eager")
print(cstep({"user": torch.randint(0, 20, (3,)), "seq": torch.randint(0, 30, (3, 5))}))
