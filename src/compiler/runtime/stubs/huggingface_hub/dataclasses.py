"""tparse stub of huggingface_hub.dataclasses, by huggingface_hub's rules. @strict checks every assignment to a
field against the field's annotation (typing objects: runtime/annotations.cpp) and its validated_field validators,
raising StrictDataclassFieldValidationError with huggingface_hub's messages; after __init__ it runs the class
validators (the methods named validate_*). Annotations kept as strings (forward references, future annotations)
are not checked, as huggingface_hub does not check them."""
import collections.abc
import dataclasses
import types
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from .errors import (StrictDataclassClassValidationError, StrictDataclassDefinitionError,
                     StrictDataclassFieldValidationError)


class _TparseValidated:
    """What validated_field() gives in a class body until the class is made: the default and the validators."""

    def __init__(self, validators, default, default_factory):
        self.validators = validators
        self.default = default
        self.default_factory = default_factory


def validated_field(validator, default=dataclasses.MISSING, default_factory=dataclasses.MISSING, **kwargs):
    return _TparseValidated(validator if isinstance(validator, list) else [validator], default, default_factory)


def as_validated_field(validator):
    def field_maker(default=dataclasses.MISSING, default_factory=dataclasses.MISSING, **kwargs):
        return validated_field(validator, default=default, default_factory=default_factory)
    return field_maker


def _tparse_resolve_fields(cls):
    """The class's validated fields become plain class defaults (as the dataclass transform leaves them); their
    validators are kept in cls.__tparse_field_validators__ (this class's own)."""
    own = {}
    for name, value in list(vars(cls).items()):
        if isinstance(value, _TparseValidated):
            own[name] = value.validators
            if value.default_factory is not dataclasses.MISSING:
                setattr(cls, name, dataclasses.field(default_factory=value.default_factory))
            else:
                setattr(cls, name, None if value.default is dataclasses.MISSING else value.default)
    if own or "__tparse_field_validators__" not in vars(cls):
        cls.__tparse_field_validators__ = own
    return cls


def _is_classvar(annotation):
    return annotation == "ClassVar" or repr(get_origin(annotation)) == "typing.ClassVar" or repr(annotation) == "typing.ClassVar"


def _field_checks(cls):
    """{field: (annotation, [validators])} of the dataclass fields: the annotated names of each dataclass of the MRO
    (a plain mixin's annotations are no fields), bases first (a subclass's annotation wins)."""
    checks = {}
    for klass in cls.__mro__[::-1][1:]:  # object first: it has no fields
        own = vars(klass)
        if klass is not cls and "__dataclass_fields__" not in own and not own.get("__tparse_config_dataclass__", False):
            continue
        for name, annotation in getattr(klass, "__annotations__", {}).items():
            if not _is_classvar(annotation):
                checks[name] = (annotation, checks.get(name, (None, []))[1])
        for name, validators in vars(klass).get("__tparse_field_validators__", {}).items():
            checks[name] = (checks.get(name, (Any, []))[0], list(validators))
    return checks


def _is_int_not_bool(v):
    return isinstance(v, int) and not isinstance(v, bool)


def type_validator(name, value, expected_type):
    """huggingface_hub's type check of one value, raising TypeError with its messages. Its structure is the real
    one's (each helper a function of its own: under the eval_frame callback each is a frame Dynamo is handed, as a
    config's strict __setattr__ runs in a frame it skipped: BART's get_text_config)."""
    origin = get_origin(expected_type)
    args = get_args(expected_type)
    if expected_type is Any:
        return
    elif expected_type is None:
        _validate_none(name, value)
    elif origin is Union or origin is types.UnionType:
        _validate_union(name, value, args)
    elif origin is Literal:
        _validate_literal(name, value, args)
    elif origin is list or origin is set or origin is collections.abc.Sequence:
        _validate_sequence(name, value, args, origin)
    elif origin is dict:
        _validate_dict(name, value, args)
    elif origin is tuple:
        _validate_tuple(name, value, args)
    elif isinstance(expected_type, type):  # simple types
        _validate_simple_type(name, value, expected_type)
    elif isinstance(expected_type, str) or origin is None:
        return  # a forward reference (or an annotation tparse kept as text): not checked
    elif origin is Required or origin is NotRequired:
        type_validator(name, value, args[0])
    else:
        raise TypeError(f"Unsupported type for field '{name}': {expected_type}")


def _validate_none(name, value):
    if value is not None:
        raise TypeError(f"Field '{name}' expected None, got {type(value).__name__}")


