"""tparse stub of collections: OrderedDict is a dict (insertion-ordered, as every dict)."""


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


class defaultdict:
    """A dict whose missing keys are made by default_factory (no factory: KeyError)."""

    def __init__(self, default_factory=None, items=None, **kwargs):
        self.default_factory = default_factory
        self._d = OrderedDict(items, **kwargs)

    def __getitem__(self, k):
        if k not in self._d:
            if self.default_factory is None:
                raise KeyError(k)
            self._d[k] = self.default_factory()
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        self._d.pop(k)

    def __contains__(self, k):
        return k in self._d

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(list(self._d.keys()))

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def get(self, k, default=None):
        return self._d.get(k, default)

    def pop(self, k, *default):
        return self._d.pop(k, *default)

    def setdefault(self, k, v=None):
        return self._d.setdefault(k, v)

    def update(self, other=None, **kwargs):
        if other is not None:
            for k in other:
                self._d[k] = other[k]
        for k in kwargs:
            self._d[k] = kwargs[k]


class deque:
    """A list with appends and pops at both ends (maxlen drops from the other end)."""

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


class Counter(defaultdict):
    """Counts of the items of an iterable."""

    def __init__(self, iterable=None, **kwargs):
        super().__init__(int)
        if iterable is not None:
            for x in iterable:
                self._d[x] = self._d.get(x, 0) + 1
        for k in kwargs:
            self._d[k] = kwargs[k]

    def most_common(self, n=None):
        items = sorted(self._d.items(), key=lambda kv: -kv[1])
        return items if n is None else items[:n]


def namedtuple(typename, field_names, rename=False, defaults=None, module=None):
    """A tuple class with named fields (indexing, iteration, _asdict, _replace)."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = list(field_names)
    dflt = list(defaults) if defaults is not None else []

    class _NamedTuple:
        _fields = tuple(fields)

        def __new__(_cls, *args, **kwargs):
            # the tuple's values: the arguments, then the defaults (`__new__.__defaults__`, which scripts may
            # replace: `NT.__new__.__defaults__ = (None,) * len(NT._fields)`, EfficientNet); a subclass's own
            # __new__ reaches this through super().__new__(cls, ...) (DeepCTR's feature columns)
            self = object.__new__(_cls)
            nd = _NamedTuple.__new__.__defaults__
            d = list(nd) if nd is not None else []
            vals = list(args)
            for i in range(len(args), len(fields)):
                f = fields[i]
                if f in kwargs:
                    vals.append(kwargs[f])
                elif i >= len(fields) - len(d):
                    vals.append(d[i - (len(fields) - len(d))])
                else:
                    raise TypeError(typename + ".__new__() missing required argument: '" + f + "'")
            self._values = tuple(vals)
            for i in range(len(fields)):
                setattr(self, fields[i], vals[i])
            return self

        __new__.__defaults__ = tuple(dflt) if dflt else None

        def __init__(self, *args, **kwargs):  # object.__init__: the values were set by __new__
            pass

        def __getitem__(self, i):
            return self._values[i]

        def __iter__(self):
            return iter(self._values)

        def __len__(self):
            return len(self._values)

        def _asdict(self):
            return {fields[i]: self._values[i] for i in range(len(fields))}

        def _replace(self, **kwargs):
            d = self._asdict()
            for k in kwargs:
                d[k] = kwargs[k]
            return _NamedTuple(**d)

    return _NamedTuple
