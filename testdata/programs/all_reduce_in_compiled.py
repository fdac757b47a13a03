# Pins: torch.distributed.all_reduce inside a compiled function (DINO/iBOT update_center on one gloo rank).
# torch 2.11 Dynamo rewrites c10d.all_reduce to the traceable functional collective (all_reduce_inplace):
# _c10d_functional.all_reduce + wait_tensor + copy_ nodes in the graph, dist.get_world_size() folded, no break.
# tparse lists all_reduce as unmodelled and leaves it out of the graph.
import torch
import torch.distributed as dist

dist.init_process_group("gloo", init_method="tcp://127.0.0.1:29532", rank=0, world_size=1)
center = torch.zeros(1, 8)

@torch.compile(backend="eager")
def update_center(teacher_out):
    global center
    c = torch.sum(teacher_out, dim=0, keepdim=True)
    dist.all_reduce(c)
    c = c / (len(teacher_out) * dist.get_world_size())
    center = center * 0.9 + c * 0.1
    return center

print(update_center(torch.randn(4, 8)))
dist.destroy_process_group()
