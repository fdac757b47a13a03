# tab-indented source: torch strips the leading tabs from the `code:` text of `# File:` comments, tparse keeps them (from TD3.py, which is indented with tabs)
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x):
	y = x.sin()
	if y.dim() == 1:
		y = y * 2
	return y + 1


print(f(torch.ones(3)))
