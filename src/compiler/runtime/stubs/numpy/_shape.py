"""Shape arithmetic of the numpy stub's small eager ndarray, on row-major flat lists: broadcasting (numpy's rules),
transposes, joins along an axis, basic indexing with ints, slices and None (np.newaxis). Pure Python of ours; the
ndarray class (numpy/__init__.py) wraps the results."""


def size_of(shape):
    n = 1
    for d in shape:
        n = n * d
    return n


def strides_of(shape):
    out = []
    acc = 1
    for d in reversed(shape):
        out.insert(0, acc)
        acc = acc * d
    return out


def broadcast_shapes(a, b):
    """numpy's broadcast of two shapes, or None where they do not broadcast"""
    n = len(a) if len(a) > len(b) else len(b)
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(out)


def expand(flat, shape, to):
    """`flat` (of `shape`) broadcast to shape `to`, row-major"""
    shape = (1,) * (len(to) - len(shape)) + tuple(shape)
    if tuple(shape) == tuple(to):
        return list(flat)
    src = strides_of(shape)
    st = [0 if d == 1 else s for d, s in zip(shape, src)]
    offs = [0]
    for d, s in zip(to, st):
        offs = [o + i * s for o in offs for i in range(d)]
    return [flat[o] for o in offs]


def transpose(flat, shape, axes=None):
    """(flat, shape) with the axes permuted (reversed when `axes` is None), row-major"""
    n = len(shape)
    if axes is None:
        axes = list(range(n - 1, -1, -1))
    axes = [a + n if a < 0 else a for a in axes]
    src = strides_of(shape)
    out_shape = tuple(shape[a] for a in axes)
    offs = [0]
    for a in axes:
        offs = [o + i * src[a] for o in offs for i in range(shape[a])]
    return [flat[o] for o in offs], out_shape


def join(parts, axis):
    """concatenate [(flat, shape)] along `axis` (all other dims equal), or None where the shapes disagree"""
    base = parts[0][1]
    n = len(base)
    if axis < 0:
        axis = axis + n
    for f, s in parts:
        if len(s) != n or any(s[i] != base[i] for i in range(n) if i != axis):
            return None
    outer = size_of(base[:axis])
    out = []
    for o in range(outer):
        for f, s in parts:
            inner = size_of(s[axis:])
            out.extend(f[o * inner:(o + 1) * inner])
    shape = list(base)
    shape[axis] = sum(s[axis] for f, s in parts)
    return out, tuple(shape)


def basic_index(shape, idx):
    """(out shape, flat offsets) of basic indexing by ints, slices, None (a new axis of size 1) and one Ellipsis;
    None for other forms (arrays, bools)"""
    idx = idx if isinstance(idx, tuple) else (idx,)
    ell = [k for k in idx if k is Ellipsis]
    if len(ell) > 1:
        return None
    used = len([k for k in idx if k is not None and k is not Ellipsis])
    if used > len(shape):
        return None
    if ell:
        at = idx.index(Ellipsis)
        idx = idx[:at] + (slice(None),) * (len(shape) - used) + idx[at + 1:]
    else:
        idx = idx + (slice(None),) * (len(shape) - used)
    st = strides_of(shape)
    offs, out, axis = [0], [], 0
    for k in idx:
        if k is None:
            out.append(1)
            continue
        if isinstance(k, bool) or not isinstance(k, (int, slice)):
            return None
        n, s = shape[axis], st[axis]
        axis = axis + 1
        if isinstance(k, slice):
            pos = list(range(n))[k]
            out.append(len(pos))
        else:
            if k < -n or k >= n:
                raise IndexError('index ' + str(k) + ' is out of bounds for axis ' + str(axis - 1) + ' with size ' + str(n))
            pos = [k + n if k < 0 else k]
        offs = [o + p * s for o in offs for p in pos]
    return tuple(out), offs


