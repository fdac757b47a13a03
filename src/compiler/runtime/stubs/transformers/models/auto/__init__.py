"""tparse stub of transformers.models.auto: AutoConfig (configuration_auto.py, ours) and the Auto model classes
of the real modeling_auto.py (its name tables, read from the source root), built by our auto_factory."""
from transformers.models.auto.configuration_auto import AutoConfig, CONFIG_MAPPING, model_type_to_module_name
from transformers.models.auto.modeling_auto import AutoModelForCausalLM, AutoModel, AutoBackbone
