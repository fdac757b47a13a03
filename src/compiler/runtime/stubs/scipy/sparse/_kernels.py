"""Kernels of the scipy.sparse stub on Python lists, as scipy's C++ sparsetools computes them (csr.h, coo.h, dia.h):
the compressed layout is (ptr, idx, val) over `nmaj` major lines (rows of a CSR, columns of a CSC). Each kernel keeps
scipy's entry order (coo_tocsr's stable placement, csr_matmat's and the general binop's linked-list order, the
canonical binop's merge) and its pruning of zero results, so `.indices` / `.tocoo().row` come out as scipy's do."""


def expand(nmaj, ptr):
    """the major index of each stored entry (expandptr)"""
    out = []
    for i in range(nmaj):
        out.extend([i] * (ptr[i + 1] - ptr[i]))
    return out


def to_compressed(nmaj, maj, mnr, vals):
    """coo_tocsr: entries placed by major index, in the order they come (duplicates kept)"""
    ptr = [0] * (nmaj + 1)
    for i in maj:
        ptr[i + 1] += 1
    for i in range(nmaj):
        ptr[i + 1] += ptr[i]
    pos = ptr[:nmaj]
    n = len(maj)
    idx = [0] * n
    val = [0] * n
    for k in range(n):
        r = maj[k]
        p = pos[r]
        idx[p] = mnr[k]
        val[p] = vals[k]
        pos[r] = p + 1
    return ptr, idx, val


def is_canonical(nmaj, ptr, idx):
    """csr_has_canonical_format: indices strictly increasing in every line"""
    for i in range(nmaj):
        for jj in range(ptr[i] + 1, ptr[i + 1]):
            if idx[jj - 1] >= idx[jj]:
                return False
    return True


def sum_duplicates(nmaj, ptr, idx, val):
    """csr_sort_indices then csr_sum_duplicates: each line sorted, equal indices summed (explicit zeros kept)"""
    nptr, nidx, nval = [0], [], []
    for i in range(nmaj):
        a, b = ptr[i], ptr[i + 1]
        order = list(range(a, b))
        for jj in range(a + 1, b):
            if idx[jj - 1] >= idx[jj]:
                order = sorted(order, key=lambda q: idx[q])
                break
        last = -1
        for jj in order:
            j = idx[jj]
            if j == last:
                nval[-1] = nval[-1] + val[jj]
            else:
                nidx.append(j)
                nval.append(val[jj])
                last = j
        nptr.append(len(nidx))
    return nptr, nidx, nval


def transpose(nmaj, nmin, ptr, idx, val):
    """csr_tocsc: the same entries compressed along the other axis (each new line in increasing old-major order): the
    placement of coo_tocsr over the entries' major indices"""
    return to_compressed(nmin, idx, expand(nmaj, ptr), val)


def matmat(nmaj, nout, Ap, Aj, Ax, Bp, Bj, Bx):
    """csr_matmat: A (nmaj lines) times B; each output line in reverse order of first touch, zero sums dropped"""
    nxt = [-1] * nout
    sums = [0] * nout
    Cp, Cj, Cx = [0], [], []
    for i in range(nmaj):
        head = -2
        length = 0
        for jj in range(Ap[i], Ap[i + 1]):
            j = Aj[jj]
            v = Ax[jj]
            for kk in range(Bp[j], Bp[j + 1]):
                k = Bj[kk]
                sums[k] = sums[k] + v * Bx[kk]
                if nxt[k] == -1:
                    nxt[k] = head
                    head = k
                    length += 1
        for _ in range(length):
            if sums[head] != 0:
                Cj.append(head)
                Cx.append(sums[head])
            temp = head
            head = nxt[head]
            nxt[temp] = -1
            sums[temp] = 0
        Cp.append(len(Cj))
    return Cp, Cj, Cx


