"""Array builders of the numpy stub, computed eagerly on its small ndarray: argsort, triu / tril, eye, diag, tile,
repeat and matmul / dot of 1-D and 2-D arrays (numpy/lib/_shape_base_impl.py, _function_base_impl.py,
core/fromnumeric.py). Forms not modelled (a 2-D
argsort, a repeat with per-element counts along an axis) are opaque values as before."""
import numpy as _n
from numpy import _shape
from numpy._dtypes import _cast, _promote
from numpy_call_traced_by_dynamo import call as _traced_call


def _lanes(arr, axis):
    """the flat indices of each 1-D lane of `arr` along `axis` (numpy's iteration over the other axes, in C order)"""
    shape = arr.shape
    axis = axis + len(shape) if axis < 0 else axis
    step = 1
    for d in shape[axis + 1:]:
        step *= d
    n = shape[axis]
    outer = 1
    for d in shape[:axis]:
        outer *= d
    lanes = []
    for o in range(outer):
        for i in range(step):
            base = o * n * step + i
            lanes.append([base + j * step for j in range(n)])
    return lanes


def _sort_lanes(a, axis, indices):
    arr = _n._array(a)
    if not _n._own_arr(arr):
        return None
    if axis is None:
        arr = arr.ravel()
        axis = -1
    if arr.ndim == 0 or not (-arr.ndim <= axis < arr.ndim):
        return None
    xs = arr._tparse_flat
    out = list(xs) if not indices else [0] * len(xs)
    # ties keep their order (a stable sort: numpy's default one may order tied indices otherwise; values agree)
    for lane in _lanes(arr, axis):
        order = sorted(range(len(lane)), key=lambda j: xs[lane[j]])
        for j, k in enumerate(order):
            out[lane[j]] = k if indices else xs[lane[k]]
    return _n.ndarray(out, arr.shape, 'int64' if indices else arr._tparse_dtype)


def argsort(a, axis=-1, kind=None, order=None):
    got = _sort_lanes(a, axis, True)
    return got if got is not None else _traced_call(a, axis)


def sort(a, axis=-1, kind=None, order=None):
    got = _sort_lanes(a, axis, False)
    return got if got is not None else _traced_call(a, axis)


def _axes(x, n):
    xs = list(x) if isinstance(x, (list, tuple)) else [x]
    return [int(v) + n if int(v) < 0 else int(v) for v in xs]


