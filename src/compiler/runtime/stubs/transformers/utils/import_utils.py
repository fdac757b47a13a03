"""tparse stub of transformers.utils.import_utils: availability flags of a CPU-only torch 2.11 install
without optional packages, and the compile-time helpers (is_tracing, torch_compilable_check) as the real
ones behave under Dynamo."""
import torch


def is_torch_available():
    return True


def is_torch_flex_attn_available():
    return True


def is_torch_greater_or_equal(library_version, accept_dev=False):
    parts = [int(p) for p in library_version.split(".")[:2]]
    return parts[0] < 2 or (parts[0] == 2 and parts[1] <= 11)


def is_torch_less_or_equal(library_version, accept_dev=False):
    parts = [int(p) for p in library_version.split(".")[:2]]
    return parts[0] > 2 or (parts[0] == 2 and parts[1] >= 11)


def is_torch_npu_available(*args, **kwargs):
    return False


def is_torch_xpu_available(*args, **kwargs):
    return False


def is_torch_cuda_available():
    return False


def is_torch_mlu_available(*args, **kwargs):
    return False


def is_torch_musa_available(*args, **kwargs):
    return False


def _false(*args, **kwargs):
    return False


is_accelerate_available = _false
is_peft_available = _false
is_bitsandbytes_available = _false
is_kernels_available = _false
is_ninja_available = _false
is_flash_attn_2_available = _false
is_flash_attn_3_available = _false
is_flash_attn_greater_or_equal = _false
is_quanto_greater = _false  # (optimum-quanto absent: its version checks answer False first)
is_peft_greater_or_equal = _false
is_mambapy_available = _false
is_causal_conv1d_available = _false
is_mamba_ssm_available = _false
is_mamba_2_ssm_available = _false
is_flash_linear_attention_available = _false
is_torch_fx_available = _false
is_torch_sdpa_available = is_torch_available


def is_torchdynamo_compiling():
    # as the real one, torch imported in the function (no torch global: has_tensor_in_frame finds none, so the frame
    # Dynamo is handed is skipped at once, never traced)
    import torch

    return torch.compiler.is_compiling()


def is_torchdynamo_exporting():  # as the real one: True while Dynamo traces (see torch.compiler.is_exporting)
    import torch

    return torch.compiler.is_exporting()


def is_tracing(tensor=None):
    return torch.compiler.is_compiling()


def torch_compilable_check(cond, msg, error_type=ValueError):
    if is_tracing():
        if isinstance(cond, torch.Tensor):
            torch._check_tensor_all(cond)
        else:
            torch._check(cond)
        return
    if callable(cond):
        cond = cond()


def requires(*args, **kwargs):
    def decorator(x):
        return x
    return decorator


def define_import_structure(module_path, *args, **kwargs):
    return __tparse_package_all__(module_path)


def is_rocm_platform():
    return False


# no optional package is installed here: nothing maps to a distribution
PACKAGE_DISTRIBUTION_MAPPING = {}


def requires_backends(obj, backends):
    """The real one raises ImportError for a backend missing from the install; tparse runs the model as on a machine
    that has the backends its code asks for (a model class checks "torch", a backbone loader "timm")."""
    return None


def split_package_version(package_version_str):
    """"torch>=2.1" -> ("torch", ">=", "2.1")."""
    import re

    match = re.match(r"([a-zA-Z0-9_-]+)([!<>=~]+)([0-9.]+)", package_version_str)
    if not match:
        raise ValueError(f"Invalid package version string: {package_version_str}")
    return match.group(1), match.group(2), match.group(3)


import operator as _operator  # noqa: E402
from enum import Enum as _Enum  # noqa: E402


class VersionComparison(_Enum):
    EQUAL = _operator.eq
    NOT_EQUAL = _operator.ne
    GREATER_THAN = _operator.gt
    LESS_THAN = _operator.lt
    GREATER_THAN_OR_EQUAL = _operator.ge
    LESS_THAN_OR_EQUAL = _operator.le

    @staticmethod
    def from_string(version_string):
        return {"=": VersionComparison.EQUAL, "==": VersionComparison.EQUAL, "!=": VersionComparison.NOT_EQUAL,
                ">": VersionComparison.GREATER_THAN, "<": VersionComparison.LESS_THAN,
                ">=": VersionComparison.GREATER_THAN_OR_EQUAL, "<=": VersionComparison.LESS_THAN_OR_EQUAL}[version_string]


# optional accelerator / quantization packages a torch install does not bring: their availability flags are False
# (model files import them at their top: `cache_utils`' is_hqq_available, `pytorch_utils`' is_torch_xla_available);
# any other flag stays unknown (opaque) — timm, PIL, scipy, tokenizers may well be installed where the model runs
_ABSENT = ("hqq", "optimum_quanto", "quanto", "flash_attn_3", "flash_attn_4", "torch_xla", "torchao", "quark",
           "compressed_tensors", "auto_gptq", "gptqmodel", "auto_awq", "eetq", "fbgemm_gpu", "deepspeed", "liger_kernel",
           "sagemaker_mp", "sagemaker_dp")


def __getattr__(name):
    if name.startswith("is_") and name.endswith("_available") and name[3:-10] in _ABSENT:
        return _false
    raise AttributeError(f"module 'transformers.utils.import_utils' has no attribute '{name}'")
