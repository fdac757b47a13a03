"""LLaMA-style model from a package of files (llama_pkg/): dataclass config with a property,
relative imports, rotary buffers, GQA repeat_kv, SDPA; compiled and called with two lengths."""
import torch

from llama_pkg import LlamaConfig, LlamaForCausalLM

if __name__ == "__main__":
    torch.manual_seed(0)
    model = LlamaForCausalLM(LlamaConfig(num_hidden_layers=3)).eval()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for t in (8, 16):
            out = cm(torch.randint(0, 96, (1, t)))
            print(tuple(out["logits"].shape))
