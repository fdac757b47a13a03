"""tparse stub of enum: a class deriving Enum gets its members when it is created (runtime/enum.cpp): each
plain class attribute becomes a member carrying .name / .value (a str or int itself under a str / int mixin,
as `class Format(str, Enum)`); Cls(value) gives the member of that value, Cls['NAME'] the one of that name,
iterating the class its members in order."""


class Enum:
    __tparse_enum__ = True


class IntEnum(int, Enum):
    pass


class StrEnum(str, Enum):
    pass


class Flag(Enum):
    pass


class IntFlag(int, Flag):
    pass


class auto:
    """auto(): the member's value is chosen when the class is made (1, 2, ...; StrEnum: the lowercased name)."""


def unique(cls):
    return cls
