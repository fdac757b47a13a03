// Break kinds of the sixty-fourth round, each on a small script: which graph-break type (gb id) Dynamo raises, where,
// and what runs eagerly after it. The expected types, messages and counts come from real torch 2.11's traces of the
// same forms (the programs named beside each test) and from Dynamo's sources, not from our own output.
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::count;
using tparse::compiler::testing::ops;

TEST_CASE("F.one_hot without num_classes in a frame is Dynamo's own GB0246; num_classes=-1 by keyword reaches the op (GB0033)") {
  // (torch/_dynamo/variables/torch.py's handler refuses one argument alone or a positional constant -1; real torch
  // 2.11: program one_hot_without_num_classes_breaks)
  const char* src =
      "import torch\nimport torch.nn.functional as F\n\n"
      "@torch.compile(backend='eager')\ndef f(t, x):\n    return F.one_hot(t) + x\n\n"
      "@torch.compile(backend='eager')\ndef g(t, x):\n    return F.one_hot(t, -1) + x\n\n"
      "@torch.compile(backend='eager')\ndef h(t, x):\n    return F.one_hot(t, num_classes=-1) + x\n\n"
      "t = torch.tensor([0, 2, 1])\n"
      "assert f(t, torch.ones(3)).shape == (3, 3)\nassert g(t, torch.ones(3)).shape == (3, 3)\nassert h(t, torch.ones(3)).shape == (3, 3)\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "gb/gb0246.html") >= 2);
  CHECK(count(r.trace, "Developer debug context: args=(LazyVariableTracker(realized: TensorVariable()),), kwargs={}") >= 1);
  CHECK(count(r.trace, "args=(LazyVariableTracker(realized: TensorVariable()), ConstantVariable(int: -1)), kwargs={}") >= 1);
  CHECK(count(r.trace, "gb/gb0033.html") >= 1);  // (h: the keyword form is traced, its item() data-dependent)
}

TEST_CASE("an inlined call whose arguments do not bind is GB7312 at the call; eagerly CPython's TypeError, before any frame") {
  // (InliningInstructionTranslator's bind_args; real torch 2.11: TranAD's layers called by torch's TransformerEncoder
  // with is_causal=, the layer's frame never handed to Dynamo)
  const char* src =
      "import torch\n\n"
      "def helper(a, b):\n    return a + b\n\n"
      "@torch.compile(backend='eager')\ndef g(x):\n    y = x.sin()\n    return helper(y, x, 3)\n\n"
      "try:\n    g(torch.ones(3))\n    raise AssertionError('bound')\n"
      "except TypeError as e:\n    assert str(e) == 'helper() takes 2 positional arguments but 3 were given', str(e)\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "failed to bind arguments when attempting to inline") >= 1);
  CHECK(count(r.trace, "Argument mismatch when attempting to trace function helper.") >= 1);
  CHECK(count(r.trace, "func='helper' m.py:3; args = [<class 'torch.Tensor'>, <class 'torch.Tensor'>, <class 'int'>]; kwargs = {}") >= 1);
  CHECK(ops(r.trace) == std::vector<int>{1});  // the sin, compiled before the call
  CHECK(r.frames_total == 1);                  // (helper's eager call does not bind: no frame)
}

TEST_CASE("Tensor.data_ptr(): eagerly one address per storage plus the offset; compared in a frame, GB0023 and the frame skipped") {
  // (DataPtrVariable is no constant: cmp_eq's a.__eq__(b) fails; real torch 2.11: program data_ptr_compare, 0 graphs)
  const char* src =
      "import torch\n"
      "x = torch.randn(4, 3)\ny = torch.randn(4, 3)\n"
      "assert x.data_ptr() == x.data_ptr() and x.data_ptr() != y.data_ptr() and x.view(12).data_ptr() == x.data_ptr()\n"
      "assert x[1].data_ptr() - x.data_ptr() == 3 * 4\n\n"
      "def f(q, k):\n    same = q.data_ptr() == k.data_ptr()\n    return (q * 2).sum() + k.sum(), same\n\n"
      "cf = torch.compile(f, backend='eager')\n"
      "assert cf(x, x)[1] is True and cf(x, y)[1] is False\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "Builtin `operator.*` comparison with constant `self` failed") >= 1);
  CHECK(count(r.trace, "call_method DataPtrVariable() __eq__ [DataPtrVariable()] {}") >= 1);
  CHECK(ops(r.trace).empty());  // (nothing traced before the compare: the frame runs eagerly)
}

