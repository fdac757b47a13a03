"""A Hugging Face remote-code model (hf_remote/: config + modeling files importing transformers):
ACT2FN, PreTrainedModel, ModelOutput classes, and a logger.warning_once inside forward (use_cache
defaults to True); compiled and called twice."""
import torch

from hf_remote.configuration_tiny import TinyConfig
from hf_remote.modeling_tiny import TinyForCausalLM

if __name__ == "__main__":
    torch.manual_seed(0)
    model = TinyForCausalLM(TinyConfig(num_layers=2)).eval()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for t in (6, 6):
            out = cm(torch.randint(0, 50, (1, t)))
            print(tuple(out.logits.shape))