def newaxis_strides(shape, idx):
    """element strides of a basic-index view holding new axes (np.newaxis: stride 0, as numpy makes them; the other
    axes row-major); None when the index adds no axis"""
    idx = idx if isinstance(idx, tuple) else (idx,)
    if not _bany_none(idx):
        return None
    out = []
    for k in idx:
        if k is None:
            out.append(True)
        elif k is Ellipsis:
            used = len([j for j in idx if j is not None and j is not Ellipsis])
            out.extend([False] * (len(shape) - used))
        elif isinstance(k, slice):
            out.append(False)
    used = len([j for j in idx if j is not None and j is not Ellipsis and not isinstance(j, int)]) + \
        len([j for j in idx if isinstance(j, int) and not isinstance(j, bool)])
    if Ellipsis not in idx:
        out.extend([False] * (len(shape) - used))
    return out


def _bany_none(idx):
    for k in idx:
        if k is None:
            return True
    return False


def total(xs):
    t = 0
    for x in xs:
        t = t + x
    return t


def product(xs):
    p = 1
    for x in xs:
        p = p * x
    return p


def along(flat, shape, axis, fn, keepdims=False):
    """fn of the values along `axis` at every index of the other dims (the PINN notebooks' bounds `X.min(0)`): the
    results row-major and their shape (the axis kept as 1 with keepdims). A tuple of axes (STGCN's
    `np.mean(X, axis=(0, 2))`) reduces them together: fn of every value over those axes, row-major."""
    if isinstance(axis, (tuple, list)):
        axes = sorted(set(a + len(shape) if a < 0 else a for a in axis))
        kept = [d for d in range(len(shape)) if d not in axes]
        st = strides_of(shape)
        outs = [0]
        for d in kept:
            outs = [o + i * st[d] for o in outs for i in range(shape[d])]
        ins = [0]
        for d in axes:
            ins = [o + i * st[d] for o in ins for i in range(shape[d])]
        out = [fn([flat[o + i] for i in ins]) for o in outs]
        dims = [1 if d in axes else shape[d] for d in range(len(shape))] if keepdims else [shape[d] for d in kept]
        return out, tuple(dims)
    if axis < 0:
        axis += len(shape)
    outer = product(shape[:axis])
    inner = product(shape[axis + 1:])
    n = shape[axis]
    out = []
    for o in range(outer):
        for i in range(inner):
            out.append(fn([flat[(o * n + k) * inner + i] for k in range(n)]))
    return out, tuple(shape[:axis] + ([1] if keepdims else []) + shape[axis + 1:])


def take_rows(flat, shape, idx, ishape, idtype):
    """Advanced indexing on the first axis: integer indices `idx` (row-major, of shape `ishape`) pick rows, a boolean
    mask of the leading shape keeps them (`pool[np.random.randint(...)]`, `x[x[:, 0] > 0]`): (flat, shape), or None
    for a mask of another shape"""
    if idtype == 'bool':
        lead = tuple(ishape)
        if lead != tuple(shape[:len(lead)]):
            return None
        k = size_of(shape[len(lead):])
        out = []
        count = 0
        for j in range(len(idx)):
            if idx[j]:
                out.extend(flat[j * k:(j + 1) * k])
                count = count + 1
        return out, (count,) + tuple(shape[len(lead):])
    n = shape[0]
    inner = size_of(shape[1:])
    out = []
    for k in idx:
        k = int(k)
        if k < 0:
            k = k + n
        if k < 0 or k >= n:
            raise IndexError('index ' + str(k) + ' is out of bounds for axis 0 with size ' + str(n))
        out.extend(flat[k * inner:(k + 1) * inner])
    return out, tuple(ishape) + tuple(shape[1:])


def unravel(o, shape):
    """the index tuple of flat (row-major) offset o in an array of `shape`"""
    out = []
    for n in reversed(shape):
        out.append(o % n)
        o = o // n
    return tuple(reversed(out))


