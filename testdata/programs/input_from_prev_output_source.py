# An input tensor computed eagerly from the previous compiled call's output keeps its source L_args_0_ on the recompile (from llama3 llama/model.py decode loop: nxt = logits[:, -1].argmax(...))
import torch
torch.manual_seed(0)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(16, 8)

    @torch.inference_mode()
    def forward(self, tokens, pos):
        return self.emb(tokens) * pos


f = torch.compile(M(), backend="eager")
out = f(torch.randint(0, 16, (2, 4)), 0)
nxt = out[:, -1].argmax(-1, keepdim=True)
for pos in (4, 5):
    out = f(nxt, pos)
    nxt = out[:, -1].argmax(-1, keepdim=True)
    print(pos, out.shape)
