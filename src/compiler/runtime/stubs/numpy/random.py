"""tparse stub of numpy.random: numpy's legacy generator as numpy runs it (RandomState over MT19937, the
`__tparse_mt*__` builtins: `seed(n)` is init_genrand, a list init_by_array), so a seeded script draws numpy's own values
and a crop length or a mask taken from them goes as in a real run: doubles (a >> 5, b >> 6), randint by masked
rejection, the polar Gaussian with its cached second value, shuffle / permutation / choice, the inversion binomial and
Poisson, the legacy gamma (Marsaglia-Tsang), beta and dirichlet. numpy's unseeded state comes from the OS; here from seed 0. default_rng's Generator (PCG64) is not modelled:
its kinds and ranges are kept, its values come from this generator. In a compiled frame a call that returns a number is
a graph break at the call (torch._numpy's scalar comes out through item(): CleanRL's `np.random.random() < eps`) and runs
eagerly; an array draw is traced through torch._numpy.random (torch's generator: numpy's stream does not move)."""
import math

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


_form = None  # (name, args, kwargs) of the np.random function being called (_as_called)


def _as_called(name, method):
    """np.random.<name>: the global generator's method, the call's form kept for the node a compiled frame traces"""
    def call(*args, **kwargs):
        global _form
        outer = _form
        _form = (name, args, kwargs)
        try:
            return method(*args, **kwargs)
        finally:
            _form = outer
    return call


def _fill(size, draw, name=None, args=(), dtype=torch.float64):
    dims = _count(size)
    if dims is None:
        _scalar_break()
        return draw()
    if name is not None and torch.compiler.is_dynamo_compiling():
        # an array draw in a compiled frame is traced through torch._numpy.random: one wrapped node, an ndarray of the
        # asked size (float64; randint int64). Real torch 2.11: PyTorch-GAN's UNIT, `np.random.normal(0, 1, mu.shape)`
        # (its arguments as the script gave them, `wrapped_randint(0, 8, size = 4)`, where np.random's function was called)
        a, k = tuple(args) + (size,), {}
        if _form is not None and _form[0] == name:
            a, k = _form[1], _form[2]
        return __tparse_np_call__(name, lambda *a, **k: torch.empty(dims, dtype=dtype), None, a, k)
    n = 1
    for d in dims:
        n = n * d
    a = _np.array([draw() for _ in range(n)])
    return a.reshape(*dims) if len(dims) > 1 else a


def _unsupported(name, draw, size, *args, **kwargs):
    # torch._numpy.random has no such function: a graph break in a compiled frame, then numpy's draw eagerly
    __tparse_np_unsupported__(name, *args, size=size, **kwargs)
    return _fill(size, draw)


def _array_param(*ps):
    return any(isinstance(p, (_np.ndarray, torch.Tensor)) for p in ps)


def _fake_type_error(method, arg, *params):
    # torch._numpy.random fills `torch.empty(size).uniform_(low, high)`: array bounds are no floats, a TypeError on
    # fake tensors, so Dynamo breaks at the call (GB0112) and numpy draws eagerly. The first array bound decides: a 0-d
    # one is a float to the argument parser, read by .item(), a data-dependent break instead (GB0033: SR3's
    # `np.random.uniform(table[t - 1], table[t], size=b)` of its ndarray attribute)
    if torch.compiler.is_dynamo_compiling():
        first = [p for p in params if isinstance(p, (_np.ndarray, torch.Tensor))][:1]
        if first and first[0].ndim == 0:
            __tparse_np_random_break__()
        __tparse_np_fake_type_error__(method, arg)


def _elementwise(size, a, b, draw):
    # numpy broadcasts array parameters against `size`: one draw per element, in C order
    dims = _count(size)
    if dims is None:
        dims = list(a.shape) if isinstance(a, _np.ndarray) else list(b.shape)
    n = 1
    for d in dims:
        n = n * d
    if _np._standin(a) or _np._standin(b):
        # a parameter array of data tparse does not know: the draws are taken (numpy's stream moves on as far), the
        # values are unknown: an array standing in for the float64 result
        for _ in range(n):
            draw(0.0, 1.0)
        return torch.empty(dims, dtype=torch.float64).numpy()
    av, bv = _flat(a, dims), _flat(b, dims)
    out = _np.array([draw(av[i], bv[i]) for i in range(n)])
    return out.reshape(*dims) if len(dims) > 1 else out


