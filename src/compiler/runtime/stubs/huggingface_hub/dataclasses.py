"""tparse stub of huggingface_hub.dataclasses: @strict validates field types at assignment; it adds nothing
Dynamo sees, so it gives the class back. as_validated_field(f) likewise gives the validator back."""


def strict(cls=None, **kwargs):
    if cls is None:
        return strict
    return cls


def as_validated_field(fn):
    return fn


def validated_field(validator=None, default=None, **kwargs):
    return default
