# torch.optim.swa_utils (torch 2.11), Python of ours: AveragedModel (stochastic weight averaging and the EMA copies
# of torchvision's reference scripts), the averaging functions it takes, update_bn and the SWALR schedule. Eager
# code: the averaged copy is a deep copy of the model whose parameters the updates write in place; its forward calls
# the copy, so torch.compile(averaged) compiles the wrapped model's code one module deeper.
import copy
import itertools
import math

import torch
from torch.nn import Module
import __tparse_lr_scheduler__ as _lr_scheduler
from __tparse_torch_foreach_utils__ import _group_tensors_by_device_and_dtype


def get_ema_multi_avg_fn(decay=0.999):
    @torch.no_grad()
    def ema_update(ema_param_list, current_param_list, _):
        # floating and complex lists lerp toward the model in one foreach call; others by value
        if torch.is_floating_point(ema_param_list[0]) or torch.is_complex(ema_param_list[0]):
            torch._foreach_lerp_(ema_param_list, current_param_list, 1 - decay)
        else:
            for p_ema, p_model in zip(ema_param_list, current_param_list):
                p_ema.copy_(p_ema * decay + p_model * (1 - decay))
    return ema_update


def get_swa_multi_avg_fn():
    @torch.no_grad()
    def swa_update(averaged_param_list, current_param_list, num_averaged):
        if torch.is_floating_point(averaged_param_list[0]) or torch.is_complex(averaged_param_list[0]):
            torch._foreach_lerp_(averaged_param_list, current_param_list, 1 / (num_averaged + 1))
        else:
            diffs = torch._foreach_sub(current_param_list, averaged_param_list)
            if isinstance(num_averaged, torch.Tensor):
                torch._foreach_addcdiv_(averaged_param_list, diffs, [num_averaged + 1] * len(averaged_param_list))
            else:
                torch._foreach_add_(averaged_param_list, diffs, alpha=1.0 / (num_averaged + 1))
    return swa_update


def get_ema_avg_fn(decay=0.999):
    @torch.no_grad()
    def ema_update(ema_param, current_param, num_averaged):
        return decay * ema_param + (1 - decay) * current_param
    return ema_update


def get_swa_avg_fn():
    @torch.no_grad()
    def swa_update(averaged_param, current_param, num_averaged):
        return averaged_param + (current_param - averaged_param) / (num_averaged + 1)
    return swa_update


class AveragedModel(Module):
    def __init__(self, model, device=None, avg_fn=None, multi_avg_fn=None, use_buffers=False):
        super().__init__()
        assert avg_fn is None or multi_avg_fn is None, "Only one of avg_fn and multi_avg_fn should be provided"
        self.module = copy.deepcopy(model)
        if device is not None:
            self.module = self.module.to(device)
        self.register_buffer("n_averaged", torch.tensor(0, dtype=torch.long, device=device))
        self.avg_fn = avg_fn
        self.multi_avg_fn = multi_avg_fn
        self.use_buffers = use_buffers

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def update_parameters(self, model):
        if self.use_buffers:
            mine = itertools.chain(self.module.parameters(), self.module.buffers())
            theirs = itertools.chain(model.parameters(), model.buffers())
        else:
            mine = self.parameters()
            theirs = model.parameters()
        mine_detached = []
        theirs_detached = []
        first = bool(self.n_averaged == 0)
        for p_avg, p_model in zip(mine, theirs):
            p_model_ = p_model.detach().to(p_avg.device)
            mine_detached.append(p_avg.detach())
            theirs_detached.append(p_model_)
            if first:
                p_avg.detach().copy_(p_model_)
        if self.n_averaged > 0:
            if self.multi_avg_fn is not None or self.avg_fn is None:
                grouped = _group_tensors_by_device_and_dtype([mine_detached, theirs_detached])
                for (device, _), ([avg_list, model_list], _) in grouped.items():
                    if self.multi_avg_fn:
                        self.multi_avg_fn(avg_list, model_list, self.n_averaged.to(device))
                    else:
                        # (the CPU has no foreach kernels in torch's list: the per-tensor SWA average)
                        avg = get_swa_avg_fn()
                        n = self.n_averaged.to(device)
                        for p_avg, p_model in zip(avg_list, model_list):
                            p_avg.copy_(avg(p_avg, p_model, n))
            else:
                for p_avg, p_model in zip(mine_detached, theirs_detached):
                    n = self.n_averaged.to(p_avg.device)
                    p_avg.detach().copy_(self.avg_fn(p_avg.detach(), p_model, n))
        if not self.use_buffers:
            # buffers not averaged follow the source model
            for b_avg, b_model in zip(self.module.buffers(), model.buffers()):
                b_avg.detach().copy_(b_model.detach().to(b_avg.device))
        self.n_averaged += 1


@torch.no_grad()
def update_bn(loader, model, device=None):
    momenta = {}
    for module in model.modules():
        if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            module.reset_running_stats()
            momenta[module] = module.momentum
    if not momenta:
        return
    was_training = model.training
    model.train()
    for module in momenta.keys():
        module.momentum = None  # a cumulative average over the loader
    for input in loader:
        if isinstance(input, (list, tuple)):
            input = input[0]
        if device is not None:
            input = input.to(device)
        model(input)
    for module in momenta.keys():
        module.momentum = momenta[module]
    model.train(was_training)


class SWALR(_lr_scheduler.LRScheduler):
    def __init__(self, optimizer, swa_lr, anneal_epochs=10, anneal_strategy="cos", last_epoch=-1):
        groups = optimizer.param_groups
        if isinstance(swa_lr, (list, tuple)):
            if len(swa_lr) != len(groups):
                raise ValueError(f"swa_lr must have the same length as optimizer.param_groups: swa_lr has {len(swa_lr)}, "
                                 f"optimizer.param_groups has {len(groups)}")
            lrs = list(swa_lr)
        else:
            lrs = [swa_lr] * len(groups)
        for lr, group in zip(lrs, groups):
            group["swa_lr"] = lr
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError(f"anneal_strategy must by one of 'cos' or 'linear', instead got {anneal_strategy}")
        self.anneal_func = self._cosine_anneal if anneal_strategy == "cos" else self._linear_anneal
        if not isinstance(anneal_epochs, int) or anneal_epochs < 0:
            raise ValueError(f"anneal_epochs must be equal or greater than 0, got {anneal_epochs}")
        self.anneal_epochs = anneal_epochs
        super().__init__(optimizer, last_epoch)

    @staticmethod
    def _linear_anneal(t):
        return t

    @staticmethod
    def _cosine_anneal(t):
        return (1 - math.cos(math.pi * t)) / 2

    @staticmethod
    def _get_initial_lr(lr, swa_lr, alpha):
        if alpha == 1:
            return swa_lr
        return (lr - alpha * swa_lr) / (1 - alpha)

    def get_lr(self):
        step = self._step_count - 1
        if self.anneal_epochs == 0:
            step = max(1, step)
        prev_t = max(0, min(1, (step - 1) / max(1, self.anneal_epochs)))
        prev_alpha = self.anneal_func(prev_t)
        prev_lrs = [self._get_initial_lr(g["lr"], g["swa_lr"], prev_alpha) for g in self.optimizer.param_groups]
        t = max(0, min(1, step / max(1, self.anneal_epochs)))
        alpha = self.anneal_func(t)
        return [g["swa_lr"] * alpha + lr * (1 - alpha) for g, lr in zip(self.optimizer.param_groups, prev_lrs)]
