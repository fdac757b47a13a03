"""tparse stub of the packaging distribution (pure Python; model code reads packaging.version)."""
