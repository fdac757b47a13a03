"""tparse stub of typing: annotations only need the names to exist and to accept subscripts."""


class _SpecialForm:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, item):
        return self

    def __call__(self, *args, **kwargs):
        return args[0] if args else None

    def __repr__(self):
        return "typing." + self._name


Any = _SpecialForm("Any")
Optional = _SpecialForm("Optional")
Union = _SpecialForm("Union")
Tuple = _SpecialForm("Tuple")
List = _SpecialForm("List")
Dict = _SpecialForm("Dict")
Set = _SpecialForm("Set")
Callable = _SpecialForm("Callable")
Iterable = _SpecialForm("Iterable")
Iterator = _SpecialForm("Iterator")
Sequence = _SpecialForm("Sequence")
Mapping = _SpecialForm("Mapping")
Type = _SpecialForm("Type")
Literal = _SpecialForm("Literal")
ClassVar = _SpecialForm("ClassVar")
TypeVar = _SpecialForm("TypeVar")
Generic = _SpecialForm("Generic")
TYPE_CHECKING = False


def cast(typ, value):
    return value


def overload(fn):
    return fn
