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


def __getattr__(name):
    import importlib
    for sub in _EXPORTING:
        module = importlib.import_module("transformers." + sub)
        if name in vars(module):
            return vars(module)[name]
    raise AttributeError(f"module 'transformers' has no attribute '{name}'")
