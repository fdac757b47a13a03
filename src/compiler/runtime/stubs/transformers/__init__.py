"""tparse stub of transformers (what model files import from it, as Dynamo sees it)."""
from transformers.configuration_utils import PretrainedConfig
from transformers.modeling_utils import PreTrainedModel
from transformers.utils import ModelOutput
from transformers.generation.utils import GenerationConfig
