# Init code that writes parameters in place under torch.no_grad() (mamba's dt_proj.bias.copy_, GAN inits'
# fill_ / mul_ / zero_): the parameters stay trainable, so requires_grad guards and branches see True; a
# torch.version.hip check takes CUDA's side (hip is None on a CUDA build).
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        for i in range(5):
            setattr(self, f"p{i}", torch.nn.Parameter(torch.zeros(3)))
        with torch.no_grad():
            self.p0.copy_(torch.ones(3))
            self.p1.fill_(2.0)
            self.p2.mul_(2)
            self.p3.add_(torch.ones(3))
            self.p4.zero_()
        self.hip = torch.version.hip is not None

    def forward(self, x):
        if self.p0.requires_grad:
            x = x * self.p0
        else:
            x = x + self.p0
        if self.hip:
            x = x.sin()
        return x * self.p1 * self.p2 * self.p3 * self.p4


m = M()
print([getattr(m, f"p{i}").requires_grad for i in range(5)], torch.version.hip)
cm = torch.compile(m, backend="eager")
print(cm(torch.randn(3)).requires_grad)
