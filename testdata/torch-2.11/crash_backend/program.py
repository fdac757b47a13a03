# A backend that raises while compiling the first graph: the run dies with a Python traceback.
import torch


def failing_backend(gm, example_inputs):
    raise RuntimeError("failing_backend: refusing graph with %d nodes" % len(gm.graph.nodes))


def f(x):
    return torch.relu(x @ x.T).sum()


torch.compile(f, backend=failing_backend)(torch.randn(4, 4))
