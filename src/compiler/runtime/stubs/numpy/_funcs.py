"""numpy functions the stub computes eagerly on its small ndarray that select, count or test elements: isin, in1d, lexsort, unique
(its index / inverse / count outputs), where (one argument: np.nonzero's index arrays; three: a choice by the
condition), bincount, histogram, quantile / percentile / median and searchsorted. An array of data tparse does not know, or a form not modelled, is an opaque value as before."""
import numpy as _n
from numpy import _shape
from numpy_call_traced_by_dynamo import call as _traced_call

_range = range  # (histogram's `range` parameter hides the builtin)


def isin(element, test_elements, assume_unique=False, invert=False):  # eagerly: each element's membership (bool)
    el, te = _n._array(element), _n._array(test_elements)
    if not (_n._own_arr(el) and _n._own_arr(te)):
        return _traced_call(element, test_elements)
    pool = set(te._tparse_flat)
    out = _n.ndarray([(x in pool) != invert for x in el._tparse_flat], el.shape, 'bool')
    return out if el.ndim else bool(out._tparse_flat[0])


def in1d(ar1, ar2, assume_unique=False, invert=False, kind=None):  # isin of the flattened first array: 1-d bools
    el = _n._array(ar1)
    if not _n._own_arr(el):
        return _traced_call(ar1, ar2)
    flat = _n.ndarray(list(el._tparse_flat), (len(el._tparse_flat),), el._tparse_dtype)
    return isin(flat, ar2, assume_unique, invert)


def lexsort(keys, axis=-1):  # indices sorting by the last key first, then the ones before it (stable), 1-d keys
    rows = [_n._array(k) for k in keys] if isinstance(keys, (list, tuple)) else None
    if rows is None:
        arr = _n._array(keys)
        if not _n._own_arr(arr) or arr.ndim != 2:
            return _traced_call(keys)
        rows = [arr[i] for i in _range(arr.shape[0])]
    if axis not in (-1, 0) or not rows or not all(_n._own_arr(r) and r.ndim == 1 for r in rows):
        return _traced_call(keys)
    n = len(rows[0]._tparse_flat)
    if any(len(r._tparse_flat) != n for r in rows):
        raise ValueError('all keys need to be the same shape')
    cols = [r._tparse_flat for r in reversed(rows)]
    order = sorted(_range(n), key=lambda i: tuple(c[i] for c in cols))
    return _n.ndarray(order, (n,), 'int64')