def take_points(flat, shape, idxs, ishape):
    """Advanced indexing with one integer array per leading axis (`m[row, col]` of np.nonzero's indices, gae's
    `sparse_mx[row, col]`): the arrays (row-major, each of shape `ishape`) pick elements, or rows of the axes left:
    (flat, shape)"""
    k = len(idxs)
    inner = size_of(shape[k:])
    st = strides_of(shape)
    out = []
    for p in range(size_of(ishape)):
        off = 0
        for a in range(k):
            j = int(idxs[a][p])
            if j < 0:
                j = j + shape[a]
            if j < 0 or j >= shape[a]:
                raise IndexError('index ' + str(j) + ' is out of bounds for axis ' + str(a) + ' with size ' + str(shape[a]))
            off = off + j * st[a]
        out.extend(flat[off:off + inner])
    return out, tuple(ishape) + tuple(shape[k:])


def take_axis(flat, shape, axis, idx, ishape):
    """`a[:, cols]`: one integer array on `axis` (full slices elsewhere) picks along it; the picked dims sit where the
    axis was (numpy's rule for a single advanced index): (flat, shape)"""
    outer = size_of(shape[:axis])
    n = shape[axis]
    inner = size_of(shape[axis + 1:])
    out = []
    for o in range(outer):
        for j in idx:
            j = int(j)
            if j < 0:
                j = j + n
            if j < 0 or j >= n:
                raise IndexError('index ' + str(j) + ' is out of bounds for axis ' + str(axis) + ' with size ' + str(n))
            base = (o * n + j) * inner
            out.extend(flat[base:base + inner])
    return out, tuple(shape[:axis]) + tuple(ishape) + tuple(shape[axis + 1:])



def _pad_source(j, n, mode):
    """the source index of padded position j (negative: before the data, >= n: after) under numpy's pad `mode`"""
    if mode == 'edge':
        return 0 if j < 0 else (n - 1 if j >= n else j)
    if mode == 'wrap':
        return j % n
    period = 2 * n - 2 if mode == 'reflect' else 2 * n  # reflect leaves out the edge; symmetric repeats it
    if period == 0:
        return 0
    j = j % period
    if mode == 'reflect':
        return j if j < n else period - j
    return j if j < n else period - 1 - j


def pad(flat, shape, widths, mode, cval):
    """np.pad of (flat, shape) by `widths` [(before, after)] per axis, one axis at a time: (flat, shape), or None for
    a mode not modelled ('constant', 'edge', 'reflect', 'symmetric' and 'wrap' are)"""
    if mode not in ('constant', 'edge', 'reflect', 'symmetric', 'wrap'):
        return None
    shape = tuple(shape)
    for axis, (b, a) in enumerate(widths):
        if b == 0 and a == 0:
            continue
        n = shape[axis]
        if n == 0 and mode != 'constant':
            return None
        outer = size_of(shape[:axis])
        inner = size_of(shape[axis + 1:])
        out = []
        for o in range(outer):
            for j in range(-b, n + a):
                if 0 <= j < n or mode != 'constant':
                    s = j if 0 <= j < n else _pad_source(j, n, mode)
                    base = (o * n + s) * inner
                    out.extend(flat[base:base + inner])
                else:
                    out.extend([cval] * inner)
        flat = out
        shape = shape[:axis] + (n + b + a,) + shape[axis + 1:]
    return flat, shape


def pad_widths(pad_width, ndim):
    """np.pad's pad_width as [(before, after)] per axis: an int, (w,), (before, after), or one of those per axis"""
    if isinstance(pad_width, int):
        return [(pad_width, pad_width)] * ndim
    pw = list(pad_width)
    if pw and all(isinstance(p, int) for p in pw):
        pair = (pw[0], pw[0]) if len(pw) == 1 else (pw[0], pw[1])
        return [pair] * ndim
    out = [(int(p[0]), int(p[0] if len(p) == 1 else p[1])) for p in pw]
    if len(out) == 1:
        out = out * ndim
    if len(out) != ndim:
        raise ValueError('operands could not be broadcast together with remapped shapes [original->remapped]')
    return out
