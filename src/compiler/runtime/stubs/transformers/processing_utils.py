"""tparse stub of transformers.processing_utils: Unpack[...] is an annotation."""
from typing import Any

Unpack = Any
