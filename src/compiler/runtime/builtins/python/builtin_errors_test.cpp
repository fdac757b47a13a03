// The interpreter's own errors are Python's exceptions (the class CPython / torch raises, catchable by the
// model's `except`), and the comparisons that are no error in Python (sequence order, rich comparison
// dunders) are none here either.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("subscript, attribute, call, arithmetic and iteration errors are catchable Python exceptions") {
  Result r = run_source("errs.py", "def caught(f, exc):\n    try:\n        f()\n    except exc as e:\n        return str(e)\n    return 'no error'\n"
                 "assert caught(lambda: (3)[0], TypeError) == \"'int' object is not subscriptable\"\n"
                 "assert caught(lambda: [1, 2][5], IndexError) == 'list index out of range'\n"
                 "assert caught(lambda: {'a': 1}['b'], KeyError) == \"'b'\"\n"
                 "assert caught(lambda: {'a': 1}['b'], LookupError) == \"'b'\"\n"
                 "class A:\n    pass\n"
                 "assert caught(lambda: A().missing, AttributeError) == \"'A' object has no attribute 'missing'\"\n"
                 "assert caught(lambda: 1 // 0, ZeroDivisionError) == 'integer division or modulo by zero'\n"
                 "assert caught(lambda: 1 / 0, ZeroDivisionError) == 'division by zero'\n"
                 "assert caught(lambda: 1 + 'x', TypeError).startswith('unsupported operand type(s) for +')\n"
                 "assert caught(lambda: None ** 0.5, TypeError) == \"unsupported operand type(s) for ** or pow(): 'NoneType' and 'float'\"\n"
                 "assert caught(lambda: 5(), TypeError) == \"'int' object is not callable\"\n"
                 "assert caught(lambda: [x for x in 7], TypeError) == \"'int' object is not iterable\"\n"
                 "assert caught(lambda: range(1.5), TypeError) == \"'float' object cannot be interpreted as an integer\"\n"
                 "assert caught(lambda: [].pop(), IndexError) == 'pop from empty list'\n"
                 "assert caught(lambda: [1].pop(4), IndexError) == 'pop index out of range'\n"
                 "assert caught(lambda: {}.pop('k'), KeyError) == \"'k'\"\n"
                 "assert caught(lambda: None < 1, TypeError).startswith(\"'<' not supported\")\n"
                 "try:\n    [1][2]\nexcept Exception as e:\n    assert type(e) is IndexError\n");
  INFO(r.error);
  CHECK(r.ok);
  // uncaught, the run names the exception as CPython's traceback does
  Result u = run_source("errs.py", "d = {'depths': 1}\nd['width']\n");
  CHECK(!u.ok);
  CHECK(u.error.find("uncaught KeyError: 'width'") != std::string::npos);
}

