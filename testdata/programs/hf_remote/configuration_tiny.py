from transformers import PretrainedConfig


class TinyConfig(PretrainedConfig):
    model_type = "tiny"

    def __init__(self, vocab_size=50, hidden_size=16, intermediate_size=32, num_layers=2, hidden_act="gelu",
                 layer_norm_eps=1e-5, use_cache=True, **kwargs):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.intermediate_size = intermediate_size
        self.num_layers = num_layers
        self.hidden_act = hidden_act
        self.layer_norm_eps = layer_norm_eps
        self.use_cache = use_cache
        super().__init__(**kwargs)
