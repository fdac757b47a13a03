"""Index-array selection of the numpy stub's small ndarray, eagerly: np.nonzero / ndarray.nonzero (one int64 index
array per axis, row-major), np.flatnonzero, np.argwhere, np.count_nonzero, and advanced indexing by a tuple of
integer (or boolean) index arrays that broadcast together (`a[rows, cols]` read and written, `a[a.nonzero()] = -inf`,
`X[np.arange(n)[:, None], idx[:, :k]] = True`): numpy/_core/fromnumeric.py, numeric.py and mapping.c's rules."""
import numpy as _n
from numpy import _shape


def nonzero(a):
    """the indices of the nonzero elements, one int64 array per axis (a 0-d array: numpy 2 refuses it)"""
    a = _n._array(a)
    if a.ndim == 0:
        raise ValueError('Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. '
                         'If the context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.')
    per = [[] for _ in range(a.ndim)]
    for o, x in enumerate(a._tparse_flat):
        if x:
            for d, k in enumerate(_shape.unravel(o, a.shape)):
                per[d].append(k)
    return tuple(_n.ndarray(p, (len(p),), 'int64') for p in per)


def flatnonzero(a):
    a = _n._array(a)
    hits = [o for o, x in enumerate(a._tparse_flat) if x]
    return _n.ndarray(hits, (len(hits),), 'int64')


def argwhere(a):  # (N, ndim) int64: the nonzero elements' index tuples, row-major
    a = _n._array(a)
    if a.ndim == 0:
        return _n.ndarray([], (1 if a._tparse_flat[0] else 0, 0), 'int64')
    rows = [_shape.unravel(o, a.shape) for o, x in enumerate(a._tparse_flat) if x]
    return _n.ndarray([k for r in rows for k in r], (len(rows), a.ndim), 'int64')


def count_nonzero(a, axis=None, keepdims=False):
    a = _n._array(a)
    if axis is None and not keepdims:
        return len([x for x in a._tparse_flat if x])
    return (a != 0).astype('int64').sum(axis=axis, keepdims=keepdims)


def _index_arrays(a, idx):
    """the tuple's entries as int64 index arrays broadcast together, with the shape they broadcast to; None when the
    tuple is not all integer / boolean arrays, lists and ints with at least one array"""
    if not isinstance(idx, tuple) or len(idx) > a.ndim:
        return None
    parts = []
    for k in idx:
        if isinstance(k, bool) or not (isinstance(k, (int, list)) or _n._own_arr(k)):
            return None
        x = _n._array(k) if not isinstance(k, int) else k
        if isinstance(x, int):
            parts.append(x)
        elif x._tparse_dtype == 'bool':
            parts.extend(nonzero(x))
        elif x._tparse_dtype in ('int64', 'int32', 'int16', 'int8', 'uint8') or x.size == 0:
            parts.append(x)
        else:
            raise IndexError('arrays used as indices must be of integer (or boolean) type')
    if len(parts) > a.ndim or not any(_n._own_arr(p) for p in parts):
        return None
    shape = ()
    for p in parts:
        if _n._own_arr(p):
            shape = _shape.broadcast_shapes(shape, p.shape)
            if shape is None:
                raise IndexError('shape mismatch: indexing arrays could not be broadcast together with shapes ' +
                                 ' '.join([str(q.shape) for q in parts if _n._own_arr(q)]))
    n = _shape.size_of(shape)
    cols = []
    for d, p in enumerate(parts):
        vals = _shape.expand(p._tparse_flat, p.shape, shape) if _n._own_arr(p) else [p] * n
        size = a.shape[d]
        out = []
        for v in vals:
            v = int(v)
            if v < -size or v >= size:
                raise IndexError('index ' + str(v) + ' is out of bounds for axis ' + str(d) + ' with size ' + str(size))
            out.append(v + size if v < 0 else v)
        cols.append(out)
    return cols, tuple(shape)


def take(a, idx):
    """a[idx] for a tuple of index arrays (broadcast), or None when idx is another form"""
    got = _index_arrays(a, idx)
    if got is None:
        return None
    cols, shape = got
    flat, out_shape = _shape.take_points(a._tparse_flat, a.shape, cols, shape)
    return _n.ndarray(flat, out_shape, a._tparse_dtype)


def put(a, idx, v):
    """a[idx] = v for a tuple of index arrays (broadcast): each selected element (or sub-block of the axes left) takes
    v broadcast to the selection's shape, in order (a repeated index keeps the last value); False when idx is another
    form"""
    got = _index_arrays(a, idx)
    if got is None:
        return False
    cols, shape = got
    k = len(cols)
    rest = tuple(a.shape[k:])
    inner = _shape.size_of(rest)
    st = _shape.strides_of(a.shape)
    n = _shape.size_of(shape)
    if _n._own_arr(v) or isinstance(v, (list, tuple)):
        src = _n._array(v)
        full = tuple(shape) + rest
        if _shape.broadcast_shapes(src.shape, full) != full:
            raise ValueError('shape mismatch: value array of shape ' + str(src.shape) +
                             ' could not be broadcast to indexing result of shape ' + str(full))
        vals = _shape.expand(src._tparse_flat, src.shape, full)
    else:
        vals = None
    for p in range(n):
        off = 0
        for d in range(k):
            off = off + cols[d][p] * st[d]
        for q in range(inner):
            a._write(off + q, v if vals is None else vals[p * inner + q])
    return True
