# torch.optim's Adadelta, Adagrad and Adamax as Dynamo sees them in torch 2.11 (Python of ours, after the structure of
# torch/optim/adadelta.py, adagrad.py and adamax.py): as RMSprop in __tparse_optim__, Dynamo runs `_init_group`
# eagerly (state made before tracing, read as graph attributes), then the single-tensor update is traced (on CPU the
# foreach path is not taken). Each traced line names torch's own file and line (`#@`), as the graph's stack shows it.
# In a frame a group's `capturable` reads True (OptimizerVariable), so Adamax's bias correction is a graph node.
import torch
from __tparse_optim__ import Optimizer, _collect_grads, _defaults, _to_scalar, _use_grad_for_differentiable, _use_foreach


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, _defaults(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                           capturable=capturable, foreach=foreach, differentiable=differentiable))

    def _init_group(self, group, params_with_grad, grads, square_avgs, acc_deltas, state_steps):
        has_complex = _collect_grads(group, params_with_grad, grads, "Adadelta")
        for p in params_with_grad:
            state = self.state[p]
            if len(state) == 0:
                state["step"] = torch.zeros((), dtype=torch.float32)
                state["square_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                state["acc_delta"] = torch.zeros_like(p, memory_format=torch.preserve_format)
            square_avgs.append(state["square_avg"])
            acc_deltas.append(state["acc_delta"])
            state_steps.append(state["step"])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/adadelta.py:142 = for group in self.param_groups:
            params_with_grad = []
            grads = []
            square_avgs = []
            acc_deltas = []
            state_steps = []
            has_complex = __tparse_eager__(self._init_group, group, params_with_grad, grads, square_avgs, acc_deltas, state_steps)  #@ optim/adadelta.py:168 = has_complex = self._init_group(
            __tparse_guard_optimizer_state__(self)
            if _use_foreach(group, params_with_grad) and torch.compiler.is_compiling():
                __tparse_unmodelled__("torch.optim.Adadelta's foreach update in a compiled frame")
            _single_tensor_adadelta(params_with_grad, grads, square_avgs, acc_deltas, state_steps, lr=group["lr"],
                                    rho=group["rho"], eps=group["eps"], weight_decay=group["weight_decay"],
                                    maximize=group["maximize"], differentiable=group["differentiable"])
        return loss


def _single_tensor_adadelta(params, grads, square_avgs, acc_deltas, state_steps, *, lr, rho, eps, weight_decay,
                            maximize, differentiable):
    lr = _to_scalar(lr)
    for param, grad, square_avg, acc_delta, step in zip(params, grads, square_avgs, acc_deltas, state_steps):
        step += 1  #@ optim/adadelta.py:281 = step += 1
        grad = grad if not maximize else -grad  #@ optim/adadelta.py:282 = grad = grad if not maximize else -grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)  #@ optim/adadelta.py:285 = grad = grad.add(param, alpha=weight_decay)
        if torch.is_complex(param):
            square_avg = torch.view_as_real(square_avg)
            acc_delta = torch.view_as_real(acc_delta)
            grad = torch.view_as_real(grad)
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)  #@ optim/adadelta.py:292 = square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()  #@ optim/adadelta.py:293 = std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_()  #@ optim/adadelta.py:294 = delta = acc_delta.add(eps).sqrt_()
        if differentiable:
            delta = delta.clone()
        delta.div_(std).mul_(grad)  #@ optim/adadelta.py:297 = delta.div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)  #@ optim/adadelta.py:298 = acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        if torch.is_complex(param):
            delta = torch.view_as_complex(delta)
        param.add_(delta, alpha=-lr)  #@ optim/adadelta.py:302 = param.add_(delta, alpha=-lr)


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError(f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        super().__init__(params, _defaults(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                           initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                                           maximize=maximize, differentiable=differentiable, fused=fused))
        # (Adagrad's state is made here, not in _init_group: a step count and a sum filled with the initial value)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = torch.tensor(0.0, dtype=torch.float32)
                init_value = (complex(initial_accumulator_value, initial_accumulator_value) if torch.is_complex(p)
                              else initial_accumulator_value)
                state["sum"] = torch.full_like(p, init_value, memory_format=torch.preserve_format)

    def _init_group(self, group, params_with_grad, grads, state_sums, state_steps):
        has_sparse_grad, has_complex = False, False
        for p in group["params"]:
            if p.grad is not None:
                has_sparse_grad |= p.grad.is_sparse
                has_complex |= torch.is_complex(p)
                params_with_grad.append(p)
                grads.append(p.grad)
                state = self.state[p]
                state_sums.append(state["sum"])
                state_steps.append(state["step"])
        return has_sparse_grad, has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/adagrad.py:161 = for group in self.param_groups:
            params_with_grad = []
            grads = []
            state_sums = []
            state_steps = []
            has_sparse_grad, has_complex = __tparse_eager__(self._init_group, group, params_with_grad, grads, state_sums, state_steps)  #@ optim/adagrad.py:167 = has_sparse_grad, has_complex = self._init_group(
            __tparse_guard_optimizer_state__(self)
            adagrad(params_with_grad, grads, state_sums, state_steps, lr=group["lr"],
                    weight_decay=group["weight_decay"], lr_decay=group["lr_decay"], eps=group["eps"],
                    foreach=_use_foreach(group, params_with_grad), maximize=group["maximize"])
        return loss


def adagrad(params, grads, state_sums, state_steps, *, lr, weight_decay, lr_decay, eps, foreach, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):  #@ optim/adagrad.py:269 = if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    if foreach and torch.compiler.is_compiling():
        __tparse_unmodelled__("torch.optim.Adagrad's foreach update in a compiled frame")
    _single_tensor_adagrad(params, grads, state_sums, state_steps, lr=lr, weight_decay=weight_decay,
                           lr_decay=lr_decay, eps=eps, maximize=maximize)


def _get_value(x):
    # optimizer.py's: the tensor itself while compiling, its item() eagerly
    if torch.compiler.is_compiling():
        return x
    return x.item() if isinstance(x, torch.Tensor) else x


def _single_tensor_adagrad(params, grads, state_sums, state_steps, *, lr, weight_decay, lr_decay, eps, maximize):
    lr = _to_scalar(lr)
    for param, grad, state_sum, step_t in zip(params, grads, state_sums, state_steps):
        step_t += 1  #@ optim/adagrad.py:350 = step_t += 1
        step = _get_value(step_t)
        grad = grad if not maximize else -grad  #@ optim/adagrad.py:352 = grad = grad if not maximize else -grad
        if weight_decay != 0:
            if grad.is_sparse:
                raise RuntimeError("weight_decay option is not compatible with sparse gradients")
            grad = grad.add(param, alpha=weight_decay)  #@ optim/adagrad.py:359 = grad = grad.add(param, alpha=weight_decay)
        clr = lr / (1 + (step - 1) * lr_decay)  #@ optim/adagrad.py:361 = clr = lr / (1 + (step - 1) * lr_decay)
        if grad.is_sparse:
            __tparse_unmodelled__("torch.optim.Adagrad's sparse-gradient update")
            continue
        is_complex = torch.is_complex(param)
        if is_complex:
            grad = torch.view_as_real(grad)
            state_sum = torch.view_as_real(state_sum)
            param = torch.view_as_real(param)
        state_sum.addcmul_(grad, grad, value=1)  #@ optim/adagrad.py:380 = state_sum.addcmul_(grad, grad, value=1)
        std = state_sum.sqrt().add_(eps)  #@ optim/adagrad.py:384 = std = state_sum.sqrt().add_(eps)
        param.addcdiv_(grad, std, value=-clr)  #@ optim/adagrad.py:385 = param.addcdiv_(grad, std, value=-clr)
        if is_complex:
            param = torch.view_as_complex(param)
            state_sum = torch.view_as_complex(state_sum)


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
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
        super().__init__(params, _defaults(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                                           maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_infs, state_steps):
        has_complex = _collect_grads(group, params_with_grad, grads, "Adamax")
        for p in params_with_grad:
            state = self.state[p]
            if len(state) == 0:
                state["step"] = torch.tensor(0.0, dtype=torch.float32)
                state["exp_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                state["exp_inf"] = torch.zeros_like(p, memory_format=torch.preserve_format)
            exp_avgs.append(state["exp_avg"])
            exp_infs.append(state["exp_inf"])
            state_steps.append(state["step"])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in __tparse_param_groups__(self):  #@ optim/adamax.py:137 = for group in self.param_groups:
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_infs = []
            state_steps = []
            beta1, beta2 = group["betas"]
            has_complex = __tparse_eager__(self._init_group, group, params_with_grad, grads, exp_avgs, exp_infs, state_steps)  #@ optim/adamax.py:153 = has_complex = self._init_group(
            __tparse_guard_optimizer_state__(self)
            if _use_foreach(group, params_with_grad) and torch.compiler.is_compiling():
                __tparse_unmodelled__("torch.optim.Adamax's foreach update in a compiled frame")
            _single_tensor_adamax(params_with_grad, grads, exp_avgs, exp_infs, state_steps, eps=group["eps"],
                                  beta1=beta1, beta2=beta2, lr=group["lr"], weight_decay=group["weight_decay"],
                                  maximize=group["maximize"], differentiable=group["differentiable"],
                                  capturable=group["capturable"] or torch.compiler.is_compiling())
        return loss


def _single_tensor_adamax(params, grads, exp_avgs, exp_infs, state_steps, *, eps, beta1, beta2, lr, weight_decay,
                          maximize, differentiable, capturable):
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i]
        grad = grad if not maximize else -grad  #@ optim/adamax.py:248 = grad = grad if not maximize else -grad
        exp_avg = exp_avgs[i]
        exp_inf = exp_infs[i]
        step_t = state_steps[i]
        step_t += 1  #@ optim/adamax.py:265 = step_t += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)  #@ optim/adamax.py:268 = grad = grad.add(param, alpha=weight_decay)
        if torch.is_complex(param):
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            exp_avg = torch.view_as_real(exp_avg)
            exp_inf = torch.view_as_real(exp_inf)
        exp_avg.lerp_(grad, 1 - beta1)  #@ optim/adamax.py:277 = exp_avg.lerp_(grad, 1 - beta1)
        if not differentiable:
            torch.maximum(  #@ optim/adamax.py:280 = torch.maximum(
                exp_inf.mul_(beta2),  #@ optim/adamax.py:281 = exp_inf.mul_(beta2),
                grad.abs().add_(eps),  #@ optim/adamax.py:282 = grad.abs().add_(eps),
                out=exp_inf,
            )
        else:
            norm_buf = torch.cat([exp_inf.mul_(beta2).unsqueeze(0), grad.abs().add_(eps).unsqueeze_(0)], 0)
            exp_inf.copy_(torch.amax(norm_buf, 0, keepdim=False))
        if capturable:
            neg_bias_correction = beta1**step_t - 1  #@ optim/adamax.py:295 = neg_bias_correction = beta1**step_t - 1
            neg_bias_correction.div_(lr)  #@ optim/adamax.py:296 = neg_bias_correction.div_(lr)
            denom = exp_inf * neg_bias_correction  #@ optim/adamax.py:297 = denom = exp_inf * neg_bias_correction
            param.addcdiv_(exp_avg, denom)  #@ optim/adamax.py:298 = param.addcdiv_(exp_avg, denom)
        else:
            bias_correction = 1 - beta1 ** _get_value(step_t)
            clr = lr / bias_correction
            param.addcdiv_(exp_avg, exp_inf, value=-clr)
