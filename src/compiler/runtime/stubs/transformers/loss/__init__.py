"""tparse stub of transformers.loss (yields to a source root that has the real package)."""
__tparse_fallback__ = True
