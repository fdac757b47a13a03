# tparse smoke driver (our code) for github.com/lucidrains/perceiver-pytorch at 96097c6; source root: <repo>/.
import torch
from perceiver_pytorch import PerceiverIO
torch.manual_seed(0)
m = PerceiverIO(dim=32, queries_dim=16, logits_dim=10, depth=2, num_latents=8, latent_dim=32,
                cross_heads=1, latent_heads=2, cross_dim_head=16, latent_dim_head=16)
m.eval()
cm = torch.compile(m, backend="eager")
queries = torch.randn(4, 16)
with torch.no_grad():
    cm(torch.randn(2, 16, 32), queries=queries)
    cm(torch.randn(3, 16, 32), queries=queries)
