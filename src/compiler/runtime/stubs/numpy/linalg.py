"""tparse stub of numpy.linalg: norm, solve, inv and det computed eagerly on the small ndarray (partial pivoting, as
LAPACK's getrf pivots), the result numpy's float64; in a compiled frame each is one traced node (torch._numpy.linalg,
as torch.linalg gives its type); an array of data tparse does not know is torch.linalg's value of that type. qr by Householder reflections as LAPACK's
(shared with scipy.linalg). Other numpy.linalg functions (eig, svd, ...) run as torch.linalg on the array's stand-in (their types, no values)."""
import math

import numpy as _n
from numpy_call_traced_by_dynamo import call as _traced_call


class LinAlgError(ValueError):
    pass


def _rows(a):  # a 2-D own array as a list of rows of floats
    flat = [float(x) for x in a._tparse_flat]
    m = a.shape[1]
    return [flat[i * m:(i + 1) * m] for i in range(a.shape[0])]


def _square(a):
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise LinAlgError('Last 2 dimensions of the array must be square')


def _eliminate(rows, n):
    """Gaussian elimination with partial pivoting over the first n columns, in place (augmented columns after them
    go along); the permutation's sign. A zero pivot is LinAlgError, as numpy's"""
    sign = 1.0
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(rows[i][k]))
        if rows[p][k] == 0.0:
            raise LinAlgError('Singular matrix')
        if p != k:
            rows[k], rows[p] = rows[p], rows[k]
            sign = -sign
        for i in range(k + 1, n):
            f = rows[i][k] / rows[k][k]
            rows[i] = [rows[i][j] - f * rows[k][j] for j in range(len(rows[i]))]
    return sign


def _solve_rows(a_rows, b_rows):  # a (n x n), b (n x k): x with a @ x == b
    n = len(a_rows)
    k = len(b_rows[0])
    aug = [a_rows[i] + b_rows[i] for i in range(n)]
    _eliminate(aug, n)
    x = [[0.0] * k for _ in range(n)]
    for i in range(n - 1, -1, -1):
        for j in range(k):
            s = aug[i][n + j] - sum(aug[i][m] * x[m][j] for m in range(i + 1, n))
            x[i][j] = s / aug[i][i]
    return x


def _eager_solve(a, b):
    A, B = _n._array(a), _n._array(b)
    if not (_n._own_arr(A) and _n._own_arr(B)) or A.ndim != 2 or B.ndim not in (1, 2):
        return _traced_call(a, b)
    _square(A)
    vec = B.ndim == 1
    brows = [[float(v)] for v in B._tparse_flat] if vec else _rows(B)
    if len(brows) != A.shape[0]:
        raise ValueError('solve: Input operand 1 has a mismatch in its core dimension 0')
    x = _solve_rows(_rows(A), brows)
    if vec:
        return _n.ndarray([r[0] for r in x], (len(x),), 'float64')
    return _n.ndarray([v for r in x for v in r], (len(x), len(x[0])), 'float64')


def _eager_inv(a):
    A = _n._array(a)
    if not _n._own_arr(A) or A.ndim != 2:
        return _traced_call(a)
    _square(A)
    n = A.shape[0]
    x = _solve_rows(_rows(A), [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)])
    return _n.ndarray([v for r in x for v in r], (n, n), 'float64')


def _eager_det(a):
    A = _n._array(a)
    if not _n._own_arr(A) or A.ndim != 2:
        return _traced_call(a)
    _square(A)
    rows = _rows(A)
    try:
        sign = _eliminate(rows, len(rows))
    except LinAlgError:
        return __tparse_np_int__(0.0)
    d = sign
    for i in range(len(rows)):
        d = d * rows[i][i]
    return __tparse_np_int__(d)


