"""tparse stub of transformers.generation."""
from transformers.generation.utils import GenerationConfig, GenerationMixin, LogitsProcessorList, StoppingCriteriaList
from transformers.generation.logits_process import LogitsProcessor
