"""tparse stub of pickle: dumps / dump write CPython's pickle format for plain data (None, bools, ints, floats, str,
bytes, tuples, lists, dicts, sets), loads / load read protocols 0 to 5 of it (__tparse_pickle_dumps__ /
__tparse_pickle_loads__: runtime/values/pickle_codec.cpp). A vocabulary a program pickles or reads from a file then has
its real values. Data of other kinds (class instances, arrays) raises UnpicklingError here, as tparse cannot rebuild it."""

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    if protocol is None:
        protocol = DEFAULT_PROTOCOL
    if protocol < 0:
        protocol = HIGHEST_PROTOCOL
    got = __tparse_pickle_dumps__(obj, protocol)
    if not got[0]:
        raise PicklingError(got[1])
    return got[1]


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    data = dumps(obj, protocol)
    if getattr(file, '_empty', None) == '':  # (a file open()ed here keeps bytes as a str: the same raw bytes)
        data = __tparse_bytes_as_str__(data)
    file.write(data)


def loads(data, /, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=()):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    got = __tparse_pickle_loads__(bytes(data))
    if not got[0]:
        raise UnpicklingError(got[1])
    return got[1]


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=()):
    if getattr(file, '_empty', None) == '' and getattr(file, '_pos', None) == 0 and isinstance(getattr(file, 'name', None), str):
        # (a file open()ed here keeps its bytes as a str, whose slices count code points: the raw bytes read whole)
        data = __tparse_read_file__(file.name, False)
        file._pos = len(file._buf)
    else:
        data = file.read()
    got = __tparse_pickle_loads__(data)
    if not got[0]:
        raise UnpicklingError(got[1])
    return got[1]


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        self._file = file
        self._protocol = protocol

    def dump(self, obj):
        dump(obj, self._file, self._protocol)


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=()):
        self._file = file

    def load(self):
        return load(self._file)
