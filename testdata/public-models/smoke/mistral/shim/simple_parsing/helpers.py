# Shim of simple_parsing.helpers (our code): a plain base class for mistral-inference's dataclass configs.
class Serializable:
    pass
