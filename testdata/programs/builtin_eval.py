# eval() as model builders use it (yolov5's parse_model): a layer class by name, arguments given as names or
# expressions, evaluated in the module's globals; the model built is then compiled
import torch
import torch.nn as nn

torch.manual_seed(0)
spec = [["Linear", [8, 16]], ["ReLU", []], ["Linear", [16, "n_out"]]]
n_out = 4
layers = []
for name, args in spec:
    m = eval("nn." + name)
    args = [eval(a) if isinstance(a, str) else a for a in args]
    layers.append(m(*args))
model = nn.Sequential(*layers)
k = eval("2 ** 3 + len(layers)", {"len": len, "layers": layers})
assert k == 11
scale = eval("lambda v: v * k")(2)
cm = torch.compile(model, backend="eager")
cm(torch.randn(2, 8) * scale)
