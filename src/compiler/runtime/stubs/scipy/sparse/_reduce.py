"""Reductions of the scipy.sparse stub's matrices (scipy/sparse/_base.py, _compressed.py, _data.py's _minmax_mixin
of scipy 1.14.1): sum as scipy computes it (a product with a column or row of ones in the sum dtype, then numpy's
pairwise sum; along a CSR's rows / a CSC's columns np.add.reduceat), mean through the float64 division scipy does
first, max / min with the implicit zeros, diagonal and trace. Sums and means along an axis are np.matrix (the
numpy stub's, as scipy's); a matrix of unknown data gives numpy's reduction of its stand-in."""
import numpy as _n
from numpy._dtypes import _INTS, _cast
from scipy.sparse import _kernels as K
from scipy.sparse import _base as B  # (imported by _base itself: its helpers are read when called)


class _Reductions:
    def sum(self, axis=None, dtype=None, out=None):
        axis = B.reduce_axis(axis)
        if self._u is not None:
            return self._u.sum() if axis is None else self._u.sum(axis=axis, keepdims=True)
        r = self._sum(axis)
        if dtype is not None:
            r = r.astype(B.dtname(dtype)) if axis is not None else B.np_scalar(r, B.dtname(dtype))
        return _n.matrix(r._tparse_flat, r.shape, r._tparse_dtype) if axis is not None else r

    def _sum(self, axis):  # _spbase.sum: products with ones of the sum dtype, then numpy's sum of those
        sdt = B.sum_dtype(self._dt)
        M, N = self._shape
        if axis == 0:
            return self.transpose()._matmul_multivector(_n.ndarray([1] * M, (M, 1), sdt)).reshape(1, N)
        rows = self._matmul_multivector(_n.ndarray([1] * N, (N, 1), sdt))
        if axis == 1:
            return rows
        return B.np_scalar(K.reduce_sum(rows._tparse_flat), sdt)

    def mean(self, axis=None, dtype=None, out=None):
        axis = B.reduce_axis(axis)
        if self._u is not None:
            return self._u.mean() if axis is None else self._u.mean(axis=axis, keepdims=True)
        integral = self._dt == 'bool' or self._dt in _INTS
        res = 'float64' if integral and dtype is None else B.dtname(dtype, self._dt)
        inter = self.astype('float64' if integral else res)
        M, N = self._shape
        if axis is None:
            return (inter / (M * N)).sum(dtype=res)
        return (inter * (1.0 / (M if axis == 0 else N))).sum(axis=axis, dtype=res)

    def _minmax(self, axis, big):
        if self._u is not None:
            return self._u.max() if big else self._u.min()
        r, c, v = self._coo_parts(True)
        M, N = self._shape
        pick = (lambda a, b: a if a >= b else b) if big else (lambda a, b: a if a <= b else b)
        z = B.zero(self._dt)
        if axis is None:
            if not v:
                return B.np_scalar(z, self._dt)
            m = v[0]
            for x in v[1:]:
                m = pick(m, x)
            return B.np_scalar(pick(z, m) if len(v) != M * N else m, self._dt)
        n_out, n_in = (N, M) if axis == 0 else (M, N)
        if n_in == 0:
            raise ValueError('zero-size array to reduction operation')
        best, count = [None] * n_out, [0] * n_out
        for k in range(len(v)):
            o = c[k] if axis == 0 else r[k]
            best[o] = v[k] if best[o] is None else pick(best[o], v[k])
            count[o] += 1
        full = [None if best[o] is None else pick(best[o], z) if count[o] < n_in else best[o] for o in range(n_out)]
        keep = [o for o in range(n_out) if full[o] is not None and full[o] != 0]
        vals = [full[o] for o in keep]
        import scipy.sparse as S
        zeros = [0] * len(keep)
        coords = (zeros, keep) if axis == 0 else (keep, zeros)
        return S.coo_matrix((B.arr(vals, self._dt), coords), shape=(1, n_out) if axis == 0 else (n_out, 1))

    def max(self, axis=None, out=None):
        return self._minmax(B.reduce_axis(axis), True)

    def min(self, axis=None, out=None):
        return self._minmax(B.reduce_axis(axis), False)

    def diagonal(self, k=0):
        if self._u is not None:
            return _n.diag(self._u, k)
        M, N = self._shape
        if k <= -M or k >= N:
            return B.arr([], self._dt)
        n = min(M + min(k, 0), N - max(k, 0))
        out = [B.zero(self._dt)] * n
        r, c, v = self._coo_parts(False)
        for e in range(len(v)):
            if c[e] - r[e] == k:
                out[r[e] + min(k, 0)] = out[r[e] + min(k, 0)] + v[e]
        return B.arr(_cast(out, self._dt), self._dt)

    def trace(self, offset=0):
        return self.diagonal(offset).sum()
