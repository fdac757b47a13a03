"""tparse stub of huggingface_hub.errors: the strict-dataclass exceptions, with huggingface_hub's messages."""


class StrictDataclassError(Exception):
    pass


class StrictDataclassDefinitionError(StrictDataclassError):
    pass


class StrictDataclassFieldValidationError(StrictDataclassError):
    def __init__(self, field, cause):
        super().__init__(f"Validation error for field '{field}':\n    {type(cause).__name__}: {cause}")


class StrictDataclassClassValidationError(StrictDataclassError):
    def __init__(self, validator, cause):
        super().__init__(f"Class validation error for validator '{validator}':\n    {type(cause).__name__}: {cause}")
