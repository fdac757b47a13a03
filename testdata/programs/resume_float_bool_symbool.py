# option-critic's `return bool(option_termination.item()), next_option.item()`: the first item() breaks; the resume
# takes the Python float on its stack (___stack1). Once it changed, automatic dynamic makes it a 0-d float64 input,
# and bool() of the SymFloat is a SymBool node (`item != 0`), live below the next item()'s break: a graph output
# (`return (ne, argmax)`), no guard on its value.
# The value alternates between calls.
import torch

lin = torch.nn.Linear(4, 3)


def predict(state, p):
    term = torch.sigmoid(lin(state))[:, 0] * 0 + p
    q = lin(state)
    return bool(term.item()), q.argmax(dim=-1).item()


cp = torch.compile(predict, backend="eager")
torch.manual_seed(0)
s = torch.randn(1, 4)
for i in range(5):
    print(i, cp(s, float(i % 2)))
