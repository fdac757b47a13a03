"""tparse stub of scipy.stats: the discrete and normal distributions model code evaluates at setup (Flowtron's and
RAD-TTS' beta-binomial alignment prior, `betabinom(P - 1, a, b).pmf(np.arange(0, P))`), computed eagerly from
log-gamma as scipy's formulas are (last bits may differ from scipy's special functions). An argument of data tparse
does not know gives an opaque value."""
import math

import numpy as _n


def _lbeta(a, b):
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def _lcomb(n, k):
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _each(x, fn):
    """fn of a number, or of each element of an array / sequence (numpy's float64 array of the results)"""
    if isinstance(x, (int, float)):
        return fn(x)
    a = _n._array(x)
    if not _n._own_arr(a):
        __tparse_unmodelled__('scipy.stats')
        return __tparse_opaque__('scipy.stats result')
    return _n.ndarray([fn(v) for v in a._tparse_flat], a.shape, 'float64')


def _integer(k):
    return float(k) == math.floor(k)


class _Frozen:
    def __init__(self, dist, args):
        self._dist = dist
        self.args = args

    def pmf(self, k):
        return self._dist.pmf(k, *self.args)

    def logpmf(self, k):
        return self._dist.logpmf(k, *self.args)

    def pdf(self, x):
        return self._dist.pdf(x, *self.args)

    def logpdf(self, x):
        return self._dist.logpdf(x, *self.args)

    def cdf(self, x):
        return self._dist.cdf(x, *self.args)

    def mean(self):
        return self._dist.mean(*self.args)


class _BetaBinom:
    """betabinom(n, a, b): P(k) = C(n, k) B(k + a, n - k + b) / B(a, b) on k = 0..n"""

    def __call__(self, n, a, b):
        return _Frozen(self, (n, a, b))

    def logpmf(self, k, n, a, b):
        def f(v):
            if not _integer(v) or v < 0 or v > n:
                return -math.inf
            return _lcomb(n, v) + _lbeta(v + a, n - v + b) - _lbeta(a, b)
        return _each(k, f)

    def pmf(self, k, n, a, b):
        return _each(k, lambda v: 0.0 if not _integer(v) or v < 0 or v > n else
                     math.exp(_lcomb(n, v) + _lbeta(v + a, n - v + b) - _lbeta(a, b)))

    def mean(self, n, a, b):
        return n * a / (a + b)


class _Binom:
    """binom(n, p): P(k) = C(n, k) p^k (1 - p)^(n - k)"""

    def __call__(self, n, p):
        return _Frozen(self, (n, p))

    def pmf(self, k, n, p):
        return _each(k, lambda v: 0.0 if not _integer(v) or v < 0 or v > n else
                     math.exp(_lcomb(n, v)) * p ** v * (1 - p) ** (n - v))

    def logpmf(self, k, n, p):
        return _each(k, lambda v: -math.inf if not _integer(v) or v < 0 or v > n else
                     _lcomb(n, v) + v * math.log(p) + (n - v) * math.log1p(-p))

    def mean(self, n, p):
        return n * p


class _Norm:
    """norm(loc=0, scale=1): the normal density, its log and its distribution function (erfc, as scipy's ndtr)"""

    def __call__(self, loc=0.0, scale=1.0):
        return _Frozen(self, (loc, scale))

    def pdf(self, x, loc=0.0, scale=1.0):
        return _each(x, lambda v: math.exp(-0.5 * ((v - loc) / scale) ** 2) / (math.sqrt(2 * math.pi) * scale))

    def logpdf(self, x, loc=0.0, scale=1.0):
        return _each(x, lambda v: -0.5 * ((v - loc) / scale) ** 2 - math.log(math.sqrt(2 * math.pi) * scale))

    def cdf(self, x, loc=0.0, scale=1.0):
        return _each(x, lambda v: 0.5 * math.erfc(-(v - loc) / scale / math.sqrt(2)))

    def mean(self, loc=0.0, scale=1.0):
        return loc


betabinom = _BetaBinom()
binom = _Binom()
norm = _Norm()
