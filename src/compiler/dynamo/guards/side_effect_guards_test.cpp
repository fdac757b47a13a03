// Guards that follow from what a frame does with an object or an input (scouting round 53, each rule checked there
// against real torch 2.11 traces of public model code): an attribute the frame stored before it reads it is the
// pending side effect's value (side_effects.load_attr: no guard); an input the frame only returns is realized by
// compile_subgraph (TENSOR_MATCH); InstanceNorm's `self.training or not self.track_running_stats`; a write through
// a chained in-place call leaves the tensor's known values stale. Expected counts come from Dynamo's rules.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;
using tparse::compiler::testing::count;
using tparse::compiler::testing::recompile_heads;

TEST_CASE("an attribute stored before it is read in the frame is not guarded; one read first is") {
  // SRFBN's feedback block: reset_state() sets should_reset, the block reads then clears it. Dynamo reads the
  // pending store's value, so the flag's entry value (False after the first call) recompiles nothing. `scale` is
  // read before its store: its value is guarded and each call recompiles.
  const char* src =
      "import torch\nimport torch.nn as nn\n\n"
      "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(4, 4)\n"
      "        self.should_reset = True\n"
      "    def forward(self, x):\n        if self.should_reset:\n            x = x * 2\n            self.should_reset = False\n"
      "        return self.lin(x)\n"
      "    def reset_state(self):\n        self.should_reset = True\n\n"
      "class Net(nn.Module):\n    def __init__(self, decay):\n        super().__init__()\n        self.block = Block()\n"
      "        self.scale = 1.0\n        self.decay = decay\n"
      "    def forward(self, x):\n        self.block.reset_state()\n        x = self.block(self.block(x))\n"
      "        if self.decay:\n            self.scale = self.scale * 0.5\n        return x * 3\n\n"
      "a = torch.compile(Net(False), backend='eager')\nfor _ in range(3):\n    a(torch.randn(2, 4))\n"
      "b = torch.compile(Net(True), backend='eager')\nfor _ in range(3):\n    b(torch.randn(2, 4))\n";
  Result r = run_source("m.py", src);
  REQUIRE_MESSAGE(r.ok, r.error);
  // Net(False): one compile for three calls. Net(True) shares the code: `self.decay == False` fails, then
  // `self.scale == 1.0` (read before its store); the third call's scale is a dynamic float. should_reset never fails.
  CHECK(count(r.trace, "\"name\": \"recompile_reasons\"") == 2);
  CHECK(count(r.trace, "0/0: self.decay == False") >= 1);
  CHECK(count(r.trace, "0/1: self.scale == 1.0") >= 1);
  CHECK(count(r.trace, "should_reset ==") == 0);
}

TEST_CASE("an input tensor the frame only returns is guarded: another size recompiles") {
  const char* src =
      "import torch\n\n"
      "def f(a, b):\n    return a, b * 2\n\n"
      "cf = torch.compile(f, backend='eager')\nb = torch.randn(3)\n"
      "cf(torch.randn(4, 4), b)\ncf(torch.randn(4, 6), b)\ncf(torch.randn(4, 7), b)\n";
  Result r = run_source("m.py", src);
  REQUIRE_MESSAGE(r.ok, r.error);
  std::vector<std::string> reasons = recompile_heads(r.trace);
  REQUIRE(reasons.size() == 1);  // (the third call hits the dynamic recompile)
  CHECK(reasons[0].find("tensor 'a' size mismatch at index 1. expected 4, actual 6") != std::string::npos);
}

TEST_CASE("InstanceNorm guards training where _apply_instance_norm reads it: eval() recompiles") {
  const char* src =
      "import torch\nimport torch.nn as nn\n\n"
      "class G(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.conv = nn.Conv2d(3, 4, 3)\n"
      "        self.norm = nn.InstanceNorm2d(4)\n"
      "    def forward(self, x):\n        return torch.relu(self.norm(self.conv(x)))\n\n"
      "g = torch.compile(G(), backend='eager')\nx = torch.randn(1, 3, 8, 8)\ng(x)\ng.eval()\ng(x)\ng(x)\n";
  Result r = run_source("m.py", src);
  REQUIRE_MESSAGE(r.ok, r.error);
  std::vector<std::string> reasons = recompile_heads(r.trace);
  REQUIRE(reasons.size() == 1);
  CHECK(reasons[0].find("self._modules['norm'].training == True") != std::string::npos);
  CHECK(reasons[0].find("nn/modules/instancenorm.py:53 in _apply_instance_norm") != std::string::npos);
  // in eval mode the `or` reads track_running_stats too: both are guarded in the second compile
  CHECK(count(r.trace, "track_running_stats == False") >= 1);
}

TEST_CASE("a mask made by a chained zeros_like(...).scatter_(...) in a frame is no longer known to be all False") {
  // one True per row: torch's boolean index after the break has 16 rows; tparse does not know the positions, so
  // it takes every entry as set (noted as a guess), never the stale "all False" of zeros_like (0 rows)
  const char* src =
      "import torch\n\n"
      "def f(x):\n    idx = torch.min(x, dim=-1)[1]\n"
      "    m = torch.zeros_like(x, dtype=torch.bool).scatter_(-1, idx.unsqueeze(-1), 1)\n"
      "    return x[m]\n\n"
      "assert torch.compile(f, backend='eager')(torch.rand(2, 8, 3)).shape[0] != 0\n";
  Result r = run_source("m.py", src);
  REQUIRE_MESSAGE(r.ok, r.error);
}

TEST_CASE("a user module's own `if self.training:` is guarded: switching only that module's mode recompiles") {
  // IndRNN's dropout over time reads self.training in its forward; after model.eval() and model.apply(set_bn_train)
  // only the BatchNorms train again, so the first compile (dropout training == True) no longer matches either
  const char* src =
      "import torch\nimport torch.nn as nn\n\n"
      "class Drop(nn.Module):\n    def forward(self, x):\n        if self.training:\n            return x * 2\n        return x\n\n"
      "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.d = Drop()\n        self.bn = nn.BatchNorm1d(4)\n"
      "    def forward(self, x):\n        return self.bn(self.d(x))\n\n"
      "c = torch.compile(M(), backend='eager')\nx = torch.randn(3, 4)\nc(x)\nc.eval()\nc(x)\nc.bn.train()\nc(x)\n";
  Result r = run_source("m.py", src);
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "\"name\": \"recompile_reasons\"") == 2);
  CHECK(count(r.trace, "self._modules['d'].training == True") >= 1);
  CHECK(count(r.trace, "# if self.training:  #") >= 1);
}
