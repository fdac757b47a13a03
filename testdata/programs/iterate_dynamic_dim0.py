# A frame that iterates over a tensor (`for inp in seq:`, a recurrent model stepping through time) whose leading
# size changed between calls: automatic dynamic makes that size a symbol, and Dynamo's unpacking of the tensor
# evaluates its length, so the symbol is specialized again (symbolic_shape_specialization, range_refined_to_singleton).
# Another length recompiles; the other dim stays dynamic.
import torch


class Stepper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.nn.Linear(8, 8)

    def forward(self, seq):
        h = torch.zeros(seq.shape[1], 8)
        outs = []
        for inp in seq:
            h = torch.tanh(self.cell(inp) + h)
            outs.append(h)
        return torch.stack(outs)


m = torch.compile(Stepper(), backend="eager")
for t, b in ((4, 2), (3, 5), (2, 6), (2, 7)):
    y = m(torch.randn(t, b, 8))
    print(t, b, tuple(y.shape))
