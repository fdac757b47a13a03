# An automatic-dynamic size that the trace later specializes (torch.linspace(steps=n):
# range_refined_to_singleton) leaves real torch's recompiled graph static: no Sym placeholder, and every FX use of
# the size keeps the `x.size()` call and its `getitem` (perceiver-pytorch fourier positions, minGPT generate crop);
# a third length recompiles again. Seen in the real perceiver_img / mingpt_generate traces, not run alone under torch.
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x):
    b, n = x.size()
    pos = torch.linspace(-1., 1., steps=n)
    return x + pos


for n in (6, 8, 10):
    out = f(torch.randn(2, n))
print(out.shape)
