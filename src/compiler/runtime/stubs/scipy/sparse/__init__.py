"""tparse stub of scipy.sparse (scipy 1.14.1's sparse *matrix* interface) as graph and recommender code uses it
(pygcn / GCN / GAT normalisation, vae-cf's click matrices): csr_matrix, csc_matrix, coo_matrix, dia_matrix and the
constructors eye / identity / diags / spdiags / vstack / hstack / bmat / find / tril / triu, computed eagerly on
Python lists with scipy's kernels (entry order and pruning included), values as scipy gives them where the data is
known. Dense results (toarray, todense, a product with a dense array, sum along an axis) are numpy's own 2-D arrays
of the stub (np.matrix in scipy). An input of data tparse does not know gives a matrix of its shape whose
operations give stand-ins (see _base.py). The sparse *array* classes (csr_array, ...) and the linalg / csgraph
submodules are not modelled."""
import numpy as _n
from numpy._dtypes import _cast
from scipy.sparse._base import (_spbase, arr, blank, dense_u, dtname, idx, issparse, scalarlike, unknown, upcast,
                                with_u, zero)
from scipy.sparse._compressed import csc_matrix, csr_matrix
from scipy.sparse._coo import coo_matrix, dia_matrix

spmatrix = _spbase


class SparseWarning(Warning):
    pass


class SparseEfficiencyWarning(SparseWarning):
    pass


def isspmatrix(x):
    return isinstance(x, _spbase)


def isspmatrix_csr(x):
    return isinstance(x, csr_matrix)


def isspmatrix_csc(x):
    return isinstance(x, csc_matrix)


def isspmatrix_coo(x):
    return isinstance(x, coo_matrix)


def isspmatrix_dia(x):
    return isinstance(x, dia_matrix)


def _common_type(arrays):  # np.common_type: integers are float64, bool has none
    best = 'float16'
    for a in arrays:
        d = a._tparse_dtype if _n._own_arr(a) else a.dtype.name
        if d == 'bool':
            raise TypeError("can't get common type for non-numeric array")
        d = 'float64' if d not in ('float16', 'float32') else d
        best = d if ('float16', 'float32', 'float64').index(d) > ('float16', 'float32', 'float64').index(best) else best
    return best


def diags(diagonals, offsets=0, shape=None, format=None, dtype=None):
    if scalarlike(offsets):
        if len(diagonals) == 0 or scalarlike(diagonals[0]) or (unknown(diagonals) and diagonals.ndim == 1):
            diagonals = [diagonals]
        else:
            raise ValueError('Different number of diagonals and offsets.')
        offsets = [offsets]
    diagonals = [_n.atleast_1d(d) if not unknown(d) else d for d in diagonals]
    offsets = [int(k) for k in (offsets._tparse_flat if _n._own_arr(offsets) else offsets)]
    if len(diagonals) != len(offsets):
        raise ValueError('Different number of diagonals and offsets.')
    if shape is None:
        m = diagonals[0].shape[0] + abs(offsets[0])
        shape = (m, m)
    dt = dtname(dtype) if dtype is not None else _common_type(diagonals)
    m, n = shape
    if any(unknown(d) for d in diagonals):
        return with_u('dia', blank((m, n), dt)).asformat(format)
    width = max(0, max([min(m + k, n - k) + max(0, k) for k in offsets]))
    data = [zero(dt)] * (len(offsets) * width)
    for j, d in enumerate(diagonals):
        k = offsets[j]
        start = max(0, k)
        length = min(m + k, n - k, min(m, n))
        if length < 0:
            raise ValueError('Offset ' + str(k) + ' (index ' + str(j) + ') out of bounds')
        vals = d._tparse_flat
        if len(vals) < length and len(vals) != 1:
            raise ValueError('Diagonal length (index ' + str(j) + ': ' + str(len(vals)) + ' at offset ' + str(k) +
                             ') does not agree with array size (' + str(m) + ', ' + str(n) + ').')
        for q in range(length):
            data[j * width + start + q] = vals[q] if len(vals) > 1 else vals[0]
    m_ = dia_matrix((_n.ndarray(_cast(data, dt), (len(offsets), width), dt), idx(offsets)), shape=(m, n))
    return m_.asformat(format)


