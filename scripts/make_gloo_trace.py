"""Makes testdata/torch-2.11/gloo_4ranks_cache_skew/trace: 4 CPU ranks (gloo), torch.compile + inductor with functional
collectives, inside torch._inductor.debug.record_and_log_graph_execution_order().

Run twice: run 1 fills a per-rank inductor cache (all misses); run 2 gives ranks 0-2 fresh caches
and rank 3 its run-1 cache, so in run 2 rank 3 hits the FX graph cache where the others miss (a
cache mismatch at the same execution index). Only run 2's TORCH_TRACE is kept.

Usage: python scripts/make_gloo_trace.py OUT_DIR

(torch 2.11; CPU only; a C++ compiler for inductor's CPU backend)
"""
import os
import shutil
import sys
import tempfile

import torch.multiprocessing as mp

WORLD = 4


def rank_main(rank, trace_dir, cache_root, run):
    cache = os.path.join(cache_root, f"run{run}_rank{rank}" if (run == 1 or rank != 3) else "run1_rank3")
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = cache
    os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "1"
    os.environ["TORCHINDUCTOR_AUTOGRAD_CACHE"] = "1"
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(29600 + run)
    import torch
    import torch.distributed as dist
    import torch.distributed._functional_collectives as fc
    import torch._inductor.debug as idebug

    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    group = dist.group.WORLD

    def step(x, w):
        y = torch.relu(x @ w)
        y = fc.all_reduce(y, "sum", group)
        z = fc.all_gather_tensor(y * 2, 0, group)
        return z.sum(0)

    def head(x):
        s = fc.reduce_scatter_tensor(x.repeat(WORLD, 1), "sum", 0, group)
        return torch.tanh(s)

    cstep = torch.compile(step)
    chead = torch.compile(head)
    w = torch.randn(32, 32)
    with idebug.record_and_log_graph_execution_order():
        for _ in range(3):
            x = torch.randn(8, 32)
            out = chead(cstep(x, w))
    dist.barrier()
    dist.destroy_process_group()
    print(f"rank {rank} run {run}: {tuple(out.shape)}", flush=True)


def main():
    out = sys.argv[1]
    cache_root = tempfile.mkdtemp(prefix="inductor_cache_")
    for run in (1, 2):
        trace = tempfile.mkdtemp(prefix=f"trace_run{run}_")
        # torch reads TORCH_TRACE when it is imported, and spawned children import it (via this
        # module) before rank_main runs: set it here so that they inherit it.
        os.environ["TORCH_TRACE"] = trace
        mp.spawn(rank_main, args=(trace, cache_root, run), nprocs=WORLD, join=True)
        if run == 2:
            os.makedirs(out, exist_ok=True)
            for f in os.listdir(trace):
                shutil.copy(os.path.join(trace, f), out)
    print("trace written to", out)


if __name__ == "__main__":
    main()
