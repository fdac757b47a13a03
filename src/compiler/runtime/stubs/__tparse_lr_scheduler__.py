# torch.optim.lr_scheduler (torch 2.11), Python of ours: eager code that writes each param group's 'lr' (Dynamo skips
# the file, FORCE_SKIP_FILES). A compiled optimizer step reads the changed lr as an unspecialized float (its guard
# fails once, then the lr is a graph input). Closed forms of torch's schedules; the first step() runs at construction.
import math
import warnings


def _patch_track_step_called(opt):
    # torch's LRScheduler.__init__ wraps the optimizer's step once (functools.wraps: the wrapper's qualname is the
    # optimizer class's `step`, its file this one, which trace_rules skips): torch.compile(opt.step) then compiles
    # external_utils.wrap_inline's `inner`, whose call of it is GB0007, and the optimizer's step frames follow
    if hasattr(opt.step, "_wrapped_by_lr_sched"):
        return
    func = opt.step
    cls = type(opt)
    module = cls.__module__
    if module == "__tparse_optim__":
        module = "torch.optim." + cls.__name__.lower()

    def wrapper(*args, **kwargs):
        opt._opt_called = True
        return func(*args, **kwargs)

    wrapper._wrapped_by_lr_sched = True
    wrapper.__tparse_skip__ = (module, cls.__name__ + ".step", "/opt/torch/.venv/lib/python3.12/site-packages/torch/optim/lr_scheduler.py")
    opt.step = wrapper


class LRScheduler:
    def __init__(self, optimizer, last_epoch=-1):
        self.optimizer = optimizer
        _patch_track_step_called(optimizer)
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"])
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self._step_count = 0
        self.step()

    def get_lr(self):
        return [group["lr"] for group in self.optimizer.param_groups]

    def get_last_lr(self):
        return self._last_lr

    def step(self, epoch=None):
        # (torch's check of the old call order, at the first step after construction's: a UserWarning, its warnings.py
        # frames handed to Dynamo under the callback; real torch 2.11, program lr_scheduler_step_in_frame)
        if self._step_count == 1:
            if not hasattr(self.optimizer.step, "_wrapped_by_lr_sched"):
                warnings.warn("Seems like `optimizer.step()` has been overridden after learning rate scheduler "
                              "initialization. Please, make sure to call `optimizer.step()` before "
                              "`lr_scheduler.step()`. See more details at "
                              "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate", UserWarning)
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and "
                              "later, you should call them in the opposite order: `optimizer.step()` before "
                              "`lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the first "
                              "value of the learning rate schedule. See more details at "
                              "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate", UserWarning)
        self._step_count += 1
        if epoch is None:
            self.last_epoch += 1
        else:
            self.last_epoch = epoch
        values = self.get_lr()
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]

    def state_dict(self):
        return {k: v for k, v in self.__dict__.items() if k != "optimizer"}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)


_LRScheduler = LRScheduler


def _per_group(x, n):
    if isinstance(x, (list, tuple)):
        return list(x)
    return [x] * n


