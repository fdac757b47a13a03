"""tparse stub of numpy: the scalar part model files use while building a model (eager code):
`np.log(10000.0) / (half - 1)`, `np.sqrt(dim)`, `np.pi`, `np.inf`, `x[:, np.newaxis]`, and a small eager
ndarray (array / asarray / linspace / arange / zeros / ones / cumsum; tolist, indexing, iteration, len,
elementwise arithmetic). Every other name is an opaque value. Inside a compiled frame Dynamo traces numpy calls as
graph nodes (torch._numpy): a scalar function on numbers is such a node (a 0-d tensor); other numpy calls there are
left opaque and noted."""
import math

import torch
from numpy_call_traced_by_dynamo import call as _traced_call
from numpy._traced import FUNCS as _TRACED
from numpy._traced import METHODS as _TRACED_METHODS
from numpy import _shape

pi = math.pi
e = math.e
inf = math.inf
Inf = math.inf
nan = math.nan
NaN = math.nan
newaxis = None
_bmax, _bmin, _ball, _bany = max, min, all, any  # Python's: the names below become numpy's


def _names(xs):  # numpy dtypes in a node's arguments print as their names ('float32')
    return tuple(x.name if isinstance(x, _dtype) else x for x in xs)


def _own_arr(x):
    """numpy's own array here (its elements listed), not a tensor standing in for one of unknown data"""
    return isinstance(x, ndarray) and hasattr(x, '_tparse_flat')


def _standin(x):
    """a tensor standing in for an ndarray of data tparse does not know (`.numpy()` of it, a compiled frame's numpy
    result), or a sequence holding one"""
    if isinstance(x, (list, tuple)):
        return _bany(_standin(y) for y in x)
    return isinstance(x, ndarray) and not hasattr(x, '_tparse_flat')


def _np(name, eager=None, number=None, node=None):
    """numpy.<name>: inside a compiled frame one traced node (numpy/_traced.py gives its type; `number` computes a 0-d
    value from numbers); eagerly `eager`, else an opaque value; eagerly on an array standing in for unknown data,
    torch._numpy's function (its type)"""
    impl = _TRACED[name]
    node = node or name

    def call(*args, **kwargs):
        if torch.compiler.is_dynamo_compiling() or _standin(args) or _standin(tuple(kwargs.values())):
            kw = {}
            for k in kwargs:
                kw[k] = _names([kwargs[k]])[0]
            return __tparse_np_call__(node, impl, number, _names(args), kw)
        if eager is not None:
            return eager(*args, **kwargs)
        return _traced_call(*args, **kwargs)
    return call


_INF = float('inf')
_NAN = float('nan')


def _div(x, y):  # numpy's true division: IEEE's answer (inf, -inf, nan) where Python raises ZeroDivisionError
    if y == 0:
        return _NAN if x == 0 or x != x else (_INF if (x > 0) == (math.copysign(1.0, y) > 0) else -_INF)
    return x / y


def _floordiv(x, y):  # numpy's floor division: an integer by 0 is 0 (a warning), a float inf / nan
    if y == 0:
        return 0 if isinstance(x, int) and isinstance(y, int) else _div(x, y) if x != 0 else _NAN
    return x // y


def _mod(x, y):  # numpy's remainder: an integer by 0 is 0, a float nan
    if y == 0:
        return 0 if isinstance(x, int) and isinstance(y, int) else _NAN
    return x % y


def _pow(x, y):
    """numpy's power of two numbers: an integer to a non-negative integer power stays an integer (a negative one is
    an error); 0.0 to a negative power is inf, a negative float to a fractional power nan, an overflow inf (Python
    raises, or gives a complex number)"""
    if isinstance(x, int) and isinstance(y, int):
        if y < 0:
            raise ValueError('Integers to negative integer powers are not allowed.')
        return x ** y
    x, y = float(x), float(y)
    if x == 0 and y < 0:
        return -_INF if math.copysign(1.0, x) < 0 and y == math.floor(y) and int(y) % 2 else _INF
    if x < 0 and y == y and abs(y) != _INF and y != math.floor(y):
        return _NAN
    try:
        return x ** y
    except OverflowError:
        return -_INF if x < 0 and y == math.floor(y) and int(y) % 2 else _INF


def _ieee(fn, name):
    """numpy's answer where Python's math raises: a log of 0 is -inf, a domain error nan, an overflow inf (numpy warns
    and goes on: RND's `np.sqrt(var)` of an unset running variance)"""
    def f(*a):
        try:
            return fn(*a)
        except ZeroDivisionError:
            return _div(1.0 if len(a) < 2 else a[0], 0.0)
        except OverflowError:
            return _INF
        except ValueError:
            if name in ('log', 'log2', 'log10') and a and a[0] == 0:
                return -_INF
            if name == 'log1p' and a and a[0] == -1:
                return -_INF
            return _NAN
    return f


def _scalar(fn, name):  # a function on numbers: eagerly its value (an integer result is np.int64, no Python int)
    fn = _ieee(fn, name)

    def eager(*args, **kwargs):  # (on an ndarray: element by element, numpy's float64 for a float result)
        # a ufunc of a torch tensor is a tensor again (Tensor.__array_wrap__): torch's function of that name, an
        # integer tensor computed in float64 as numpy does (TabDDPM's `np.log(alphas)` of a float64 tensor)
        if len(args) == 1 and not kwargs and isinstance(args[0], torch.Tensor) and hasattr(torch, name):
            t = args[0]
            if not t.is_floating_point() and name not in ('abs', 'sign', 'negative'):
                t = t.double()
            return getattr(torch, name)(t)
        # (a list, tuple or range is array_like: np.power(1.42, range(4)) is an array)
        if any(isinstance(a, (list, tuple, range)) for a in args):
            args = tuple(_array(list(a)) if isinstance(a, (list, tuple, range)) else a for a in args)
        arr = [a for a in args if _own_arr(a)]
        if arr and len(args) == 1:
            out = [fn(x) for x in arr[0]._tparse_flat]
            return ndarray(out, arr[0].shape, _dtype_of(out))
        if arr and len(args) == 2 and not kwargs:  # np.power(a, k), np.maximum(a, b): broadcast, element by element
            a = args[0] if _own_arr(args[0]) else None
            if a is None:
                return args[1]._binop(args[0], fn, True)
            return a._binop(args[1], fn, False)
        if arr:
            return _traced_call(*args)
        return __tparse_np_int__(fn(*args, **kwargs))
    return _np(name, eager, fn)


log = _scalar(math.log, "log")
log2 = _scalar(math.log2, "log2")
log10 = _scalar(math.log10, "log10")
exp = _scalar(math.exp, "exp")
sqrt = _scalar(math.sqrt, "sqrt")
sin = _scalar(math.sin, "sin")
cos = _scalar(math.cos, "cos")
tan = _scalar(math.tan, "tan")
tanh = _scalar(math.tanh, "tanh")
reciprocal = _scalar(lambda x: 1 / x, "reciprocal")
sinc = _scalar(lambda x: 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x), "sinc")


def _window(name, fn):  # np.hamming(M) and its kin: float64 arrays of M points, symmetric (M == 1: [1.0])
    def eager(M):
        M = int(M)
        if M < 1:
            return ndarray([], (0,), 'float64')
        if M == 1:
            return ndarray([1.0], (1,), 'float64')
        return ndarray([fn(n, M) for n in range(M)], (M,), 'float64')
    return _np(name, eager)


