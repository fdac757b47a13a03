"""tparse stub of transformers.integrations: the kernel-hub decorators give the class or function back, as
the real ones do when the `kernels` package is absent; the experts decorator and the attention functions
are the real ones (integrations/moe.py, integrations/sdpa_attention.py from the source root)."""


def use_kernel_forward_from_hub(*args, **kwargs):
    def decorator(cls):
        return cls
    return decorator


def use_kernelized_func(*args, **kwargs):
    def decorator(cls):
        return cls
    return decorator


def use_kernel_func_from_hub(*args, **kwargs):
    def decorator(fn):
        return fn
    return decorator


def use_kernel_func_from_hub_with_fallback(*args, **kwargs):
    def decorator(fn):
        return fn
    return decorator


def use_experts_implementation(*args, **kwargs):
    from transformers.integrations.moe import use_experts_implementation as real
    return real(*args, **kwargs)
