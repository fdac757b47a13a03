"""tparse stub of transformers.models.auto.auto_factory: the base of the real modeling_auto.py's Auto classes.
from_config(config) builds the class the class's table names for config.model_type, found in
models/<module>/modeling_<module>.py (as the real _LazyAutoMapping resolves it)."""
import importlib

from transformers.models.auto.configuration_auto import find_class


class _LazyAutoMapping:
    def __init__(self, config_mapping, model_mapping):
        self._config_mapping = config_mapping
        self._model_mapping = model_mapping

    def model_class(self, model_type):
        name = self._model_mapping[model_type]
        if isinstance(name, (list, tuple)):
            name = name[0]
        return find_class(model_type, name, "modeling")


class _BaseAutoModelClass:
    _model_mapping = None

    @classmethod
    def from_config(cls, config, **kwargs):
        return cls._model_mapping.model_class(config.model_type)(config)


def auto_class_update(cls, checkpoint_for_example="", head_doc=""):
    return cls


def get_values(model_mapping):
    return []


def getattribute_from_module(module, attr):
    return getattr(module, attr)


class _BaseAutoBackboneClass(_BaseAutoModelClass):
    pass
