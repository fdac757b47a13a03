"""tparse stub of transformers.utils.type_validators. The validators a config names as annotation metadata
(positive_int, padding_validator, ...) check values; huggingface_hub's @strict would run them at assignment,
which tparse does not model, so they accept everything. The validated fields (positive_int_field(default=32),
interval(min=0)(default=8), is_divisible_by(n)(default=x), probability(default=p), activation_fn_key(...),
label_to_id_validation(...)) are dataclass fields whose value is their default (or default_factory())."""
from huggingface_hub.dataclasses import as_validated_field


def _check(value=None):
    return None


positive_any_number = positive_int = padding_validator = truncation_validator = _check
image_size_validator = device_validator = resampling_validator = video_metadata_validator = _check
tensor_type_validator = _check

positive_int_field = as_validated_field(_check)
label_to_id_validation = as_validated_field(_check)
probability = as_validated_field(_check)
activation_fn_key = as_validated_field(_check)


def interval(min=None, max=None, exclude_min=False, exclude_max=False):
    return as_validated_field(_check)


def is_divisible_by(divisor):
    return as_validated_field(_check)


def tensor_shape(shape, length=None):
    return _check
