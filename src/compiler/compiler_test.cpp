// Unit tests: lexer/parser errors with exact messages, printed graphs, guards, reasons, profiles.

#include <doctest/doctest.h>

#include "api.hpp"
#include "frontend/diag.hpp"
#include "frontend/parser.hpp"
#include "trace/trace_writer.hpp"

using namespace tparse::compiler;

TEST_CASE("md5 matches python hashlib") {
  CHECK(md5_hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(md5_hex("hello") == "5d41402abc4b2a76b9719d911017c592");
}

TEST_CASE("syntax error: file:line:col, source line, caret") {
  Result r = compile_script("m.py", "import torch\nx = (1 +\n", Options{});
  CHECK_FALSE(r.ok);
  CHECK(r.error == "m.py:2:5: error: '(' was never closed\nx = (1 +\n    ^\n");  // as CPython says
  r = compile_script("m.py", "def f(x)\n    return x\n", Options{});
  CHECK(r.error == "m.py:1:9: error: expected ':'\ndef f(x)\n        ^\n");
}

TEST_CASE("fuzz regression: out-of-range number literals are values, not exceptions") {
  // fuzz_compiler found std::stoll throwing std::out_of_range out of the parser on a long hex literal;
  // since the Python 3.12 grammar (issue 22) such literals are approximate values (Python: big ints)
  Result r = compile_script("m.py", "import torch\nx = 0x1feeeeeeeeeeeeeeeeeeeeeeeee\nassert x > 4.04e31 and x < 4.05e31\n", Options{});
  INFO(r.error);
  CHECK(r.ok);
  r = compile_script("m.py", "x = 99999999999999999999\nassert x > 9.9e19 and x < 1.01e20\n", Options{});
  INFO(r.error);
  CHECK(r.ok);
  r = compile_script("m.py", "x = 0x\n", Options{});
  CHECK(r.error.find("invalid hexadecimal literal") != std::string::npos);
  CHECK_NOTHROW(parse_module("x = 1e999\ny = 1e-999\nz = 0x7fffffffffffffff\n"));
}

TEST_CASE("fuzz regression: deep nesting is a syntax error, not a stack overflow") {
  // fuzz_compiler: 5000 nested parentheses overflowed the stack of the recursive-descent parser
  std::string deep = "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  Result r = compile_script("m.py", deep, Options{});
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("error: too many nested parentheses") != std::string::npos);
  CHECK(compile_script("m.py", "x = " + std::string(5000, '[') + "\n", Options{}).error.find("too many nested parentheses") != std::string::npos);
  CHECK(compile_script("m.py", "x = " + std::string(5000, '-') + "1\n", Options{}).error.find("nested too deeply") != std::string::npos);
  std::string ifs;
  for (int i = 0; i < 300; ++i) ifs += std::string(i, ' ') + "if x:\n";
  ifs += std::string(300, ' ') + "pass\n";
  CHECK(compile_script("m.py", ifs, Options{}).error.find("too many levels of indentation") != std::string::npos);
  // ordinary nesting still parses
  std::string ok = "x = " + std::string(50, '(') + "1" + std::string(50, ')') + "\n";
  CHECK_NOTHROW(parse_module(ok));
}

TEST_CASE("interpreter limits: bad int() literal, zero-step and huge ranges are errors, not crashes or hangs") {
  Result r = compile_script("m.py", "x = int('x')\n", Options{});
  CHECK(r.error.find("m.py:1:") == 0);
  CHECK(r.error.find("invalid literal for int() with base 10: 'x'") != std::string::npos);  // CPython's ValueError text
  // int(str, base): CPython's prefixes, underscores and bases (YOLOv5's hex colours: int('FF', 16))
  r = compile_script("m.py", "assert int('FF', 16) == 255 and int('0x10', 0) == 16 and int('11', 2) == 3 and int(' -1_000 ') == -1000\n"
                             "assert int('0o17', 8) == 15 and int('z', 36) == 35\n"
                             "try:\n    int('12', 2)\nexcept ValueError as e:\n    assert str(e) == \"invalid literal for int() with base 2: '12'\"\n",
                     Options{});
  CHECK(r.error.empty());
  // float(str): the whole string or a ValueError the script catches (drqv2's schedule: float('linear(1,0.1,10)'))
  r = compile_script("m.py", "assert float(' 1_0.5 ') == 10.5 and float('-Infinity') < 0 and float('1e3') == 1000.0\n"
                             "assert float('nan') != float('nan') and float('+.5') == 0.5\n"
                             "caught = []\n"
                             "for s in ('linear(1,0.1,10)', '1.5x', '1__0', '', '.', '1e'):\n"
                             "    try:\n        float(s)\n    except ValueError as e:\n        caught.append(str(e))\n"
                             "assert len(caught) == 6, caught\n"
                             "assert caught[0] == \"could not convert string to float: 'linear(1,0.1,10)'\"\n",
                     Options{});
  CHECK(r.error.empty());
  r = compile_script("m.py", "for i in range(5, 0, 0):\n    pass\n", Options{});
  CHECK(r.error.find("range() arg 3 must not be zero") != std::string::npos);
  r = compile_script("m.py", "n = 0\nfor i in range(10**12):\n    n += 1\n", Options{});
  CHECK(r.error.find("beyond the reference compiler's limit") != std::string::npos);
  CHECK(compile_script("m.py", "xs = list(range(3, 0, -1))\n", Options{}).ok);
}