def moveaxis(a, source, destination):
    """numpy.moveaxis: the axes `source` moved to `destination`, the others kept in order (a transposed view)"""
    arr = _n._array(a)
    if not _n._own_arr(arr):
        return _traced_call(a, source, destination)
    src, dst = _axes(source, arr.ndim), _axes(destination, arr.ndim)
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [i for i in range(arr.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return arr.transpose(*order)


def rollaxis(a, axis, start=0):  # numpy.rollaxis: `axis` moved to sit before position `start`
    n = a.ndim
    axis = axis + n if axis < 0 else axis
    start = start + n if start < 0 else start
    if axis < start:
        start -= 1
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(*axes)


def swapaxes(a, x, y):
    arr = _n._array(a)
    if not _n._own_arr(arr):
        return _traced_call(a, x, y)
    order = list(range(arr.ndim))
    i, j = _axes(x, arr.ndim)[0], _axes(y, arr.ndim)[0]
    order[i], order[j] = order[j], order[i]
    return arr.transpose(*order)


def split(ary, indices_or_sections, axis=0, exact=True):
    """numpy.split / array_split: the parts of `ary` along `axis`, at the given indices or in N sections (split: of
    equal size, else ValueError; array_split: the first n % N one longer)"""
    arr = _n._array(ary)
    if not _n._own_arr(arr) or arr.ndim == 0:
        return _traced_call(ary, indices_or_sections, axis)
    axis = axis + arr.ndim if axis < 0 else axis
    n = arr.shape[axis]
    if isinstance(indices_or_sections, int):
        k = indices_or_sections
        if k <= 0:
            raise ValueError('number sections must be larger than 0.')
        if exact and n % k:
            raise ValueError('array split does not result in an equal division')
        each, extra = n // k, n % k
        bounds = [0]
        for i in range(k):
            bounds.append(bounds[-1] + each + (1 if i < extra else 0))
    else:
        bounds = [0] + [int(i) for i in indices_or_sections] + [n]
    parts = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        parts.append(arr[(slice(None),) * axis + (slice(a, b),)])
    return parts


def tri(a, k, upper):  # numpy.triu / tril: over the last two axes, the entries below (above) diagonal k set to 0
    arr = _n._array(a)
    if not _n._own_arr(arr) or arr.ndim < 2:
        return _traced_call(a, k)  # a 1-D input (numpy makes it a matrix first) is not modelled
    rows, cols = arr.shape[-2], arr.shape[-1]
    flat = list(arr._tparse_flat)
    zero = _cast([0], arr._tparse_dtype)[0]
    for base in range(0, len(flat), rows * cols):
        for r in range(rows):
            for c in range(cols):
                if (upper and c - r < k) or (not upper and c - r > k):
                    flat[base + r * cols + c] = zero
    return _n.ndarray(flat, arr.shape, arr._tparse_dtype)


def eye(n, m=None, k=0, dtype=None):
    m = n if m is None else m
    one = _n._full((n, m), 0, dtype)
    for r in range(n):
        if 0 <= r + k < m:
            one._tparse_flat[r * m + r + k] = _cast([1], one._tparse_dtype)[0]
    return one


def diag(v, k=0):
    """np.diag: a 1-D array laid on the k-th diagonal of a square matrix, or the k-th diagonal of a 2-D array"""
    arr = _n._array(v)
    if arr.ndim == 1:
        n = arr.size + (k if k >= 0 else -k)
        out = _n._full((n, n), 0, arr._tparse_dtype)
        for i in range(arr.size):
            r, c = (i, i + k) if k >= 0 else (i - k, i)
            out._tparse_flat[r * n + c] = arr._tparse_flat[i]
        return out
    if arr.ndim != 2:
        raise ValueError("Input must be 1- or 2-d.")
    rows, cols = arr.shape
    vals = []
    r, c = (0, k) if k >= 0 else (-k, 0)
    while r < rows and c < cols:
        vals.append(arr._tparse_flat[r * cols + c])
        r, c = r + 1, c + 1
    return _n.ndarray(vals, (len(vals),), arr._tparse_dtype)


def tile(a, reps):
    """np.tile: the array repeated `reps` times along each axis (reps longer than ndim adds leading axes of 1)"""
    arr = _n._array(a)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    shape = tuple(arr.shape)
    if len(reps) > len(shape):
        shape = (1,) * (len(reps) - len(shape)) + shape
    reps = (1,) * (len(shape) - len(reps)) + reps
    out_shape = tuple(d * r for d, r in zip(shape, reps))
    src = _shape.strides_of(shape)
    offs = [0]
    for d, r, s in zip(shape, reps, src):
        offs = [o + (i % d) * s for o in offs for i in range(d * r)]
    return _n.ndarray([arr._tparse_flat[o] for o in offs], out_shape, arr._tparse_dtype)


def repeat(a, repeats, axis=None):
    """np.repeat / ndarray.repeat: each element (each slice along `axis`) `repeats` times in a row; without an axis
    the array is flattened first"""
    arr = _n._array(a)
    if axis is None:
        arr = _n.ndarray(arr._tparse_flat, (arr.size,), arr._tparse_dtype)
        axis = 0
    axis = axis + arr.ndim if axis < 0 else axis
    n = arr.shape[axis]
    counts = [repeats] * n if isinstance(repeats, int) else list(repeats)
    if len(counts) != n:
        return _traced_call(a, repeats, axis)  # numpy raises here; not modelled
    inner = _shape.size_of(arr.shape[axis + 1:])
    outer = _shape.size_of(arr.shape[:axis])
    flat = []
    for o in range(outer):
        for i in range(n):
            chunk = arr._tparse_flat[(o * n + i) * inner:(o * n + i + 1) * inner]
            for _ in range(counts[i]):
                flat.extend(chunk)
    shape = arr.shape[:axis] + (sum(counts),) + arr.shape[axis + 1:]
    return _n.ndarray(flat, shape, arr._tparse_dtype)


def matmul(a, b):
    """a @ b / np.dot of 1-D and 2-D arrays (a vector with a vector: their inner product, a number; a matrix with a
    vector: a vector); other ranks (a batched matmul) are a traced call, as before"""
    x, y = _n._array(a), _n._array(b)
    if x.ndim not in (1, 2) or y.ndim not in (1, 2):
        return _traced_call(a, b)
    dt = _promote(x._tparse_dtype, y._tparse_dtype) or 'float64'
    xr, xc = (1, x.shape[0]) if x.ndim == 1 else x.shape
    yr, yc = (y.shape[0], 1) if y.ndim == 1 else y.shape
    if xc != yr:
        raise ValueError("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         "(n?,k),(k,m?)->(n?,m?) (size " + str(yr) + " is different from " + str(xc) + ")")
    xf, yf = x._tparse_flat, y._tparse_flat
    out = []
    for i in range(xr):
        for j in range(yc):
            acc = 0
            for k in range(xc):
                acc = acc + xf[i * xc + k] * yf[k * yc + j]
            out.append(acc)
    out = _cast(out, dt)
    if x.ndim == 1 and y.ndim == 1:
        return _n.ndarray(out, (), dt).item()  # (numpy's scalar of that dtype)
    shape = (xr, yc) if x.ndim == 2 and y.ndim == 2 else (yc,) if x.ndim == 1 else (xr,)
    return _n.ndarray(out, shape, dt)



class matrix(_n.ndarray):
    """np.matrix as scipy.sparse's sums along an axis give it, or built from nested lists: always 2-D; `.A` is the
    array and `.A1` its row-major ravel (ppnp's `np.sum(A, axis=1).A1`). Other operations give plain arrays here."""
    def __init__(self, data, shape=None, dtype=None):
        if shape is None:
            a = _n._array(data, dtype)
            shape = a.shape if a.ndim == 2 else (1, a.size) if a.ndim < 2 else None
            if shape is None:
                raise ValueError('matrix must be 2-dimensional')
            data, dtype = a.ravel()._tparse_flat, a._tparse_dtype
        super().__init__(data, shape, dtype)

    @property
    def A(self):
        return _n.ndarray(self._tparse_flat, self.shape, self._tparse_dtype)

    @property
    def A1(self):
        return _n.ndarray(self._tparse_flat, (self.size,), self._tparse_dtype)

    def getA(self):
        return self.A

    def getA1(self):
        return self.A1
