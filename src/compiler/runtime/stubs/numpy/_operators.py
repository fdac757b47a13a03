"""Elementwise operators of the numpy stub's ndarray that numpy defines beyond arithmetic: == and != (elementwise, as
the orderings are), the bitwise operators of bool and integer arrays, the truth of an array, abs and unary plus.
ndarray (numpy/__init__.py) derives this class; its _binop does the broadcasting and promotion. A scipy.sparse
operand (`_sparse`) answers the operators itself, as numpy defers to it."""
from numpy._dtypes import _INTS


class _Elementwise:
    # == and != are elementwise as the orderings are (FastSpeech / EfficientZero's `np.array(lens) % h == 0` masks);
    # an array is then unhashable, as numpy's
    def __eq__(self, o):
        if _sparse(o):
            return o.__eq__(self)
        return self._binop(o, lambda x, y: x == y, False, 'bool')

    def __ne__(self, o):
        if _sparse(o):
            return o.__ne__(self)
        return self._binop(o, lambda x, y: x != y, False, 'bool')

    __hash__ = None

    def __bool__(self):
        if self.size == 1:
            return bool(self._tparse_flat[0])
        if self.size == 0:
            return False
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")

    # the bitwise operators of bool and integer arrays (`~mask`, `a & b`): logical on bools, as numpy's
    def _bitwise(self, o, fn, reflected=False):
        if self._tparse_dtype not in _INTS and self._tparse_dtype != 'bool':
            raise TypeError("ufunc 'bitwise' not supported for the input types")
        out = self._binop(o, fn, reflected)
        if self._tparse_dtype == 'bool' and (not _own(o) or o._tparse_dtype == 'bool') and isinstance(o, (bool, _Elementwise)):
            return type(self)([bool(x) for x in out._tparse_flat], out.shape, 'bool')
        return out

    def __and__(self, o):
        return self._bitwise(o, lambda x, y: x & y)

    def __or__(self, o):
        return self._bitwise(o, lambda x, y: x | y)

    def __xor__(self, o):
        return self._bitwise(o, lambda x, y: x ^ y)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __invert__(self):
        if self._tparse_dtype == 'bool':
            return type(self)([not x for x in self._tparse_flat], self.shape, 'bool')
        if self._tparse_dtype in _INTS:
            return type(self)([~x for x in self._tparse_flat], self.shape, self._tparse_dtype)
        raise TypeError("ufunc 'invert' not supported for the input types")

    def __abs__(self):
        return type(self)([abs(x) for x in self._tparse_flat], self.shape, self._tparse_dtype)

    def __pos__(self):
        return type(self)(list(self._tparse_flat), self.shape, self._tparse_dtype)


def _sparse(x):
    """a scipy.sparse matrix (the stub's): numpy's operators defer to it, its __array_priority__ being higher (the
    interpreter does not retry a reflected method after NotImplemented, so the forward operator calls it)"""
    return getattr(type(x), '_tparse_sparse', False) is True


def _own(x):
    return isinstance(x, _Elementwise)
