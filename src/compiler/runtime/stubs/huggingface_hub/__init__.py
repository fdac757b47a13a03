"""tparse stub of huggingface_hub: nothing of the hub runs; only what configuration files import."""
