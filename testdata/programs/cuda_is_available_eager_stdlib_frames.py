# torch.cuda.is_available() run eagerly under the eval-frame callback (here in a frame skipped for a break in a loop; in
# Sentence-VAE in the eager rest of a resume function): its _nvml_based_avail() reads os.getenv, standard-library Python
# code whose frames are handed to Dynamo once each and skipped: getenv, Mapping.get, _Environ.__getitem__, encode.
# Predicted (torch 2.11, CUDA hidden): frames total 5 (f, then the four), no graph; traced, the call is folded instead.
import torch


def f(x):
    for _ in range(2):
        x = x + 1
        torch._dynamo.graph_break()
    if torch.cuda.is_available():
        x = x.cuda()
    return x


g = torch.compile(f, backend="eager")
for _ in range(2):
    print(round(g(torch.ones(3)).sum().item(), 4))
