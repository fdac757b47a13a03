// The standard library and builtins as model files use them (os, map / filter, iter / next, numpy's scalar part,
// functools, collections, itertools, sorted / max / min, str methods, re), checked by running small scripts whose
// `assert`s fail (and make compile_script fail) when the runtime gets them wrong. The language itself: language_test.cpp.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("os.environ is an empty mapping, os.getenv gives its default, os.path works on strings") {
  Result r = run_source("stdlib.py", "import os\nassert os.environ.get('NANOCHAT_DTYPE') is None\nassert os.environ.get('X', '0') == '0'\n"
                 "assert 'RANK' not in os.environ\nassert os.getenv('WORLD_SIZE', '1') == '1' and os.getenv('A') is None\n"
                 "os.environ['MY_FLAG'] = '1'\nassert os.environ['MY_FLAG'] == '1' and os.getenv('MY_FLAG') == '1'\n"
                 "assert int(os.environ.get('LOCAL_RANK', 0)) == 0\n"
                 "assert os.path.join('a', 'b', 'c.pt') == 'a/b/c.pt' and os.path.join('a/', '/abs') == '/abs'\n"
                 "assert os.path.basename('/x/y/z.py') == 'z.py' and os.path.dirname('/x/y/z.py') == '/x/y'\n"
                 "assert os.path.splitext('/x/m.tar') == ('/x/m', '.tar') and os.path.splitext('.bashrc') == ('.bashrc', '')\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!run_source("stdlib.py", "import os\nx = os.environ['HOME']\n").ok);  // KeyError, as Python with the variable unset
}

