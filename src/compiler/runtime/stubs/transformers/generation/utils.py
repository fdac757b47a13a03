"""tparse stub of transformers.generation.utils (generation runs outside the model's forward)."""
from transformers.generation.logits_process import LogitsProcessor, LogitsProcessorList
from transformers.utils import ModelOutput


class StoppingCriteriaList:
    def __init__(self, criteria=None):
        self.criteria = criteria if criteria is not None else []

    def append(self, c):
        self.criteria.append(c)


class GenerationConfig:
    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)


class GenerationMixin:
    pass
