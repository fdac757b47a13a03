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
