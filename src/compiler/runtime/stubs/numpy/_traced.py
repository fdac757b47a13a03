"""tparse stub: numpy inside a compiled frame, as Dynamo traces it through torch._numpy. Every numpy function,
ndarray method and operator there is one graph node (`torch__dynamo_utils_wrapped_<name>`) whose value is an
ndarray. The functions below give each node its shape and dtype with torch's own ops on plain tensors and numpy's
defaults (float64 for floats, integer arrays promoted by the float functions); the compiler runs them, keeps the
result's type and drops their nodes (torch/interop/numpy_traced.cpp)."""
import torch

_F64 = torch.float64
_NAMES = {'float64': torch.float64, 'float': torch.float64, 'double': torch.float64, 'f8': torch.float64,
          'float32': torch.float32, 'single': torch.float32, 'f4': torch.float32, 'float16': torch.float16,
          'half': torch.float16, 'int64': torch.int64, 'int': torch.int64, 'long': torch.int64, 'i8': torch.int64,
          'int32': torch.int32, 'i4': torch.int32, 'int16': torch.int16, 'int8': torch.int8, 'uint8': torch.uint8,
          'bool': torch.bool, 'bool_': torch.bool, 'complex64': torch.complex64, 'complex128': torch.complex128}


def dtype_of(d):  # a numpy dtype spec (a name, np.float32, float, a torch dtype) as torch's
    if d is None:
        return None
    if isinstance(d, torch.dtype):
        return d
    if d is float:
        return torch.float64
    if d is int:
        return torch.int64
    if d is bool:
        return torch.bool
    return _NAMES.get(getattr(d, 'name', d), torch.float64)


def _has_float(x):
    if isinstance(x, float):
        return True
    if isinstance(x, (list, tuple)):
        for y in x:
            if _has_float(y):
                return True
    return False


def _holds_tensor(x):
    if isinstance(x, torch.Tensor):
        return True
    return isinstance(x, (list, tuple)) and any(_holds_tensor(y) for y in x)


def t(x, dtype=None):  # an array-like as a tensor, numpy's default dtype
    dt = dtype_of(dtype)
    if isinstance(x, torch.Tensor):
        return x if dt is None else x.to(dt)
    if isinstance(x, (list, tuple)):
        # (arrays anywhere inside: stacked level by level, their dtype kept; a list of pairs of float64 items is
        # float64)
        for y in x:
            if isinstance(y, torch.Tensor) or _holds_tensor(y):
                return torch.stack([t(z) for z in x]) if dt is None else torch.stack([t(z) for z in x]).to(dt)
    if dt is None:
        dt = _F64 if _has_float(x) else None
    return torch.tensor(x, dtype=dt)


def fl(x):  # numpy's float functions promote integers to float64
    x = t(x)
    return x if x.is_floating_point() or x.is_complex() else x.to(_F64)


def _unary_float(fn):
    return lambda x, *a, **k: fn(fl(x))


def _unary(fn):
    return lambda x, *a, **k: fn(t(x))


def _binary(fn, floats=False):
    def call(x, y, *a, **k):
        x = fl(x) if floats else t(x)
        return fn(x, y if isinstance(y, (int, float, bool)) else t(y))
    return call


def _reduce(fn, floats=False):
    def call(a, axis=None, dtype=None, out=None, keepdims=False, **kw):
        x = fl(a) if floats else t(a)
        if dtype is not None:
            x = x.to(dtype_of(dtype))
        if axis is None:
            y = fn(x.reshape(-1), 0, False)
            return y.reshape([1] * x.dim()) if keepdims else y
        return fn(x, axis, keepdims)
    return call


def _creation(fn):
    def call(shape, dtype=None, *a, **k):
        return fn(shape, dtype=dtype_of(dtype) or _F64)
    return call


def _arange(start, stop=None, step=1, dtype=None, **k):
    if stop is None:
        start, stop = 0, start
    dt = dtype_of(dtype) or (_F64 if _has_float([start, stop, step]) else torch.int64)
    return torch.arange(start, stop, step, dtype=dt)


