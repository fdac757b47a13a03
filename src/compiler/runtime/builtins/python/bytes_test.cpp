// bytes: str.encode, the bytes type's items, slices, repr, equality and hashing, bytes() and the methods a byte-level
// BPE tokenizer uses (minbpe's). Every assert holds under CPython 3.12 (the script was run there as written).
#include <doctest/doctest.h>

#include "api.hpp"

using namespace tparse::compiler;

TEST_CASE("bytes: encode / decode (errors='replace'), items are ints, b'a' != 'a', bytes(), join, repr") {
  const char* src = R"PY(
t = "héllo wörld"
b = t.encode("utf-8")
assert type(b) is bytes and len(b) == 13 and len(t) == 11 and b[1] == 195 and list(b[:3]) == [104, 195, 169]
assert repr(b[:3]) == "b'h\\xc3\\xa9'" and str(b[:2]) == "b'h\\xc3'" and b != t and isinstance(b, bytes) and not isinstance(b, str)
v = {i: bytes([i]) for i in range(256)}
assert (v[104] + v[195] + v[169]).decode("utf-8") == "hé" and b"".join([v[104], v[105]]) == b"hi"
assert (v[195] + v[40]).decode("utf-8", errors="replace") == "\ufffd("
assert bytes(3) == b"\x00\x00\x00" and bytes("ab", "utf-8") == b"ab" and str(b"ab", "utf-8") == "ab"
assert b"a" in b"cab" and 97 in b"abc" and repr(b"it's") == 'b"it\'s"' and repr(b"x\ny") == "b'x\\ny'"
d = {b"a": 1, "a": 2}
assert len(d) == 2 and d[b"a"] == 1 and b"ab".hex() == "6162" and "ä".encode("latin-1") == b"\xe4"
assert "naïve".encode("ascii", errors="replace") == b"na?ve" and bytes(list("hi".encode())).decode() == "hi"
assert [x for x in b"ok"] == [111, 107] and b"ab" * 2 == b"abab" and b"abc".startswith(b"ab") and b"abcb".count(b"b") == 2
try:
    b"a" + "b"
    raise AssertionError("concatenated")
except TypeError as e:
    assert str(e) == "can't concat str to bytes", str(e)
try:
    bytes([256])
    raise AssertionError("made")
except ValueError as e:
    assert str(e) == "bytes must be in range(0, 256)"
try:
    b"\xff".decode("utf-8")
    raise AssertionError("decoded")
except UnicodeDecodeError:
    pass
)PY";
  Result r = compile_script("bytes_t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}
