"""coo_matrix and dia_matrix of the scipy.sparse stub (scipy/sparse/_coo.py, _dia.py of scipy 1.14.1): a COO keeps
its entries in the order given (duplicates and explicit zeros too, `has_canonical_format` False until
sum_duplicates sorts them row-major); a DIA keeps scipy's (diagonals x columns) data and offsets. Sums, products with
dense vectors and conversions add entries in scipy's order."""
import numpy as _n
from numpy._dtypes import _cast
from scipy.sparse._base import (_spbase, arr, blank, dtname, idx, issparse, note, own, reduce_axis, sum_dtype, unknown,
                                upcast, zero)


def check_shape(shape):
    """a 2-D shape of non-negative ints (a size tparse does not know stays as it is)"""
    shape = tuple(shape)
    if len(shape) != 2:
        raise ValueError('matrix shape must be two-dimensional')
    out = tuple(int(s) if isinstance(s, (int, float)) else s for s in shape)
    if any(isinstance(s, int) and s < 0 for s in out):
        raise ValueError("'shape' elements cannot be negative")
    return out


def is_shape(t):
    """a (M, N) shape argument: two ints (or sizes tparse does not know: opaque numbers, not arrays)"""
    if not isinstance(t, tuple) or len(t) != 2:
        return False
    for x in t:
        if isinstance(x, bool) or isinstance(x, (float, str, list, tuple)) or isinstance(x, _n.ndarray):
            return False
        if not isinstance(x, int) and not unknown(x):
            return False
    return True


def _dt_of(x):
    if _n._own_arr(x):
        return x._tparse_dtype
    d = getattr(x, 'dtype', None)
    return getattr(d, 'name', 'float64') if d is not None else 'float64'


def blank_for(m, shape, data, dtype):
    """m's data unknown: a stand-in of its shape and dtype (opaque when a size is not known: the dtype kept aside)"""
    m._shape = shape
    m._udt = dtname(dtype) if dtype is not None else _dt_of(data) if data is not None else 'float64'
    m._u = blank(shape, m._udt)


def _coords(coords):  # (row, col) of a coo's second argument: two index sequences, or a 2-row array
    if _n._own_arr(coords):
        return [coords[k] for k in range(coords.shape[0])]
    return list(coords)


