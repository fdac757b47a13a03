"""tparse stub of re: patterns run by the interpreter's engine (__tparse_re__, std::regex with Python's
(?P<name>...) groups read as plain groups; flags are not modelled). match / search / fullmatch give a Match
with group / groups / start / end / span; split, findall and sub as Python's."""

IGNORECASE = 2
MULTILINE = 8
DOTALL = 16
I = IGNORECASE
M = MULTILINE
S = DOTALL


class Match:
    def __init__(self, string, found):
        self.string = string
        self._start = found[0]
        self._end = found[1]
        self._groups = found[2:]

    def group(self, *idx):
        if not idx:
            idx = (0,)
        out = [self.string[self._start:self._end] if i == 0 else self._groups[i - 1] for i in idx]
        return out[0] if len(out) == 1 else tuple(out)

    def __getitem__(self, i):
        return self.group(i)

    def groups(self, default=None):
        return tuple(default if g is None else g for g in self._groups)

    def start(self, i=0):
        return self._start

    def end(self, i=0):
        return self._end

    def span(self, i=0):
        return (self._start, self._end)


def _found(string, found):
    return None if found is None else Match(string, found)


class Pattern:
    def __init__(self, pattern, flags=0):
        self.pattern = pattern
        self.flags = flags

    def match(self, string):
        return _found(string, __tparse_re__("match", self.pattern, string))

    def fullmatch(self, string):
        return _found(string, __tparse_re__("fullmatch", self.pattern, string))

    def search(self, string):
        return _found(string, __tparse_re__("search", self.pattern, string))

    def split(self, string, maxsplit=0):
        return __tparse_re__("split", self.pattern, string, maxsplit)

    def findall(self, string):
        return __tparse_re__("findall", self.pattern, string)

    def sub(self, repl, string, count=0):
        return __tparse_re__("sub", self.pattern, string, repl, count)


def _pat(pattern):
    return pattern.pattern if isinstance(pattern, Pattern) else pattern


def compile(pattern, flags=0):
    return pattern if isinstance(pattern, Pattern) else Pattern(pattern, flags)


def match(pattern, string, flags=0):
    return _found(string, __tparse_re__("match", _pat(pattern), string))


def fullmatch(pattern, string, flags=0):
    return _found(string, __tparse_re__("fullmatch", _pat(pattern), string))


def search(pattern, string, flags=0):
    return _found(string, __tparse_re__("search", _pat(pattern), string))


def split(pattern, string, maxsplit=0, flags=0):
    return __tparse_re__("split", _pat(pattern), string, maxsplit)


def findall(pattern, string, flags=0):
    return __tparse_re__("findall", _pat(pattern), string)


def sub(pattern, repl, string, count=0, flags=0):
    return __tparse_re__("sub", _pat(pattern), string, repl, count)


def escape(pattern):
    out = ''
    for c in pattern:
        out += c if c.isalnum() or c == '_' else '\\' + c
    return out