def spdiags(data, diags, m=None, n=None, format=None):
    if m is None and n is None:
        m = n = len(data[0])
    elif n is None:
        m, n = m
    return dia_matrix((data, diags), shape=(m, n)).asformat(format)


def eye(m, n=None, k=0, dtype=float, format=None):
    n = m if n is None else n
    m, n = int(m), int(n)
    dt = dtname(dtype)
    if m == n and k == 0 and format in ('csr', 'csc', 'coo'):
        ones = arr(_cast([1] * n, dt), dt)
        if format == 'coo':
            return coo_matrix((ones, (idx(list(range(n))), idx(list(range(n))))), (n, n))
        cls = csr_matrix if format == 'csr' else csc_matrix
        return cls((ones, idx(list(range(n))), idx(list(range(n + 1)))), (n, n))
    w = max(0, min(m + k, n))
    return diags(_n.ndarray(_cast([1] * w, dt), (1, w), dt), offsets=[k], shape=(m, n), dtype=dt).asformat(format)


def identity(n, dtype='d', format=None):
    return eye(n, n, dtype='float64' if dtype == 'd' else dtype, format=format)


def _check_dims(blocks, axis, what):
    dims = [b._shape[axis] for b in blocks]
    if len(set(dims)) > 1:
        raise ValueError(what + str(set(dims)))
    return dims[0]


def _stack_minor(blocks, axis):
    """_stack_along_minor_axis (csr_hstack): the blocks side by side along their minor axis, line by line"""
    if len(blocks) == 1:
        return blocks[0]
    other = 1 - axis
    n = _check_dims(blocks, other, 'Mismatching dimensions along axis ' + str(other) + ': ')
    dt = blocks[0]._dt
    for b in blocks[1:]:
        dt = upcast(dt, b._dt)
    ptr, ind, val = [0], [], []
    for line in range(n):
        off = 0
        for b in blocks:
            p, i, v = b._parts()
            ind.extend([j + off for j in i[p[line]:p[line + 1]]])
            val.extend(v[p[line]:p[line + 1]])
            off += b._shape[axis]
        ptr.append(len(ind))
    total = sum([b._shape[axis] for b in blocks])
    shape = (total, n) if axis == 0 else (n, total)
    return type(blocks[0])((arr(_cast(val, dt), dt), idx(ind), idx(ptr)), shape=shape)


def _stack_major(blocks, axis):
    """_compressed_sparse_stack: the blocks one after another along their major axis"""
    other = 1 - axis
    n = blocks[0]._shape[other]
    dt = blocks[0]._dt
    ptr, ind, val = [0], [], []
    for b in blocks:
        if b._shape[other] != n:
            raise ValueError('incompatible dimensions for axis ' + str(other))
        dt = upcast(dt, b._dt)
        p, i, v = b._parts()
        ind.extend(i[:p[-1]])
        val.extend(v[:p[-1]])
        ptr.extend([x + ptr[-1] for x in p[1:]])
    total = sum([b._shape[axis] for b in blocks])
    cls = csr_matrix if axis == 0 else csc_matrix
    return cls((arr(_cast(val, dt), dt), idx(ind), idx(ptr)), shape=(total, n) if axis == 0 else (n, total))


