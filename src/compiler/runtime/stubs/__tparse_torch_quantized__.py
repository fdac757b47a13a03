# torch.nn.quantized / torch.ao.nn.quantized as model code uses them outside quantization: FloatFunctional, whose
# methods are the float ops followed by its activation_post_process (an Identity until a model is prepared), as
# torch/ao/nn/quantized/modules/functional_modules.py of torch 2.11 (DPT / MiDaS / Depth-Anything fuse features with
# `self.skip_add = nn.quantized.FloatFunctional()`; `skip_add.add(a, b)` is one `add` node under Dynamo, its `# File:`
# torch's functional_modules.py line: 51 for add, real torch 2.11; the others by the file's layout).
import torch


class FloatFunctional(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.activation_post_process = torch.nn.Identity()

    def forward(self, x):
        raise RuntimeError("FloatFunctional is not intended to use the 'forward'. Please use the underlying operation")

    def add(self, x, y):
        r = __tparse_torch_line__(torch.add(x, y), "ao/nn/quantized/modules/functional_modules.py", 51, "add", "r = torch.add(x, y)")
        r = self.activation_post_process(r)
        return r

    def add_scalar(self, x, y):
        r = __tparse_torch_line__(torch.add(x, y), "ao/nn/quantized/modules/functional_modules.py", 58, "add_scalar", "r = torch.add(x, y)")
        # (no observer for an operation with a scalar)
        return r

    def mul(self, x, y):
        r = __tparse_torch_line__(torch.mul(x, y), "ao/nn/quantized/modules/functional_modules.py", 66, "mul", "r = torch.mul(x, y)")
        r = self.activation_post_process(r)
        return r

    def mul_scalar(self, x, y):
        r = __tparse_torch_line__(torch.mul(x, y), "ao/nn/quantized/modules/functional_modules.py", 73, "mul_scalar", "r = torch.mul(x, y)")
        return r

    def cat(self, x, dim=0):
        r = __tparse_torch_line__(torch.cat(x, dim=dim), "ao/nn/quantized/modules/functional_modules.py", 81, "cat", "r = torch.cat(x, dim=dim)")
        r = self.activation_post_process(r)
        return r

    def add_relu(self, x, y):
        r = __tparse_torch_line__(torch.add(x, y), "ao/nn/quantized/modules/functional_modules.py", 88, "add_relu", "r = torch.add(x, y)")
        r = __tparse_torch_line__(torch.nn.functional.relu(r), "ao/nn/quantized/modules/functional_modules.py", 89, "add_relu", "r = torch.nn.functional.relu(r)")
        r = self.activation_post_process(r)
        return r

    def matmul(self, x, y):
        r = __tparse_torch_line__(torch.matmul(x, y), "ao/nn/quantized/modules/functional_modules.py", 96, "matmul", "r = torch.matmul(x, y)")
        r = self.activation_post_process(r)
        return r
