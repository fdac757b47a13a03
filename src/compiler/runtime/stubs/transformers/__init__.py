"""tparse stub of transformers (what model files and drivers import from it, as Dynamo sees it).

An overlay: with transformers' real sources as --source-root, the modules this stub package defines
(the library's infrastructure: the Auto classes, configuration and PreTrainedModel bases, utils,
decorators, logging) replace the real ones, and every other module (models/<type>/*.py, masking_utils,
modeling_rope_utils, integrations/sdpa_attention, ...) is read from the real sources. Without a source
root the stubs stand alone (remote-code packages that import transformers)."""
__tparse_overlay__ = True

from transformers.configuration_utils import PretrainedConfig, PreTrainedConfig
from transformers.modeling_utils import PreTrainedModel
from transformers.utils import ModelOutput
from transformers.generation.utils import GenerationConfig, GenerationMixin
from transformers.models.auto import AutoConfig, AutoModelForCausalLM, AutoModel
from transformers.models.auto import AutoBackbone  # backbone_utils.load_backbone: `from transformers import AutoBackbone`
# every Auto class and mapping of the real modeling_auto.py (its __all__), as the real lazy __init__ exports them
# (`from transformers import AutoModelForSequenceClassification`)
from transformers.models.auto.modeling_auto import __all__ as _auto_all

if isinstance(_auto_all, list):  # (with the real sources only; else an opaque module)
    from transformers.models.auto.modeling_auto import *


# The real package exports its public classes lazily from their submodules (`from transformers import StaticCache`,
# `transformers.DynamicCache`): a name this stub does not define is looked up in the submodules that hold them, the
# ones read from the source root first (PEP 562's module __getattr__, as the real _LazyModule answers it).
_EXPORTING = ("cache_utils", "masking_utils", "pytorch_utils", "modeling_rope_utils", "modeling_outputs", "generation",
              "modeling_utils", "configuration_utils")


# the release whose infrastructure these stubs model (`transformers.__version__`: version checks in user code)
__version__ = "5.17.0"

# the files of a model's package whose __all__ the real lazy __init__ exports from the top level
_MODEL_FILES = ("configuration", "modeling", "tokenization", "image_processing", "feature_extraction", "processing",
                "video_processing")


def _model_export(name):
    """A model's class exported from the top level (`from transformers import GPT2Config, GPT2LMHeadModel`): found in
    the package of each model type whose configuration class's stem begins the name (transformers names every class
    of a model after its config: GPT2Config, GPT2LMHeadModel, GPT2DoubleHeadsModel), the longest stem first."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES, ClassNotExported, find_class
    if not isinstance(CONFIG_MAPPING_NAMES, dict):  # (no source root: no model packages)
        return None
    stems = []
    for model_type, config_name in CONFIG_MAPPING_NAMES.items():
        stem = config_name[:-6] if config_name.endswith("Config") else config_name
        if stem and name.startswith(stem):
            stems.append((len(stem), model_type))
    stems.sort(reverse=True)
    for _, model_type in stems:
        for prefix in _MODEL_FILES:
            try:
                return find_class(model_type, name, prefix)
            except ClassNotExported:
                pass
    return None


def __getattr__(name):
    import importlib
    for sub in _EXPORTING:
        module = importlib.import_module("transformers." + sub)
        if name in vars(module):
            return vars(module)[name]
    found = _model_export(name) if name[:1].isupper() else None
    if found is not None:
        globals()[name] = found
        return found
    raise AttributeError(f"module 'transformers' has no attribute '{name}'")