class coo_matrix(_spbase):
    _format = 'coo'

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        self.has_canonical_format = False
        if is_shape(arg1):
            if not all(isinstance(x, int) for x in arg1):
                blank_for(self, check_shape(arg1), None, dtype)
                return
            self._shape = check_shape(arg1)
            self.row, self.col, self.data = idx([]), idx([]), arr([], dtname(dtype, 'float64'))
            self.has_canonical_format = True
            return
        if isinstance(arg1, tuple):
            if len(arg1) != 2:
                raise TypeError('invalid input format')
            obj, coords = arg1[0], _coords(arg1[1])
            if len(coords) != 2:
                raise ValueError('mismatching number of index arrays for shape; got ' + str(len(coords)) +
                                 ', expected 2')
            if unknown(obj) or unknown(coords[0]) or unknown(coords[1]):
                blank_for(self, check_shape(shape) if shape is not None else (note('shape'), note('shape')), obj, dtype)
                return
            rows, cols = own(coords[0]), own(coords[1])
            if shape is None:
                if rows.size == 0 or cols.size == 0:
                    raise ValueError('cannot infer dimensions from zero sized index arrays')
                shape = (int(max(rows._tparse_flat)) + 1, int(max(cols._tparse_flat)) + 1)
            self._shape = check_shape(shape)
            data = own(obj)
            self.data = data if dtype is None else data.astype(dtname(dtype))
            self.row, self.col = idx(rows._tparse_flat), idx(cols._tparse_flat)
            if self.data.ndim != 1 or rows.ndim != 1 or cols.ndim != 1:
                raise ValueError('row, column, and data arrays must be 1-D')
        elif issparse(arg1):
            src = arg1 if arg1._format == 'coo' else arg1.tocoo()
            self._shape = src._shape
            if src._u is not None:
                self._u = src._u if dtype is None else src._u.astype(dtname(dtype))
                return
            self.row, self.col, self.data = src.row, src.col, src.data
            if arg1._format == 'coo' and copy:
                self.row, self.col, self.data = src.row.copy(), src.col.copy(), src.data.copy()
                self.has_canonical_format = src.has_canonical_format
        else:
            if unknown(arg1):
                a = _n.atleast_2d(arg1) if _n._standin(arg1) else arg1
                self._shape = (a.shape[0], a.shape[1])
                self._u = a if dtype is None else a.astype(dtname(dtype))
                return
            M = own(arg1)
            if M.ndim < 2:
                M = M.reshape(1, M.size)
            if M.ndim != 2:
                raise TypeError('expected 2D array or matrix, not ' + str(M.ndim) + 'D')
            self._shape = tuple(M.shape)
            if shape is not None and check_shape(shape) != self._shape:
                raise ValueError('inconsistent shapes: ' + str(check_shape(shape)) + ' != ' + str(self._shape))
            N = self._shape[1]
            nz = [o for o in range(M.size) if M._tparse_flat[o] != 0]
            self.row, self.col = idx([o // N for o in nz]), idx([o % N for o in nz])
            self.data = arr([M._tparse_flat[o] for o in nz], M._tparse_dtype)
            self.has_canonical_format = True
        if dtype is not None and self._u is None:
            self.data = self.data.astype(dtname(dtype))
        if self._u is None:
            self._check()

    def _check(self):
        n = len(self.data._tparse_flat)
        if len(self.row._tparse_flat) != n or len(self.col._tparse_flat) != n:
            raise ValueError('all index and data arrays must have the same length')
        for i, c in ((0, self.row._tparse_flat), (1, self.col._tparse_flat)):
            if n and max(c) >= self._shape[i]:
                raise ValueError('axis ' + str(i) + ' index ' + str(max(c)) + ' exceeds matrix dimension ' +
                                 str(self._shape[i]))
            if n and min(c) < 0:
                raise ValueError('negative axis ' + str(i) + ' index: ' + str(min(c)))

    @property
    def coords(self):
        return (self.row, self.col)

    def _coo_parts(self, dedup):
        if dedup:
            self.sum_duplicates()
        return self.row._tparse_flat, self.col._tparse_flat, self.data._tparse_flat

    def _getnnz(self, axis=None):
        if axis is None:
            return len(self.data._tparse_flat)
        axis = reduce_axis(axis)
        n = self._shape[1 - axis]
        counts = [0] * n
        for j in (self.row if axis == 1 else self.col)._tparse_flat:
            counts[j] += 1
        return arr(counts, 'int64')

    def _with_data(self, data, copy=True):
        row, col = (self.row.copy(), self.col.copy()) if copy else (self.row, self.col)
        return coo_matrix((data, (row, col)), shape=self._shape)

    def sum_duplicates(self):  # in place: sorted row-major (np.lexsort), duplicates added
        if self._u is not None or self.has_canonical_format:
            return
        r, c, v = self.row._tparse_flat, self.col._tparse_flat, self.data._tparse_flat
        order = sorted(range(len(v)), key=lambda q: (r[q], c[q]))
        nr, nc, nv = [], [], []
        for q in order:
            if nr and nr[-1] == r[q] and nc[-1] == c[q]:
                nv[-1] = nv[-1] + v[q]
            else:
                nr.append(r[q])
                nc.append(c[q])
                nv.append(v[q])
        self.row, self.col, self.data = idx(nr), idx(nc), arr(_cast(nv, self._dt), self._dt)
        self.has_canonical_format = True

    def eliminate_zeros(self):
        if self._u is None:
            keep = [q for q in range(len(self.data._tparse_flat)) if self.data._tparse_flat[q] != 0]
            self.row = idx([self.row._tparse_flat[q] for q in keep])
            self.col = idx([self.col._tparse_flat[q] for q in keep])
            self.data = arr([self.data._tparse_flat[q] for q in keep], self._dt)

    def _convert(self, fmt):
        import scipy.sparse as S
        if fmt == 'dia':
            return self._todia()
        cls = S.csr_matrix if fmt == 'csr' else S.csc_matrix
        if not self.data._tparse_flat:
            return cls(self._shape, dtype=self._dt)
        m = object.__new__(cls)
        m._shape, m._canon, m._u = self._shape, None, None
        m._from_coo(self)
        if not self.has_canonical_format:
            m.sum_duplicates()
        return m

    def _todia(self):
        self.sum_duplicates()
        r, c, v = self._coo_parts(False)
        ks = sorted(set([c[q] - r[q] for q in range(len(v))]))
        width = max(c) + 1 if c else 0
        rows = [[zero(self._dt)] * width for _ in ks]
        where = {}
        for n, k in enumerate(ks):
            where[k] = n
        for q in range(len(v)):
            rows[where[c[q] - r[q]]][c[q]] = v[q]
        data = _n.ndarray([x for rw in rows for x in rw], (len(ks), width), self._dt)
        return dia_matrix((data, idx(ks)), shape=self._shape)

    def _transpose(self):
        return coo_matrix((self.data, (self.col, self.row)), shape=(self._shape[1], self._shape[0]))

    def reshape(self, *args, **kwargs):
        shape = check_shape(args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args)
        if shape == self._shape:
            return self.copy() if kwargs.get('copy', False) else self
        if shape[0] * shape[1] != self._shape[0] * self._shape[1]:
            raise ValueError('cannot reshape array of size ' + str(self._shape[0] * self._shape[1]) + ' into shape ' +
                             str(shape))
        if self._u is not None:
            return coo_matrix(self._u.reshape(shape))
        N = self._shape[1]
        flat = [r * N + c for r, c in zip(self.row._tparse_flat, self.col._tparse_flat)]
        rows, cols = idx([f // shape[1] for f in flat]), idx([f % shape[1] for f in flat])
        return coo_matrix((self.data, (rows, cols)), shape=shape)


def multiply_dense(ret, x):
    """csr.multiply(dense) (scipy 1.14): the csr's coo with each stored value times the dense value at its place
    (a row or column vector broadcast); a coo, explicit zeros kept"""
    dt = upcast(ret._dt, x._tparse_dtype)
    r, c, v = ret._coo_parts(False)
    M, N = ret._shape
    xf = x._tparse_flat
    x2 = x.reshape(1, x.size) if x.ndim < 2 else x
    xM, xN = x2.shape
    if (M, N) == (xM, xN):
        vals = [v[q] * xf[r[q] * N + c[q]] for q in range(len(v))]
    elif M == 1:  # a sparse row against each row of x
        if xN not in (1, N):
            raise ValueError('inconsistent shapes')
        vals = [v[q] * xf[k * xN + (0 if xN == 1 else c[q])] for k in range(xM) for q in range(len(v))]
        rows = [k for k in range(xM) for q in range(len(v))]
        return coo_matrix((arr(_cast(vals, dt), dt), (idx(rows), idx(c * xM))), shape=(xM, N))
    elif N == 1:  # a sparse column against each column of x
        if xM not in (1, M):
            raise ValueError('inconsistent shapes')
        vals = [v[q] * xf[(0 if xM == 1 else r[q]) * xN + k] for q in range(len(v)) for k in range(xN)]
        rows = [r[q] for q in range(len(v)) for k in range(xN)]
        return coo_matrix((arr(_cast(vals, dt), dt), (idx(rows), idx(list(range(xN)) * len(v)))), shape=(M, xN))
    elif xM == 1 and xN == N:
        vals = [v[q] * xf[c[q]] for q in range(len(v))]
    elif xN == 1 and xM == M:
        vals = [v[q] * xf[r[q]] for q in range(len(v))]
    else:
        raise ValueError('inconsistent shapes')
    ret.data = arr(_cast(vals, dt), dt)
    return ret


class dia_matrix(_spbase):
    _format = 'dia'

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if issparse(arg1):
            src = arg1.copy() if arg1._format == 'dia' and copy else arg1.todia()
            self._shape = src._shape
            if src._u is not None:
                self._u = src._u
                return
            self.data, self.offsets = src.data, src.offsets
        elif is_shape(arg1) and all(isinstance(x, int) for x in arg1):
            self._shape = check_shape(arg1)
            self.data = _n.ndarray([], (0, 0), dtname(dtype, 'float64'))
            self.offsets = idx([])
        elif isinstance(arg1, tuple):
            if shape is None:
                raise ValueError('expected a shape argument')
            data = own(arg1[0])
            self.data = data.reshape(1, data.size) if data.ndim < 2 else data
            off = own(arg1[1])
            self.offsets = idx(off._tparse_flat)
            self._shape = check_shape(shape)
        else:
            src = coo_matrix(arg1, shape=shape).todia()
            self._shape = src._shape
            if src._u is not None:
                self._u = src._u
                return
            self.data, self.offsets = src.data, src.offsets
        if dtype is not None:
            self.data = self.data.astype(dtname(dtype))
        if self.data.shape[0] != len(self.offsets._tparse_flat):
            raise ValueError('number of diagonals (' + str(self.data.shape[0]) + ') does not match the number of '
                             'offsets (' + str(len(self.offsets._tparse_flat)) + ')')
        if len(set(self.offsets._tparse_flat)) != len(self.offsets._tparse_flat):
            raise ValueError('offset array contains duplicate values')

    def _cells(self):
        """(diagonal, column, row) of every cell of data inside the matrix, diagonal by diagonal"""
        M, N = self._shape
        L = self.data.shape[1]
        out = []
        for i, k in enumerate(self.offsets._tparse_flat):
            for j in range(L):
                if 0 <= j - k < M and j < N:
                    out.append((i, j, j - k))
        return out

    def _coo_parts(self, dedup):
        L = self.data.shape[1]
        d = self.data._tparse_flat
        r, c, v = [], [], []
        for i, j, row in self._cells():
            if d[i * L + j] != 0:
                r.append(row)
                c.append(j)
                v.append(d[i * L + j])
        return r, c, v

    def _getnnz(self, axis=None):
        if axis is not None:
            raise NotImplementedError('_getnnz over an axis is not implemented for DIA format')
        M, N = self._shape
        return sum([min(M, N - k) if k > 0 else min(M + k, N) for k in self.offsets._tparse_flat])

    def count_nonzero(self):
        if self._u is not None:
            return note('count_nonzero()')
        return len(self._coo_parts(False)[2])

    def _with_data(self, data, copy=True):
        return dia_matrix((data, self.offsets.copy() if copy else self.offsets), shape=self._shape)

    def _convert(self, fmt):
        r, c, v = self._coo_parts(False)
        coo = coo_matrix((arr(v, self._dt), (idx(r), idx(c))), shape=self._shape)
        if fmt != 'csc':
            return coo if fmt == 'coo' else coo.tocsr()
        import scipy.sparse as S
        M, N = self._shape
        L = self.data.shape[1]
        d = self.data._tparse_flat
        offs = self.offsets._tparse_flat
        ptr, ind, val = [0], [], []
        for j in range(N):
            for i, k in enumerate(offs):
                if j < L and 0 <= j - k < M and d[i * L + j] != 0:
                    ind.append(j - k)
                    val.append(d[i * L + j])
            ptr.append(len(ind))
        return S.csc_matrix((arr(val, self._dt), idx(ind), idx(ptr)), shape=self._shape)

    def _transpose(self):
        M, N = self._shape
        mx = max(M, N)
        L = self.data.shape[1]
        width = max(L, mx)
        d = self.data._tparse_flat
        offs = [-k for k in self.offsets._tparse_flat]
        out = []
        for i, k in enumerate(offs):
            padded = d[i * L:(i + 1) * L] + [zero(self._dt)] * (width - L)
            out.extend([padded[cc - (k % mx)] for cc in range(M)])
        return dia_matrix((_n.ndarray(out, (len(offs), M), self._dt), idx(offs)), shape=(N, M))

    def _matvec_parts(self):  # dia_matvec: diagonal by diagonal
        r, c, v = [], [], []
        d = self.data._tparse_flat
        L = self.data.shape[1]
        for i, j, row in self._cells():
            r.append(row)
            c.append(j)
            v.append(d[i * L + j])
        return r, c, v

    def _matmul_multivector(self, x):
        if x.shape[1] == 1:
            return _spbase._matmul_multivector(self, x)
        return self.tocsr()._matmul_multivector(x)

    def _sum(self, axis):
        sdt = sum_dtype(self._dt)
        if axis == 0:
            M, N = self._shape
            out = [zero(sdt)] * N
            d = _cast(self.data._tparse_flat, sdt)
            L = self.data.shape[1]
            inside = {}
            for i, j, row in self._cells():
                inside[(i, j)] = True
            for i in range(len(self.offsets._tparse_flat)):
                for j in range(min(L, N)):
                    out[j] = out[j] + (d[i * L + j] if (i, j) in inside else zero(sdt))
            return _n.ndarray(_cast(out, sdt), (1, N), sdt)
        return _spbase._sum(self, axis)

    def _add_sparse(self, other):
        if other._format != 'dia':
            return other._add_sparse(self)
        a, b = self.offsets._tparse_flat, other.offsets._tparse_flat
        if a == b and self.data.shape == other.data.shape:
            return self._with_data(self.data + other.data)
        new = sorted(set(a + b))
        M, N = self._shape
        sd, od = self.data.shape[1], other.data.shape[1]
        width = sd if sd == od and len(new) in (len(a), len(b)) else min(M + new[-1], N)
        dt = upcast(self._dt, other._dt)
        out = [zero(dt)] * (len(new) * width)
        for offs, m in ((a, self), (b, other)):
            L = m.data.shape[1]
            for i, k in enumerate(offs):
                row = new.index(k)
                for j in range(min(L, width)):
                    out[row * width + j] = out[row * width + j] + m.data._tparse_flat[i * L + j]
        return dia_matrix((_n.ndarray(_cast(out, dt), (len(new), width), dt), idx(new)), shape=self._shape)