TEST_CASE("lists and tuples order lexicographically; user classes compare through __lt__ / __gt__ (reflected too)") {
  Result r = run_source("errs.py", "assert (1, 2) < (1, 3) and [2] > [1, 9] and (1, 2) <= (1, 2) and (1,) < (1, 0) and not ((2,) < (1, 5))\n"
                 "assert sorted([(2, 'b'), (1, 'z'), (2, 'a')]) == [(1, 'z'), (2, 'a'), (2, 'b')]\n"
                 "assert max([[1, 2], [1, 3], [0, 9]]) == [1, 3]\n"
                 "class V:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, o):\n        return self.v < o.v\n"
                 "assert V(1) < V(2) and not (V(3) < V(2))\n"
                 "assert V(3) > V(2)\n");  // reflected: V(2).__lt__(V(3))
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("torch.nn constructors raise torch's exceptions: Embedding's padding_idx, Conv / GroupNorm groups") {
  Result r = run_source("errs.py", "import torch.nn as nn\n"
                 "try:\n    nn.Embedding(10, 4, padding_idx=10)\n    raise RuntimeError('no error')\n"
                 "except AssertionError as e:\n    assert str(e) == 'Padding_idx must be within num_embeddings'\n"
                 "assert nn.Embedding(10, 4, padding_idx=-1).padding_idx == 9\n"
                 "try:\n    nn.Conv1d(6, 8, 3, groups=4)\n    raise RuntimeError('no error')\n"
                 "except ValueError as e:\n    assert str(e) == 'in_channels must be divisible by groups'\n"
                 "try:\n    nn.ConvTranspose1d(8, 6, 3, groups=4)\n    raise RuntimeError('no error')\n"
                 "except ValueError as e:\n    assert str(e) == 'out_channels must be divisible by groups'\n"
                 "try:\n    nn.GroupNorm(3, 8)\n    raise RuntimeError('no error')\n"
                 "except ValueError as e:\n    assert str(e) == 'num_channels must be divisible by num_groups'\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("unbounded recursion raises a catchable RecursionError at Python's limit, never a crash") {
  Result r = run_source("errs.py", "import sys\n"
                     "def f(n):\n    return f(n + 1)\n"
                     "def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n"
                     "caught = ''\n"
                     "try:\n    f(0)\nexcept RecursionError as e:\n    caught = str(e)\n"
                     "assert caught.startswith('maximum recursion depth exceeded'), caught\n"
                     "assert sys.getrecursionlimit() == 1000\n"
                     "assert sys.getdefaultencoding() == 'utf-8' and sys.getfilesystemencoding() == 'utf-8'\n"
                     "assert depth(990) == 990\n"          // under the limit: no error
                     "sys.setrecursionlimit(50)\n"
                     "try:\n    depth(100)\n    assert False, 'no RecursionError under a limit of 50'\nexcept RecursionError:\n    pass\n"
                     "sys.setrecursionlimit(5000)\n"
                     "assert depth(3000) == 3000\n");     // a raised limit is honoured (the run's stack is large)
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("int * sequence repeats it (int.__mul__ gives way to the sequence's __rmul__); pow; round half to even") {
  Result r = run_source("errs.py", "assert 4 * [None] == [None, None, None, None] and 3 * (0,) == (0, 0, 0) and 2 * 'ab' == 'abab'\n"
                     "assert True * [1] == [1] and [1] * False == [] and -1 * [1] == []\n"
                     "assert pow(2, 31) == 2147483648 and pow(2, 0.5) == 2 ** 0.5 and pow(3, 4, 5) == 1 and pow(-3, 3, 7) == 1\n"
                     "assert pow(3, 2, -5) == -1\n"
                     "assert round(2.5) == 2 and round(3.5) == 4 and round(-0.5) == 0 and round(7) == 7 and round(1.234, 2) == 1.23\n"
                     "import sys\n"
                     "assert sys.stderr.write('abc') == 3 and sys.stdout.flush() is None and not sys.stderr.isatty()\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("list.insert clamps its index as CPython's: past either end is the end, negative counts from the back") {
  // (an index past the end used to write outside the list: numpy's moveaxis builds its axis order this way)
  Result r = run_source("errs.py", "xs = [0, 1, 2]\nxs.insert(10, 'end')\nxs.insert(-1, 'm')\nxs.insert(-50, 'start')\nxs.insert(True, 'b')\n"
                     "assert xs == ['start', 'b', 0, 1, 2, 'm', 'end'], xs\n"
                     "e = []\ne.insert(3, 1)\nassert e == [1]\n"
                     "try:\n    e.insert('0', 2)\n    raise AssertionError('no TypeError')\nexcept TypeError as err:\n"
                     "    assert str(err) == \"'str' object cannot be interpreted as an integer\"\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("more indices than a tensor's dims: torch's IndexError eagerly, the fake-tensor failure in a frame") {
  // (torch 2.11's text; SPADE's edge map: in a frame Dynamo makes ByteTensor(t.size()) a 1-D tensor of the numbers)
  Result r = run_source("errs.py", "import torch\n"
                     "try:\n    torch.zeros(3)[:, 1]\n    raise AssertionError('no IndexError')\nexcept IndexError as e:\n"
                     "    assert str(e) == 'too many indices for tensor of dimension 1', str(e)\n");
  INFO(r.error);
  CHECK(r.ok);
  Result f = run_source("errs.py", "import torch\n"
                     "@torch.compile(backend='eager')\n"
                     "def edges(t):\n    e = torch.ByteTensor(t.size()).zero_()\n    return e[:, :, 1:] | (t[:, :, 1:] != t[:, :, :-1])\n"
                     "edges(torch.zeros(2, 3, 4))\n");
  CHECK(!f.ok);
  CHECK(f.error.find("uncaught TorchRuntimeError: RuntimeError when making fake tensor call") != std::string::npos);
  CHECK(f.error.find("got IndexError('too many indices for tensor of dimension 1')") != std::string::npos);
}

TEST_CASE("round() of a tensor outside a frame is Python's TypeError: torch.Tensor defines no __round__") {
  // (real torch 2.11: `round(torch.tensor(0.5), 4)` raises "type Tensor doesn't define __round__ method"; MuZero's
  // print of a root value stopped there)
  Result r = testing::run_values(
      "try:\n    round(torch.tensor(0.5), 4)\n    raise AssertionError('no TypeError')\n"
      "except TypeError as e:\n    assert str(e) == \"type Tensor doesn't define __round__ method\"\n"
      "assert round(2.5) == 2 and round(0.12345, 3) == 0.123\n"
      // (a frame's numpy result is a 0-d ndarray, which has no __round__ either; real torch 2.11, coin's PSNR)
      "import numpy as np\n"
      "f = torch.compile(lambda t: 20. * np.log10(1.) - 10. * t.item(), backend='eager')\n"
      "try:\n    round(f(torch.tensor(-0.5)), 3)\n    raise AssertionError('no TypeError')\n"
      "except TypeError as e:\n    assert str(e) == \"type numpy.ndarray doesn't define __round__ method\", str(e)\n");
  INFO(r.error);
  CHECK(r.ok);
}
