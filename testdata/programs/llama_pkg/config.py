from dataclasses import dataclass, field
from typing import Optional


@dataclass
class LlamaConfig:
    vocab_size: int = 96
    hidden_size: int = 32
    intermediate_size: int = 64
    num_hidden_layers: int = 3
    num_attention_heads: int = 4
    num_key_value_heads: Optional[int] = 2
    rms_norm_eps: float = 1e-6
    rope_theta: float = 10000.0
    max_position_embeddings: int = 64
    tie_word_embeddings: bool = False
    extra: dict = field(default_factory=dict)

    @property
    def head_dim(self) -> int:
        return self.hidden_size // self.num_attention_heads
