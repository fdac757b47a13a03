"""Indexing of the scipy.sparse stub's CSR / CSC matrices (scipy/sparse/_index.py, _compressed.py, _csr.py, _csc.py
of scipy 1.14.1): the key's validation (ints, slices, index arrays and lists, boolean masks), then scipy's dispatch
(`m[i]`, `m[[0, 2]]`, `m[a:b]` a 2-D sparse matrix of the same format, `m[i, j]` a numpy scalar, `m[rows, cols]` of
1-D arrays the sampled values as a (1, n) array). Each piece works on the compressed (major, minor) layout and keeps
scipy's entry order."""
import numpy as _n
from numpy._dtypes import _cast
from scipy.sparse._base import arr, blank, idx, issparse, np_scalar, with_u, zero
from scipy.sparse._compressed import _full, _indices


def _intlike(x):
    return isinstance(x, int) or (_n._own_arr(x) and x.ndim == 0 and x._tparse_dtype != 'bool')


def _bool_array(x):
    if isinstance(x, list) and x and isinstance(x[0], bool):
        return _n.array(x)
    if _n._own_arr(x) and x._tparse_dtype == 'bool':
        return x
    return None


def _asindices(x, n):
    a = _n.array(x)
    if a.ndim not in (1, 2):
        raise IndexError('Index dimension must be 1 or 2')
    f = [int(v) for v in a._tparse_flat]
    if f and max(f) >= n:
        raise IndexError('index (' + str(max(f)) + ') out of range')
    if f and min(f) < -n:
        raise IndexError('index (' + str(min(f)) + ') out of range')
    return _n.ndarray([v + n if v < 0 else v for v in f], a.shape, 'int64')


def validate(m, key):
    """scipy's _validate_indices: (row, col), each an int, a slice or an int64 index array"""
    if (issparse(key) or _n._own_arr(key)) and key.ndim == 2 and key.dtype.name == 'bool':
        if key.shape != m._shape:
            raise IndexError('boolean index shape does not match array shape')
        row, col = key.nonzero()
    else:
        if key is Ellipsis:
            key = (slice(None), slice(None))
        if isinstance(key, tuple):
            if Ellipsis in key:
                at = key.index(Ellipsis)
                key = key[:at] + (slice(None),) * max(0, 3 - len(key)) + key[at + 1:]
            if len(key) == 2:
                row, col = key
            elif len(key) == 1:
                row, col = key[0], slice(None)
            else:
                raise IndexError('invalid number of indices')
        else:
            b = _bool_array(key)
            if b is not None and b.ndim == 2:
                row, col = b.nonzero()
            else:
                row, col = key, slice(None)
        if issparse(row) or issparse(col):
            raise IndexError('Indexing with sparse matrices is not supported except boolean indexing where matrix '
                             'and index are equal shapes.')
    M, N = m._shape
    out = []
    for k, n, name in ((row, M, 'row'), (col, N, 'column')):
        if not isinstance(n, int):  # a size tparse does not know: no bounds to check
            out.append(_n.array(k) if isinstance(k, list) else k)
        elif _intlike(k):
            k = int(k)
            if k < -n or k >= n:
                raise IndexError(name + ' index (' + str(k) + ') out of range')
            out.append(k + n if k < 0 else k)
        elif isinstance(k, slice):
            out.append(k)
        elif _bool_array(k) is not None:
            b = _bool_array(k)
            if b.ndim > 1:
                raise IndexError('invalid index shape')
            if b.size != n:
                raise IndexError('boolean ' + name + ' index has incorrect length: ' + str(b.size) + ' instead of ' +
                                 str(n))
            hits = [i for i in range(n) if b._tparse_flat[i]]
            out.append(_n.ndarray(hits, (len(hits),), 'int64'))
        else:
            out.append(_asindices(k, n))
    return out[0], out[1]


