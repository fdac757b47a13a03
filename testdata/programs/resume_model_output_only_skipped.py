# A logger call in forward breaks the graph (transformers' logger.warning_once); the resume function holds only the
# output object (a ModelOutput: a dict subclass, not looked into by has_tensor_in_frame) and names no torch global
import torch
from transformers import PretrainedConfig, PreTrainedModel
from transformers.modeling_outputs import BaseModelOutputWithPast
from transformers.utils import logging

logger = logging.get_logger(__name__)


class Cfg(PretrainedConfig):
    def __init__(self, width=4, **kwargs):
        self.width = width
        super().__init__(**kwargs)


class M(PreTrainedModel):
    config_class = Cfg

    def __init__(self, config):
        super().__init__(config)
        self.lin = torch.nn.Linear(config.width, config.width)

    def forward(self, x):
        h = self.lin(x)
        out = BaseModelOutputWithPast(last_hidden_state=h, past_key_values=None)
        if self.config.use_return_dict:
            logger.warning_once("returning a dict")
        return out[0] + 1


m = torch.compile(M(Cfg(width=4)), backend="eager")
for b in (2, 3):
    print(tuple(m(torch.randn(b, 4)).shape))