def binop(nmaj, nmin, A, B, op):
    """csr_binop_csr: op of two matrices entry by entry, zero results dropped; both canonical: a merge (sorted
    output), else the general method (linked-list order, duplicates summed first)"""
    Ap, Aj, Ax = A
    Bp, Bj, Bx = B
    Cp, Cj, Cx = [0], [], []
    if is_canonical(nmaj, Ap, Aj) and is_canonical(nmaj, Bp, Bj):
        for i in range(nmaj):
            a, ae, b, be = Ap[i], Ap[i + 1], Bp[i], Bp[i + 1]
            while a < ae or b < be:
                if a < ae and b < be and Aj[a] == Bj[b]:
                    j, r = Aj[a], op(Ax[a], Bx[b])
                    a, b = a + 1, b + 1
                elif b >= be or (a < ae and Aj[a] < Bj[b]):
                    j, r = Aj[a], op(Ax[a], 0)
                    a += 1
                else:
                    j, r = Bj[b], op(0, Bx[b])
                    b += 1
                if r != 0:
                    Cj.append(j)
                    Cx.append(r)
            Cp.append(len(Cj))
        return Cp, Cj, Cx
    nxt = [-1] * nmin
    arow = [0] * nmin
    brow = [0] * nmin
    for i in range(nmaj):
        head = -2
        length = 0
        for P, J, X, row in ((Ap, Aj, Ax, arow), (Bp, Bj, Bx, brow)):
            for jj in range(P[i], P[i + 1]):
                j = J[jj]
                row[j] = row[j] + X[jj]
                if nxt[j] == -1:
                    nxt[j] = head
                    head = j
                    length += 1
        for _ in range(length):
            r = op(arow[head], brow[head])
            if r != 0:
                Cj.append(head)
                Cx.append(r)
            temp = head
            head = nxt[head]
            nxt[temp] = -1
            arow[temp] = 0
            brow[temp] = 0
        Cp.append(len(Cj))
    return Cp, Cj, Cx


def entries(nmaj, ptr, idx, by_col):
    """(row, col) of every stored entry in storage order"""
    maj = expand(nmaj, ptr)
    return (idx, maj) if by_col else (maj, idx)


def dense(shape, rows, cols, vals, zero):
    """csr_todense / coo_todense: the row-major flat dense values, duplicates added in storage order"""
    M, N = shape
    out = [zero] * (M * N)
    for k in range(len(vals)):
        o = rows[k] * N + cols[k]
        out[o] = out[o] + vals[k]
    return out


def matvecs(M, rows, cols, vals, x, k, zero):
    """y = A @ x for x of k columns (row-major flat), accumulated entry by entry in storage order (csr_matvecs,
    csc_matvecs, coo_matvec)"""
    y = [zero] * (M * k)
    for e in range(len(vals)):
        a = vals[e]
        yo = rows[e] * k
        xo = cols[e] * k
        for t in range(k):
            y[yo + t] = y[yo + t] + a * x[xo + t]
    return y


def pairwise(xs, lo=0, n=None):
    """numpy's pairwise summation of xs[lo:lo+n] (a float reduction): 8 accumulators up to 128 values, halves above"""
    n = len(xs) - lo if n is None else n
    if n < 8:
        res = 0.0 if n == 0 or isinstance(xs[lo], float) else 0
        for i in range(lo, lo + n):
            res = res + xs[i]
        return res
    if n <= 128:
        r = xs[lo:lo + 8]
        i = 8
        while i < n - (n % 8):
            for j in range(8):
                r[j] = r[j] + xs[lo + i + j]
            i += 8
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        while i < n:
            res = res + xs[lo + i]
            i += 1
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return pairwise(xs, lo, n2) + pairwise(xs, lo + n2, n - n2)


def reduce_sum(xs):
    """np.add.reduce of a contiguous 1-D array: 0 + the pairwise sum (integers: their exact sum)"""
    if xs and isinstance(xs[0], float):
        return 0.0 + pairwise(xs)
    t = 0
    for x in xs:
        t = t + x
    return t


def reduceat_sum(xs, a, b):
    """one segment of np.add.reduceat: the first value, then the pairwise sum of the rest"""
    if isinstance(xs[a], float):
        return xs[a] + pairwise(xs, a + 1, b - a - 1) if b - a > 1 else xs[a]
    t = xs[a]
    for i in range(a + 1, b):
        t = t + xs[i]
    return t
