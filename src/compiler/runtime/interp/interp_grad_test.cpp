// torch.autocast as a mode of the run (interp_grad.cpp, op_table.cpp's autocast lists): the dtype ops of its lists
// give inside the block, eagerly and in a frame, and the GLOBAL_STATE guard that makes a call outside the block
// recompile. Expected dtypes are torch's documented autocast op lists (CPU: linear / matmul in the lower precision
// dtype, mse_loss in float32), the recompile reason torch 2.11's text (program autocast_ambient_dtype_and_recompile).
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::count;

TEST_CASE("torch.autocast: lower-precision ops run in its dtype, float32-list ops in float32, off outside the block") {
  const char* src =
      "import torch\n"
      "lin = torch.nn.Linear(4, 4)\n"
      "x = torch.randn(2, 4)\n"
      "with torch.autocast(device_type='cpu', dtype=torch.bfloat16):\n"
      "    y = lin(x)\n"
      "    z = x @ x.t()\n"
      "    s = x.sin()\n"
      "    l = torch.nn.functional.mse_loss(y, y)\n"
      "    with torch.autocast(device_type='cpu', enabled=False):\n"
      "        off = lin(x)\n"
      "assert y.dtype == torch.bfloat16 and z.dtype == torch.bfloat16, (y.dtype, z.dtype)\n"
      "assert s.dtype == torch.float32 and l.dtype == torch.float32 and off.dtype == torch.float32\n"
      "assert lin(x).dtype == torch.float32\n"
      "with torch.autocast(device_type='cpu'):\n"       // no dtype: the cpu default, bfloat16
      "    assert lin(x).dtype == torch.bfloat16\n"
      "with torch.autocast(device_type='cuda'):\n"      // another device's autocast leaves cpu tensors alone
      "    assert lin(x).dtype == torch.float32\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("torch.autocast around a compiled call is global state: the graph is bf16, a call outside recompiles") {
  const char* src =
      "import torch\n"
      "m = torch.nn.Linear(8, 4)\n"
      "f = torch.compile(m, backend='eager')\n"
      "with torch.autocast(device_type='cpu', dtype=torch.bfloat16):\n"
      "    assert f(torch.randn(2, 8)).dtype == torch.bfloat16\n"
      "assert f(torch.randn(2, 8)).dtype == torch.float32\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  // (the recompile_reasons artifact and the compilation_metrics record name it, as torch 2.11 writes them)
  CHECK(count(r.trace, "GLOBAL_STATE changed: autocast(cpu)_enabled ") == 2);
  CHECK(count(r.trace, "\"enabled\":[true,false,") == 1);   // the first entry's guard: cpu autocast on
  CHECK(count(r.trace, "\"enabled\":[false,false,") == 1);  // the recompiled one's: off
  CHECK(count(r.trace, "bf16[2, 4]") >= 1);
}

TEST_CASE("an eager gradient's values are unknown, never the parameter's own: a branch on them is a guess, listed") {
  // (c = -2 with d(3c)/dc = 3: tparse does not compute gradients, so c.grad's data is unknown; before, the gradient
  // took c's fill and `c.grad.item() == -2.0` was decided as if known)
  const char* src =
      "import torch\nc = torch.tensor(-2.0, requires_grad=True)\n(c * 3).backward()\n"
      "if c.grad.item() == -2.0:\n    print('same as c')\n"
      "f = torch.compile(lambda x: x * 2, backend='eager')\nf(torch.ones(2))\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  REQUIRE(!r.unmodelled.empty());
  CHECK(r.unmodelled[0].rfind("m.py:4:", 0) == 0);
}

TEST_CASE("an in-place op on an output of split / chunk / unbind (or a view of one) that requires grad is refused") {
  // autograd's handle_view_on_rebase (CreationMeta::MULTI_OUTPUT_NODE, kept by later views; torch's message); under
  // no_grad the outputs carry no such meta, and an output that does not require grad is not checked (flow++'s attention)
  const char* src =
      "import torch\n"
      "x = torch.randn(4, 6, requires_grad=True)\n"
      "def msg(f):\n"
      "    try:\n"
      "        f()\n"
      "    except RuntimeError as e:\n"
      "        return str(e)\n"
      "    return None\n"
      "a, b = torch.split(x * 1, 3, dim=1)\n"
      "m = msg(lambda: a.mul_(2))\n"
      "assert m is not None and m.startswith('Output 0 of SplitBackward0 is a view and is being modified inplace. This view is the "
      "output of a function that returns multiple views.'), m\n"
      "m = msg(lambda: b.view(2, 2, 3).permute(1, 0, 2).add_(1))\n"
      "assert m is not None and m.startswith('Output 0 of PermuteBackward0 is a view'), m\n"
      "p, q = torch.split(x * 1, (2, 4), dim=1)\n"
      "m = msg(lambda: q.mul_(2))\n"
      "assert m is not None and m.startswith('Output 1 of SplitWithSizesBackward0'), m\n"
      "with torch.no_grad():\n"
      "    c, d = (x * 1).chunk(2, dim=0)\n"
      "c.mul_(2)\n"
      "u, v = torch.split(torch.randn(4, 6), 3, dim=1)\n"
      "u.mul_(2)\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}
