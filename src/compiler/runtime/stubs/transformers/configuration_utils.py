"""tparse stub of transformers.configuration_utils: a config is a plain attribute bag. Reads of its
attributes inside a compiled frame are constants guarded by value, as for the real object."""
import torch


class PretrainedConfig:
    model_type = ""

    def __init__(self, **kwargs):
        self.return_dict = kwargs.pop("return_dict", True)
        self.output_hidden_states = kwargs.pop("output_hidden_states", False)
        self.output_attentions = kwargs.pop("output_attentions", False)
        self.torchscript = kwargs.pop("torchscript", False)
        dtype = kwargs.pop("torch_dtype", None)
        dtype = kwargs.pop("dtype", dtype)
        if isinstance(dtype, str):
            dtype = getattr(torch, dtype)
        self.torch_dtype = dtype
        self.dtype = dtype
        self.use_cache = kwargs.pop("use_cache", True)
        self.tie_word_embeddings = kwargs.pop("tie_word_embeddings", True)
        self.is_encoder_decoder = kwargs.pop("is_encoder_decoder", False)
        self.pad_token_id = kwargs.pop("pad_token_id", None)
        self.bos_token_id = kwargs.pop("bos_token_id", None)
        self.eos_token_id = kwargs.pop("eos_token_id", None)
        self.name_or_path = kwargs.pop("name_or_path", "")
        for key, value in kwargs.items():
            setattr(self, key, value)

    @property
    def use_return_dict(self):
        return self.return_dict and not self.torchscript