def _linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    return torch.linspace(start, stop, num, dtype=dtype_of(dtype) or _F64)


def _eye(N, M=None, k=0, dtype=None, **kw):
    return torch.eye(N, M if M is not None else N, dtype=dtype_of(dtype) or _F64)


def _full(shape, fill_value, dtype=None, **k):
    return torch.full(shape if isinstance(shape, (list, tuple)) else (shape,), fill_value,
                      dtype=dtype_of(dtype) or (_F64 if isinstance(fill_value, float) else torch.int64))


def _like(fn):
    def call(a, dtype=None, *x, **k):
        return fn(t(a), dtype=dtype_of(dtype) or t(a).dtype)
    return call


def _unique(a, return_index=False, return_inverse=False, return_counts=False, **k):
    # (run eagerly after its break, numpy's own unique: its first flagless call imports numpy.ma, numpy/_funcs.py)
    if not (return_index or return_inverse or return_counts):
        from numpy._funcs import _np_ma_import
        _np_ma_import()
    return torch.unique(t(a))


def _reshape(a, *shape, order='C', newshape=None):
    if newshape is not None:
        shape = (newshape,)
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    return t(a).reshape(shape)


def _transpose(a, *axes):
    x = t(a)
    if len(axes) == 1 and isinstance(axes[0], (list, tuple)):
        axes = tuple(axes[0])
    if len(axes) == 0 or axes[0] is None:
        axes = tuple(range(x.dim() - 1, -1, -1))
    return x.permute(axes)


def _squeeze(a, axis=None):
    return t(a).squeeze() if axis is None else t(a).squeeze(axis)


def _concatenate(seq, axis=0, **k):
    xs = [t(x) for x in seq]
    if axis is None:
        return torch.cat([x.reshape(-1) for x in xs])
    return torch.cat(xs, axis)


def _flatten(a, *x, **k):
    return t(a).reshape(-1)


def _cumulative(fn):
    def call(a, axis=None, dtype=None, out=None):
        x = t(a)
        return fn(x.reshape(-1), 0) if axis is None else fn(x, axis)
    return call


def _repeat(a, repeats, axis=None):
    x = t(a)
    return x.reshape(-1).repeat_interleave(repeats) if axis is None else x.repeat_interleave(repeats, axis)


def _clip(a, a_min=None, a_max=None, *x, **k):
    return torch.clamp(t(a), a_min, a_max)


def _where(c, x=None, y=None):  # one argument: np.nonzero's tuple of index arrays (data-dependent lengths)
    if x is None and y is None:
        return torch.nonzero(t(c), as_tuple=True)
    return torch.where(t(c), t(x), t(y))


def _sort(fn):
    def call(a, axis=-1, kind=None, order=None, **k):
        x = t(a)
        return fn(x.reshape(-1), 0) if axis is None else fn(x, axis)
    return call


def _argreduce(fn):
    def call(a, axis=None, out=None, keepdims=False):
        x = t(a)
        return fn(x.reshape(-1), 0) if axis is None else fn(x, axis, keepdims)
    return call


def _getitem(a, i):
    x = t(a)
    idx = i if isinstance(i, tuple) else (i,)
    if any(isinstance(k, slice) and k.step is not None and k.step < 0 for k in idx) and Ellipsis not in idx:
        # numpy's negative steps (`a[:, ::-1]`; torch has none): a forward slice of the same length gives the type
        out, d = [], 0
        for k in idx:
            if isinstance(k, slice) and k.step is not None and k.step < 0:
                out.append(slice(0, len(range(x.shape[d])[k])))
            else:
                out.append(k)
            if k is not None:
                d = d + 1
        i = tuple(out)
    return x[i]


