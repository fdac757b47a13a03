"""tparse stub of transformers.models.auto.auto_factory: the base of the real modeling_auto.py's Auto classes,
resolving as the real _LazyAutoMapping does. A config class maps to a model type through the reverse of
CONFIG_MAPPING_NAMES (the last type naming that class wins, so a config class several types share can miss the
model table: ValueError "Unrecognized configuration class", as under torch); the model class is found in
models/<module>/modeling_<module>.py among the names the package exports (its files' __all__)."""
from transformers.models.auto.configuration_auto import ClassNotExported, find_class, model_type_to_module_name


_REVERSED = {}  # id(config mapping) -> {config class name: model type}: modeling_auto makes ~50 mappings of one table


class _LazyAutoMapping:
    def __init__(self, config_mapping, model_mapping):
        self._config_mapping = config_mapping
        self._model_mapping = model_mapping
        self._extra_content = {}

    @property
    def _reverse_config_mapping(self):
        key = id(self._config_mapping)
        if key not in _REVERSED:
            _REVERSED[key] = {v: k for k, v in self._config_mapping.items()}
        return _REVERSED[key]

    def _load_attr_from_module(self, model_type, attr):
        def load(name):
            try:
                return find_class(model_type, name, "modeling")
            except ClassNotExported:
                # as the real getattribute_from_module: exported neither by the model's package nor by transformers
                package = "transformers.models." + model_type_to_module_name(model_type)
                raise ValueError(f"Could not find {name} neither in <module '{package}'> nor in <module 'transformers'>!")

        if isinstance(attr, (list, tuple)):
            return tuple(load(a) for a in attr)
        return load(attr)

    def __contains__(self, item):
        if item in self._extra_content:
            return True
        name = getattr(item, "__name__", None)
        if name is None or name not in self._reverse_config_mapping:
            return False
        return self._reverse_config_mapping[name] in self._model_mapping

    def __getitem__(self, key):
        if key in self._extra_content:
            return self._extra_content[key]
        model_type = self._reverse_config_mapping[key.__name__]
        if model_type in self._model_mapping:
            return self._load_attr_from_module(model_type, self._model_mapping[model_type])
        for mtype in [k for k, v in self._config_mapping.items() if v == key.__name__]:
            if mtype in self._model_mapping:
                return self._load_attr_from_module(mtype, self._model_mapping[mtype])
        raise KeyError(key)

    def get(self, key, default=None):
        try:
            return self.__getitem__(key)
        except KeyError:
            return default

    def register(self, key, value, exist_ok=False):
        self._extra_content[key] = value

    def model_class(self, model_type):
        name = self._model_mapping[model_type]
        if isinstance(name, (list, tuple)):
            name = name[0]
        return find_class(model_type, name, "modeling")


def _get_model_class(config, model_mapping):
    supported_models = model_mapping[type(config)]
    if not isinstance(supported_models, (list, tuple)):
        return supported_models
    name_to_model = {model.__name__: model for model in supported_models}
    for arch in getattr(config, "architectures", None) or []:
        if arch in name_to_model:
            return name_to_model[arch]
    return supported_models[0]


class _BaseAutoModelClass:
    _model_mapping = None

    @classmethod
    def from_config(cls, config, **kwargs):
        if type(config) in cls._model_mapping:
            model_class = _get_model_class(config, cls._model_mapping)
            # a composite config whose model takes the text sub-config
            text_config_class = config.sub_configs.get("text_config", None)
            if text_config_class is not None and getattr(model_class, "config_class", None) == text_config_class:
                config = config.get_text_config()
            if hasattr(model_class, "_from_config"):
                return model_class._from_config(config, **kwargs)
            return model_class(config, **kwargs)
        raise ValueError("Unrecognized configuration class " + str(config.__class__) + " for this kind of AutoModel: "
                         + cls.__name__ + ".")

    @classmethod
    def register(cls, config_class, model_class, exist_ok=False):
        cls._model_mapping.register(config_class, model_class, exist_ok=exist_ok)


def auto_class_update(cls, checkpoint_for_example="", head_doc=""):
    return cls


def get_values(model_mapping):
    return []


def getattribute_from_module(module, attr):
    return getattr(module, attr)


class _BaseAutoBackboneClass(_BaseAutoModelClass):
    pass
