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
