""" Tiny remote-code model in the layout of Hugging Face `trust_remote_code` models. """
from typing import Optional, Tuple, Union

import torch
from torch import nn
from transformers.activations import ACT2FN
from transformers.modeling_outputs import BaseModelOutputWithPast, CausalLMOutputWithPast
from transformers.modeling_utils import PreTrainedModel
from transformers.utils import logging

from .configuration_tiny import TinyConfig

logger = logging.get_logger(__name__)


class TinyMLP(nn.Module):
    def __init__(self, config: TinyConfig):
        super().__init__()
        self.fc_in = nn.Linear(config.hidden_size, config.intermediate_size)
        self.fc_out = nn.Linear(config.intermediate_size, config.hidden_size)
        self.act = ACT2FN[config.hidden_act]

    def forward(self, hidden_states):
        return self.fc_out(self.act(self.fc_in(hidden_states)))


class TinyLayer(nn.Module):
    def __init__(self, config: TinyConfig, idx: int):
        super().__init__()
        self.idx = idx
        self.ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.mlp = TinyMLP(config)

    def forward(self, hidden_states):
        return hidden_states + self.mlp(self.ln(hidden_states))


class TinyPreTrainedModel(PreTrainedModel):
    config_class = TinyConfig
    base_model_prefix = "model"

    def _init_weights(self, module):
        return


class TinyModel(TinyPreTrainedModel):
    def __init__(self, config: TinyConfig):
        super().__init__(config)
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList([TinyLayer(config, i) for i in range(config.num_layers)])
        self.norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, input_ids, use_cache: Optional[bool] = None, output_hidden_states: Optional[bool] = None,
                return_dict: Optional[bool] = None) -> Union[Tuple, BaseModelOutputWithPast]:
        use_cache = use_cache if use_cache is not None else self.config.use_cache
        output_hidden_states = output_hidden_states if output_hidden_states is not None else self.config.output_hidden_states
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        hidden_states = self.embed(input_ids)
        if use_cache:
            logger.warning_once("TinyModel keeps no cache: use_cache=True is ignored")
            use_cache = False
        all_hidden_states = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden_states = all_hidden_states + (hidden_states,)
            hidden_states = layer(hidden_states)
        hidden_states = self.norm(hidden_states)
        if not return_dict:
            return tuple(v for v in [hidden_states, all_hidden_states] if v is not None)
        return BaseModelOutputWithPast(last_hidden_state=hidden_states, hidden_states=all_hidden_states)


class TinyForCausalLM(TinyPreTrainedModel):
    def __init__(self, config: TinyConfig):
        super().__init__(config)
        self.model = TinyModel(config)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)

    def forward(self, input_ids, labels=None, use_cache=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        outputs = self.model(input_ids, use_cache=use_cache, return_dict=return_dict)
        logits = self.lm_head(outputs[0]).float()
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1))
        if not return_dict:
            return (logits,) + tuple(outputs[1:])
        return CausalLMOutputWithPast(loss=loss, logits=logits, hidden_states=outputs.hidden_states)
