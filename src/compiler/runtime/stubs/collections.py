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
