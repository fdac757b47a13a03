"""tparse stub of transformers.models.auto.configuration_auto: AutoConfig.for_model(type, **kwargs) and
CONFIG_MAPPING through the real name tables of models/auto/auto_mappings.py (read from the source root). A
class is looked up where the real lazy package would find it (a name its file exports in __all__):
configuration_<module>.py, else
configuration_<type>.py of the same package, else the module of the type whose table entry names that class."""
import importlib
import importlib.util

from transformers.models.auto.auto_mappings import CONFIG_MAPPING_NAMES, SPECIAL_MODEL_TYPE_TO_MODULE_NAME

if isinstance(CONFIG_MAPPING_NAMES, dict):  # the real tables (a source root has them; else they are opaque)
    # the real module's additions to the generated tables (types its code generator cannot infer)
    CONFIG_MAPPING_NAMES.update({
        "EvollaModel": "EvollaConfig",
        "mlcd": "MLCDVisionConfig",
        "parakeet_tdt": "ParakeetTDTConfig",
        "vibevoice_acoustic_tokenizer_decoder": "VibeVoiceAcousticTokenizerDecoderConfig",
        "vibevoice_acoustic_tokenizer_encoder": "VibeVoiceAcousticTokenizerEncoderConfig",
    })
    SPECIAL_MODEL_TYPE_TO_MODULE_NAME.update({
        "EvollaModel": "evolla",
        "parakeet_tdt": "parakeet",
        "vibevoice_acoustic_tokenizer_encoder": "vibevoice_acoustic_tokenizer",
        "vibevoice_acoustic_tokenizer_decoder": "vibevoice_acoustic_tokenizer",
    })
    # gpt-sw3 first, as the real module puts it (GPT2Config's reverse entry stays gpt2)
    CONFIG_MAPPING_NAMES = {"gpt-sw3": "GPT2Config", **CONFIG_MAPPING_NAMES}


def config_class_name(model_type):
    return CONFIG_MAPPING_NAMES[model_type]


def model_type_to_module_name(key):
    if key in SPECIAL_MODEL_TYPE_TO_MODULE_NAME:
        return SPECIAL_MODEL_TYPE_TO_MODULE_NAME[key]
    return key.replace("-", "_")


class ClassNotExported(ImportError):
    """find_class found no file of the model's package (nor of a type sharing its config class) exporting the name."""


def find_class(model_type, class_name, prefix):
    """class_name from models/<module>/<prefix>_<module>.py, <prefix>_<type>.py, or the module of another type
    whose configuration class is class_name (GPT2Config for gpt-sw3)."""
    module_name = model_type_to_module_name(model_type)
    names = [module_name, model_type.replace("-", "_")]
    for other, cls_name in CONFIG_MAPPING_NAMES.items():
        if cls_name == class_name or cls_name == class_name.replace("Model", "Config"):
            names.append(model_type_to_module_name(other))
    for name in names:
        for package in (module_name, name):
            full = "transformers.models." + package + "." + prefix + "_" + name
            if importlib.util.find_spec(full) is None:
                continue
            module = importlib.import_module(full)
            # the real lazy package exports what its files list in __all__
            if hasattr(module, class_name) and class_name in getattr(module, "__all__", [class_name]):
                return getattr(module, class_name)
    raise ClassNotExported("tparse: no " + class_name + " for model type " + model_type)


def config_class(model_type):
    return find_class(model_type, config_class_name(model_type), "configuration")


class _ConfigMapping:
    def __getitem__(self, model_type):
        return config_class(model_type)

    def __contains__(self, model_type):
        return model_type in CONFIG_MAPPING_NAMES

    def keys(self):
        return CONFIG_MAPPING_NAMES.keys()


CONFIG_MAPPING = _ConfigMapping()


class AutoConfig:
    @classmethod
    def for_model(cls, model_type, *args, **kwargs):
        return config_class(model_type)(*args, **kwargs)
