"""tparse stub of transformers.configuration_utils. A config's fields are its class-level annotated defaults (the
real class is a dataclass); __init__ sets the keywords given, then __post_init__ (the model's own, then ours)
standardizes RoPE parameters through the real RotaryEmbeddingConfigMixin of modeling_rope_utils (read from the
source root when there is one). `attribute_map` aliases read through __getattribute__ and
write through __setattr__ (as the real ones). Remote-code configs of the
pre-5.0 kind (super().__init__(**kwargs) with torch_dtype, use_cache, ...) work too. Reads of config attributes
inside a compiled frame are constants, as for the real object."""
import copy
import dataclasses
import importlib.util
from collections.abc import Sequence
from typing import Any, ClassVar, Literal, Union

import torch
from huggingface_hub.dataclasses import _is_classvar, _tparse_resolve_fields

if importlib.util.find_spec("transformers.modeling_rope_utils") is not None:  # a source root has it
    from transformers.modeling_rope_utils import RotaryEmbeddingConfigMixin
else:
    class RotaryEmbeddingConfigMixin:
        def convert_rope_params_to_dict(self, **kwargs):
            return kwargs

# per-layer configs (per_layer_config, is_heterogeneous) from the real mixin where a source root has it
if importlib.util.find_spec("transformers.integrations.heterogeneity") is not None:
    from transformers.integrations.heterogeneity import HeterogeneousConfigMixin
else:
    class HeterogeneousConfigMixin:
        is_heterogeneous = False

        def _update_heterogeneous_to_dict_output(self, d):
            return None


