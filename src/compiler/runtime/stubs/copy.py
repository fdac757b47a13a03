"""tparse stub of copy: model files copy configs and lists at construction time (eager code). Lists, dicts,
tuples and instances of plain Python classes (a config) are copied as CPython copies them (deepcopy through a memo
of ids, so shared and cyclic parts stay shared; an instance is a new object of its class whose attributes are
copied); modules and tensors are deep-copied whole (a new module tree with new parameter tensors); functions are
given back as they are. Inside a compiled frame deepcopy breaks the
graph, as Dynamo does (GB0179)."""
import copyreg

import torch


def copy(x):
    # copy is a module trace_rules skips (BUILTIN_SKIPLIST): called in a compiled frame, GB0007 (real torch 2.11:
    # NeoMME's per-layer config, copy.copy(config) in heterogeneity's _get_layer_config, read in a loop: the frame
    # is skipped); run eagerly it is never a frame
    __tparse_skipped_file_fn__("copy", "copy", "/usr/lib/python3.12/copy.py")
    if type(x) is list:
        return list(x)
    if type(x) is dict:
        return dict(x)
    if isinstance(x, torch.Tensor):
        # Tensor.__reduce_ex__ reads torch._utils._get_obj_state: object.__getstate__ asks copyreg._slotnames of the
        # class once (CPython caches `__slotnames__` on it), Python code under the callback (real torch 2.11:
        # MAML++'s `copy(self.running_mean.data)` after its break); the copy shares x's storage
        name = type(x).__name__
        if name not in _tensor_slotnames:
            _tensor_slotnames.add(name)
            copyreg._slotnames(type(x))
        return x
    if _plain_instance(x):
        # object.__reduce_ex__(4) then copy._reconstruct: copyreg's _slotnames (first copy of the class) and
        # __newobj__ run as Python code; the copy has x's attributes
        cls = type(x)
        if "__slotnames__" not in cls.__dict__:
            copyreg._slotnames(cls)
        copyreg.__newobj__(cls)
        return __tparse_copy_instance__(x)
    return x


_tensor_slotnames = set()  # tensor classes whose `__slotnames__` CPython has cached


def _plain_instance(x):
    return not isinstance(x, (list, dict, tuple, str, int, float, bool, type(None), type, torch.Tensor, torch.nn.Module)) \
        and not callable(x) and hasattr(x, "__dict__")


def deepcopy(x, memo=None):
    if memo is None:
        __tparse_deepcopy_check__(x)
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    if type(x) is list:
        y = []
        memo[key] = y
        for a in x:
            y.append(deepcopy(a, memo))
        return y
    if type(x) is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if type(x) is tuple:
        y = tuple([deepcopy(a, memo) for a in x])
        memo[key] = y
        return y
    if isinstance(x, torch.nn.Module):
        # nn.Module has no __deepcopy__: object.__reduce_ex__(4) (its __getstate__ is torch code) then copy._reconstruct
        # calls copyreg.__newobj__(cls) for the module and, as its state's _modules are copied, for each submodule in
        # pre-order: Python code under the callback (real torch 2.11: MAML's `net = deepcopy(self.net)` after
        # finetunning's break, frames __newobj__ for Learner, then for ParameterList: a recompile on cls)
        for m in x.modules():
            copyreg.__newobj__(type(m))
    if isinstance(x, (torch.nn.Module, torch.Tensor)):
        y = __tparse_deepcopy_obj__(x)  # a new module tree, its parameters new tensors (transformer layer clones)
        memo[key] = y
        return y
    if _plain_instance(x):
        # object.__reduce_ex__(4) then copy._reconstruct, as copy() above: copyreg's _slotnames (first copy of the
        # class) and __newobj__ run as Python code (real torch 2.11: `__newobj__ copyreg.py:98`, BART's
        # get_text_config deep-copying its config under the callback)
        cls = type(x)
        if "__slotnames__" not in cls.__dict__:
            copyreg._slotnames(cls)
        copyreg.__newobj__(cls)
        y = __tparse_copy_instance__(x)
        memo[key] = y
        for k, v in vars(x).items():
            object.__setattr__(y, k, deepcopy(v, memo))
        return y
    return x