def _validate_union(name, value, args):
    errors = []
    for t in args:
        try:
            type_validator(name, value, t)
            return  # valid if any type matches
        except TypeError as e:
            errors.append(str(e))
    raise TypeError(f"Field '{name}' with value {value!r} doesn't match any type in {args}. Errors: {'; '.join(errors)}")


def _validate_literal(name, value, args):
    if isinstance(value, bool):
        allowed = [a for a in args if isinstance(a, bool)]
    elif isinstance(value, int):
        allowed = [a for a in args if _is_int_not_bool(a)]
    else:
        allowed = list(args)
    if value not in allowed:
        raise TypeError(f"Field '{name}' expected one of {args}, got {value}")


def _validate_sequence(name, value, args, origin):
    what = {list: "a list", set: "a set"}.get(origin, "a Sequence")
    if not isinstance(value, origin):
        raise TypeError(f"Field '{name}' expected {what}, got {type(value).__name__}")
    if not args:
        return
    for i, item in enumerate(value):
        item_name = f"{name} item" if origin is set else f"{name}[{i}]"
        try:
            type_validator(item_name, item, args[0])
        except TypeError as e:
            where = {list: f"at index {i} in list", set: "in set"}.get(origin, f"at index {i} in sequence")
            raise TypeError(f"Invalid item {where} '{name}'") from e


def _validate_dict(name, value, args):
    if not isinstance(value, dict):
        raise TypeError(f"Field '{name}' expected a dict, got {type(value).__name__}")
    for k, v in value.items():
        try:
            type_validator(f"{name}.key", k, args[0])
            type_validator(f"{name}[{k!r}]", v, args[1])
        except TypeError as e:
            raise TypeError(f"Invalid key or value in dict '{name}'") from e


def _validate_tuple(name, value, args):
    if not isinstance(value, tuple):
        raise TypeError(f"Field '{name}' expected a tuple, got {type(value).__name__}")
    if len(args) == 2 and args[1] is Ellipsis:
        expected = [args[0]] * len(value)
    elif len(args) != len(value):
        raise TypeError(f"Field '{name}' expected a tuple of length {len(args)}, got {len(value)}")
    else:
        expected = list(args)
    for i, item in enumerate(value):
        try:
            type_validator(f"{name}[{i}]", item, expected[i])
        except TypeError as e:
            raise TypeError(f"Invalid item at index {i} in tuple '{name}'") from e


def _validate_simple_type(name, value, expected_type):
    if (expected_type is int and isinstance(value, bool)) or not isinstance(value, expected_type):
        raise TypeError(f"Field '{name}' expected {expected_type.__name__}, got {type(value).__name__} (value: {value!r})")


def _create_type_validator(name, annotation):
    """The type validator of one field (a closure of its own, as the real one's)."""

    def validator(value):
        type_validator(name, value, annotation)

    return validator


def strict(cls=None, *, accept_kwargs=False):
    def wrap(cls):
        _tparse_resolve_fields(cls)
        checks = _field_checks(cls)
        # each field's validators: its type check first, then its validated_field ones
        cls.__validators__ = {name: [_create_type_validator(name, annotation)] + list(validators)
                              for name, (annotation, validators) in checks.items()}
        original_setattr = cls.__setattr__

        def __strict_setattr__(self, name, value):
            for validator in self.__validators__.get(name, []):
                try:
                    validator(value)
                except (ValueError, TypeError) as e:
                    raise StrictDataclassFieldValidationError(field=name, cause=e) from e
            original_setattr(self, name, value)

        cls.__setattr__ = __strict_setattr__
        class_validators = []
        for name in dir(cls):
            if name.startswith("validate_") and callable(getattr(cls, name)):
                class_validators.append(getattr(cls, name))

        def validate(self):
            for validator in class_validators:
                try:
                    validator(self)
                except (ValueError, TypeError) as e:
                    raise StrictDataclassClassValidationError(validator=validator.__name__, cause=e) from e

        cls.validate = validate
        # a strict base's wrapper is not wrapped again: its class validators are this class's too
        initial_init = getattr(cls.__init__, "__tparse_strict_init__", cls.__init__)

        def init_with_validate(self, *args, **kwargs):
            initial_init(self, *args, **kwargs)
            validate(self)

        init_with_validate.__tparse_strict_init__ = initial_init
        cls.__init__ = init_with_validate
        return cls

    return wrap(cls) if cls is not None else wrap
