// Value-family rules checked by small scripts: torch.broadcast_shapes (eager values, torch's mismatch error, the node
// Dynamo keeps in a frame and the Size an op later takes from it), torch.Size as Python shows it (repr, type, `+=`
// in a frame as Dynamo's tuple), and torch.distributions.MultivariateNormal built on both.
// Also clamp's result dtype for an integer tensor with a float bound.
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"

using namespace tparse::compiler;

namespace {
Result value_run(const std::string& body) { return compile_script("value.py", "import torch\n" + body, Options{}); }
size_t occurrences(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("torch.broadcast_shapes: the right-aligned common size as a torch.Size; a mismatch is torch's RuntimeError") {
  Result r = value_run("s = torch.broadcast_shapes((2, 1, 4), (3, 1), 4)\n"
                 "assert s == (2, 3, 4) and type(s) is torch.Size and repr(s) == 'torch.Size([2, 3, 4])'\n"
                 "assert torch.broadcast_shapes() == () and torch.broadcast_shapes((1,), [5, 1]) == (5, 1)\n"
                 "try:\n    torch.broadcast_shapes((2, 3), (4,))\n    raise AssertionError('no error')\n"
                 "except RuntimeError as e:\n    assert 'objects cannot be broadcast to a single shape' in str(e), str(e)\n"
                 "t = torch.zeros(3, 4).shape[:1]\nt += (5,)\nassert type(t) is torch.Size and t == (3, 5)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!value_run("assert torch.broadcast_shapes((2, 1), (3,)) == (2, 1)\n").ok);  // the asserts can fail
}

TEST_CASE("MultivariateNormal in a frame: broadcast_shapes is a node whose Size the dynamic graph's expand takes") {
  Result r = value_run("from torch.distributions import MultivariateNormal\n"
                 "lin = torch.nn.Linear(4, 2)\nvar = torch.full((2,), 0.36)\n"
                 "@torch.compile(backend='eager')\n"
                 "def f(state, action):\n"
                 "    mean = lin(state)\n"
                 "    dist = MultivariateNormal(mean, torch.diag_embed(var.expand_as(mean)))\n"
                 "    return dist.log_prob(action), dist.entropy(), dist.sample(), dist.covariance_matrix\n"
                 "for n in (8, 12):\n"
                 "    lp, ent, a, cov = f(torch.randn(n, 4), torch.randn(n, 2))\n"
                 "    assert lp.shape == (n,) and ent.shape == (n,) and a.shape == (n, 2) and cov.shape == (n, 2, 2)\n");
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.unmodelled.empty());
  // both graphs hold the node; the static one expands by the constant, the dynamic one by the node's Size
  CHECK(occurrences(r.trace, "torch.functional.broadcast_shapes(") == 2);
  CHECK(r.trace.find("H.expand((8,))") != std::string::npos);
  CHECK(r.trace.find("H.expand(broadcast_shapes)") != std::string::npos);
  // `bx_new_shape += (...)` in _batch_mahalanobis is a plain tuple in the frame: no torch.Size node for it
  CHECK(r.trace.find("diff.reshape((floordiv, s") != std::string::npos);
  CHECK(occurrences(r.trace, "torch._C._linalg.linalg_cholesky(") == 2);
}

TEST_CASE("Cauchy and Laplace (torch.distributions): samples of the extended shape, log_prob / cdf / entropy shapes") {
  // (PyTorch-VAE's SWAE draws its projections from a Cauchy: `Cauchy(0, 0.5).sample((n, d)).squeeze()`)
  Result r = value_run("from torch.distributions import Cauchy, Laplace\n"
                       "d = Cauchy(torch.tensor([0.0]), torch.tensor([0.5]))\n"
                       "assert d.sample((5, 3)).squeeze().shape == (5, 3) and d.rsample().shape == (1,)\n"
                       "assert d.log_prob(torch.zeros(4, 1)).shape == (4, 1) and d.cdf(torch.zeros(1)).shape == (1,)\n"
                       "assert d.entropy().shape == (1,) and d.mean.shape == (1,) and d.batch_shape == (1,)\n"
                       "l = Laplace(torch.zeros(2), torch.ones(2))\n"
                       "assert l.rsample((4,)).shape == (4, 2) and l.log_prob(torch.zeros(2)).shape == (2,)\n"
                       "assert l.icdf(torch.full((2,), 0.3)).shape == (2,) and l.stddev.shape == (2,) and l.variance.shape == (2,)\n"
                       "assert Laplace(0.0, 1.0).batch_shape == ()\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("clamp of an integer tensor with a float bound is a float tensor (result_type); integer bounds keep int64") {
  Result r = value_run("a = torch.tensor([0, 3, 5])\nassert a.clamp(min=1.0).dtype == torch.float32\n"
                       "assert a.clamp(0, 4).dtype == torch.int64 and torch.clamp(a, max=2.5).dtype == torch.float32\n"
                       "assert a.clamp_min(0.5).dtype == torch.float32 and torch.clip(a, 1, 2).dtype == torch.int64\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("triu_indices / tril_indices: the triangle's coordinates, row-major, with their values (as numpy's and torch's)") {
  // pbloem/former's relative attention indexes `x[:, :, *torch.triu_indices(...)]`-style masks; the values are torch's
  Result r = value_run("r, c = torch.triu_indices(3, 4, 1)\n"
                       "assert r.tolist() == [0, 0, 0, 1, 1, 2] and c.tolist() == [1, 2, 3, 2, 3, 3]\n"
                       "t = torch.tril_indices(3, 3)\n"
                       "assert t.shape == (2, 6) and t.dtype == torch.int64 and t.tolist() == [[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]]\n"
                       "assert torch.triu_indices(2, 2, -1).shape == (2, 4) and torch.tril_indices(2, 3, -2).shape == (2, 0)\n"
                       "x = torch.randn(2, 5, 5)\n"
                       "f = torch.compile(lambda a: a[:, torch.triu_indices(5, 5, 1)[0], torch.triu_indices(5, 5, 1)[1]] * 2, backend='eager')\n"
                       "assert f(x).shape == (2, 10)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
