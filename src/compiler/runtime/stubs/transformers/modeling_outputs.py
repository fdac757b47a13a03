"""tparse stub of transformers.modeling_outputs: the common output dataclasses (fields in order)."""
from transformers.utils import ModelOutput


class BaseModelOutput(ModelOutput):
    _field_names = ("last_hidden_state", "hidden_states", "attentions")


class BaseModelOutputWithPast(ModelOutput):
    _field_names = ("last_hidden_state", "past_key_values", "hidden_states", "attentions")


class BaseModelOutputWithPooling(ModelOutput):
    _field_names = ("last_hidden_state", "pooler_output", "hidden_states", "attentions")


class CausalLMOutput(ModelOutput):
    _field_names = ("loss", "logits", "hidden_states", "attentions")


class CausalLMOutputWithPast(ModelOutput):
    _field_names = ("loss", "logits", "past_key_values", "hidden_states", "attentions")


class SequenceClassifierOutput(ModelOutput):
    _field_names = ("loss", "logits", "hidden_states", "attentions")


class SequenceClassifierOutputWithPast(ModelOutput):
    _field_names = ("loss", "logits", "past_key_values", "hidden_states", "attentions")


class MaskedLMOutput(ModelOutput):
    _field_names = ("loss", "logits", "hidden_states", "attentions")
