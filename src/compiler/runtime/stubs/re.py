"""tparse stub of re: only module-level names model files use at import time."""


def compile(pattern, flags=0):
    return pattern


IGNORECASE = 2
MULTILINE = 8
DOTALL = 16