hamming = _window('hamming', lambda n, M: 0.54 - 0.46 * math.cos(2.0 * math.pi * n / (M - 1)))
hanning = _window('hanning', lambda n, M: 0.5 - 0.5 * math.cos(2.0 * math.pi * n / (M - 1)))
bartlett = _window('bartlett', lambda n, M: 1.0 - abs(2.0 * n / (M - 1) - 1.0))
blackman = _window('blackman', lambda n, M: 0.42 - 0.5 * math.cos(2.0 * math.pi * n / (M - 1)) + 0.08 * math.cos(4.0 * math.pi * n / (M - 1)))
arctan = _scalar(math.atan, "arctan")
arcsin = _scalar(math.asin, "arcsin")
arccos = _scalar(math.acos, "arccos")
floor = _scalar(lambda x: float(math.floor(x)), "floor")
ceil = _scalar(lambda x: float(math.ceil(x)), "ceil")
power = _scalar(_pow, "power")
maximum = _scalar(lambda x, y: x if x >= y else y, "maximum")
minimum = _scalar(lambda x, y: x if x <= y else y, "minimum")
absolute = _scalar(lambda x: x if x >= 0 else -x, "absolute")
abs = absolute


def _prod(xs):
    if isinstance(xs, (int, float, bool)):  # np.prod(3) is 3 (a 0-d array's value)
        return xs
    p = 1
    for x in xs:
        p = p * x
    return p


def _flat_numbers(xs):
    out = []
    for x in xs:
        if isinstance(x, (list, tuple)):
            out.extend(_flat_numbers(x))
        else:
            out.append(x)
    return out


def _first_best(xs, largest):  # argmax / argmin of a flat list: the first index of the extreme value
    if not xs:
        raise ValueError('attempt to get argmax of an empty sequence')
    best = 0
    for i in range(1, len(xs)):
        if (xs[i] > xs[best]) if largest else (xs[i] < xs[best]):
            best = i
    return best


def _reduction_eager(method):
    """np.max / np.min / np.mean (and their aliases) eagerly: the ndarray method, an axis and keepdims too; numbers and
    (nested) lists go through an array first"""
    def eager(a, axis=None, keepdims=False, **k):
        if _deferred(a, method):
            return getattr(a, method)(axis=axis, **k)
        if k:
            return _traced_call(a, axis, keepdims, **k)
        if not _own_arr(a):
            if isinstance(a, (int, float, bool)):
                return __tparse_np_int__(a)
            a = _array(a)
        return getattr(a, method)(axis=axis, keepdims=keepdims)
    return eager


def _deferred(obj, method):
    """numpy's _wrapreduction: an object that is no array, list or number but has the method itself (a scipy.sparse
    matrix's sum / mean / max) does the reduction"""
    return not _own_arr(obj) and not isinstance(obj, (list, tuple, int, float, bool, torch.Tensor)) and hasattr(obj, method)


def _sum_eager(xs, *a, **k):  # np.sum of numbers or (nested) lists of them: np.int64 / np.float64; of [] it is 0.0
    if _deferred(xs, 'sum'):
        return xs.sum(*a, **k)
    if _own_arr(xs):
        if a or k:
            return xs.sum(*a, **k)
        return xs.sum()
    if isinstance(xs, (int, float, bool)):
        return __tparse_np_int__(xs)
    flat = _flat_numbers(xs)
    if a or k or not all(isinstance(x, (int, float, bool)) for x in flat):
        return _traced_call(xs, *a, **k)
    if not flat:
        return 0.0
    t = 0
    for x in flat:
        t = t + x
    return __tparse_np_int__(t)


# ---- a small eager ndarray: what model code computes while building (np.linspace(0, r, n).tolist(),
# torch.Tensor(np.linspace(...)), np.arange / np.array / np.cumsum on a few numbers). The flat values are read by
# torch.tensor / torch.Tensor / torch.from_numpy (torch/values.cpp reads `_tparse_flat`, `shape`, `_tparse_dtype`).

from numpy._dtypes import (_DTYPES, _INTS, _KNOWN, _cast, _dtype, _dtype_name, _dtype_of, _kind, _promote, bool_, float16,
                           float32, float64, int8, int16, int32, int64, long, uint8, longlong, intp, int_, intc, short, byte,
                           ubyte, double, single, half)
dtype = _dtype  # np.dtype(np.longlong) == np.dtype('int64')


_pyround = round  # (the builtin: the module's own `round` below is numpy's)

from numpy._operators import _Elementwise, _sparse
from numpy import _funcs


_BOOL_SUB = ('numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or '
             'the logical_xor function instead.')


