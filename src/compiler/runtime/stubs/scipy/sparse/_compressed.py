"""csr_matrix and csc_matrix of the scipy.sparse stub (scipy/sparse/_compressed.py, _csr.py, _csc.py, _index.py of
scipy 1.14.1): data / indices / indptr as numpy's own arrays (int32 indices), the constructors' forms (dense, shape,
(data, (row, col)), (data, indices, indptr), another sparse matrix), the binary operations through the sparsetools
kernels (scipy's entry order and pruning), row / column indexing and the reductions along the compressed axis.
A CSC is a CSR of the transpose: `_swap` maps (row, col) to (major, minor)."""
import numpy as _n
from numpy._dtypes import _cast
from scipy.sparse import _kernels as K
from scipy.sparse._base import (_spbase, arr, dtname, idx, issparse, note, np_scalar, own, reduce_axis, scalarlike,
                                sum_dtype, unknown, unsupported, upcast, zero)

_OPS = {'_plus_': lambda a, b: a + b, '_minus_': lambda a, b: a - b, '_elmul_': lambda a, b: a * b,
        '_ne_': lambda a, b: a != b, '_eq_': lambda a, b: a == b, '_lt_': lambda a, b: a < b,
        '_gt_': lambda a, b: a > b, '_le_': lambda a, b: a <= b, '_ge_': lambda a, b: a >= b}
_BOOL_OPS = ('_ne_', '_eq_', '_lt_', '_gt_', '_le_', '_ge_')


def _indices(s, n):  # slice.indices(n)
    step = 1 if s.step is None else s.step
    if step == 0:
        raise ValueError('slice step cannot be zero')
    lo, hi = (0, n) if step > 0 else (-1, n - 1)

    def clamp(v, default):
        if v is None:
            return default
        v = v + n if v < 0 else v
        return lo if v < lo else hi if v > hi else v
    return clamp(s.start, lo if step > 0 else hi), clamp(s.stop, hi if step > 0 else lo), step


def _full(s):
    return isinstance(s, slice) and s.start is None and s.stop is None and s.step is None


