# Forms of deployment code in detection and reparameterized models (yolov5/v7, MobileOne / FastViT): a conv+bn
# fuse built with torch.diag, a re-parameterization that deletes its branches (self.__delattr__), an ONNX-export
# flag Dynamo folds to False, and torch.broadcast_tensors of axial frequencies
import torch
import torch.nn as nn

torch.manual_seed(0)


def fuse_conv_and_bn(conv, bn):
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, padding=conv.padding, bias=True)
    with torch.no_grad():
        w_conv = conv.weight.clone().view(conv.out_channels, -1)
        w_bn = torch.diag(bn.weight.div(torch.sqrt(bn.eps + bn.running_var)))
        fused.weight.copy_(torch.mm(w_bn, w_conv).view(fused.weight.shape))
        fused.bias.copy_(bn.bias - bn.weight.mul(bn.running_mean).div(torch.sqrt(bn.running_var + bn.eps)))
    return fused


class Rep(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(4, 4, 3, padding=1)
        self.b = nn.Conv2d(4, 4, 1)
        self.bn = nn.BatchNorm2d(4)

    def reparameterize(self):
        k = self.a.weight + nn.functional.pad(self.b.weight, [1, 1, 1, 1])
        self.fused = nn.Conv2d(4, 4, 3, padding=1)
        self.fused.weight.data = k
        self.fused = fuse_conv_and_bn(self.fused, self.bn)
        self.__delattr__("a")
        delattr(self, "b")
        del self.bn

    def forward(self, x, freqs):
        if hasattr(self, "fused"):
            y = self.fused(x)
        else:
            y = self.bn(self.a(x) + self.b(x))
        if torch.onnx.is_in_onnx_export():
            y = y.sigmoid()
        parts = torch.broadcast_tensors(freqs[:, None, :], freqs[None, :, :])
        return y.relu() * 2, torch.cat(parts, dim=-1)


m = Rep().eval()
cm = torch.compile(m, backend="eager")
cm(torch.randn(1, 4, 8, 8), torch.randn(3, 8))
m.reparameterize()
assert not hasattr(m, "a") and not hasattr(m, "bn") and len(list(m.parameters())) == 2
assert torch.diag(torch.ones(3)).shape == (3, 3) and torch.diag(torch.ones(3, 3)).shape == (3,)
assert torch.diag(torch.ones(2), 1).shape == (3, 3) and torch.diag(torch.ones(3, 4), -1).shape == (2,)
cm(torch.randn(1, 4, 8, 8), torch.randn(3, 8))
