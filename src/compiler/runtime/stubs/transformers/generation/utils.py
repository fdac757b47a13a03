"""tparse stub of transformers.generation.utils: the GenerationMixin base of every model class that can generate, and
the GenerationConfig a model gets at init.

Generation runs outside the model's forward, and the real package is 13,000 lines every modeling file would import, so
it is read only when a run first generates: where a source root has transformers.generation, the first `generate()`
(or a read of a generation setting the stub does not hold) makes the overlay give that package way to the source root
(`__tparse_unstub__`), copies the real GenerationMixin's methods onto this class (the model classes already derive
from it), and turns the model's generation_config into the real GenerationConfig with the values set on it so far. A
run that never generates never pays for reading it."""
from transformers.generation.logits_process import LogitsProcessor, LogitsProcessorList
from transformers.utils import ModelOutput

_REAL = {}  # "utils" / "configuration_utils": the real modules, once read


def _real_module(name):
    if name not in _REAL:
        if not __tparse_unstub__("transformers.generation"):
            raise NotImplementedError("generation needs transformers' sources: pass the transformers folder as --source-root")
        import importlib
        _REAL[name] = importlib.import_module("transformers.generation." + name)
    return _REAL[name]


def _load_real_mixin():
    if "mixin" in _REAL:
        return
    real = _real_module("utils")
    for klass in reversed(real.GenerationMixin.__mro__[:-1]):  # its bases' methods first, its own over them
        for key, value in vars(klass).items():
            if key not in ("__dict__", "__weakref__", "__module__", "__doc__", "__qualname__"):
                setattr(GenerationMixin, key, value)
    _REAL["mixin"] = real.GenerationMixin


class StoppingCriteriaList:
    def __init__(self, criteria=None):
        self.criteria = criteria if criteria is not None else []

    def append(self, c):
        self.criteria.append(c)


class GenerationConfig:
    """Stands for the real GenerationConfig until a generation setting it does not hold is read: values set on it are
    kept and given to the real one (`model.generation_config.eos_token_id = None` before `generate()`)."""

    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)

    @classmethod
    def from_model_config(cls, model_config):
        config = cls()
        config._tparse_model_config = model_config
        return config

    def _tparse_real_config(self):
        if "_tparse_real" not in vars(self):
            real_cls = _real_module("configuration_utils").GenerationConfig
            model_config = vars(self).get("_tparse_model_config")
            real = real_cls.from_model_config(model_config) if model_config is not None else real_cls()
            for key, value in vars(self).items():
                if not key.startswith("_tparse"):
                    setattr(real, key, value)
            self._tparse_real = real
        return self._tparse_real

    def __getattr__(self, name):  # only for names not set on the stub
        if name.startswith("__") or name.startswith("_tparse"):
            raise AttributeError(name)
        return getattr(self._tparse_real_config(), name)


class GenerationMixin:
    def generate(self, *args, **kwargs):
        _load_real_mixin()
        config = getattr(self, "generation_config", None)
        if isinstance(config, GenerationConfig):
            self.generation_config = config._tparse_real_config()
        return GenerationMixin.generate(self, *args, **kwargs)
