# an int local that a (resume) frame never reads gets no guard: Dynamo's lazy VariableTracker is not realized when the local is only passed on to the next resume function (from flamingo-pytorch flamingo_palm.py)
import torch

def f(x):
    b = x.shape[0]
    torch._dynamo.graph_break()
    x = x + 1                      # resume_in_f_at_6: b is live but unread -> no `L['b'] == 2` guard
    torch._dynamo.graph_break()
    return x.reshape(b, -1)        # resume_in_f_at_8 reads b: guarded here only

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4)).shape)
print(g(torch.randn(3, 4)).shape)  # torch: recompiles f and the last resume, not the middle one
