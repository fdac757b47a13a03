# torch.svd (deprecated, returns U, S, V) must be modelled in eager init code (from thuml/Koopa models/Koopa.py TimeInvKP.__init__)
import torch
torch.manual_seed(0)
K_init = torch.randn(8, 8)
U, _, V = torch.svd(K_init)
lin = torch.nn.Linear(8, 8, bias=False)
lin.weight.data = torch.mm(U, V.t())
print(tuple(U.shape), tuple(V.shape))

f = torch.compile(lambda x: lin(x).tanh(), backend="eager")
print(tuple(f(torch.randn(2, 8)).shape))