class LambdaLR(LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _per_group(lr_lambda, len(optimizer.param_groups))
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * f(self.last_epoch) for f, base in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _per_group(lr_lambda, len(optimizer.param_groups))
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch > 0:
            return [g["lr"] * f(self.last_epoch) for f, g in zip(self.lr_lambdas, self.optimizer.param_groups)]
        return [g["lr"] for g in self.optimizer.param_groups]


class StepLR(LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * self.gamma ** (self.last_epoch // self.step_size) for base in self.base_lrs]


class MultiStepLR(LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        self.milestones = sorted(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        k = len([m for m in self.milestones if m <= self.last_epoch])
        return [base * self.gamma**k for base in self.base_lrs]


class ConstantLR(LRScheduler):
    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        f = self.factor if self.last_epoch < self.total_iters else 1.0
        return [base * f for base in self.base_lrs]


class LinearLR(LRScheduler):
    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t = min(self.total_iters, self.last_epoch)
        f = self.start_factor + (self.end_factor - self.start_factor) * t / self.total_iters
        return [base * f for base in self.base_lrs]


class ExponentialLR(LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * self.gamma**self.last_epoch for base in self.base_lrs]


class PolynomialLR(LRScheduler):
    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t = min(self.total_iters, self.last_epoch)
        return [base * (1.0 - t / self.total_iters) ** self.power for base in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        c = (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
        return [self.eta_min + (base - self.eta_min) * c for base in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0.0, last_epoch=-1):
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        c = (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
        return [self.eta_min + (base - self.eta_min) * c for base in self.base_lrs]

    def step(self, epoch=None):
        self.T_cur = self.T_cur + 1
        if self.T_cur >= self.T_i:
            self.T_cur = self.T_cur - self.T_i
            self.T_i = self.T_i * self.T_mult
        super().step(epoch)


class OneCycleLR(LRScheduler):
    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None, pct_start=0.3,
                 anneal_strategy="cos", cycle_momentum=True, base_momentum=0.85, max_momentum=0.95, div_factor=25.0,
                 final_div_factor=1e4, three_phase=False, last_epoch=-1):
        self.total_steps = total_steps if total_steps is not None else epochs * steps_per_epoch
        self.max_lrs = _per_group(max_lr, len(optimizer.param_groups))
        self.pct_start = pct_start
        self.anneal_cos = anneal_strategy == "cos"
        for group, m in zip(optimizer.param_groups, self.max_lrs):
            if last_epoch == -1:
                group["initial_lr"] = m / div_factor
                group["max_lr"] = m
                group["min_lr"] = group["initial_lr"] / final_div_factor
        # cycle_momentum: Adam's betas[0] (or SGD's momentum) cycles against the lr, a new value every step
        self.cycle_momentum = cycle_momentum
        self.use_beta1 = "betas" in optimizer.defaults
        if cycle_momentum:
            for group in optimizer.param_groups:
                if self.use_beta1:
                    group["betas"] = (max_momentum, *group["betas"][1:])
                else:
                    group["momentum"] = max_momentum
                group["max_momentum"] = max_momentum
                group["base_momentum"] = base_momentum
        super().__init__(optimizer, last_epoch)

    def _anneal(self, start, end, pct):
        if self.anneal_cos:
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self):
        up = float(self.pct_start * self.total_steps) - 1
        out = []
        for g in self.optimizer.param_groups:
            t = self.last_epoch
            if t <= up:
                pct = t / up if up > 0 else 1.0
                out.append(self._anneal(g["initial_lr"], g["max_lr"], pct))
                if self.cycle_momentum:
                    mom = self._anneal(g["max_momentum"], g["base_momentum"], pct)
            else:
                down = self.total_steps - 1 - up
                pct = (t - up) / down if down > 0 else 1.0
                out.append(self._anneal(g["max_lr"], g["min_lr"], pct))
                if self.cycle_momentum:
                    mom = self._anneal(g["base_momentum"], g["max_momentum"], pct)
            if self.cycle_momentum:
                if self.use_beta1:
                    g["betas"] = (mom, *g["betas"][1:])
                else:
                    g["momentum"] = mom
        return out


class SequentialLR(LRScheduler):
    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        self.optimizer = optimizer
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self._last_lr = schedulers[0].get_last_lr()

    def step(self):
        self.last_epoch += 1
        k = len([m for m in self._milestones if m <= self.last_epoch])
        s = self._schedulers[k]
        if k > 0 and self._milestones[k - 1] == self.last_epoch:
            s.step(0)
        else:
            s.step()
        self._last_lr = s.get_last_lr()


class ChainedScheduler(LRScheduler):
    def __init__(self, schedulers, optimizer=None):
        self._schedulers = schedulers
        self.optimizer = optimizer if optimizer is not None else schedulers[0].optimizer
        self._last_lr = [g["lr"] for g in self.optimizer.param_groups]

    def step(self):
        for s in self._schedulers:
            s.step()
        self._last_lr = [g["lr"] for g in self.optimizer.param_groups]


class ReduceLROnPlateau:
    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        self.optimizer = optimizer
        self.mode = mode
        self.factor = factor
        self.patience = patience
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.min_lrs = _per_group(min_lr, len(optimizer.param_groups))
        self.eps = eps
        self.best = None
        self.num_bad_epochs = 0
        self.last_epoch = 0
        self._last_lr = [g["lr"] for g in optimizer.param_groups]

    def step(self, metrics):
        current = float(metrics)
        self.last_epoch += 1
        better = self.best is None or (current < self.best if self.mode == "min" else current > self.best)
        if better:
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            for g, lo in zip(self.optimizer.param_groups, self.min_lrs):
                new_lr = max(g["lr"] * self.factor, lo)
                if g["lr"] - new_lr > self.eps:
                    g["lr"] = new_lr
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = [g["lr"] for g in self.optimizer.param_groups]

    def get_last_lr(self):
        return self._last_lr
