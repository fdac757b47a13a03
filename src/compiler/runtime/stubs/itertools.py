"""tparse stub of itertools: the finite tools, run eagerly to lists (as generators are here); the infinite ones
(cycle, count, repeat without times) are lazy iterators (a training loop's `cycle(loader)`), and islice takes
only what it needs from its iterator."""
import _tparse_unmodelled_itertools


def chain(*iterables):
    out = []
    for it in iterables:
        for x in it:
            out.append(x)
    return out


def _chain_from_iterable(iterables):
    return chain(*list(iterables))


chain.from_iterable = _chain_from_iterable


class _Repeat:
    def __init__(self, obj):
        self._obj = obj

    def __iter__(self):
        return self

    def __next__(self):
        return self._obj


def repeat(obj, times=None):
    if times is None:
        return _Repeat(obj)
    return [obj for _ in range(times)]


class cycle:
    def __init__(self, iterable):
        self._items = list(iterable)
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if len(self._items) == 0:
            raise StopIteration
        x = self._items[self._i % len(self._items)]
        self._i += 1
        return x


class count:
    def __init__(self, start=0, step=1):
        self._next = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        x = self._next
        self._next = self._next + self._step
        return x


def islice(iterable, *args):
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
    else:
        start = args[0] if args[0] is not None else 0
        stop = args[1]
        step = args[2] if len(args) > 2 and args[2] is not None else 1
    out = []
    it = iter(iterable)
    i = 0
    while stop is None or i < stop:
        try:
            x = next(it)
        except StopIteration:
            break
        if i >= start and (i - start) % step == 0:
            out.append(x)
        i += 1
    return out


def accumulate(iterable, func=None, initial=None):
    out = []
    acc = initial
    started = initial is not None
    if started:
        out.append(acc)
    for x in iterable:
        if not started:
            acc = x
            started = True
        elif func is None:
            acc = acc + x
        else:
            acc = func(acc, x)
        out.append(acc)
    return out


def product(*iterables, repeat=1):
    pools = [list(p) for p in iterables] * repeat
    out = [()]
    for pool in pools:
        out = [t + (y,) for t in out for y in pool]
    return out


def zip_longest(*iterables, fillvalue=None):
    lists = [list(it) for it in iterables]
    n = max([len(l) for l in lists]) if lists else 0
    return [tuple(l[i] if i < len(l) else fillvalue for l in lists) for i in range(n)]


def combinations(iterable, r):
    pool = list(iterable)
    n = len(pool)
    if r > n:
        return []
    out = []

    def rec(start, acc):
        if len(acc) == r:
            out.append(tuple(acc))
            return
        for i in range(start, n):
            rec(i + 1, acc + [pool[i]])

    rec(0, [])
    return out


def permutations(iterable, r=None):
    pool = list(iterable)
    n = len(pool)
    r = n if r is None else r
    out = []

    def rec(acc, used):
        if len(acc) == r:
            out.append(tuple(pool[i] for i in acc))
            return
        for i in range(n):
            if i not in used:
                rec(acc + [i], used + [i])

    if r <= n:
        rec([], [])
    return out


def starmap(function, iterable):
    return [function(*args) for args in iterable]


def compress(data, selectors):
    return [d for d, s in zip(data, selectors) if s]


def takewhile(predicate, iterable):
    out = []
    for x in iterable:
        if not predicate(x):
            break
        out.append(x)
    return out


def dropwhile(predicate, iterable):
    out = []
    dropping = True
    for x in iterable:
        if dropping and predicate(x):
            continue
        dropping = False
        out.append(x)
    return out


def filterfalse(predicate, iterable):
    if predicate is None:
        return [x for x in iterable if not x]
    return [x for x in iterable if not predicate(x)]


def pairwise(iterable):
    xs = list(iterable)
    return [(xs[i], xs[i + 1]) for i in range(len(xs) - 1)]


def batched(iterable, n):
    xs = list(iterable)
    return [tuple(xs[i:i + n]) for i in range(0, len(xs), n)]


def groupby(iterable, key=None):
    out = []
    for x in iterable:
        k = x if key is None else key(x)
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


def tee(iterable, n=2):
    xs = list(iterable)
    return tuple(list(xs) for _ in range(n))
