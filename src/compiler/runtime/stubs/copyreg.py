"""tparse stub of copyreg: the two Python functions copy.copy's __reduce_ex__ path calls for an instance of a plain
class. object.__reduce_ex__(4) asks _slotnames(cls) once per class (it caches the names on the class) and
copy._reconstruct calls __newobj__(cls) for the new object; run under the eval_frame callback each is a frame Dynamo
is handed (no tensor: returned at once), as in real torch 2.11 (NeoMME's per-layer configs, copy.copy(config))."""


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def _slotnames(cls):
    # the classes copied here define no __slots__: no names, cached on the class as CPython does
    names = []
    try:
        cls.__slotnames__ = names
    except Exception:
        pass
    return names
