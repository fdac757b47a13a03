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

TEST_CASE("a property called as a descriptor: Base.prop.__set__ / __get__ from a subclass's property") {
  // a subclass overriding a property reaches the base's setter through the descriptor protocol
  // (transformers' HrmTextConfig._attn_implementation setter calls PreTrainedConfig._attn_implementation.__set__)
  Result r = run("class A:\n    @property\n    def x(self):\n        return self._x\n"
                 "    @x.setter\n    def x(self, v):\n        self._x = v + 1\n"
                 "class B(A):\n    @property\n    def x(self):\n        return A.x.__get__(self) * 10\n"
                 "    @x.setter\n    def x(self, v):\n        A.x.__set__(self, v * 2)\n"
                 "b = B()\nb.x = 3\nassert b._x == 7\nassert b.x == 70\nassert A.x.fset is not None\n"
                 "assert A.x.__get__(None, A) is A.x\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!run("class A:\n    @property\n    def x(self):\n        return 1\nA.x.__set__(A(), 2)\n").ok);  // no setter
}

TEST_CASE("a class's __setattr__ takes every store; super().__setattr__ / object.__setattr__ store plainly") {
  // transformers' PreTrainedConfig maps attribute_map aliases in __setattr__ (nemotron_h: layer_types -> layers_block_type)
  Result r = run("class Base:\n    pass\n"
                 "class C(Base):\n    amap = {'alias': 'real'}\n"
                 "    def __init__(self):\n        self.alias = 1\n"
                 "    def __setattr__(self, k, v):\n        if k in self.amap:\n            k = self.amap[k]\n"
                 "        super().__setattr__(k, v)\n"
                 "    @property\n    def p(self):\n        return self._p\n    @p.setter\n    def p(self, v):\n        self._p = v * 2\n"
                 "c = C()\nassert c.real == 1 and not hasattr(c, 'alias')\nc.alias = 5\nassert c.real == 5\n"
                 "c.p = 4\nassert c.p == 8\nobject.__setattr__(c, 'alias', 7)\nassert c.alias == 7 and c.real == 5\n");
  INFO(r.error);
  CHECK(r.ok);
}

// ---- constructs added with the Python 3.12 grammar (issue 22); expected values are Python's ----

TEST_CASE("assignment expressions bind in the enclosing scope, comprehensions included") {
  Result r = run("xs = [1, 5, 2, 8]\nif (n := len(xs)) > 3:\n    r = n\nassert r == 4\n"
                 "ys = [y for x in xs if (y := x * 2) > 4]\nassert ys == [10, 16] and y == 16\n"
                 "def f(d):\n    if (v := d.get('a')) is not None:\n        return v\n    return -1\n"
                 "assert f({'a': 3}) == 3 and f({}) == -1\n"
                 "def g():\n    total = [last := k for k in range(4)]\n    return last\nassert g() == 3\n"
                 "i = 0\nwhile (i := i + 1) < 5:\n    pass\nelse:\n    j = i\nassert j == 5\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!run("xs = [k for k in range(3)]\nassert k == 2\n").ok);  // a plain comprehension variable stays inside
}

TEST_CASE("set comprehensions and set displays drop equal items") {
  Result r = run("s = {x % 3 for x in range(10)}\nassert len(s) == 3\nassert sorted(s) == [0, 1, 2]\n"
                 "assert len({1, 2, 2, 1, 'a', 'a'}) == 3\nassert 2 in {v for v in [2, 2]}\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("annotated targets: attributes, subscripts, bare annotations") {
  Result r = run("class C:\n    x: int\n    y: int = 3\n    def __init__(self):\n        self.freqs: list | None = None\n"
                 "        self.d: dict = {}\n        self.d['k']: int = 5\n        self.n: int\n"
                 "c = C()\nassert c.freqs is None and c.y == 3 and c.d['k'] == 5\nassert not hasattr(c, 'n')\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("class header keywords go to __init_subclass__ (PEP 487); starred bases expand") {
  Result r = run("class Base:\n    seen = []\n    def __init_subclass__(cls, tag=None, **kw):\n        Base.seen.append(tag)\n"
                 "        Base.seen.append(len(kw))\n        cls.tagged = tag\n"
                 "class K(Base, tag='t', extra=1):\n    z = 2\nclass J(K):\n    pass\n"
                 "assert Base.seen == ['t', 1, None, 0], Base.seen\nassert K.tagged == 't' and J.tagged is None\n"
                 "assert K().z == 2 and isinstance(K(), Base)\n"
                 "class A:\n    pass\nbases = (A,)\nclass L(*bases):\n    pass\nassert isinstance(L(), A)\n");
  INFO(r.error);
  CHECK(r.ok);
  Result bad = run("class A:\n    pass\nclass K(A, metaclass=undefined_name):\n    pass\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("lang.py:3:22: error: name 'undefined_name' is not defined") != std::string::npos);
}

TEST_CASE("integer literals beyond 64 bits are approximate floats, not a crash") {
  Result r = run("big = 1_000_000_000_000_000_000_000\nassert big == 1e21\n"
                 "g = 0x9E3779B97F4A7C15\nassert g > 1.1e19 and g < 1.2e19\nassert 0x7FFF_FFFF_FFFF_FFFF == 9223372036854775807\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("f-strings: conversions, self-documenting fields, nested specs and quotes") {
  Result r = run("x = 3\nname = 'a'\nd = {'k': 1}\nw = 2\n"
                 "assert f'{name!r}' == \"'a'\"\nassert f'{x=}' == 'x=3'\nassert f'{x = }' == 'x = 3'\n"
                 "assert f'{name=}' == \"name='a'\"\nassert f'{3.14159:.{w}f}' == '3.14'\n"
                 "assert f\"{d[\"k\"]}\" == '1'\nassert f'{{x}} {x}' == '{x} 3'\nassert f'a\\tb{x}' == 'a\\tb3'\n"
                 "assert f'{f\"{x}\"}' == '3'\nassert rf'\\d{x}' == '\\\\d3'\n");
  INFO(r.error);
  CHECK(r.ok);
  Result bad = run("s = f'ab{ zz }'\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("lang.py:1:11: error: name 'zz' is not defined") != std::string::npos);
}

TEST_CASE("yield from, while-else, positional-only parameters, decorator expressions, star expressions") {
  Result r = run("def g():\n    yield 1\n    yield from [2, 3]\n    x = yield 4\nassert list(g()) == [1, 2, 3, 4]\n"
                 "def f(a, /, b):\n    return a + b\nassert f(1, b=2) == 3\n"
                 "decos = [lambda fn: fn]\n@decos[0]\ndef h():\n    return 7\n@(lambda fn: fn)\ndef k():\n    return 8\n"
                 "assert h() == 7 and k() == 8\n"
                 "a = [1, 2]\nt = (*a, 3)\nassert t == (1, 2, 3)\ndef r():\n    return *a, 5\nassert r() == (1, 2, 5)\n"
                 "n = 0\nfor v in *a, 4:\n    n += v\nassert n == 7\n"
                 "lam = lambda p, q=2, *rest, s=4, **kw: p + q + s\nassert lam(1) == 7 and lam(1, 3, s=0) == 4\n"
                 "assert r'\\d' == '\\\\d' and len(r'\\'') == 2 and '\\x41\\u00e9' == 'A\\u00e9'\n"
                 "assert 1 < 2 < 3 and not (1 < 3 < 2)\n"
                 "y = 1 + \\\n    2\nassert y == 3\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("parsed-only constructs fail where they run, located") {
  Result m = run("x = 1\nmatch x:\n    case 1:\n        pass\n");
  CHECK(!m.ok);
  CHECK(m.error.find("lang.py:2:1: error: the match statement is not supported") != std::string::npos);
  Result a = run("async def f():\n    await g()\nf()\n");
  CHECK(!a.ok);
  CHECK(a.error.find("'await' is not supported") != std::string::npos);
  Result ok = run("async def f():\n    await g()\ntype Alias = list[int]\nx = 1\n");  // defined, never run: fine
  INFO(ok.error);
  CHECK(ok.ok);
}
