"""tparse stub of collections: OrderedDict, defaultdict and deque are C (_collections.py); Counter and namedtuple are
Python, as CPython's."""


from _collections import OrderedDict, defaultdict, deque


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
    """A tuple class with named fields (indexing, iteration, _asdict, _replace). Called in a compiled frame it is made
    outside the frame's trace, no graph break (real torch 2.11: johnson's perceptual-loss VGG builds
    `namedtuple("VggOutputs", self.layer_names)` in forward, one graph)."""
    return __tparse_eager__(_namedtuple, typename, field_names, rename, defaults, module)


def _namedtuple(typename, field_names, rename=False, defaults=None, module=None):
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

    _NamedTuple.__name__ = typename  # (type(p).__name__ is the typename)
    _NamedTuple.__qualname__ = typename
    return _NamedTuple
