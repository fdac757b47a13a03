# inside a compiled function, ops in a torch.autocast(cpu, bfloat16) region get bf16 example values (linear -> bf16), the ops after it see bf16 (from build-nanogpt train_gpt2.py)
import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(8, 4)

def step(x, y):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        logits = lin(x)
    loss = torch.nn.functional.mse_loss(logits.float(), y)
    return logits, loss

f = torch.compile(step, backend="eager")
logits, loss = f(torch.randn(2, 8), torch.randn(2, 4))
print(logits.dtype, loss.dtype)
