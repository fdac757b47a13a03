# frame-input tensors handed on by keyword to an inlined method stay lazy until the callee reads them: torch's placeholders follow first use inside the callee (x, tok weight, b, a); tparse realizes the arguments at the call (x, a, b, weight). The positional twin (g) shows whether torch's rule is keyword-only (from sam-hq segment_anything/modeling/mask_decoder_hq.py forward -> predict_masks)
import torch
import torch.nn as nn


class Dec(nn.Module):
    def __init__(self, kw):
        super().__init__()
        self.kw = kw
        self.tok = nn.Embedding(2, 8)

    def forward(self, x, a, b):
        h = x.relu()
        if self.kw:
            return self.predict(x=h, a=a, b=b)
        return self.predict(h, a, b)

    def predict(self, x, a, b):
        t = self.tok.weight.sum(0)
        y = x + b
        return y * a + t


torch.manual_seed(0)
f = torch.compile(Dec(True), backend="eager")
g = torch.compile(Dec(False), backend="eager")
xs = [torch.randn(3, 8) for _ in range(3)]
print(f(*xs).sum().item() != 0, g(*xs).sum().item() != 0)
