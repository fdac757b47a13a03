"""Makes an N-rank DDP trace (gloo, CPU): torch.compile of a DistributedDataParallel MLP, a few
training steps, TORCH_TRACE per process. The input of scripts/make_ranks.py for the ranks-at-scale
benchmark (issue 12 asks for a real 8-rank DDP trace).

Usage: python scripts/make_ddp_trace.py OUT_DIR [N=8]     (torch 2.11; CPU only; a C++ compiler)
"""
import os
import sys

import torch.multiprocessing as mp


def rank_main(rank, world, trace_dir):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29650"
    import torch
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 512), torch.nn.ReLU(), torch.nn.Linear(512, 512),
                                torch.nn.ReLU(), torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    ddp = DDP(model, bucket_cap_mb=1)  # 2.3 MB of parameters in 1 MB buckets: DDPOptimizer splits the graph
    opt = torch.optim.SGD(ddp.parameters(), lr=0.01)
    step = torch.compile(ddp)
    for i in range(3):
        x = torch.randn(16, 64)
        loss = step(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
    dist.barrier()
    dist.destroy_process_group()
    print(f"rank {rank}: loss {loss.item():.4f}", flush=True)


if __name__ == "__main__":
    out = sys.argv[1]
    world = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    os.makedirs(out, exist_ok=True)
    # torch reads TORCH_TRACE when it is imported, and spawned children import it (via this module)
    # before rank_main runs: set it here so that they inherit it.
    os.environ["TORCH_TRACE"] = os.path.abspath(out)
    mp.spawn(rank_main, args=(world, out), nprocs=world, join=True)