class _cs_matrix(_spbase):
    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        from scipy.sparse import _coo
        self._canon = None
        if issparse(arg1):
            src = arg1.copy() if arg1._format == self._format and copy else arg1.asformat(self._format)
            self._shape = src._shape
            if src._u is not None:
                self._u = src._u if dtype is None else src._u.astype(dtname(dtype))
                self._udt = dtname(dtype) if dtype is not None else src.__dict__.get('_udt')
                return
            self.data, self.indices, self.indptr, self._canon = src.data, src.indices, src.indptr, src._canon
            if dtype is not None:
                self.data = self.data.astype(dtname(dtype))
        elif _coo.is_shape(arg1):
            if not all(isinstance(x, int) for x in arg1):
                _coo.blank_for(self, _coo.check_shape(arg1), None, dtype)
                return
            self._shape = _coo.check_shape(arg1)
            self.data = arr([], dtname(dtype, 'float64'))
            self.indices = idx([])
            self.indptr = idx([0] * (self._swap(self._shape)[0] + 1))
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            coo = _coo.coo_matrix(arg1, shape=shape, dtype=dtype)
            self._shape = coo._shape
            if coo._u is not None:
                self._u = coo._u
                self._udt = coo.__dict__.get('_udt')
                return
            self._from_coo(coo)
            self.sum_duplicates()
        elif isinstance(arg1, tuple) and len(arg1) == 3:
            if unknown(arg1[0]) or unknown(arg1[1]) or unknown(arg1[2]):
                known = _coo.check_shape(shape) if shape is not None else (note('shape'), note('shape'))
                _coo.blank_for(self, known, arg1[0], dtype)
                return
            data, ind, ptr = own(arg1[0]), own(arg1[1]), own(arg1[2])
            if shape is None:
                mx = max(ind._tparse_flat) + 1 if ind.size else 0
                shape = self._swap((len(ptr._tparse_flat) - 1, mx))
            self._shape = _coo.check_shape(shape)
            self.data = data if dtype is None else data.astype(dtname(dtype))
            self.indices, self.indptr = idx(ind._tparse_flat), idx(ptr._tparse_flat)
            self._check()
        else:
            coo = _coo.coo_matrix(arg1, dtype=dtype)
            self._shape = coo._shape
            if coo._u is not None:
                self._u = coo._u
                return
            self._from_coo(coo)
        if shape is not None and self._u is None:
            self._shape = _coo.check_shape(shape)
            self._check()

    def _from_coo(self, coo):  # _coo_to_compressed: entries placed by major index, in the coo's order
        maj, mnr = self._swap((coo.row._tparse_flat, coo.col._tparse_flat))
        p, i, v = K.to_compressed(self._swap(coo._shape)[0], maj, mnr, coo.data._tparse_flat)
        self.indptr, self.indices, self.data = idx(p), idx(i), arr(v, coo._dt)

    def _check(self):
        nmaj = self._swap(self._shape)[0]
        p = self.indptr._tparse_flat
        if len(p) != nmaj + 1:
            raise ValueError('index pointer size (' + str(len(p)) + ') should be (' + str(nmaj + 1) + ')')
        if p[0] != 0:
            raise ValueError('index pointer should start with 0')
        if len(self.indices._tparse_flat) != len(self.data._tparse_flat):
            raise ValueError('indices and data should have the same size')
        if p[-1] > len(self.indices._tparse_flat):
            raise ValueError('Last value of index pointer should be less than the size of index and data arrays')
        if p[-1] < len(self.indices._tparse_flat):  # prune
            self.indices = idx(self.indices._tparse_flat[:p[-1]])
            self.data = arr(self.data._tparse_flat[:p[-1]], self._dt)

    def _parts(self):
        return self.indptr._tparse_flat, self.indices._tparse_flat, self.data._tparse_flat

    def _new(self, p, i, v, dt, shape=None, cls=None):
        m = object.__new__(cls or type(self))
        m._shape = shape or self._shape
        m.indptr, m.indices, m.data = idx(p), idx(i), arr(_cast(v, dt), dt)
        m._canon = None
        return m

    def _with_data(self, data, copy=True):
        m = object.__new__(type(self))
        m._shape = self._shape
        m.indptr = self.indptr.copy() if copy else self.indptr
        m.indices = self.indices.copy() if copy else self.indices
        m.data = data
        m._canon = self._canon
        return m

    def _coo_parts(self, dedup):
        if dedup:
            self.sum_duplicates()
        p, i, v = self._parts()
        r, c = K.entries(self._swap(self._shape)[0], p, i, self._format == 'csc')
        return r, c, v

    def _getnnz(self, axis=None):
        if axis is None:
            return int(self.indptr._tparse_flat[-1])
        axis = reduce_axis(axis)
        p, i, v = self._parts()
        if (axis == 1) == (self._format == 'csr'):
            return arr([p[k + 1] - p[k] for k in range(len(p) - 1)], 'int32')
        counts = [0] * self._swap(self._shape)[1]
        for j in i:
            counts[j] += 1
        return arr(counts, 'int64')

    # ---- canonical form
    @property
    def has_canonical_format(self):
        if self._u is not None:
            return True
        if self._canon is None:
            p, i, v = self._parts()
            self._canon = K.is_canonical(len(p) - 1, p, i)
        return self._canon

    @property
    def has_sorted_indices(self):
        if self._u is not None:
            return True
        p, i, v = self._parts()
        for r in range(len(p) - 1):
            for jj in range(p[r] + 1, p[r + 1]):
                if i[jj - 1] > i[jj]:
                    return False
        return True

    def sum_duplicates(self):
        if self._u is not None or self.has_canonical_format:
            return
        p, i, v = self._parts()
        p, i, v = K.sum_duplicates(len(p) - 1, p, i, v)
        self.indptr, self.indices, self.data = idx(p), idx(i), arr(_cast(v, self._dt), self._dt)
        self._canon = True

    def sort_indices(self):
        if self._u is None and not self.has_sorted_indices:
            p, i, v = self._parts()
            order = []
            for r in range(len(p) - 1):
                order.extend(sorted(range(p[r], p[r + 1]), key=lambda q: i[q]))
            self.indices, self.data = idx([i[q] for q in order]), arr([v[q] for q in order], self._dt)
            self._canon = None

    def sorted_indices(self):
        m = self.copy()
        m.sort_indices()
        return m

    def eliminate_zeros(self):
        if self._u is not None:
            return
        p, i, v = self._parts()
        np_, ni, nv = [0], [], []
        for r in range(len(p) - 1):
            for jj in range(p[r], p[r + 1]):
                if v[jj] != 0:
                    ni.append(i[jj])
                    nv.append(v[jj])
            np_.append(len(ni))
        self.indptr, self.indices, self.data = idx(np_), idx(ni), arr(nv, self._dt)
        self._canon = None

    def prune(self):
        pass

    # ---- conversions
    def _convert(self, fmt):
        from scipy.sparse import _coo
        if fmt == 'coo':
            r, c, v = self._coo_parts(False)
            return _coo.coo_matrix((arr(v, self._dt), (idx(r), idx(c))), shape=self._shape)
        if fmt == 'dia':
            return self.tocoo().todia()
        p, i, v = self._parts()
        nmaj, nmin = self._swap(self._shape)
        tp, ti, tv = K.transpose(nmaj, nmin, p, i, v)
        return self._new(tp, ti, tv, self._dt, cls=type(self)._other())

    def _transpose(self):
        m = object.__new__(type(self)._other())
        m._shape = (self._shape[1], self._shape[0])
        m.data, m.indices, m.indptr, m._canon = self.data, self.indices, self.indptr, self._canon
        return m

    # ---- arithmetic
    def _binopt(self, other, op):
        other = type(self)(other)
        nmaj, nmin = self._swap(self._shape)
        p, i, v = K.binop(nmaj, nmin, self._parts(), other._parts(), _OPS[op])
        return self._new(p, i, v, 'bool' if op in _BOOL_OPS else upcast(self._dt, other._dt))

    def _add_sparse(self, other):
        return self._binopt(other, '_plus_')

    def _sub_sparse(self, other):
        return self._binopt(other, '_minus_')

    def _all_true(self):
        M, N = self._shape
        return type(self)(_n.ndarray([True] * (M * N), (M, N), 'bool'))

    def _scalar_binopt(self, other, op):
        self.sum_duplicates()
        res = self._with_data(_OPS[op](self.data, other))
        res.eliminate_zeros()
        return res

    def _compare(self, other, op):
        if self._u is not None or unknown(other):
            fn = {'_eq_': _n.equal, '_ne_': _n.not_equal, '_lt_': _n.less, '_gt_': _n.greater, '_le_': _n.less_equal,
                  '_ge_': _n.greater_equal}[op]
            return self._unk_op(other, fn, self._format if issparse(other) or scalarlike(other) else None)
        if scalarlike(other):
            if other != other:  # nan
                return type(self)(self._shape, dtype='bool') if op != '_ne_' else self._all_true()
            if op == '_eq_' and other == 0:
                return self._all_true() - self._scalar_binopt(other, '_ne_')
            if op == '_ne_' and other != 0:
                return self._all_true() - self._scalar_binopt(other, '_eq_')
            if op in ('_eq_', '_ne_'):
                return self._scalar_binopt(other, op)
            if other == 0 and op in ('_le_', '_ge_'):
                raise NotImplementedError(" >= and <= don't work with 0.")
            if _OPS[op](0, other):
                M, N = self._shape
                return self._binopt(_n.ndarray([other] * (M * N), (M, N), _n.asarray(other)._tparse_dtype), op)
            return self._scalar_binopt(other, op)
        if isinstance(other, _n.ndarray):
            return _OPS[op](self.todense(), other)
        if issparse(other):
            if self._shape != other._shape:
                if op in ('_eq_', '_ne_'):
                    return op == '_ne_'
                raise ValueError('inconsistent shapes')
            other = other.asformat(self._format)
            if op in ('_eq_', '_ne_'):
                ne = self._binopt(other, '_ne_')
                return ne if op == '_ne_' else self._all_true() - ne
            if op in ('_lt_', '_gt_'):
                return self._binopt(other, op)
            return self._all_true() - self._binopt(other, '_gt_' if op == '_le_' else '_lt_')
        if op in ('_eq_', '_ne_'):
            return op == '_ne_'  # (Python's identity comparison of unrelated objects)
        unsupported({'_lt_': '<', '_gt_': '>', '_le_': '<=', '_ge_': '>='}[op], self, other)

    def __eq__(self, other):
        return self._compare(other, '_eq_')

    def __ne__(self, other):
        return self._compare(other, '_ne_')

    def __lt__(self, other):
        return self._compare(other, '_lt_')

    def __gt__(self, other):
        return self._compare(other, '_gt_')

    def __le__(self, other):
        return self._compare(other, '_le_')

    def __ge__(self, other):
        return self._compare(other, '_ge_')

    __hash__ = None

    def _matmul_sparse(self, other):
        M, N = self._shape[0], other._shape[1]
        o = type(self)(other)
        if self._format == 'csr':
            p, i, v = K.matmat(M, N, *(self._parts() + o._parts()))
        else:  # csc_matmat: csr_matmat of the transposes, B first
            p, i, v = K.matmat(N, M, *(o._parts() + self._parts()))
        return self._new(p, i, v, upcast(self._dt, o._dt), (M, N))

    def _multiply(self, other):
        from scipy.sparse import _coo
        if issparse(other):
            if self._shape == other._shape:
                return self._binopt(other, '_elmul_')
            if other._shape == (1, 1):
                return self._mul_scalar(np_scalar(other.toarray()._tparse_flat[0], other._dt))
            if self._shape == (1, 1):
                return other._mul_scalar(np_scalar(K.reduce_sum(self.data._tparse_flat), self._dt))
            (sM, sN), (oM, oN) = self._shape, other._shape
            if sM == 1 and oN == 1:
                return other._matmul_sparse(self.tocsc())
            if sN == 1 and oM == 1:
                return self._matmul_sparse(other.tocsc())
            if oM == 1 and sN == oN:
                return self._matmul_sparse(_diag_csr(other.toarray()))
            if sM == 1 and sN == oN:
                return other._matmul_sparse(_diag_csr(self.toarray()))
            if oN == 1 and sM == oM:
                return _diag_csr(other.toarray())._matmul_sparse(self)
            if sN == 1 and sM == oM:
                return _diag_csr(self.toarray())._matmul_sparse(other)
            raise ValueError('inconsistent shapes')
        x = own(other)
        if x is None:
            unsupported('*', self, other)
        if x.ndim > 2:
            return _n.multiply(self.toarray(), x)
        if x.size == 1:
            return self._mul_scalar(np_scalar(x._tparse_flat[0], x._tparse_dtype))
        if self._shape == (1, 1):
            return _n.multiply(np_scalar(K.reduce_sum(self.data._tparse_flat), self._dt), x)
        return _coo.multiply_dense(self.tocoo(), x)

    # ---- reductions along the compressed axis (np.add.reduceat of each line)
    def _sum(self, axis):
        if axis is None or (axis == 1) != (self._format == 'csr'):
            return _spbase._sum(self, axis)
        sdt = sum_dtype(self._dt)
        p, i, v = self._parts()
        v = _cast(v, sdt)
        out = [zero(sdt) if p[r] == p[r + 1] else K.reduceat_sum(v, p[r], p[r + 1]) for r in range(len(p) - 1)]
        n = len(out)
        return _n.ndarray(_cast(out, sdt), (n, 1) if axis == 1 else (1, n), sdt)

    # ---- indexing (scipy/sparse/_index.py)
    def __getitem__(self, key):
        if self._u is not None:
            from scipy.sparse import _index
            return _index.unknown_getitem(self, key)
        from scipy.sparse import _index
        return _index.getitem(self, key)

    def __iter__(self):
        return iter([self[r] for r in range(self._shape[0])])

    def _getrow(self, i):
        return self[i, :]

    def setdiag(self, values, k=0):
        if self._u is None:
            from scipy.sparse import _index
            _index.setdiag(self, values, k)


def _diag_csr(dense):  # _make_diagonal_csr of a dense vector's values (zeros stored)
    v = dense._tparse_flat
    n = len(v)
    return csr_matrix((arr(v, dense._tparse_dtype), idx(list(range(n))), idx(list(range(n + 1)))), shape=(n, n))


class csr_matrix(_cs_matrix):
    _format = 'csr'

    @staticmethod
    def _swap(x):
        return x

    @staticmethod
    def _other():
        return csc_matrix


class csc_matrix(_cs_matrix):
    _format = 'csc'

    @staticmethod
    def _swap(x):
        return (x[1], x[0])

    @staticmethod
    def _other():
        return csr_matrix

    def nonzero(self):  # sorted by row (a stable sort of the column-major entries)
        if self._u is not None:
            return _spbase.nonzero(self)
        r, c = _spbase.nonzero(self)
        rr, cc = r._tparse_flat, c._tparse_flat
        order = sorted(range(len(rr)), key=lambda q: rr[q])
        return idx([rr[q] for q in order]), idx([cc[q] for q in order])

    def __iter__(self):
        return iter(self.tocsr())

    def _getrow(self, i):
        return self[i, :].tocsr()