def getitem(m, key):
    row, col = validate(m, key)
    csr = m._format == 'csr'
    if isinstance(row, int):
        if isinstance(col, int):
            return _int_int(m, row, col)
        if isinstance(col, slice):
            if col.step in (1, None):
                return submatrix(m, *m._swap((row, col)))
            if csr:
                return minor_fancy(submatrix(m, row, None), _n.arange(*_indices(col, m._shape[1])))
            return submatrix(major_slice(m, col), None, row)
        if csr:
            return minor_fancy(submatrix(m, row, None), col)
        return submatrix(major_fancy(m, col), None, row)
    if isinstance(row, slice):
        if isinstance(col, int):
            if row.step in (1, None):
                return submatrix(m, *m._swap((row, col)))
            return submatrix(major_slice(m, row), None, col) if csr else minor_slice(submatrix(m, col, None), row)
        if isinstance(col, slice):
            if _full(row) and _full(col):
                return m.copy()
            major, minor = m._swap((row, col))
            if major.step in (1, None) and minor.step in (1, None):
                return submatrix(m, major, minor)
            return minor_slice(major_slice(m, major), minor)
        if col.ndim == 1:
            return minor_fancy(major_slice(m, row), col) if csr else minor_slice(major_fancy(m, col), row)
        raise IndexError('index results in >2 dimensions')
    if row.ndim == 1:
        if isinstance(col, int):
            return submatrix(major_fancy(m, row), None, col) if csr else minor_fancy(submatrix(m, col, None), row)
        if isinstance(col, slice):
            if csr:
                if col.step not in (1, None):
                    return _array_array(m, row, _n.arange(*_indices(col, m._shape[1])))
                return submatrix(major_fancy(m, row), None, col)
            return minor_fancy(major_slice(m, col), row)
    elif isinstance(col, int):
        return submatrix(major_fancy(m, row), None, col) if csr else minor_fancy(submatrix(m, col, None), row)
    elif isinstance(col, slice):
        raise IndexError('index results in >2 dimensions')
    elif row.shape[1] == 1 and (col.ndim == 1 or col.shape[0] == 1):
        major, minor = m._swap((row.reshape(row.size), col.reshape(col.size)))
        return minor_fancy(major_fancy(m, major), minor)
    from numpy import _shape
    shape = _shape.broadcast_shapes(row.shape, col.shape)
    if shape is None:
        raise IndexError('number of row and column indices differ')
    r = _n.ndarray(_shape.expand(row._tparse_flat, row.shape, shape), shape, 'int64')
    c = _n.ndarray(_shape.expand(col._tparse_flat, col.shape, shape), shape, 'int64')
    if r.size == 0:
        return type(m)(tuple(shape) if len(shape) == 2 else (1, 0), dtype=m._dt)
    return _array_array(m, r, c)


def _find(m, major, minor):  # the positions of the stored entries at (major, minor)
    p, i, v = m._parts()
    return [jj for jj in range(p[major], p[major + 1]) if i[jj] == minor]


def _int_int(m, row, col):
    major, minor = m._swap((row, col))
    v = m.data._tparse_flat
    t = zero(m._dt)
    for jj in _find(m, major, minor):
        t = t + v[jj]
    return np_scalar(t, m._dt)


def _array_array(m, row, col):  # csr_sample_values: each (row, col) pair's value; 1-D pairs: a (1, n) dense array
    major, minor = m._swap((row, col))
    vals = [_int_int(m, *m._swap((a, b))) for a, b in zip(major._tparse_flat, minor._tparse_flat)]
    vals = _cast(vals, m._dt)
    if major.ndim == 1:
        return _n.ndarray(vals, (1, len(vals)), m._dt)
    return type(m)(_n.ndarray(vals, major.shape, m._dt))


def _span(s, n):  # _process_slice: (i0, i1) of an int or a slice of step 1
    if s is None:
        return 0, n
    if isinstance(s, int):
        s = s + n if s < 0 else s
        if s < 0 or s + 1 > n:
            raise IndexError('index out of bounds: 0 <= ' + str(s) + ' < ' + str(s + 1) + ' <= ' + str(n))
        return s, s + 1
    i0, i1, stride = _indices(s, n)
    if stride != 1:
        raise ValueError('slicing with step != 1 not supported')
    return min(i0, i1), i1


def submatrix(m, major=None, minor=None):
    """get_csr_submatrix: the lines major (an int or a slice) and within them the entries of minor, in order"""
    nmaj, nmin = m._swap(m._shape)
    i0, i1 = _span(major, nmaj)
    j0, j1 = _span(minor, nmin)
    if i0 == 0 and j0 == 0 and i1 == nmaj and j1 == nmin:
        return m.copy()
    p, i, v = m._parts()
    np_, ni, nv = [0], [], []
    for r in range(i0, i1):
        for jj in range(p[r], p[r + 1]):
            if j0 <= i[jj] < j1:
                ni.append(i[jj] - j0)
                nv.append(v[jj])
        np_.append(len(ni))
    return m._new(np_, ni, nv, m._dt, m._swap((i1 - i0, j1 - j0)))


def major_fancy(m, rows):  # csr_row_index: the lines picked, in the order given
    p, i, v = m._parts()
    np_, ni, nv = [0], [], []
    for r in rows._tparse_flat:
        ni.extend(i[p[r]:p[r + 1]])
        nv.extend(v[p[r]:p[r + 1]])
        np_.append(len(ni))
    return m._new(np_, ni, nv, m._dt, m._swap((len(rows._tparse_flat), m._swap(m._shape)[1])))


def major_slice(m, s):
    if _full(s):
        return m
    a, b, step = _indices(s, m._swap(m._shape)[0])
    return major_fancy(m, _n.ndarray(list(range(a, b, step)), (len(range(a, b, step)),), 'int64'))


