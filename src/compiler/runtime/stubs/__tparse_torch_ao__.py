# torch.ao as model code reaches it without importing it (`torch.ao.nn.quantized.FloatFunctional()`): its nn.quantized
# is the module of ours (__tparse_torch_quantized__.py); the rest of torch.ao is not modelled.
import __tparse_torch_quantized__ as _quantized


class nn:
    quantized = _quantized
