"""tparse stub of random: the module-level functions model code calls (augmentation shifts, dropout-like choices,
seeding) and random.Random, on CPython's own generator (MT19937 seeded by init_by_array, the `__tparse_mt*__`
builtins) and CPython 3.12's algorithms over it, so a seeded script draws CPython's values and its data-dependent
branches go as in a real run. Inside a compiled frame Dynamo produces the value outside the graph; what the graph sees
is a number."""
import math

_TWOPI = 2.0 * math.pi
_NV_MAGICCONST = 4 * math.exp(-0.5) / math.sqrt(2.0)


class Random:
    def __init__(self, x=None, _gen=None):
        self._g = __tparse_mt_new__() if _gen is None else _gen
        self.gauss_next = None
        self.seed(x)

    def seed(self, a=None, version=2):
        # an int seeds by its words; None (os.urandom in CPython) by 0; a str by a hash of its characters
        if a is None:
            a = 0
        if isinstance(a, str):
            h = 0
            for ch in a:
                h = (h * 131 + ord(ch)) % 4294967296
            a = h
        __tparse_mt_seed__(self._g, int(a))
        self.gauss_next = None

    def random(self):
        a = __tparse_mt32__(self._g) >> 5
        b = __tparse_mt32__(self._g) >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k <= 32:
            return __tparse_mt32__(self._g) >> (32 - k)
        out = 0
        shift = 0
        while k > 0:
            r = __tparse_mt32__(self._g)
            if k < 32:
                r = r >> (32 - k)
            out = out | (r << shift)
            shift = shift + 32
            k = k - 32
        return out

    def _randbelow(self, n):
        k = 0
        m = n
        while m:
            m = m >> 1
            k = k + 1
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if step != 1:
                raise TypeError("Missing a non-None stop argument")
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError("empty range in randrange(%d, %d)" % (start, stop))
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range in randrange(%d, %d, %d)" % (start, stop, step))
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def choice(self, seq):
        if len(seq) == 0:
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                return [population[int(self.random() * n)] for _ in range(k)]
            cum_weights = []
            total = 0.0
            for w in weights:
                total = total + w
                cum_weights.append(total)
        total = cum_weights[-1]
        out = []
        for _ in range(k):
            x = self.random() * total
            lo, hi = 0, n - 1
            while lo < hi:  # bisect_right over cum_weights[:n - 1]
                mid = (lo + hi) // 2
                if x < cum_weights[mid]:
                    hi = mid
                else:
                    lo = mid + 1
            out.append(population[lo])
        return out

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize = setsize + 4 ** math.ceil(math.log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def gauss(self, mu=0.0, sigma=1.0):
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * _TWOPI
            g2rad = math.sqrt(-2.0 * math.log(1.0 - self.random()))
            z = math.cos(x2pi) * g2rad
            self.gauss_next = math.sin(x2pi) * g2rad
        return mu + z * sigma

    def normalvariate(self, mu=0.0, sigma=1.0):
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = _NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -math.log(u2):
                break
        return mu + z * sigma

    def expovariate(self, lambd=1.0):
        return -math.log(1.0 - self.random()) / lambd

    def betavariate(self, alpha, beta):
        return self.random()


_inst = Random(0, _gen=0)


def seed(a=None, version=2):
    _inst.seed(a, version)


def random():
    # the module's random is the hidden Random instance's C method: in a compiled frame GB0007 (a builtin Dynamo does
    # not trace; real torch 2.11, minimalRL's `coin = random.random()`), then it runs eagerly
    __tparse_skipped_builtin2__("<unknown module>", "Random.random")
    return _inst.random()


def getrandbits(k):
    return _inst.getrandbits(k)


def randrange(start, stop=None, step=1):
    return _inst.randrange(start, stop, step)


def randint(a, b):
    return _inst.randint(a, b)


def uniform(a, b):
    return a + (b - a) * random()


def choice(seq):
    return _inst.choice(seq)


def choices(population, weights=None, *, cum_weights=None, k=1):
    return _inst.choices(population, weights, cum_weights=cum_weights, k=k)


def shuffle(x):
    _inst.shuffle(x)


def sample(population, k):
    # random.py is a file trace_rules skips: in a compiled frame the call is GB0007 and runs eagerly (minimalRL's
    # replay buffer `random.sample(self.buffer, n)`; real torch 2.11). (random() / randrange() / randint() / uniform()
    # called from the frame are Dynamo's random_value inputs instead.)
    __tparse_skipped_file_fn__("random", "Random.sample", "/usr/lib/python3.12/random.py")
    return _inst.sample(population, k)


def gauss(mu=0.0, sigma=1.0):
    return _inst.gauss(mu, sigma)


def normalvariate(mu=0.0, sigma=1.0):
    return _inst.normalvariate(mu, sigma)


def expovariate(lambd=1.0):
    return _inst.expovariate(lambd)


def betavariate(alpha, beta):
    return random()
