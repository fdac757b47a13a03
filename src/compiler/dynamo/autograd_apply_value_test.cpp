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
