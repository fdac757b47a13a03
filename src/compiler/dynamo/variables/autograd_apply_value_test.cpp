// An autograd Function's `apply` reached as a value the frame reads from a source (`self.fn = Fn.apply` stored on a
// module before the frame) is the bound classmethod, inlined by Dynamo as plain Python: it breaks at
// `cls.setup_context`, and at the frame's own CALL the callable cannot be rebuilt (GB0092), so the frame fails and
// Function.apply runs eagerly, its forward a frame of its own. `Fn.apply(x)` written in the code stays the
// autograd_function_apply higher-order op. Expected counts from Dynamo's rules (real torch 2.11: probe p3 of round 54,
// NODE's `self.bin_function = entmoid15`).
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::count;
using tparse::compiler::testing::run_source;

namespace {
const char* kSq =
    "import torch\nimport torch.nn as nn\n\n"
    "class Sq(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        ctx.save_for_backward(x)\n"
    "        return x * x\n"
    "    @staticmethod\n"
    "    def backward(ctx, g):\n"
    "        x, = ctx.saved_tensors\n"
    "        return 2 * x * g\n\n";
const char* kEnt =  // an autograd Function whose forward calls a @torch.jit.script staticmethod through its class
    "class Ent(torch.autograd.Function):\n"
    "    @staticmethod\n"
    "    def forward(ctx, x):\n"
    "        out = Ent._f(x)\n"
    "        ctx.save_for_backward(out)\n"
    "        return out\n"
    "    @staticmethod\n"
    "    @torch.jit.script\n"
    "    def _f(x):\n"
    "        return x * 2 + 1\n"
    "    @staticmethod\n"
    "    def backward(ctx, g):\n"
    "        out, = ctx.saved_tensors\n"
    "        return g * out\n\n";
}  // namespace

TEST_CASE("an autograd Function's apply read from a module attribute fails the frame; written as Fn.apply it is the HOP") {
  const std::string stored = std::string(kSq) +
                             "class M(nn.Module):\n"
                             "    def __init__(self, fn):\n"
                             "        super().__init__()\n"
                             "        self.lin = nn.Linear(4, 4)\n"
                             "        self.fn = fn\n"
                             "    def forward(self, x):\n"
                             "        return self.fn(self.lin(x)).sum()\n\n"
                             "m = torch.compile(M(Sq.apply), backend='eager')\n"
                             "m(torch.randn(2, 4)).backward()\n";
  Result r = run_source("m.py", stored);
  INFO(r.error);
  REQUIRE(r.ok);
  // M.forward: attempt 0's break inside Function.apply, attempt 1's reconstruction failure, no graph; Sq.forward, run
  // by the eager Function.apply, is a frame of its own (x * x)
  CHECK(count(r.trace, "\"dynamo_start\"") == 2);
  CHECK(count(r.trace, "setup_context) has no type") >= 1);
  CHECK(count(r.trace, "Reconstruction failure") >= 1);
  CHECK(count(r.trace, "\"fail_type\": \"Unsupported\", \"fail_reason\"") == 1);
  CHECK(count(r.trace, "\"dynamo_output_graph\"") == 1);
  CHECK(count(r.trace, "autograd_function_apply") == 0);

  const std::string direct = std::string(kSq) +
                             "class M(nn.Module):\n"
                             "    def __init__(self):\n"
                             "        super().__init__()\n"
                             "        self.lin = nn.Linear(4, 4)\n"
                             "    def forward(self, x):\n"
                             "        return Sq.apply(self.lin(x)).sum()\n\n"
                             "m = torch.compile(M(), backend='eager')\n"
                             "m(torch.randn(2, 4)).backward()\n";
  Result d = run_source("m.py", direct);
  INFO(d.error);
  REQUIRE(d.ok);
  CHECK(count(d.trace, "\"dynamo_start\"") == 1);
  CHECK(count(d.trace, "Reconstruction failure") == 0);
  CHECK(count(d.trace, "torch.ops.higher_order.autograd_function_apply") >= 1);
}

TEST_CASE("an autograd Function's apply read from a source inside an inlined call breaks the graph at the frame's call") {
  // the break lands on the frame's CALL into `self.act` (rebuildable from its source), which resumes after it; `act`
  // runs as a frame of its own, where the apply is its own CALL: that frame fails
  const std::string src = std::string(kSq) +
                          "class M(nn.Module):\n"
                          "    def __init__(self, fn):\n"
                          "        super().__init__()\n"
                          "        self.lin = nn.Linear(4, 4)\n"
                          "        self.fn = fn\n"
                          "    def act(self, x):\n"
                          "        return self.fn(x)\n"
                          "    def forward(self, x):\n"
                          "        y = self.act(self.lin(x))\n"
                          "        return y.sum()\n\n"
                          "m = torch.compile(M(Sq.apply), backend='eager')\n"
                          "m(torch.randn(2, 4)).backward()\n";
  Result r = run_source("m.py", src);
  INFO(r.error);
  REQUIRE(r.ok);
  // frames: M.forward (graph: linear), act (fails), Sq.forward (x * x), the resume after act (sum)
  CHECK(count(r.trace, "\"dynamo_start\"") == 4);
  CHECK(count(r.trace, "\"fail_type\": \"Unsupported\", \"fail_reason\"") == 1);
  CHECK(count(r.trace, "\"dynamo_output_graph\"") == 3);
  CHECK(count(r.trace, "autograd_function_apply") == 0);
}

