# torch classes tparse models in Python: torch.Generator (a seedable source of random numbers; tparse draws no
# numbers, so it keeps the seed and the device, as the methods model code calls return them).


class Generator:
    def __init__(self, device="cpu"):
        self.device = device
        self._seed = 67280421310721

    def manual_seed(self, seed):
        self._seed = int(seed)
        return self

    def seed(self):
        return self._seed

    def initial_seed(self):
        return self._seed

    def get_state(self):
        raise NotImplementedError("torch.Generator.get_state: random state is not modelled by tparse")

    def set_state(self, state):
        return self


# torch.nn.attention: the SDPA backends and sdpa_kernel, the context manager that enables some of them. Inside a
# compiled frame Dynamo records the switch as graph nodes (no stack trace): each backend by name
# (`torch.nn.attention._backend_from_string('MATH')`), then `torch.nn.attention._sdpa_kernel([...], False)`; on exit
# the backends enabled before (all of them by default). Eagerly it changes nothing tparse models.
class _Backend:
    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __repr__(self):
        return f"<SDPBackend.{self.name}: {self.value}>"


class SDPBackend:
    ERROR = _Backend("ERROR", -1)
    MATH = _Backend("MATH", 0)
    FLASH_ATTENTION = _Backend("FLASH_ATTENTION", 1)
    EFFICIENT_ATTENTION = _Backend("EFFICIENT_ATTENTION", 2)
    CUDNN_ATTENTION = _Backend("CUDNN_ATTENTION", 3)
    OVERRIDEABLE = _Backend("OVERRIDEABLE", 4)


_SDPA_DEFAULT = ["CUDNN_ATTENTION", "FLASH_ATTENTION", "EFFICIENT_ATTENTION", "MATH", "OVERRIDEABLE"]


class sdpa_kernel:
    def __init__(self, backends, set_priority=False):
        if not isinstance(backends, (list, tuple)):
            backends = [backends]
        self.names = [b.name for b in backends]
        self.set_priority = set_priority

    def __enter__(self):
        __tparse_sdpa_kernel__(self.names, self.set_priority)
        return self

    def __exit__(self, *exc):
        __tparse_sdpa_kernel__(_SDPA_DEFAULT, False)
        return False


# torch/nn/modules/utils.py: `_pair(3) == (3, 3)`, an iterable kept as a tuple (Python in torch: Dynamo inlines it)
def _ntuple(n, name="parse"):
    def parse(x):
        if isinstance(x, (list, tuple)) or hasattr(x, "__iter__"):
            return tuple(x)
        return tuple([x] * n)
    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")


def _reverse_repeat_tuple(t, n):
    return tuple(x for x in reversed(t) for _ in range(n))


class _GeneratorContextManager:  # contextlib's manager of a generator (torch.backends.cuda.sdp_kernel): Dynamo cannot enter it
    __tparse_unsupported_cm__ = True

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


# torch.autograd.profiler.record_function: a profiler range; Dynamo ignores it in a frame (capture_profiler_record_function
# is off: a warning, no node), eagerly it changes nothing tparse models
class record_function:
    __tparse_reconstructed_as_nullcontext__ = True  # (Dynamo rebuilds it as contextlib.nullcontext at a break)
    def __init__(self, name, args=None):
        self.name = name
        self.args = args

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn):
        return fn


# torch/random.py's RNG state, a file Dynamo's trace_rules skips: get_rng_state / set_rng_state break a graph
# (GB0007); fork_rng is a @contextmanager Dynamo runs as a torch.* call whose value is no tensor (GB0208). Eagerly
# the CPU generator's state is a uint8 tensor of 5056 bytes; tparse draws no numbers, so restoring it changes nothing.
_RANDOM_PY = "/opt/torch/.venv/lib/python3.12/site-packages/torch/random.py"


def get_rng_state():
    __tparse_skipped_file_fn__("torch.random", "get_rng_state", _RANDOM_PY)
    import torch
    return torch.zeros(5056, dtype=torch.uint8)


def set_rng_state(new_state):
    __tparse_skipped_file_fn__("torch.random", "set_rng_state", _RANDOM_PY)


class _ForkRng:
    # contextlib's _GeneratorContextManager: Dynamo cannot enter one made outside the frame (GB0142)
    __tparse_unsupported_cm__ = True

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
    __tparse_non_tensor_break__("_GeneratorContextManager", "fork_rng")
    return _ForkRng()


# torch/nn/modules/linear.py: MultiheadAttention's out_proj is this subclass of Linear (for quantization's sake), so
# `type(m) is nn.Linear` is False for it while isinstance(m, nn.Linear) holds
import torch.nn


class NonDynamicallyQuantizableLinear(torch.nn.Linear):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__(in_features, out_features, bias=bias, device=device, dtype=dtype)


# torch/nn/utils/rnn.py's PackedSequence: a named tuple of the packed rows (every sequence's steps, time-major, the
# longest first), how many sequences are alive at each step, and the permutation of a batch not sorted by length
# and its inverse. torch/nn/packed_sequence.cpp makes them (pack_padded_sequence, an RNN's output).
from collections import namedtuple


class PackedSequence(namedtuple("PackedSequence_", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])):
    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        # rnn.py's _packed_sequence_init_args: the inverse permutation made when only sorted_indices is given; without
        # batch_sizes, data is a (data, batch_sizes) pair (DrQA's `PackedSequence(data, batch_sizes)`)
        if unsorted_indices is None and sorted_indices is not None:
            unsorted_indices = torch.empty_like(sorted_indices, memory_format=torch.legacy_contiguous_format)
            unsorted_indices.scatter_(0, sorted_indices, torch.arange(0, sorted_indices.numel(), device=sorted_indices.device))
        if batch_sizes is None:
            data, batch_sizes = data[0], data[1]
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def _with(self, data):
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        return self if data is self.data else self._with(data)

    def cuda(self, *args, **kwargs):
        return self._with(self.data.cuda(*args, **kwargs))

    def cpu(self, *args, **kwargs):
        return self._with(self.data.cpu(*args, **kwargs))

    def double(self):
        return self._with(self.data.double())

    def float(self):
        return self._with(self.data.float())

    def half(self):
        return self._with(self.data.half())

    def long(self):
        return self._with(self.data.long())

    def int(self):
        return self._with(self.data.int())

    def detach(self):
        return self._with(self.data.detach())

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return False


def _tensor_resize(self, *sizes):
    # torch/_tensor.py's Tensor.resize (torch 2.11): deprecated, it warns, then autograd's Resize gives the data in the
    # new sizes (a contiguous view). In a frame Dynamo records `x.resize(*sizes)` as a tensor method instead.
    import warnings
    warnings.warn("non-inplace resize is deprecated")
    return self.contiguous().view(*sizes)