TEST_CASE("trace JSON strings escape non-ASCII per code point, as Python's json.dumps does") {
  // python3 -c 'import json; print(json.dumps("caf\u00e9 \U0001F600 \x01"))'
  CHECK(json_escape("caf\xc3\xa9 \xf0\x9f\x98\x80 \x01") == "\"caf\\u00e9 \\ud83d\\ude00 \\u0001\"");
  CHECK(json_escape("a\"b\\c\n") == "\"a\\\"b\\\\c\\n\"");
}

// An unknown name, an unknown op and a shape mismatch no longer end the run (issue 22): runtime/opaque_test.cpp.

static const char* kPrint =
    "import torch\n\n\ndef f(x):\n    y = x.relu() * 2\n    print(\"halfway there\")\n    return y + 1\n\n\n"
    "cf = torch.compile(f, backend=\"eager\")\ncf(torch.randn(4, 4))\n";

TEST_CASE("golden: printed graph of the print-break prefix (as real torch prints it)") {
  Result r = compile_script("/p/print_break.py", kPrint, Options{});
  REQUIRE(r.ok);
  // Text of the first dynamo_output_graph payload in testdata/programs/truth/print_break (path replaced).
  std::string want =
      "\tclass GraphModule(torch.nn.Module):\n"
      "\t    def forward(self, L_x_: \"f32[4, 4][4, 1]cpu\"):\n"
      "\t        l_x_ = L_x_\n"
      "\t\n"
      "\t        # File: /p/print_break.py:5 in f, code: y = x.relu() * 2\n"
      "\t        relu: \"f32[4, 4][4, 1]cpu\" = l_x_.relu();  l_x_ = None\n"
      "\t        y: \"f32[4, 4][4, 1]cpu\" = relu * 2;  relu = None\n"
      "\t        return (y,)\n"
      "\t\n";
  if (r.trace.find(want) == std::string::npos) MESSAGE(r.trace.substr(r.trace.find("class GraphModule"), 600));
  CHECK(r.trace.find(want) != std::string::npos);
  CHECK(r.trace.find("Graph Break Reason: Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\tFailed to trace builtin operator") == std::string::npos);
  CHECK(r.trace.find("\tGraph Break Reason: Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\t\n\tFailed to trace builtin operator\n") != std::string::npos);
  CHECK(r.trace.find("gb/gb0059.html") != std::string::npos);
  CHECK(r.trace.find("\"co_name\": \"torch_dynamo_resume_in_f_at_6\"") != std::string::npos);
}

TEST_CASE("golden: recompile reason and guards") {
  const char* src = "import torch\n\n\ndef f(x):\n    return x * 2 + 1\n\n\ncf = torch.compile(f, backend=\"eager\")\ncf(torch.randn(4))\ncf(torch.randn(8))\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE(r.ok);
  CHECK(r.trace.find("\t0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8\n") != std::string::npos);
  CHECK(r.trace.find("TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU), torch.float32, device=None, requires_grad=False, size=[4], stride=[1])") != std::string::npos);
  CHECK(r.trace.find("size=[None], stride=[1]") != std::string::npos);
  CHECK(r.trace.find("def forward(self, s77: \"Sym(s77)\", L_x_: \"f32[s77][1]cpu\")") != std::string::npos);
}