TEST_CASE("numpy scalars: type() is numpy's scalar type, -x stays one; `type(v) == torch.Tensor` of one in a frame is GB0290") {
  // (np.prod gives np.int64 and its negation too; in a frame Dynamo holds it as an ndarray, whose class compared is a
  // numpy function called as a method: real torch 2.11, SAC-AE's Logger.log of `-np.prod(action_shape)`)
  const char* src =
      "import numpy as np\nimport torch\n"
      "a = np.prod((2,))\nb = np.float64(2.5)\n"
      "assert type(a) == np.int64 and type(-a) == np.int64 and type(b) is np.float64 and type(-b) is np.float64\n"
      "assert type(a).__name__ == 'int64' and -a == -2 and type(int(a)) is int\n\n"
      "def log(value):\n    if type(value) == torch.Tensor:\n        value = value.item()\n    return value\n\n"
      "@torch.compile(backend='eager')\ndef f(te, x):\n    y = x * 2\n    log(te)\n    return y + 1\n\n"
      "assert f(-a, torch.ones(3)).tolist() == [3.0, 3.0, 3.0]\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "attempted to trace numpy.* function as a method") >= 1);
  CHECK(count(r.trace, "numpy function: <class 'numpy.ndarray'>, args: [UserDefinedClassVariable(<class 'torch.Tensor'>)], kwargs: {}") >= 1);
}

TEST_CASE("a str indexed by a tensor in a frame is GB0156; `return s[i]` makes no resume function") {
  // (ConstantVariable.call_method('__getitem__'); create_call_resume_at: the next instruction is RETURN_VALUE; real
  // torch 2.11: program str_index_by_tensor, one frame)
  const char* src =
      "import torch\nchars = 'abcdef'\n\n"
      "@torch.compile(backend='eager')\ndef pick(x):\n    i = torch.argmax(x)\n    return chars[i]\n\n"
      "assert pick(torch.tensor([0.0, 1.0, 2.0, 5.0, 1.0])) == 'd'\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "Dynamo does not know how to trace method `__getitem__` of class `str`") >= 1);
  CHECK(count(r.trace, "call_method ConstantVariable(str: 'abcdef') __getitem__ [TensorVariable()] {}") >= 1);
  CHECK(r.frames_total == 1);
}

TEST_CASE("fullgraph=True compiles count no frame; the fullgraph=False function beside them does") {
  // (only ConvertFrame counts counters['frames']['total']; fullgraph installs convert_frame_assert: real torch 2.11,
  // moondream's three fullgraph compiles count 0, train_step_forms 24)
  const char* src =
      "import torch\n"
      "enc = torch.compile(lambda x: x.relu() * 2, fullgraph=True, backend='eager')\n"
      "plain = torch.compile(lambda t: t.cos() + 1, backend='eager')\n"
      "for n in (2, 3):\n    h = enc(torch.randn(2, n))\n    plain(h)\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(ops(r.trace).size() == 4);  // (each compiled twice: the second size recompiles)
  CHECK(r.frames_total == 2);       // (plain's two compiles only)
}

TEST_CASE("a tuple inside an index tuple is a sequence index; of 0-d tensors in a frame, the fake tensor's TorchRuntimeError") {
  // (torch's and numpy's rule: `x[:, (1, 0), :]` as `x[:, [1, 0], :]`; a tuple of 0-d tensors has no data on a fake
  // tensor: real torch 2.11, sudo_rm_rf's permutation-invariant SI-SDR, the run stopped by the TorchRuntimeError)
  const char* src =
      "import torch\nimport itertools\n"
      "x = torch.arange(12.).view(2, 3, 2)\n"
      "y = x[:, (2, 0), :]\n"
      "assert y.shape == (2, 2, 2) and x[(1, 0), 2].tolist() == [[10.0, 11.0], [4.0, 5.0]]\n"
      "f = torch.compile(lambda t: torch.cat([t[:, p, :].sum(-1) for p in itertools.permutations((0, 1))], -1), backend='eager')\n"
      "assert f(torch.ones(2, 2, 5)).shape == (2, 4)\n"
      "perms = list(itertools.permutations(torch.arange(2)))\n"
      "g = torch.compile(lambda t: t[:, perms[0], :].sum(), backend='eager')\n"
      "try:\n    g(torch.ones(2, 2, 5))\n    raise AssertionError('traced')\n"
      "except RuntimeError as e:\n    assert type(e).__name__ == 'TorchRuntimeError', type(e).__name__\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
  CHECK(count(r.trace, "data is not allocated yet") >= 1);
}

TEST_CASE("a list's method loaded before a break in its argument is a skipped C function on the resume's stack: GB0007") {
  // (`losses.append(loss.item())`: the item() breaks (GB0124), the resume calls the bound list.append it was handed,
  // which Dynamo skips; real torch 2.11, JointVAE's training step)
  const char* src =
      "import torch\nlosses = []\n\n"
      "@torch.compile(backend='eager')\ndef step(x):\n    y = (x * 2).sum()\n    losses.append(y.item())\n    return y + 1\n\n"
      "step(torch.ones(3))\nassert losses == [6.0]\n";
  Result r = compile_script("m.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "gb/gb0124.html") >= 1);
  CHECK(count(r.trace, "module: <unknown module>, qualname: list.append") >= 1);
}
