// The interpreter's own errors are Python's exceptions (the class CPython / torch raises, catchable by the
// model's `except`), and the comparisons that are no error in Python (sequence order, rich comparison
// dunders) are none here either.
#include <doctest/doctest.h>

#include "api.hpp"

using namespace tparse::compiler;

namespace {
Result run_err(const std::string& src) { return compile_script("errs.py", src, Options{}); }
}  // namespace

TEST_CASE("subscript, attribute, call, arithmetic and iteration errors are catchable Python exceptions") {
  Result r = run_err("def caught(f, exc):\n    try:\n        f()\n    except exc as e:\n        return str(e)\n    return 'no error'\n"
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
  Result u = run_err("d = {'depths': 1}\nd['width']\n");
  CHECK(!u.ok);
  CHECK(u.error.find("uncaught KeyError: 'width'") != std::string::npos);
}

TEST_CASE("lists and tuples order lexicographically; user classes compare through __lt__ / __gt__ (reflected too)") {
  Result r = run_err("assert (1, 2) < (1, 3) and [2] > [1, 9] and (1, 2) <= (1, 2) and (1,) < (1, 0) and not ((2,) < (1, 5))\n"
                 "assert sorted([(2, 'b'), (1, 'z'), (2, 'a')]) == [(1, 'z'), (2, 'a'), (2, 'b')]\n"
                 "assert max([[1, 2], [1, 3], [0, 9]]) == [1, 3]\n"
                 "class V:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, o):\n        return self.v < o.v\n"
                 "assert V(1) < V(2) and not (V(3) < V(2))\n"
                 "assert V(3) > V(2)\n");  // reflected: V(2).__lt__(V(3))
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("torch.nn constructors raise torch's exceptions: Embedding's padding_idx, Conv / GroupNorm groups") {
  Result r = run_err("import torch.nn as nn\n"
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
