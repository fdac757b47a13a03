# Pins: a compiled module called first with hidden=[h, c] (list) then with the (h, c) tuple LSTMCell returned
# (world-models rollout). tparse says "Python value changed: len(hidden) == 2"; Dynamo's first failing guard
# should be the TYPE_MATCH on L['hidden'] (list -> tuple), which SEQUENCE_LENGTH installs before the length check.
import torch

torch.manual_seed(0)
cell = torch.compile(torch.nn.LSTMCell(4, 8), backend="eager")
hidden = [torch.zeros(1, 8), torch.zeros(1, 8)]
with torch.no_grad():
    for t in range(3):
        hidden = cell(torch.randn(1, 4), hidden)
print(hidden[0].shape)
