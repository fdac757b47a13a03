# graph break on `.nonzero()` inside a multi-line method chain: torch names the resume function after the line of the breaking call (`..._at_<line of .nonzero()>`, here 11), tparse after the statement's first line (9) (from pytorch-a2c-ppo-acktr-gail model.py NNBase._forward_gru has_zeros)
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def f(masks):
    masks = masks.view(5, 2)
    has_zeros = ((masks[1:] == 0.0)
                 .any(dim=-1)
                 .nonzero()
                 .squeeze()
                 .cpu())
    return has_zeros + 1


m = torch.ones(10, 1)
m[6, 0] = 0.0
print(f(m))
