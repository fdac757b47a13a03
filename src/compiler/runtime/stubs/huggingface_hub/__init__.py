"""tparse stub of huggingface_hub: nothing of the hub runs; only what configuration files import."""


class ModelHubMixin:
    """The hub mixins (a model class's base beside nn.Module, rotary-embedding-torch, hiera): their class keywords
    (`repo_url=`, `tags=`, ...) are accepted; loading and saving are not modelled (no hub here)."""

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__()


class PyTorchModelHubMixin(ModelHubMixin):
    pass
