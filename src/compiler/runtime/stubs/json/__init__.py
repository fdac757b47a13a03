"""tparse stub of json: loads / load parse JSON text into dicts, lists, str, int, float, bool and None (simdjson, in
the interpreter: __tparse_json_loads__); dumps / dump write CPython's text (separators, indent, sort_keys,
ensure_ascii; `default` is called on what JSON cannot hold; JSONEncoder / JSONDecoder and `cls=`). A config.json or vocab.json a program reads at setup
then has its real values."""


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc='', pos=0):
        super().__init__(msg)
        self.msg = msg
        self.doc = doc
        self.pos = pos


def loads(s, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, object_pairs_hook=None,
          **kw):
    got = __tparse_json_loads__(s)
    if not got[0]:
        raise JSONDecodeError(got[1], s, 0)
    value = got[1]
    if object_hook is not None or object_pairs_hook is not None:
        value = _hook(value, object_hook, object_pairs_hook)
    return value


def _hook(v, object_hook, object_pairs_hook):
    if isinstance(v, list):
        return [_hook(x, object_hook, object_pairs_hook) for x in v]
    if isinstance(v, dict):
        pairs = [(k, _hook(x, object_hook, object_pairs_hook)) for k, x in v.items()]
        if object_pairs_hook is not None:
            return object_pairs_hook(pairs)
        return object_hook(dict(pairs))
    return v


def load(fp, **kw):
    return loads(fp.read(), **kw)


def _plain(obj, default):  # what `default` turns into JSON values, depth first
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, (list, tuple)):
        return [_plain(x, default) for x in obj]
    if isinstance(obj, dict):
        return {k: _plain(x, default) for k, x in obj.items()}
    if default is None:
        raise TypeError('Object of type ' + type(obj).__name__ + ' is not JSON serializable')
    return _plain(default(obj), default)


class JSONEncoder:
    """json.JSONEncoder: its options, encode() as dumps with them; a subclass's default() is called on what JSON
    cannot hold (dumps(obj, cls=MyEncoder))"""

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        self.separators = separators
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError('Object of type ' + type(o).__name__ + ' is not JSON serializable')

    def encode(self, o):
        item_sep, key_sep = self.separators if self.separators is not None else (None, None)
        return __tparse_json_dumps__(_plain(o, self.default), self.indent, self.sort_keys, item_sep, key_sep,
                                     self.ensure_ascii)


class JSONDecoder:
    """json.JSONDecoder: decode() as loads with its hooks"""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        return loads(s, object_hook=self.object_hook, object_pairs_hook=self.object_pairs_hook)


def dumps(obj, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    if cls is not None:
        return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
                   indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).encode(obj)
    if default is not None:
        obj = _plain(obj, default)
    item_sep, key_sep = separators if separators is not None else (None, None)
    return __tparse_json_dumps__(obj, indent, sort_keys, item_sep, key_sep, ensure_ascii)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))
