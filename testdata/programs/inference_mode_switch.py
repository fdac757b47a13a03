# one compiled module called under inference_mode, no_grad and grad mode with the same tensor, then with a tensor made
# under inference_mode (litgpt's generate runs under @torch.inference_mode): TENSOR_MATCH's dispatch key set is taken
# with the mode's TLS, so each switch recompiles
import torch
import torch.nn as nn

m = nn.Linear(4, 4).eval()
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 4)
with torch.inference_mode():
    cm(x)
with torch.no_grad():
    cm(x)
cm(x)
with torch.inference_mode():
    cm(torch.randn(2, 4))