TEST_CASE("map and filter over iterables; torch devices compare by value") {
  Result r = run_source("stdlib.py", "def f(x):\n    return x * 2\nassert list(map(f, (1, 2, 3))) == [2, 4, 6]\n"
                 "a, b = map(lambda p, q: p + q, [1, 2], [10, 20, 30])\nassert (a, b) == (11, 22)\n"
                 "assert list(filter(None, [0, 1, '', 'x'])) == [1, 'x'] and list(filter(lambda v: v > 1, [1, 2, 3])) == [2, 3]\n"
                 "import torch\nt = torch.randn(2)\nu = torch.arange(3, device=t.device)\nassert t.device == u.device\n"
                 "assert t.device == torch.device('cpu') and t.device != torch.device('meta')\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("iter and next: next(module.parameters()), a default, StopIteration") {
  Result r = run_source("stdlib.py", "import torch\nimport torch.nn as nn\nm = nn.Linear(4, 2)\np = next(m.parameters())\n"
                 "assert p.shape == (2, 4) and p.dtype == torch.float32\n"
                 "it = iter([1, 2])\nassert next(it) == 1 and next(it) == 2 and next(it, 'end') == 'end'\n"
                 "def gen():\n    yield 5\n    yield 6\ng = gen()\nassert next(g) == 5 and next(g) == 6\n"
                 "try:\n    next(g)\n    ok = False\nexcept StopIteration:\n    ok = True\nassert ok\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("ord / chr (UTF-8), unary and binary operators on unmodelled values and on user classes") {
  Result r = run_source("stdlib.py", "assert ord('!') == 33 and ord('\\u00a1') == 161 and chr(255) == '\\u00ff' and chr(97) == 'a'\n"
                 "bs = list(range(ord('!'), ord('~') + 1))\nassert len(bs) == 94 and chr(bs[0]) == '!'\n"
                 "class V:\n    def __init__(self, x):\n        self.x = x\n    def __neg__(self):\n        return V(-self.x)\n"
                 "assert (-V(3)).x == -3\n"
                 "class W:\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return W(self.x + o)\n"
                 "    def __rmul__(self, o):\n        return W(o * self.x * 10)\n"
                 "assert (W(3) + 4).x == 7 and (2 * W(3)).x == 60\n"
                 "import some_unknown_package as sp\ninc = sp.log(10000) / 7\ny = -inc\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!r.unmodelled.empty());  // an unknown package is opaque: the result says so
  CHECK(!run_source("stdlib.py", "x = ord('ab')\n").ok);
}

TEST_CASE("numpy's scalar part while building a model: log, sqrt, pi, inf, newaxis; unmodelled parts stay opaque") {
  Result r = run_source("stdlib.py", "import numpy as np\nimport torch\n"
                 "inc = np.log(10000.0) / 7\nassert abs(inc - 1.3157629) < 1e-6\n"
                 "assert np.sqrt(16) == 4.0 and np.pi > 3.14159 and np.newaxis is None and -np.inf < 0\n"
                 "assert np.prod([2, 3, 4]) == 24 and np.floor(2.5) == 2.0\n"
                 "t = torch.arange(4)[:, np.newaxis]\nassert t.shape == (4, 1)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
  Result a = run_source("stdlib.py", "import numpy as np\nx = np.random.rand(4)\nassert x.shape == (4,) and 0 <= x.tolist()[0] < 1\ny = np.fft.fft(x)\n");
  CHECK(a.ok);
  CHECK(!a.unmodelled.empty());  // np.fft is not modelled (np.random draws of ours; the small ndarray: values_test.cpp)
}

TEST_CASE("functools.cached_property, dataclasses.replace / asdict") {
  Result r = run_source("stdlib.py", "from functools import cached_property\nfrom dataclasses import dataclass, replace, asdict\n"
                 "class T:\n    def __init__(self, n):\n        self.n = n\n    @cached_property\n    def sq(self):\n        return self.n * self.n\n"
                 "assert T(3).sq == 9\n"
                 "@dataclass\nclass Dims:\n    a: int\n    b: int = 2\n"
                 "d = Dims(1)\ne = replace(d, b=5)\nassert (e.a, e.b) == (1, 5) and d.b == 2\nassert asdict(e) == {'a': 1, 'b': 5}\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("the rest of Python's builtins: exception hierarchy, dir / hash / hex / format / issubclass, dunder names") {
  Result r = run_source("stdlib.py", "try:\n    raise FileNotFoundError('x')\nexcept OSError as e:\n    caught = True\nassert caught\n"
                 "class E(AttributeError):\n    pass\nassert issubclass(E, Exception) and not issubclass(E, KeyError)\n"
                 "assert issubclass(UserWarning, Warning) and issubclass(ModuleNotFoundError, ImportError)\n"
                 "assert hex(255) == '0xff' and oct(8) == '0o10' and bin(5) == '0b101' and hash(7) == 7\n"
                 "assert format(3.14159, '.2f') == '3.14' and format(7) == '7'\n"
                 "class A:\n    z = 1\n    def f(self):\n        pass\nassert 'z' in dir(A) and 'f' in dir(A)\n"
                 "assert A.__name__ == 'A' and A.f.__name__ == 'f' and A.__module__ == '__main__'\n"
                 // a subclass of a builtin exception is an instance of it
                 "class JE(ValueError):\n    pass\ntry:\n    raise JE('m')\nexcept JE as e:\n"
                 "    assert isinstance(e, ValueError) and isinstance(e, Exception) and not isinstance(e, KeyError)\n"
                 // str.find / rfind / index with start and end (slice rules), positions counted in the whole string
                 "assert 'a\\nb'.find('\\n', 2) == -1 and 'abcabc'.find('b', 2) == 4 and 'abcabc'.find('c', 1, 3) == 2\n"
                 "assert 'abcabc'.rfind('b', 0, 3) == 1 and 'abcabc'.index('c', 3) == 5 and 'abcabc'.find('c', -2) == 5\n"
                 "assert 'abc'.find('', 3) == 3 and 'abc'.find('', 5) == -1\n"
                 // __iter__ runs once per iteration: its side effects happen once (a file read to its end)
                 "class Once:\n    def __init__(self):\n        self.calls = 0\n"
                 "    def __iter__(self):\n        self.calls += 1\n        return iter([self.calls])\n"
                 "o = Once()\nassert list(o) == [1] and [x for x in o] == [2] and o.calls == 2\n"
                 "for x in o:\n    assert x == 3\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
  // open() of a file that is not there: Python's FileNotFoundError (builtins_files_test.cpp reads real files)
  Result o = run_source("stdlib.py", "try:\n    f = open('tparse-no-such-file.txt')\n    raise AssertionError('opened')\n"
                        "except FileNotFoundError as e:\n"
                        "    assert str(e) == \"[Errno 2] No such file or directory: 'tparse-no-such-file.txt'\" and e.errno == 2\n");
  INFO(o.error);
  CHECK(o.ok);
  CHECK(o.unmodelled.empty());
}

TEST_CASE("collections: defaultdict, deque, Counter, namedtuple") {
  Result r = run_source("stdlib.py", "from collections import defaultdict, deque, Counter, namedtuple\n"
                 "d = defaultdict(list)\nd['a'].append(1)\nassert d['a'] == [1] and 'a' in d and len(d) == 1\n"
                 "q = deque([1, 2], maxlen=3)\nq.appendleft(0)\nq.append(3)\nassert list(q) == [1, 2, 3]\n"
                 "c = Counter('aab')\nassert c['a'] == 2 and c['z'] == 0\n"
                 "P = namedtuple('P', 'x y', defaults=[5])\np = P(1)\nassert p.x == 1 and p[1] == 5 and p._asdict() == {'x': 1, 'y': 5}\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("return / break / continue leave blocks as in Python (loops, try/finally, with, else clauses)") {
  Result r = run_source("stdlib.py",
      "def f(xs):\n    out = []\n    for x in xs:\n        if x == 2:\n            continue\n        if x == 4:\n            break\n        out.append(x)\n    else:\n        out.append('else')\n    return out\n"
      "assert f([1, 2, 3, 4, 5]) == [1, 3]\nassert f([1, 2]) == [1, 'else']\n"
      "log = []\ndef g():\n    try:\n        return 1\n    finally:\n        log.append('fin')\n    log.append('after')\n"
      "assert g() == 1 and log == ['fin']\n"
      "def h():\n    try:\n        return 1\n    finally:\n        return 2\nassert h() == 2\n"
      "def w():\n    n = 0\n    while True:\n        n += 1\n        try:\n            if n < 3:\n                continue\n            break\n        finally:\n            log.append(n)\n    return n\n"
      "assert w() == 3 and log == ['fin', 1, 2, 3]\n"
      "class CM:\n    def __enter__(self):\n        return self\n    def __exit__(self, *a):\n        log.append('exit')\n"
      "def k():\n    with CM():\n        return 5\n    return 6\nassert k() == 5 and log[-1] == 'exit'\n"
      "def nested():\n    for i in range(3):\n        for j in range(3):\n            if j == 1:\n                return (i, j)\n    return None\nassert nested() == (0, 1)\n"
      "def tr():\n    try:\n        pass\n    except ValueError:\n        return 'exc'\n    else:\n        return 'else'\nassert tr() == 'else'\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("large dicts and sets keep Python's key equality through the hash index (1 == 1.0 == True, pops, re-adds)") {
  Result r = run_source("stdlib.py",
      "d = {}\nfor i in range(100):\n    d['k%d' % i] = i\n    d[i] = -i\n"
      "assert len(d) == 200 and d['k57'] == 57 and d[57] == -57\n"
      "d[57.0] = 'f'\nassert d[57] == 'f' and len(d) == 200\n"
      "d[True] = 'one'\nassert d[1] == 'one' and d[1.0] == 'one'\n"
      "assert d.pop('k3') == 3 and 'k3' not in d and len(d) == 199\n"
      "d['k3'] = 33\nassert d['k3'] == 33 and list(d.keys())[-1] == 'k3'\n"
      "assert d.get((1, 2)) is None\nd[(1, 2)] = 't'\nassert d[(1, 2)] == 't' and (1, 2) in d\n"
      "s = set()\nfor i in range(50):\n    s.add(i % 30)\n    s.add('x%d' % (i % 20))\n"
      "assert len(s) == 50\ns.discard(5)\ns.add(5)\ns.add(5.0)\nassert len(s) == 50\n"
      "e = dict(d)\ne['new'] = 1\nassert 'new' not in d and e['k57'] == 57\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("itertools (finite tools; infinite ones opaque), collections.abc isinstance, multiple inheritance, function attributes") {
  Result r = run_source("stdlib.py",
      "import itertools\n"
      "from itertools import repeat, chain, product\n"
      "import collections.abc\n"
      "from collections.abc import Iterable, Mapping, Sequence\n"
      "assert list(chain([1], (2, 3))) == [1, 2, 3]\n"
      "assert list(chain.from_iterable([[1], [2]])) == [1, 2]\n"
      "assert tuple(repeat(7, 2)) == (7, 7)\n"
      "assert list(product([1, 2], 'ab')) == [(1, 'a'), (1, 'b'), (2, 'a'), (2, 'b')]\n"
      "assert list(itertools.accumulate([1, 2, 3])) == [1, 3, 6]\n"
      "assert list(itertools.combinations([1, 2, 3], 2)) == [(1, 2), (1, 3), (2, 3)]\n"
      "assert list(itertools.islice(range(10), 2, 8, 3)) == [2, 5]\n"
      "assert list(itertools.zip_longest([1, 2], [3], fillvalue=0)) == [(1, 3), (2, 0)]\n"
      "assert [(k, list(g)) for k, g in itertools.groupby('aabc')] == [('a', ['a', 'a']), ('b', ['b']), ('c', ['c'])]\n"
      "assert isinstance([1], collections.abc.Iterable) and not isinstance(3, Iterable)\n"
      "assert isinstance({}, Mapping) and not isinstance([], Mapping) and isinstance((1,), Sequence) and not isinstance('x', Mapping)\n"
      "assert isinstance(len, collections.abc.Callable) and not isinstance(1, collections.abc.Callable)\n"
      "class A: pass\n"
      "class B: pass\n"
      "class C(A, B): pass\n"
      "assert isinstance(C(), B) and isinstance(C(), A)\n"
      "class M(Mapping):\n"
      "    def __getitem__(self, k): return 1\n"
      "assert isinstance(M(), Mapping)\n"
      "def ntuple(n):\n"
      "    def parse(x):\n"
      "        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):\n"
      "            return tuple(x)\n"
      "        return tuple(repeat(x, n))\n"
      "    return parse\n"
      "assert ntuple(2)(3) == (3, 3) and ntuple(2)([4, 5]) == (4, 5)\n"
      "r = repeat(1)\n"
      );
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("sorted / max / min take key=, reverse= and default= as Python's (stable, first of equal items)") {
  Result r = run_source("stdlib.py",
      "xs = ['bb', 'a', 'ccc', 'dd']\n"
      "assert sorted(xs, key=len) == ['a', 'bb', 'dd', 'ccc']\n"
      "assert sorted(xs, key=len, reverse=True) == ['ccc', 'bb', 'dd', 'a']\n"
      "assert sorted([3, 1, 2], reverse=True) == [3, 2, 1]\n"
      "assert max(xs, key=len) == 'ccc' and min(xs, key=len) == 'a' and max(['bb', 'dd'], key=len) == 'bb'\n"
      "assert max([], default=7) == 7 and min([4, 2, 9]) == 2 and max(1, 5, 3) == 5\n"
      "d = {'x': 3, 'y': 1}\nassert max(d, key=d.get) == 'x' and sorted(d.items(), key=lambda kv: kv[1])[0] == ('y', 1)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("str methods: partition / rpartition, rsplit with maxsplit, strip chars, prefix / suffix, find, count, is*, case, padding") {
  // the values are CPython 3's; timm's create_model starts with model_name.partition(':')
  Result r = run_source("stdlib.py", "assert 'hf-hub:a/b'.partition(':') == ('hf-hub', ':', 'a/b')\n"
                 "assert 'abc'.partition(':') == ('abc', '', '')\n"
                 "assert 'a.b.c'.rpartition('.') == ('a.b', '.', 'c')\n"
                 "assert 'abc'.rpartition('.') == ('', '', 'abc')\n"
                 "assert 'a.b.c'.rsplit('.', 1) == ['a.b', 'c']\n"
                 "assert 'a b  c'.rsplit(None, 1) == ['a b', 'c']\n"
                 "assert 'a.b.c'.split('.', 1) == ['a', 'b.c']\n"
                 "assert 'xxhixx'.strip('x') == 'hi' and '  hi \\n'.lstrip() == 'hi \\n' and 'hi..'.rstrip('.') == 'hi'\n"
                 "assert 'vit_base'.startswith(('resnet', 'vit')) and not 'vit'.endswith(('a', 'b'))\n"
                 "assert 'model.pth'.removesuffix('.pth') == 'model' and 'timm/x'.removeprefix('timm/') == 'x'\n"
                 "assert 'abcabc'.find('c') == 2 and 'abcabc'.rfind('c') == 5 and 'abc'.find('z') == -1 and 'abcabc'.index('b') == 1\n"
                 "assert 'aaaa'.count('aa') == 2 and 'ab'.count('') == 3\n"
                 "assert 'abc1'.isalnum() and not 'ab c'.isalpha() and ' \\t'.isspace() and 'ab1'.islower() and not '12'.isupper()\n"
                 "assert 'hello world'.title() == 'Hello World' and '1abC'.capitalize() == '1abc' and 'aBc'.capitalize() == 'Abc'\n"
                 "assert '-5'.zfill(4) == '-005' and 'ab'.center(5, '*') == '**ab*' and 'ab'.center(6) == '  ab  ' and 'ab'.ljust(4) == 'ab  ' and 'ab'.rjust(3, '0') == '0ab'\n"
                 "assert 'a\\nb\\r\\nc'.splitlines() == ['a', 'b', 'c'] and 'AbC'.swapcase() == 'aBc' and 'AB'.casefold() == 'ab'\n"
                 "assert 'a b  c '.split(None, 1) == ['a', 'b  c '] and '  a b'.rsplit(None, 1) == ['  a', 'b']\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!run_source("stdlib.py", "'abc'.index('z')\n").ok);
}

TEST_CASE("re: split with a group, fullmatch / match / search with groups, sub, findall (values as CPython's)") {
  // timm's efficientnet block strings: re.split(r'(\\d.*)', 'r1')
  Result r = run_source("stdlib.py", "import re\n"
                 "assert re.split(r'(\\d.*)', 'r1') == ['r', '1', '']\n"
                 "assert re.split(r'(\\d.*)', 'k3') == ['k', '3', '']\n"
                 "assert re.split(r'_', 'ir_r1_k3_s1') == ['ir', 'r1', 'k3', 's1']\n"
                 "assert re.split(',', 'a,b,c', 1) == ['a', 'b,c']\n"
                 "p = re.compile(r'[a-zA-Z][a-zA-Z0-9+.\\-_]+')\n"
                 "assert p.fullmatch('hf-hub') is not None and p.fullmatch('1x') is None\n"
                 "m = re.match(r'(?P<a>\\w+)-(\\d+)', 'vit-16x')\n"
                 "assert m.group(0) == 'vit-16' and m.group(1) == 'vit' and m.group(2) == '16' and m.groups() == ('vit', '16') and m.span() == (0, 6)\n"
                 "assert re.search(r'\\d+', 'ab12c').group() == '12' and re.match(r'\\d', 'a1') is None\n"
                 "assert re.sub(r'(\\d)', r'<\\1>', 'a1b2') == 'a<1>b<2>' and re.findall(r'\\d', 'a1b2') == ['1', '2']\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("inspect: Signature.bind / bind_partial / apply_defaults, currentframe().f_back, getargvalues (d2l's save_hyperparameters)") {
  Result r = run_source("stdlib.py",
                 "import inspect\n"
                 "def f(a, b=2, *rest, c, d=4, **kw): pass\n"
                 "sig = inspect.signature(f)\n"
                 "ba = sig.bind(1, 3, 5, 6, c=7, e=8)\n"
                 "assert ba.arguments == {'a': 1, 'b': 3, 'rest': (5, 6), 'c': 7, 'kw': {'e': 8}}, ba.arguments\n"
                 "assert ba.args == (1, 3, 5, 6), ba.args\n"
                 "assert ba.kwargs == {'c': 7, 'e': 8}, ba.kwargs\n"
                 "ba2 = sig.bind(1, c=0)\n"
                 "ba2.apply_defaults()\n"
                 "assert ba2.arguments == {'a': 1, 'b': 2, 'rest': (), 'c': 0, 'd': 4, 'kw': {}}, ba2.arguments\n"
                 "try:\n"
                 "    sig.bind(1)\n"
                 "    assert False\n"
                 "except TypeError as e:\n"
                 "    assert \"missing a required argument: 'c'\" in str(e)\n"
                 "def g():\n"
                 "    fr = inspect.currentframe()\n"
                 "    assert fr.f_code.co_name == \"g\"\n"
                 "    back = fr.f_back\n"
                 "    assert back.f_code.co_name == \"h\", back.f_code.co_name\n"
                 "    args, varargs, kw, loc = inspect.getargvalues(back)\n"
                 "    assert args == ['x', 'y'] and varargs == 'more' and kw is None, (args, varargs, kw)\n"
                 "    assert loc['x'] == 1 and loc['z'] == 3 and loc['more'] == (9,), loc\n"
                 "    return back.f_locals['z']\n"
                 "def h(x, y, *more):\n"
                 "    z = x + y\n"
                 "    return g()\n"
                 "assert h(1, 2, 9) == 3\n");
  INFO(r.error);
  CHECK(r.ok);
  // the class form d2l uses: the caller's arguments become attributes before the first use
  Result d = run_source("stdlib.py", "import inspect\nclass HP:\n    def save_hyperparameters(self, ignore=[]):\n"
                 "        frame = inspect.currentframe().f_back\n        _, _, _, local_vars = inspect.getargvalues(frame)\n"
                 "        for k, v in local_vars.items():\n            if k not in set(ignore + ['self']) and not k.startswith('_'):\n"
                 "                setattr(self, k, v)\n"
                 "class M(HP):\n    def __init__(self, width=8, scale=0.5, _hidden=3):\n        self.save_hyperparameters()\n"
                 "        self.out = self.width * 2\n"
                 "m = M(width=3)\nassert (m.width, m.scale, m.out) == (3, 0.5, 6) and not hasattr(m, '_hidden')\n");
  INFO(d.error);
  CHECK(d.ok);
}

TEST_CASE("dtype properties; a one-element integer tensor or ndarray indexes a list; packing by keyword") {
  // S5's `dtype.is_complex`, gordic's `vocab.itos[index] for index in argmax(...).numpy()`, sgrvinod's
  // `pack_padded_sequence(input=x, lengths=l, ...)`
  Result r = run_source("stdlib.py", "import torch\nimport numpy as np\n"
                        "assert torch.complex64.is_complex and not torch.float32.is_complex and torch.float16.is_floating_point\n"
                        "assert torch.int8.is_signed and not torch.uint8.is_signed and torch.float64.itemsize == 8\n"
                        "words = ['a', 'b', 'c', 'd']\n"
                        "assert words[torch.tensor(2)] == 'c' and words[torch.tensor(-1)] == 'd'\n"
                        "idx = torch.tensor([3, 1]).numpy()\nassert [words[i] for i in idx] == ['d', 'b']\n"
                        "try:\n    words[torch.tensor(1.0)]\n    assert False\nexcept TypeError:\n    pass\n"
                        "from torch.nn.utils.rnn import pack_padded_sequence\n"
                        "p = pack_padded_sequence(input=torch.randn(2, 5, 3), lengths=torch.tensor([5, 3]), batch_first=True)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("string formatting: the format-spec mini-language, str.format's fields, `%` of objects (values as CPython's)") {
  // (every expected string is what python3.12 prints; tensors and numpy scalars format through __float__ / __int__:
  // `'%.3f' % loss` of a 0-d loss, DeepLab's `'%.3f' % np.float64`, HRNet's `'{loss.avg:.5f}'.format(loss=meter)`)
  Result r = run_source("stdlib.py", R"PY(import torch
import numpy as np
x = 3.14159
assert f"{x:.2f}" == "3.14" and f"{x:8.3f}|" == "   3.142|" and f"{42:05d}" == "00042"
assert f"{1234567:,}" == "1,234,567" and f"{0.25:.1%}" == "25.0%"
assert f"{'ab':>5}" == "   ab" and f"{'ab':*^6}" == "**ab**" and f"{7:x}" == "7" and f"{255:#x}" == "0xff"
assert "{:.3}".format(1.0) == "1.0" and "{:.3}".format(1234.5) == "1.23e+03" and "{:e}".format(12345.678) == "1.234568e+04"
assert "{:>{w}}".format("a", w=3) == "  a" and "{0}-{0}".format("z") == "z-z" and "{!r}".format("q") == "'q'"
assert format(3, "b") == "11" and f"{-5:+d}" == "-5" and f"{5:+d}" == "+5" and f"{1e-5}" == "1e-05" and f"{True}" == "True"
assert "{:10.4f}".format(2) == "    2.0000"
class Meter:
    def __init__(self):
        self.avg = 0.25
assert '{loss.avg:.5f}'.format(loss=Meter()) == '0.25000' and '{0.avg}'.format(Meter()) == '0.25'
assert '{a[1]}'.format(a=[3, 4]) == '4' and '{d[k]}'.format(d={'k': 'v'}) == 'v'
assert '%f' % torch.tensor(1.5) == '1.500000' and '%d' % torch.tensor(3) == '3' and '%.3f' % np.float64(2.0) == '2.000'
assert f"{torch.tensor(0.5):.2f}" == "0.50"
assert (255).bit_length() == 8 and (0).bit_length() == 0 and (-5).bit_length() == 3 and (7).bit_count() == 3
)PY");
  INFO(r.error);
  CHECK(r.ok);
  // a spec a type does not take is Python's ValueError
  CHECK_FALSE(run_source("stdlib.py", "'{:d}'.format(1.5)\n").ok);
}

TEST_CASE("a compiled module kept as a submodule; the bare @torch.no_grad; weakref.ref; namedtuple is a tuple") {
  // lucidrains' wrappers hold `torch.compile(net)`: its parameters are the wrapper's, named through `_orig_mod`
  Result r = run_source("stdlib.py", R"PY(import torch
import torch.nn as nn
import weakref
from collections import namedtuple
class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 3)
    def forward(self, x):
        return self.l(x)
class Wrap(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
    def forward(self, x):
        return self.net(x) * 2
w = Wrap(torch.compile(Inner(), backend="eager"))
assert [n for n, _ in w.named_parameters()] == ['net._orig_mod.l.weight', 'net._orig_mod.l.bias']
assert list(w.state_dict().keys()) == ['net._orig_mod.l.weight', 'net._orig_mod.l.bias']
w.eval()
assert not w.net._orig_mod.training
@torch.no_grad
def f(x):
    return x * 2
assert not f(torch.ones(2, requires_grad=True)).requires_grad
p = nn.Parameter(torch.ones(2))
r = weakref.ref(p)
assert r() is p
P = namedtuple("P", ["a", "b"])
assert isinstance(P(1, 2), tuple) and not isinstance(P(1, 2), list)
)PY");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("queue: FIFO, LIFO and priority order; Empty on a get from an empty queue, Full on a bounded one") {
  Result r = run_source("stdlib.py",
                        "import queue\nq = queue.Queue()\nassert q.empty() and q.qsize() == 0\nq.put(3)\nq.put_nowait(1)\n"
                        "assert q.qsize() == 2 and q.get() == 3 and q.get_nowait() == 1\n"
                        "try:\n    q.get(block=False)\n    raised = False\nexcept queue.Empty:\n    raised = True\nassert raised\n"
                        "lq = queue.LifoQueue()\nlq.put('a')\nlq.put('b')\nassert lq.get() == 'b'\n"
                        "pq = queue.PriorityQueue()\nfor v in (5, 1, 3):\n    pq.put(v)\nassert [pq.get() for _ in range(3)] == [1, 3, 5]\n"
                        "bq = queue.Queue(maxsize=1)\nbq.put(0)\nassert bq.full()\n"
                        "try:\n    bq.put(1, block=False)\n    full = False\nexcept queue.Full:\n    full = True\nassert full\n"
                        "bq.task_done()\ntry:\n    bq.task_done()\n    over = False\nexcept ValueError:\n    over = True\nassert over\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("ast.literal_eval: literals and containers of them, signed numbers, complex sums; ValueError for a name, SyntaxError") {
  Result r = run_source("stdlib.py",
                        "import ast\nassert ast.literal_eval('[1, -2.5, (3, \"a\")]') == [1, -2.5, (3, 'a')]\n"
                        "assert ast.literal_eval(' {\"k\": None, 2: True}') == {'k': None, 2: True}\n"
                        "assert ast.literal_eval('1+2j') == complex(1, 2) and ast.literal_eval('set()') == set()\n"
                        "def value(s):\n    try:\n        return ast.literal_eval(s)\n    except ValueError:\n        return s\n"
                        "assert value('exp') == 'exp' and value('0.5') == 0.5 and value('f(1)') == 'f(1)' and value('a.b') == 'a.b'\n"
                        "try:\n    ast.literal_eval('(1,')\n    bad = False\nexcept SyntaxError:\n    bad = True\nassert bad\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a str is code points: len, iteration, indexing, slicing, find, ord, re positions on non-ASCII text") {
  // (Chinese-CLIP's BERT tokenizer walks its text character by character: `for char in text: cp = ord(char)`)
  Result r = run_source("stdlib.py",
                        "s = '皮卡丘 ok'\n"
                        "assert len(s) == 6 and len('皮') == 1 and len('é') == 1\n"
                        "assert [c for c in s] == ['皮', '卡', '丘', ' ', 'o', 'k']\n"
                        "assert s[1] == '卡' and s[-1] == 'k' and s[1:3] == '卡丘' and s[::-1] == 'ko 丘卡皮'\n"
                        "assert [ord(c) for c in s[:3]] == [30382, 21345, 19992] and ord(s[4]) == 111\n"
                        "assert s.find('ok') == 4 and s.find('丘') == 2 and s.find('o', 5) == -1 and s.rfind('卡', 0, 2) == 1\n"
                        "assert s.index(' ') == 3 and s.count('') == 7\n"
                        "try:\n    ord('皮卡')\n    bad = False\nexcept TypeError as e:\n    bad = 'length 2' in str(e)\nassert bad\n"
                        "import re\nm = re.search('ok', s)\nassert m.start() == 4 and m.end() == 6 and m.group(0) == 'ok'\n"
                        "assert re.search('卡(丘)', s).span() == (1, 3)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("unicodedata.category from Unicode's table; normalize hands ASCII back") {
  // (a BERT tokenizer's _is_punctuation / _is_control / _is_whitespace; values as CPython's unicodedata gives them)
  Result r = run_source("stdlib.py",
                        "import unicodedata\n"
                        "cats = [unicodedata.category(c) for c in ['a', 'A', ',', ' ', '\\t', '5', '皮', '$', '\\u0301', '\\u00ad', '\\u2028']]\n"
                        "assert cats == ['Ll', 'Lu', 'Po', 'Zs', 'Cc', 'Nd', 'Lo', 'Sc', 'Mn', 'Cf', 'Zl'], cats\n"
                        "assert unicodedata.category('\\U000e0000') == 'Cn'\n"
                        "assert unicodedata.normalize('NFD', 'hello') == 'hello'\n"
                        "try:\n    unicodedata.category('ab')\n    bad = False\nexcept TypeError:\n    bad = True\nassert bad\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("typing.TypedDict makes plain dicts, in its class form and its functional form") {
  Result r = run_source("stdlib.py",
                        "from typing import TypedDict\n"
                        "class Cfg(TypedDict, total=False):\n    a: int\n    b: float\n"
                        "c = Cfg(a=1)\nassert c == {'a': 1} and type(c) is dict and isinstance(c, dict)\n"
                        "Settings = TypedDict('Settings', {'max_tokens': int, 'temperature': float}, total=False)\n"
                        "s = Settings(max_tokens=4)\nassert s == {'max_tokens': 4} and s['max_tokens'] == 4\n"
                        "assert Settings.__name__ == 'Settings' and Settings.__annotations__ == {'max_tokens': int, 'temperature': float}\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a set is a set: type(), isinstance and repr say so (tparse keeps it as a list without equal items)") {
  Result r = run_source("stdlib.py",
                        "a = {3, 1}\nb = set([1, 3])\nc = {x % 2 for x in range(4)}\n"
                        "assert type(a) is set and type(b) is set and type(c) is set and type([1]) is list\n"
                        "assert isinstance(a, set) and not isinstance(a, list) and not isinstance(a, (list, tuple))\n"
                        "assert not isinstance([1], set) and a == b and len(c) == 2\n"
                        "assert repr(set()) == 'set()' and repr({1}) == '{1}' and str({'a'}) == \"{'a'}\"\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("repr / ascii of a str escape as CPython's; splitlines keeps its ends on request, at every line boundary") {
  // expected values: CPython 3.11's own (a char-RNN's vocabulary printed with repr, a CoNLL reader's splitlines(True))
  Result r = run_source("stdlib.py",
                        "assert repr(' \\t\\n\\r\\x0b\\x0c') == \"' \\\\t\\\\n\\\\r\\\\x0b\\\\x0c'\"\n"
                        "assert repr(\"a'b\") == '\"a\\'b\"' and repr('é\\x00') == \"'é\\\\x00'\" and ascii('é') == \"'\\\\xe9'\"\n"
                        "assert repr('<\\\\s>') == \"'<\\\\\\\\s>'\" and ascii('皮\\U0001F600') == \"'\\\\u76ae\\\\U0001f600'\"\n"
                        "assert repr('\\u2028\\xa0x') == \"'\\\\u2028\\\\xa0x'\"\n"
                        "assert 'a\\r\\nb\\x0cc\\u2028d'.splitlines() == ['a', 'b', 'c', 'd']\n"
                        "assert 'a\\r\\nb\\n'.splitlines(keepends=True) == ['a\\r\\n', 'b\\n'] and 'a b\\n\\nc\\n'.splitlines(True) == ['a b\\n', '\\n', 'c\\n']\n"
                        "assert ''.splitlines() == [] and 'x\\n'.splitlines() == ['x']\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("heapq: push / pop / pushpop / replace / heapify lay the list out as CPython's _heapq does") {
  // expected lists: CPython 3.11's own; a beam search's TopN of objects ordered by __lt__ (eladhoffer's seq2seq)
  Result r = run_source("stdlib.py",
                        "import heapq\nxs = [8, 36, 48, 4, 16, 7, 31, 48, 28, 30, 41, 24]\nh = []\n"
                        "for x in xs:\n    heapq.heappush(h, x)\n"
                        "assert h == [4, 8, 7, 28, 16, 24, 31, 48, 36, 30, 41, 48], h\n"
                        "assert heapq.heappushpop(h, 7) == 4 and heapq.heappop(h) == 7 and heapq.heapreplace(h, 30) == 7\n"
                        "assert h == [8, 16, 24, 28, 30, 48, 31, 48, 36, 30, 41], h\n"
                        "y = list(xs)\nheapq.heapify(y)\nassert y == [4, 8, 7, 28, 16, 24, 31, 48, 36, 30, 41, 48], y\n"
                        "assert heapq.nlargest(3, xs) == [48, 48, 41] and heapq.nsmallest(3, xs) == [4, 7, 8]\n"
                        "class Seq:\n    def __init__(self, s):\n        self.s = s\n    def __lt__(self, o):\n        return self.s < o.s\n"
                        "top = []\nfor s in (0.5, 0.9):\n    heapq.heappush(top, Seq(s))\nheapq.heappushpop(top, Seq(0.1))\n"
                        "assert sorted(x.s for x in top) == [0.5, 0.9]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("io: readline over non-ASCII text gives its lines, positions in code points") {
  // (a Chinese BERT vocabulary read line by line; expected values: CPython's io.StringIO)
  Result r = run_source("stdlib.py",
                        "import io\nf = io.StringIO('皮\\n卡丘\\nok')\n"
                        "assert f.readline() == '皮\\n' and f.tell() == 2 and f.readline() == '卡丘\\n' and f.tell() == 5\n"
                        "assert f.readline() == 'ok' and f.readline() == '' and f.tell() == 7\n"
                        "f.seek(2)\nassert f.readline() == '卡丘\\n' and f.readlines() == ['ok']\n"
                        "g = io.StringIO('a\\nb\\n')\nassert g.readlines() == ['a\\n', 'b\\n'] and list(io.StringIO('x\\ny')) == ['x\\n', 'y']\n");
  INFO(r.error);
  CHECK(r.ok);
}