# numpy >= 2.3's unique() without return_index / return_inverse / return_counts asks `np.ma.is_masked(ar)` first,
# and numpy.ma is a lazy submodule: the first such call in the process imports it. Under Dynamo's callback (eager
# code in a compiled call) the import's standard-library functions are each a frame handed to Dynamo once (real
# torch 2.11, probes p_eager_unique / p_traced_unique_noloop: these 89, in this order); numpy's own are not.
_NP_MA_IMPORTED = [False]
_L = '/usr/lib/python3.12/'
_NP_MA_IMPORT_FRAMES = (
    ('find_spec', '/opt/torch/.venv/lib/python3.12/site-packages/_distutils_hack/__init__.py', 101),
    ('find_spec', '/opt/torch/.venv/lib/python3.12/site-packages/_virtualenv.py', 50),
    ('find_spec', '/opt/torch/.venv/lib/python3.12/site-packages/_numba_cuda_redirector.py', 63),
    ('__init__', '<frozen zipimport>', 64),
    ('dedent', _L + 'textwrap.py', 419),
    ('sub', _L + 're/__init__.py', 179),
    ('_compile', _L + 're/__init__.py', 280),
    ('wraps', _L + 'functools.py', 65),
    ('update_wrapper', _L + 'functools.py', 35),
    ('signature', _L + 'inspect.py', 3308),
    ('from_callable', _L + 'inspect.py', 3050),
    ('_signature_from_callable', _L + 'inspect.py', 2470),
    ('unwrap', _L + 'inspect.py', 747),
    ('isfunction', _L + 'inspect.py', 371),
    ('_signature_from_function', _L + 'inspect.py', 2366),
    ('get_annotations', _L + 'inspect.py', 175),
    ('__init__', _L + 'inspect.py', 2712),
    ('__call__', _L + 'enum.py', 726),
    ('__new__', _L + 'enum.py', 1129),
    ('__init__', _L + 'inspect.py', 2998),
    ('<genexpr>', _L + 'inspect.py', 3045),
    ('name', _L + 'inspect.py', 2765),
    ('parameters', _L + 'inspect.py', 3058),
    ('replace', _L + 'inspect.py', 2781),
    ('replace', _L + 'inspect.py', 3066),
    ('kind', _L + 'inspect.py', 2777),
    ('default', _L + 'inspect.py', 2769),
    ('__str__', _L + 'inspect.py', 3262),
    ('__str__', _L + 'inspect.py', 2799),
    ('return_annotation', _L + 'inspect.py', 3062),
    ('cleandoc', _L + 'inspect.py', 875),
    ('split', _L + 're/__init__.py', 199),
    ('isstring', _L + 're/_compiler.py', 570),
    ('__and__', _L + 'enum.py', 1562),
    ('_get_value', _L + 'enum.py', 1544),
    ('compile', _L + 're/_compiler.py', 740),
    ('parse', _L + 're/_parser.py', 969),
    ('__init__', _L + 're/_parser.py', 231),
    ('__next', _L + 're/_parser.py', 240),
    ('__init__', _L + 're/_parser.py', 77),
    ('_parse_sub', _L + 're/_parser.py', 452),
    ('tell', _L + 're/_parser.py', 293),
    ('_parse', _L + 're/_parser.py', 512),
    ('__init__', _L + 're/_parser.py', 113),
    ('get', _L + 're/_parser.py', 261),
    ('_escape', _L + 're/_parser.py', 372),
    ('append', _L + 're/_parser.py', 176),
    ('__len__', _L + 're/_parser.py', 164),
    ('__getitem__', _L + 're/_parser.py', 168),
    ('match', _L + 're/_parser.py', 256),
    ('__setitem__', _L + 're/_parser.py', 172),
    ('fix_flags', _L + 're/_parser.py', 953),
    ('_code', _L + 're/_compiler.py', 573),
    ('_compile_info', _L + 're/_compiler.py', 511),
    ('getwidth', _L + 're/_parser.py', 178),
    ('_get_literal_prefix', _L + 're/_compiler.py', 436),
    ('_get_iscased', _L + 're/_compiler.py', 428),
    ('_generate_overlap_table', _L + 're/_compiler.py', 407),
    ('_compile', _L + 're/_compiler.py', 37),
    ('_simple', _L + 're/_compiler.py', 398),
    ('_optimize_charset', _L + 're/_compiler.py', 243),
    ('_compile_charset', _L + 're/_compiler.py', 216),
    ('groups', _L + 're/_parser.py', 83),
    ('_signature_is_functionlike', _L + 'inspect.py', 2133),
    ('isclass', _L + 'inspect.py', 295),
    ('_signature_is_builtin', _L + 'inspect.py', 2121),
    ('isbuiltin', _L + 'inspect.py', 517),
    ('_signature_from_builtin', _L + 'inspect.py', 2350),
    ('_signature_fromstr', _L + 'inspect.py', 2208),
    ('_signature_strip_non_python_syntax', _L + 'inspect.py', 2158),
    ('tokenize', _L + 'tokenize.py', 460),
    ('detect_encoding', _L + 'tokenize.py', 352),
    ('read_or_stop', _L + 'tokenize.py', 376),
    ('find_cookie', _L + 'tokenize.py', 382),
    ('<lambda>', '<string>', 1),
    ('_generate_tokens_from_c_tokenizer', _L + 'tokenize.py', 569),
    ('parse', _L + 'ast.py', 34),
    ('RewriteSymbolics', _L + 'inspect.py', 2259),
    ('p', _L + 'inspect.py', 2292),
    ('parse_name', _L + 'inspect.py', 2240),
    ('visit', _L + 'ast.py', 403),
    ('visit_Constant', _L + 'ast.py', 419),
    ('generic_visit', _L + 'ast.py', 477),
    ('iter_fields', _L + 'ast.py', 257),
    ('literal_eval', _L + 'ast.py', 56),
    ('_convert', _L + 'ast.py', 86),
    ('<lambda>', _L + 'inspect.py', 2507),
    ('_convert_signed_num', _L + 'ast.py', 78),
    ('_convert_num', _L + 'ast.py', 74),
)


