"""tparse stub of numpy: the scalar part model files use while building a model (eager code):
`np.log(10000.0) / (half - 1)`, `np.sqrt(dim)`, `np.pi`, `np.inf`, `x[:, np.newaxis]`. Arrays are not
modelled: every other name is an opaque value. Inside a compiled frame Dynamo traces numpy calls as
graph nodes (torch._numpy), which tparse does not model: there the call is left opaque and noted."""
import math

import torch
from numpy_call_traced_by_dynamo import call as _traced_call

pi = math.pi
e = math.e
inf = math.inf
Inf = math.inf
nan = math.nan
NaN = math.nan
newaxis = None


def _scalar(fn, name):  # name: numpy's, for the reader
    def call(*args, **kwargs):
        if torch.compiler.is_dynamo_compiling():
            return _traced_call(*args, **kwargs)
        return fn(*args, **kwargs)
    return call


log = _scalar(math.log, "log")
log2 = _scalar(math.log2, "log2")
log10 = _scalar(math.log10, "log10")
exp = _scalar(math.exp, "exp")
sqrt = _scalar(math.sqrt, "sqrt")
sin = _scalar(math.sin, "sin")
cos = _scalar(math.cos, "cos")
tan = _scalar(math.tan, "tan")
tanh = _scalar(math.tanh, "tanh")
arctan = _scalar(math.atan, "arctan")
arcsin = _scalar(math.asin, "arcsin")
arccos = _scalar(math.acos, "arccos")
floor = _scalar(lambda x: float(math.floor(x)), "floor")
ceil = _scalar(lambda x: float(math.ceil(x)), "ceil")
abs = _scalar(lambda x: x if x >= 0 else -x, "abs")
power = _scalar(lambda x, y: float(x) ** y, "power")
maximum = _scalar(lambda x, y: x if x >= y else y, "maximum")
minimum = _scalar(lambda x, y: x if x <= y else y, "minimum")


def _prod(xs):
    p = 1
    for x in xs:
        p = p * x
    return p


prod = _scalar(_prod, "prod")
