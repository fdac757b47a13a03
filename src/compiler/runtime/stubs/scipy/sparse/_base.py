"""The scipy.sparse stub's base class (scipy/sparse/_base.py, _matrix.py, _data.py of scipy 1.14.1): the spmatrix
interface every format shares (`*` and `@` as matrix products, + and - with sparse / dense / zero, division by a
scalar, sum / mean, nonzero, repr), dispatching to the format's own methods as scipy does. A matrix whose data tparse
does not know (made from an array standing in for unknown data, or from an opaque value) keeps `_u`, a dense stand-in
of its shape and dtype; its operations are numpy's on that stand-in, their results stand-ins again."""
import torch
import numpy as _n
from numpy._dtypes import _DTYPES, _INTS, _KNOWN, _cast, _dtype_name, _promote
from scipy.sparse import _kernels as K

_TORCH = {'float64': torch.float64, 'float32': torch.float32, 'float16': torch.float16, 'int64': torch.int64,
          'int32': torch.int32, 'int16': torch.int16, 'int8': torch.int8, 'uint8': torch.uint8, 'bool': torch.bool}
_FORMATS = {'csr': 'Compressed Sparse Row', 'csc': 'Compressed Sparse Column', 'coo': 'COOrdinate', 'dia': 'DIAgonal'}


def arr(xs, dt):  # a 1-D ndarray of numpy's own (its elements listed)
    return _n.ndarray(xs, (len(xs),), dt)


def idx(xs):  # an index array: scipy's int32 for a matrix that fits
    return _n.ndarray([int(x) for x in xs], (len(xs),), 'int32')


def zero(dt):
    return 0.0 if dt in ('float16', 'float32', 'float64') else False if dt == 'bool' else 0


def sum_dtype(dt):  # get_sum_dtype: bool and integers sum as int64
    return 'int64' if dt == 'bool' or dt in _INTS else dt


def np_scalar(v, dt):  # a numpy scalar of dtype dt
    return __tparse_np_int__(_cast([v], dt)[0], dt)


def upcast(a, b):
    return _promote(a, b) or 'float64'


def dtname(dtype, default=None):
    """a dtype argument's name; one the numpy stub does not model (complex) is noted, float64 in its place"""
    if dtype is None:
        return default
    d = _dtype_name(dtype)
    if d not in _KNOWN:
        __tparse_unmodelled__('scipy.sparse: dtype ' + str(dtype))
        return 'float64'
    return d


def issparse(x):
    return isinstance(x, _spbase)


def scalarlike(x):
    if isinstance(x, (int, float, bool)):
        return True
    return _n._own_arr(x) and x.ndim == 0


def own(x):
    """x as numpy's own array when its data is known (a list, number, tensor of known data), else None"""
    if _n._own_arr(x):
        return x
    if isinstance(x, (list, tuple, int, float, bool)) or (isinstance(x, torch.Tensor) and not _n._standin(x)):
        a = _n._array(x)
        return a if _n._own_arr(a) else None
    return None


def unknown(x):
    """a value whose data tparse does not know: a sparse matrix of unknown data, an array standing in for one, an
    opaque value"""
    if isinstance(x, _spbase):
        return x._u is not None
    if x is None or isinstance(x, (int, float, bool, str, list, tuple, slice)):
        return False
    return not _n._own_arr(x) and not isinstance(x, torch.Tensor) or _n._standin(x)


def blank(shape, dt):
    """a dense stand-in of this shape and dtype (data unknown), or an opaque value when the shape is not known"""
    if isinstance(shape, tuple) and len(shape) == 2 and isinstance(shape[0], int) and isinstance(shape[1], int):
        return torch.empty(shape, dtype=_TORCH.get(dt, torch.float64)).numpy()
    return __tparse_opaque__('scipy.sparse matrix of unknown shape')


def dense_u(x):  # the dense stand-in of an operand in a computation on unknown data
    if isinstance(x, _spbase):
        return x._u if x._u is not None else blank(x._shape, x._dt)
    return x


def note(what):
    __tparse_unmodelled__('scipy.sparse: ' + what + ' of a matrix whose data tparse does not know')
    return __tparse_opaque__('scipy.sparse ' + what)


def fmt_cls(fmt):
    import scipy.sparse as S
    return {'csr': S.csr_matrix, 'csc': S.csc_matrix, 'coo': S.coo_matrix, 'dia': S.dia_matrix}[fmt]


