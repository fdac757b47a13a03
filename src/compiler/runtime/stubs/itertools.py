"""tparse stub of itertools: the finite tools, run eagerly to lists (as generators are here). The
infinite ones (count, cycle, repeat without times) are not defined: they are opaque values."""
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


def repeat(obj, times=None):
    if times is None:
        return _tparse_unmodelled_itertools.repeat(obj)
    return [obj for _ in range(times)]


def islice(iterable, *args):
    s = slice(*args)
    return list(iterable)[s]


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
