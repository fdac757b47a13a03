// More library forms met in public model code (scouting round 53), each checked by `assert`s that fail (and make the
// run fail) when the value differs from Python's / numpy's / torch's documented answer: `from __main__ import`,
// zip over an endless iterator, nn.init with the tensor by keyword, numpy's any / all with an axis, np.c_ / np.r_ /
// column_stack, RandomState.dirichlet's shape, the argument parser's TypeError for a None input.
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::count;
using tparse::compiler::testing::run_source;

TEST_CASE("from __main__ import reads the running script's globals") {
  Result r = run_source("forms.py",
      "import torch\nnum_blocks = 3\n\n"
      "def build():\n    from __main__ import num_blocks\n    return torch.nn.ModuleList([torch.nn.Linear(2, 2) for _ in range(num_blocks)])\n\n"
      "assert len(build()) == 3\nnum_blocks = 5\nassert len(build()) == 5\n"
      "import __main__\nassert __main__.num_blocks == 5\n");
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("zip pulls an endless iterator only as far as the shortest argument") {
  Result r = run_source("forms.py",
      "from itertools import cycle, count\n"
      "pairs = list(zip(cycle([1, 2]), ['a', 'b', 'c']))\nassert pairs == [(1, 'a'), (2, 'b'), (1, 'c')]\n"
      "assert list(zip(count(5), 'xy')) == [(5, 'x'), (6, 'y')]\n"
      "it = iter([10, 20, 30])\nassert list(zip(it, [0])) == [(10, 0)]\nassert next(it) == 30\n"
      "assert list(zip('ab', count())) == [('a', 0), ('b', 1)]\n");
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("nn.init's initialisers take the tensor by keyword") {
  Result r = run_source("forms.py",
      "import torch\nimport torch.nn as nn\n"
      "w = nn.Parameter(torch.zeros(3, 4))\nout = nn.init.uniform_(tensor=w, a=-0.5, b=0.5)\nassert out is w\n"
      "assert nn.init.normal_(tensor=w, std=0.1) is w\nassert nn.init.constant_(tensor=w, val=2.0) is w\n");
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("numpy: any / all with an axis, np.c_ / np.r_ / column_stack, RandomState.dirichlet, atleast_nd") {
  Result r = run_source("forms.py",
      "import numpy as np\n"
      "m = np.array([[0, 1, 0], [0, 0, 0], [1, 1, 0]])\n"
      "assert m.any(-1).tolist() == [True, False, True] and m.any(axis=0).tolist() == [True, True, False]\n"
      "assert np.all(m == 0, axis=1).tolist() == [False, True, False] and m.any() and not m.all()\n"
      "assert m.any(1, keepdims=True).shape == (3, 1)\n"
      "a = np.array([1.0, 2.0, 3.0])\nb = np.array([4.0, 5.0, 6.0])\n"
      "c = np.c_[a, b]\nassert c.shape == (3, 2) and c[1, 1] == 5.0 and c[2, 0] == 3.0\n"
      "assert np.c_[np.ones((3, 2)), a].shape == (3, 3)\n"
      "r = np.r_[a, 7, 0:2]\nassert r.shape == (6,) and r[3] == 7 and r[5] == 1\n"
      "assert np.column_stack([a, b, a]).shape == (3, 3) and np.column_stack([a, b])[0, 1] == 4.0\n"
      "d = np.random.RandomState(0).dirichlet([1.0, 2.0, 3.0], size=4)\n"
      "assert d.shape == (4, 3) and abs(d.sum(1)[0] - 1.0) < 1e-9 and (d >= 0).all()\n"
      "assert np.random.RandomState(0).dirichlet([1.0, 1.0]).shape == (2,)\n"
      "assert np.atleast_2d(a).shape == (1, 3) and np.atleast_3d(a).shape == (1, 3, 1) and np.atleast_1d(a).shape == (3,)\n"
      "assert np.atleast_3d(np.ones((2, 3))).shape == (2, 3, 1) and np.atleast_2d(np.ones((2, 3))).shape == (2, 3)\n"
      "x, y = np.atleast_2d(a, np.ones((2, 2)))\nassert x.shape == (1, 3) and y.shape == (2, 2)\n");
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("a torch function given None as its input raises the argument parser's TypeError") {
  Result r = run_source("forms.py",
      "import torch\nfrom torch.nn.functional import hardtanh\n"
      "p = torch.nn.Parameter(torch.zeros(2))\n"
      "try:\n    hardtanh(p.grad, -1, 1, inplace=True)\n    raise AssertionError('no error')\n"
      "except TypeError as e:\n    assert str(e) == \"hardtanh_(): argument 'input' (position 1) must be Tensor, not NoneType\", str(e)\n"
      "try:\n    torch.sigmoid(None)\n    raise AssertionError('no error')\n"
      "except TypeError as e:\n    assert 'must be Tensor, not NoneType' in str(e)\n");
  CHECK_MESSAGE(r.ok, r.error);
}

TEST_CASE("Tensor.resize: torch/_tensor.py's deprecated method is a tensor method in a frame and reshapes eagerly") {
  // in a frame Dynamo records `y.resize(2, 3)` as a call_method node, no break (real torch 2.11: sylvester-flows'
  // `full_d.resize(batch_size, ...)`, `full_d_1: "f32[8, 16, 16, 4]" = full_d.resize(8, 16, 16, 4)`); eagerly the
  // data in the new sizes
  Result r = run_source("forms.py",
      "import torch\n\n"
      "def f(x):\n    y = x * 2\n    z = y.resize(2, 3)\n    return z + 1\n\n"
      "assert torch.compile(f, backend='eager')(torch.arange(6.)).tolist() == [[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]]\n"
      "assert torch.arange(4.).resize(2, 2).tolist() == [[0.0, 1.0], [2.0, 3.0]]\n");
  CHECK_MESSAGE(r.ok, r.error);
  CHECK(count(r.trace, "\"dynamo_output_graph\"") == 1);
  CHECK(r.trace.find("= y.resize(2, 3)") != std::string::npos);
  CHECK(count(r.trace, "module: warnings, qualname: warn") == 0);
}

TEST_CASE("the fifty-ninth scouting's forms: np.shape, PackedSequence(data, batch_sizes), scatter's values, legacy sparse "
          "sizes, sparse softmax and nnz, np.sum of a scipy matrix and np.matrix's .A1") {
  // (PredRNN's reshape_patch, DrQA's eval packing, KGAT's empty adjacency and attention, ppnp's degree vector; the
  // answers are numpy's / torch's / scipy's documented ones, worked by hand)
  Result r = run_source("forms.py", R"PY(import numpy as np
import scipy.sparse as sp
import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence
a = np.zeros((2, 4, 6), dtype=np.float32)
assert np.shape(a) == (2, 4, 6) and np.shape(a)[2] // 2 == 3 and np.shape([[1, 2, 3]]) == (1, 3) and np.shape(5) == ()
p = pack_padded_sequence(torch.randn(3, 2, 4), [3, 2])
q = PackedSequence(p.data * 2, p.batch_sizes)
assert q.sorted_indices is None and q.unsorted_indices is None and q.data.shape == (5, 4) and q.batch_sizes.tolist() == [2, 2, 1]
u = PackedSequence(p.data, p.batch_sizes, torch.tensor([2, 0, 1]))
assert u.unsorted_indices.tolist() == [1, 2, 0]
z = torch.zeros(2, 3).scatter_(1, torch.tensor([[2], [0]]), torch.tensor([[5.0], [7.0]]))
assert z.tolist() == [[0.0, 0.0, 5.0], [7.0, 0.0, 0.0]] and torch.ones(2, 2).scatter(0, torch.tensor([[1, 0]]), 4.0).tolist() == [[1.0, 4.0], [4.0, 1.0]]
assert torch.zeros(3).scatter_add(0, torch.tensor([0, 0, 2]), torch.tensor([1.0, 2.0, 3.0])).tolist() == [3.0, 0.0, 3.0]
e = torch.sparse.FloatTensor(5, 4)
assert e.is_sparse and e.shape == (5, 4) and e.dtype == torch.float32 and e._nnz() == 0 and e.to_dense().sum().item() == 0.0
i = torch.tensor([[0, 0, 2], [1, 2, 0]])
A = torch.sparse_coo_tensor(i, torch.tensor([1.0, 2.0, 3.0]), (3, 3))
assert A._nnz() == 3 and A.to_dense().tolist() == [[0.0, 1.0, 2.0], [0.0, 0.0, 0.0], [3.0, 0.0, 0.0]]
S = torch.sparse.softmax(A, dim=1)
d = S.to_dense()
assert S.is_sparse and S._nnz() == 3 and abs(d[0, 2].item() - 1 / (1 + np.exp(-1.0))) < 1e-6 and d[2, 0].item() == 1.0 and d[1].sum().item() == 0.0
L = torch.sparse.log_softmax(A, dim=0).to_dense()
assert abs(L[2, 0].item()) < 1e-6 and abs(L[0, 1].item()) < 1e-6
M = sp.csr_matrix(np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]])) + sp.eye(3)
rows = np.sum(M, axis=1)
assert isinstance(rows, np.matrix) and rows.shape == (3, 1) and rows.A1.tolist() == [3.0, 2.0, 2.0] and rows.A.shape == (3, 1)
assert M.sum(axis=0).getA1().tolist() == [3.0, 2.0, 2.0] and np.sum(M) == 7.0 and not isinstance(np.array(rows), np.matrix)
assert np.mean(M, axis=1).A1.tolist() == [1.0, 2.0 / 3.0, 2.0 / 3.0] and np.matrix([[1, 2], [3, 4]]).A1.tolist() == [1, 2, 3, 4]
)PY");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
