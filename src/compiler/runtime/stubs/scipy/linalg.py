"""tparse stub of scipy.linalg: qr (numpy.linalg's Householder, LAPACK's geqrf signs) and lu
(partial pivoting as getrf, a == P @ L @ U) computed eagerly on numpy's small ndarray, float32 kept and other inputs
float64; solve / inv / det / norm are numpy.linalg's. An array of data tparse does not know gives an opaque value."""
import math

import numpy as _n
from numpy.linalg import LinAlgError, _householder, _rows, det, inv, norm, solve


def _mat(a):  # (rows as lists of floats, m, n, dtype) of a 2-D own array, or None
    A = _n._array(a)
    if not _n._own_arr(A) or A.ndim != 2:
        return None
    return _rows(A), A.shape[0], A.shape[1], 'float32' if A.dtype.name == 'float32' else 'float64'


def _arr(rows, dt):
    return _n.ndarray([v for r in rows for v in r], (len(rows), len(rows[0]) if rows else 0), dt)


def qr(a, overwrite_a=False, lwork=None, mode='full', pivoting=False, check_finite=True):
    got = _mat(a)
    if got is None or pivoting or mode not in ('full', 'economic', 'r'):
        __tparse_unmodelled__('scipy.linalg.qr')
        return __tparse_opaque__('scipy.linalg.qr()')
    R, m, n, dt = got
    Q = _householder(R, m, n)
    if mode == 'economic':
        kk = min(m, n)
        Q = [row[:kk] for row in Q]
        R = R[:kk]
    if mode == 'r':
        return (_arr(R, dt),)
    return _arr(Q, dt), _arr(R, dt)


def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    got = _mat(a)
    if got is None:
        __tparse_unmodelled__('scipy.linalg.lu')
        return __tparse_opaque__('scipy.linalg.lu()')
    U, m, n, dt = got
    perm = list(range(m))
    kk = min(m, n)
    L = [[0.0] * kk for _ in range(m)]
    for k in range(kk):
        p = k
        for i in range(k + 1, m):
            if abs(U[i][k]) > abs(U[p][k]):
                p = i
        if p != k:
            U[k], U[p] = U[p], U[k]
            L[k], L[p] = L[p], L[k]
            perm[k], perm[p] = perm[p], perm[k]
        for i in range(k + 1, m):
            f = U[i][k] / U[k][k] if U[k][k] != 0.0 else 0.0
            L[i][k] = f
            U[i] = [U[i][j] - f * U[k][j] if j >= k else U[i][j] for j in range(n)]
    for i in range(kk):
        L[i][i] = 1.0
    U = [[U[i][j] if j >= i else 0.0 for j in range(n)] for i in range(kk)]
    # a[perm[i]] is row i of L @ U: P[perm[i]][i] = 1
    P = [[0.0] * m for _ in range(m)]
    for i in range(m):
        P[perm[i]][i] = 1.0
    if permute_l:
        PL = [[sum(P[i][r] * L[r][c] for r in range(m)) for c in range(kk)] for i in range(m)]
        return _arr(PL, dt), _arr(U, dt)
    if p_indices:
        inv_perm = [0] * m
        for i in range(m):
            inv_perm[i] = perm[i]
        return _n.ndarray(inv_perm, (m,), 'int64'), _arr(L, dt), _arr(U, dt)
    return _arr(P, dt), _arr(L, dt), _arr(U, dt)
