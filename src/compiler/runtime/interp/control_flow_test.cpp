// try/except/else/finally, raise and generators in the interpreted script: eager semantics, and
// inside a compiled frame (handled exceptions and inlined generators do not break the graph).
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::count;

namespace {
/// graph_op_count of each compilation_metrics record, "n,m,".
std::string op_counts(const std::string& trace) {
  std::string out;
  for (size_t p = trace.find("{\"compilation_metrics\""); p != std::string::npos; p = trace.find("{\"compilation_metrics\"", p + 1)) {
    size_t g = trace.find("\"graph_op_count\": ", p);
    out += trace.substr(g + 18, trace.find(',', g) - g - 18) + ",";
  }
  return out;
}
}  // namespace

TEST_CASE("try/except: matching handler, `as` binding, else and finally, re-raise") {
  const char* src =
      "import torch\n"
      "class MyErr(ValueError):\n"
      "    pass\n"
      "log = []\n"
      "try:\n"
      "    raise MyErr('bad')\n"
      "except KeyError:\n"
      "    log.append('key')\n"
      "except ValueError as e:\n"
      "    log.append(e.args[0])\n"
      "else:\n"
      "    log.append('else')\n"
      "finally:\n"
      "    log.append('finally')\n"
      "try:\n"
      "    x = 1\n"
      "except Exception:\n"
      "    x = 2\n"
      "else:\n"
      "    x = 3\n"
      "try:\n"
      "    try:\n"
      "        assert x == 4\n"
      "    except AssertionError:\n"
      "        raise\n"
      "except (TypeError, AssertionError):\n"
      "    x = x * 10\n"
      "def f(t):\n"
      "    try:\n"
      "        if len(log) == 2:\n"
      "            raise RuntimeError('handled inside the frame')\n"
      "        t = t * 2\n"
      "    except RuntimeError:\n"
      "        t = t + 1\n"
      "    return t.relu()\n"
      "cf = torch.compile(f, backend='eager')\n"
      "assert log == ['bad', 'finally'] and x == 30\n"
      "cf(torch.randn(4))\n";
  Result r = compile_script("t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "{\"dynamo_output_graph\"") == 1);  // no graph break for a handled exception
  CHECK(op_counts(r.trace) == "2,");                        // add (handler) + relu
  CHECK(count(r.trace, "dynamo_graph_break_reason") == 0);
}

TEST_CASE("an exception nobody handles is the script's error, with its line") {
  Result r = compile_script("t.py", "def g():\n    raise ValueError('nope')\ntry:\n    g()\nexcept KeyError:\n    pass\n", Options{});
  REQUIRE(!r.ok);
  CHECK(r.error.find("t.py:2:") != std::string::npos);
  CHECK(r.error.find("uncaught ValueError: nope") != std::string::npos);
}

TEST_CASE("generators: values in order, return stops them, inlined into the compiled frame") {
  const char* src =
      "import torch\n"
      "def gen(n):\n"
      "    for i in range(n):\n"
      "        if i == 3:\n"
      "            return\n"
      "        yield i * 2\n"
      "assert list(gen(10)) == [0, 2, 4]\n"
      "def scaled(x):\n"
      "    for k in (1, 2):\n"
      "        yield x * k\n"
      "def f(x):\n"
      "    acc = x\n"
      "    for y in scaled(x):\n"
      "        acc = acc + y\n"
      "    return acc\n"
      "cf = torch.compile(f, backend='eager')\n"
      "cf(torch.randn(3))\n";
  Result r = compile_script("t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "{\"dynamo_output_graph\"") == 1);
  CHECK(op_counts(r.trace) == "4,");  // two muls in the generator, two adds in the loop
}

TEST_CASE("generators in eager code are lazy: next() runs to the next yield (side effects interleave, endless loaders end)") {
  // CPython's order: an endless `while True: yield` loader made once and stepped by next(), yield from, an exception
  // raised after a yield, deep recursion of generators, a generator made and dropped per step (its thread closed)
  const char* src =
      "import torch\n"
      "log = []\n"
      "def loader():\n"
      "    i = 0\n"
      "    while True:\n"
      "        i += 1\n"
      "        log.append((\"make\", i))\n"
      "        yield torch.randn(2, 4) * i\n"
      "data = loader()\n"
      "f = torch.compile(lambda x: x.relu() + 1, backend=\"eager\")\n"
      "for step in range(3):\n"
      "    b = next(data)\n"
      "    log.append((\"step\", step))\n"
      "    f(b)\n"
      "assert log == [(\"make\", 1), (\"step\", 0), (\"make\", 2), (\"step\", 1), (\"make\", 3), (\"step\", 2)], log\n"
      "def inner():\n"
      "    try:\n"
      "        yield 1\n"
      "        yield 2\n"
      "    finally:\n"
      "        log.append(\"inner closed\")\n"
      "def outer():\n"
      "    yield 0\n"
      "    yield from inner()\n"
      "    yield 3\n"
      "assert list(outer()) == [0, 1, 2, 3]\n"
      "it = outer()\n"
      "assert (next(it), next(it)) == (0, 1)\n"
      "def bad():\n"
      "    yield 1\n"
      "    raise ValueError(\"boom\")\n"
      "got = []\n"
      "try:\n"
      "    for v in bad():\n"
      "        got.append(v)\n"
      "except ValueError as e:\n"
      "    got.append(str(e))\n"
      "assert got == [1, \"boom\"], got\n"
      "def rec(n):\n"
      "    if n:\n"
      "        yield n\n"
      "        yield from rec(n - 1)\n"
      "assert sum(rec(30)) == 465\n"
      "for i in range(200):\n"
      "    first = next(loader())\n"
      "assert first.shape == (2, 4)\n"
      "def gen_ret():\n"
      "    yield 1\n"
      "    return 5\n"
      "assert next(gen_ret(), None) == 1\n"
      "g = gen_ret(); next(g)\n"
      "assert next(g, \"end\") == \"end\"\n"
      "for b in loader():\n"
      "    if b.shape[0] == 2:\n"
      "        break\n";
  Result r = compile_script("t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
  CHECK(count(r.trace, "{\"dynamo_output_graph\"") == 1);
}
