# batches sliced from one tensor (x[i:i + b], the last one smaller), then fresh tensors: once the batch size is
# dynamic, the slice's storage offset is a symbol of its own and a fresh tensor (offset 0) recompiles
import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
model = torch.compile(net, backend="eager")
data = torch.randn(7, 6)
with torch.no_grad():
    for i in range(0, 7, 3):  # batches of 3, 3, 1: offsets 0, 18, 36
        print(tuple(model(data[i:i + 3]).shape))
    for b in (5, 1, 4):  # fresh tensors: offset 0
        print(tuple(model(torch.randn(b, 6)).shape))
    print(tuple(model(data[2:6]).shape))  # offset 12 again
    print(tuple(model(data.narrow(0, 1, 3)).shape))  # offset 6
