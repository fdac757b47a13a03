"""tparse stub of transformers.utils.generic.ModelOutput: an ordered record of optional fields;
indexing with an int or slice sees only the fields that are not None (as the real to_tuple())."""


class ModelOutput:
    _field_names = ()

    def __init__(self, *args, **kwargs):
        i = 0
        for name in self._field_names:
            if i < len(args):
                setattr(self, name, args[i])
            else:
                setattr(self, name, kwargs.get(name, None))
            i += 1

    def to_tuple(self):
        return tuple(getattr(self, name) for name in self._field_names if getattr(self, name) is not None)

    def keys(self):
        return [name for name in self._field_names if getattr(self, name) is not None]

    def __getitem__(self, k):
        if isinstance(k, str):
            return getattr(self, k)
        return self.to_tuple()[k]

    def __len__(self):
        return len(self.to_tuple())

    def __iter__(self):
        return iter(self.keys())

    def __contains__(self, k):
        return k in self.keys()
