# A run killed while Dynamo is compiling (as the OOM killer or a job timeout would): the first graph
# compiles, the second compile never finishes and no Python traceback is written.
import os
import signal
import sys

import torch

calls = 0


def backend(gm, example_inputs):
    global calls
    calls += 1
    if calls == 2:
        print("backend: killing the process in the middle of compile 2", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    return gm.forward


def f(x):
    y = x.sin()
    print("break")
    return y.cos()


torch.compile(f, backend=backend)(torch.randn(4))
