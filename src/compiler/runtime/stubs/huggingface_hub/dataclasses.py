"""tparse stub of huggingface_hub.dataclasses: @strict validates field types at assignment; it adds nothing
Dynamo sees, so it gives the class back. as_validated_field(validator) gives the field maker the real one does:
maker(default=..., default_factory=...) is a dataclass field (its value: the default; validation not modelled)."""
import dataclasses


def strict(cls=None, **kwargs):
    if cls is None:
        return strict
    return cls


def as_validated_field(fn):
    def field_maker(default=dataclasses.MISSING, default_factory=dataclasses.MISSING, **kwargs):
        if default_factory is not dataclasses.MISSING:
            return dataclasses.field(default_factory=default_factory)
        return None if default is dataclasses.MISSING else default
    return field_maker


def validated_field(validator=None, default=None, **kwargs):
    return default
