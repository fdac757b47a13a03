# A generator method decorated with @torch.no_grad() (xLSTM's and many LMs' `generate`): torch's _contextlib wraps
# a generator function so the mode is entered at each resume and left at each yield. The compiled forward called
# inside it runs under no_grad (a grad_mode recompile after the training call), while the caller's code between the
# yields runs with grad on (a second training call needs no compile).
import torch


class LM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.head = torch.nn.Linear(8, 10)

    def forward(self, tok):
        return self.head(torch.tanh(self.emb(tok)))

    @torch.no_grad()
    def generate(self, tok, n):
        for _ in range(n):
            logits = self(tok)
            nxt = logits[:, -1].argmax(-1, keepdim=True)
            tok = torch.cat([tok, nxt], dim=1)[:, -4:]
            yield tok


model = LM()
model.forward = torch.compile(model.forward, backend="eager")
tok = torch.randint(0, 10, (2, 4))
loss = model(tok).logsumexp(-1).mean()
loss.backward()
print("train", torch.is_grad_enabled())
for i, out in enumerate(model.generate(tok, 3)):
    print("gen", i, tuple(out.shape), torch.is_grad_enabled())
    loss = model(tok).logsumexp(-1).mean()
    print("between", loss.requires_grad)