_FLOAT_UNARY = {'exp': torch.exp, 'log': torch.log, 'log2': torch.log2, 'log10': torch.log10, 'sqrt': torch.sqrt,
                'sin': torch.sin, 'cos': torch.cos, 'tan': torch.tan, 'tanh': torch.tanh, 'sinh': torch.sinh,
                'cosh': torch.cosh, 'arctan': torch.atan, 'arcsin': torch.asin, 'arccos': torch.acos,
                'log1p': torch.log1p, 'expm1': torch.expm1, 'exp2': torch.exp2, 'floor': torch.floor,
                'ceil': torch.ceil, 'trunc': torch.trunc, 'rint': torch.round, 'reciprocal': torch.reciprocal}
_UNARY = {'absolute': torch.abs, 'abs': torch.abs, 'negative': torch.neg, 'sign': torch.sign, 'square': torch.square,
          'round': torch.round, 'around': torch.round, 'isnan': torch.isnan, 'isinf': torch.isinf,
          'isfinite': torch.isfinite, 'logical_not': torch.logical_not}
_BINARY = {'maximum': torch.maximum, 'minimum': torch.minimum, 'add': torch.add, 'subtract': torch.sub,
           'multiply': torch.mul, 'floor_divide': torch.floor_divide, 'mod': torch.remainder,
           'remainder': torch.remainder, 'fmod': torch.fmod, 'greater': torch.gt, 'less': torch.lt,
           'greater_equal': torch.ge, 'less_equal': torch.le, 'equal': torch.eq, 'not_equal': torch.ne,
           'logical_and': torch.logical_and, 'logical_or': torch.logical_or, 'dot': torch.matmul,
           'matmul': torch.matmul, 'outer': torch.outer}
_BINARY_FLOAT = {'power': torch.pow, 'divide': torch.div, 'true_divide': torch.div, 'arctan2': torch.atan2,
                 'hypot': torch.hypot}
_REDUCE = {'sum': lambda x, d, k: torch.sum(x, d, keepdim=k), 'prod': lambda x, d, k: torch.prod(x, d, keepdim=k),
           'max': lambda x, d, k: torch.amax(x, d, keepdim=k), 'amax': lambda x, d, k: torch.amax(x, d, keepdim=k),
           'min': lambda x, d, k: torch.amin(x, d, keepdim=k), 'amin': lambda x, d, k: torch.amin(x, d, keepdim=k),
           'all': lambda x, d, k: torch.all(x, d, keepdim=k), 'any': lambda x, d, k: torch.any(x, d, keepdim=k)}
_REDUCE_FLOAT = {'mean': lambda x, d, k: torch.mean(x, d, keepdim=k), 'std': lambda x, d, k: torch.std(x, d, keepdim=k),
                 'var': lambda x, d, k: torch.var(x, d, keepdim=k)}

def _rollaxis(a, axis, start=0):  # torch._numpy's rollaxis: the moved axes go to Tensor.view as a shape, which fails
    x = t(a)                        # whenever an axis moves (torch 2.11: "shape '[1, 0, 2, 3]' is invalid ...")
    n = x.dim()
    axis = axis + n if axis < 0 else axis
    start = start + n if start < 0 else start
    if axis < start:
        start -= 1
    if axis == start:
        return x
    axes = list(range(0, n))
    axes.remove(axis)
    axes.insert(start, axis)
    return x.view(axes)


def _pad(array, pad_width, mode='constant', **k):  # np.pad: the padded shape, the array's dtype
    from numpy._shape import pad_widths
    x = t(array)
    w = pad_widths(pad_width, x.dim())
    return torch.zeros([n + b + a for n, (b, a) in zip(x.shape, w)], dtype=x.dtype)


