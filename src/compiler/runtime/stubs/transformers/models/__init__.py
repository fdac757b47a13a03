"""tparse stub of transformers.models: the package only (each models/<type>/ is read from the source root)."""