def _flat(x, dims):  # a parameter's values broadcast to `dims` in C order (an array, or a number)
    n = 1
    for d in dims:
        n = n * d
    if not _np._own_arr(x):
        return [x] * n
    v = list(x._tparse_flat)
    if len(v) == 1:
        return v * n
    shape = list(x.shape)
    if shape == list(dims):
        return v
    # numpy's broadcasting: the array's axes align with the trailing ones of `dims`, each of size 1 or the same
    # (ibc's `np.random.uniform(bounds[0, :], bounds[1, :], size=(n, 2))`: each row draws within the bounds)
    if len(shape) > len(dims) or any(p != 1 and p != d for p, d in zip(reversed(shape), reversed(dims))):
        raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")
    shape = [1] * (len(dims) - len(shape)) + shape
    strides = [0] * len(dims)
    step = 1
    for k in range(len(dims) - 1, -1, -1):
        strides[k] = step if shape[k] != 1 else 0
        step = step * shape[k]
    out = []
    for i in range(n):
        at, rest = 0, i
        for k in range(len(dims) - 1, -1, -1):
            at = at + (rest % dims[k]) * strides[k]
            rest = rest // dims[k]
        out.append(v[at])
    return out


def _mask(rng):
    m = rng
    for s in (1, 2, 4, 8, 16, 32):
        m = m | (m >> s)
    return m


def _kw(**kwargs):  # the keyword arguments a call gave (those not None)
    return {k: v for k, v in kwargs.items() if v is not None}


def _own(rng, method, *args, **kwargs):
    # a RandomState the script made (np.random's own functions are traced through torch._numpy.random), called in a
    # compiled frame: Dynamo holds it as a user-defined object whose C methods it cannot trace (GB0156), a break at the
    # call, which then runs eagerly (karpathy's MADE: `rng.permutation(self.nin)`, `rng.randint(...)`)
    if type(rng) is RandomState and rng is not globals().get("_global"):
        __tparse_unsupported_method__("RandomState", method, *args, **kwargs)


def _untraced(rng, name, *args, **kwargs):
    # np.random's global functions torch._numpy.random lacks (permutation, standard_normal, random_integers: its
    # __all__ is seed, random_sample, sample, random, rand, randn, normal, choice, randint, shuffle, uniform): in a
    # compiled frame a GB0294 break at the call, which then runs eagerly (CUT's `np.random.permutation(n)`)
    if rng is globals().get("_global"):
        __tparse_np_unsupported__(name, *args, **kwargs)


