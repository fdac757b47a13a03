# torch.nn.utils' gradient clipping as Dynamo traces it in torch 2.11 (Python of ours after the structure of
# torch/nn/utils/clip_grad.py): each public function runs under no_grad (its _no_grad wrapper: `_set_grad_enabled`
# nodes in a frame); tensors are grouped by device and dtype, and a group takes the foreach path when torch supports
# it there (CPU and CUDA: one `_foreach_norm` / `_foreach_mul_` / `_foreach_clamp_min_` node over the group).
import warnings

import torch


def _no_grad(func):
    def _no_grad_wrapper(*args, **kwargs):
        with torch.no_grad():
            return func(*args, **kwargs)

    return _no_grad_wrapper


def _group_by_device_and_dtype(tensors):
    keys = []
    groups = []
    for t in tensors:
        key = str(t.device) + "/" + str(t.dtype)
        if key in keys:
            groups[keys.index(key)][1].append(t)
        else:
            keys.append(key)
            groups.append((t.device, [t]))
    return groups


def _foreach_ok(device, foreach):
    if foreach is None:
        return device.type in ("cpu", "cuda")
    return foreach


@_no_grad
def _get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(tensors, torch.Tensor):
        tensors = [tensors]
    else:
        tensors = list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return torch.tensor(0.0)
    first_device = tensors[0].device
    norms = []
    for device, device_tensors in _group_by_device_and_dtype(tensors):
        if _foreach_ok(device, foreach):
            norms.extend(torch._foreach_norm(device_tensors, norm_type))  #@ nn/utils/clip_grad.py:96
        else:
            norms.extend([torch.linalg.vector_norm(g, norm_type) for g in device_tensors])  #@ nn/utils/clip_grad.py:103 = [torch.linalg.vector_norm(g, norm_type) for g in device_tensors]
    total_norm = torch.linalg.vector_norm(  #@ nn/utils/clip_grad.py:106
        torch.stack([norm.to(first_device) for norm in norms]), norm_type  #@ nn/utils/clip_grad.py:107
    )
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError("The total norm of order " + str(norm_type) + " for gradients from `parameters` is non-finite, so it cannot be clipped")
    return total_norm


@_no_grad
def _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    clip_coef = max_norm / (total_norm + 1e-6)  #@ nn/utils/clip_grad.py:165
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)  #@ nn/utils/clip_grad.py:169
    for device, device_grads in _group_by_device_and_dtype(grads):
        if _foreach_ok(device, foreach):
            torch._foreach_mul_(device_grads, clip_coef_clamped.to(device))  #@ nn/utils/clip_grad.py:174
        else:
            clip_coef_clamped_device = clip_coef_clamped.to(device)  #@ nn/utils/clip_grad.py:180
            for g in device_grads:
                g.mul_(clip_coef_clamped_device)  #@ nn/utils/clip_grad.py:182


@_no_grad
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    else:
        parameters = list(parameters)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = _get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    # deprecated (typing_extensions.deprecated's wrapper warns first): in a frame the warn is GB0007, the call breaks;
    # run eagerly under the callback the wrapper is a frame handed to Dynamo (skipped: one code for every such function)
    __tparse_stdlib_frame__("wrapper", "/opt/torch/.venv/lib/python3.12/site-packages/typing_extensions.py", 3137)
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
                  category=FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


@_no_grad
def clip_grad_value_(parameters, clip_value, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    grads = [p.grad for p in parameters if p.grad is not None]
    for device, device_grads in _group_by_device_and_dtype(grads):
        if _foreach_ok(device, foreach):
            torch._foreach_clamp_min_(device_grads, -clip_value)  #@ nn/utils/clip_grad.py:291 = torch._foreach_clamp_min_(cast(list[Tensor], grads), -clip_value)
            torch._foreach_clamp_max_(device_grads, clip_value)  #@ nn/utils/clip_grad.py:292 = torch._foreach_clamp_max_(cast(list[Tensor], grads), clip_value)
        else:
            for grad in device_grads:
                grad.clamp_(min=-clip_value, max=clip_value)  #@ nn/utils/clip_grad.py:299 = cast(Tensor, grad).clamp_(min=-clip_value, max=clip_value)


get_total_norm = _get_total_norm
clip_grads_with_norm_ = _clip_grads_with_norm_
