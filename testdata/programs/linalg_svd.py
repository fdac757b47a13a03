# torch.linalg.svd(matrix, full_matrices=False) in a compiled fn: torch puts it in the graph (3 outputs, U/S/Vh getitem) ; tparse: "unsupported tensor operation 'torch.linalg.svd'" then stops (from GaLore galore_torch/galore_projector.py get_orthogonal_matrix)
import torch
torch.manual_seed(0)

def ortho(g, rank):
    U, s, Vh = torch.linalg.svd(g, full_matrices=False)
    B = Vh[:rank, :]
    return torch.matmul(g, B.t())

f = torch.compile(ortho, backend="eager")
print(f(torch.randn(24, 12), 4).shape)
