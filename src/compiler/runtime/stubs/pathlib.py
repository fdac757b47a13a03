"""tparse stub of pathlib: paths as strings ('/'-separated); the file system is asked through os.path (exists,
is_file, is_dir), nothing is read or written."""
import os


class PurePath:
    def __init__(self, *parts):
        p = ""
        for x in parts:
            s = str(x)
            if s.startswith("/") or p == "":
                p = s
            else:
                p = p + ("" if p.endswith("/") else "/") + s
        self._p = p if p != "" else "."

    def __str__(self):
        return self._p

    def __fspath__(self):
        return self._p

    def __repr__(self):
        return type(self).__name__ + "('" + self._p + "')"

    def __eq__(self, other):
        return isinstance(other, PurePath) and self._p == other._p

    def __hash__(self):
        return hash(self._p)

    def __truediv__(self, other):
        return type(self)(self._p, other)

    def __rtruediv__(self, other):
        return type(self)(other, self._p)

    def joinpath(self, *others):
        return type(self)(self._p, *others)

    @property
    def name(self):
        return os.path.basename(self._p)

    @property
    def parent(self):
        d = os.path.dirname(self._p)
        return type(self)(d if d != "" else ".")

    @property
    def parents(self):
        out = []
        cur = self.parent
        while str(cur) not in ("/", "."):
            out.append(cur)
            cur = cur.parent
        out.append(cur)
        return out

    @property
    def suffix(self):
        return os.path.splitext(self.name)[1]

    @property
    def stem(self):
        return os.path.splitext(self.name)[0]

    @property
    def parts(self):
        bits = [b for b in self._p.split("/") if b != ""]
        return tuple((["/"] if self._p.startswith("/") else []) + bits)

    def with_suffix(self, suffix):
        return type(self)(os.path.splitext(self._p)[0] + suffix)

    def with_name(self, name):
        return self.parent / name

    def as_posix(self):
        return self._p

    def is_absolute(self):
        return self._p.startswith("/")


class Path(PurePath):
    def exists(self):
        return os.path.exists(self._p)

    def is_file(self):
        return os.path.isfile(self._p)

    def is_dir(self):
        return os.path.isdir(self._p)

    def resolve(self, strict=False):
        return self

    def absolute(self):
        return self

    def expanduser(self):
        return self

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        return None

    @staticmethod
    def cwd():
        return Path(".")

    @staticmethod
    def home():
        return Path("/root")


PosixPath = Path
PurePosixPath = PurePath
