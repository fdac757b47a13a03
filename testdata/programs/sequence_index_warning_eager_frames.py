# Expected torch 2.11 (Python 3.12) behaviour:
#   f has a graph break inside a for loop (print -> break_graph_if_unsupported in a loop -> GB7000 "graph break in
#   loop"), so frame f is skipped and runs eagerly WITH the eval-frame callback still on.
#   Eagerly, `x[[idx]]` (a list holding a tensor as index) makes torch/csrc/autograd/python_variable_indexing.cpp
#   (treatSequenceAsTuple) TORCH_WARN "Using a non-tuple sequence for multidimensional indexing is deprecated ...",
#   which becomes a Python UserWarning. Shown (default filter, first time for this location) it runs
#   CPython's warnings.py in Python: WarningMessage.__init__ (warnings.py:419), _showwarnmsg (97),
#   _showwarnmsg_impl (20), _formatwarnmsg (118), _formatwarnmsg_impl (35): each is handed to ConvertFrame once
#   (warnings.py is not in trace_rules' skip lists), has no tensor, and is then skipped for good.
#   torch: frames total 6 (f + those 5), frames ok 5; the second iteration's warning (same line) is not shown again.
# (tparse before round 61 showed no such warning: 1 frame; GRAN's `att_idx[[edges[:, 0]]]` in a skipped resume.)
import torch


def f(x, idx):
    out = []
    for i in range(2):
        print("it", i)
        out.append(x[[idx]])
    return out


cf = torch.compile(f, backend="eager")
r = cf(torch.arange(12.0).view(4, 3), torch.tensor([0, 2]))
print([tuple(t.shape) for t in r])
