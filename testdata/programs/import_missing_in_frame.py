# audiocraft's _is_profiled(): `try: from xformers.profiler import profiler / except ImportError: return False`,
# called from the attention forward inside the compiled frame (the package is absent here).
import torch


def _is_profiled():
    try:
        from xformers_absent_pkg.profiler import profiler
    except ImportError:
        return False
    return profiler._Profiler._CURRENT_PROFILER is not None


def attn(q, k):
    if not _is_profiled():
        assert q is not None, "specialized implementation"
    return (q @ k.transpose(-1, -2)).softmax(-1)


f = torch.compile(attn, backend="eager")
f(torch.randn(2, 3, 4), torch.randn(2, 3, 4))
f(torch.randn(3, 5, 4), torch.randn(3, 5, 4))
