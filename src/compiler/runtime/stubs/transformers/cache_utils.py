"""tparse stub of transformers.cache_utils, a fallback (`__tparse_fallback__`): where a source root has
transformers, its real cache_utils.py runs instead (sliding-window, linear-attention and encoder-decoder caches as
they are). Without one: the cache classes models name, with what masking_utils asks of them
(get_mask_sizes, get_query_offset, is_sliding). The causal-LM population runs with
use_cache=False; a model that builds its own cache anyway (xlm's EncoderDecoderCache of two DynamicCache)
gets the real full-attention semantics: DynamicLayer's lazy torch.tensor([]) and torch.cat on update, as
transformers 5.17's cache_utils."""
__tparse_fallback__ = True
import torch


class Cache:
    is_compileable = False

    def __init__(self, layers=None, layer_class_to_replicate=None, *args, **kwargs):
        self.layers = layers if layers is not None else []
        self.layer_class_to_replicate = layer_class_to_replicate
        self.offloading = False

    def __len__(self):
        return len(self.layers)

    def update(self, key_states, value_states, layer_idx, *args, **kwargs):
        if self.layer_class_to_replicate is not None:
            while len(self.layers) <= layer_idx:
                self.layers.append(self.layer_class_to_replicate())
        return self.layers[layer_idx].update(key_states, value_states, *args, **kwargs)

    def get_seq_length(self, layer_idx=0):
        if layer_idx >= len(self.layers):
            return 0
        return self.layers[layer_idx].get_seq_length()

    # as the real Cache: what masking_utils asks before building a mask
    def get_mask_sizes(self, query_length, layer_idx=0):
        if layer_idx >= len(self.layers):
            return query_length, 0
        return self.layers[layer_idx].get_mask_sizes(query_length)

    def get_query_offset(self, layer_idx=0):
        return self.get_seq_length(layer_idx=layer_idx)

    @property
    def is_sliding(self):
        return [getattr(layer, "is_sliding", False) for layer in self.layers]

    @property
    def is_initialized(self):
        return len(self.layers) > 0 and all(layer.is_initialized for layer in self.layers)


class DynamicCache(Cache):
    def __init__(self, ddp_cache_data=None, config=None, offloading=False, offload_only_non_sliding=False):
        layers = []
        if config is not None:
            decoder_config = config.get_text_config(decoder=True)
            sliding = getattr(decoder_config, "layer_types", None) is None and getattr(decoder_config, "sliding_window", None) is not None
            if getattr(decoder_config, "layer_types", None) is None and not sliding:
                layers = [DynamicLayer() for _ in range(decoder_config.num_hidden_layers)]
        if len(layers) == 0:
            super().__init__(layer_class_to_replicate=DynamicLayer)
        else:
            super().__init__(layers=layers)


class StaticCache(Cache):
    is_compileable = True


class EncoderDecoderCache(Cache):
    def __init__(self, self_attention_cache=None, cross_attention_cache=None, *args, **kwargs):
        super().__init__(layers=[])
        self.self_attention_cache = self_attention_cache
        self.cross_attention_cache = cross_attention_cache
        self.is_updated = {}

    def get_seq_length(self, layer_idx=0):
        return self.self_attention_cache.get_seq_length(layer_idx)

    def get_mask_sizes(self, query_length, layer_idx=0):
        return self.self_attention_cache.get_mask_sizes(query_length, layer_idx)

    def get_query_offset(self, layer_idx=0):
        return self.self_attention_cache.get_query_offset(layer_idx)

    @property
    def is_sliding(self):
        return self.self_attention_cache.is_sliding


class DynamicLayer:
    is_sliding = False

    def __init__(self, **kwargs):
        self.keys = None
        self.values = None
        self.is_initialized = False

    def lazy_initialization(self, key_states, value_states):
        self.dtype, self.device = key_states.dtype, key_states.device
        self.keys = torch.tensor([], dtype=self.dtype, device=self.device)
        self.values = torch.tensor([], dtype=self.dtype, device=self.device)
        self.is_initialized = True

    def update(self, key_states, value_states, *args, **kwargs):
        if not self.is_initialized:
            self.lazy_initialization(key_states, value_states)
        self.keys = torch.cat([self.keys, key_states], dim=-2)
        self.values = torch.cat([self.values, value_states], dim=-2)
        return self.keys, self.values

    def get_seq_length(self):
        if not self.is_initialized or self.keys.numel() == 0:
            return 0
        return self.keys.shape[-2]

    def get_mask_sizes(self, query_length):
        return self.get_seq_length() + query_length, 0


class DynamicSlidingWindowLayer(DynamicLayer):
    is_sliding = True


class StaticLayer:
    is_sliding = False


class MtpCache(Cache):
    pass