TEST_CASE("a tensor's getset attribute `w.T` is call_function getattr, printed `w.T` (Dynamo's generic attribute read)") {
  const char* src =
      "import torch\n"
      "def f(x, w):\n"
      "    return x @ w.T + x.mT\n"
      "cf = torch.compile(f, backend='eager')\n"
      "cf(torch.randn(3, 3), torch.randn(3, 3))\n";
  Result r = compile_script("/p/t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("getattr_1: \"f32[3, 3][1, 3]cpu\" = l_w_.T;") != std::string::npos);
  CHECK(r.trace.find("getattr_2: \"f32[3, 3][1, 3]cpu\" = l_x_.mT;") != std::string::npos);
  CHECK(r.trace.find("\"graph_op_count\": 4,") != std::string::npos);  // getattr, matmul, getattr, add
}

TEST_CASE("an nn.Module subclass without __init__ built inside a frame runs nn.Module.__init__: its API-usage log is a node") {
  const char* src =
      "import torch\n"
      "import torch.nn as nn\n"
      "class Act(nn.Module):\n"
      "    def forward(self, x):\n"
      "        return nn.functional.silu(x)\n"
      "def f(x):\n"
      "    return Act()(x) * 2\n"
      "cf = torch.compile(f, backend='eager')\n"
      "cf(torch.randn(3))\n";
  Result r = compile_script("/p/t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("torch._C._log_api_usage_once('python.nn_module')") != std::string::npos);
  CHECK(r.trace.find("\"graph_op_count\": 3,") != std::string::npos);  // _log_api_usage_once, silu, mul
}

TEST_CASE("torch.compiler.is_exporting() is True while Dynamo traces a torch.compile frame, False eagerly") {
  // torch/_dynamo/variables/torch.py tracing_state_functions: is_compiling, is_dynamo_compiling and is_exporting fold to True
  const char* src =
      "import torch\n"
      "assert not torch.compiler.is_exporting() and not torch.compiler.is_dynamo_compiling()\n"
      "def f(x):\n"
      "    if torch.compiler.is_exporting() and torch.compiler.is_dynamo_compiling():\n"
      "        return x.relu()\n"
      "    return x.sin().cos()\n"
      "cf = torch.compile(f, backend='eager')\n"
      "cf(torch.randn(3))\n";
  Result r = compile_script("/p/t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("\"graph_op_count\": 1,") != std::string::npos);  // the relu branch
}

TEST_CASE("a skipped frame reruns eagerly on the caller's own numpy array (its values), not the frame's stand-in") {
  // Python semantics: the one-hots have 3 + 4 + 2 classes whatever Dynamo did with the frame (TabDDPM's
  // index_to_log_onehot: an int read from a tensor in a loop skips the frame, which then runs eagerly)
  const char* src =
      "import numpy as np\nimport torch\nimport torch.nn.functional as F\n"
      "K = np.array([3, 4, 2])\n"
      "def idx(x, num_classes):\n"
      "    out = []\n"
      "    for i in range(len(num_classes)):\n"
      "        out.append(F.one_hot(x[:, i], num_classes[i]))\n"
      "    return torch.cat(out, dim=1)\n"
      "x = torch.zeros(16, 3, dtype=torch.long)\n"
      "r = torch.compile(idx, backend='eager')(x, K)\n"
      "assert r.shape == (16, 9), r.shape\n"
      "assert type(K) is np.ndarray and K.sum() == 9\n";
  Result r = compile_script("/p/t.py", src, Options{});
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("a @torch.no_grad() method called with keywords recompiles for another keyword value, not for the same") {
  // eval_frame's inner(*args, **kwargs): the method's reads of its keywords are guarded in inner's kwargs dict
  const char* src =
      "import torch\n"
      "class M(torch.nn.Module):\n"
      "    @torch.no_grad()\n"
      "    def sample(self, bsz, steps):\n"
      "        x = torch.zeros((bsz, 3))\n"
      "        for i in range(steps):\n"
      "            x = x + 1\n"
      "        return x\n"
      "cs = torch.compile(M().sample, backend='eager')\n"
      "assert cs(bsz=4, steps=2).shape == (4, 3)\n"
      "assert cs(bsz=2, steps=2).shape == (2, 3)\n"
      "assert cs(bsz=4, steps=2).shape == (4, 3)\n";
  Result r = compile_script("/p/t.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  size_t starts = 0;
  for (size_t p = r.trace.find("\"dynamo_start\""); p != std::string::npos; p = r.trace.find("\"dynamo_start\"", p + 1)) ++starts;
  CHECK(starts == 2);  // the first call and the recompile for bsz; the third call hits the first entry
  CHECK(r.trace.find("kwargs['bsz'] == 4") != std::string::npos);
}
