"""tparse stub of scipy.spatial.distance: pairwise distances of the points model code builds its inputs from
(graph-convnet-tsp's `squareform(pdist(nodes_coord, metric='euclidean'))` edge values), computed eagerly as scipy does:
pdist's condensed vector of the pairs i < j in row order, squareform between that vector and the symmetric matrix of
zero diagonal, cdist's full matrix. Metrics: euclidean, sqeuclidean, cityblock, chebyshev, cosine, minkowski (p). An
argument of data tparse does not know gives an opaque value."""
import math

import numpy as _n


def _rows(X):
    a = _n._array(X)
    if not _n._own_arr(a):
        return None
    if a.ndim != 2:
        raise ValueError('A 2-dimensional array must be passed.')
    m, d = a.shape
    flat = [float(v) for v in a._tparse_flat]
    return [flat[i * d:(i + 1) * d] for i in range(m)]


def _metric(metric, p):
    if callable(metric):
        return lambda u, v: float(metric(_n.array(u), _n.array(v)))
    if metric == 'euclidean':
        return lambda u, v: math.sqrt(sum((a - b) ** 2 for a, b in zip(u, v)))
    if metric == 'sqeuclidean':
        return lambda u, v: sum((a - b) ** 2 for a, b in zip(u, v))
    if metric in ('cityblock', 'manhattan'):
        return lambda u, v: sum(abs(a - b) for a, b in zip(u, v))
    if metric == 'chebyshev':
        return lambda u, v: max(abs(a - b) for a, b in zip(u, v))
    if metric == 'minkowski':
        return lambda u, v: sum(abs(a - b) ** p for a, b in zip(u, v)) ** (1.0 / p)
    if metric == 'cosine':
        def cos(u, v):
            uv = sum(a * b for a, b in zip(u, v))
            return 1.0 - uv / (math.sqrt(sum(a * a for a in u)) * math.sqrt(sum(b * b for b in v)))
        return cos
    raise ValueError('Unknown Distance Metric: ' + str(metric))


def _opaque(name):
    __tparse_unmodelled__('scipy.spatial.distance.' + name)
    return __tparse_opaque__('scipy.spatial.distance.' + name)


def pdist(X, metric='euclidean', p=2, **kwargs):
    rows = _rows(X)
    if rows is None:
        return _opaque('pdist')
    f = _metric(metric, p)
    out = []
    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            out.append(f(rows[i], rows[j]))
    return _n.ndarray(out, (len(out),), 'float64')


def cdist(XA, XB, metric='euclidean', p=2, **kwargs):
    a, b = _rows(XA), _rows(XB)
    if a is None or b is None:
        return _opaque('cdist')
    if a and b and len(a[0]) != len(b[0]):
        raise ValueError('XA and XB must have the same number of columns (i.e. feature dimension.)')
    f = _metric(metric, p)
    return _n.ndarray([f(u, v) for u in a for v in b], (len(a), len(b)), 'float64')


def squareform(X, force='no', checks=True):
    a = _n._array(X)
    if not _n._own_arr(a):
        return _opaque('squareform')
    vals = list(a._tparse_flat)
    if a.ndim == 1:  # condensed -> the symmetric matrix
        k = len(vals)
        n = int(math.ceil(math.sqrt(k * 2)))
        if n * (n - 1) // 2 != k:
            raise ValueError('Incompatible vector size. It must be a binomial coefficient n choose 2 for some integer n >= 2.')
        m = [0.0] * (n * n)
        at = 0
        for i in range(n):
            for j in range(i + 1, n):
                m[i * n + j] = vals[at]
                m[j * n + i] = vals[at]
                at += 1
        return _n.ndarray(m, (n, n), a._tparse_dtype)
    if a.ndim == 2:  # the matrix -> condensed
        n = a.shape[0]
        if a.shape[1] != n:
            raise ValueError('The matrix argument must be square.')
        out = [vals[i * n + j] for i in range(n) for j in range(i + 1, n)]
        return _n.ndarray(out, (len(out),), a._tparse_dtype)
    raise ValueError("The first argument must be one or two dimensional array. A %d-dimensional array is not permitted" % a.ndim)
