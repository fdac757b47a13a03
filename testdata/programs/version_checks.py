# Version checks as model code writes them: packaging.version on torch.__version__, TorchVersion compared with
# strings and tuples; the outcome picks the code path a compiled function takes
import torch
from packaging import version

NEW_TORCH = version.parse(torch.__version__) >= version.parse("2.0.0")
OLD = version.parse("1.13.1") < version.parse("1.13.1.post1") < version.parse("2.0.0rc1") < version.parse("2.0.0")
assert version.parse("2.11.0+cu130").release[:2] == (2, 11)
assert version.Version("2.11.0a0").is_prerelease
assert torch.__version__ >= "2.0" and torch.__version__ > (1, 13)
assert version.parse(torch.__version__).major == 2


@torch.compile(backend="eager")
def f(x):
    if NEW_TORCH and OLD:
        return torch.nn.functional.silu(x)
    return x.relu()


f(torch.randn(4))
