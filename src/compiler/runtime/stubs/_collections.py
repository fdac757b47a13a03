"""tparse stub of CPython's _collections, the C half of collections: OrderedDict (a dict here: insertion-ordered,
as every dict), defaultdict and deque. Their code is C, never a frame Dynamo is handed (skipfile_stub_fn);
collections re-exports them, as CPython's does."""


def OrderedDict(items=None, **kwargs):
    d = {}
    if items is not None:
        if isinstance(items, dict):
            for k in items:
                d[k] = items[k]
        else:
            for k, v in items:
                d[k] = v
    for k in kwargs:
        d[k] = kwargs[k]
    return d


class defaultdict(dict):
    """dict whose missing keys are made by default_factory (dict.__getitem__ calls __missing__; no factory: KeyError)."""
    __module__ = "collections"

    def __init__(self, default_factory=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, k):
        if self.default_factory is None:
            raise KeyError(k)
        v = self.default_factory()
        self[k] = v
        return v

    def __repr__(self):
        return "defaultdict(" + repr(self.default_factory) + ", " + repr(dict(self)) + ")"

    def copy(self):
        return defaultdict(self.default_factory, self)


class deque:
    """A list with appends and pops at both ends (maxlen drops from the other end)."""
    __module__ = "collections"

    def __init__(self, iterable=None, maxlen=None):
        self.maxlen = maxlen
        self._l = []
        if iterable is not None:
            for x in iterable:
                self.append(x)

    def append(self, x):
        self._l.append(x)
        if self.maxlen is not None and len(self._l) > self.maxlen:
            self._l.pop(0)

    def appendleft(self, x):
        self._l.insert(0, x)
        if self.maxlen is not None and len(self._l) > self.maxlen:
            self._l.pop()

    def pop(self):
        return self._l.pop()

    def popleft(self):
        return self._l.pop(0)

    def extend(self, xs):
        for x in xs:
            self.append(x)

    def clear(self):
        self._l = []

    def __len__(self):
        return len(self._l)

    def __iter__(self):
        return iter(list(self._l))

    def __getitem__(self, i):
        return self._l[i]
