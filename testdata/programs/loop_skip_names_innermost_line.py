# Expected torch 2.11 behaviour: print() inside the inlined g is a graph break; f's call `x = g(x)` (L19) is inside
# a for loop, so break_graph_if_unsupported raises "graph break in loop" (gb7000) and f is skipped (one compile, no
# graph). The dynamo_graph_break_reason record's first line, "Graph break in user code at FILE:LINE", names the
# INNERMOST user frame of the original exception (its real_stack): the print line in g, L13.
# (tparse before round 61 named the outer frame's call line, L19.)
# (simple-nmt seq2seq: resume_in_forward_at_265 [7/0] torch seq2seq.py:122 (Decoder's self.rnn call), tparse :288;
#  resume_in_search_at_335 [16/0] torch :122, tparse :341.)
import torch


def g(x):
    print("in g")
    return x + 1


def f(x):
    for _ in range(2):
        x = g(x)
    return x


fc = torch.compile(f, backend="eager")
print(fc(torch.zeros(2)).tolist())
