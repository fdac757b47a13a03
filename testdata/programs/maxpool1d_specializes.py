# F.max_pool1d / nn.MaxPool1d(3, stride=2, padding=1) on an automatic-dynamic length specializes that length
# (real trace of informer_stack_full: guard Eq(s91, 24) at "return F.max_pool1d(", symbolic_shape_specialization
# reason range_refined_to_singleton): the recompiled graph is static again and every new length recompiles
import torch

pool = torch.nn.MaxPool1d(kernel_size=3, stride=2, padding=1)


@torch.compile(backend="eager")
def f(x):
    L = x.shape[-1]
    y = pool(x)
    return y[..., -(L // 2):] * 2


f(torch.randn(2, 4, 16))
f(torch.randn(2, 4, 24))
f(torch.randn(2, 4, 32))
