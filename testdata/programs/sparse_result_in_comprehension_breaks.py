# Expected torch 2.11 (Python 3.12) behaviour:
#   `b[i].to_sparse()` inside the frame's own list comprehension: the op's output is a sparse FakeTensor;
#   variables/builder.py handle_traced_output (called by wrap_fx_proxy_cls) raises Unsupported
#   "Attempted to wrap sparse Tensor with VariableTracker" (GB0277) for is_sparse_any(example_value).
#   The CALL is inside the comprehension (not resumable there); the comprehension's speculation
#   (comprehension_graph_break.py maybe_setup_comprehension_speculation at BUILD_LIST) fails ->
#   _handle_comprehension_graph_break: the graph up to the comprehension is compiled (tril, transpose, add = 3 ops),
#   the comprehension runs eagerly, and the rest resumes in torch_dynamo_resume_in_f_at_<comprehension line>
#   (cat, t, mul). torch: 2 frames per first call (f, resume), 2 graphs, 1 resume, a logged break naming GB0277
#   ("Encountered graph break that we cannot resume from ... Attempted to wrap sparse Tensor with VariableTracker").
# (tparse before round 61 broke only at sparse inputs, GB0015: one graph, no break; GRAN's _sampling.)
import torch


def f(a, B):
    b = torch.tril(a, -1)
    b = b + b.transpose(1, 2)
    edges = [b[i].to_sparse().coalesce().indices() + i for i in range(B)]
    return torch.cat(edges, 1).t() * 2


torch.manual_seed(0)
a = (torch.rand(2, 4, 4) < 0.5).float()
cf = torch.compile(f, backend="eager")
print(cf(a, 2).shape)
