# Expected torch 2.11 behaviour (rule: torch/_dynamo/variables/builtin.py, BuiltinVariable._call_min_max ->
# _call_min_max_seq -> _call_min_max_binary): `max(t)` of a 1-D tensor (one argument) is unpacked with
# force_unpack_var_sequence (t[0], t[1], t[2]) and reduced pairwise; two tensors become torch.maximum(a, b) - no
# bool(), no graph break. So `m = max(length)` traces into getitem x3 + maximum x2.
# Then `if m - l > 0:` inside the for loop is data-dependent branching (gb0170) in a loop -> "graph break in loop"
# (gb7000): the frame f is skipped (one compile, fail_reason "Data-dependent branching", no graph), the break at the
# `if` line (L18), not at the `max` line.
# (tparse before round 61: Python's comparison loop, a graph [getitem, getitem, gt] broken at the `max` line, gb0170,
# then a resume function with 1 op broken again.)
import torch


def f(x, length):
    mask = []
    m = max(length)
    for l in length:
        if m - l > 0:
            mask += [torch.cat([x.new_zeros(1, l), x.new_ones(1, m - l)], dim=-1)]
        else:
            mask += [x.new_zeros(1, l)]
    return torch.cat(mask, dim=0).bool()


fc = torch.compile(f, backend="eager")
x = torch.zeros(3, 7)
print(fc(x, torch.tensor([7, 6, 4])).sum().item())
print(fc(x, torch.tensor([7, 5, 5])).sum().item())
