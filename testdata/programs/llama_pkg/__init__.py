"""A small LLaMA-style model split over a package, as model repos lay it out."""
from .config import LlamaConfig
from .model import LlamaForCausalLM

__all__ = ["LlamaConfig", "LlamaForCausalLM"]
