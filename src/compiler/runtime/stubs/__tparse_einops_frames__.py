# einops' rearrange / repeat as the Python functions they are (einops/einops.py of einops 0.8.2: `def rearrange` at
# line 561, `def repeat` at 627, each `return reduce(tensor, pattern, reduction=..., **axes_lengths)`). einops lets
# Dynamo keep rearrange / repeat / reduce as graph nodes (allow_in_graph), so inside a compiled frame a call is one
# node of its own name; called eagerly under the callback (from a frame Dynamo skipped: En-transformer's forward)
# each is a frame of its own, whose graph is the one `einops_einops_reduce(...)` node its body calls.


def rearrange(tensor, pattern, **axes_lengths):
    return __tparse_einops_reduce__(tensor, pattern, "rearrange", **axes_lengths)


def repeat(tensor, pattern, **axes_lengths):
    return __tparse_einops_reduce__(tensor, pattern, "repeat", **axes_lengths)
