"""tparse stub of transformers.modeling_layers. GradientCheckpointingLayer is an nn.Module whose __call__
differs from nn.Module's only under gradient checkpointing in training (never in the population's eval
runs), so it is the plain module here. The Generic*For* heads are not causal-LM classes."""
from torch import nn


class GradientCheckpointingLayer(nn.Module):
    gradient_checkpointing = False
    _can_checkpoint_with_cache = False


class GenericForSequenceClassification:
    base_model_prefix = "model"


class GenericForTokenClassification:
    base_model_prefix = "model"


class GenericForQuestionAnswering:
    base_model_prefix = "model"