class RandomState:
    def __init__(self, seed=None):
        if type(self) is RandomState and torch.compiler.is_dynamo_compiling():
            # made in a compiled frame: Dynamo cannot trace the C class's constructor (GB0007), a break at the call
            __tparse_skipped_builtin2__("<unknown module>", "RandomState.__new__")
        __tparse_stdlib_frame__("RLock", "/usr/lib/python3.12/threading.py", 124)  # (the bit generator's lock)
        self._g = __tparse_mt_new__()
        self.seed(seed)

    def seed(self, seed=None):
        _own(self, "seed", *([] if seed is None else [seed]))
        if seed is None:
            seed = 0
        if isinstance(seed, (list, tuple, _np.ndarray)):
            __tparse_mt_seed__(self._g, [int(x) for x in seed], "array")
        else:
            s = int(seed)
            if s < 0 or s > 4294967295:
                raise ValueError("Seed must be between 0 and 2**32 - 1")
            __tparse_mt_seed__(self._g, s, "genrand")
        self._gauss = None

    # the bit generator's primitives (mt19937_next32 / next_double) and numpy's bounded integers
    def _u32(self):
        return __tparse_mt32__(self._g)

    def _double(self):
        a = __tparse_mt32__(self._g) >> 5
        b = __tparse_mt32__(self._g) >> 6
        return (a * 67108864.0 + b) / 9007199254740992.0

    def _interval(self, rng):  # a uniform integer of [0, rng]: masked rejection (random_interval, bounded_masked)
        if rng == 0:
            return 0
        m = _mask(rng)
        if rng <= 4294967295:
            if rng == 4294967295:
                return self._u32()
            v = self._u32() & m
            while v > rng:
                v = self._u32() & m
            return v
        v = ((self._u32() << 32) | self._u32()) & m
        while v > rng:
            v = ((self._u32() << 32) | self._u32()) & m
        return v

    def _gauss_draw(self):  # legacy_gauss: the polar method, its second value kept for the next call
        if self._gauss is not None:
            g = self._gauss
            self._gauss = None
            return g
        while True:
            x1 = 2.0 * self._double() - 1.0
            x2 = 2.0 * self._double() - 1.0
            r2 = x1 * x1 + x2 * x2
            if r2 < 1.0 and r2 != 0.0:
                break
        f = math.sqrt(-2.0 * math.log(r2) / r2)
        self._gauss = f * x1
        return f * x2

    def random_sample(self, size=None):
        _own(self, "random_sample", **_kw(size=size))
        return _fill(size, self._double, 'random')

    random = random_sample
    sample = random_sample
    ranf = random_sample

    def rand(self, *dims):
        _own(self, "rand", *dims)
        return _fill(dims if dims else None, self._double, 'rand')

    def randn(self, *dims):
        _own(self, "randn", *dims)
        return _fill(dims if dims else None, self._gauss_draw, 'randn')

    def standard_normal(self, size=None):
        _own(self, "standard_normal", **_kw(size=size))
        _untraced(self, "standard_normal", **_kw(size=size))
        return _fill(size, self._gauss_draw, 'standard_normal')

    def normal(self, loc=0.0, scale=1.0, size=None):
        _own(self, "normal", loc, scale, **_kw(size=size))
        if _array_param(loc, scale):
            _fake_type_error("normal_", "mean", loc, scale)
            return _elementwise(size, loc, scale, lambda m, s: m + s * self._gauss_draw())
        return _fill(size, lambda: loc + scale * self._gauss_draw(), 'normal', (loc, scale))

    def uniform(self, low=0.0, high=1.0, size=None):
        _own(self, "uniform", low, high, **_kw(size=size))
        if _array_param(low, high):
            _fake_type_error("uniform_", "from", low, high)
            return _elementwise(size, low, high, lambda lo, hi: lo + (hi - lo) * self._double())
        return _fill(size, lambda: low + (high - low) * self._double(), 'uniform', (low, high))

    def randint(self, low, high=None, size=None, dtype=None):
        _own(self, "randint", *([low] if high is None else [low, high]), **_kw(size=size))
        lo, hi = (0, low) if high is None else (low, high)
        lo, hi = int(lo), int(hi)
        if lo >= hi:
            raise ValueError("low >= high")
        got = _fill(size, lambda: lo + self._interval(hi - lo - 1), 'randint', (low, high), torch.int64)
        # another integer dtype (EfficientZero's uint8 frames): that array's dtype; its values are drawn as int64's are
        # (numpy's legacy generator draws bytes by masked 8-bit rejection, another stream: values differ there)
        dt = _np._dtype_name(dtype)
        if dt is not None and dt != 'int64' and _np._own_arr(got):
            return got.astype(dt)
        return got

    def random_integers(self, low, high=None, size=None):
        _own(self, "random_integers", *([low] if high is None else [low, high]), **_kw(size=size))
        _untraced(self, "random_integers", *([low] if high is None else [low, high]), **_kw(size=size))
        lo, hi = (1, low) if high is None else (low, high)
        return self.randint(lo, hi + 1, size)

    def shuffle(self, x):
        _own(self, "shuffle", x)
        n = len(x)
        if _np._own_arr(x) and x.ndim > 1:
            idx = list(range(n))
            for i in range(n - 1, 0, -1):
                j = self._interval(i)
                idx[i], idx[j] = idx[j], idx[i]
            x[...] = x[_np.array(idx)]
            return
        flat = x._tparse_flat if _np._own_arr(x) else x
        for i in range(n - 1, 0, -1):
            j = self._interval(i)
            flat[i], flat[j] = flat[j], flat[i]

    def permutation(self, x):
        _own(self, "permutation", x)
        _untraced(self, "permutation", x)
        if isinstance(x, int):
            arr = _np.arange(x)
            self.shuffle(arr)
            return arr
        arr = _np.array(x)
        if arr.ndim == 1:
            self.shuffle(arr)
            return arr
        idx = _np.arange(arr.shape[0])
        self.shuffle(idx)
        return arr[idx]

    def choice(self, a, size=None, replace=True, p=None):
        _own(self, "choice", a, **_kw(size=size, p=p))
        # torch._numpy.random.choice checks `abs(p.sum() - 1.0) > atol` on fake tensors: a data-dependent break at the
        # call (GB0033; real torch 2.11: WaveGrad's noise-level sampler), which then runs eagerly
        _scalar_break()
        pool = None if isinstance(a, int) else _np.array(a)
        pop_size = a if pool is None else len(pool)
        n = 1
        for d in (_count(size) or []):
            n = n * d
        if replace:
            if p is not None:  # the cumulative weights searched for uniform draws (side='right')
                cdf, total = [], 0.0
                for w in p:
                    total = total + float(w)
                    cdf.append(total)
                def pick():
                    u = self._double() * cdf[-1]
                    k = 0
                    while k < len(cdf) - 1 and cdf[k] <= u:
                        k = k + 1
                    return k
                idx = _fill(size, pick)
            else:
                idx = self.randint(0, pop_size, size)
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            perm = self.permutation(pop_size)
            idx = int(perm[0]) if size is None else perm[:n].reshape(*_count(size)) if len(_count(size)) > 1 else perm[:n]
        if pool is None:
            return idx
        return pool[idx]

    def binomial(self, n, p, size=None):
        _own(self, "binomial", n, p, **_kw(size=size))
        def inversion(n, p):  # random_binomial_inversion
            q = 1.0 - p
            qn = math.exp(n * math.log(q))
            np_ = n * p
            bound = min(n, int(np_ + 10.0 * math.sqrt(np_ * q + 1)))
            x, px, u = 0, qn, self._double()
            while u > px:
                x = x + 1
                if x > bound:
                    x, px, u = 0, qn, self._double()
                else:
                    u = u - px
                    px = ((n - x + 1) * p * px) / (x * q)
            return x

        def draw():
            if n == 0 or p == 0.0:
                return 0
            if p <= 0.5:
                return inversion(n, p)
            return n - inversion(n, 1.0 - p)
        return _unsupported("binomial", draw, size, n, p)

    def poisson(self, lam=1.0, size=None):
        _own(self, "poisson", lam, **_kw(size=size))
        def ptrs():  # random_poisson_ptrs (lam >= 10)
            slam, loglam = math.sqrt(lam), math.log(lam)
            b = 0.931 + 2.53 * slam
            a = -0.059 + 0.02483 * b
            invalpha = 1.1239 + 1.1328 / (b - 3.4)
            vr = 0.9277 - 3.6224 / (b - 2)
            while True:
                u = self._double() - 0.5
                v = self._double()
                us = 0.5 - abs(u)
                k = math.floor((2 * a / us + b) * u + lam + 0.43)
                if us >= 0.07 and v <= vr:
                    return k
                if k < 0 or (us < 0.013 and v > us):
                    continue
                if math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b) <= -lam + k * loglam - math.lgamma(k + 1):
                    return k

        def draw():
            if lam >= 10:
                return ptrs()
            if lam == 0:
                return 0
            k, prod, limit = 0, 1.0, math.exp(-lam)
            while True:
                prod = prod * self._double()
                if prod > limit:
                    k = k + 1
                else:
                    return k
        return _unsupported("poisson", draw, size, lam)

    def standard_exponential(self, size=None):
        _own(self, "standard_exponential", **_kw(size=size))
        return _unsupported("standard_exponential", lambda: -math.log(1.0 - self._double()), size)

    def exponential(self, scale=1.0, size=None):
        _own(self, "exponential", scale, **_kw(size=size))
        return _unsupported("exponential", lambda: scale * -math.log(1.0 - self._double()), size, scale)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        _own(self, "laplace", loc, scale, **_kw(size=size))
        def draw():
            while True:
                u = self._double()
                if u >= 0.5:
                    return loc - scale * math.log(2.0 - u - u)
                if u > 0.0:
                    return loc + scale * math.log(u + u)
        return _unsupported("laplace", draw, size, loc, scale)

    def geometric(self, p, size=None):
        _own(self, "geometric", p, **_kw(size=size))
        def draw():  # the search method (numpy's for p >= 1/3; smaller p draws differ)
            q = 1.0 - p
            x, s, prod, u = 1, p, p, self._double()
            while u > s:
                prod = prod * q
                s = s + prod
                x = x + 1
            return x
        return _unsupported("geometric", draw, size, p)

    def _std_gamma(self, shape):
        # legacy_standard_gamma: the exponential at 1, for shape < 1 the rejection of Johnk / Best, else Marsaglia and
        # Tsang's squeeze over the polar Gaussian (its cached value shared with normal / randn)
        if shape == 1.0:
            return -math.log(1.0 - self._double())
        if shape == 0.0:
            return 0.0
        if shape < 1.0:
            while True:
                u = self._double()
                v = -math.log(1.0 - self._double())
                if u <= 1.0 - shape:
                    x = u ** (1.0 / shape)
                    if x <= v:
                        return x
                else:
                    y = -math.log((1.0 - u) / shape)
                    x = (1.0 - shape + shape * y) ** (1.0 / shape)
                    if x <= v + y:
                        return x
        b = shape - 1.0 / 3.0
        c = 1.0 / math.sqrt(9.0 * b)
        while True:
            while True:
                x = self._gauss_draw()
                v = 1.0 + c * x
                if v > 0.0:
                    break
            v = v * v * v
            u = self._double()
            if u < 1.0 - 0.0331 * (x * x) * (x * x):
                return b * v
            if math.log(u) < 0.5 * x * x + b * (1.0 - v + math.log(v)):
                return b * v

    def _beta_draw(self, a, b):  # legacy_beta: Johnk's algorithm when both are at most 1, else a ratio of gammas
        if a <= 1.0 and b <= 1.0:
            while True:
                u, v = self._double(), self._double()
                x, y = u ** (1.0 / a), v ** (1.0 / b)
                if x + y <= 1.0:
                    if x + y > 0:
                        return x / (x + y)
                    lx, ly = math.log(u) / a, math.log(v) / b
                    lm = lx if lx > ly else ly
                    lx, ly = lx - lm, ly - lm
                    return math.exp(lx - math.log(math.exp(lx) + math.exp(ly)))
        ga = self._std_gamma(a)
        gb = self._std_gamma(b)
        return ga / (ga + gb)

    def beta(self, a, b, size=None):
        _own(self, "beta", a, b, **_kw(size=size))
        _untraced(self, "beta", a, b, **_kw(size=size))
        return _fill(size, lambda: self._beta_draw(a, b))

    def standard_gamma(self, shape, size=None):
        _own(self, "standard_gamma", shape, **_kw(size=size))
        _untraced(self, "standard_gamma", shape, **_kw(size=size))
        return _fill(size, lambda: self._std_gamma(shape))

    def gamma(self, shape, scale=1.0, size=None):
        _own(self, "gamma", shape, scale, **_kw(size=size))
        _untraced(self, "gamma", shape, scale, **_kw(size=size))
        return _fill(size, lambda: scale * self._std_gamma(shape))

    def dirichlet(self, alpha, size=None):  # mtrand's dirichlet: one legacy gamma per alpha, each row divided by its sum
        _own(self, "dirichlet", alpha, **_kw(size=size))
        _untraced(self, "dirichlet", alpha, **_kw(size=size))
        alpha = [float(a) for a in (alpha._tparse_flat if _np._own_arr(alpha) else alpha)]
        if any(a <= 0 for a in alpha):
            raise ValueError('alpha <= 0')
        def row():
            g = [self._std_gamma(a) for a in alpha]
            inv = 1.0 / sum(g)
            return [x * inv for x in g]
        dims = _count(size) or []
        n = 1
        for d in dims:
            n = n * d
        return _np.array([row() for _ in range(n)]).reshape(*(dims + [len(alpha)])) if dims else _np.array(row())


