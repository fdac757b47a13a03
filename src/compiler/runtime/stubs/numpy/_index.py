"""Index-array constructors of the numpy stub (numpy/lib/_twodim_base_impl.py, _index_tricks_impl.py): the row and
column indices of a triangle or of the diagonal, as int64 ndarrays, computed eagerly (LU-decomposed linear layers
keep them on the module: nflows' LULinear). In a compiled frame their results are the same arrays, constants here."""
import numpy as _np


def _triangle(n, k, m, lower):
    m = n if m is None else m
    rows, cols = [], []
    for i in range(n):
        for j in range(m):
            if (j - i <= k) if lower else (j - i >= k):
                rows.append(i)
                cols.append(j)
    return _np.array(rows, dtype='int64'), _np.array(cols, dtype='int64')


def tril_indices(n, k=0, m=None):
    return _triangle(n, k, m, True)


def triu_indices(n, k=0, m=None):
    return _triangle(n, k, m, False)


def diag_indices(n, ndim=2):
    idx = _np.arange(n)
    return (idx,) * ndim  # one array object, ndim times (numpy's own tuple)
