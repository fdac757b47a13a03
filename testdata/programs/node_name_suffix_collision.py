# Graph node names: a source variable literally named x_1 / x_2 (YOLOX CSPLayer: x_1 = self.conv1(x)) after the
# FX namer already produced x_1 from the variable x. FX names are unique: real torch renames the later node to
# x_2 (then x_3, ...). The graph must never hold two nodes with the same name.
import torch

@torch.compile(backend="eager")
def f(x):
    x = torch.relu(x)
    x = torch.sin(x)
    x_1 = torch.cos(x)
    x_2 = torch.tanh(x)
    x_1 = x_1 * 2
    return torch.cat((x_1, x_2), dim=1)

print(f(torch.randn(2, 3)).shape)
print(f(torch.randn(3, 3)).shape)