def _block(grid, format, dtype):
    M, N = len(grid), len(grid[0]) if grid else 0
    flat = [b for row in grid for b in row]
    if any(len(row) != N for row in grid):
        raise ValueError('blocks must be 2-D')
    grid = [[b if b is None or issparse(b) else coo_matrix(b) for b in row] for row in grid]
    flat = [b for row in grid for b in row]
    kind = flat[0]._format if flat and flat[0] is not None else None
    same = kind in ('csr', 'csc') and all(b is not None and b._format == kind for b in flat)
    if any(b is not None and b._u is not None for b in flat):
        return _unknown_block(grid, format if format is not None else kind if same else 'coo', dtype)
    if same and format in (None, kind):
        if kind == 'csr':
            A = _stack_major([_stack_minor(row, 1) for row in grid], 0)
        else:
            A = _stack_major([_stack_minor([grid[i][j] for i in range(M)], 0) for j in range(N)], 1)
        return A.astype(dtname(dtype)) if dtype is not None else A
    rows = [0] * M
    cols = [0] * N
    for i in range(M):
        for j in range(N):
            b = grid[i][j]
            if b is None:
                continue
            for lengths, at, n, what in ((rows, i, b._shape[0], 'row'), (cols, j, b._shape[1], 'column')):
                if lengths[at] == 0:
                    lengths[at] = n
                elif lengths[at] != n:
                    where = str(i) + ',:' if what == 'row' else ':,' + str(j)
                    axis = '0' if what == 'row' else '1'
                    raise ValueError('blocks[' + where + '] has incompatible ' + what + ' dimensions. Got blocks[' +
                                     str(i) + ',' + str(j) + '].shape[' + axis + '] == ' + str(n) + ', expected ' +
                                     str(lengths[at]) + '.')
    present = [b for b in flat if b is not None]
    dt = dtname(dtype) if dtype is not None else None
    if dt is None and present:
        dt = present[0]._dt
        for b in present[1:]:
            dt = upcast(dt, b._dt)
    r, c, v = [], [], []
    for i in range(M):
        for j in range(N):
            b = grid[i][j]
            if b is not None:
                br, bc, bv = b.tocoo()._coo_parts(False)
                r.extend([x + sum(rows[:i]) for x in br])
                c.extend([x + sum(cols[:j]) for x in bc])
                v.extend(bv)
    dt = dt or 'float64'
    return coo_matrix((arr(_cast(v, dt), dt), (idx(r), idx(c))), shape=(sum(rows), sum(cols))).asformat(format)


def _unknown_block(grid, format, dtype):
    rows = [_n.concatenate([dense_u(b) for b in row], axis=1) for row in grid]
    u = _n.concatenate(rows, axis=0)
    return with_u(format, u if dtype is None else u.astype(dtname(dtype)))


def vstack(blocks, format=None, dtype=None):
    return _block([[b] for b in blocks], format, dtype)


def hstack(blocks, format=None, dtype=None):
    return _block([list(blocks)], format, dtype)


def bmat(blocks, format=None, dtype=None):
    return _block([list(row) for row in blocks], format, dtype)


def find(A):
    A = coo_matrix(A, copy=True)
    A.sum_duplicates()
    keep = A.data != 0
    return A.row[keep], A.col[keep], A.data[keep]


def _tri(A, k, format, lower):
    A = coo_matrix(A)
    if A._u is not None:
        return with_u('coo', (_n.tril if lower else _n.triu)(A._u, k)).asformat(format)
    r, c, v = A._coo_parts(False)
    keep = [q for q in range(len(v)) if (r[q] + k >= c[q] if lower else r[q] + k <= c[q])]
    return coo_matrix((arr([v[q] for q in keep], A._dt), (idx([r[q] for q in keep]), idx([c[q] for q in keep]))),
                      shape=A._shape, dtype=A._dt).asformat(format)


def tril(A, k=0, format=None):
    return _tri(A, k, format, True)


def triu(A, k=0, format=None):
    return _tri(A, k, format, False)


# scipy.sparse's other public names: opaque values, noted where they are used (the linalg / csgraph submodules: their
# imports' opaque modules)
_NOT_MODELLED = ('lil_matrix', 'dok_matrix', 'bsr_matrix', 'csr_array', 'csc_array', 'coo_array', 'dia_array',
                 'lil_array', 'dok_array', 'bsr_array', 'sparray', 'kron', 'kronsum', 'block_diag',
                 'block_array', 'random', 'random_array', 'rand', 'save_npz', 'load_npz', 'diags_array', 'eye_array',
                 'isspmatrix_lil', 'isspmatrix_dok', 'isspmatrix_bsr', 'get_index_dtype', 'safely_cast_index_arrays')


def __getattr__(name):
    if name in ('linalg', 'csgraph'):
        import importlib
        return importlib.import_module('scipy.sparse.' + name)
    if name in _NOT_MODELLED:
        return __tparse_opaque__('scipy.sparse.' + name)
    raise AttributeError("module 'scipy.sparse' has no attribute '" + name + "'")
