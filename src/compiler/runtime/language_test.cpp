// Python features real model files use, checked by running small scripts whose `assert`s fail (and
// make compile_script fail) when the interpreter gets them wrong.
#include <doctest/doctest.h>

#include "api.hpp"

using namespace tparse::compiler;

namespace {
Result run(const std::string& src) { return compile_script("lang.py", src, Options{}); }
}  // namespace

TEST_CASE("nonlocal rebinds the enclosing function's variable") {
  Result r = run("def f():\n    x = 1\n    def g():\n        nonlocal x\n        x = 2\n    g()\n    return x\nassert f() == 2\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!run("def f():\n    x = 1\n    def g():\n        x = 2\n    g()\n    return x\nassert f() == 2\n").ok);  // without nonlocal: local
}

TEST_CASE("printf-style % formatting") {
  Result r = run("s = '%d-%s %.2f %5d|%-3s|%x %r %%' % (3, 'a', 1.234, 7, 'b', 255, 'q')\nassert s == \"3-a 1.23     7|b  |ff 'q' %\", s\n"
                 "assert 'n=%d' % 4 == 'n=4'\n");
  INFO(r.error);
  CHECK(r.ok);
  Result bad = run("s = '%d %d' % (1,)\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("not enough arguments for format string") != std::string::npos);
}

TEST_CASE("property with a setter, __getattr__ fallback, @dataclass __init__") {
  Result r = run("class A:\n    def __init__(self):\n        self._x = 1\n    @property\n    def x(self):\n        return self._x\n"
                 "    @x.setter\n    def x(self, v):\n        self._x = v * 10\n"
                 "    def __getattr__(self, k):\n        return k + '!'\n"
                 "a = A()\na.x = 3\nassert a.x == 30\nassert a.zz == 'zz!'\nassert a._x == 30\n"
                 "from dataclasses import dataclass, field\n@dataclass\nclass C:\n    n: int\n    w: float = 0.5\n    tags: list = field(default_factory=list)\n"
                 "c = C(3, tags=[1])\nassert c.n == 3 and c.w == 0.5 and c.tags == [1]\n");
  INFO(r.error);
  CHECK(r.ok);
  Result ro = run("class A:\n    @property\n    def x(self):\n        return 1\na = A()\na.x = 2\n");
  CHECK(!ro.ok);
  CHECK(ro.error.find("has no setter") != std::string::npos);
  Result missing = run("from dataclasses import dataclass\n@dataclass\nclass C:\n    n: int\nC()\n");
  CHECK(!missing.ok);
  CHECK(missing.error.find("missing 1 required positional argument: 'n'") != std::string::npos);
}
