"""tparse stub of transformers.utils.generic. ModelOutput: an ordered record of optional fields; indexing with
an int or slice sees only the fields that are not None (as the real to_tuple()). The decorators model files
put on forward (can_return_tuple, merge_with_config_defaults) wrap it in a function named `wrapper`, as the
real ones do (Dynamo inlines it; a break inside shows that frame name); they add no graph operation."""
from functools import wraps

import torch

from . import logging

logger = logging.get_logger(__name__)


def is_tensor(x):
    return isinstance(x, torch.Tensor)


def _register_model_output_pytree_node(output_type):
    # the real one registers the record class as a pytree node on its first eager use; under torch.compile it
    # returns at once
    if torch.compiler.is_compiling():
        return


class ModelOutput:
    # the real ModelOutput is an OrderedDict of its non-None fields: isinstance(out, dict) holds, items() / values()
    __tparse_dict_like__ = True
    _field_names = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # a record naming its fields: its own generated __init__, as the real @dataclass records have (`<string>`)
        if "_field_names" in cls.__dict__:
            __tparse_output_record__(cls)

    def __post_init__(self):
        # a model file's own @dataclass output class: the base record's fields, then its own new ones (a
        # dataclass's order: a subclass of BaseModelOutput adding mask_feat has it last)
        fields = type(self).__dict__.get("__dataclass_fields__")
        if fields is not None and "_field_names" not in type(self).__dict__:
            own = [k for k in fields.keys() if k not in self._field_names]
            if own:
                self._field_names = tuple(self._field_names) + tuple(own)
        # as the real one: the record's pytree registration (which asks torch.compiler.is_compiling() first: in a
        # frame Dynamo marks the side effects inconsistent, so a record's __init__ that traces no op is compiled, its
        # tensors guarded, not skipped) and the first field's tensor check
        _register_model_output_pytree_node(type(self))
        names = self._field_names
        first = getattr(self, names[0]) if names else None
        if not (all(self.__dict__.get(n) is None for n in names[1:]) and not is_tensor(first)):
            # every field that is set becomes an item of the record (the real one is an OrderedDict): each is tested
            # against None (a tensor argument is realized there: guarded)
            for name in names:
                if getattr(self, name) is not None:
                    pass

    def to_tuple(self):
        return tuple(getattr(self, name) for name in self._field_names if getattr(self, name) is not None)

    def keys(self):
        return [name for name in self._field_names if getattr(self, name) is not None]

    def values(self):
        return [getattr(self, name) for name in self.keys()]

    def items(self):
        return [(name, getattr(self, name)) for name in self.keys()]

    def get(self, k, default=None):
        return getattr(self, k) if k in self.keys() else default

    def __getitem__(self, k):
        if isinstance(k, str):
            return getattr(self, k)
        return self.to_tuple()[k]

    def __len__(self):
        return len(self.to_tuple())

    def __setitem__(self, key, value):
        # as the real one (an OrderedDict item that is also an attribute): a new key joins the record
        if key not in self._field_names:
            self._field_names = self._field_names + (key,)
        setattr(self, key, value)

    def __iter__(self):
        return iter(self.keys())

    def __contains__(self, k):
        return k in self.keys()


class TransformersKwargs:
    pass


class GeneralInterface:
    _global_mapping = {}

    def __init__(self):
        self._local_mapping = {}

    def __getitem__(self, key):
        if key in self._local_mapping:
            return self._local_mapping[key]
        return self._global_mapping[key]

    def __setitem__(self, key, value):
        self._local_mapping[key] = value

    def __contains__(self, key):
        return key in self._local_mapping or key in self._global_mapping

    def get(self, key, default=None):
        if key in self._local_mapping:
            return self._local_mapping[key]
        if key in self._global_mapping:
            return self._global_mapping[key]
        return default

    def keys(self):
        return list(self._global_mapping.keys()) + list(self._local_mapping.keys())

    def valid_keys(self):
        return self.keys()

    @classmethod
    def register(cls, key, value):
        cls._global_mapping[key] = value


def can_return_tuple(func):
    @wraps(func)
    def wrapper(self, *args, **kwargs):
        return_dict = self.config.return_dict if hasattr(self, "config") else True
        return_dict_passed = kwargs.pop("return_dict", return_dict)
        if return_dict_passed is not None:
            return_dict = return_dict_passed
        output = func(self, *args, **kwargs)
        if not return_dict and not isinstance(output, tuple):
            output = output.to_tuple()
        return output

    return wrapper