TEST_CASE("the apply read from a module attribute after a graph of its own: the statement's checkpoint takes the failure") {
  // symbolic_convert.py step(): a checkpoint at each statement whose stack is empty once the graph is not empty
  // (is_non_empty_graph); attempt 1's reconstruction failure is not resumable at the CALL, so attempt 2 compiles the
  // graph up to `y = self.fn(h)` (linear, relu) and the rest of forward runs eagerly (real torch 2.11: NODE's
  // ODST.forward, restart reasons [setup_context break, "Unknown fail_and_restart_analysis"], compile id 3/0_2)
  const std::string src = std::string(kSq) +
                          "class M(nn.Module):\n"
                          "    def __init__(self, fn):\n"
                          "        super().__init__()\n"
                          "        self.lin = nn.Linear(4, 4)\n"
                          "        self.fn = fn\n"
                          "    def forward(self, x):\n"
                          "        h = self.lin(x).relu()\n"
                          "        y = self.fn(h)\n"
                          "        return y.sum()\n\n"
                          "m = torch.compile(M(Sq.apply), backend='eager')\n"
                          "for i in range(2):\n"
                          "    m(torch.randn(2, 4)).backward()\n";
  Result r = run_source("m.py", src);
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(count(r.trace, "\"fail_type\": \"Unsupported\", \"fail_reason\"") == 0);
  // (each count twice: the compilation metrics and their chromium "dynamo" event)
  CHECK(count(r.trace, "\"graph_op_count\": 2,") == 2);  // forward's graph: linear, relu
  CHECK(count(r.trace, "\"attempt\": 2") >= 1);
  CHECK(count(r.trace, "\"restart_reasons\": [\"GetAttrVariable(AutogradFunctionVariable(), setup_context) has no type") == 2);
  CHECK(count(r.trace, "Unknown fail_and_restart_analysis\"]") == 2);
  CHECK(count(r.trace, "Compiling up to the previous resumable state") == 1);
  // forward (once: its entry serves the second call), Sq.forward run by the eager apply (x * x, once)
  CHECK(count(r.trace, "\"dynamo_start\"") == 2);
  CHECK(count(r.trace, "\"dynamo_output_graph\"") == 2);
}

TEST_CASE("a @torch.jit.script staticmethod: skipped through an autograd Function, inlined through any other class") {
  // AutogradFunctionVariable.var_getattr hands the staticmethod's ScriptFunction to trace_rules.lookup: torch.jit is
  // skipped (GB0007, "torch.jit.torch.jit.ScriptFunction"); a plain class's attribute, a global or an instance's
  // class attribute go through VariableBuilder's wrap_jit_function, which inlines the Python source (real torch 2.11:
  // probes p4 / p4b of round 54, NODE's Entmoid15._forward). A ScriptFunction is no descriptor: `obj.fn(x)` is fn(x).
  const std::string src =
      "import torch\n\n" + std::string(kEnt) +
      "class C:\n"
      "    @staticmethod\n"
      "    @torch.jit.script\n"
      "    def _f(x):\n"
      "        return x * 2 + 1\n\n"
      "@torch.jit.script\n"
      "def glob(x):\n"
      "    return x - 1\n\n"
      "class D:\n"
      "    fn = glob\n\n"
      "def f(x):\n"
      "    return C._f(x.sin()).cos()\n\n"
      "def h(x, obj):\n"
      "    return obj.fn(x.sin()).cos()\n\n"
      "print(torch.compile(f, backend='eager')(torch.randn(4)).shape)\n"
      "print(torch.compile(h, backend='eager')(torch.randn(4), D()).shape)\n"
      "def k(x):\n"
      "    return Ent._f(x.sin())\n\n"
      "g = torch.compile(k, backend='eager')\n"
      "print(g(torch.randn(4)).shape)\n";
  Result r = run_source("m.py", src);
  INFO(r.error);
  REQUIRE(r.ok);
  // f: sin, mul, add, cos in one graph; h: sin, sub, cos; the lambda: sin, then GB0007 at Ent._f
  CHECK(count(r.trace, "\"graph_op_count\": 4,") == 2);  // (the metrics and their chromium event)
  CHECK(count(r.trace, "\"graph_op_count\": 3,") == 2);
  CHECK(count(r.trace, "Dynamo does not know how to trace the builtin `torch.jit.torch.jit.ScriptFunction.`") >= 1);
  CHECK(count(r.trace, "module: torch.jit, qualname: torch.jit.ScriptFunction, skip reason: <missing reason>") >= 1);
  CHECK(count(r.trace, "\"dynamo_output_graph\"") == 3);
}

TEST_CASE("FunctionCtx's methods are never frames: torch/autograd/function.py is a skip file for a frame of its own") {
  // Ent.forward breaks at the ScriptFunction (GB0007); its resume traces no op, so it runs eagerly from then on and
  // calls ctx.save_for_backward under the callback: MOD_INLINELIST holds only for inlined calls, the file is in
  // SKIP_DIRS, so the call is no frame (real torch 2.11: NODE's frames_seen)
  const std::string src = std::string(kSq) + kEnt +
                          "class M(nn.Module):\n"
                          "    def __init__(self):\n"
                          "        super().__init__()\n"
                          "        self.lin = nn.Linear(4, 4)\n"
                          "        self.fn = Ent.apply\n"
                          "    def forward(self, x):\n"
                          "        h = self.lin(x).relu()\n"
                          "        y = self.fn(h)\n"
                          "        return y.sum()\n\n"
                          "m = torch.compile(M(), backend='eager')\n"
                          "for i in range(3):\n"
                          "    m(torch.randn(2, 4)).backward()\n";
  Result r = run_source("m.py", src);
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(count(r.trace, "\"co_name\": \"save_for_backward\"") == 0);
  CHECK(r.frames_total == 3);  // M.forward, Ent.forward, its resume
}