class PreTrainedConfig(RotaryEmbeddingConfigMixin, HeterogeneousConfigMixin):
    # the real class's fields and class variables with their annotations (what @strict checks a field against)
    base_config_key: ClassVar[str] = ""
    sub_configs: ClassVar[dict[str, type["PreTrainedConfig"]]] = {}
    has_no_defaults_at_init: ClassVar[bool] = False
    keys_to_ignore_at_inference: ClassVar[list[str]] = []
    attribute_map: ClassVar[dict[str, str]] = {}
    base_model_tp_plan: ClassVar[dict[str, Any] | None] = None
    base_model_pp_plan: ClassVar[dict[str, Sequence[list[str]]] | None] = None
    base_model_ep_plan: ClassVar[dict[str, Sequence[list[str]]] | None] = None
    _auto_class: ClassVar[str | None] = None
    model_type: ClassVar[str] = ""
    transformers_version: str | None = None
    architectures: list[str] | None = None
    output_hidden_states: bool | None = False
    return_dict: bool | None = True
    dtype: Union[str, "torch.dtype"] | None = None
    chunk_size_feed_forward: int = 0
    is_encoder_decoder: bool = False
    id2label: dict[int, str] | dict[str, str] | None = None
    label2id: dict[str, int] | dict[str, str] | None = None
    problem_type: Literal["regression", "single_label_classification", "multi_label_classification"] | None = None
    num_labels = 2
    torchscript = False
    _output_attentions = False
    _attn_implementation_internal = None
    _experts_implementation = None
    _name_or_path = ""

    # no use_cache / tie_word_embeddings / pad_, bos_, eos_token_id defaults: 5.17's PreTrainedConfig has none
    # (a model's config declares them; merge_with_config_defaults leaves use_cache None where it does not)

    def __init__(self, **kwargs):
        # remote-code configs call super().__init__(**kwargs) with the pre-5.0 keywords
        if "output_attentions" in kwargs:
            self._output_attentions = kwargs.pop("output_attentions")
        if "name_or_path" in kwargs:
            self._name_or_path = kwargs.pop("name_or_path")
        # as the real dataclass __init__ (wrapped to accept any keyword): every field is assigned through
        # __setattr__ (an attribute_map alias writes its target; @strict checks the value), a keyword's value or
        # the default; every other keyword goes to __post_init__(**kwargs) (a backbone config names its stages
        # there before its out_indices / out_features are checked against them)
        cls = type(self)
        fields = cls.__dataclass_fields__  # the class's fields in order, made once per class (__init_subclass__)
        for name in fields:
            if name in kwargs:
                setattr(self, name, kwargs[name])
            elif hasattr(cls, name):
                default = getattr(cls, name)
                if isinstance(default, property):
                    continue
                if hasattr(default, "factory") and type(default).__name__ == "_TparseFieldFactory":
                    default = default.factory()
                setattr(self, name, default)
        extra = {}
        for key, value in kwargs.items():
            if key not in fields:
                extra[key] = value
        self.__post_init__(**extra)

    def __init_subclass__(cls, **kwargs):
        # the real class makes each subclass a dataclass: validated fields become plain defaults
        cls.__tparse_config_dataclass__ = True
        _tparse_resolve_fields(cls)
        cls.__dataclass_fields__ = {name: dataclasses.Field(name) for name in _config_fields(cls)}

    def __post_init__(self, **kwargs):
        torch_dtype = kwargs.pop("torch_dtype", None)  # the pre-5.0 keyword: `dtype` wins when both are given
        if torch_dtype is not None:
            self.dtype = self.dtype if self.dtype is not None else torch_dtype
        if self.dtype is not None and isinstance(self.dtype, str):
            self.dtype = getattr(torch, self.dtype)
        if hasattr(self, "rope_parameters"):
            kwargs = self.convert_rope_params_to_dict(**kwargs)
        self._output_attentions = kwargs.pop("output_attentions", False)
        self._attn_implementation = kwargs.pop("attn_implementation", None)
        per_layer_config = kwargs.pop("per_layer_config", None)  # as the real one: applied last
        for key, value in kwargs.items():
            setattr(self, key, value)
        if per_layer_config is not None:
            self.per_layer_config = per_layer_config

    def __setattr__(self, key, value):  # as the real one: an attribute_map alias writes its target
        amap = self.attribute_map
        if key in amap:
            key = amap[key]
        super().__setattr__(key, value)

    def __getattribute__(self, key):  # as the real one: every read runs it (a frame when read eagerly under the callback)
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)

    @property
    def name_or_path(self):
        return self._name_or_path

    @property
    def output_attentions(self):
        return self._output_attentions

    @property
    def _attn_implementation(self):
        return self._attn_implementation_internal

    @_attn_implementation.setter
    def _attn_implementation(self, value):
        """As the real setter: set here and on every sub-config (a dict value names one per sub-config key)."""
        current = self._attn_implementation_internal
        self._attn_implementation_internal = value if not isinstance(value, dict) else value.get("", current)
        for key in self.sub_configs:
            sub = getattr(self, key, None)
            if sub is not None:
                sub._attn_implementation = value if not isinstance(value, dict) else value.get(key, sub._attn_implementation)

    @property
    def use_return_dict(self):
        return self.return_dict and not self.torchscript

    @property
    def torch_dtype(self):
        return self.dtype

    @torch_dtype.setter
    def torch_dtype(self, value):
        self.dtype = getattr(torch, value) if isinstance(value, str) else value

    # the real class validators (run after __init__ by @strict): attentions output needs eager attention; a
    # config with head_dim, num_heads and embed_dim needs head_dim * num_heads == embed_dim. validate_token_ids only
    # warns; validate_layer_type's allowed-type check is not modelled
    def validate_output_attentions(self):
        if self.output_attentions and self._attn_implementation not in ["eager", None]:
            raise ValueError(
                "The `output_attentions` attribute is not supported when using the `attn_implementation` set to "
                f"{self._attn_implementation}. Please set it to 'eager' instead."
            )

    def validate_architecture(self):
        if self.is_heterogeneous:
            for config in self.per_layer_config:
                config.validate_architecture()
            return
        if hasattr(self, "head_dim") and hasattr(self, "num_heads") and hasattr(self, "embed_dim") \
                and self.head_dim * self.num_heads != self.embed_dim:
            raise ValueError(
                f"The embed_dim ({self.embed_dim}) is not a multiple of the number of attention heads ({self.num_heads})."
            )

    def validate_layer_type(self):
        pass

    def _get_generation_parameters(self):
        # generation parameters set on the model config (not on its generation_config): the real check, with the real
        # GenerationConfig's defaults where the source root has transformers.generation
        from transformers.generation import GenerationConfig
        if not hasattr(GenerationConfig, "_get_default_generation_params"):
            return {}
        params = {}
        default_config = self.__class__().to_dict() if not self.has_no_defaults_at_init else {}
        for key in GenerationConfig._get_default_generation_params().keys():
            if key == "use_cache":
                continue
            if hasattr(self, key) and getattr(self, key) is not None and key not in default_config:
                params[key] = getattr(self, key)
        return params

    def get_text_config(self, decoder=None, encoder=None):
        # as the real one: the text sub-config of a composite config (decoder / generator / text_config,
        # text_encoder), else the config itself; a legacy flat encoder-decoder config asked for one side is a copy
        # whose [decoder|encoder]_* fields are renamed to the plain names (decoder_layers -> num_hidden_layers)
        return_both = decoder == encoder
        if return_both:
            names = ("text_encoder", "decoder", "generator", "text_config")
        elif decoder:
            names = ("decoder", "generator", "text_config")
        else:
            names = ("text_encoder",)
        valid = [n for n in names if hasattr(self, n) and getattr(self, n, None) is not None]
        if len(valid) > 1:
            raise ValueError("Multiple valid text configs were found in the model config: " + str(valid))
        config = getattr(self, valid[0]) if len(valid) == 1 else self
        if not return_both and len(valid) == 0 and config.is_encoder_decoder:
            config = copy.deepcopy(config)
            prefix = "decoder" if decoder else "encoder"
            for key in config.to_dict():
                if key.startswith(prefix):
                    if key == prefix + "_layers":
                        new_key = "num_hidden_layers"
                    elif key == prefix + "_attention_heads":
                        new_key = "num_attention_heads"
                    else:
                        new_key = key[len(prefix) + 1:]
                    if new_key in config.attribute_map:
                        new_key = config.attribute_map[new_key]
                    value = getattr(config, key)
                    if key in vars(config):  # a field still at its class default has nothing to delete here
                        delattr(config, key)
                    setattr(config, new_key, value)
        return config

    def to_dict(self):
        # as the real one, step for step (the functions it calls are frames of their own under the callback: BART's
        # get_text_config(decoder=True) copies and serializes its config in a frame Dynamo skips): a deep copy of the
        # instance's __dict__ (every field), the model type and version, nested configs and tuples converted, then
        # the keys not serialized removed, dtypes as text and the per-layer overrides of a heterogeneous config
        output = copy.deepcopy(self.__dict__)
        if hasattr(self.__class__, "model_type"):
            output["model_type"] = self.__class__.model_type
        output["transformers_version"] = "5.17.0"
        output.pop("kwargs", None)

        def to_list(value):
            if isinstance(value, tuple):
                value = [to_list(item) for item in value]
            return value

        for key, value in output.items():
            if isinstance(value, PreTrainedConfig):
                value = value.to_dict()
                del value["transformers_version"]
            elif isinstance(value, tuple):
                value = to_list(value)
            output[key] = value
        self._remove_keys_not_serialized(output)
        if hasattr(self, "quantization_config"):
            q = self.quantization_config
            output["quantization_config"] = q.to_dict() if not isinstance(q, dict) and q is not None else q
        self.dict_dtype_to_str(output)
        self._update_heterogeneous_to_dict_output(output)
        return output

    def dict_dtype_to_str(self, d):
        # a torch.dtype under "dtype" (in nested dicts too) as its name
        if d.get("dtype") is not None:
            if isinstance(d["dtype"], dict):
                d["dtype"] = {k: str(v).split(".")[-1] for k, v in d["dtype"].items()}
            elif not isinstance(d["dtype"], (str, int)):
                d["dtype"] = str(d["dtype"]).split(".")[1]
        for value in d.values():
            if isinstance(value, dict):
                self.dict_dtype_to_str(value)

    def _remove_keys_not_serialized(self, d):
        # the private keys a saved config leaves out (in nested dicts too); _output_attentions saved under its name
        for key in ["_is_quantized", "_auto_class", "_commit_hash", "_attn_implementation_internal",
                    "_experts_implementation_internal", "ignore_keys_at_rope_validation", "base_model_tp_plan",
                    "base_model_pp_plan", "base_model_fsdp_plan", "distributed_config"]:
            d.pop(key, None)
        if "_output_attentions" in d:
            d["output_attentions"] = d.pop("_output_attentions")
        for value in d.values():
            if isinstance(value, dict):
                self._remove_keys_not_serialized(value)

    def update(self, config_dict):
        for key, value in config_dict.items():
            setattr(self, key, value)

    @classmethod
    def from_dict(cls, config_dict, **kwargs):
        # as the real one: the listed keywords join the dict, the config is built from it, then every other
        # keyword the config has is set on it
        return_unused_kwargs = kwargs.pop("return_unused_kwargs", False)
        to_remove = ["_from_auto", "_from_pipeline"]
        valid_fields = ["num_labels", "attn_implementation", "experts_implementation", "output_attentions",
                        "torch_dtype", "dtype", "name_or_path"]
        for key, value in kwargs.items():
            if key in valid_fields:
                if key not in ["torch_dtype", "dtype"]:
                    config_dict[key] = value
                    to_remove.append(key)
                elif value != "auto":
                    config_dict[key] = value
        config = cls(**config_dict)
        for key, value in kwargs.items():
            if hasattr(config, key):
                setattr(config, key, value)
                to_remove.append(key)
        for key in to_remove:
            kwargs.pop(key, None)
        if return_unused_kwargs:
            return config, kwargs
        return config


PretrainedConfig = PreTrainedConfig
PreTrainedConfig.__tparse_config_dataclass__ = True


def _config_fields(cls):
    """The dataclass fields of a config class in the real order: each config class of the MRO, bases first, its
    annotated names that are not ClassVar (a name redefined later keeps its first place)."""
    fields = []
    for klass in cls.__mro__[::-1][1:]:  # object first: it has no fields
        if not vars(klass).get("__tparse_config_dataclass__", False):
            continue
        for name, ann in getattr(klass, "__annotations__", {}).items():
            if not _is_classvar(ann) and name not in fields:
                fields.append(name)
    return fields


PreTrainedConfig.__dataclass_fields__ = {name: dataclasses.Field(name) for name in _config_fields(PreTrainedConfig)}