def merge_with_config_defaults(func):
    # as the real one (utils/generic.py): a config default for each of these arguments not given (positionally, by its
    # index in func's parameters, or by keyword), is_causal set on the config for the call and restored after it in a
    # `finally` (a graph break inside the call cannot be resumed in that block: the frame fails as torch's does)
    @wraps(func)
    def wrapper(self, *args, **kwargs):
        args_with_config_defaults = [
            "use_cache",
            "vision_feature_layer",
            "vision_feature_select_strategy",
            "vision_aspect_ratio",
        ]
        for arg_name in args_with_config_defaults:
            arg_index = None
            if arg_name in func.__code__.co_varnames:
                arg_index = func.__code__.co_varnames.index(arg_name) - 1  # -1 for self

            if arg_index is not None and len(args) > arg_index and args[arg_index] is not None:
                arg_value = args[arg_index]
            elif kwargs.get(arg_name) is not None:
                arg_value = kwargs[arg_name]
            else:
                arg_value = getattr(self.config, arg_name, None)

            if arg_value is not None:
                if arg_name == "use_cache":
                    if getattr(self, "gradient_checkpointing", False) and self.training and arg_value:
                        logger.warning_once(
                            "`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`."
                        )
                        arg_value = False
                elif arg_name == "vision_feature_select_strategy":
                    valid_strategies = ["default", "full"]
                    if arg_value not in valid_strategies:
                        raise ValueError(
                            f"`Unexpected select feature strategy: {arg_value}. Please select from {valid_strategies}."
                        )

                if arg_index is not None and len(args) > arg_index:
                    args = list(args)
                    args[arg_index] = arg_value
                    args = tuple(args)
                else:
                    kwargs[arg_name] = arg_value

        is_causal = kwargs.get("is_causal", getattr(self.config, "is_causal", None))
        if is_causal is not None:
            is_causal_in_config = hasattr(self.config, "is_causal")
            if is_causal_in_config:
                is_causal_original_value = self.config.is_causal
            self.config.is_causal = is_causal
            kwargs["is_causal"] = is_causal

        try:
            output = func(self, *args, **kwargs)
        finally:
            if is_causal is not None:
                if is_causal_in_config:
                    self.config.is_causal = is_causal_original_value
                else:
                    del self.config.is_causal

        return output

    return wrapper


check_model_inputs = merge_with_config_defaults


class _NullContext:
    def __enter__(self):
        return None

    def __exit__(self, *args):
        return False


def maybe_autocast(device_type, dtype=None, enabled=True, cache_enabled=None):
    if device_type == "meta":
        return _NullContext()
    if torch.is_autocast_enabled(device_type) or enabled:
        return torch.autocast(device_type, dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)
    return _NullContext()


def torch_int(x):
    return int(x)


def torch_float(x):
    return int(x)


def is_flash_attention_requested(config=None, requested_attention_implementation=None, version=None):
    impl = config._attn_implementation if config is not None else requested_attention_implementation
    if impl is None:
        return False
    return "flash" in impl


def split_attention_implementation(implementation):
    if implementation is None:
        return False, None
    if implementation.startswith("paged|"):
        return True, implementation[6:]
    return False, implementation


def accepts_precomputed_kwargs(modality):
    def decorator(func):
        return func
    return decorator


def no_inherit_decorator(obj):
    return obj


def is_torch_tensor(x):
    return isinstance(x, torch.Tensor)


def is_numpy_array(x):
    import numpy as np

    return isinstance(x, np.ndarray)


def to_py_obj(obj):
    """Tensors, arrays and numbers inside dicts / lists / tuples as Python lists and numbers."""
    if isinstance(obj, dict):
        return {k: to_py_obj(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_py_obj(o) for o in obj]
    if hasattr(obj, "tolist"):
        return obj.tolist()
    return obj


def to_numpy(obj):
    """Tensors and lists inside dicts / lists / tuples as numpy arrays."""
    import numpy as np

    if isinstance(obj, dict):
        return {k: to_numpy(v) for k, v in obj.items()}
    if isinstance(obj, torch.Tensor):
        return obj.detach().cpu().numpy()
    if isinstance(obj, (list, tuple)):
        return np.array(obj)
    return obj


def get_max_seqlen(cu_seqlens, config, kwargs=None, kwarg_name="max_seqlen"):
    """The longest packed sequence (a precomputed one popped from kwargs first); None unless flash attention is
    requested, which reads the data (`.item()`)."""
    if kwargs is not None:
        max_seqlen = kwargs.pop(kwarg_name, None)
        if max_seqlen is not None:
            return max_seqlen
    if not is_flash_attention_requested(config):
        return None
    return (cu_seqlens[1:] - cu_seqlens[:-1]).max().item()


from enum import Enum  # noqa: E402


class ExplicitEnum(str, Enum):
    @classmethod
    def _missing_(cls, value):
        raise ValueError(f"{value} is not a valid {cls.__name__}, please select one of {[m.value for m in cls]}")


class PaddingStrategy(ExplicitEnum):
    LONGEST = "longest"
    MAX_LENGTH = "max_length"
    DO_NOT_PAD = "do_not_pad"


class TensorType(ExplicitEnum):
    PYTORCH = "pt"
    NUMPY = "np"
    MLX = "mlx"