FUNCS = {'pad': _pad, 'array': lambda obj, dtype=None, *a, **k: t(obj, dtype), 'asarray': lambda obj, dtype=None, *a, **k: t(obj, dtype),
         'zeros': _creation(torch.zeros), 'ones': _creation(torch.ones), 'empty': _creation(torch.empty),
         'full': _full, 'zeros_like': _like(torch.zeros_like), 'ones_like': _like(torch.ones_like),
         'empty_like': _like(torch.empty_like), 'eye': _eye, 'identity': lambda n, dtype=None: _eye(n, dtype=dtype),
         'arange': _arange, 'linspace': _linspace, 'reshape': _reshape, 'ravel': _flatten, 'transpose': _transpose,
         'expand_dims': lambda a, axis: t(a).unsqueeze(axis), 'squeeze': _squeeze, 'concatenate': _concatenate,
         'stack': lambda seq, axis=0, **k: torch.stack([t(x) for x in seq], axis),
         'vstack': lambda seq, **k: torch.vstack([t(x) for x in seq]),
         'hstack': lambda seq, **k: torch.hstack([t(x) for x in seq]),
         'column_stack': lambda seq, **k: torch.column_stack([t(x) for x in seq]),
         'atleast_1d': lambda a: torch.atleast_1d(t(a)), 'atleast_2d': lambda a: torch.atleast_2d(t(a)),
         'atleast_3d': lambda a: torch.atleast_3d(t(a)),
         'tile': lambda a, reps: torch.tile(t(a), reps if isinstance(reps, (list, tuple)) else (reps,)),
         'repeat': _repeat, 'flip': lambda a, axis=None: torch.flip(t(a), list(range(t(a).dim())) if axis is None else axis),
         'roll': lambda a, shift, axis=None: t(a).roll(shift) if axis is None else t(a).roll(shift, axis),
         'swapaxes': lambda a, x, y: t(a).transpose(x, y), 'moveaxis': lambda a, s, d: t(a).movedim(s, d),
         'broadcast_to': lambda a, shape: t(a).expand(shape), 'clip': _clip, 'where': _where,
         'cumsum': _cumulative(torch.cumsum), 'cumprod': _cumulative(torch.cumprod),
         'sort': _sort(lambda x, d: torch.sort(x, d)[0]), 'argsort': _sort(torch.argsort),
         'append': lambda arr, values, axis=None: torch.cat([t(arr).reshape(-1), t(values).reshape(-1)]) if axis is None
         else torch.cat([t(arr), t(values)], axis),
         'unique': _unique, 'rollaxis': _rollaxis,
         'bincount': lambda x, weights=None, minlength=0: torch.bincount(t(x), None if weights is None else t(weights), minlength),
         'histogram': lambda a, bins=10, range=None, **k: torch.histogram(t(a).double(), bins, range=range), 'nonzero': lambda a: torch.nonzero(t(a), as_tuple=True),
         'argmax': _argreduce(torch.argmax), 'argmin': _argreduce(torch.argmin), 'copy': lambda a, *x, **k: t(a).clone(),
         'triu': lambda m, k=0: torch.triu(t(m), k), 'tril': lambda m, k=0: torch.tril(t(m), k),
         'diag': lambda v, k=0: torch.diag(t(v), k),
         'average': lambda a, axis=None, weights=None, **k: torch.mean(t(a)) if axis is None else torch.mean(t(a), axis),
         'ascontiguousarray': lambda a, dtype=None, **k: t(a).clone(),
         'einsum': lambda spec, *ops, **k: torch.einsum(spec, *[t(o) for o in ops]),
         'meshgrid': lambda *xi, indexing='xy', **k: torch.stack(torch.meshgrid(*[t(x) for x in xi], indexing=indexing)),
         'diff': lambda a, n=1, axis=-1, **k: torch.diff(t(a), n, axis)}
for _n, _f in _FLOAT_UNARY.items():
    FUNCS[_n] = _unary_float(_f)
for _n, _f in _UNARY.items():
    FUNCS[_n] = _unary(_f)
for _n, _f in _BINARY.items():
    FUNCS[_n] = _binary(_f)
for _n, _f in _BINARY_FLOAT.items():
    FUNCS[_n] = _binary(_f, True)
for _n, _f in _REDUCE.items():
    FUNCS[_n] = _reduce(_f)
for _n, _f in _REDUCE_FLOAT.items():
    FUNCS[_n] = _reduce(_f, True)

