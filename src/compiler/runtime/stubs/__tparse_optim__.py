# torch.optim as Dynamo sees it in torch 2.11 (Python of ours, after the structure of torch/optim's optimizer.py,
# sgd.py, adam.py, adamw.py). What a compiled step shows:
# - Optimizer.__init__ wraps the class's `step` once (profile_hook_step's `wrapper`); SGD / Adam's own step is
#   wrapped by _use_grad_for_differentiable, whose `_use_grad` calls torch._dynamo.graph_break() before and after the
#   step: `torch.compile(opt.step)` breaks in `wrapper` at the call (GB0025), `_use_grad` then runs eagerly (a frame of
#   no tensor and no torch global: `torch` is its local import) and the step itself is a frame of its own;
# - zero_grad is wrapped by torch._disable_dynamo: called in a frame it is GB0008 and runs eagerly;
# - Dynamo runs `_init_group` on the real optimizer (OptimizerVariable.call_method): state is made eagerly, its
#   tensors are static inputs of the step's graph, never nodes;
# - in a frame a param group's `capturable` reads True (OptimizerVariable._set_capturable), so Adam's step count
#   stays a tensor and the bias corrections are graph nodes; on CPU the single-tensor path runs (foreach needs CUDA).
# Optimizers not written here (NAdam, RAdam, ...) and lr schedulers are opaque names of this module; Adadelta, Adagrad and
# Adamax are in __tparse_optim_adaptive__.
import torch
from collections import defaultdict
from typing import cast
import __tparse_lr_scheduler__ as lr_scheduler
import __tparse_swa_utils__ as swa_utils  # torch.optim.swa_utils


def _use_grad_for_differentiable(func):
    def _use_grad(*args, **kwargs):
        import torch._dynamo

        self = cast(Optimizer, args[0])  # (typing.cast: a Python frame handed to Dynamo, skipped)
        prev_grad = torch.is_grad_enabled()
        try:
            # (the mode switch is not modelled here: torch._C._set_grad_enabled is a no-op of tparse's op table)
            torch._C._set_grad_enabled(self.defaults["differentiable"])
            torch._dynamo.graph_break()
            ret = func(*args, **kwargs)
        finally:
            torch._dynamo.graph_break()
            torch._C._set_grad_enabled(prev_grad)
        return ret

    return _use_grad


def _profile_hook_step(func):
    def wrapper(*args, **kwargs):
        self, *_ = args
        profile_name = "Optimizer.step#" + self.__class__.__name__ + ".step"
        with torch.autograd.profiler.record_function(profile_name):
            for pre_hook in list(self._optimizer_step_pre_hooks.values()):
                result = pre_hook(self, args, kwargs)
                if result is not None:
                    args, kwargs = result
            out = func(*args, **kwargs)
            self._optimizer_step_code()
            for post_hook in list(self._optimizer_step_post_hooks.values()):
                post_hook(self, args, kwargs)
            return out

    return wrapper


