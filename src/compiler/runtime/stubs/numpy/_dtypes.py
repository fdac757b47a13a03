"""The numpy stub's dtypes: np.float32 / np.int64 / ... as names that also convert numbers, the dtype of a list of
Python numbers, casts, and numpy's promotion of two dtypes (NEP 50 for a Python number)."""
from numpy_call_traced_by_dynamo import call as _traced_call

_bmax = max


def _kind(x):
    if isinstance(x, bool):
        return 0
    if isinstance(x, int):
        return 1
    return 2


def _dtype_of(flat):
    k = 0 if flat else 2
    for x in flat:
        k = _bmax(k, _kind(x))
    return ['bool', 'int64', 'float64'][k]


_INTS = ('uint8', 'int8', 'int16', 'int32', 'int64')
_FLOATS = ('float16', 'float32', 'float64')


def _cast(flat, dtype):
    if dtype is None:
        return flat
    if dtype in _FLOATS:
        return [float(x) for x in flat]
    if dtype in _INTS:
        return [int(x) for x in flat]
    if dtype == 'bool':
        return [bool(x) for x in flat]
    return flat


_ORDER = ('bool',) + _INTS + _FLOATS
_BITS = {'bool': 1, 'uint8': 8, 'int8': 8, 'int16': 16, 'int32': 32, 'int64': 64, 'float16': 16, 'float32': 32, 'float64': 64}


def _promote(a, b, scalar=None):
    """numpy's result dtype of an array of dtype `a` with an array of dtype `b` (or, b None, a Python number): kinds
    bool < int < float; two ints the wider (uint8 with int8 is int16: the signed type that holds both); an int with a
    float the float that holds the int exactly (int8 / uint8: float16, int16: float32, int32 / int64: float64) or the
    wider float; a Python number keeps the array's dtype unless its kind is higher (NEP 50)"""
    if a not in _ORDER:
        return None
    kind = lambda d: 0 if d == 'bool' else 1 if d in _INTS else 2
    if b is None:
        k = _kind(scalar) if isinstance(scalar, (bool, int, float)) else 2
        if k <= kind(a):
            return a
        return 'int64' if k == 1 else 'float64'
    if b not in _ORDER:
        return None
    ka, kb = kind(a), kind(b)
    if ka != kb and 0 in (ka, kb):
        return b if ka == 0 else a
    if ka == kb == 1:
        if (a == 'uint8') != (b == 'uint8'):
            other = b if a == 'uint8' else a
            return 'int16' if other == 'int8' else other
        return a if _BITS[a] >= _BITS[b] else b
    if ka == kb:
        return a if _BITS[a] >= _BITS[b] else b
    i, f = (a, b) if ka == 1 else (b, a)
    exact = 'float16' if _BITS[i] == 8 else 'float32' if _BITS[i] == 16 else 'float64'
    return f if _BITS[f] >= _BITS[exact] else exact


class _dtype:  # np.float32, np.int64, ...: a dtype name that also converts a number (np.float32(0.5))
    def __init__(self, name):
        # (np.dtype(spec) too: a name, an alias, np.longlong, float; numpy's dtype of it)
        if not isinstance(name, str) or name in globals().get('_ALIASES', ()):  # (the module's own dtypes come first)
            known = _dtype_name(name)
            name = known if known is not None else _traced_call(name)
        self.name = name
        self.__name__ = name  # (the scalar type's name: type(np.prod(s)).__name__ is 'int64')

    def __call__(self, x=0):
        # an array or a sequence gives an array of this dtype (openpose's `np.float32(img[:, :, :, np.newaxis])`)
        if isinstance(x, (list, tuple)) or hasattr(x, '_tparse_flat'):
            import numpy as _n
            return _n.asarray(x).astype(self.name) if self.name in _KNOWN else _traced_call(x)
        # an array standing in for data tparse does not know (a tensor-backed one): an array of this dtype, unknown too
        if hasattr(x, 'shape') and not isinstance(x, (int, float, bool)) and len(x.shape) > 0:
            import numpy as _n
            return _n.asarray(x).astype(self.name)
        return __tparse_np_int__(_cast([x], self.name)[0], self.name) if self.name in _KNOWN else _traced_call(x)

    def __eq__(self, o):
        return _dtype_name(o) == self.name

    # numpy's scalar types are classes: `int | np.int64` in a type alias is a types.UnionType (typing's union here)
    def __or__(self, o):
        return (self,) + (o if isinstance(o, tuple) else (o,))

    def __ror__(self, o):
        return (o if isinstance(o, tuple) else (o,)) + (self,)

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return "dtype('" + self.name + "')"

    def __str__(self):  # an array's dtype prints as its name (`print(a.dtype)`: float32)
        return self.name


_KNOWN = ('float64', 'float32', 'float16', 'int64', 'int32', 'int16', 'int8', 'uint8', 'bool')
float16 = _dtype('float16')
float32 = _dtype('float32')
float64 = _dtype('float64')
int8 = _dtype('int8')
int16 = _dtype('int16')
int32 = _dtype('int32')
int64 = _dtype('int64')
long = int64  # (numpy 2: the C long, int64 on Linux)
# numpy's C-type names of the same dtypes on Linux (numpy 2): `np.zeros(n, np.longlong)` is an int64 array (dc-tts)
longlong = intp = int_ = int64
intc = int32
short = int16
byte = int8
double = float64
single = float32
half = float16
uint8 = _dtype('uint8')
ubyte = uint8
bool_ = _dtype('bool')
_DTYPES = {'float16': float16, 'float32': float32, 'float64': float64, 'int8': int8, 'int16': int16, 'int32': int32,
           'int64': int64, 'uint8': uint8, 'bool': bool_}


# numpy's string spellings of the modelled dtypes (`.astype('int')`, `dtype='f4'`): 'int' is the platform's long
_ALIASES = {'int': 'int64', 'float': 'float64', 'double': 'float64', 'single': 'float32', 'bool_': 'bool', '?': 'bool',
            'half': 'float16', 'f2': 'float16', 'u1': 'uint8', 'i1': 'int8', 'i2': 'int16', 'ubyte': 'uint8', 'byte': 'int8',
            'f4': 'float32', 'f8': 'float64', 'i4': 'int32', 'i8': 'int64', 'long': 'int64', 'int_': 'int64',
            'float_': 'float64', '<f4': 'float32', '<f8': 'float64', '<i4': 'int32', '<i8': 'int64', 'longlong': 'int64',
            'intp': 'int64', 'intc': 'int32', 'short': 'int16', 'q': 'int64', 'l': 'int64', 'i': 'int32', 'h': 'int16',
            'b': 'int8', 'B': 'uint8', 'd': 'float64', 'f': 'float32', 'e': 'float16'}


def _dtype_name(dtype):
    if dtype is None:
        return dtype
    if isinstance(dtype, str):
        return _ALIASES.get(dtype, dtype)
    if isinstance(dtype, _dtype):
        return dtype.name
    if dtype is float:
        return 'float64'
    if dtype is int:
        return 'int64'
    if dtype is bool:
        return 'bool'
    return None
