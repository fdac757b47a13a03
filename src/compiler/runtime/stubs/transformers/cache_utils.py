"""tparse stub of transformers.cache_utils: the cache classes models name (the population runs with
use_cache=False, so no cache object is ever built inside a compiled frame)."""


class Cache:
    is_compileable = False

    def __init__(self, *args, **kwargs):
        self.layers = []

    def get_seq_length(self, layer_idx=0):
        return 0


class DynamicCache(Cache):
    pass


class StaticCache(Cache):
    is_compileable = True


class EncoderDecoderCache(Cache):
    def __init__(self, self_attention_cache=None, cross_attention_cache=None, *args, **kwargs):
        super().__init__()
        self.self_attention_cache = self_attention_cache
        self.cross_attention_cache = cross_attention_cache
        self.is_updated = {}


class DynamicLayer:
    is_sliding = False


class DynamicSlidingWindowLayer(DynamicLayer):
    is_sliding = True


class StaticLayer:
    is_sliding = False


class MtpCache(Cache):
    pass
