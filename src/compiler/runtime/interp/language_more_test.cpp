// More Python and torch.nn semantics that timm's model files rely on (issue 22, the timm population), each
// checked by a small script whose `assert`s fail (and make compile_script fail) when the interpreter gets it
// wrong: the numeric tower, isinstance with type / typing aliases / types, set and dict keys by identity,
// copy.deepcopy, dict.pop's KeyError, Tensor.data's setter, super().reset_parameters(), module.forward(x), enum.Enum,
// torch.zeros(size=...), torch.autocast, nn.Unfold, an instance-level forward, enumerate(start=), torch.jit.annotate,
// dataclasses.fields, math.prod.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("isinstance: numbers' tower, bool is an int, classes are instances of type, everything of object") {
  Result r = run_source("lang.py", "import numbers\n"
                 "assert isinstance(3, numbers.Integral) and isinstance(True, numbers.Integral)\n"
                 "assert not isinstance(3.0, numbers.Integral) and isinstance(3.0, numbers.Real) and isinstance(2, numbers.Number)\n"
                 "assert not isinstance('3', numbers.Number) and not isinstance((3,), numbers.Integral)\n"
                 "assert isinstance(True, int) and not isinstance(1, bool) and not isinstance(True, float)\n"
                 "import torch.nn as nn\n"
                 "class A:\n    pass\n"
                 "assert isinstance(A, type) and isinstance(nn.ReLU, type) and isinstance(int, type)\n"
                 "assert not isinstance(A(), type) and not isinstance(len, type) and not isinstance('x', type)\n"
                 "assert isinstance(A(), object) and isinstance(3, object) and isinstance(None, object)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("isinstance with typing's aliases (those of collections.abc and the builtins) and with types") {
  Result r = run_source("lang.py", "from typing import Sequence, Mapping, Callable, Iterable, List, Dict, Tuple, Optional\n"
                 "import types, functools\n"
                 "assert isinstance((1, 2), Sequence) and isinstance([1], Sequence) and not isinstance(3, Sequence)\n"
                 "assert isinstance({}, Mapping) and not isinstance([], Mapping) and isinstance(len, Callable)\n"
                 "assert isinstance([], List) and isinstance({}, Dict) and isinstance((), Tuple) and not isinstance([], Tuple)\n"
                 "x: Optional[Tuple[int, ...]] = None\n"
                 "def f(a: Sequence[int], b: Callable[..., int], c: Dict[str, List[int]]) -> Iterable[int]:\n    return a\n"
                 "assert f((1,), len, {}) == (1,)\n"
                 "def g():\n    pass\n"
                 "class C:\n    def m(self):\n        pass\n"
                 "assert isinstance(g, types.FunctionType) and isinstance(lambda: 0, types.LambdaType)\n"
                 "assert not isinstance(C, types.FunctionType) and not isinstance(functools.partial(g), types.FunctionType)\n"
                 "assert isinstance(C().m, types.MethodType) and not isinstance(g, types.MethodType)\n"
                 "assert isinstance(types, types.ModuleType) and isinstance(len, types.BuiltinFunctionType)\n"
                 "assert not isinstance(int, types.BuiltinFunctionType)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("set items and dict keys: classes, functions and plain instances by identity, tuples item by item") {
  Result r = run_source("lang.py", "class A:\n    pass\n"
                 "class B:\n    pass\n"
                 "def f():\n    pass\n"
                 "def g():\n    pass\n"
                 "s = {A, B, A}\n"
                 "assert len(s) == 2 and A in s and B in s\n"
                 "assert len({f, g}) == 2 and len(set([f, g, f])) == 2 and len({m for m in (A, B)}) == 2\n"
                 "d = {A: 1, B: 2}\n"
                 "assert d[A] == 1 and d[B] == 2\n"
                 "a1, a2 = A(), A()\n"
                 "assert len({a1, a2, a1}) == 2 and {a1: 'x', a2: 'y'}[a2] == 'y'\n"
                 "assert {(A, 1): 'p', (B, 1): 'q'}[(B, 1)] == 'q' and len({(A, 1), (A, 1), (A, 2)}) == 2\n"
                 "assert len({1, 1.0, True}) == 1 and len({'a', 'b', 'a'}) == 2\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("copy.deepcopy copies lists / dicts / tuples (shared parts stay shared); copy.copy is shallow; dict.pop raises KeyError") {
  Result r = run_source("lang.py", "import copy\n"
                 "a = {'x': [1, 2], 'y': (3, [4])}\n"
                 "b = copy.deepcopy(a)\n"
                 "b['x'].append(5)\n"
                 "b['y'][1].append(6)\n"
                 "assert a == {'x': [1, 2], 'y': (3, [4])} and b['x'] == [1, 2, 5] and b['y'][1] == [4, 6]\n"
                 "s = [1]\n"
                 "c = copy.deepcopy([s, s])\n"
                 "assert c[0] is c[1] and c[0] is not s\n"
                 "d = copy.copy(a)\n"
                 "assert d is not a and d['x'] is a['x']\n"
                 // the same dict repeated by deepcopy is popped once per copy (timm's block args)
                 "args = [copy.deepcopy({'t': 'ds', 'k': 3}) for _ in range(2)]\n"
                 "assert [x.pop('t') for x in args] == ['ds', 'ds']\n"
                 "try:\n    a.pop('z')\n    assert False\nexcept KeyError:\n    pass\n"
                 "assert a.pop('z', 3) == 3 and a.pop('x') == [1, 2] and 'x' not in a\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("Tensor.data's setter, super().reset_parameters() of a torch.nn layer, module.forward(x) of a built-in module") {
  Result r = run_source("lang.py", "import torch\n"
                 "import torch.nn as nn\n"
                 "w = nn.Parameter(torch.zeros(4, 3))\n"
                 "w.data = torch.ones(2, 5)\n"
                 "assert w.shape == (2, 5)\n"
                 "w.data *= 2.0\n"
                 "assert w.shape == (2, 5)\n"
                 "class Conv(nn.Conv2d):\n"
                 "    def __init__(self, *a, **k):\n"
                 "        super().__init__(*a, **k)\n"
                 "        self.gain = nn.Parameter(torch.ones(self.out_channels, 1, 1, 1))\n"
                 "        self.reset_parameters()\n"
                 "    def reset_parameters(self):\n"
                 "        if hasattr(self, 'gain'):\n"
                 "            super().reset_parameters()\n"
                 "class M(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        super().__init__()\n"
                 "        self.c = Conv(3, 4, 3)\n"
                 "        self.s = nn.Sequential(nn.Linear(4, 4), nn.ReLU())\n"
                 "    def forward(self, x):\n"
                 "        y = self.c(x).mean((2, 3))\n"
                 "        return self.s.forward(y)\n"
                 "m = M()\n"
                 "assert m(torch.randn(2, 3, 8, 8)).shape == (2, 4)\n"
                 "cm = torch.compile(m, backend='eager')\n"
                 "cm(torch.randn(2, 3, 8, 8))\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("enum.Enum: members with name / value, a str mixin's members are strs, Cls(value), Cls['NAME'], iteration, auto()") {
  Result r = run_source("lang.py", "from enum import Enum\n"
                 "import enum\n"
                 "class Format(str, Enum):\n    NCHW = 'NCHW'\n    NHWC = 'NHWC'\n"
                 "f = Format('NHWC')\n"
                 "assert f is Format.NHWC and f == Format.NHWC and f != Format.NCHW and Format.NHWC == 'NHWC'\n"
                 "assert f.value == 'NHWC' and f.name == 'NHWC' and Format['NCHW'] is Format.NCHW and Format(f) is f\n"
                 "assert [m.name for m in Format] == ['NCHW', 'NHWC'] and isinstance(f, Format) and isinstance(f, str)\n"
                 "class Color(enum.Enum):\n    RED = 1\n    GREEN = enum.auto()\n    CRIMSON = 1\n"
                 "    def describe(self):\n        return self.name.lower()\n"
                 "assert Color(2) is Color.GREEN and Color.GREEN.value == 2 and Color.RED.describe() == 'red'\n"
                 "assert Color.CRIMSON is Color.RED and len(list(Color)) == 2\n"
                 "assert Color.RED != Color.GREEN and Color.RED == Color.RED and Color.RED != 1\n"
                 "assert {Color.RED: 'r'}[Color(1)] == 'r'\n"
                 "try:\n    Color(7)\n    assert False\nexcept ValueError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("torch.zeros(size=...) takes its shape from the size keyword") {
  Result r = run_source("lang.py", "import torch\n"
                 "i = torch.zeros(size=(5,) * 2, dtype=torch.long)\n"
                 "assert i.shape == (5, 5) and i.dtype == torch.long\n"
                 "i[1:, 1:] = torch.ones(4, 4, dtype=torch.long)\n"
                 "assert torch.ones(size=[2, 3]).shape == (2, 3)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("with torch.autocast(...) in a compiled frame records _enter_autocast / _exit_autocast around its body") {
  Result r = run_source("lang.py", "import torch\n"
                 "import torch.nn as nn\n"
                 "class M(nn.Module):\n"
                 "    def forward(self, x):\n"
                 "        with torch.autocast(device_type=x.device.type, enabled=False):\n"
                 "            y = x * 2\n"
                 "        return y + 1\n"
                 "cm = torch.compile(M(), backend='eager')\n"
                 "cm(torch.randn(2, 4))\n");
  INFO(r.error);
  CHECK(r.ok);
  size_t enter = r.trace.find("torch.amp.autocast_mode._enter_autocast('cpu', None, False, None)");
  size_t mul = r.trace.find("= l_x_ * 2");
  size_t exit = r.trace.find("torch.amp.autocast_mode._exit_autocast(_enter_autocast)");
  CHECK(enter != std::string::npos);
  CHECK(exit != std::string::npos);
  CHECK((enter < mul && mul < exit));
}

TEST_CASE("nn.Unfold's forward is F.unfold (im2col), not Tensor.unfold") {
  Result r = run_source("lang.py", "import torch\n"
                 "import torch.nn as nn\n"
                 "class M(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        super().__init__()\n"
                 "        self.u = nn.Unfold(kernel_size=4, stride=4)\n"
                 "    def forward(self, x):\n"
                 "        return self.u(x)\n"
                 "m = M()\n"
                 "assert m(torch.randn(2, 3, 16, 16)).shape == (2, 48, 16)\n"
                 "torch.compile(m, backend='eager')(torch.randn(2, 3, 16, 16))\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.trace.find("torch.nn.functional.unfold(") != std::string::npos);
}

TEST_CASE("Module.__call__ calls self.forward: an instance attribute forward (a bound method) first; enumerate(start=); torch.jit.annotate") {
  Result r = run_source("lang.py", "import torch\n"
                 "import torch.nn as nn\n"
                 "from typing import List\n"
                 "class P(nn.Module):\n"
                 "    def __init__(self, mode):\n"
                 "        super().__init__()\n"
                 "        self.forward = self.forward_double if mode == 'double' else self.forward_neg\n"
                 "    def forward_double(self, x):\n"
                 "        return x * 2\n"
                 "    def forward_neg(self, x):\n"
                 "        return -x\n"
                 "m = nn.Sequential(P('double'), P('neg'))\n"
                 "assert m(torch.randn(2, 3)).shape == (2, 3)\n"
                 "torch.compile(m, backend='eager')(torch.randn(2, 3))\n"
                 "assert [(i, a) for i, (a, b) in enumerate(zip([1, 2], [3, 4]), start=1)] == [(1, 1), (2, 2)]\n"
                 "assert list(enumerate('ab', 5)) == [(5, 'a'), (6, 'b')]\n"
                 "xs = torch.jit.annotate(List[int], [])\n"
                 "xs.append(3)\n"
                 "assert xs == [3]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.trace.find("= l_args_0_ * 2") != std::string::npos);  // each layer runs its own forward
  CHECK(r.trace.find("= -input_1") != std::string::npos);
}

TEST_CASE("dataclasses.fields / is_dataclass: the fields in order, base classes first, of a class or an instance") {
  Result r = run_source("lang.py", "from dataclasses import dataclass, fields, is_dataclass\n"
                 "@dataclass\nclass A:\n    x: int = 1\n    y: str = 'a'\n"
                 "@dataclass\nclass B(A):\n    z: float = 0.5\n"
                 "assert [f.name for f in fields(B)] == ['x', 'y', 'z'] and [f.name for f in fields(A(2))] == ['x', 'y']\n"
                 "assert is_dataclass(B) and is_dataclass(B()) and not is_dataclass(3)\n"
                 "try:\n    fields(3)\n    assert False\nexcept TypeError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("math.prod multiplies by the * operator from start=1 (ints stay ints)") {
  Result r = run_source("lang.py", "import math\n"
                 "assert math.prod([2, 3, 4]) == 24 and isinstance(math.prod((2, 3)), int) and math.prod([]) == 1\n"
                 "assert math.prod([2, 0.5]) == 1.0 and math.prod([3], start=2) == 6\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("the sequence protocol (iteration by __getitem__ until IndexError); an exception's args from its constructor "
          "and from super().__init__; builtin classes' __module__") {
  // each assert holds under CPython 3.12 as written
  Result r = run_source("lang.py",
                     "class Seq:\n"
                     "    def __init__(self, n):\n"
                     "        self.n = n\n"
                     "    def __len__(self):\n"
                     "        return self.n\n"
                     "    def __getitem__(self, i):\n"
                     "        if i >= self.n:\n"
                     "            raise IndexError(i)\n"
                     "        return i * 10\n"
                     "assert list(Seq(3)) == [0, 10, 20]\n"
                     "assert [x for x in Seq(2)] == [0, 10]\n"
                     "class E(Exception):\n"
                     "    def __init__(self, field, cause):\n"
                     "        super().__init__(f\"bad {field}: {type(cause).__name__}: {cause}\")\n"
                     "try:\n"
                     "    raise E(\"x\", TypeError(\"inner\"))\n"
                     "except E as e:\n"
                     "    assert str(e) == \"bad x: TypeError: inner\", str(e)\n"
                     "    assert e.args == (\"bad x: TypeError: inner\",)\n"
                     "class F(ValueError):\n"
                     "    def __init__(self, a, b):\n"
                     "        self.a = a\n"
                     "try:\n"
                     "    raise F(1, 2)\n"
                     "except F as e:\n"
                     "    assert e.args == (1, 2) and e.a == 1\n"
                     "assert repr(type(None)) == \"<class 'NoneType'>\" and int.__module__ == \"builtins\"\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("set equality ignores order (displays, set(), comprehensions, operators and methods)") {
  // each assert holds under CPython 3.12 as written (reformer's `set(attn_layers) == {"lsh", "local"}`)
  Result r = run_source("lang.py", "t = ('local', 'lsh', 'local')\n"
                      "assert set(t) == {'lsh', 'local'} and {'lsh', 'local'} == set(t)\n"
                      "assert {x for x in t} == {'lsh', 'local'}\n"
                      "assert ({'a'} | {'b'}) == {'b', 'a'} and {'a', 'b'}.union({'c'}) == {'c', 'b', 'a'}\n"
                      "assert set(t) != {'lsh'} and frozenset(t) == {'lsh', 'local'}\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("inspect.signature: parameters in order with kind and default, through functools.wraps' __wrapped__; "
          "isclass / isfunction / ismethod / ismodule") {
  // each assert holds under CPython 3.12 as written (torchvision's kwonly_to_pos_or_kw reads param.kind of a
  // function wrapped by functools.wraps)
  Result r = run_source("lang.py",
                      "import inspect\n"
                      "import math\n"
                      "\n"
                      "\n"
                      "def f(a, b=2, *args, c, d=None, **kw):\n"
                      "    return a\n"
                      "\n"
                      "\n"
                      "class K:\n"
                      "    def __init__(self, x, y=3):\n"
                      "        self.x = x\n"
                      "\n"
                      "    def m(self, z, *, w=1):\n"
                      "        return z\n"
                      "\n"
                      "\n"
                      "ps = inspect.signature(f).parameters\n"
                      "assert list(ps) == [\"a\", \"b\", \"args\", \"c\", \"d\", \"kw\"]\n"
                      "assert [p.kind for p in ps.values()] == [1, 1, 2, 3, 3, 4]\n"
                      "assert ps[\"a\"].default is inspect.Parameter.empty and ps[\"b\"].default == 2 and ps[\"d\"].default is None\n"
                      "assert ps[\"c\"].kind == inspect.Parameter.KEYWORD_ONLY and ps[\"kw\"].kind == ps[\"kw\"].VAR_KEYWORD\n"
                      "idx = next(i for i, p in enumerate(ps.values()) if p.kind == p.KEYWORD_ONLY)\n"
                      "assert idx == 3\n"
                      "assert list(inspect.signature(K).parameters) == [\"x\", \"y\"]\n"
                      "assert inspect.signature(K).parameters[\"y\"].default == 3\n"
                      "assert list(inspect.signature(K(1).m).parameters) == [\"z\", \"w\"]\n"
                      "assert inspect.isclass(K) and not inspect.isclass(K(1))\n"
                      "assert inspect.isfunction(f) and not inspect.isfunction(K) and not inspect.isfunction(K(1).m)\n"
                      "assert inspect.ismethod(K(1).m) and not inspect.ismethod(f)\n"
                      "assert inspect.ismodule(math) and not inspect.ismodule(f)\n"
                      "assert \"d\" in inspect.signature(f).parameters\n"
                      "import functools\n"
                      "\n"
                      "\n"
                      "def deco(fn):\n"
                      "    @functools.wraps(fn)\n"
                      "    def inner(*args, **kwargs):\n"
                      "        return fn(*args, **kwargs)\n"
                      "    return inner\n"
                      "\n"
                      "\n"
                      "@deco\n"
                      "def g(p, *, q=5):\n"
                      "    return p\n"
                      "\n"
                      "\n"
                      "assert g.__name__ == \"g\" and g.__wrapped__ is not g\n"
                      "assert list(inspect.signature(g).parameters) == [\"p\", \"q\"]\n"
                      "assert list(inspect.signature(g, follow_wrapped=False).parameters) == [\"args\", \"kwargs\"]\n"
                      "assert inspect.unwrap(g).__name__ == \"g\" and g(3) == 3\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("importlib.machinery: a C extension is never found (tparse runs no C code): None, noted approximate") {
  Result r = run_source("lang.py", "import importlib.machinery\n"
                      "details = (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES)\n"
                      "assert importlib.machinery.FileFinder('/lib', details).find_spec('_C') is None\n");
  INFO(r.error);
  CHECK(r.ok);
  REQUIRE(r.unmodelled.size() == 1);
  CHECK(r.unmodelled[0].find("C extension '_C'") != std::string::npos);
}

TEST_CASE("a dataclass __init__ reached through super() from a subclass's own __init__; x.__class__ of every value") {
  // each assert holds under CPython 3.12 as written (torchvision's MBConvConfig calls its dataclass base's __init__)
  Result r = run_source("lang.py",
                      "from dataclasses import dataclass\n"
                      "\n"
                      "\n"
                      "@dataclass\n"
                      "class Base:\n"
                      "    a: int\n"
                      "    b: float\n"
                      "\n"
                      "\n"
                      "class Sub(Base):\n"
                      "    def __init__(self, a, b, c=1):\n"
                      "        super().__init__(a * 2, b)\n"
                      "        self.c = c\n"
                      "\n"
                      "\n"
                      "s = Sub(1, 2.0)\n"
                      "assert s.a == 2 and s.b == 2.0 and s.c == 1\n"
                      "\n"
                      "\n"
                      "@dataclass\n"
                      "class D2(Base):\n"
                      "    c: int = 3\n"
                      "\n"
                      "    def grow(self):\n"
                      "        return self.a + self.c\n"
                      "\n"
                      "\n"
                      "d = D2(1, 2.0)\n"
                      "assert d.c == 3 and d.grow() == 4\n"
                      "\n"
                      "\n"
                      "def fn():\n"
                      "    return 1\n"
                      "\n"
                      "\n"
                      "import math\n"
                      "assert fn.__class__.__name__ == \"function\" and math.__class__.__name__ == \"module\"\n"
                      "assert d.__class__ is D2 and (1).__class__ is int and \"x\".__class__.__name__ == \"str\"\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a ModuleDict's items / keys / values are its submodules, not its plain attributes") {
  // torch's ModuleDict.items() is self._modules.items(); torchvision's IntermediateLayerGetter keeps a dict beside
  Result r = run_source("lang.py",
                      "from collections import OrderedDict\n"
                      "import torch\n"
                      "from torch import nn\n"
                      "\n"
                      "\n"
                      "class Getter(nn.ModuleDict):\n"
                      "    def __init__(self, model):\n"
                      "        layers = OrderedDict()\n"
                      "        for name, module in model.named_children():\n"
                      "            layers[name] = module\n"
                      "        super().__init__(layers)\n"
                      "        self.return_layers = {\"0\": \"a\"}\n"
                      "\n"
                      "    def forward(self, x):\n"
                      "        out = OrderedDict()\n"
                      "        for name, module in self.items():\n"
                      "            x = module(x)\n"
                      "            out[name] = x\n"
                      "        return out\n"
                      "\n"
                      "\n"
                      "m = Getter(nn.Sequential(nn.Linear(4, 4), nn.ReLU()))\n"
                      "assert list(m.keys()) == [\"0\", \"1\"]\n"
                      "r = torch.compile(m, backend=\"eager\")(torch.randn(2, 4))\n"
                      "assert list(r.keys()) == [\"0\", \"1\"]\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("augmented assignment in place: a list's += extends the same list, a class's __iadd__, ModuleList += / insert") {
  // the plain-Python asserts hold under CPython 3.12 as written; ModuleList's are torch's __iadd__ (extend) and insert
  Result r = run_source("lang.py",
                      "import torch\n"
                      "from torch import nn\n"
                      "\n"
                      "\n"
                      "class Acc:\n"
                      "    def __init__(self):\n"
                      "        self.n = 0\n"
                      "\n"
                      "    def __iadd__(self, k):\n"
                      "        self.n += k\n"
                      "        return self\n"
                      "\n"
                      "\n"
                      "a = [1]\n"
                      "b = a\n"
                      "b += [2]\n"
                      "assert a == [1, 2] and a is b\n"
                      "t = (1,)\n"
                      "u = t\n"
                      "u += (2,)\n"
                      "assert t == (1,) and u == (1, 2)\n"
                      "c = Acc()\n"
                      "d = c\n"
                      "d += 5\n"
                      "assert c.n == 5 and c is d\n"
                      "ml = nn.ModuleList()\n"
                      "ml += [nn.Linear(2, 2)]\n"
                      "ml += [nn.ReLU()]\n"
                      "assert len(ml) == 2\n"
                      "ml.insert(0, nn.Identity())\n"
                      "assert isinstance(ml[0], nn.Identity) and isinstance(ml[2], nn.ReLU) and len(ml) == 3\n"
                      "assert torch.compile(nn.Sequential(*ml), backend=\"eager\")(torch.randn(3, 2)).shape == (3, 2)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("torch forms torchvision uses: tensor_split(indices=...), torch.nn.parameter.Parameter, a Sequential fed a tuple") {
  // torch 2.11's documented overloads: tensor_split(input, indices, dim) / (input, sections, dim); nn.Parameter is
  // defined in torch/nn/parameter.py; Sequential.forward passes its input, whatever it is, to the first module
  Result r = run_source("lang.py",
      "import torch\nfrom torch import nn\n"
      "a, b = torch.tensor_split(torch.randn(2, 5, 3), indices=(1,), dim=1)\n"
      "assert a.shape == (2, 1, 3) and b.shape == (2, 4, 3)\n"
      "assert [t.shape[0] for t in torch.tensor_split(torch.randn(7), sections=3)] == [3, 2, 2]\n"
      "p = torch.nn.parameter.Parameter(torch.zeros(2, 3))\nassert p.shape == (2, 3) and p.requires_grad\n"
      "class First(nn.Module):\n    def forward(self, xs):\n        return xs[0] + xs[1]\n"
      "s = nn.Sequential(First(), nn.ReLU())\nassert s((torch.ones(2), torch.ones(2))).shape == (2,)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("scripts' own setup, as Python runs it: argparse, float.is_integer, sys.argv assigned, Module.apply, frozen "
          "Parameters, `with <unknown> as f`") {
  // each line failed or was silently wrong before (scouting pytorch/examples, vector-quantize-pytorch, llm.c, yolov5)
  Result r = run_source("lang.py",
      "import argparse\nimport sys\nimport math\nimport torch\nfrom torch import nn\n"
      "p = argparse.ArgumentParser(description='demo')\n"
      "p.add_argument('--scale', type=float, default=2.0)\np.add_argument('--relu', action='store_true')\n"
      "p.add_argument('--batch-size', type=int, default=64, metavar='N')\np.add_argument('--lr', default='0.5', type=float)\n"
      "p.add_argument('data', nargs='?', default='x')\np.add_argument('--tags', nargs='+', default=[])\n"
      "a = p.parse_args([])\n"
      "assert a.scale == 2.0 and a.relu is False and a.batch_size == 64 and a.lr == 0.5 and a.data == 'x'\n"
      "b = p.parse_args(['--scale', '3', '--relu', '--batch-size=8', 'img', '--tags', 'u', 'v'])\n"
      "assert b.scale == 3.0 and b.relu and b.batch_size == 8 and b.data == 'img' and b.tags == ['u', 'v']\n"
      "c, extra = p.parse_known_args(['--unknown', '--scale', '4'])\nassert c.scale == 4.0 and extra == ['--unknown']\n"
      "sys.argv = ['prog', '--scale', '5']\nassert p.parse_args().scale == 5.0\n"
      "assert math.log2(256).is_integer() and not (2.5).is_integer() and (0.75).as_integer_ratio() == (3, 4)\n"
      "seen = []\nm = nn.Sequential(nn.Linear(2, 2), nn.ReLU())\nassert m.apply(lambda mod: seen.append(type(mod).__name__)) is m\n"
      "assert seen == ['Linear', 'ReLU', 'Sequential']\n"
      "w = nn.Parameter(torch.ones(2), requires_grad=False)\nassert not w.requires_grad\n"
      "v = nn.Parameter(torch.ones(2))\nv.requires_grad_(False)\nassert not v.requires_grad\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("torch.Generator keeps its seed; os.path asks the file system (the script itself exists)") {
  // before: torch.Generator was an unknown call (a clean model read approximate) and os.path.isfile(__file__) was
  // assumed False, sending gemma's tokenizer assert down the wrong path
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("tparse_os_path_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string src =
      "import os\nimport torch\n"
      "g = torch.Generator()\nassert g.manual_seed(42) is g and g.initial_seed() == 42\n"
      "w = torch.empty(4, 4)\ntorch.nn.init.normal_(w, mean=0.0, std=0.02, generator=g)\n"
      "assert os.path.isfile(__file__) and os.path.exists(__file__) and not os.path.isdir(__file__)\n"
      "assert os.path.isdir(os.path.dirname(os.path.abspath(__file__)))\n"
      "assert not os.path.exists(__file__ + '.does-not-exist')\n";
  fs::path script = dir / "script.py";
  { std::ofstream(script) << src; }
  Result r = compile_script(script.string(), src, Options{});
  fs::remove_all(dir);
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("argparse.Action subclasses are called with the option's values; Logger.fatal is Logger.critical") {
  // timm's utils/misc.py ParseKwargs; s4's logger wraps every level, fatal included
  Result r = compile_script(
      "m.py",
      "import argparse\nimport logging\nimport torch\n"
      "class ParseKwargs(argparse.Action):\n    def __call__(self, parser, namespace, values, option_string=None):\n"
      "        setattr(namespace, self.dest, dict(v.split('=') for v in values))\n"
      "p = argparse.ArgumentParser()\np.add_argument('--kw', nargs='*', default={}, action=ParseKwargs)\n"
      "p.add_argument('--n', type=int, default=1)\n"
      "a = p.parse_args(['--kw', 'a=1', 'b=2', '--n', '3'])\n"
      "assert a.kw == {'a': '1', 'b': '2'} and a.n == 3 and p.parse_args([]).kw == {}\n"
      "log = logging.getLogger(__name__)\n"
      "for level in ('debug', 'info', 'warning', 'error', 'fatal', 'critical'):\n    assert callable(getattr(log, level))\n"
      "log.fatal('eager: printed by Python, nothing to model')\n",
      Options{});
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("stdlib forms of the ninth scouting: tqdm, pathlib, threading, functools.partial's positional-only func, sys.version_info, torch.device.index") {
  Result r = run_source("lang.py",
      "import sys, functools, threading, torch\n"
      "from tqdm.auto import tqdm, trange\n"
      "from pathlib import Path\n"
      "n = 0\n"
      "for i in trange(3, disable=True):\n    n += i\n"
      "for x in tqdm([4, 5], desc='d'):\n    n += x\n"
      "assert n == 12, n\n"
      "p = Path('/a/b') / 'c.txt'\n"
      "assert p.name == 'c.txt' and p.suffix == '.txt' and str(p.parent) == '/a/b' and p.with_suffix('.json').stem == 'c'\n"
      "st = threading.local()\nst.flag = False\nassert getattr(st, 'flag', True) is False and getattr(st, 'other', 7) == 7\n"
      "with threading.Lock():\n    pass\n"
      "def build(x, func, scale=1.0, self=None):\n    return func(x) * scale\n"
      "g = functools.partial(build, func=abs, scale=2.0)\nh = functools.partial(build, self=3, func=abs)\n"
      "assert g(-2) == 4.0 and h(-1) == 1.0 and g.keywords['func'] is abs\n"
      "assert sys.version_info.major == 3 and sys.version_info >= (3, 10) and sys.version_info[:2] == (3, 12)\n"
      "assert torch.device('cuda:1').index == 1 and torch.device('cpu').index is None\n"
      "import os\nassert os.path.os is os and os.path.split('/a/b.py') == ('/a', 'b.py')\n"
      "pm = torch.nn.Parameter(torch.ones(2))\npm._tags = {'wd'}\nq = torch.nn.Parameter(torch.ones(2))\n"
      "assert 'wd' in getattr(pm, '_tags', set()) and getattr(q, '_tags', set()) == set()\n"
      "import torch._dynamo\nassert torch._dynamo.config.cache_size_limit == 8\n"
      "import inspect, torch.nn as nn\n"
      "assert list(inspect.signature(nn.Conv2d).parameters)[5:8] == ['dilation', 'groups', 'bias']\n"
      "assert list(inspect.signature(nn.BatchNorm2d).parameters)[:2] == ['num_features', 'eps']\n"
      "class S(nn.Module):\n    def __init__(self, dim, scale=2.0):\n        super().__init__()\n"
      "assert list(inspect.signature(S).parameters) == ['dim', 'scale']\n"
      "t = torch.ones(2)\nassert t.type() == 'torch.FloatTensor' and t.long().type() == 'torch.LongTensor'\n"
      "assert t.type('torch.DoubleTensor').dtype == torch.float64\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("str.startswith / endswith within s[start:end], as CPython (a start past the end never matches)") {
  Result r = run_source("lang.py", "assert 'ModernBertForMaskedLM'.startswith('ForMaskedLM', 10)\n"
                      "assert not 'ModernBertForMaskedLM'.startswith('ForMaskedLM', 9)\n"
                      "assert 'abc'.endswith('b', 0, 2) and not 'abc'.endswith('b') and 'abc'.startswith('c', -1)\n"
                      "assert 'abc'.startswith(('x', 'a')) and not 'abc'.startswith(('b', 'c'), 0, 1)\n"
                      "assert 'abc'.startswith('') and not 'abc'.startswith('', 4) and 'abc'.startswith('', 3)\n"
                      "assert not 'abc'.startswith('bc', 1, 2) and 'abc'.startswith('bc', 1, None)\n");
  INFO(r.error);
  CHECK(r.ok);
}


TEST_CASE("dataclasses: ClassVar is no field, InitVar goes to __post_init__, Field's attributes; Mapping / MutableMapping mixins") {
  Result r = run_source("lang.py",
      "import dataclasses\n"
      "from dataclasses import dataclass, InitVar, field\n"
      "from typing import ClassVar\n"
      "@dataclass\n"
      "class A:\n"
      "    X: ClassVar[int] = 5\n"
      "    a: int = 1\n"
      "    scale: InitVar[float] = 2.0\n"
      "    b: list = field(default_factory=list)\n"
      "    def __post_init__(self, scale):\n"
      "        self.a = self.a * scale\n"
      "x = A(3, 4.0)\n"
      "assert [f.name for f in dataclasses.fields(x)] == [\"a\", \"b\"] and x.a == 12.0 and A.X == 5 and x.b == []\n"
      "assert all(f.init for f in dataclasses.fields(A))\n"
      "try:\n"
      "    A(X=5)\n"
      "    assert False\n"
      "except TypeError:\n"
      "    pass\n");
  INFO(r.error);
  CHECK(r.ok);
  Result m = run_source("lang.py",
      "from collections.abc import MutableMapping, Mapping\n"
      "class C(MutableMapping):\n"
      "    def __init__(self): self.d = {}\n"
      "    def __getitem__(self, k): return self.d[k]\n"
      "    def __setitem__(self, k, v): self.d[k] = v\n"
      "    def __delitem__(self, k): del self.d[k]\n"
      "    def __iter__(self): return iter(self.d)\n"
      "    def __len__(self): return len(self.d)\n"
      "c = C()\n"
      "c[\"a\"] = 1\n"
      "c.update({\"b\": 2}, c=3)\n"
      "assert c.get(\"a\") == 1 and c.get(\"z\", 5) == 5 and \"b\" in c and \"z\" not in c\n"
      "assert sorted(c.keys()) == [\"a\", \"b\", \"c\"] and sorted(c.values()) == [1, 2, 3] and (\"a\", 1) in c.items()\n"
      "assert c.setdefault(\"d\", 4) == 4 and c.pop(\"d\") == 4 and c.pop(\"q\", 0) == 0 and len(c) == 3\n"
      "assert isinstance(c, Mapping)\n"
      "c.clear()\n"
      "assert len(c) == 0\n");
  INFO(m.error);
  CHECK(m.ok);
}

TEST_CASE("a function's __doc__ is its docstring (None without one); a decorator may rewrite it") {
  // (transformers' replace_return_docstrings splits `fn.__doc__`: kosmos-2.5's forward has a raw docstring)
  Result r = run_source("lang.py", "def f():\n    r\"\"\"\n    Returns:\n\n    \"\"\"\n    return 1\n\n\n"
                      "def g():\n    return 2\n\n\n"
                      "assert f.__doc__.split('\\n')[1].strip() == 'Returns:' and g.__doc__ is None\n"
                      "def doc(fn):\n    fn.__doc__ = 'new ' + (fn.__doc__ or '')\n    return fn\n\n\n"
                      "@doc\ndef h():\n    'old'\n\n\n"
                      "assert h.__doc__ == 'new old'\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("list == list compares item by item with each item's own ==: a 0-d tensor equals its int; narrow takes one") {
  Result r = run_source("lang.py", "import torch\n"
                      "m = torch.tensor([1, 0]).max()\n"
                      "assert [8, m, 512] == [8, 1, 512] and not ([8, m, 512] != [8, 1, 512])\n"
                      "assert [8, m] != [8, 2] and not ([8, m] == [8, 2]) and (m, 3) == (1, 3)\n"
                      "class E:\n    def __eq__(self, o):\n        return True\n"
                      "assert [E(), 1] == [5, 1] and [E()] != [5, 1]\n"
                      "assert torch.zeros(2, 8).narrow(-1, 0, m).shape == (2, 1)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("sys.float_info is the C double's limits; `import torch` puts its submodules in sys.modules") {
  // (CPython 3.12's float_info on IEEE 754 binary64, checked there; torch/__init__.py imports nn, fft, linalg, ...:
  // nnAudio's `if "torch.fft" not in sys.modules: raise`, TiSASRec's `FLOAT_MIN = -sys.float_info.max`)
  const char* src =
      "import sys\nimport torch\n"
      "assert sys.float_info.max == 1.7976931348623157e+308 and sys.float_info.epsilon == 2.220446049250313e-16\n"
      "assert sys.float_info.min == 2.2250738585072014e-308 and sys.float_info.dig == 15 and sys.float_info[0] == sys.float_info.max\n"
      "assert 'torch.fft' in sys.modules and 'torch.nn' in sys.modules and sys.modules['torch.nn'] is torch.nn\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}
