"""tparse stub of transformers.modeling_layers. GradientCheckpointingLayer is an nn.Module whose __call__
differs from nn.Module's only under gradient checkpointing in training (the real code, so a layer run eagerly under
the callback is its `__call__` frame). The Generic*For* heads (LlamaForSequenceClassification and about a hundred
more subclass them with the model's PreTrainedModel) build the base model through AutoModel and run transformers'
own head: the last non-pad token's logits (an argmax over the token positions), the QA start / end split, the token
classifier, and the task loss through PreTrainedModel.loss_function."""
from functools import partial

import torch
from torch import nn

from transformers.modeling_outputs import QuestionAnsweringModelOutput, SequenceClassifierOutputWithPast, TokenClassifierOutput
from transformers.utils import can_return_tuple, logging

logger = logging.get_logger(__name__)


class GradientCheckpointingLayer(nn.Module):
    gradient_checkpointing = False
    _can_checkpoint_with_cache = False

    # as the real one (modeling_layers.py:80): a layer called eagerly under the callback is a `__call__` frame
    def __call__(self, *args, **kwargs):
        if self.gradient_checkpointing and self.training:
            do_warn = False
            layer_name = self.__class__.__name__
            message = f"Caching is incompatible with gradient checkpointing in {layer_name}. Setting"
            if "use_cache" in kwargs and kwargs["use_cache"]:
                kwargs["use_cache"] = False
                message += " `use_cache=False`,"
                do_warn = True
            if not self._can_checkpoint_with_cache:
                if "past_key_values" in kwargs and kwargs["past_key_values"] is not None:
                    kwargs["past_key_values"] = None
                    message += " `past_key_values=None`,"
                    do_warn = True
                if "layer_past" in kwargs and kwargs["layer_past"] is not None:
                    kwargs["layer_past"] = None
                    message += " `layer_past=None`,"
                    do_warn = True
            if do_warn:
                message = message.rstrip(",") + "."
                logger.warning_once(message)
            return self._gradient_checkpointing_func(partial(super().__call__, **kwargs), *args)
        return super().__call__(*args, **kwargs)


def _base_model(config):
    from transformers.models.auto import AutoModel
    return AutoModel.from_config(config)


class GenericForSequenceClassification:
    base_model_prefix = "model"

    def __init__(self, config):
        super().__init__(config)
        self.num_labels = config.num_labels
        setattr(self, self.base_model_prefix, _base_model(config))
        self.score = nn.Linear(config.get_text_config().hidden_size, self.num_labels, bias=False)
        self.post_init()

    @can_return_tuple
    def forward(self, input_ids=None, attention_mask=None, position_ids=None, past_key_values=None, inputs_embeds=None,
                labels=None, use_cache=None, **kwargs):
        base = getattr(self, self.base_model_prefix)
        out = base(input_ids, attention_mask=attention_mask, position_ids=position_ids, past_key_values=past_key_values,
                   inputs_embeds=inputs_embeds, use_cache=use_cache, **kwargs)
        hidden_states = out.last_hidden_state
        logits = self.score(hidden_states)
        batch_size = input_ids.shape[0] if input_ids is not None else inputs_embeds.shape[0]
        pad = self.config.get_text_config().pad_token_id
        if pad is None and batch_size != 1:
            raise ValueError("Cannot handle batch sizes > 1 if no padding token is defined.")
        if self.config.get_text_config().pad_token_id is None:
            last_non_pad_token = -1
        elif input_ids is not None:
            # the rightmost token that is not padding, whichever side the padding is on
            non_pad_mask = (input_ids != self.config.get_text_config().pad_token_id).to(logits.device, torch.int32)
            token_indices = torch.arange(input_ids.shape[-1], device=logits.device, dtype=torch.int32)
            last_non_pad_token = (token_indices * non_pad_mask).argmax(-1)
        else:
            last_non_pad_token = -1
            logger.warning_once(
                f"{self.__class__.__name__} will not detect padding tokens in `inputs_embeds`. Results may be "
                "unexpected if using padding tokens in conjunction with `inputs_embeds.`"
            )
        pooled_logits = logits[torch.arange(batch_size, device=logits.device), last_non_pad_token]
        loss = None
        if labels is not None:
            loss = self.loss_function(logits=logits, labels=labels, pooled_logits=pooled_logits, config=self.config)
        return SequenceClassifierOutputWithPast(loss=loss, logits=pooled_logits, past_key_values=out.past_key_values,
                                                hidden_states=out.hidden_states, attentions=out.attentions)


class GenericForQuestionAnswering:
    base_model_prefix = "model"

    def __init__(self, config):
        super().__init__(config)
        setattr(self, self.base_model_prefix, _base_model(config))
        self.qa_outputs = nn.Linear(config.hidden_size, 2)
        self.post_init()

    def get_input_embeddings(self):
        return getattr(self, self.base_model_prefix).embed_tokens

    def set_input_embeddings(self, value):
        getattr(self, self.base_model_prefix).embed_tokens = value

    @can_return_tuple
    def forward(self, input_ids=None, attention_mask=None, position_ids=None, past_key_values=None, inputs_embeds=None,
                start_positions=None, end_positions=None, **kwargs):
        out = getattr(self, self.base_model_prefix)(input_ids, attention_mask=attention_mask, position_ids=position_ids,
                                                    past_key_values=past_key_values, inputs_embeds=inputs_embeds, **kwargs)
        logits = self.qa_outputs(out.last_hidden_state)
        start_logits, end_logits = logits.split(1, dim=-1)
        start_logits = start_logits.squeeze(-1).contiguous()
        end_logits = end_logits.squeeze(-1).contiguous()
        loss = None
        if start_positions is not None and end_positions is not None:
            loss = self.loss_function(start_logits, end_logits, start_positions, end_positions, **kwargs)
        return QuestionAnsweringModelOutput(loss=loss, start_logits=start_logits, end_logits=end_logits,
                                            hidden_states=out.hidden_states, attentions=out.attentions)


class GenericForTokenClassification:
    base_model_prefix = "model"

    def __init__(self, config):
        super().__init__(config)
        self.num_labels = config.num_labels
        setattr(self, self.base_model_prefix, _base_model(config))
        # the classifier's dropout: the config's classifier_dropout, else its hidden_dropout, else 0.1
        p = getattr(config, "classifier_dropout", None)
        if p is None:
            p = getattr(config, "hidden_dropout", None)
        self.dropout = nn.Dropout(0.1 if p is None else p)
        self.score = nn.Linear(config.get_text_config().hidden_size, config.num_labels,
                               bias=getattr(config, "token_classification_bias", True))
        self.post_init()

    @can_return_tuple
    def forward(self, input_ids=None, attention_mask=None, position_ids=None, past_key_values=None, inputs_embeds=None,
                labels=None, use_cache=None, **kwargs):
        out = getattr(self, self.base_model_prefix)(input_ids, attention_mask=attention_mask, position_ids=position_ids,
                                                    past_key_values=past_key_values, inputs_embeds=inputs_embeds,
                                                    use_cache=use_cache, **kwargs)
        logits = self.score(self.dropout(out.last_hidden_state))
        loss = None
        if labels is not None:
            loss = self.loss_function(logits, labels, self.config)
        return TokenClassifierOutput(loss=loss, logits=logits, hidden_states=out.hidden_states, attentions=out.attentions)
