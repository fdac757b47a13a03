"""tparse stub of packaging.version: PEP 440 versions parsed and ordered as packaging orders them
(`version.parse(torch.__version__) >= version.parse("2.1")`, diffusers / detr / timm gates)."""


class InvalidVersion(ValueError):
    pass


_PRE = {"a": "a", "alpha": "a", "b": "b", "beta": "b", "c": "rc", "rc": "rc", "pre": "rc", "preview": "rc"}


def _split_num(s, i):
    j = i
    while j < len(s) and s[j].isdigit():
        j += 1
    return (int(s[i:j]) if j > i else None), j


class Version:
    def __init__(self, version):
        if isinstance(version, Version):
            version = str(version)
        s = str(version).strip().lower()
        if s.startswith("v"):
            s = s[1:]
        local = None
        if "+" in s:
            s, local = s.split("+", 1)
        epoch = 0
        if "!" in s:
            e, s = s.split("!", 1)
            if not e.isdigit():
                raise InvalidVersion(f"Invalid version: '{version}'")
            epoch = int(e)
        release = []
        i = 0
        while True:
            n, i = _split_num(s, i)
            if n is None:
                raise InvalidVersion(f"Invalid version: '{version}'")
            release.append(n)
            if i < len(s) and s[i] == "." and i + 1 < len(s) and s[i + 1].isdigit():
                i += 1
                continue
            break
        pre = post = dev = None
        while i < len(s):
            if s[i] in "._-":
                i += 1
            j = i
            while j < len(s) and s[j].isalpha():
                j += 1
            word = s[i:j]
            if j < len(s) and s[j] in "._-":
                j += 1
            n, k = _split_num(s, j)
            if n is None:
                n, k = 0, j
            if word in _PRE and pre is None and post is None and dev is None:
                pre = (_PRE[word], n)
            elif word in ("post", "rev", "r") and post is None and dev is None:
                post = n
            elif word == "dev" and dev is None:
                dev = n
            elif word == "" and post is None and dev is None and s[i - 1] == "-" and k > j:
                post = n  # "1.0-1" is a post release
            else:
                raise InvalidVersion(f"Invalid version: '{version}'")
            i = k
        self.epoch = epoch
        self.release = tuple(release)
        self.pre = pre
        self.post = post
        self.dev = dev
        self.local = local
        self._key = self._make_key()

    def _make_key(self):
        rel = list(self.release)
        while len(rel) > 1 and rel[-1] == 0:
            rel.pop()
        # packaging's order: dev < pre < final < post; a dev release of a final sorts before its pre releases
        if self.pre is None and self.post is None and self.dev is not None:
            pre = (-1, "", 0)
        elif self.pre is None:
            pre = (1, "", 0)
        else:
            pre = (0, self.pre[0], self.pre[1])
        post = (0, 0) if self.post is None else (1, self.post)
        dev = (1, 0) if self.dev is None else (0, self.dev)
        local = () if self.local is None else tuple(
            (1, int(p), "") if p.isdigit() else (0, 0, p) for p in self.local.replace("-", ".").replace("_", ".").split("."))
        return (self.epoch, tuple(rel), pre, post, dev, local)

    @property
    def major(self):
        return self.release[0] if len(self.release) > 0 else 0

    @property
    def minor(self):
        return self.release[1] if len(self.release) > 1 else 0

    @property
    def micro(self):
        return self.release[2] if len(self.release) > 2 else 0

    @property
    def base_version(self):
        s = ".".join(str(x) for x in self.release)
        return (f"{self.epoch}!" if self.epoch else "") + s

    @property
    def public(self):
        return str(self).split("+", 1)[0]

    @property
    def is_prerelease(self):
        return self.pre is not None or self.dev is not None

    @property
    def is_devrelease(self):
        return self.dev is not None

    @property
    def is_postrelease(self):
        return self.post is not None

    def __str__(self):
        s = self.base_version
        if self.pre is not None:
            s += f"{self.pre[0]}{self.pre[1]}"
        if self.post is not None:
            s += f".post{self.post}"
        if self.dev is not None:
            s += f".dev{self.dev}"
        if self.local is not None:
            s += f"+{self.local}"
        return s

    def __repr__(self):
        return f"<Version('{self}')>"

    def __hash__(self):
        return hash(self._key)

    def __lt__(self, other):
        return self._key < other._key

    def __le__(self, other):
        return self._key <= other._key

    def __eq__(self, other):
        return isinstance(other, Version) and self._key == other._key

    def __ne__(self, other):
        return not self.__eq__(other)

    def __gt__(self, other):
        return self._key > other._key

    def __ge__(self, other):
        return self._key >= other._key


def parse(version):
    if not isinstance(version, str) and not isinstance(version, Version):
        # the version of a package tparse does not see (PIL.__version__): unknown, and so is every comparison
        return __tparse_opaque__("packaging.version.parse")
    return Version(version)
