"""tparse stub of transformers.utils: logging, ModelOutput, the decorators model files use and the
availability flags of a CPU-only torch 2.11 install without optional packages."""
import importlib
import importlib.util
from transformers.utils import logging
from transformers.utils.generic import (
    ModelOutput,
    TransformersKwargs,
    can_return_tuple,
    merge_with_config_defaults,
    maybe_autocast,
    torch_int,
    torch_float,
    GeneralInterface,
)
from transformers.utils.import_utils import (
    is_torch_available,
    is_torch_flex_attn_available,
    is_torch_greater_or_equal,
    is_torch_npu_available,
    is_torch_xpu_available,
    is_torch_cuda_available,
    is_torch_mlu_available,
    is_torchdynamo_compiling,
    is_torchdynamo_exporting,
    is_tracing,
    torch_compilable_check,
    is_accelerate_available,
    is_peft_available,
    is_bitsandbytes_available,
    is_kernels_available,
    is_ninja_available,
    is_flash_attn_2_available,
    is_mambapy_available,
    is_causal_conv1d_available,
    is_mamba_ssm_available,
    is_mamba_2_ssm_available,
    is_flash_linear_attention_available,
)
from transformers.utils.auto_docstring import auto_docstring
# the docstring decorators of the real utils/doc.py (standard library only; the generation package's logits processors
# and stopping criteria are decorated with them): opaque without a source root (copy_func, which rebuilds a function
# from its code object, stays opaque)
from transformers.utils.doc import (
    add_code_sample_docstrings,
    add_end_docstrings,
    add_start_docstrings,
    add_start_docstrings_to_model_forward,
    replace_return_docstrings,
)

from transformers.utils.generic import (
    is_torch_tensor,
    is_numpy_array,
    to_py_obj,
    to_numpy,
    get_max_seqlen,
    ExplicitEnum,
    PaddingStrategy,
    TensorType,
)
from transformers.utils.import_utils import is_rocm_platform, requires_backends

# the inputs of the real package's dummy_inputs (T5-style models' `dummy_inputs` property)
DUMMY_INPUTS = [[7, 6, 0, 0, 1], [1, 2, 3, 0, 0], [0, 0, 0, 4, 5]]
DUMMY_MASK = [[1, 1, 1, 1, 1], [1, 1, 1, 0, 0], [0, 0, 0, 1, 1]]

CONFIG_NAME = "config.json"
WEIGHTS_NAME = "pytorch_model.bin"
SAFE_WEIGHTS_NAME = "model.safetensors"


class ContextManagers:
    def __init__(self, context_managers):
        self.context_managers = context_managers


class ExplicitEnum:
    pass


class PushToHubMixin:
    """The Hub upload mixin of GenerationConfig, the configs, processors and models: no state, and a run that uploads
    nothing (an opaque base would answer every attribute, so `hasattr(generation_config, "logits_processor")` held).
    Its `push_to_hub` has the real docstring's placeholders, which the mixins' modules format at import."""

    def push_to_hub(self, repo_id, **kwargs):
        """Upload the {object_files} to the Model Hub (tparse: not modelled). Used by `{object_class}` for a {object}."""
        return None


class _LazyModule:
    """models/<type>/__init__.py replaces itself in sys.modules by one of these (import then yields it, as Python's
    does): a name is imported from the submodule whose `__all__` lists it (define_import_structure reads the files'
    text) when first read, a submodule by its name."""

    def __init__(self, name, module_file, import_structure, module_spec=None, extra_objects=None, **kwargs):
        self.name = name
        self.__name__ = name
        self.__file__ = module_file
        self._import_structure = import_structure
        if extra_objects:
            for key, value in extra_objects.items():
                setattr(self, key, value)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        for module, names in self._import_structure.items():
            if name in names:
                value = getattr(importlib.import_module("." + module, self.__name__), name)
                setattr(self, name, value)
                return value
        if importlib.util.find_spec(self.__name__ + "." + name) is not None:
            return importlib.import_module("." + name, self.__name__)
        raise AttributeError(f"module {self.__name__} has no attribute {name}")


def __getattr__(name):
    # an optional package's availability flag this stub does not name: as import_utils answers it (an accelerator
    # package a torch install lacks is False; any other unknown, opaque)
    from transformers.utils import import_utils

    if name.startswith("is_") and name.endswith("_available") and name[3:-10] in import_utils._ABSENT:
        return getattr(import_utils, name)
    if name.startswith("is_") and name in import_utils.__dict__:  # (re-exported from import_utils: is_quanto_greater)
        return import_utils.__dict__[name]
    raise AttributeError(f"module 'transformers.utils' has no attribute '{name}'")
