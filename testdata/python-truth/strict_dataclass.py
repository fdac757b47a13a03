# huggingface_hub's @strict dataclasses (what every transformers 5.17 config is): each assignment to a field is
# checked against the field's annotation and its validated_field validators; the validate_* methods run after
# __init__. cases() gives the messages of a set of bad values; run under torch 2.11's environment on the device,
# its stdout (one repr per line) is the truth tparse's run is held to.
from dataclasses import dataclass
from typing import Any, Literal, Optional, Union

from huggingface_hub.dataclasses import as_validated_field, strict
from huggingface_hub.errors import StrictDataclassClassValidationError, StrictDataclassFieldValidationError


@as_validated_field
def positive(value):
    if not value > 0:
        raise ValueError(f"Value must be positive, got {value}")


class Base:
    pass


@strict
@dataclass
class Config:
    heads: list[int] | tuple[int, ...] = (1, 2)
    name: str = "tiny"
    depth: int = positive(default=2)
    ratio: float | None = None
    mode: Literal["a", "b"] = "a"
    table: dict[str, int] | None = None
    sub: Union[dict, Base, None] = None
    maybe: Optional[int] = None
    anything: Any = None
    pair: tuple[int, str] = (1, "x")

    def validate_depth_vs_heads(self):
        if isinstance(self.heads, (list, tuple)) and self.depth > 10 * len(self.heads):
            raise ValueError(f"depth {self.depth} is too large for {len(self.heads)} head groups")


def cases():
    out = []
    bad = [("heads", 4), ("heads", [1, "2"]), ("name", 3), ("depth", True), ("depth", -1), ("ratio", "x"),
           ("mode", "c"), ("table", {"k": "v"}), ("sub", 5), ("maybe", 2.5), ("pair", (1, 2)), ("pair", (1,)),
           ("heads", (1, 2.0))]
    for field, value in bad:
        c = Config()
        try:
            setattr(c, field, value)
            out.append(f"accepted {field}={value!r}")
        except StrictDataclassFieldValidationError as e:
            out.append(str(e))
    good = [("heads", [4, 4]), ("ratio", 0.5), ("ratio", None), ("anything", object), ("sub", {}), ("maybe", 3),
            ("table", {"a": 1})]
    for field, value in good:
        c = Config()
        setattr(c, field, value)
        out.append(f"accepted {field}")
    try:
        Config(heads=4)
    except StrictDataclassFieldValidationError as e:
        out.append("init: " + str(e))
    try:
        Config(depth=50)
    except StrictDataclassClassValidationError as e:
        out.append("class: " + str(e))
    out.append(repr(Config.__annotations__["heads"]))
    out.append(repr(Config.__annotations__["maybe"]))
    out.append(repr(Config.__annotations__["mode"]))
    return out


for line in cases():
    print(repr(line))
