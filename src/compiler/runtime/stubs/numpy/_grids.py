"""numpy functions the stub computes eagerly that place values by position: fill_diagonal, the ogrid / mgrid index
grids, and size (in a frame torch._numpy's, an int Dynamo cannot put in the graph: GB0208 at the call)."""
import numpy as _n


def fill_diagonal(a, val, wrap=False):
    """numpy's in-place diagonal write: a[i, i, ...] = val (a sequence is cycled) for i below the smallest dim; a tall
    2-d array with wrap restarts the diagonal every ncols + 1 rows (graph-convnet-tsp's `np.fill_diagonal(W, 2)`)"""
    if not _n._own_arr(a) or a.ndim < 2:
        raise ValueError('array must be at least 2-d')
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    vals = val._tparse_flat if _n._own_arr(val) else (list(val) if isinstance(val, (list, tuple)) else [val])
    end = a.size
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap and a.shape[1] * a.shape[1] < end:  # (`min` here is numpy's)
            end = a.shape[1] * a.shape[1]
    else:
        step = 1
        for k in range(a.ndim - 1):  # (`sum` here is numpy's)
            step = step + _n._prod(a.shape[k + 1:])
    n = 0
    for o in range(0, end, step):
        a._write(o, vals[n % len(vals)])
        n += 1


class _Grid:  # np.ogrid[...] / np.mgrid[...] of slices with int (or float) steps; a complex step (a count) is not modelled
    def __init__(self, sparse):
        self._sparse = sparse

    def __getitem__(self, key):
        one = not isinstance(key, tuple)
        keys = (key,) if one else key
        axes = []
        for k in keys:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            axes.append(_n.arange(start, k.stop, step))
        if one:
            return axes[0]
        n = len(axes)
        shapes = [tuple(a.shape[0] if j == i else 1 for j in range(n)) for i, a in enumerate(axes)]
        if self._sparse:  # each axis' values along its own dim (broadcastable)
            return [a.reshape(sh) for a, sh in zip(axes, shapes)]
        full = tuple(a.shape[0] for a in axes)  # mgrid: the dense grids stacked on a new first axis
        flat = []
        total = _n._prod(full)
        for i in range(n):
            inner = _n._prod(full[i + 1:])
            vals = axes[i]._tparse_flat
            for o in range(total):
                flat.append(vals[(o // inner) % full[i]])
        return _n.ndarray(flat, (n,) + full, axes[0]._tparse_dtype)


ogrid = _Grid(True)
mgrid = _Grid(False)


def shape(a):
    """an array's shape, a tuple of ints (PredRNN's `np.shape(img_tensor)[0]`); in a frame torch._numpy's shape returns
    that tuple, whose ints Dynamo cannot put in the graph (as size's)"""
    __tparse_non_tensor_break__("int", "shape", "<Wrapped function <original shape>>")
    return tuple(a.shape) if hasattr(a, 'shape') else _n._array(a).shape


def size(a, axis=None):
    """the number of elements, or the length of one axis: in a frame torch._numpy's size returns an int, which Dynamo
    cannot put in the graph (GB0208; contextual-attention inpainting's `np.size(colorwheel, 0)`)"""
    __tparse_non_tensor_break__("int", "size", "<Wrapped function <original size>>")
    shape = _n._array(a).shape if not hasattr(a, 'shape') else tuple(a.shape)
    if axis is None:
        return _n._prod(shape)
    return shape[axis]
