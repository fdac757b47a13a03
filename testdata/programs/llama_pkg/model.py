from typing import List, Optional

import torch
from torch import nn

from .config import LlamaConfig
from .layers import MLP, Attention, RMSNorm


class DecoderLayer(nn.Module):
    def __init__(self, config: LlamaConfig, layer_idx: int):
        super().__init__()
        self.self_attn = Attention(config=config, layer_idx=layer_idx)
        self.mlp = MLP(config)
        self.input_layernorm = RMSNorm(config.hidden_size, eps=config.rms_norm_eps)
        self.post_attention_layernorm = RMSNorm(config.hidden_size, eps=config.rms_norm_eps)

    def forward(self, hidden_states, attention_mask=None, **kwargs):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states, _ = self.self_attn(hidden_states=hidden_states, attention_mask=attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        return (residual + hidden_states,)


class LlamaModel(nn.Module):
    def __init__(self, config: LlamaConfig):
        super().__init__()
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList([DecoderLayer(config, i) for i in range(config.num_hidden_layers)])
        self.norm = RMSNorm(config.hidden_size, eps=config.rms_norm_eps)

    def forward(self, input_ids: torch.LongTensor, attention_mask: Optional[torch.Tensor] = None):
        hidden_states = self.embed_tokens(input_ids)
        all_hidden: List[torch.Tensor] = []
        for decoder_layer in self.layers:
            all_hidden.append(hidden_states)
            layer_outputs = decoder_layer(hidden_states, attention_mask=attention_mask)
            hidden_states = layer_outputs[0]
        return self.norm(hidden_states), all_hidden


class LlamaForCausalLM(nn.Module):
    def __init__(self, config: LlamaConfig):
        super().__init__()
        self.config = config
        self.model = LlamaModel(config)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)
        if config.tie_word_embeddings:
            self.lm_head.weight = self.model.embed_tokens.weight

    def forward(self, input_ids, attention_mask=None, labels=None):
        hidden_states, _ = self.model(input_ids, attention_mask=attention_mask)
        logits = self.lm_head(hidden_states).float()
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, self.config.vocab_size), labels.view(-1))
        return {"logits": logits, "loss": loss}
