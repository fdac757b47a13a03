"""tparse stub of transformers.distributed (the corpus tarball of transformers 5.17 does not ship it): fsdp only."""