def with_u(fmt, u, dt=None):
    """a matrix of format fmt whose data is the stand-in u (dt: its dtype when u is opaque)"""
    m = object.__new__(fmt_cls(fmt))
    m._u = u
    m._shape = (u.shape[0], u.shape[1])
    if dt is not None:
        m._udt = dt
    return m


def unsupported(op, a, b):  # both operands gave NotImplemented: Python's TypeError
    raise TypeError('unsupported operand type(s) for ' + op + ": '" + type(a).__name__ + "' and '" +
                    type(b).__name__ + "'")


def reduce_axis(axis):
    if axis is None:
        return None
    if isinstance(axis, bool) or not isinstance(axis, int) or axis < -2 or axis > 1:
        raise ValueError('axis out of range')
    return axis + 2 if axis < 0 else axis


from scipy.sparse._reduce import _Reductions  # noqa: E402 (the mixin's functions read the helpers above)


class _spbase(_Reductions):
    __array_priority__ = 10.1
    _tparse_sparse = True  # (numpy's ndarray operators defer to ours, as to scipy's __array_priority__)
    _u = None
    _format = 'und'

    # ---- attributes
    @property
    def shape(self):
        return self._shape

    def get_shape(self):
        return self._shape

    @property
    def ndim(self):
        return 2

    @property
    def format(self):
        return self._format

    def getformat(self):
        return self._format

    @property
    def _dt(self):
        if self._u is not None:  # (a matrix of unknown shape keeps the dtype it was given, its stand-in being opaque)
            return self.__dict__.get('_udt') or self._u.dtype.name
        return self.data._tparse_dtype

    @property
    def dtype(self):
        if self._u is not None:
            d = self.__dict__.get('_udt')
            return _DTYPES[d] if d in _DTYPES else self._u.dtype
        return self.data.dtype

    @property
    def nnz(self):
        return note('nnz') if self._u is not None else self._getnnz(None)

    @property
    def size(self):
        return self.nnz

    def getnnz(self, axis=None):
        return note('getnnz()') if self._u is not None else self._getnnz(axis)

    def count_nonzero(self):
        if self._u is not None:
            return note('count_nonzero()')
        r, c, v = self._coo_parts(True)
        return len([x for x in v if x != 0])

    @property
    def T(self):
        return self.transpose()

    def _u_like(self, fmt, u, dt=None):  # a matrix of unknown data like this one (its dtype kept when u is opaque)
        return with_u(fmt, u, dt if dt is not None else self.__dict__.get('_udt'))

    def __getattr__(self, name):
        if self._u is not None and name in ('data', 'row', 'col', 'indices', 'indptr', 'offsets'):
            if name == 'data':
                return self._u[_n.nonzero(self._u)]
            return self._nz()[0 if name == 'row' else 1] if name in ('row', 'col') else note(name)
        raise AttributeError("'" + type(self).__name__ + "' object has no attribute '" + name + "'")

    def __len__(self):
        raise TypeError('sparse array length is ambiguous; use getnnz() or shape[0]')

    def __bool__(self):
        if self._shape == (1, 1):
            if self._u is not None:
                note('truth value')
                return True
            return self.nnz != 0
        raise ValueError('The truth value of an array with more than one element is ambiguous. Use a.any() or a.all().')

    def __iter__(self):
        return iter([self[r] for r in range(self._shape[0])])

    def __repr__(self):
        nnz = '?' if self._u is not None else str(self.nnz)
        extra = ' (' + str(self.data.shape[0]) + ' diagonals)' if self._format == 'dia' and self._u is None else ''
        return ('<' + _FORMATS[self._format] + " sparse matrix of dtype '" + self._dt + "'\n\twith " + nnz +
                ' stored elements' + extra + ' and shape ' + str(self._shape) + '>')

    def __str__(self):
        out = repr(self)
        if self._u is not None or self.nnz == 0:
            return out
        r, c, v = self._coo_parts(False)
        lines = ['  ' + str((r[k], c[k])) + '\t' + str(np_scalar(v[k], self._dt)) for k in range(len(v))]
        if len(v) > 50:
            lines = lines[:25] + ['  :\t:'] + lines[-25:]
        return out + '\n  Coords\tValues\n' + '\n'.join(lines)

    # ---- conversions
    def asformat(self, format, copy=False):
        if format is None or format == self._format:
            return self.copy() if copy else self
        if format not in ('csr', 'csc', 'coo', 'dia', 'lil', 'dok', 'bsr'):
            raise ValueError('Format ' + str(format) + ' is unknown.')
        return getattr(self, 'to' + format)(copy=copy)

    def tocsr(self, copy=False):
        return self._to('csr', copy)

    def tocsc(self, copy=False):
        return self._to('csc', copy)

    def tocoo(self, copy=False):
        return self._to('coo', copy)

    def todia(self, copy=False):
        return self._to('dia', copy)

    def _to(self, fmt, copy):
        if fmt == self._format:
            return self.copy() if copy else self
        if self._u is not None:
            return self._u_like(fmt, self._u)
        return self._convert(fmt)

    def _unmodelled_format(self, fmt):
        __tparse_unmodelled__('scipy.sparse ' + fmt + '_matrix')
        return __tparse_opaque__('scipy.sparse ' + fmt + '_matrix')

    def tolil(self, copy=False):
        return self._unmodelled_format('lil')

    def todok(self, copy=False):
        return self._unmodelled_format('dok')

    def tobsr(self, blocksize=None, copy=False):
        return self._unmodelled_format('bsr')

    def toarray(self, order=None, out=None):
        if self._u is not None:
            return _n.copy(self._u)
        r, c, v = self._coo_parts(False)
        dt = self._dt
        return _n.ndarray(_cast(K.dense(self._shape, r, c, v, zero(dt)), dt), self._shape, dt)

    def todense(self, order=None, out=None):  # (np.matrix in scipy: a 2-D ndarray here)
        return self.toarray(order, out)

    def copy(self):
        return self._u_like(self._format, self._u) if self._u is not None else self._with_data(self.data.copy())

    def astype(self, dtype, casting='unsafe', copy=True):
        dt = dtname(dtype)
        if self._u is not None:
            return self._u_like(self._format, self._u.astype(dt), dt)
        if dt != self._dt:
            m = self._with_data(self.data.astype(dt))
            return m._with_data(m._deduped_data(), False)
        return self.copy() if copy else self

    def asfptype(self):
        small = ('int8', 'uint8', 'int16', 'bool', 'float16')
        if self._dt in ('float32', 'float64'):
            return self
        return self.astype('float32' if self._dt in small else 'float64')

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse matrices do not support an 'axes' parameter because swapping dimensions is the "
                             "only logical permutation.")
        if self._u is not None:
            return self._u_like({'csr': 'csc', 'csc': 'csr'}.get(self._format, self._format), self._u.T)
        return self._transpose()

    def _transpose(self):
        return self.tocsr()._transpose()

    def conjugate(self, copy=True):
        return self.copy() if copy else self

    conj = conjugate

    def getH(self):
        return self.transpose().conjugate()

    def _deduped_data(self):
        if hasattr(self, 'sum_duplicates'):
            self.sum_duplicates()
        return self.data

    # ---- arithmetic
    def _unk_op(self, other, fn, fmt):
        r = fn(dense_u(self), dense_u(other))
        return with_u(fmt, r) if fmt is not None else r

    def __add__(self, other):
        return self._addsub(other, False)

    def __radd__(self, other):
        return self._addsub(other, False)

    def __sub__(self, other):
        return self._addsub(other, True)

    def _addsub(self, other, sub):
        if scalarlike(other):
            if other == 0:
                return self.copy()
            what = 'subtracting a nonzero scalar from' if sub else 'adding a nonzero scalar to'
            raise NotImplementedError(what + ' a sparse array is not supported')
        if issparse(other):
            if other._shape != self._shape:
                raise ValueError('inconsistent shapes')
            if self._u is not None or other._u is not None:
                f = 'csc' if self._format == 'csc' else 'csr'
                return self._unk_op(other, _n.subtract if sub else _n.add, f)
            return self._sub_sparse(other) if sub else self._add_sparse(other)
        if isinstance(other, _n.ndarray):
            if self._u is not None or unknown(other):
                return self._unk_op(other, _n.subtract if sub else _n.add, None)
            if sub:
                return self.todense() - other
            return self._add_dense(_n.ndarray(K_broadcast(other, self._shape), self._shape, other._tparse_dtype))
        unsupported('-' if sub else '+', self, other)

    def __rsub__(self, other):
        if scalarlike(other):
            if other == 0:
                return -self.copy()
            raise NotImplementedError('subtracting a sparse array from a nonzero scalar is not supported')
        if isinstance(other, _n.ndarray):
            if self._u is not None or unknown(other):
                return _n.subtract(other, dense_u(self))
            return other - self.todense()
        unsupported('-', other, self)

    def _add_sparse(self, other):
        return self.tocsr()._add_sparse(other)

    def _sub_sparse(self, other):
        return self.tocsr()._sub_sparse(other)

    def _add_dense(self, other):  # other + the stored entries (coo / csr order), numpy's promoted dtype
        dt = upcast(self._dt, other._tparse_dtype)
        r, c, v = self._coo_parts(False)
        out = _cast(list(other._tparse_flat), dt)
        N = self._shape[1]
        for k in range(len(v)):
            out[r[k] * N + c[k]] = out[r[k] * N + c[k]] + v[k]
        return _n.ndarray(_cast(out, dt), self._shape, dt)

    def __neg__(self):
        if self._u is not None:
            return self._u_like(self._format, _n.negative(self._u))
        if self._dt == 'bool':
            raise NotImplementedError('negating a boolean sparse array is not supported')
        return self._with_data(-self.data)

    def __abs__(self):
        if self._u is not None:
            return self._u_like(self._format, _n.absolute(self._u))
        return self._with_data(abs(self._deduped_data()))

    def _mul_scalar(self, other):
        if self._u is not None:
            return with_u(self._format, _n.multiply(self._u, other))
        return self._with_data(self.data * other)

    def __truediv__(self, other):
        if scalarlike(other):
            return self.astype('float64')._mul_scalar(1.0 / other)
        if isinstance(other, _n.ndarray):
            return self.multiply(_n.true_divide(1.0, other))
        if issparse(other):
            __tparse_unmodelled__('scipy.sparse: sparse / sparse')
            return __tparse_opaque__('scipy.sparse division')
        unsupported('/', self, other)

    def __rtruediv__(self, other):
        unsupported('/', other, self)

    def __rpow__(self, other):
        unsupported('** or pow()', other, self)

    def multiply(self, other):
        if scalarlike(other):
            return self._mul_scalar(other)
        if self._u is not None or unknown(other):
            return self._unk_op(other, _n.multiply, 'csr' if issparse(other) else 'coo')
        return (self if self._format in ('csr', 'csc') else self.tocsr())._multiply(other)

    def power(self, n, dtype=None):
        if not scalarlike(n):
            raise NotImplementedError('input is not scalar')
        if not n:
            raise NotImplementedError('zero power is not supported as it would densify the matrix.\n'
                                      'Use `np.ones(A.shape, dtype=A.dtype)` for this case.')
        if self._u is not None:
            return with_u(self._format, _n.power(self._u if dtype is None else self._u.astype(dtname(dtype)), n))
        data = self._deduped_data()
        if dtype is not None:
            data = data.astype(dtname(dtype))
        return self._with_data(data ** n)

    def __pow__(self, n):  # spmatrix: a matrix power (scipy.sparse.linalg.matrix_power)
        M, N = self._shape
        if M != N:
            raise TypeError('sparse matrix is not square')
        if isinstance(n, bool) or not isinstance(n, (int, float)) or int(n) != n:
            raise ValueError('exponent must be an integer')
        n = int(n)
        if n < 0:
            raise ValueError('exponent must be >= 0')
        if n == 0:
            import scipy.sparse as S
            return S.eye(M, dtype=self.dtype, format='dia')
        if n == 1:
            return self.copy()
        tmp = self ** (n // 2)
        return self @ tmp @ tmp if n % 2 else tmp @ tmp

    def dot(self, other):
        return self * other if scalarlike(other) else self @ other

    def __mul__(self, other):
        return self._matmul_dispatch(other)

    def __rmul__(self, other):
        return self._rmatmul_dispatch(other)

    def __matmul__(self, other):
        if scalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self._matmul_dispatch(other)

    def __rmatmul__(self, other):
        if scalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self._rmatmul_dispatch(other)

    def _matmul_dispatch(self, other):
        if scalarlike(other):
            return self._mul_scalar(other)
        M, N = self._shape
        if issparse(other):
            if N != other._shape[0]:
                raise ValueError('dimension mismatch')
            if self._u is not None or other._u is not None:
                return self._unk_op(other, _n.matmul, 'csc' if self._format == 'csc' else 'csr')
            return self._matmul_sparse(other)
        if self._u is not None or unknown(other):
            return _n.matmul(dense_u(self), other)
        x = own(other)
        if x is None:
            unsupported('@', self, other)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[1] == 1):
            if x.shape != (N,) and x.shape != (N, 1):
                raise ValueError('dimension mismatch')
            y = self._matmul_vector(x.ravel())
            return y.reshape(M, 1) if x.ndim == 2 else y
        if x.ndim == 2:
            if x.shape[0] != N:
                raise ValueError('dimension mismatch')
            return self._matmul_multivector(x)
        raise ValueError('could not interpret dimensions')

    def _rmatmul_dispatch(self, other):
        if scalarlike(other):
            return self._mul_scalar(other)
        if self._u is not None or unknown(other):
            return _n.matmul(other, dense_u(self))
        x = own(other)
        if x is None:
            unsupported('@', other, self)
        return self.transpose()._matmul_dispatch(x.transpose()).transpose()

    def _matvec_parts(self):  # the (row, col, value) entries in the order the format's matvec adds them
        return self._coo_parts(False)

    def _matmul_vector(self, x):
        return self._matmul_multivector(x.reshape(x.shape[0], 1)).reshape(self._shape[0])

    def _matmul_multivector(self, x):
        dt = upcast(self._dt, x._tparse_dtype)
        r, c, v = self._matvec_parts()
        k = x.shape[1]
        y = K.matvecs(self._shape[0], r, c, _cast(v, dt), _cast(x._tparse_flat, dt), k, zero(dt))
        return _n.ndarray(_cast(y, dt), (self._shape[0], k), dt)

    def _matmul_sparse(self, other):
        return self.tocsr()._matmul_sparse(other)

    # ---- comparisons (csr's, for every other format)
    def __eq__(self, other):
        return self.tocsr()._compare(other, '_eq_')

    def __ne__(self, other):
        return self.tocsr()._compare(other, '_ne_')

    def __lt__(self, other):
        return self.tocsr()._compare(other, '_lt_')

    def __gt__(self, other):
        return self.tocsr()._compare(other, '_gt_')

    def __le__(self, other):
        return self.tocsr()._compare(other, '_le_')

    def __ge__(self, other):
        return self.tocsr()._compare(other, '_ge_')

    __hash__ = None

    # ---- structure
    def _nz(self):  # np.nonzero of the stand-in (a size the data decides), as int32 index arrays
        nz = _n.nonzero(self._u)
        out = []
        for x in nz:
            x = x.numpy() if isinstance(x, torch.Tensor) and not _n._standin(x) else x
            out.append(x.astype('int32'))
        return out[0], out[1]

    def nonzero(self):
        if self._u is not None:
            return self._nz()
        r, c, v = self._coo_parts(False)
        keep = [k for k in range(len(v)) if v[k] != 0]
        return idx([r[k] for k in keep]), idx([c[k] for k in keep])

    def getrow(self, i):  # csr / csc: their rows; other formats: a row selector's product (csr_matmat's order)
        if self._format in ('csr', 'csc'):
            return self._getrow(i)
        import scipy.sparse as S
        M = self._shape[0]
        i = i + M if i < 0 else i
        if i < 0 or i >= M:
            raise IndexError('index out of bounds')
        return S.csr_matrix(([1], [[0], [i]]), shape=(1, M), dtype=self.dtype) @ self

    def getcol(self, j):
        if self._format in ('csr', 'csc'):
            return self[:, j]
        import scipy.sparse as S
        N = self._shape[1]
        j = j + N if j < 0 else j
        if j < 0 or j >= N:
            raise IndexError('index out of bounds')
        return self @ S.csc_matrix(([1], [[j], [0]]), shape=(N, 1), dtype=self.dtype)

    def reshape(self, *args, **kwargs):
        shape = tuple(args[0]) if len(args) == 1 and isinstance(args[0], (tuple, list)) else tuple(args)
        if shape == self._shape:
            return self.copy() if kwargs.get('copy', False) else self
        return self.tocoo(copy=kwargs.get('copy', False)).reshape(shape)

    def __getitem__(self, key):
        raise TypeError("'" + type(self).__name__ + "' object is not subscriptable")


def K_broadcast(a, shape):
    """np.broadcast_to of an own array to a 2-D shape: its row-major values"""
    from numpy import _shape as S
    if S.broadcast_shapes(a.shape, shape) != tuple(shape):
        raise ValueError('operands could not be broadcast together with remapped shapes')
    return S.expand(a._tparse_flat, a.shape, shape)
