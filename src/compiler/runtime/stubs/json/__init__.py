"""tparse stub of json: loads / load parse JSON text into dicts, lists, str, int, float, bool and None (simdjson, in
the interpreter: __tparse_json_loads__); dumps / dump write CPython's text (separators, indent, sort_keys,
ensure_ascii; `default` is called on what JSON cannot hold). A config.json or vocab.json a program reads at setup
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


def dumps(obj, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    if default is not None:
        obj = _plain(obj, default)
    item_sep, key_sep = separators if separators is not None else (None, None)
    return __tparse_json_dumps__(obj, indent, sort_keys, item_sep, key_sep, ensure_ascii)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))
