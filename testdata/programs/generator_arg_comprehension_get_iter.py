# Expected torch 2.11 (Python 3.12) behaviour:
#   update(params) receives a live generator (m.parameters()). Line `ps = [p for p in params if p.requires_grad]`
#   does GET_ITER on that generator BEFORE the inlined comprehension's prefix (LOAD_FAST_AND_CLEAR / SWAP / BUILD_LIST).
#   GET_ITER -> BuiltinVariable(iter) -> polyfills.builtins.iter_ -> `iterable.__iter__()` on a user generator object
#   -> Unsupported "call_method on generator" (GB0253, variables/user_defined.py).
#   GET_ITER is not a break_graph_if_unsupported instruction, so InstructionTranslatorBase.step() looks for
#   current_speculation: the comprehension's speculation (comprehension_graph_break.py
#   maybe_setup_comprehension_speculation, run at BUILD_LIST) is not set up yet, and step()'s own checkpoint needs
#   is_non_empty_graph() (count_calls() > 1) -> none. The Unsupported escapes: "Failed to handle graph break
#   gracefully. Skipping the function and falling back to eager." -> frame [0/0] fails (no graph), code skipped for good.
#   torch: frames total 1 (the 2nd and 3rd calls are not handed to Dynamo), 0 graphs, 0 resumes,
#   unimplemented{GB0253}: 1, no recompiles.
# (tparse before round 61: treats the GET_ITER of the first iterable as inside the comprehension's speculation: "Encountered
#   graph break that we cannot resume from", compiles [0/0] with no graph and a resume function
#   torch_dynamo_resume_in_update_at_<line> after the comprehension, then recompiles update and the resume on later
#   calls (cf. GDSS's ema.update).)
import torch

m = torch.nn.Linear(3, 3)
shadow = [p.detach().clone() for p in m.parameters()]


def update(params):
    with torch.no_grad():  # (also makes the frame reference torch: has_tensor_in_frame; 1 graph call only)
        ps = [p for p in params if p.requires_grad]
        for s, p in zip(shadow, ps):
            s.sub_(0.1 * (s - p))


f = torch.compile(update, backend="eager")
for _ in range(3):
    f(m.parameters())
print(round(shadow[0].sum().item(), 4))
