"""tparse stub of random: the module-level functions model code calls (augmentation shifts, dropout-like choices,
seeding). A small linear congruential generator of our own stands in for CPython's Mersenne Twister: the values
differ from CPython's, their kinds and ranges do not (ints in range, floats in [0, 1)), and that is what shapes and
graphs depend on. Inside a compiled frame Dynamo produces the value outside the graph; what the graph sees is a
number."""
import math

_state = [20261129]


def seed(a=None, version=2):
    if a is None:
        a = 0
    if isinstance(a, str):
        h = 0
        for ch in a:
            h = (h * 131 + ord(ch)) % 4294967296
        a = h
    _state[0] = int(a) % 4294967296


def _next():
    # Numerical Recipes' 32-bit LCG
    _state[0] = (_state[0] * 1664525 + 1013904223) % 4294967296
    return _state[0]


def random():
    # the module's random is the hidden Random instance's C method: in a compiled frame GB0007 (a builtin Dynamo does
    # not trace; real torch 2.11, minimalRL's `coin = random.random()`), then it runs eagerly
    __tparse_skipped_builtin2__("<unknown module>", "Random.random")
    return _next() / 4294967296.0


def getrandbits(k):
    out = 0
    got = 0
    while got < k:
        out = out * 4294967296 + _next()
        got = got + 32
    return out % (2 ** k)


def randrange(start, stop=None, step=1):
    if stop is None:
        start, stop = 0, start
    n = (stop - start + step - 1) // step if step > 0 else (start - stop - step - 1) // (-step)
    if n <= 0:
        raise ValueError("empty range in randrange(%d, %d, %d)" % (start, stop, step))
    return start + step * (_next() % n)


def randint(a, b):
    return randrange(a, b + 1)


def uniform(a, b):
    return a + (b - a) * random()


def choice(seq):
    if len(seq) == 0:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[randrange(len(seq))]


def choices(population, weights=None, *, cum_weights=None, k=1):
    return [choice(population) for _ in range(k)]


def shuffle(x):
    for i in range(len(x) - 1, 0, -1):
        j = randrange(i + 1)
        x[i], x[j] = x[j], x[i]


def sample(population, k):
    # random.py is a file trace_rules skips: in a compiled frame the call is GB0007 and runs eagerly (minimalRL's
    # replay buffer `random.sample(self.buffer, n)`; real torch 2.11). (random() / randrange() / randint() / uniform()
    # called from the frame are Dynamo's random_value inputs instead.)
    __tparse_skipped_file_fn__("random", "Random.sample", "/usr/lib/python3.12/random.py")
    pool = list(population)
    if k > len(pool):
        raise ValueError("Sample larger than population or is negative")
    out = []
    for _ in range(k):
        out.append(pool.pop(randrange(len(pool))))
    return out


def gauss(mu=0.0, sigma=1.0):
    # Box-Muller on two uniforms (1 - u keeps the logarithm finite)
    u1 = 1.0 - random()
    u2 = random()
    return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


normalvariate = gauss


def betavariate(alpha, beta):
    return random()


class Random:
    def __init__(self, x=None):
        self._s = [0]
        self.seed(x)

    def seed(self, a=None, version=2):
        self._s[0] = (0 if a is None else int(a)) % 4294967296

    def random(self):
        self._s[0] = (self._s[0] * 1664525 + 1013904223) % 4294967296
        return self._s[0] / 4294967296.0

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        n = (stop - start + step - 1) // step
        return start + step * int(self.random() * n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def choice(self, seq):
        return seq[self.randrange(len(seq))]

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self.randrange(i + 1)
            x[i], x[j] = x[j], x[i]