class _RequiredParameter:
    """Singleton class representing a required parameter for an Optimizer (optimizer.py's `required`, the default of
    a hyperparameter a user optimizer must be given: spectral-normalization-gan's import)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()

_step_wrappers = []


def _to_scalar(x):
    if isinstance(x, torch.Tensor) and x.dim() != 0:
        return x.squeeze()
    return x


def _use_foreach(group, params):
    # _default_to_fused_or_foreach: foreach when every parameter is on a device with foreach kernels (CUDA here)
    if group["foreach"] is not None or group["fused"]:
        return bool(group["foreach"])
    if group["differentiable"]:
        return False
    for p in params:
        if p.device.type != "cuda":
            return False
    return len(params) > 0


def _compiling_capturable(group):
    return group["capturable"] or torch.compiler.is_compiling()


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self._optimizer_step_pre_hooks = {}
        self._optimizer_step_post_hooks = {}
        self.state = defaultdict(dict)
        self.param_groups = []
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, but got " + torch.typename(params))
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self._patch_step_function()

    def _patch_step_function(self):
        cls = self.__class__
        for w in _step_wrappers:  # (a subclass of a wrapped class inherits its wrapper: torch's `hooked` flag)
            if cls.step is w:
                return
        w = _profile_hook_step(cls.step)
        _step_wrappers.append(w)
        cls.step = w

    def _optimizer_step_code(self):
        pass

    def add_param_group(self, param_group):
        params = param_group["params"]
        if isinstance(params, torch.Tensor):
            param_group["params"] = [params]
        else:
            param_group["params"] = list(params)
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        self.param_groups.append(param_group)

    def register_step_pre_hook(self, hook):
        self._optimizer_step_pre_hooks[len(self._optimizer_step_pre_hooks)] = hook

    def register_step_post_hook(self, hook):
        self._optimizer_step_post_hooks[len(self._optimizer_step_post_hooks)] = hook

    def zero_grad(self, set_to_none=True):
        __tparse_skipped_inline__("Optimizer.zero_grad")
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        p.grad.zero_()

    # (torch._disable_dynamo: called eagerly under the callback its frame is never handed to Dynamo)
    zero_grad.__tparse_disable_dynamo__ = True

    def _param_index(self):
        # each parameter's index in param_groups order (torch packs them so: state keys 0..n-1)
        pairs = []
        for g in self.param_groups:
            for p in g["params"]:
                if not any(q is p for q, _ in pairs):
                    pairs.append((p, len(pairs)))
        return pairs

    def state_dict(self):
        __tparse_skipped_inline__("Optimizer.state_dict")
        pairs = self._param_index()
        groups = []
        for g in self.param_groups:
            packed = {k: v for k, v in g.items() if k != "params"}
            packed["params"] = [i for p in g["params"] for q, i in pairs if q is p]
            groups.append(packed)
        state = {}
        for k, v in self.state.items():
            for q, i in pairs:
                if q is k:
                    state[i] = v
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        __tparse_skipped_inline__("Optimizer.load_state_dict")
        pairs = self._param_index()
        for g, saved in zip(self.param_groups, state_dict["param_groups"]):
            for k, v in saved.items():
                if k != "params":
                    g[k] = v
        for p, i in pairs:
            if i in state_dict["state"]:
                self.state[p] = dict(state_dict["state"][i])

    def step(self, closure=None):
        raise NotImplementedError

    def __repr__(self):
        return self.__class__.__name__ + " ()"


def _defaults(**kw):
    d = {"foreach": None, "maximize": False, "capturable": False, "differentiable": False, "fused": None}
    d.update(kw)
    return d


def _collect_grads(group, params_with_grad, grads, who):
    # the loop head of torch's _init_group (RMSprop, Adadelta, Adamax): the group's params that have a gradient, and
    # their gradients, appended; whether one is complex. Runs eagerly (__tparse_eager__), never traced.
    has_complex = False
    for p in group["params"]:
        if p.grad is None:
            continue
        has_complex |= torch.is_complex(p)
        params_with_grad.append(p)
        if p.grad.is_sparse:
            raise RuntimeError(f"{who} does not support sparse gradients")
        grads.append(p.grad)
    return has_complex


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, _defaults(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                           nesterov=nesterov, maximize=maximize, foreach=foreach,
                                           differentiable=differentiable, fused=fused))

    def _init_group(self, group, params, grads, momentum_buffer_list):
        for p in group["params"]:
            if p.grad is not None:
                params.append(p)
                grads.append(p.grad)
                if group["momentum"] != 0:
                    momentum_buffer_list.append(self.state[p].get("momentum_buffer"))
        return False

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/sgd.py:118 = for group in self.param_groups:
            params = []
            grads = []
            momentum_buffer_list = []
            __tparse_eager__(self._init_group, group, params, grads, momentum_buffer_list)  #@ optim/sgd.py:123 = has_sparse_grad = self._init_group(
            __tparse_guard_optimizer_state__(self)
            func = _multi_tensor_sgd if _use_foreach(group, params) else _single_tensor_sgd
            func(params, grads, momentum_buffer_list, weight_decay=group["weight_decay"], momentum=group["momentum"],
                 lr=group["lr"], dampening=group["dampening"], nesterov=group["nesterov"], maximize=group["maximize"])
            if group["momentum"] != 0:
                for p, momentum_buffer in zip(params, momentum_buffer_list):
                    self.state[p]["momentum_buffer"] = momentum_buffer
        return loss


def _single_tensor_sgd(params, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening, nesterov, maximize):
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]  #@ optim/sgd.py:344
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)  #@ optim/sgd.py:356
        if momentum != 0:
            buf = momentum_buffer_list[i]  #@ optim/sgd.py:359
            if buf is None:  #@ optim/sgd.py:361
                buf = grad.detach().clone()  #@ optim/sgd.py:362
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(grad, alpha=1 - dampening)  #@ optim/sgd.py:365
            if nesterov:
                grad = grad.add(buf, alpha=momentum)  #@ optim/sgd.py:368
            else:
                grad = buf
        param.add_(grad, alpha=-lr)  #@ optim/sgd.py:380


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False, fused=None, decoupled_weight_decay=False):
        # torch 2.11's argument checks (ProGAN's `betas=(0, 0.99)`: an int beta is refused before anything runs)
        if isinstance(lr, torch.Tensor):
            if foreach and not capturable:
                raise ValueError("lr as a Tensor is not supported for capturable=False and foreach=True")
            if lr.numel() != 1:
                raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float)) or
                (isinstance(betas[0], torch.Tensor) and isinstance(betas[1], torch.Tensor))):
            raise ValueError("betas must be either both floats or both Tensors")
        super().__init__(params, _defaults(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                           maximize=maximize, foreach=foreach, capturable=capturable,
                                           differentiable=differentiable, fused=fused,
                                           decoupled_weight_decay=decoupled_weight_decay))

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps):
        for p in group["params"]:
            if p.grad is not None:
                params_with_grad.append(p)
                grads.append(p.grad)
                state = self.state[p]
                if len(state) == 0:
                    if group["capturable"] or group["fused"]:
                        state["step"] = torch.zeros((), dtype=torch.float32, device=p.device)
                    else:
                        state["step"] = torch.tensor(0.0, dtype=torch.float32)
                    state["exp_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    state["exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    if group["amsgrad"]:
                        state["max_exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                exp_avgs.append(state["exp_avg"])
                exp_avg_sqs.append(state["exp_avg_sq"])
                if group["amsgrad"]:
                    max_exp_avg_sqs.append(state["max_exp_avg_sq"])
                state_steps.append(state["step"])
        return False

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/adam.py:229 = for group in self.param_groups:
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_avg_sqs = []
            max_exp_avg_sqs = []
            state_steps = []
            beta1, beta2 = group["betas"]
            __tparse_eager__(self._init_group, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps)  #@ optim/adam.py:238 = has_complex = self._init_group(
            __tparse_guard_optimizer_state__(self)
            func = _multi_tensor_adam if _use_foreach(group, params_with_grad) else _single_tensor_adam
            func(params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad=group["amsgrad"],
                 beta1=beta1, beta2=beta2, lr=group["lr"], weight_decay=group["weight_decay"], eps=group["eps"],
                 maximize=group["maximize"], capturable=_compiling_capturable(group),
                 decoupled_weight_decay=group["decoupled_weight_decay"])
        return loss


class AdamW(Adam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused, decoupled_weight_decay=True)


def _single_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, amsgrad, beta1, beta2,
                        lr, weight_decay, eps, maximize, capturable, decoupled_weight_decay):
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]  #@ optim/adam.py:397
        exp_avg = exp_avgs[i]  #@ optim/adam.py:398
        exp_avg_sq = exp_avg_sqs[i]  #@ optim/adam.py:399
        step_t = state_steps[i]  #@ optim/adam.py:400
        step_t += 1  #@ optim/adam.py:414
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)  #@ optim/adam.py:419
            else:
                grad = grad.add(param, alpha=weight_decay)  #@ optim/adam.py:429
        if torch.is_complex(param):  # a complex parameter is updated through real views (FNO's spectral weights)
            grad = torch.view_as_real(grad)  #@ optim/adam.py:432
            exp_avg = torch.view_as_real(exp_avg)  #@ optim/adam.py:433
            exp_avg_sq = torch.view_as_real(exp_avg_sq)  #@ optim/adam.py:434
            if amsgrad:
                max_exp_avg_sqs[i] = torch.view_as_real(max_exp_avg_sqs[i])  #@ optim/adam.py:436
            param = torch.view_as_real(param)  #@ optim/adam.py:437
        device_beta1 = beta1
        exp_avg.lerp_(grad, 1 - device_beta1)  #@ optim/adam.py:457
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)  #@ optim/adam.py:476 = exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)  # type: ignore[arg-type]
        if capturable:
            step = step_t
            bias_correction1 = 1 - beta1**step  #@ optim/adam.py:488
            bias_correction2 = 1 - beta2**step  #@ optim/adam.py:497
            step_size = lr / bias_correction1  #@ optim/adam.py:499
            step_size_neg = step_size.neg()  #@ optim/adam.py:500
            bias_correction2_sqrt = bias_correction2.sqrt()  #@ optim/adam.py:502
            if amsgrad:
                max_exp_avg_sq = max_exp_avg_sqs[i]  #@ optim/adam.py:509
                max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))  #@ optim/adam.py:511
                denom = (
                    max_exp_avg_sqs[i].sqrt() / (bias_correction2_sqrt * step_size_neg)  #@ optim/adam.py:517
                ).add_(eps / step_size_neg)  #@ optim/adam.py:518
            else:
                denom = (
                    exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)  #@ optim/adam.py:521
                ).add_(eps / step_size_neg)  #@ optim/adam.py:522
            param.addcdiv_(exp_avg, denom)  #@ optim/adam.py:527
        else:
            step = step_t.item()  #@ optim/adam.py:529 = step = _get_value(step_t)
            bias_correction1 = 1 - beta1**step  #@ optim/adam.py:531
            bias_correction2 = 1 - beta2**step  #@ optim/adam.py:532
            step_size = lr / bias_correction1  #@ optim/adam.py:534
            bias_correction2_sqrt = bias_correction2**0.5  #@ optim/adam.py:536
            if amsgrad:
                torch.maximum(max_exp_avg_sqs[i], exp_avg_sq, out=max_exp_avg_sqs[i])  #@ optim/adam.py:540
                denom = (max_exp_avg_sqs[i].sqrt() / bias_correction2_sqrt).add_(eps)  #@ optim/adam.py:543
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)  #@ optim/adam.py:545
            param.addcdiv_(exp_avg, denom, value=-step_size)  #@ optim/adam.py:547 = param.addcdiv_(exp_avg, denom, value=-step_size)  # type: ignore[arg-type]
        if amsgrad and torch.is_complex(params[i]):
            max_exp_avg_sqs[i] = torch.view_as_complex(max_exp_avg_sqs[i])  #@ optim/adam.py:551


def _has_complex(params):
    for p in params:
        if torch.is_complex(p):
            return True
    return False


def _view_as_real(params, *state_and_grads):  # torch/optim/optimizer.py's: complex entries become real views in place
    for i, p in enumerate(params):
        if torch.is_complex(p):
            params[i] = torch.view_as_real(params[i])  #@ optim/optimizer.py:208
            for s in state_and_grads:
                s[i] = torch.view_as_real(s[i])  #@ optim/optimizer.py:210


# the foreach paths (CUDA parameters): under compile one group holds every tensor (Optimizer's
# _group_tensors_by_device_and_dtype returns them whole while compiling)
def _multi_tensor_sgd(params, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening, nesterov, maximize):
    if len(params) == 0:
        return
    lr = _to_scalar(lr)
    device_params = params
    device_grads = grads
    if maximize:
        device_grads = torch._foreach_neg(device_grads)  #@ optim/sgd.py:423 = device_grads = torch._foreach_neg(device_grads)  # type: ignore[assignment]
    if weight_decay != 0:
        if maximize:
            torch._foreach_add_(device_grads, device_params, alpha=weight_decay)  #@ optim/sgd.py:428
        else:
            device_grads = torch._foreach_add(device_grads, device_params, alpha=weight_decay)  #@ optim/sgd.py:430 = device_grads = torch._foreach_add(  # type: ignore[assignment]
    if momentum != 0:
        bufs = []
        all_states_with_momentum_buffer = True
        for i in range(len(momentum_buffer_list)):
            if momentum_buffer_list[i] is None:  #@ optim/sgd.py:439 = if device_momentum_buffer_list[i] is None:
                all_states_with_momentum_buffer = False
                break
            bufs.append(momentum_buffer_list[i])  #@ optim/sgd.py:443 = bufs.append(cast(Tensor, device_momentum_buffer_list[i]))
        if all_states_with_momentum_buffer:
            torch._foreach_mul_(bufs, momentum)  #@ optim/sgd.py:446
            torch._foreach_add_(bufs, device_grads, alpha=1 - dampening)  #@ optim/sgd.py:447
        else:
            bufs = []
            for i in range(len(momentum_buffer_list)):
                if momentum_buffer_list[i] is None:  #@ optim/sgd.py:452 = if device_momentum_buffer_list[i] is None:
                    buf = device_grads[i].detach().clone()  #@ optim/sgd.py:455 = ] = device_grads[i].detach().clone()
                    momentum_buffer_list[i] = buf
                else:
                    buf = momentum_buffer_list[i]  #@ optim/sgd.py:457 = buf = cast(Tensor, device_momentum_buffer_list[i])
                    buf.mul_(momentum).add_(device_grads[i], alpha=1 - dampening)  #@ optim/sgd.py:458
                bufs.append(buf)
        if nesterov:
            torch._foreach_add_(device_grads, bufs, alpha=momentum)  #@ optim/sgd.py:463
        else:
            device_grads = bufs
    if isinstance(lr, torch.Tensor):
        grads_x_lr = torch._foreach_mul(device_grads, -lr)  #@ optim/sgd.py:470
        torch._foreach_add_(device_params, grads_x_lr)  #@ optim/sgd.py:471
    else:
        torch._foreach_add_(device_params, device_grads, alpha=-lr)  #@ optim/sgd.py:473


def _multi_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, amsgrad, beta1, beta2, lr,
                       weight_decay, eps, maximize, capturable, decoupled_weight_decay):
    if len(params) == 0:
        return
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    device_params = params
    device_grads = grads
    device_exp_avgs = exp_avgs
    device_exp_avg_sqs = exp_avg_sqs
    device_state_steps = state_steps
    if _has_complex(device_params):
        if amsgrad:
            _view_as_real(device_params, device_grads, device_exp_avgs, device_exp_avg_sqs, max_exp_avg_sqs)
        else:
            _view_as_real(device_params, device_grads, device_exp_avgs, device_exp_avg_sqs)
    if maximize:
        device_grads = torch._foreach_neg(device_grads)  #@ optim/adam.py:676 = device_grads = torch._foreach_neg(device_grads)  # type: ignore[assignment]
    torch._foreach_add_(device_state_steps, 1)  #@ optim/adam.py:687
    if weight_decay != 0:
        if decoupled_weight_decay:
            torch._foreach_mul_(device_params, 1 - lr * weight_decay)  #@ optim/adam.py:692
        elif maximize:
            torch._foreach_add_(device_grads, device_params, alpha=weight_decay)  #@ optim/adam.py:696
        else:
            device_grads = torch._foreach_add(device_grads, device_params, alpha=weight_decay)  #@ optim/adam.py:698 = device_grads = torch._foreach_add(  # type: ignore[assignment]
    torch._foreach_lerp_(device_exp_avgs, device_grads, 1 - beta1)  #@ optim/adam.py:705 = torch._foreach_lerp_(
    torch._foreach_mul_(device_exp_avg_sqs, beta2)  #@ optim/adam.py:709
    torch._foreach_addcmul_(device_exp_avg_sqs, device_grads, device_grads, 1 - beta2)  #@ optim/adam.py:722 = torch._foreach_addcmul_(
    if capturable:
        bias_correction1 = torch._foreach_pow(beta1, device_state_steps)  #@ optim/adam.py:735 = bias_correction1 = torch._foreach_pow(beta1, device_state_steps)  # type: ignore[arg-type]
        bias_correction2 = torch._foreach_pow(beta2, device_state_steps)  #@ optim/adam.py:736 = bias_correction2 = torch._foreach_pow(beta2, device_state_steps)  # type: ignore[arg-type]
        torch._foreach_sub_(bias_correction1, 1)  #@ optim/adam.py:738
        torch._foreach_sub_(bias_correction2, 1)  #@ optim/adam.py:739
        torch._foreach_neg_(bias_correction2)  #@ optim/adam.py:741
        torch._foreach_div_(bias_correction1, lr)  #@ optim/adam.py:744
        torch._foreach_reciprocal_(bias_correction1)  #@ optim/adam.py:745
        torch._foreach_sqrt_(bias_correction2)  #@ optim/adam.py:747
        step_size = bias_correction1
        bias_correction2_sqrt = bias_correction2
        if amsgrad:
            torch._foreach_maximum_(max_exp_avg_sqs, device_exp_avg_sqs)  #@ optim/adam.py:758 = torch._foreach_maximum_(device_max_exp_avg_sqs, device_exp_avg_sqs)  # type: ignore[assignment]
            exp_avg_sq_sqrt = torch._foreach_sqrt(max_exp_avg_sqs)  #@ optim/adam.py:761 = exp_avg_sq_sqrt = torch._foreach_sqrt(device_max_exp_avg_sqs)
        else:
            exp_avg_sq_sqrt = torch._foreach_sqrt(device_exp_avg_sqs)  #@ optim/adam.py:763
        torch._foreach_div_(exp_avg_sq_sqrt, bias_correction2_sqrt)  #@ optim/adam.py:765
        torch._foreach_add_(exp_avg_sq_sqrt, eps)  #@ optim/adam.py:766
        torch._foreach_div_(exp_avg_sq_sqrt, step_size)  #@ optim/adam.py:767
        torch._foreach_addcdiv_(device_params, device_exp_avgs, exp_avg_sq_sqrt)  #@ optim/adam.py:770
    else:
        bias_correction1 = [1 - beta1 ** step.item() for step in device_state_steps]
        bias_correction2 = [1 - beta2 ** step.item() for step in device_state_steps]
        step_size = [(lr / bc) * -1 for bc in bias_correction1]
        bias_correction2_sqrt = [bc**0.5 for bc in bias_correction2]
        if amsgrad:
            torch._foreach_maximum_(max_exp_avg_sqs, device_exp_avg_sqs)
            exp_avg_sq_sqrt = torch._foreach_sqrt(max_exp_avg_sqs)
        else:
            exp_avg_sq_sqrt = torch._foreach_sqrt(device_exp_avg_sqs)
        torch._foreach_div_(exp_avg_sq_sqrt, bias_correction2_sqrt)
        torch._foreach_add_(exp_avg_sq_sqrt, eps)
        torch._foreach_addcdiv_(device_params, device_exp_avgs, exp_avg_sq_sqrt, step_size)


# optimizers whose update rule is not written here: eagerly they run (their update changes no shape); a step traced
# in a compiled frame is not modelled (the run says approximate) — the frames and breaks around it are Optimizer's
class _UpdateNotModelled(Optimizer):
    def __init__(self, params, lr=1e-3, **kwargs):
        d = {"lr": lr}
        d.update(kwargs)
        super().__init__(params, _defaults(**d))

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        if torch.compiler.is_compiling():
            __tparse_unmodelled__("torch.optim." + self.__class__.__name__ + ".step in a compiled frame")
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None and len(self.state[p]) == 0:
                    self.state[p]["step"] = torch.tensor(0.0)
        return loss


class RMSprop(Optimizer):
    # torch 2.11's: argument checks, _init_group run eagerly by Dynamo (state made before tracing, read as graph
    # attributes), then _single_tensor_rmsprop traced (pymarl's QMIX learner)
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        super().__init__(params, _defaults(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                           weight_decay=weight_decay, capturable=capturable, foreach=foreach,
                                           maximize=maximize, differentiable=differentiable))

    def _init_group(self, group, params_with_grad, grads, square_avgs, momentum_buffer_list, grad_avgs, state_steps):
        has_complex = _collect_grads(group, params_with_grad, grads, "RMSprop")
        for p in params_with_grad:
            state = self.state[p]
            if len(state) == 0:
                if group["capturable"]:
                    state["step"] = torch.zeros((), dtype=torch.float32, device=p.device)
                else:
                    state["step"] = torch.zeros((), dtype=torch.float32)
                state["square_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if group["momentum"] > 0:
                    state["momentum_buffer"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if group["centered"]:
                    state["grad_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
            square_avgs.append(state["square_avg"])
            state_steps.append(state["step"])
            if group["momentum"] > 0:
                momentum_buffer_list.append(state["momentum_buffer"])
            if group["centered"]:
                grad_avgs.append(state["grad_avg"])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/rmsprop.py:159 = for group in self.param_groups:
            params_with_grad = []
            grads = []
            square_avgs = []
            grad_avgs = []
            momentum_buffer_list = []
            state_steps = []
            has_complex = __tparse_eager__(self._init_group, group, params_with_grad, grads, square_avgs, momentum_buffer_list, grad_avgs, state_steps)  #@ optim/rmsprop.py:167 = has_complex = self._init_group(
            __tparse_guard_optimizer_state__(self)
            if group["foreach"] or (group["foreach"] is None and not group["differentiable"] and len(params_with_grad) > 0 and
                                    all(p.device.type == "cuda" for p in params_with_grad)):
                if torch.compiler.is_compiling():  # (_multi_tensor_rmsprop is not written here)
                    __tparse_unmodelled__("torch.optim.RMSprop's foreach update in a compiled frame")
            _single_tensor_rmsprop(params_with_grad, grads, square_avgs, grad_avgs, momentum_buffer_list, state_steps,
                                   lr=group["lr"], alpha=group["alpha"], eps=group["eps"],
                                   weight_decay=group["weight_decay"], momentum=group["momentum"],
                                   centered=group["centered"], maximize=group["maximize"],
                                   differentiable=group["differentiable"])
        return loss


def _single_tensor_rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list, state_steps, *, lr, alpha, eps,
                           weight_decay, momentum, centered, maximize, differentiable):
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        step = state_steps[i]  #@ optim/rmsprop.py:287
        grad = grads[i]
        grad = grad if not maximize else -grad
        square_avg = square_avgs[i]
        step += 1  #@ optim/rmsprop.py:305 = step += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)  #@ optim/rmsprop.py:308
        is_complex_param = torch.is_complex(param)  #@ optim/rmsprop.py:310
        if is_complex_param:
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            square_avg = torch.view_as_real(square_avg)
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)  #@ optim/rmsprop.py:316 = square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if centered:
            grad_avg = grad_avgs[i]
            if is_complex_param:
                grad_avg = torch.view_as_real(grad_avg)
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()  #@ optim/rmsprop.py:325 = avg = square_avg.sqrt()
        if differentiable:
            avg = avg.add(eps)
        else:
            avg = avg.add_(eps)  #@ optim/rmsprop.py:330 = avg = avg.add_(eps)
        if momentum > 0:
            buf = momentum_buffer_list[i]
            if is_complex_param:
                buf = torch.view_as_real(buf)
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)  #@ optim/rmsprop.py:339 = param.addcdiv_(grad, avg, value=-lr)


class NAdam(_UpdateNotModelled):
    pass


class RAdam(_UpdateNotModelled):
    pass


class ASGD(_UpdateNotModelled):
    pass


class Rprop(_UpdateNotModelled):
    pass


class SparseAdam(_UpdateNotModelled):
    pass


class LBFGS(_UpdateNotModelled):
    pass


class Adafactor(_UpdateNotModelled):
    pass


class Muon(_UpdateNotModelled):
    pass


# torch.amp.GradScaler (and torch.cuda.amp's): loss scaling around backward and the optimizer's step, eager code;
# scale() multiplies by the scale (a tensor op), step() runs the optimizer's step when no gradient overflowed
class GradScaler:
    def __init__(self, device="cuda", init_scale=2.0**16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000,
                 enabled=True):
        self._device = device
        self._init_scale = init_scale
        self._scale_value = init_scale
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        self._enabled = enabled

    def is_enabled(self):
        return self._enabled

    def scale(self, outputs):
        if not self._enabled:
            return outputs
        if isinstance(outputs, torch.Tensor):
            return outputs * self._scale_value
        if isinstance(outputs, (list, tuple)):
            return type(outputs)(self.scale(o) for o in outputs)
        return outputs

    def unscale_(self, optimizer):
        return None

    def step(self, optimizer, *args, **kwargs):
        return optimizer.step(*args, **kwargs)

    def update(self, new_scale=None):
        if new_scale is not None:
            self._scale_value = float(new_scale)

    def get_scale(self):
        return self._scale_value if self._enabled else 1.0

    def get_growth_factor(self):
        return self._growth_factor

    def get_backoff_factor(self):
        return self._backoff_factor

    def state_dict(self):
        return {"scale": self._scale_value, "growth_factor": self._growth_factor,
                "backoff_factor": self._backoff_factor, "growth_interval": self._growth_interval}

    def load_state_dict(self, state_dict):
        self._scale_value = state_dict.get("scale", self._scale_value)


from __tparse_optim_adaptive__ import Adadelta, Adagrad, Adamax  # (after Optimizer: that module imports it)
