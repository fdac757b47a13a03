"""tparse stub of transformers.modeling_utils: a PreTrainedModel is an nn.Module holding its config."""
import torch
from torch import nn


class PreTrainedModel(nn.Module):
    config_class = None
    base_model_prefix = ""
    main_input_name = "input_ids"
    supports_gradient_checkpointing = False
    _no_split_modules = None

    def __init__(self, config, *inputs, **kwargs):
        super().__init__()
        self.config = config
        self.name_or_path = config.name_or_path
        self.warnings_issued = {}
        self.generation_config = None

    def post_init(self):
        pass

    def get_input_embeddings(self):
        return None
