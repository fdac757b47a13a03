"""tparse stub of numpy.random: Python's random module of ours stands in for numpy's generator (values differ from
numpy's, kinds and ranges do not: floats in [0, 1), ints in range, arrays of the asked size). In a compiled frame a call
that returns a number is a graph break at the call (torch._numpy's scalar comes out through item():
aten._local_scalar_dense, real torch 2.11: CleanRL's `np.random.random() < eps`) and runs eagerly."""
import random as _r

import numpy as _np
import torch


def _scalar_break():
    if torch.compiler.is_dynamo_compiling():
        __tparse_np_random_break__()


def _count(size):
    if size is None:
        return None
    if isinstance(size, int):
        return [size]
    return list(size)


def _fill(size, draw, name=None, args=(), dtype=torch.float64):
    dims = _count(size)
    if dims is None:
        _scalar_break()
        return draw()
    if name is not None and torch.compiler.is_dynamo_compiling():
        # an array draw in a compiled frame is traced through torch._numpy.random: one wrapped node, an ndarray of the
        # asked size (float64; randint int64). Real torch 2.11: PyTorch-GAN's UNIT, `np.random.normal(0, 1, mu.shape)`
        return __tparse_np_call__(name, lambda *a, **k: torch.empty(dims, dtype=dtype), None, tuple(args) + (size,), {})
    n = 1
    for d in dims:
        n = n * d
    a = _np.array([draw() for _ in range(n)])
    return a.reshape(*dims) if len(dims) > 1 else a


def seed(s=None):
    _r.seed(s)


def random(size=None):
    return _fill(size, _r.random, 'random')


random_sample = random
sample = random
ranf = random


def rand(*dims):
    return _fill(dims if dims else None, _r.random, 'rand')


def randn(*dims):
    return _fill(dims if dims else None, lambda: _r.gauss(0.0, 1.0), 'randn')


def standard_normal(size=None):
    return _fill(size, lambda: _r.gauss(0.0, 1.0), 'standard_normal')


def randint(low, high=None, size=None, dtype=None):
    lo, hi = (0, low) if high is None else (low, high)
    return _fill(size, lambda: _r.randrange(lo, hi), 'randint', (low, high), torch.int64)


def uniform(low=0.0, high=1.0, size=None):
    return _fill(size, lambda: low + (high - low) * _r.random(), 'uniform', (low, high))


def normal(loc=0.0, scale=1.0, size=None):
    return _fill(size, lambda: _r.gauss(loc, scale), 'normal', (loc, scale))


def choice(a, size=None, replace=True, p=None):
    pool = list(range(a)) if isinstance(a, int) else list(a)
    return _fill(size, lambda: _r.choice(pool))


def shuffle(x):
    if isinstance(x, _np.ndarray):
        _r.shuffle(x._tparse_flat)
    else:
        _r.shuffle(x)


def permutation(x):
    pool = list(range(x)) if isinstance(x, int) else list(x)
    _r.shuffle(pool)
    return _np.array(pool)


def _unsupported(name, draw, size, *args, **kwargs):
    # torch._numpy.random has no such function: a graph break in a compiled frame, then numpy's draw eagerly
    __tparse_np_unsupported__(name, *args, size=size, **kwargs)
    return _fill(size, draw)


def binomial(n, p, size=None):
    return _unsupported("binomial", lambda: sum(1 for _ in range(n) if _r.random() < p), size, n, p)


def poisson(lam=1.0, size=None):
    def draw():  # Knuth's method: the count of uniform draws whose product stays above e^-lam
        k, prod, limit = 0, _r.random(), 2.718281828459045 ** (-lam)
        while prod > limit:
            k, prod = k + 1, prod * _r.random()
        return k
    return _unsupported("poisson", draw, size, lam)


def beta(a, b, size=None):
    return _unsupported("beta", lambda: _r.betavariate(a, b), size, a, b)


def gamma(shape, scale=1.0, size=None):
    return _unsupported("gamma", lambda: _r.gammavariate(shape, scale), size, shape, scale)


def exponential(scale=1.0, size=None):
    return _unsupported("exponential", lambda: _r.expovariate(1.0 / scale), size, scale)


def laplace(loc=0.0, scale=1.0, size=None):
    return _unsupported("laplace", lambda: loc + scale * (_r.expovariate(1.0) - _r.expovariate(1.0)), size, loc, scale)


def geometric(p, size=None):
    def draw():
        k = 1
        while _r.random() >= p:
            k += 1
        return k
    return _unsupported("geometric", draw, size, p)


class Generator:
    def __init__(self, seed=None):
        if seed is not None:
            _r.seed(seed)

    def random(self, size=None):
        return random(size)

    def integers(self, low, high=None, size=None):
        return randint(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return normal(loc, scale, size)

    def uniform(self, low=0.0, high=1.0, size=None):
        return uniform(low, high, size)

    def choice(self, a, size=None, replace=True, p=None):
        return choice(a, size, replace, p)

    def shuffle(self, x):
        shuffle(x)

    def permutation(self, x):
        return permutation(x)

    def standard_normal(self, size=None):
        return standard_normal(size)


def default_rng(seed=None):
    return Generator(seed)


RandomState = Generator
