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


class defaultdict(dict):
    """dict whose missing keys are made by default_factory (dict.__getitem__ calls __missing__; no factory: KeyError)."""

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


class Counter(dict):
    """Counts of the items of an iterable (a missing key counts 0 and is not inserted)."""

    def __init__(self, iterable=None, **kwargs):
        super().__init__()
        self.update(iterable, **kwargs)

    def __missing__(self, k):
        return 0

    def update(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, dict):
                for k in iterable:
                    self[k] = self[k] + iterable[k]
            else:
                for x in iterable:
                    self[x] = self[x] + 1
        for k in kwargs:
            self[k] = self[k] + kwargs[k]

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: -kv[1])
        return items if n is None else items[:n]

    def total(self):
        return sum(self.values())

    def __repr__(self):
        return "Counter(" + repr(dict(self)) + ")"


def namedtuple(typename, field_names, rename=False, defaults=None, module=None):
    """A tuple class with named fields (indexing, iteration, _asdict, _replace)."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = list(field_names)
    dflt = list(defaults) if defaults is not None else []

    class _NamedTuple:
        _fields = tuple(fields)
        __tparse_tuple_like__ = True  # isinstance(p, tuple) holds (a tuple subclass in Python)

        def __new__(_cls, *args, **kwargs):
            # the tuple's values: the arguments, then the defaults (`__new__.__defaults__`, which scripts may
            # replace: `NT.__new__.__defaults__ = (None,) * len(NT._fields)`, EfficientNet); a subclass's own
            # __new__ reaches this through super().__new__(cls, ...) (DeepCTR's feature columns)
            # (CPython's namedtuple __new__ is a `<lambda>` eval'd from <string>: eager code under eval_frame's callback
            # hands it to Dynamo the first time, which returns at once and skips it for good: one frame per class)
            __tparse_stdlib_frame__("<lambda>", "<string>", 1, _NamedTuple)
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