def minor_fancy(m, cols):
    """csr_column_index1 / 2: for each stored entry (in order), one entry per place its minor index takes in cols
    (those places in argsort order)"""
    want = cols._tparse_flat
    order = sorted(range(len(want)), key=lambda q: want[q])
    places = {}
    for q in order:
        places.setdefault(want[q], []).append(q)
    p, i, v = m._parts()
    np_, ni, nv = [0], [], []
    for r in range(len(p) - 1):
        for jj in range(p[r], p[r + 1]):
            for q in places.get(i[jj], ()):
                ni.append(q)
                nv.append(v[jj])
        np_.append(len(ni))
    return m._new(np_, ni, nv, m._dt, m._swap((len(p) - 1, len(want))))


def minor_slice(m, s):
    if _full(s):
        return m
    a, b, step = _indices(s, m._swap(m._shape)[1])
    if step == 1:
        return submatrix(m, None, slice(a, b))
    return minor_fancy(m, _n.ndarray(list(range(a, b, step)), (len(range(a, b, step)),), 'int64'))


def _count(k, n):  # how many rows / columns a validated index takes (None: a slice of a size not known)
    if isinstance(k, int):
        return 1
    if isinstance(k, slice):
        return len(range(*_indices(k, n))) if isinstance(n, int) else None
    return k.size


def unknown_getitem(m, key):
    """indexing a matrix of unknown data: the same validation, numpy's indexing of its dense stand-in (2-D kept); an
    opaque one (a size not known) gives a stand-in of the shape the key tells, where it tells it"""
    row, col = validate(m, key)
    u = m._u
    if not _n._standin(u):
        if isinstance(row, int) and isinstance(col, int):
            return u[row, col]
        r, c = _count(row, m._shape[0]), _count(col, m._shape[1])
        pairs = not isinstance(row, (int, slice)) and not isinstance(col, (int, slice))
        if pairs and row.ndim == 1:
            return blank((1, r), m._dt)
        if isinstance(r, int) and isinstance(c, int):
            return type(m)(blank((r, c), m._dt))
        return with_u(m._format, u[row, col], m._dt)
    if isinstance(row, int) and isinstance(col, int):
        return u[row, col]
    if not isinstance(row, (int, slice)) and not isinstance(col, (int, slice)):
        got = u[row, col]
        return got.reshape(1, row.size) if row.ndim == 1 and col.ndim == 1 else type(m)(got)
    r = [row] if isinstance(row, int) else row
    c = [col] if isinstance(col, int) else col
    return type(m)(u[r][:, c])


def setdiag(m, values, k=0):
    """_cs_matrix._setdiag: every diagonal cell stored already takes its value in place; else (more than a few cells
    missing) scipy goes through a COO: the old diagonal entries dropped, the new ones placed after each line's
    entries (an explicit zero stays stored); a few missing ones are inserted before the line's entries, the line
    sorted again when the indices were"""
    M, N = m._shape
    if (k > 0 and k >= N) or (k < 0 and -k >= M):
        raise ValueError('k exceeds array dimensions')
    n = min(M + k, N) if k < 0 else min(M, N - k)
    vals = _n.array(values)
    if vals.ndim:
        n = min(n, vals.size)
    xs = _cast([vals._tparse_flat[q] if vals.ndim else vals._tparse_flat[0] for q in range(n)], m._dt)
    cells = [m._swap((q - k, q) if k < 0 else (q, q + k)) for q in range(n)]
    if any(len(_find(m, a, b)) > 1 for a, b in cells):
        m.sum_duplicates()
    p, i, v = m._parts()
    v = list(v)
    hit = [_find(m, a, b) for a, b in cells]
    missing = [q for q in range(n) if not hit[q]]
    if not missing or len(missing) < len(v) * 0.001:
        for q in range(n):
            if hit[q]:
                v[hit[q][0]] = xs[q]
        if not missing:
            m.data = arr(v, m._dt)
            return
    sorted_before = m.has_sorted_indices
    coo_path = len(missing) >= len(v) * 0.001
    on_diag = set(cells)
    new = {}
    for q in (range(n) if coo_path else missing):
        new.setdefault(cells[q][0], []).append((cells[q][1], xs[q]))
    np_, ni, nv = [0], [], []
    for r in range(len(p) - 1):
        old = [(i[jj], v[jj]) for jj in range(p[r], p[r + 1]) if not (coo_path and (r, i[jj]) in on_diag)]
        line = old + new.get(r, []) if coo_path else new.get(r, []) + old
        if not coo_path and sorted_before and r in new:
            line = sorted(line, key=lambda e: e[0])
        ni.extend([e[0] for e in line])
        nv.extend([e[1] for e in line])
        np_.append(len(ni))
    m.indptr, m.indices, m.data = idx(np_), idx(ni), arr(nv, m._dt)
    m._canon = None
