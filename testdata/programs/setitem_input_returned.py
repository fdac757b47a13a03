# A frame that index-assigns into an input tensor (x[mask] = v) and returns that input: torch's graph returns the mutated input (return (l_x_,)); tparse frees it and returns () (from MobileSAM prompt_encoder.py _embed_points resume after the boolean-mask break)
import torch
torch.manual_seed(0)

def embed(point_embedding, labels, w):
    point_embedding[labels == 1] = w + 1.0
    return point_embedding

f = torch.compile(embed, backend="eager")
pe = torch.randn(1, 4, 8)
lbl = torch.tensor([[1, 0, 1, -1]])
print(f(pe, lbl, torch.randn(8)).shape)
