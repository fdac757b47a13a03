"""tparse stub of transformers.modeling_utils: a PreTrainedModel is an nn.Module holding its config;
post_init() ties the output embedding to the input one where the config asks (as the real tie_weights).
ALL_ATTENTION_FUNCTIONS maps config._attn_implementation to the real attention function of
integrations/sdpa_attention.py when a source root provides it (eager: the model's own function)."""
import torch
from torch import nn

from transformers.loss.loss_utils import LOSS_MAPPING
from transformers.utils.generic import GeneralInterface


def _loss_type(name):
    """The real __init__'s `re.findall("(K1|K2|...)", name)[0]`: the leftmost key of LOSS_MAPPING in the class name,
    the earlier key where two start at the same place; the name itself when it is a key; None when none occurs."""
    if name in LOSS_MAPPING:
        return name
    for at in range(len(name)):
        for key in LOSS_MAPPING:
            if name.startswith(key, at):
                return key
    return None


class PreTrainedModel(nn.Module):
    config_class = None
    base_model_prefix = ""
    main_input_name = "input_ids"
    supports_gradient_checkpointing = False
    _no_split_modules = None
    _tied_weights_keys = None
    _can_compile_fullgraph = False
    _supports_sdpa = False
    _is_stateful = False
    is_parallelizable = False
    _can_record_outputs = None

    def __init__(self, config, *inputs, **kwargs):
        super().__init__()
        self.config = config
        self.name_or_path = config.name_or_path
        # get_correct_experts_implementation: "grouped_mm" unless asked otherwise (torch 2.11 dispatches it)
        if getattr(config, "_experts_implementation", None) is None:
            config._experts_implementation = "grouped_mm"
        # _check_and_adjust_attn_implementation at init: none asked for -> sdpa where the class supports it, else eager;
        # stored on the internal attribute as the real one does, so a composite model's sub-configs keep theirs
        # (got_ocr2: eager for the wrapper, sdpa for its Qwen2 language model built from text_config)
        if getattr(config, "_attn_implementation", None) is None:
            config._attn_implementation_internal = "sdpa" if self._supports_sdpa else "eager"
        self.warnings_issued = {}
        # a class that can generate gets its GenerationConfig from the model config, as the real __init__ does (the real
        # transformers.generation where a source root has it: `model.generate()` reads it)
        self.generation_config = None
        if self.can_generate():
            from transformers.generation import GenerationConfig
            if hasattr(GenerationConfig, "from_model_config"):
                self.generation_config = GenerationConfig.from_model_config(config)
        # what capture_outputs records for this class (the real __init__ keeps it in the same registry)
        from transformers.utils.output_capturing import _CAN_RECORD_REGISTRY
        _CAN_RECORD_REGISTRY[str(self.__class__)] = self._can_record_outputs
        self.loss_type = _loss_type(self.__class__.__name__)

    _auto_class = None

    def get_experts_implementation(self):  # this model's and its sub-configs' (GenerationMixin snapshots it)
        impl = {"": self.config._experts_implementation}
        for key in getattr(self.config, "sub_configs", {}) or {}:
            sub = getattr(self.config, key, None)
            if sub is not None:
                impl[key] = getattr(sub, "_experts_implementation", None)
        return impl

    def set_experts_implementation(self, experts_implementation):
        if not isinstance(experts_implementation, dict):
            experts_implementation = {"": experts_implementation}
        for key, value in experts_implementation.items():
            config = self.config if key == "" else getattr(self.config, key, None)
            if config is not None:
                config._experts_implementation = value

    @classmethod
    def is_remote_code(cls):  # code loaded from the Hub or registered with register_for_auto_class
        return cls._auto_class is not None

    @classmethod
    def can_generate(cls):
        # GenerationMixin among the bases, directly or through a base that can generate (the real rule, without its
        # legacy `prepare_inputs_for_generation` warning)
        if "GenerationMixin" in str(cls.__bases__):
            return True
        for base in cls.__bases__:
            if hasattr(base, "can_generate") and "PreTrainedModel" not in str(base) and base.can_generate():
                return True
        return False

    @classmethod
    def _from_config(cls, config, **kwargs):
        # the real one also applies torch_dtype / attn_implementation from kwargs; a sub-model of a composite one
        attn = kwargs.pop("attn_implementation", None)
        if attn is not None:
            config._attn_implementation = attn
        return cls(config)

    @property
    def loss_function(self):  # the task's loss of transformers.loss (the causal-LM one when the class names none)
        if hasattr(self, "_loss_function"):
            return self._loss_function
        loss_type = getattr(self, "loss_type", None)
        if loss_type is None or loss_type not in LOSS_MAPPING:
            from transformers.utils import logging
            logging.get_logger("transformers.modeling_utils").warning_once(
                f"`loss_type={loss_type}` was set in the config but it is unrecognized. Using the default loss: `ForCausalLMLoss`.")
            loss_type = "ForCausalLM"
        return LOSS_MAPPING[loss_type]

    @loss_function.setter
    def loss_function(self, value):
        self._loss_function = value

    def gradient_checkpointing_enable(self, gradient_checkpointing_kwargs=None, every_n_layers=1, offload=False):
        # as transformers 5.17: checkpoint (non-reentrant unless asked) on every module with a `gradient_checkpointing`
        # flag (every n-th GradientCheckpointingLayer), then the input embeddings' outputs require grad (a forward hook)
        import functools
        from torch.utils.checkpoint import checkpoint
        if not self.supports_gradient_checkpointing:
            raise ValueError(f"{self.__class__.__name__} does not support gradient checkpointing.")
        kwargs = {"use_reentrant": False} if gradient_checkpointing_kwargs is None else gradient_checkpointing_kwargs
        self._set_gradient_checkpointing(True, functools.partial(checkpoint, **kwargs), every_n_layers)
        if self.main_input_name == "input_ids" or getattr(self, "_hf_peft_config_loaded", False):
            self.enable_input_require_grads()

    def _set_gradient_checkpointing(self, enable=True, gradient_checkpointing_func=None, every_n_layers=1):
        from transformers.modeling_layers import GradientCheckpointingLayer
        found = False
        index = 0
        if hasattr(self, "gradient_checkpointing"):
            self._gradient_checkpointing_func = gradient_checkpointing_func
            self.gradient_checkpointing = enable
            found = True
        for module in self.modules():
            if hasattr(module, "gradient_checkpointing"):
                module._gradient_checkpointing_func = gradient_checkpointing_func
                if enable and isinstance(module, GradientCheckpointingLayer):
                    module.gradient_checkpointing = index % every_n_layers == 0
                    index += 1
                else:
                    module.gradient_checkpointing = enable
                found = True
        if not found:
            raise ValueError(f"{self.__class__.__name__} is not compatible with gradient checkpointing. Make sure all the "
                             "architecture support it by setting a boolean attribute `gradient_checkpointing` to modules of "
                             "the model that uses checkpointing.")

    def gradient_checkpointing_disable(self):
        if self.supports_gradient_checkpointing:
            self._set_gradient_checkpointing(enable=False)

    def enable_input_require_grads(self):
        def make_inputs_require_grads(module, input, output):
            output.requires_grad_(True)

        hooks = []
        seen = set()
        for module in self.modules():
            if not (isinstance(module, PreTrainedModel) and hasattr(module, "get_input_embeddings")):
                continue
            try:
                emb = module.get_input_embeddings()
            except NotImplementedError:
                continue
            if emb is None or not hasattr(emb, "register_forward_hook") or id(emb) in seen:
                continue
            seen.add(id(emb))
            hooks.append(emb.register_forward_hook(make_inputs_require_grads))
        self._require_grads_hooks = hooks
        if hooks:
            self._require_grads_hook = hooks[0]

    @property
    def is_gradient_checkpointing(self):  # as the real one: any submodule with gradient checkpointing on
        return any(hasattr(m, "gradient_checkpointing") and m.gradient_checkpointing for m in self.modules())

    def post_init(self):
        # transformers 5's get_expanded_tied_weights_keys reads `_tied_weights_keys` as a mapping when the config ties
        # the word embeddings: a model written for v4 (a list of keys: remote-code models) fails there as in a real run
        keys = self._tied_weights_keys
        if keys is not None and not isinstance(keys, dict) and getattr(self.config, "tie_word_embeddings", False):
            keys.keys()
        self.tie_weights()

    def tie_weights(self, *args, **kwargs):
        keys = self._tied_weights_keys
        if not keys or not isinstance(keys, dict):
            return
        if not getattr(self.config, "tie_word_embeddings", False):
            return
        for target, source in keys.items():
            dst = self
            parts = target.split(".")
            for p in parts[:-1]:
                dst = getattr(dst, p, None)
                if dst is None:
                    break
            src = self
            for p in source.split("."):
                src = getattr(src, p, None)
                if src is None:
                    break
            if dst is not None and src is not None:
                setattr(dst, parts[-1], src)

    @property
    def base_model(self):
        return getattr(self, self.base_model_prefix, self)

    def get_input_embeddings(self):
        # the real EmbeddingAccessMixin's search: the attribute itself, in `embeddings`, in `model`, the language model's,
        # the base model's
        name = getattr(self, "_input_embed_layer", "embed_tokens")
        found = getattr(self, name, None)
        if found is not None:
            return found
        embeddings = getattr(self, "embeddings", None)
        if embeddings is not None and hasattr(embeddings, name):
            return getattr(embeddings, name)
        model = getattr(self, "model", None)
        if model is not None and hasattr(model, name):
            return getattr(model, name)
        language_model = getattr(self, "language_model", None)
        if language_model is not None and language_model is not self and hasattr(language_model, "get_input_embeddings"):
            return language_model.get_input_embeddings()
        base_model = self.base_model
        if base_model is not None and base_model is not self and hasattr(base_model, "get_input_embeddings"):
            return base_model.get_input_embeddings()
        raise NotImplementedError("get_input_embeddings not auto-handled for " + self.__class__.__name__)

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        # the real check returns at once while tracing (is_torchdynamo_compiling) or with no pad token seen
        return

    def get_extended_attention_mask(self, attention_mask, input_shape, device=None, dtype=None):
        raise NotImplementedError("tparse stub: get_extended_attention_mask")

    def can_generate(self):
        return True

    @property
    def device(self):
        return torch.device("cpu")

    @property
    def dtype(self):
        # as the real ModuleUtilsMixin.dtype: the dtype of the first floating-point parameter
        return next(param.dtype for param in self.parameters() if param.is_floating_point())


class AttentionInterface(GeneralInterface):
    _global_mapping = {}

    def get_interface(self, attn_implementation, default):
        if attn_implementation == "eager" or attn_implementation is None:
            return default
        if attn_implementation == "sdpa":
            from transformers.integrations.sdpa_attention import sdpa_attention_forward
            return sdpa_attention_forward
        return self.get(attn_implementation, default)


ALL_ATTENTION_FUNCTIONS = AttentionInterface()


class PreTrainedAudioTokenizerBase(PreTrainedModel):
    """The real base of audio tokenizers (encodec, dac, ...): a PreTrainedModel declaring encode / decode."""

    def encode(self, input_values, *args, **kwargs):
        raise NotImplementedError

    def decode(self, audio_codes, *args, **kwargs):
        raise NotImplementedError