def _np_ma_import():
    if _NP_MA_IMPORTED[0]:
        return
    import torch
    if torch.compiler.is_compiling():  # (traced in a frame: torch._numpy's unique, which imports nothing)
        return
    _NP_MA_IMPORTED[0] = True
    for name, path, line in _NP_MA_IMPORT_FRAMES:
        __tparse_stdlib_frame__(name, path, line)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None):
    """numpy.unique of a small array (eager): its sorted distinct values (flattened), and with the flags the first
    index of each, the inverse map and the counts, in numpy's order of the tuple"""
    if not (return_index or return_inverse or return_counts):
        _np_ma_import()
    arr = _n._array(ar)
    if not _n._own_arr(arr) or axis is not None:
        return _traced_call(ar)
    xs = arr._tparse_flat
    vals = sorted(set(xs))
    where = {}
    for v in vals:
        where[v] = len(where)
    out = [_n.ndarray(vals, (len(vals),), arr._tparse_dtype)]
    if return_index:
        first = {}
        for i, v in enumerate(xs):
            if v not in first:
                first[v] = i
        out.append(_n.ndarray([first[v] for v in vals], (len(vals),), 'int64'))
    if return_inverse:
        out.append(_n.ndarray([where[v] for v in xs], (len(xs),), 'int64'))
    if return_counts:
        counts = [0] * len(vals)
        for v in xs:
            counts[where[v]] += 1
        out.append(_n.ndarray(counts, (len(vals),), 'int64'))
    return out[0] if len(out) == 1 else tuple(out)


def where(condition, x=None, y=None):  # eagerly: one argument, the indices of the nonzero elements per axis
    if x is None and y is None and _n._own_arr(condition):
        per = [[] for _ in range(max(condition.ndim, 1))]
        for o, c in enumerate(condition._tparse_flat):
            if c:
                for d, k in enumerate(_shape.unravel(o, condition.shape) if condition.ndim else (0,)):
                    per[d].append(k)
        return tuple(_n.ndarray(p, (len(p),), 'int64') for p in per)
    if _n._own_arr(condition) and x is not None and y is not None:
        xs, ys = _n._array(x), _n._array(y)
        shape = _shape.broadcast_shapes(_shape.broadcast_shapes(condition.shape, xs.shape), ys.shape)
        if shape is not None:
            c = _shape.expand(condition._tparse_flat, condition.shape, shape)
            a = _shape.expand(xs._tparse_flat, xs.shape, shape)
            b = _shape.expand(ys._tparse_flat, ys.shape, shape)
            return _n.ndarray([p if k else q for k, p, q in zip(c, a, b)], shape, _n._promote(xs._tparse_dtype, ys._tparse_dtype))
    return _traced_call(condition, x, y)


def bincount(x, weights=None, minlength=0):  # eagerly: the count (or weight sum) of each non-negative integer
    arr = _n._array(x)
    w = None if weights is None else _n._array(weights)
    if not _n._own_arr(arr) or (w is not None and not _n._own_arr(w)):
        return _traced_call(x, weights)
    xs = arr._tparse_flat
    if arr.ndim != 1:
        raise ValueError('object too deep for desired array')
    if any(v < 0 for v in xs):
        raise ValueError("'list' argument must have no negative elements")
    out = [0.0 if w is not None else 0] * max(minlength, (max(xs) + 1) if xs else 0)
    for i, v in enumerate(xs):
        out[int(v)] += w._tparse_flat[i] if w is not None else 1
    return _n.ndarray(out, (len(out),), 'float64' if w is not None else 'int64')


def histogram(a, bins=10, range=None, density=None, weights=None):  # eagerly: counts in equal-width bins and the edges
    arr = _n._array(a)
    if not isinstance(bins, int) and isinstance(bins, (list, tuple, _n.ndarray)) and _n._own_arr(arr) and weights is None \
            and not density:  # given edges (ascending): bin i is [e[i], e[i+1]), the last one closed
        barr = _n._array(bins)  # (the edges keep their dtype: np.arange's int64 stays int64)
        edges = list(barr._tparse_flat)
        counts = [0] * (len(edges) - 1)
        for v in arr._tparse_flat:
            for k in _range(len(counts)):
                if edges[k] <= v < edges[k + 1] or (k == len(counts) - 1 and v == edges[-1]):
                    counts[k] += 1
                    break
        return _n.ndarray(counts, (len(counts),), 'int64'), _n.ndarray(edges, (len(edges),), barr.dtype.name)
    if not _n._own_arr(arr) or not isinstance(bins, int) or weights is not None:
        return _traced_call(a, bins)
    xs = [float(v) for v in arr._tparse_flat]
    lo, hi = (float(range[0]), float(range[1])) if range is not None else ((min(xs), max(xs)) if xs else (0.0, 1.0))
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = [lo + (hi - lo) * i / bins for i in _range(bins + 1)]
    counts = [0] * bins
    for v in xs:
        if lo <= v <= hi:
            k = min(int((v - lo) / (hi - lo) * bins), bins - 1)
            counts[k] += 1
    if density:
        width = (hi - lo) / bins
        total = sum(counts)
        return (_n.ndarray([c / (total * width) for c in counts], (bins,), 'float64'), _n.ndarray(edges, (bins + 1,), 'float64'))
    return _n.ndarray(counts, (bins,), 'int64'), _n.ndarray(edges, (bins + 1,), 'float64')