class ndarray(_Elementwise):
    def __init__(self, flat, shape=None, dtype=None):
        if shape is None:  # numpy's own `np.ndarray(shape, dtype=float)`: uninitialized data (zeros here)
            shape = (flat,) if isinstance(flat, int) else tuple(flat)
            flat = [0] * _prod(shape)
            dtype = _dtype_name(dtype) if dtype is not None else 'float64'
        self._tparse_flat = list(flat)
        self.shape = tuple(shape)
        self._tparse_dtype = dtype if dtype is not None else _dtype_of(self._tparse_flat)
        self.dtype = _DTYPES.get(self._tparse_dtype) or _dtype(self._tparse_dtype)
        self.ndim = len(self.shape)
        self.size = len(self._tparse_flat)
        self._tparse_strides = None  # element strides of a non-contiguous view (a transpose); None: row-major
        self._tparse_base = None  # a view by basic indexing (`a[i]`, `a[:, 0]`): (array, its offsets), written through
        self._tparse_negstride = False  # a view with a negative stride (`a[::-1]`): torch.from_numpy refuses it

    def _row(self, i):
        n = self.shape[0]
        if i < 0:
            i = i + n
        if i < 0 or i >= n:
            raise IndexError('index ' + str(i) + ' is out of bounds for axis 0 with size ' + str(n))
        if self.ndim == 1:  # an element is a numpy scalar (np.float32 / np.int64: `.item()`, `.dtype`)
            return __tparse_np_int__(self._tparse_flat[i])
        inner = 1
        for s in self.shape[1:]:
            inner = inner * s
        row = ndarray(self._tparse_flat[i * inner:(i + 1) * inner], self.shape[1:], self._tparse_dtype)
        row._tparse_base = (self, range(i * inner, (i + 1) * inner))
        return row

    def _write(self, o, x):  # element o (row-major) := x, here and in the array this is a view of (`A[u][v] = 1`)
        x = _cast([x], self._tparse_dtype)[0] if self._tparse_dtype in _KNOWN else x
        self._tparse_flat[o] = x
        if self._tparse_base is not None:
            base, offs = self._tparse_base
            base._write(offs[o], x)

    def tolist(self):
        if self.ndim == 0:
            return self._tparse_flat[0]
        if self.ndim == 1:
            return list(self._tparse_flat)
        return [self._row(i).tolist() for i in range(self.shape[0])]

    def _basic_index(self, i):
        """(shape, flat offsets) of basic indexing by ints, slices, None and an Ellipsis (fewer than ndim: the rest
        whole); None for other forms"""
        return _shape.basic_index(self.shape, i)

    def __setitem__(self, i, v):
        idx = i if isinstance(i, tuple) else (i,)
        if isinstance(v, (list, tuple)) and _arraylike(v):  # a sequence is set as the array numpy makes of it
            v = _array(v)
        # ints and slices (`table[:, 0::2] = np.sin(table[:, 0::2])`): the values in row-major order, or one value
        basic = self._basic_index(i)
        # (an array broadcast over the selection's leading axes: `m[:, 1:] = row` repeats row)
        if basic is not None and _own_arr(v) and 1 < v.size < len(basic[1]) and v.ndim <= len(basic[0]) and \
                tuple(basic[0][len(basic[0]) - v.ndim:]) == tuple(v.shape):
            v = ndarray(v._tparse_flat * (len(basic[1]) // v.size), tuple(basic[0]), v._tparse_dtype)
        if basic is not None and (not _own_arr(v) or v.size in (1, len(basic[1]))):
            vals = v._tparse_flat if _own_arr(v) else [v]
            for n, o in enumerate(basic[1]):
                self._write(o, vals[n if len(vals) > 1 else 0])
            return
        # a boolean mask of the array's shape (`s[s == 0] = 1`), or integer indices of the first axis
        # (`s[np.where(s == 0)] = 1`, `a[[0, 2]] = v`) set to one value: each element or row it selects
        sel = i[0] if isinstance(i, tuple) and len(i) == 1 else i
        if isinstance(sel, list) and _ball(isinstance(k, int) and not isinstance(k, bool) for k in sel):
            sel = ndarray(sel, (len(sel),), 'int64')
        if _own_arr(sel) and not _own_arr(v) and self.ndim >= 1:
            if sel._tparse_dtype == 'bool' and sel.shape == self.shape:
                for o, m in enumerate(sel._tparse_flat):
                    if m:
                        self._write(o, v)
                return
            if sel._tparse_dtype in _INTS and sel.ndim == 1:
                inner = self.size // self.shape[0] if self.shape[0] else 0
                for r in sel._tparse_flat:
                    r = r + self.shape[0] if r < 0 else r
                    if r < 0 or r >= self.shape[0]:
                        raise IndexError('index ' + str(r) + ' is out of bounds for axis 0 with size ' + str(self.shape[0]))
                    for o in range(r * inner, (r + 1) * inner):
                        self._write(o, v)
                return
        if _select.put(self, i if isinstance(i, tuple) else (i,), v):
            return  # integer / boolean index arrays, one per leading axis, broadcast together
        if len(idx) != self.ndim or not _ball(isinstance(k, int) for k in idx) or _own_arr(v):
            # other indexing is not modelled: the data becomes unknown (torch.tensor of it: shape only)
            self._tparse_flat = [_traced_call(self, i, v)] * self.size
            return
        off = 0
        for k, n in zip(idx, self.shape):
            off = off * n + (k + n if k < 0 else k)
        self._write(off, v)

    def fill(self, value):  # every element is value, in the array's dtype (ENet's confusion matrix reset)
        v = _cast([value], self._tparse_dtype)[0] if self._tparse_dtype in _KNOWN else value
        for i in range(self.size):
            self._write(i, v)

    def __getattr__(self, name):  # reshape, T, dot, ...: not modelled, an opaque value as before
        return _traced_call(self, name)

    def __format__(self, spec):  # a 0-d array formats its value ('{:.4f}'.format(np.float64-like arrays))
        if self.ndim == 0:
            return format(self._tparse_flat[0], spec)
        if spec:
            raise TypeError("unsupported format string passed to numpy.ndarray.__format__")
        return str(self)

    def dot(self, b, out=None):  # (gae's normalized adjacency: `adj_.dot(d).transpose().dot(d)`)
        return _arrays.matmul(self, b) if _arraylike(b) else _traced_call(self, b)

    def __matmul__(self, b):
        if _sparse(b):
            return b.__rmatmul__(self)
        return _arrays.matmul(self, b) if _arraylike(b) else _traced_call(self, b)

    def __rmatmul__(self, a):
        return _arrays.matmul(a, self) if _arraylike(a) else _traced_call(a, self)

    def nonzero(self):  # one int64 index array per axis, row-major
        return _select.nonzero(self) if self.ndim else _funcs.where(self)

    def ravel(self, order='C'):  # row-major data: ravel / flatten / copy keep it (WPMixer's filter banks)
        return ndarray(self._tparse_flat, (self.size,), self._tparse_dtype)

    def flatten(self, order='C'):
        return ndarray(self._tparse_flat, (self.size,), self._tparse_dtype)

    def copy(self, order='C'):
        return ndarray(self._tparse_flat, self.shape, self._tparse_dtype)

    def reshape(self, *shape, order='C'):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        known = 1
        for d in shape:
            if d != -1:
                known = known * d
        shape = tuple(self.size // known if d == -1 else d for d in shape)
        if _prod(shape) != self.size:
            raise ValueError('cannot reshape array of size ' + str(self.size) + ' into shape ' + str(shape))
        return ndarray(self._tparse_flat, shape, self._tparse_dtype)

    def item(self):
        if self.size != 1:
            raise ValueError('can only convert an array of size 1 to a Python scalar')
        return self._tparse_flat[0]

    def __len__(self):
        if self.ndim == 0:
            raise TypeError('len() of unsized object')
        return self.shape[0]

    def __iter__(self):
        return iter([self._row(i) for i in range(self.shape[0])])

    def __getitem__(self, i):
        if isinstance(i, int):
            return self._row(i)
        if isinstance(i, tuple):  # (a list in an index tuple is an index array: `m[[0, 1], [0, 1]]`)
            if _bany(isinstance(k, list) for k in i):
                i = tuple(_array(k) if isinstance(k, list) else k for k in i)
            if len(i) == 1 and _own_arr(i[0]):  # `v[np.nonzero(v)]` of a 1-d array: its one index array
                i = i[0]
        if isinstance(i, slice):  # (`X[:k]` of any rank: basic indexing of the first axis)
            i = (i,)
        basic = self._basic_index(i) if isinstance(i, tuple) or i is None or i is Ellipsis else None
        if basic is not None:  # ints, slices and new axes over several axes (`table[:, 0::2]`, `a[None, :]`)
            shape, offs = basic
            flat = [self._tparse_flat[o] for o in offs]
            if not shape:
                return __tparse_np_int__(flat[0])
            view = ndarray(flat, shape, self._tparse_dtype)
            view._tparse_base = (self, offs)
            # a new axis has stride 0 (torch.from_numpy / torch.Tensor of it keep that: WaveGAN's `x[:, np.newaxis, :]`)
            axes = _shape.newaxis_strides(self.shape, i) if self._tparse_strides is None else None
            if axes is not None and len(axes) == len(shape):
                st = _shape.strides_of(shape)
                view._tparse_strides = tuple(0 if axes[a] else st[a] for a in range(len(shape)))
            # (a negative step makes that stride negative; a view of such a view keeps it)
            steps = i if isinstance(i, tuple) else (i,)
            view._tparse_negstride = self._tparse_negstride or _bany(isinstance(k, slice) and k.step is not None and k.step < 0 for k in steps)
            return view
        # one integer array among full slices (`img[:, cols]`: a nearest-neighbour resize)
        if isinstance(i, tuple) and 1 < len(i) <= self.ndim:
            adv = [p for p in range(len(i)) if _own_arr(i[p]) and i[p]._tparse_dtype in _INTS]
            full = lambda k: isinstance(k, slice) and k.start is None and k.stop is None and k.step is None
            if len(adv) == 1 and _ball(full(i[p]) for p in range(len(i)) if p != adv[0]):
                got = _shape.take_axis(self._tparse_flat, self.shape, adv[0], i[adv[0]]._tparse_flat, i[adv[0]].shape)
                return ndarray(got[0], got[1], self._tparse_dtype)
        # one integer (or boolean) array per leading axis, broadcast together (`m[row, col]`,
        # `m[np.arange(n)[:, None], idx]`), ints among them
        if isinstance(i, tuple) and 1 < len(i) <= self.ndim:
            got = _select.take(self, i)
            if got is not None:
                return got
        # integer-array indexing on the first axis (nlp-tutorial's `np.eye(n)[[1, 4]]`, `pool[idx]`), a boolean mask
        if isinstance(i, list) and _ball(isinstance(k, int) and not isinstance(k, bool) for k in i):
            got = _shape.take_rows(self._tparse_flat, self.shape, i, (len(i),), 'int64')
        else:
            got = _shape.take_rows(self._tparse_flat, self.shape, i._tparse_flat, i.shape, i._tparse_dtype) if _own_arr(i) and self.ndim else None
        if got is not None:
            return ndarray(got[0], got[1], self._tparse_dtype)
        # an index standing in for data tparse does not know (a cached frame's numpy result replayed, SAC-AE's
        # `self.obses[idxs]` of its np.random.randint): torch._numpy's indexing of the two, its shape known
        if _standin(i):
            return __tparse_np_call__('getitem', _TRACED_METHODS['getitem'], None, _names([self, i]), {})
        return _traced_call(self, i)  # other indexing is not modelled: an opaque value

    def round(self, decimals=0):  # half to even, as numpy (DDPM samplers' `(np.arange(k) * ratio).round()`)
        return ndarray([_pyround(x, decimals) * 1.0 for x in self._tparse_flat], self.shape, self._tparse_dtype)

    def astype(self, dtype):
        dt = _dtype_name(dtype)
        if dt not in _KNOWN:
            return _traced_call(self, dtype)  # not modelled: an opaque value
        return ndarray(_cast(self._tparse_flat, dt), self.shape, dt)

    def _binop(self, other, fn, reflected, dtype=None):
        if isinstance(other, (list, tuple)):  # a sequence operand is an array (PixArt's 1-tuple scale)
            other = _array(other)
        shape = self.shape
        xs = self._tparse_flat
        if _own_arr(other):
            shape = _shape.broadcast_shapes(self.shape, other.shape)
            if shape is None:
                raise ValueError('operands could not be broadcast together with shapes ' + str(self.shape) + ' ' + str(other.shape))
            xs = _shape.expand(xs, self.shape, shape)
            ys = _shape.expand(other._tparse_flat, other.shape, shape)
        else:
            ys = [other] * self.size
        out = [fn(y, x) if reflected else fn(x, y) for x, y in zip(xs, ys)]
        if dtype is None:  # numpy's promotion: arrays by kind then width, a Python number only raising the kind
            # (a numpy scalar is no Python number: np.sqrt(6.0 / n), an np.float64, makes a float32 array float64)
            other_dtype = other._tparse_dtype if _own_arr(other) else __tparse_np_scalar_dtype__(other)
            dtype = _promote(self._tparse_dtype, other_dtype, other)
            if (dtype in _INTS or dtype == 'bool') and _dtype_of(out) == 'float64':
                dtype = 'float64'  # (a true division of integers)
            if dtype == 'bool' and _dtype_of(out) == 'int64':
                dtype = 'int64'  # (arithmetic on booleans)
        return ndarray(out, shape, dtype)

    @property
    def T(self):
        return self.transpose()

    @property
    def real(self):  # (no complex arrays here: the real part is the array's data, imag its zeros)
        return self.copy()

    @property
    def imag(self):
        return ndarray([0] * self.size, self.shape, self._tparse_dtype)

    def transpose(self, *axes):
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        n = len(self.shape)
        order = [a + n if a < 0 else a for a in axes] if axes else list(range(n - 1, -1, -1))
        flat, shape = _shape.transpose(self._tparse_flat, self.shape, order)
        out = ndarray(flat, shape, self._tparse_dtype)
        # a transpose is a view: its elements stay where they were, its strides permuted (torch.tensor / from_numpy
        # of it keep that layout); the elements are listed here in row-major order all the same
        base = self._tparse_strides if self._tparse_strides is not None else _shape.strides_of(self.shape)
        out._tparse_strides = tuple(base[a] for a in order)
        return out

    def _both_bool(self, o):
        # numpy's bool kind kept: `+` / `*` of two boolean operands are logical or / and (a boolean mask built as
        # `rows[:, None] * cols[None, :]`: PixelCNN's MaskedConv2d), `-` of them is refused
        if self._tparse_dtype != 'bool':
            return False
        return o._tparse_dtype == 'bool' if _own_arr(o) else isinstance(o, bool) or __tparse_np_scalar_dtype__(o) == 'bool'

    def __add__(self, o):
        if _sparse(o):
            return o.__radd__(self)
        if self._both_bool(o):
            return self._binop(o, lambda x, y: bool(x) or bool(y), False, 'bool')
        return self._binop(o, lambda x, y: x + y, False)

    def __radd__(self, o):
        if self._both_bool(o):
            return self._binop(o, lambda x, y: bool(x) or bool(y), True, 'bool')
        return self._binop(o, lambda x, y: x + y, True)

    def __sub__(self, o):
        if _sparse(o):
            return o.__rsub__(self)
        if self._both_bool(o):
            raise TypeError(_BOOL_SUB)
        return self._binop(o, lambda x, y: x - y, False)

    def __rsub__(self, o):
        if self._both_bool(o):
            raise TypeError(_BOOL_SUB)
        return self._binop(o, lambda x, y: x - y, True)

    def __mul__(self, o):
        if _sparse(o):
            return o.__rmul__(self)
        if self._both_bool(o):
            return self._binop(o, lambda x, y: bool(x) and bool(y), False, 'bool')
        return self._binop(o, lambda x, y: x * y, False)

    def __rmul__(self, o):
        if self._both_bool(o):
            return self._binop(o, lambda x, y: bool(x) and bool(y), True, 'bool')
        return self._binop(o, lambda x, y: x * y, True)

    def __truediv__(self, o):
        if _sparse(o):
            return o.__rtruediv__(self)
        return self._binop(o, _div, False)

    def __rtruediv__(self, o):
        return self._binop(o, _div, True)

    def __mod__(self, o):  # Python's sign rule, as numpy's remainder (DiverseBranchBlock's `np.arange(c) % d`)
        return self._binop(o, _mod, False)

    def __rmod__(self, o):
        return self._binop(o, _mod, True)

    def repeat(self, repeats, axis=None):
        return _arrays.repeat(self, repeats, axis)

    def __floordiv__(self, o):
        return self._binop(o, _floordiv, False)

    def __rfloordiv__(self, o):
        return self._binop(o, _floordiv, True)

    def __pow__(self, o):
        if _sparse(o):
            return o.__rpow__(self)
        return self._binop(o, _pow, False)

    def __rpow__(self, o):
        return self._binop(o, _pow, True)

    def __neg__(self):
        return ndarray([-x for x in self._tparse_flat], self.shape, self._tparse_dtype)

    def __abs__(self):
        return ndarray([-x if x < 0 else x for x in self._tparse_flat], self.shape, self._tparse_dtype)

    def __lt__(self, o):
        if _sparse(o):
            return o.__gt__(self)
        return self._binop(o, lambda x, y: x < y, False, 'bool')

    def __gt__(self, o):
        if _sparse(o):
            return o.__lt__(self)
        return self._binop(o, lambda x, y: x > y, False, 'bool')

    def __le__(self, o):
        if _sparse(o):
            return o.__ge__(self)
        return self._binop(o, lambda x, y: x <= y, False, 'bool')

    def __ge__(self, o):
        if _sparse(o):
            return o.__le__(self)
        return self._binop(o, lambda x, y: x >= y, False, 'bool')

    def _along(self, axis, fn, keepdims=False, dtype=None):  # a reduction with an axis (`X.min(0)`): _shape.along
        out, dims = _shape.along(self._tparse_flat, list(self.shape), axis, fn, keepdims)
        return ndarray(out, dims, dtype or self._tparse_dtype)

    def _scalar_dt(self):  # a float32 / float16 array's reductions are scalars of its width; others numpy's 64-bit
        return self._tparse_dtype if self._tparse_dtype in ('float32', 'float16') else None

    def sum(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, _shape.total, keepdims)
        t = 0
        for x in self._tparse_flat:
            t = t + x
        return __tparse_np_int__(t, self._scalar_dt())

    def prod(self, axis=None, keepdims=False):  # cleanrl's `np.array(env.single_observation_space.shape).prod()`
        if axis is not None:
            return self._along(axis, _shape.product, keepdims)
        p = 1
        for x in self._tparse_flat:
            p = p * x
        return __tparse_np_int__(p)

    def max(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, _bmax, keepdims)
        return __tparse_np_int__(_bmax(self._tparse_flat), self._tparse_dtype)

    def min(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, _bmin, keepdims)
        return __tparse_np_int__(_bmin(self._tparse_flat), self._tparse_dtype)

    def argmax(self, axis=None, keepdims=False):  # the first largest entry's index (flat without an axis)
        if axis is not None:
            return self._along(axis, lambda xs: _first_best(xs, True), keepdims, 'int64')
        return __tparse_np_int__(_first_best(self._tparse_flat, True))

    def argmin(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, lambda xs: _first_best(xs, False), keepdims, 'int64')
        return __tparse_np_int__(_first_best(self._tparse_flat, False))

    def mean(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, lambda xs: _shape.total(xs) / len(xs), keepdims, 'float64')
        if self.size == 0:
            return float('nan')  # (numpy's RuntimeWarning "Mean of empty slice", and nan)
        return __tparse_np_int__(_shape.total(self._tparse_flat) / self.size, self._scalar_dt())

    def var(self, axis=None, keepdims=False, ddof=0):  # (STGCN's per-channel `np.std(X, axis=(0, 2))`)
        def v(xs):
            m = _shape.total(xs) / len(xs)
            return _shape.total([(x - m) * (x - m) for x in xs]) / (len(xs) - ddof)
        if axis is not None:
            return self._along(axis, v, keepdims, 'float64')
        return __tparse_np_int__(v(self._tparse_flat) * 1.0, self._scalar_dt())

    def std(self, axis=None, keepdims=False, ddof=0):
        if axis is not None:
            return self._along(axis, lambda xs: math.sqrt(_shape.total([(x - _shape.total(xs) / len(xs)) ** 2 for x in xs]) / (len(xs) - ddof)), keepdims, 'float64')
        return __tparse_np_int__(math.sqrt(float(self.var(ddof=ddof))), self._scalar_dt())

    def all(self, axis=None, keepdims=False):  # (an axis: a bool array, MetaTasNet's `(separated != 0).any(-1)`)
        if axis is not None:
            return self._along(axis, lambda xs: _ball(xs), keepdims, 'bool')
        return _ball(self._tparse_flat)

    def any(self, axis=None, keepdims=False):
        if axis is not None:
            return self._along(axis, lambda xs: _bany(xs), keepdims, 'bool')
        return _bany(self._tparse_flat)

    def cumprod(self):
        out = []
        t = 1
        for x in self._tparse_flat:
            t = t * x
            out.append(t)
        return ndarray(out, (len(out),), self._tparse_dtype)

    def clip(self, a_min=None, a_max=None):  # element by element between number bounds (EDM's noise schedules)
        if not _ball(b is None or isinstance(b, (int, float)) for b in (a_min, a_max)):
            return _traced_call(self, a_min, a_max)
        out = []
        for x in self._tparse_flat:
            x = a_min if a_min is not None and x < a_min else x
            out.append(a_max if a_max is not None and x > a_max else x)
        dt = self._tparse_dtype
        if dt in _INTS and _bany(isinstance(b, float) for b in (a_min, a_max)):
            dt = 'float64'
        return ndarray(out, self.shape, dt)

    def cumsum(self, axis=None, dtype=None, out=None):  # flat, or a running sum along one axis (ProteinMPNN's axis=0)
        dt = _dtype_name(dtype) or ('int64' if self._tparse_dtype == 'bool' else self._tparse_dtype)
        if axis is None:
            flat = []
            t = 0
            for x in self._tparse_flat:
                t = t + x
                flat.append(t)
            return ndarray(flat, (len(flat),), dt)
        nd = len(self.shape)
        ax = axis + nd if axis < 0 else axis
        if ax < 0 or ax >= nd:
            raise ValueError('axis ' + str(axis) + ' is out of bounds for array of dimension ' + str(nd))
        n = self.shape[ax]
        inner = 1
        for d in self.shape[ax + 1:]:
            inner = inner * d
        flat = list(self._tparse_flat)
        outer = len(flat) // (n * inner) if n * inner else 0
        for o in range(outer):
            for i in range(inner):
                t = 0
                for k in range(n):
                    j = (o * n + k) * inner + i
                    t = t + flat[j]
                    flat[j] = t
        return ndarray(flat, self.shape, dt)


def _arrays_for_tensors(obj):
    if isinstance(obj, torch.Tensor):
        return _array(obj)
    if isinstance(obj, list):
        return [_arrays_for_tensors(y) for y in obj]
    if isinstance(obj, tuple):
        return tuple(_arrays_for_tensors(y) for y in obj)
    return obj


def _array(obj, dtype=None):
    dt = _dtype_name(dtype)
    if dt is None and isinstance(obj, (int, float)):
        dt = __tparse_np_scalar_dtype__(obj)  # (a numpy scalar: an array of its own width, np.asarray(np.float32(1)))
    if dtype is not None and dt not in _KNOWN:
        return _traced_call(obj, dtype)
    if _own_arr(obj):
        if type(obj) is not ndarray and type(obj).__name__ == 'matrix':  # (np.array of a matrix: its plain array)
            obj = obj.A
        return obj if dt is None else obj.astype(dt)
    if isinstance(obj, torch.Tensor) and not torch.compiler.is_dynamo_compiling():
        # a CPU tensor is its data (Tensor.__array__), of its dtype: `np.append(1.0, t[:-1])` (TabDDPM's schedules)
        tdt = str(obj.dtype)[6:]
        out = _array(obj.tolist(), tdt if tdt in _KNOWN else None)
        return out if dt is None else out.astype(dt)
    if isinstance(obj, (list, tuple)) and not torch.compiler.is_dynamo_compiling():
        # tensors among the items (a compiled frame's ndarrays handed on after a break are tensors here, the graph's
        # outputs that torch turns back into ndarrays) are arrays of their dtype (np.array of a product of two
        # linspaces' items is float64)
        obj = _arrays_for_tensors(obj)
    shape = []
    x = obj
    while isinstance(x, (list, tuple)):
        shape.append(len(x))
        x = x[0] if len(x) > 0 else None
    # a list of arrays (a batch of frames, `np.array([a, b])`): their axes follow the list's, their dtype promoted
    inner = x.shape if _own_arr(x) else None
    if inner is not None:
        shape.extend(inner)
    flat = []
    dts = []

    def walk(v, depth):
        if inner is not None and depth == len(shape) - len(inner):
            if _own_arr(v) and v.shape == inner:
                flat.extend(v._tparse_flat)
                dts.append(v._tparse_dtype)
            else:
                flat.append(_traced_call(v))  # ragged: not modelled
            return
        if depth == len(shape):
            flat.append(v)
            return
        if not isinstance(v, (list, tuple)) or len(v) != shape[depth]:
            flat.append(_traced_call(v))  # ragged: not modelled
            return
        for y in v:
            walk(y, depth + 1)

    walk(obj, 0)
    if dt is None and dts:
        dt = dts[0]
        for d in dts[1:]:
            dt = _promote(dt, d) or dt
    return ndarray(_cast(flat, dt), shape, dt)


def _linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    ys = [i * step + start for i in range(num)]
    if endpoint and num > 1:
        ys[num - 1] = stop
    dt = _dtype_name(dtype)
    out = ndarray([float(y) for y in ys], (num,), 'float64')
    if dtype is not None:
        out = out.astype(dt)
    return (out, step) if retstep else out


def _arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    n = _bmax(0, math.ceil((stop - start) / step))
    xs = [start + i * step for i in range(n)]
    out = ndarray(xs, (n,), 'float64' if _kind(start) == 2 or _kind(stop) == 2 or _kind(step) == 2 else 'int64')
    return out if dtype is None else out.astype(dtype)


def _full(shape, value, dtype):
    if dtype is not None and _dtype_name(dtype) not in _KNOWN:
        return _traced_call(shape, dtype)  # a dtype not modelled: an opaque value
    dtype = _dtype_name(dtype) or 'float64'
    value = _cast([value], dtype)[0]
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = 1
    for s in shape:
        n = n * s
    return ndarray([value] * n, shape, dtype)


def _cumsum(a, axis=None, dtype=None, out=None):
    if isinstance(a, torch.Tensor):  # numpy's wrapit: the tensor's own cumsum, flat without an axis
        return (a.flatten() if axis is None else a).cumsum(0 if axis is None else axis)
    return _array(a).cumsum(axis, dtype)


def _cumprod(a, axis=None, dtype=None, out=None):
    if isinstance(a, torch.Tensor):  # Tensor.cumprod(axis=...), numpy's keyword alias of dim
        return (a.flatten() if axis is None else a).cumprod(0 if axis is None else axis)
    return _array(a).cumprod()


def _array_fn(fn, name):  # eagerly the small ndarray above; inside a compiled frame a traced node
    return _np(name, fn)


array = _array_fn(_array, "array")
asarray = _array_fn(_array, "asarray")
asanyarray = _np("asarray", _array)  # (an ndarray subclass kept: none here, so asarray, traced as torch._numpy's)
linspace = _array_fn(_linspace, "linspace")
arange = _array_fn(_arange, "arange")
zeros = _array_fn(lambda shape, dtype=None: _full(shape, 0, dtype), "zeros")
ones = _array_fn(lambda shape, dtype=None: _full(shape, 1, dtype), "ones")
cumsum = _array_fn(_cumsum, "cumsum")
copy = _array_fn(lambda a, order='K': _array(a).copy(), "copy")
ravel = _array_fn(lambda a, order='C': _array(a).ravel(), "ravel")
reshape = _array_fn(lambda a, shape, order='C': _array(a).reshape(shape), "reshape")


class finfo:  # machine limits of a float dtype (pathformer's `np.finfo(float).eps`): numpy scalars of that dtype
    _LIMITS = {'float64': (2.0 ** -52, 1.7976931348623157e+308, 2.2250738585072014e-308, 1e-15, 64),
               'float32': (2.0 ** -23, 3.4028234663852886e+38, 2.0 ** -126, 1e-06, 32),
               'float16': (2.0 ** -10, 65504.0, 2.0 ** -14, 0.001, 16)}

    def __init__(self, dtype=float):
        name = _dtype_name(dtype) if not isinstance(dtype, float) else 'float64'
        if name not in finfo._LIMITS:
            raise ValueError('data type ' + repr(dtype) + ' not inexact')
        eps, big, tiny, res, bits = finfo._LIMITS[name]
        self.dtype = _dtype(name)
        self.bits = bits
        self.eps = __tparse_np_int__(eps, name)
        self.max = __tparse_np_int__(big, name)
        self.min = __tparse_np_int__(-big, name)
        self.tiny = __tparse_np_int__(tiny, name)
        self.smallest_normal = self.tiny
        self.resolution = __tparse_np_int__(res, name)


class iinfo:  # limits of an integer dtype: Python ints
    _BITS = {'int8': (8, True), 'int16': (16, True), 'int32': (32, True), 'int64': (64, True), 'uint8': (8, False),
             'uint16': (16, False), 'uint32': (32, False), 'uint64': (64, False)}

    def __init__(self, int_type=int):
        name = _dtype_name(int_type) if not isinstance(int_type, int) else 'int64'
        if name not in iinfo._BITS:
            raise ValueError('Invalid integer data type ' + repr(name) + '.')
        bits, signed = iinfo._BITS[name]
        self.dtype = _dtype(name)
        self.bits = bits
        self.min = -(2 ** (bits - 1)) if signed else 0
        self.max = 2 ** (bits - 1) - 1 if signed else 2 ** bits - 1


def isscalar(element):  # a Python or numpy number, a str or bytes: not a container or an array
    return isinstance(element, (int, float, complex, bool, str))


triu = _np('triu', lambda m, k=0: _arrays.tri(m, k, True))
tril = _np('tril', lambda m, k=0: _arrays.tri(m, k, False))
argsort = _array_fn(lambda *a, **k: _arrays.argsort(*a, **k), "argsort")

prod = _np("prod", lambda xs, *a, **k: __tparse_np_int__(_prod(xs)) if not _own_arr(xs) else xs.prod(), _prod)
# the rest of the functions torch._numpy traces: nodes in a compiled frame, opaque values eagerly
full = _np('full', lambda shape, fill_value, dtype=None, order='C': _full(shape, fill_value, dtype))


def _like(value):  # zeros_like / ones_like / empty_like eagerly: the array's shape and dtype (or the one given)
    def eager(a, dtype=None, *x, **k):
        if not _arraylike(a):
            return _traced_call(a, dtype)
        arr = _array(a)
        if not _own_arr(arr):
            return _traced_call(a, dtype)
        return _full(arr.shape, value, dtype if dtype is not None else arr.dtype)
    return eager


# np.empty's memory is whatever it was: taken as zeros (a program writes it before reading it: NCRF++'s embedding rows)
empty = _np('empty', lambda shape, dtype=None, *a, **k: _full(shape, 0, dtype))
zeros_like = _np('zeros_like', _like(0))
ones_like = _np('ones_like', _like(1))
empty_like = _np('empty_like', _like(0))
eye = _np('eye', lambda N, M=None, k=0, dtype=None, **kw: _arrays.eye(N, M, k, dtype))
identity = _np('identity', lambda n, dtype=None: _arrays.eye(n, None, 0, dtype))
diag = _np('diag', lambda v, k=0: _arrays.diag(v, k))
transpose = _np('transpose', lambda a, axes=None: _array(a).transpose(*(axes or ())) if _arraylike(a) else _traced_call(a, axes))
expand_dims = _np('expand_dims', lambda a, axis: _expand_dims(_array(a), axis) if _arraylike(a) else _traced_call(a, axis))
squeeze = _np('squeeze')
def _parts(seq):  # the joins take any sequence: an array is the sequence of its rows (RND's `np.hstack(rewards)`)
    return [seq[i] for i in range(len(seq))] if _own_arr(seq) and seq.ndim > 0 else seq


def _hstack(tup):  # atleast_1d of each part, then axis 0 for 1-D parts, else 1
    tup = [_atleast(a, 1) if _arraylike(a) else a for a in _parts(tup)]
    return _join(tup, 0 if not _arraylike(tup[0]) or _array(tup[0]).ndim == 1 else 1, False)


def copyto(dst, src, casting='same_kind', where=True):
    """eagerly in place, broadcast (a replay buffer's row: `np.copyto(self.obses[self.idx], obs)`); in a frame, or on
    an array tparse does not hold, opaque"""
    if torch.compiler.is_dynamo_compiling() or not _own_arr(dst) or where is not True:
        return _traced_call(dst, src)
    dst[...] = src
concatenate = _np('concatenate', lambda arrays, axis=0, **k: _join(_parts(arrays), axis, False))
stack = _np('stack', lambda arrays, axis=0, **k: _join(_parts(arrays), axis, True))
vstack = _np('vstack', lambda tup, **k: _join([_atleast(a, 2) if _arraylike(a) else a for a in _parts(tup)], 0, False))
hstack = _np('hstack', lambda tup, **k: _hstack(tup))
column_stack = _np('column_stack', lambda tup: _axis_concat(_parts(tup), 2))
tile = _np('tile', lambda A, reps: _arrays.tile(A, reps))


def _axis_concat(parts, ndmin):  # numpy's AxisConcatenator: r_ (ndmin 1, axis 0) and c_ (ndmin 2, 1-D parts as columns, last axis)
    out = []
    for k in parts:
        if isinstance(k, slice):
            k = _arange(0 if k.start is None else k.start, k.stop, 1 if k.step is None else k.step)
        a = _array(k)
        if a.ndim == 0:
            a = a.reshape((1,) * ndmin)
        elif a.ndim < ndmin:
            a = a.reshape((a.size, 1))
        out.append(a)
    return _join(out, 0 if ndmin == 1 else out[0].ndim - 1, False)


class _Concatenator:  # np.r_[...] / np.c_[...] (slices become aranges; no string directives)
    def __init__(self, ndmin):
        self._ndmin = ndmin

    def __getitem__(self, key):
        return _axis_concat(list(key) if isinstance(key, tuple) else [key], self._ndmin)


r_ = _Concatenator(1)
c_ = _Concatenator(2)


from numpy import _grids  # noqa: E402 (it reads this module's names when called)
ogrid = _grids.ogrid
mgrid = _grids.mgrid
fill_diagonal = _grids.fill_diagonal
repeat = _np('repeat', lambda a, repeats, axis=None: _arrays.repeat(a, repeats, axis))
flip = _np('flip')
roll = _np('roll')


# (eagerly; an array inside a compiled frame is not split here: an opaque value)
def split(ary, indices_or_sections, axis=0):
    return _arrays.split(ary, indices_or_sections, axis)


def array_split(ary, indices_or_sections, axis=0):
    return _arrays.split(ary, indices_or_sections, axis, False)


swapaxes = _np('swapaxes', lambda a, x, y: _arrays.swapaxes(a, x, y))
moveaxis = _np('moveaxis', lambda a, source, destination: _arrays.moveaxis(a, source, destination))
rollaxis = _np('rollaxis', lambda a, axis, start=0: _arrays.rollaxis(a, axis, start))
broadcast_to = _np('broadcast_to')


def _clip_eager(a, a_min=None, a_max=None, *rest, **kw):  # numbers clip to a numpy scalar (np.int64 of ints)
    if _own_arr(a) and not rest and not kw:  # an array: element by element (its method)
        return a.clip(a_min, a_max)
    if rest or kw or any(_own_arr(x) or not isinstance(x, (int, float, type(None))) for x in (a, a_min, a_max)):
        return _traced_call(a, a_min, a_max, *rest, **kw)
    r = a if a_min is None or a >= a_min else a_min
    r = r if a_max is None or r <= a_max else a_max
    return __tparse_np_int__(float(r) if any(isinstance(x, float) for x in (a, a_min, a_max)) else r)


clip = _np('clip', _clip_eager)





where = _np('where', _funcs.where)
sort = _np('sort', lambda *a, **k: _arrays.sort(*a, **k))
argmax = _np('argmax', _reduction_eager('argmax'))
argmin = _np('argmin', _reduction_eager('argmin'))
log1p = _scalar(math.log1p, 'log1p')
expm1 = _scalar(math.expm1, 'expm1')
exp2 = _scalar(lambda x: 2.0 ** x, 'exp2')
sinh = _scalar(math.sinh, 'sinh')
cosh = _scalar(math.cosh, 'cosh')
trunc = _scalar(lambda x: float(math.trunc(x)) if isinstance(x, float) else x, 'trunc')
rint = _scalar(lambda x: float(_pyround(x)), 'rint')  # (half to even, as Python's round)
negative = _scalar(lambda x: -x, 'negative')
sign = _scalar(lambda x: x if x != x else (x > 0) - (x < 0) if isinstance(x, int) else float((x > 0) - (x < 0)), 'sign')
square = _scalar(lambda x: x * x, 'square')
def _round_eager(a, decimals=0, out=None):  # np.round of an array (its method) or of a number (numpy's half to even)
    if _own_arr(a) or isinstance(a, (list, tuple)):
        return _array(a).round(decimals)
    if isinstance(a, (int, float)) and not isinstance(a, bool):
        return __tparse_np_int__(_pyround(a, decimals) * 1.0 if isinstance(a, float) else a)
    return _traced_call(a, decimals)


round = _np('round', _round_eager)
around = _np('around', _round_eager)
def _predicate(fn, name):  # np.isnan / isinf / isfinite: eagerly a bool, or a bool array element by element
    def eager(x):
        if _own_arr(x):
            return ndarray([bool(fn(float(v))) for v in x._tparse_flat], x.shape, 'bool')
        if isinstance(x, (int, float)):
            return bool(fn(float(x)))
        return _traced_call(x)
    return _np(name, eager)


isin = _funcs.isin
in1d = _funcs.in1d
lexsort = _funcs.lexsort
ndim = _funcs.ndim


size = _grids.size
shape = _grids.shape
nanmean = _funcs.nanmean
unique = _np('unique', _funcs.unique)
bincount = _np('bincount', _funcs.bincount)
histogram = _np('histogram', _funcs.histogram)
quantile = _np('quantile', _funcs.quantile)
percentile = _np('percentile', _funcs.percentile)
median = _np('median', _funcs.median)
searchsorted = _np('searchsorted', _funcs.searchsorted)
digitize = _np('digitize', _funcs.digitize)
nonzero = _np('nonzero', lambda a: _array(a).nonzero())
flatnonzero = _np('flatnonzero', lambda a: _select.flatnonzero(a))
argwhere = _np('argwhere', lambda a: _select.argwhere(a))
count_nonzero = _np('count_nonzero', lambda a, axis=None, keepdims=False: _select.count_nonzero(a, axis, keepdims))
isnan = _predicate(math.isnan, 'isnan')
isinf = _predicate(math.isinf, 'isinf')
isfinite = _predicate(math.isfinite, 'isfinite')


logical_not = _np('logical_not')


def _ufunc2(name, op):  # a binary ufunc: eagerly the ndarray operator (numpy's broadcasting and promotion)
    def eager(x1, x2, *a, **k):
        if a or k or not (_arraylike(x1) and _arraylike(x2)):
            return _traced_call(x1, x2, *a)
        # (a list is an array; a number against an array is the array's reflected operator, as Python dispatches it)
        x1 = _array(x1) if isinstance(x1, (list, tuple)) else x1
        x2 = _array(x2) if isinstance(x2, (list, tuple)) else x2
        r = op(x1, x2)
        # (of two scalars a numpy scalar: np.mod(4, 2) is numpy.int64, np.mod(4, 2) == 1 numpy.bool_)
        return r if isinstance(r, ndarray) else __tparse_np_int__(r)
    return _np(name, eager)


add = _ufunc2('add', lambda a, b: a + b)
subtract = _ufunc2('subtract', lambda a, b: a - b)
multiply = _ufunc2('multiply', lambda a, b: a * b)
floor_divide = _ufunc2('floor_divide', lambda a, b: a // b)
mod = _ufunc2('mod', lambda a, b: a % b)
remainder = _ufunc2('remainder', lambda a, b: a % b)
fmod = _np('fmod')
greater = _ufunc2('greater', lambda a, b: a > b)
less = _ufunc2('less', lambda a, b: a < b)
greater_equal = _ufunc2('greater_equal', lambda a, b: a >= b)
less_equal = _ufunc2('less_equal', lambda a, b: a <= b)
equal = _ufunc2('equal', lambda a, b: a == b)
not_equal = _ufunc2('not_equal', lambda a, b: a != b)
logical_and = _np('logical_and')
logical_or = _np('logical_or')
dot = _np('dot', lambda a, b, out=None: _arrays.matmul(a, b) if _arraylike(a) and _arraylike(b) else _traced_call(a, b))
matmul = _np('matmul', lambda a, b, **k: _arrays.matmul(a, b) if _arraylike(a) and _arraylike(b) else _traced_call(a, b))
divide = _ufunc2('divide', lambda a, b: a / b)
true_divide = _ufunc2('true_divide', lambda a, b: a / b)
arctan2 = _np('arctan2')
hypot = _np('hypot')
sum = _np('sum', _sum_eager)
max = _np('max', _reduction_eager('max'))
amax = _np('amax', _reduction_eager('max'))
min = _np('min', _reduction_eager('min'))
amin = _np('amin', _reduction_eager('min'))
mean = _np('mean', _reduction_eager('mean'))
std = _np('std', lambda a, axis=None, dtype=None, out=None, ddof=0, keepdims=False: _array(a).std(axis, keepdims, ddof) if _arraylike(a) else _traced_call(a, axis))
var = _np('var', lambda a, axis=None, dtype=None, out=None, ddof=0, keepdims=False: _array(a).var(axis, keepdims, ddof) if _arraylike(a) else _traced_call(a, axis))
# np.average without weights is the mean (SparseTSF's `np.average(total_loss)`); np.ascontiguousarray copies row-major
average = _np('average', lambda a, axis=None, weights=None, **k: _array(a).mean(axis) if weights is None and _arraylike(a) else _traced_call(a, axis, weights))
ascontiguousarray = _np('ascontiguousarray', lambda a, dtype=None, **k: (_array(a) if dtype is None else _array(a).astype(dtype)) if _arraylike(a) else _traced_call(a))


def _expand_dims(a, axis):
    n = a.ndim + 1
    axis = axis + n if axis < 0 else axis
    return ndarray(a._tparse_flat, a.shape[:axis] + (1,) + a.shape[axis:], a._tparse_dtype)


def _atleast(a, n):  # np.atleast_2d's rule for vstack: a 1-D array is one row
    a = _array(a)
    return ndarray(a._tparse_flat, (1,) * (n - a.ndim) + a.shape, a._tparse_dtype) if a.ndim < n else a


def _atleast_nd(n):  # np.atleast_1d / 2d / 3d of each argument (a list for several); 3d puts a 1-D array in the middle
    def one(a):
        a = _array(a)
        if n == 3 and a.ndim == 1:
            return a.reshape((1, a.size, 1))
        if n == 3 and a.ndim == 2:
            return a.reshape(a.shape + (1,))
        return _atleast(a, n)

    def call(*arys):
        return one(arys[0]) if len(arys) == 1 else [one(a) for a in arys]
    return call


atleast_1d = _np('atleast_1d', _atleast_nd(1))
atleast_2d = _np('atleast_2d', _atleast_nd(2))
atleast_3d = _np('atleast_3d', _atleast_nd(3))


def _outer(a, b):  # np.outer: the flattened a against the flattened b, numpy's promoted dtype
    a, b = _array(a).ravel(), _array(b).ravel()
    flat = [x * y for x in a._tparse_flat for y in b._tparse_flat]
    return ndarray(flat, (a.size, b.size), _promote(a._tparse_dtype, b._tparse_dtype))


def _meshgrid(*xi, indexing='xy', **kw):
    """np.meshgrid of 1-D arrays: each input broadcast along its own axis (the first two axes swapped for 'xy', the
    MAE / DiT 2-D sin-cos position embedding's `np.meshgrid(grid_w, grid_h)`); a list of arrays"""
    if not _ball(_arraylike(x) for x in xi):
        return _traced_call(*xi)
    arrs = [_array(x).ravel() for x in xi]
    n = len(arrs)
    shape = [a.size for a in arrs]
    axes = list(range(n))
    if indexing == 'xy' and n >= 2:
        shape[0], shape[1] = shape[1], shape[0]
        axes[0], axes[1] = 1, 0
    out = []
    for k, a in enumerate(arrs):
        own = [1] * n
        own[axes[k]] = a.size
        out.append(ndarray(_shape.expand(a._tparse_flat, tuple(own), tuple(shape)), tuple(shape), a._tparse_dtype))
    return out


def _einsum(spec, *ops, **kw):  # np.einsum of an outer product of 1-D arrays ('m,d->md'); other forms stay opaque
    s = spec.replace(' ', '')
    if len(ops) == 2 and '->' in s:
        ins, out = s.split('->')
        parts = ins.split(',')
        if len(parts) == 2 and len(parts[0]) == 1 and len(parts[1]) == 1 and out == parts[0] + parts[1] and \
                _arraylike(ops[0]) and _arraylike(ops[1]) and _array(ops[0]).ndim == 1 and _array(ops[1]).ndim == 1:
            return _outer(ops[0], ops[1])
    return _traced_call(spec, *ops)


def _arraylike(a):  # what the small ndarray can hold: arrays, (nested) sequences, numbers; not an opaque value
    return isinstance(a, (ndarray, list, tuple, bool, int, float))


def _join(arrays, axis, new_axis):  # np.concatenate / np.stack of small arrays, numpy's dtype of the joined values
    if not isinstance(arrays, (list, tuple)) or not _ball(_arraylike(a) for a in arrays):
        return _traced_call(arrays, axis)  # a part tparse does not know (np.cross of ESMFold's frames): opaque
    arrs = [_array(a) for a in arrays]
    if new_axis:
        arrs = [_expand_dims(a, axis) for a in arrs]
    if axis is None:
        arrs, axis = [a.ravel() for a in arrs], 0
    r = _shape.join([(a._tparse_flat, a.shape) for a in arrs], axis)
    if r is None:
        raise ValueError('all the input array dimensions except for the concatenation axis must match exactly')
    dt = arrs[0]._tparse_dtype
    for a in arrs[1:]:
        dt = _promote(dt, a._tparse_dtype) if dt is not None else None
    return ndarray(r[0], r[1], dt)


def _append(arr, values, axis=None):  # flattened, as numpy appends without an axis (improved-diffusion's schedule)
    a, b = _array(arr), _array(values)
    flat = list(a._tparse_flat) + list(b._tparse_flat)
    return ndarray(flat, (len(flat),), _dtype_of(flat))


def _pad(array, pad_width, mode='constant', constant_values=0, **k):
    """np.pad of a small array: 'constant' (one value), 'edge', 'reflect', 'symmetric', 'wrap' (VideoPose3D's edge
    padding of a keypoint sequence); other modes and arguments leave an array of the padded shape and unknown data"""
    if not _arraylike(array):
        return _traced_call(array, pad_width, mode)
    a = _array(array)
    w = _shape.pad_widths(pad_width, a.ndim)
    cval = constant_values if isinstance(constant_values, (int, float)) else None
    r = _shape.pad(a._tparse_flat, a.shape, w, mode, cval) if cval is not None and not k else None
    if r is None:
        shape = tuple(n + b + e for n, (b, e) in zip(a.shape, w))
        return ndarray([_traced_call(array, pad_width, mode)] * _shape.size_of(shape), shape, a._tparse_dtype)
    return ndarray(r[0], r[1], a._tparse_dtype)


pad = _np('pad', _pad)
cumprod = _np('cumprod', _cumprod)


def _diff(a, n=1, axis=-1, prepend=None, append=None):  # n-th differences along an axis (SincNet's `np.diff(hz)`)
    if isinstance(a, torch.Tensor):
        return torch.diff(a, n, axis)
    if prepend is not None or append is not None:
        return _traced_call(a, n, axis, prepend, append)
    x = _array(a)
    for _ in range(n):
        nd = len(x.shape)
        ax = axis + nd if axis < 0 else axis
        if nd == 0 or ax < 0 or ax >= nd:
            raise ValueError('diff requires input that is at least one dimensional')
        m = x.shape[ax]
        inner = 1
        for d in x.shape[ax + 1:]:
            inner = inner * d
        flat = x._tparse_flat
        outer = len(flat) // (m * inner) if m * inner else 0
        out = []
        for o in range(outer):
            for k in range(m - 1):
                for i in range(inner):
                    out.append(flat[(o * m + k + 1) * inner + i] - flat[(o * m + k) * inner + i])
        shape = list(x.shape)
        shape[ax] = _bmax(0, m - 1)
        x = ndarray(out, tuple(shape), 'int64' if x._tparse_dtype == 'bool' else x._tparse_dtype)
    return x


diff = _np('diff', _diff)
append = _np('append', _append)
all = _np('all', lambda a, axis=None, keepdims=False, **k: _array(a).all(axis, keepdims))
any = _np('any', lambda a, axis=None, keepdims=False, **k: _array(a).any(axis, keepdims))
outer = _np('outer', lambda a, b, out=None: _outer(a, b) if _arraylike(a) and _arraylike(b) else _traced_call(a, b))
meshgrid = _np('meshgrid', _meshgrid)
einsum = _np('einsum', _einsum)

import numpy.random as random  # (the numpy.random stub: numpy_call / eager generators of ours)
import numpy.linalg as linalg  # (norm / solve / inv / det eagerly, numpy.linalg.* traced)
from numpy._index import tril_indices, triu_indices, diag_indices
from numpy import _arrays
matrix = _arrays.matrix
from numpy import _select
