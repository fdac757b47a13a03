// Value rules of the fifty-third round, checked by scripts whose `assert`s fail the run when a value is wrong, and
// with nothing left unmodelled (no assert passed on a guess): torch.sort / argsort / topk of known values, an
// uninitialized tensor filled element by element (a collate function's lengths), scipy.stats' beta-binomial prior.
// Expected values are torch's and scipy's own (by hand from their definitions where noted).
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("sort / argsort / topk / max(dim) / min(dim) of known values: values and indices along a dim, descending, NaN largest; repeat_interleave") {
  Result r = run_source("values.py",
      "import torch\n"
      "a = torch.LongTensor([7, 9, 3])\n"
      "v, i = torch.sort(a, dim=0, descending=True)\n"
      "assert v.tolist() == [9, 7, 3] and i.tolist() == [1, 0, 2]\n"
      "s = a.sort()\n"
      "assert s.values.tolist() == [3, 7, 9] and s.indices.tolist() == [2, 0, 1]\n"
      "assert torch.argsort(a).tolist() == [2, 0, 1] and a.argsort(descending=True).tolist() == [1, 0, 2]\n"
      "t = torch.topk(a, 2)\n"
      "assert t[0].tolist() == [9, 7] and t[1].tolist() == [1, 0]\n"
      "m = torch.tensor([[0.5, -1.0, 2.0], [3.0, 1.0, 0.0]])\n"
      "assert m.sort(dim=0)[0].tolist() == [[0.5, -1.0, 0.0], [3.0, 1.0, 2.0]]\n"
      "assert m.sort(dim=1)[1].tolist() == [[1, 0, 2], [2, 1, 0]]\n"
      "assert m.topk(1, dim=1, largest=False)[0].tolist() == [[-1.0], [0.0]]\n"
      "n = torch.tensor([1.0, float('nan'), 0.0]).sort()\n"
      "assert torch.repeat_interleave(torch.tensor([36, 24]), 3).tolist() == [36, 36, 36, 24, 24, 24]\n"
      "assert torch.tensor([[1, 2], [3, 4]]).repeat_interleave(torch.tensor([1, 2]), dim=0).tolist() == [[1, 2], [3, 4], [3, 4]]\n"
      "assert torch.tensor([[1, 2], [3, 4]]).repeat_interleave(2, dim=1).tolist() == [[1, 1, 2, 2], [3, 3, 4, 4]]\n"
      "assert n.values[0].item() == 0.0 and n.indices.tolist() == [2, 0, 1]\n"
      // max / min with a dim: (values, indices), the first extreme of each row (torch's documented tie rule)
      "mx = torch.max(torch.tensor([[1, 5, 5], [4, 2, 0]]), 1)\n"
      "assert mx.values.tolist() == [5, 4] and mx[1].tolist() == [1, 0]\n"
      "mn = torch.tensor([[1.0, -2.0], [-3.0, 4.0]]).min(dim=0, keepdim=True)\n"
      "assert mn[0].tolist() == [[-3.0, -2.0]] and mn.indices.tolist() == [[1, 0]]\n"
      "assert torch.zeros(1, torch.max(torch.sum(torch.tensor([[1, 2, 1]]), -1), -1)[0], 3).shape[1] == 4\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("an uninitialized tensor written element by element is known once every element is written") {
  // NVIDIA's Tacotron2-style collate: `output_lengths = torch.LongTensor(len(batch))`, then `output_lengths[i] = n`
  Result r = run_source("values.py",
      "import torch\n"
      "o = torch.LongTensor(2)\n"
      "o[0] = 5\n"
      "o[1] = 3\n"
      "assert o.tolist() == [5, 3] and o.max().item() == 5\n"
      "e = torch.empty(2, 2)\n"
      "e[0] = torch.tensor([1.0, 2.0])\n"
      "e[1, :] = 4\n"
      "assert e.sum().item() == 11.0\n"
      "lens, ids = torch.sort(o, descending=True)\n"
      "orig = [0] * 2\n"
      "for i in range(len(ids)):\n"
      "    orig[ids[i]] = i\n"
      "assert orig == [0, 1]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
  // one element left unwritten: its data stays unknown, and reading it is a guess (approximate), never a value
  Result partial = run_source("values.py", "import torch\no = torch.LongTensor(3)\no[0] = 5\no[1] = 3\nif o.sum().item() > 4:\n    pass\n");
  CHECK(partial.ok);
  CHECK(!partial.unmodelled.empty());
}

TEST_CASE("scipy.stats: betabinom / binom pmf and norm's pdf / cdf from their definitions") {
  // betabinom(2, 1, 1) is uniform on {0, 1, 2}; binom(3, 0.5).pmf(1) = 3/8; norm.cdf(0) = 1/2, pdf(0) = 1/sqrt(2 pi)
  Result r = run_source("values.py",
      "import math\n"
      "import numpy as np\n"
      "from scipy.stats import betabinom, binom, norm\n"
      "p = betabinom(2, 1.0, 1.0).pmf(np.arange(0, 3))\n"
      "assert p.shape == (3,) and all(abs(x - 1 / 3) < 1e-12 for x in p.tolist())\n"
      "q = betabinom(4, 2.0, 3.0).pmf(np.arange(0, 5))\n"
      "assert abs(sum(q.tolist()) - 1.0) < 1e-12 and abs(betabinom(4, 2.0, 3.0).mean() - 1.6) < 1e-12\n"
      "assert abs(binom(3, 0.5).pmf(1) - 0.375) < 1e-12 and binom.pmf(4, 3, 0.5) == 0.0\n"
      "assert abs(norm.cdf(0.0) - 0.5) < 1e-15 and abs(norm.pdf(0.0) - 1 / math.sqrt(2 * math.pi)) < 1e-15\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