def ndim(a):  # an array's (or a tensor's) number of dimensions; a nested list's depth; a number's 0
    if hasattr(a, 'ndim'):
        return a.ndim
    return _n._array(a).ndim


def nanmean(a, axis=None):  # eagerly: the mean of the elements that are not NaN (NaN when none is), a numpy float64
    arr = _n._array(a)
    if axis is not None or not _n._own_arr(arr):
        return _traced_call(a, axis)
    xs = [float(x) for x in arr._tparse_flat if x == x]
    return __tparse_np_int__(sum(xs) / len(xs) if xs else float('nan'))


def digitize(x, bins, right=False):  # eagerly: each value's bin index among monotonically increasing edges
    arr, edges = _n._array(x), _n._array(bins)
    if not (_n._own_arr(arr) and _n._own_arr(edges)):
        return _traced_call(x, bins, right)
    e = [float(v) for v in edges._tparse_flat]
    if len(e) > 1 and e[0] > e[-1]:
        return _traced_call(x, bins, right)  # (decreasing edges: not modelled)

    def index(v):
        n = 0
        for b in e:
            if (b < v) if right else (b <= v):
                n += 1
        return n
    out = [index(float(v)) for v in arr._tparse_flat]
    if arr.ndim == 0:
        return __tparse_np_int__(out[0])
    return _n.ndarray(out, arr.shape, 'int64')


def _quantile_of(xs, q):  # numpy's default method 'linear': between the sorted values at floor / ceil of q*(n-1)
    s = sorted(float(x) for x in xs)
    if not s or any(x != x for x in s):  # (empty, or a NaN among them: NaN)
        return float('nan')
    pos = q * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):
    """eagerly the 'linear' quantiles (q in [0, 1]) of an array's values, over every value or along an axis; an array of
    q first in the result's shape (NODE's data-aware init, `np.percentile(x, q, axis=0)`), a float64 result"""
    arr, qa = _n._array(a), _n._array(q)
    if out is not None or method != 'linear' or not (_n._own_arr(arr) and _n._own_arr(qa)):
        return _traced_call(a, q, axis)
    qs = [float(x) for x in qa._tparse_flat]
    if any(x < 0 or x > 1 for x in qs):
        raise ValueError("Quantiles must be in the range [0, 1]")
    flat, dims = [], ()
    for qv in qs:
        if axis is None:
            r, dims = [_quantile_of(arr._tparse_flat, qv)], ((1,) * arr.ndim if keepdims else ())
        else:
            r, dims = _shape.along(arr._tparse_flat, list(arr.shape), axis, lambda xs: _quantile_of(xs, qv), keepdims)
        flat += r
    shape = tuple(qa.shape) + tuple(dims)
    if not shape:
        return __tparse_np_int__(flat[0])
    return _n.ndarray(flat, shape, 'float64')


def percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):  # quantile of q / 100
    qa = _n._array(q)
    if not _n._own_arr(qa):
        return _traced_call(a, q, axis)
    if any(float(x) < 0 or float(x) > 100 for x in qa._tparse_flat):
        raise ValueError("Percentiles must be in the range [0, 100]")
    qq = _n.ndarray([float(x) / 100 for x in qa._tparse_flat], qa.shape, 'float64') if qa.ndim else float(qa._tparse_flat[0]) / 100
    return quantile(a, qq, axis, out, overwrite_input, method, keepdims)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):  # the 0.5 quantile (the middle two averaged)
    return quantile(a, 0.5, axis, out, overwrite_input, 'linear', keepdims)


def searchsorted(a, v, side='left', sorter=None):
    """eagerly the insertion points of v in the sorted 1-d array a (bisect left / right), a numpy int for a number v,
    an int64 array of v's shape otherwise (TGN's NeighborFinder.find_before)"""
    arr, va = _n._array(a), _n._array(v)
    if sorter is not None or side not in ('left', 'right') or arr.ndim != 1 or not (_n._own_arr(arr) and _n._own_arr(va)):
        return _traced_call(a, v, side)
    xs = [float(x) for x in arr._tparse_flat]

    def point(x):
        lo, hi = 0, len(xs)
        while lo < hi:
            mid = (lo + hi) // 2
            if xs[mid] < x or (side == 'right' and xs[mid] == x):
                lo = mid + 1
            else:
                hi = mid
        return lo
    out = [point(float(x)) for x in va._tparse_flat]
    if va.ndim == 0:
        return __tparse_np_int__(out[0])
    return _n.ndarray(out, va.shape, 'int64')