# ndarray methods: the function of the same name with the array first

FUNCS['digitize'] = lambda x, bins, right=False: torch.bucketize(t(x), t(bins), right=not right)
# the nonzero family (data-dependent sizes: a graph break in a frame, numpy_traced.cpp)
FUNCS['flatnonzero'] = lambda a: torch.nonzero(t(a).reshape(-1)).reshape(-1)
FUNCS['argwhere'] = lambda a: torch.nonzero(t(a))
FUNCS['count_nonzero'] = lambda a, axis=None, keepdims=False: \
    torch.count_nonzero(t(a)) if axis is None else torch.count_nonzero(t(a), axis)
# numpy.linalg (torch._numpy.linalg: torch.linalg on float64)
FUNCS.update({'linalg.norm': lambda x, ord=None, axis=None, keepdims=False: torch.linalg.norm(fl(x), ord, axis, keepdims),
              'linalg.solve': lambda a, b: torch.linalg.solve(fl(a), fl(b)), 'linalg.inv': lambda a: torch.linalg.inv(fl(a)),
              'linalg.det': lambda a: torch.linalg.det(fl(a)), 'linalg.eig': lambda a: torch.linalg.eig(fl(a)),
              'linalg.eigh': lambda a, UPLO='L': torch.linalg.eigh(fl(a), UPLO),
              'linalg.svd': lambda a, full_matrices=True, compute_uv=True, **k: torch.linalg.svd(fl(a), full_matrices)
              if compute_uv else torch.linalg.svdvals(fl(a)),
              'linalg.qr': lambda a, mode='reduced': torch.linalg.qr(fl(a), mode), 'linalg.pinv': lambda a, *x, **k: torch.linalg.pinv(fl(a)),
              'linalg.cholesky': lambda a: torch.linalg.cholesky(fl(a)),
              'linalg.matrix_power': lambda a, n: torch.linalg.matrix_power(t(a), n)})
# torch._numpy's sinc and window functions
FUNCS['sinc'] = lambda x: torch.sinc(fl(x))


def _quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, **k):
    x, qq = fl(a), fl(q) if not isinstance(q, (int, float)) else float(q)
    return torch.quantile(x, qq, dim=axis, keepdim=keepdims)


FUNCS['quantile'] = _quantile
FUNCS['searchsorted'] = lambda a, v, side='left', sorter=None: torch.searchsorted(t(a), t(v), right=side == 'right')
FUNCS['percentile'] = lambda a, q, axis=None, *r, **k: _quantile(a, q / 100 if isinstance(q, (int, float)) else fl(q) / 100, axis, *r, **k)
FUNCS['median'] = lambda a, axis=None, out=None, overwrite_input=False, keepdims=False: _quantile(a, 0.5, axis, keepdims=keepdims)
for _n, _f in (('hamming', torch.hamming_window), ('hanning', torch.hann_window), ('bartlett', torch.bartlett_window),
               ('blackman', torch.blackman_window)):
    FUNCS[_n] = (lambda f: lambda M: f(M, periodic=False, dtype=torch.float64))(_f)

METHODS = {'astype': lambda a, dtype, *x, **k: t(a).to(dtype_of(dtype)), 'reshape': _reshape, 'flatten': _flatten,
           'ravel': _flatten, 'transpose': _transpose, 'squeeze': _squeeze, 'copy': lambda a, *x, **k: t(a).clone(),
           'clip': _clip, 'round': FUNCS['round'], 'dot': FUNCS['dot'], 'repeat': _repeat,
           'swapaxes': FUNCS['swapaxes'], 'cumsum': FUNCS['cumsum'], 'cumprod': FUNCS['cumprod'],
           'argmax': FUNCS['argmax'], 'argmin': FUNCS['argmin'], 'argsort': FUNCS['argsort'], 'getitem': _getitem}
for _n in list(_REDUCE) + list(_REDUCE_FLOAT):
    METHODS[_n] = FUNCS[_n]
