// Class annotations as typing objects, and the huggingface_hub @strict validation built on them, held to CPython:
// testdata/python-truth/strict_dataclass.py ran under the device's Python (torch 2.11's environment, real
// huggingface_hub) and printed one repr per line; tparse runs the same program and must produce the same lines.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "api.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;
using tparse::compiler::testing::slurp;

TEST_CASE("huggingface_hub @strict: every message, the accepted values and the annotations' reprs equal CPython's") {
  fs::path dir = fs::path(TPARSE_TESTDATA) / "python-truth";
  std::string prog = slurp(dir / "strict_dataclass.py");
  std::string truth = slurp(dir / "strict_dataclass.stdout.txt");
  REQUIRE(!prog.empty());
  std::istringstream in(truth);
  std::string expected = "EXPECTED = [\n";
  size_t n = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) { expected += "    " + line + ",\n"; ++n; }
  expected += "]\n";
  REQUIRE(n >= 20);
  // the program's own lines, then its results compared line by line with CPython's (a Python repr per line)
  std::string src = prog + "\n" + expected +
                    "got = cases()\n"
                    "for i in range(min(len(got), len(EXPECTED))):\n"
                    "    assert got[i] == EXPECTED[i], (i, got[i], EXPECTED[i])\n"
                    "assert len(got) == len(EXPECTED), (len(got), len(EXPECTED))\n";
  Result r = compile_script((dir / "strict_dataclass.py").string(), src, Options{});
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("class annotations: evaluated per class, never inherited; strings under `from __future__ import annotations`") {
  // each assert holds under CPython 3.12 as written
  Result r = compile_script("ann.py",
                            "import typing\n"
                            "class A:\n    x: int = 1\n    y: dict[str, typing.Any] | None = None\n"
                            "class B(A):\n    pass\n"
                            "assert A.__annotations__['x'] is int\n"
                            "assert repr(A.__annotations__['y']) == 'dict[str, typing.Any] | None'\n"
                            "assert typing.get_args(A.__annotations__['y'])[1] is type(None)\n"
                            "assert B.__annotations__ == {}\n"
                            "assert typing.get_origin(typing.Optional[int]) is typing.Union\n"
                            "assert typing.get_args(typing.Union[int, typing.Union[str, int]]) == (int, str)\n",
                            Options{});
  INFO(r.error);
  CHECK(r.ok);
  Result f = compile_script("fut.py",
                            "from __future__ import annotations\n"
                            "class A:\n    x: int = 1\n"
                            "assert A.__annotations__['x'] == 'int'\n",
                            Options{});
  INFO(f.error);
  CHECK(f.ok);
}
