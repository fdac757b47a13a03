"""tparse stub of transformers.models.auto.configuration_auto: AutoConfig.for_model(type, **kwargs) through
the real name tables of models/auto/auto_mappings.py (read from the source root)."""
import importlib

from transformers.models.auto.auto_mappings import CONFIG_MAPPING_NAMES, SPECIAL_MODEL_TYPE_TO_MODULE_NAME


def config_class_name(model_type):
    if model_type == "gpt-sw3":  # configuration_auto.py adds this one entry to the generated table
        return "GPT2Config"
    return CONFIG_MAPPING_NAMES[model_type]


def model_type_to_module_name(key):
    if key in SPECIAL_MODEL_TYPE_TO_MODULE_NAME:
        return SPECIAL_MODEL_TYPE_TO_MODULE_NAME[key]
    return key.replace("-", "_")


class AutoConfig:
    @classmethod
    def for_model(cls, model_type, *args, **kwargs):
        module_name = model_type_to_module_name(model_type)
        module = importlib.import_module("transformers.models." + module_name + ".configuration_" + module_name)
        return getattr(module, config_class_name(model_type))(*args, **kwargs)
