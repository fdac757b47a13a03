# A config object whose class defines __getattribute__ (transformers PretrainedConfig style): the compiled module
# stores a config flag into its **kwargs dict; the compiled code replays that store by reloading the flag from its source
import torch


class Cfg:
    attribute_map = {"n": "hidden"}

    def __init__(self):
        self.hidden = 3
        self.flag = True

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Cfg()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x, **kwargs):
        v = getattr(self.config, "flag", None)
        if kwargs.get("flag") is None:
            kwargs["flag"] = v
        return self.lin(x) * self.config.n


m = M()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 4))
cm(torch.randn(3, 4))