def _eager_norm(x, ord=None, axis=None, keepdims=False):
    X = _n._array(x)
    if not _n._own_arr(X) or (keepdims and axis is None) or (ord is not None and ord not in (2, 'fro', 1, math.inf)):
        return _traced_call(x, ord, axis, keepdims)
    vals = [abs(float(v)) for v in X._tparse_flat]

    def vnorm(xs):
        if ord == 1 and X.ndim == 1 or (ord == 1 and axis is not None):
            return sum(xs)
        if ord == math.inf and (X.ndim == 1 or axis is not None):
            return max(xs) if xs else 0.0
        return math.sqrt(sum(v * v for v in xs))
    if axis is None:
        if ord in (1, math.inf) and X.ndim == 2:  # a matrix's 1 / inf norm: the largest column / row sum
            r = _rows(X)
            sums = [sum(abs(r[i][j]) for i in range(len(r))) for j in range(len(r[0]))] if ord == 1 else [sum(abs(v) for v in row) for row in r]
            return __tparse_np_int__(max(sums))
        if ord == 2 and X.ndim == 2:
            return _traced_call(x, ord, axis)  # (a spectral norm: not computed here)
        return __tparse_np_int__(vnorm(vals))
    if not isinstance(axis, int):
        return _traced_call(x, ord, axis, keepdims)
    # a vector norm along one axis of any array (PointNet++'s `np.linalg.norm(pts, axis=2, keepdims=True)`)
    return X._along(axis, lambda xs: vnorm([abs(float(v)) for v in xs]), keepdims, 'float32' if X.dtype.name == 'float32' else 'float64')


def _householder(R, m, n):
    """QR by Householder reflections as LAPACK's geqrf + orgqr run them (dlarfg: beta = -sign(alpha) * norm, so R's
    diagonal takes the signs numpy and scipy show), in place on R (rows of floats, m x n); returns Q (m x m). Values
    agree with LAPACK's to rounding, not bit for bit."""
    Q = [[1.0 if i == j else 0.0 for j in range(m)] for i in range(m)]
    for k in range(min(m, n)):
        x = [R[i][k] for i in range(k, m)]
        alpha = x[0]
        xnorm = math.sqrt(sum(v * v for v in x[1:]))
        if xnorm == 0.0:
            continue  # (dlarfg: H = I, nothing below the diagonal to zero)
        beta = -math.copysign(math.sqrt(alpha * alpha + xnorm * xnorm), alpha)
        v = [1.0] + [xi / (alpha - beta) for xi in x[1:]]
        tau = (beta - alpha) / beta
        for j in range(n):  # R = H R, H = I - tau v v^T on rows k..m-1
            s = sum(v[i] * R[k + i][j] for i in range(len(v))) * tau
            for i in range(len(v)):
                R[k + i][j] -= s * v[i]
        for i in range(m):  # Q = Q H
            s = sum(Q[i][k + l] * v[l] for l in range(len(v))) * tau
            for l in range(len(v)):
                Q[i][k + l] -= s * v[l]
    for i in range(m):  # exact zeros below the diagonal
        for j in range(min(i, n)):
            R[i][j] = 0.0
    return Q


def _eager_qr(a, mode='reduced'):
    """numpy.linalg.qr: mode 'reduced' (Q m x k, R k x n), 'complete' (Q m x m) or 'r'; float32 stays float32"""
    A = _n._array(a)
    if not _n._own_arr(A) or A.ndim != 2 or mode not in ('reduced', 'complete', 'r'):
        return _traced_call(a, mode)
    m, n = A.shape[0], A.shape[1]
    dt = 'float32' if A.dtype.name == 'float32' else 'float64'
    R = _rows(A)
    Q = _householder(R, m, n)
    rows = m if mode == 'complete' else min(m, n)
    r = _n.ndarray([v for row in R[:rows] for v in row], (rows, n), dt)
    if mode == 'r':
        return r
    return (_n.ndarray([v for row in Q for v in row[:rows]], (m, rows), dt), r)


norm = _n._np('linalg.norm', _eager_norm, node='norm')
solve = _n._np('linalg.solve', _eager_solve, node='solve')
inv = _n._np('linalg.inv', _eager_inv, node='inv')
det = _n._np('linalg.det', _eager_det, node='det')
eig = _n._np('linalg.eig', node='eig')
eigh = _n._np('linalg.eigh', node='eigh')
svd = _n._np('linalg.svd', node='svd')
qr = _n._np('linalg.qr', _eager_qr, node='qr')
pinv = _n._np('linalg.pinv', node='pinv')
cholesky = _n._np('linalg.cholesky', node='cholesky')


def _eager_matrix_power(a, n):  # a square matrix to an integer power by repeated products (n < 0: of its inverse)
    if not _n._own_arr(a):
        return _n._traced_call(a, n)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    size = a.shape[0]
    if n < 0:
        a = _eager_inv(a)
        n = -n
    out = _n.eye(size, dtype=a.dtype)
    for _ in range(n):
        out = out @ a
    return out.astype(a.dtype)


matrix_power = _n._np('linalg.matrix_power', _eager_matrix_power, node='matrix_power')