class Generator(RandomState):
    """default_rng's Generator: PCG64 and its own algorithms are not modelled (values from the MT stream)"""

    def integers(self, low, high=None, size=None, dtype=None, endpoint=False):
        lo, hi = (0, low) if high is None else (low, high)
        return self.randint(lo, hi + 1 if endpoint else hi, size)

    def random(self, size=None):
        return self.random_sample(size)


def default_rng(seed=None):
    return Generator(seed)


_global = RandomState(0)


def seed(s=None):
    _global.seed(s)


def get_state():
    return ('MT19937', None, 0, 0, 0.0)


random_sample = _global.random_sample
random = _as_called('random', _global.random_sample)
sample = _global.random_sample
ranf = _global.random_sample
rand = _as_called('rand', _global.rand)
randn = _as_called('randn', _global.randn)
standard_normal = _global.standard_normal
normal = _as_called('normal', _global.normal)
uniform = _as_called('uniform', _global.uniform)
randint = _as_called('randint', _global.randint)
random_integers = _global.random_integers
shuffle = _global.shuffle
permutation = _global.permutation
choice = _global.choice
binomial = _global.binomial
poisson = _global.poisson
standard_exponential = _global.standard_exponential
exponential = _global.exponential
laplace = _global.laplace
geometric = _global.geometric
beta = _global.beta
gamma = _global.gamma
standard_gamma = _global.standard_gamma
dirichlet = _global.dirichlet
