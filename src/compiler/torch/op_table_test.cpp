// Shape rules per family, checked by running small scripts whose `assert`s state the shapes and dtypes
// torch's documentation gives (each comment names the documented rule); a wrong rule fails the assert.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "api.hpp"
#include "test_util.hpp"
#include "torch/op_table.hpp"

using namespace tparse::compiler;

namespace {
Result run(const std::string& body) {
  return compile_script("ops.py", "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" + body, Options{});
}
#define CHECK_RUNS(src)          \
  do {                           \
    Result r_ = run(src);        \
    INFO(r_.error);              \
    CHECK(r_.ok);                \
  } while (0)
}  // namespace

TEST_CASE("op table: spellings, in-place variants, families") {
  Result wrong = run("assert torch.randn(2, 3).sum(0).shape == (2,)\n");  // the asserts below can fail
  CHECK(!wrong.ok);
  CHECK(find_op(kTorch, "cat") != nullptr);
  CHECK(find_op(kF, "cross_entropy")->family == Family::Loss);
  CHECK(find_op(kMethod, "view")->family == Family::View);
  CHECK(find_op(kMethod, "exp_")->family == Family::InPlace);  // derived from Tensor.exp
  CHECK(find_op(kF, "cat") == nullptr);                         // no F.cat in torch
  CHECK(find_op(kMethod, "frobnicate_") == nullptr);
  CHECK(nn_module_modelled("CrossEntropyLoss"));
  CHECK(nn_module_modelled("Buffer"));
}

TEST_CASE("elementwise and binary: broadcasting, dtype promotion, where") {
  // broadcasting semantics: trailing dims align, 1 stretches
  CHECK_RUNS("a = torch.randn(4, 1, 3)\nb = torch.randn(5, 1)\nassert (a + b).shape == (4, 5, 3)\n"
             "assert torch.maximum(a, b).shape == (4, 5, 3)\nassert torch.max(a, b).shape == (4, 5, 3)\n"
             "assert (a > b).dtype == torch.bool\nassert torch.logical_and(a > 0, b > 0).dtype == torch.bool\n"
             "i = torch.arange(6)\nassert i.dtype == torch.int64\nassert (i / 2).dtype == torch.float32\n"
             "assert torch.exp(i).dtype == torch.float32\nassert a.addcmul(b, b).shape == (4, 5, 3)\n"
             // torch.result_type docs: a 0-dim tensor promotes only across categories
             "h = torch.randn(3, dtype=torch.float16)\nassert (h * torch.tensor(2.0)).dtype == torch.float16\n"
             "assert (i * torch.tensor(2.0)).dtype == torch.float32\nassert (h * torch.randn(3)).dtype == torch.float32\n");
  // torch.where(condition, input, other): broadcast of the three; torch.where(condition) == nonzero(as_tuple=True)
  CHECK_RUNS("c = torch.randn(2, 1) > 0\nx = torch.randn(1, 3)\nassert torch.where(c, x, 0.0).shape == (2, 3)\n"
             "assert x.where(c, torch.zeros(2, 3)).shape == (2, 3)\n"
             "m = torch.ones(2, 3) > 0\nidx = torch.where(m)\nassert len(idx) == 2\nassert idx[0].shape == (6,)\nassert idx[0].dtype == torch.int64\n");
  CHECK_RUNS("x = torch.randn(2, 3)\nassert torch.isin(torch.arange(4), torch.arange(2)).dtype == torch.bool\n"
             "assert x.isnan().dtype == torch.bool\nassert (~(x > 0)).dtype == torch.bool\nassert x.clamp(min=0).shape == (2, 3)\n");
  // torch.pow(Scalar self, Tensor exponent): the exponent's shape; an int base keeps the exponent's dtype
  CHECK_RUNS("e = torch.arange(1, 5).float().view(1, 4, 1)\nassert torch.pow(2, e).shape == (1, 4, 1)\n"
             "assert torch.pow(2, e).dtype == torch.float32\nassert torch.pow(2, torch.arange(3)).dtype == torch.int64\n"
             "assert torch.pow(2.0, torch.arange(3)).dtype == torch.float32\n");
  Result bad = run("a = torch.randn(3, 4)\nb = torch.randn(5)\nc = a * b\n");
  CHECK(!bad.ok);
  // (eagerly tparse's stop; in a frame the fake tensor's broadcast check, a TorchRuntimeError)
  CHECK(bad.error.find("cannot broadcast") != std::string::npos);
  Result fake = run("def f(a, b):\n    return a * b\ntorch.compile(f, backend='eager')(torch.randn(8, 16), torch.randn(2))\n");
  CHECK(!fake.ok);
  CHECK(fake.error.find("Attempting to broadcast a dimension of length 2 at -1! Mismatching argument at index 1 had "
                        "torch.Size([2]); but expected shape should be broadcastable to [8, 16]") != std::string::npos);
}

TEST_CASE("in place: x_ keeps the shape; t[idx] = v (KV cache) checks the region") {
  CHECK_RUNS("x = torch.zeros(2, 3)\ny = x.add_(torch.ones(3))\nassert y.shape == (2, 3)\nx.exp_()\nx.masked_fill_(x > 0, 0.0)\n"
             "cache = torch.zeros(1, 4, 16, 8)\nk = torch.randn(1, 4, 2, 8)\ncache[:, :, 3:5] = k\ncache[:, :, 0] = torch.randn(1, 4, 8)\n"
             "cache[..., 0] = 1.0\nassert cache.shape == (1, 4, 16, 8)\n"
             "m = torch.randn(3, 4)\nm[m > 0] = torch.zeros(5)\nm[m > 0] = 0.0\n");
  Result bad = run("cache = torch.zeros(1, 4, 16, 8)\ncache[:, :, 3:5] = torch.randn(1, 4, 3, 8)\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("cannot be broadcast to indexing result") != std::string::npos);
  Result bad2 = run("x = torch.zeros(3)\nx.add_(torch.ones(2, 3))\n");
  CHECK(!bad2.ok);
}

TEST_CASE("in a compiled frame, t[idx] = v is one operator.setitem node printed as FX prints it") {
  Result r = compile_script("kv.py",
                            "import torch\n@torch.compile(backend='eager')\ndef f(cache, k):\n    cache[:, :, 2:4] = k\n    return cache * 2\n"
                            "f(torch.zeros(1, 2, 8, 4), torch.randn(1, 2, 2, 4))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  // torch/fx/graph.py: inplace_methods["setitem"] = "{}[{}] = {}", then `name = args[0]`
  CHECK(r.trace.find("l_cache_[(slice(None, None, None), slice(None, None, None), slice(2, 4, None))] = l_k_;  setitem = l_cache_;  l_k_ = setitem = None") != std::string::npos);
}

TEST_CASE("reductions and sorts: dim, keepdim, (values, indices)") {
  // Tensor.sum(dim, keepdim=False): the dim goes (or stays as 1); no dim: 0-dim; sum of bool/int is int64
  CHECK_RUNS("x = torch.randn(2, 3, 4)\nassert x.sum(1).shape == (2, 4)\nassert x.sum(1, keepdim=True).shape == (2, 1, 4)\n"
             "assert x.mean((0, 2)).shape == (3,)\nassert x.sum().shape == ()\nassert x.argmax(-1).dtype == torch.int64\n"
             "assert (x > 0).sum(-1).dtype == torch.int64\nassert x.amax(dim=-1, keepdim=True).shape == (2, 3, 1)\n"
             "assert torch.logsumexp(x, dim=1).shape == (2, 4)\nassert x.norm(dim=-1).shape == (2, 3)\n");
  // topk(k, dim=-1) -> (values, indices) of size k along dim; sort: same shape; max(dim) -> reduced
  CHECK_RUNS("x = torch.randn(2, 5)\nv, i = torch.topk(x, 3)\nassert v.shape == (2, 3)\nassert i.dtype == torch.int64\n"
             "s = x.sort(dim=-1, descending=True)\nassert s.values.shape == (2, 5)\nassert s.indices.dtype == torch.int64\n"
             "m = x.max(dim=1)\nassert m.values.shape == (2,)\nassert x.max(1, keepdim=True)[0].shape == (2, 1)\n"
             "assert torch.argsort(x, dim=0).shape == (2, 5)\nassert torch.argsort(x).dtype == torch.int64\n"
             "assert x.kthvalue(2, dim=1).values.shape == (2,)\nassert x.cummax(1).indices.shape == (2, 5)\n"
             "assert torch.diff(x, dim=1).shape == (2, 4)\n"
             // torch.diff docs: prepend / append join the input along dim before the differences are taken
             "assert torch.diff(x, dim=-1, prepend=torch.zeros(2, 1)).shape == (2, 5)\n"
             "assert torch.diff(x, n=2, dim=1, prepend=torch.zeros(2, 2), append=torch.zeros(2, 3)).shape == (2, 8)\n");
  Result bad = run("x = torch.randn(2, 5)\ny = x.topk(6)\n");
  CHECK(!bad.ok);
}

TEST_CASE("view family: reshape -1, permute, movedim, flatten/unflatten, squeeze, flip/roll, unfold") {
  CHECK_RUNS("x = torch.randn(2, 3, 4)\nassert x.view(-1, 4).shape == (6, 4)\nassert x.reshape(2, -1).shape == (2, 12)\n"
             "assert x.permute(2, 0, 1).shape == (4, 2, 3)\nassert x.transpose(0, 2).shape == (4, 3, 2)\n"
             "assert x.movedim(0, -1).shape == (3, 4, 2)\nassert torch.movedim(x, (0, 1), (2, 0)).shape == (3, 4, 2)\n"
             "assert x.flatten(1).shape == (2, 12)\nassert x.unflatten(2, (2, 2)).shape == (2, 3, 2, 2)\n"
             "assert x.unsqueeze(1).shape == (2, 1, 3, 4)\nassert x[:, :1].squeeze(1).shape == (2, 4)\n"
             "assert x.expand(5, 2, 3, 4).shape == (5, 2, 3, 4)\nassert x.repeat(2, 1, 1).shape == (4, 3, 4)\n"
             "assert x.tile((2,)).shape == (2, 3, 8)\nassert torch.flip(x, [0, 1]).shape == (2, 3, 4)\n"
             "assert torch.roll(x, 1, 1).shape == (2, 3, 4)\nassert torch.roll(x, (1, 2), (0, 2)).shape == (2, 3, 4)\n"
             "assert torch.rot90(x, 1, (1, 2)).shape == (2, 4, 3)\nassert x.narrow(2, 1, 2).shape == (2, 3, 2)\n"
             "assert x.select(1, 0).shape == (2, 4)\nassert x.unfold(2, 2, 1).shape == (2, 3, 3, 2)\n"
             "assert x.diagonal(0, 1, 2).shape == (2, 3)\n"
             // a 0-dim tensor expanded to new dims ending in 1 (SuperGlue's bin_score.expand(b, m, 1): crashed)
             "a = torch.tensor(1.)\nassert a.expand(2, 3, 1).shape == (2, 3, 1) and a.expand(1, 1, 1).shape == (1, 1, 1)\n"
             "assert a.expand(2, 1).shape == (2, 1)\n");
  Result bad = run("x = torch.randn(2, 3)\ny = x.view(4, -1)\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("is invalid for input of size 6") != std::string::npos);
}

TEST_CASE("join family: cat/stack, split/chunk, meshgrid") {
  CHECK_RUNS("a = torch.randn(2, 3)\nb = torch.randn(2, 5)\nassert torch.cat([a, b], dim=1).shape == (2, 8)\n"
             "assert torch.stack([a, a]).shape == (2, 2, 3)\nassert torch.stack([a, a], dim=-1).shape == (2, 3, 2)\n"
             "p, q = b.split([2, 3], dim=1)\nassert q.shape == (2, 3)\nassert len(b.chunk(2, dim=1)) == 2\n"
             "assert b.chunk(2, dim=1)[1].shape == (2, 2)\nassert len(torch.unbind(a)) == 2\n"
             "assert len(torch.tensor_split(torch.randn(7), 3)) == 3\n"
             // torch.meshgrid docs: sizes (3,) and (4,) -> two (3, 4) grids with 'ij', (4, 3) with 'xy'
             "gx, gy = torch.meshgrid(torch.arange(3), torch.arange(4), indexing='ij')\nassert gx.shape == (3, 4)\n"
             "hx, hy = torch.meshgrid(torch.arange(3), torch.arange(4), indexing='xy')\nassert hy.shape == (4, 3)\n");
  Result bad = run("a = torch.randn(2, 3)\nb = torch.randn(3, 3)\nc = torch.cat([a, b], dim=1)\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("Sizes of tensors must match except in dimension 1") != std::string::npos);
  // torch.cat skips legacy empty 1-D tensors (shape (0,)) whatever the dim, and in a frame stays one node each
  CHECK_RUNS("e = torch.tensor([], dtype=torch.float16)\nx = torch.randn(1, 4, 8, 16)\ny = torch.cat([e, x], dim=-2)\n"
             "assert y.shape == (1, 4, 8, 16)\nassert y.dtype == torch.float32\n"
             "assert torch.cat([torch.zeros(0), torch.ones(3)]).shape == (3,)\n"
             "def f(x):\n    k = torch.tensor([], dtype=x.dtype)\n    return torch.cat([k, x], dim=-2) * 2\n"
             "cf = torch.compile(f, backend='eager')\nassert cf(torch.randn(2, 3, 4)).shape == (2, 3, 4)\n");
}

TEST_CASE("index family: advanced indexing, gather/scatter, index_select, searchsorted, bincount") {
  CHECK_RUNS("x = torch.randn(5, 6, 7)\ni = torch.zeros(2, 3, dtype=torch.long)\nassert x[i].shape == (2, 3, 6, 7)\n"
             "assert x[:, i].shape == (5, 2, 3, 7)\nassert x[i, :, i].shape == (2, 3, 6)\n"
             "assert x[None, ..., 0].shape == (1, 5, 6)\nassert x[[0, 1]].shape == (2, 6, 7)\n"
             "g = torch.gather(x, 2, torch.zeros(5, 6, 2, dtype=torch.long))\nassert g.shape == (5, 6, 2)\n"
             "s = x.scatter(2, torch.zeros(5, 6, 2, dtype=torch.long), 1.0)\nassert s.shape == (5, 6, 7)\n"
             "x.scatter_(1, torch.zeros(5, 1, 7, dtype=torch.long), torch.ones(5, 1, 7))\n"
             "assert x.index_select(1, torch.arange(3)).shape == (5, 3, 7)\n"
             "assert torch.take_along_dim(x, torch.zeros(5, 6, 1, dtype=torch.long), dim=2).shape == (5, 6, 1)\n"
             "assert x.repeat_interleave(2, dim=0).shape == (10, 6, 7)\n"
             // searchsorted(sorted_sequence, values): indices shaped like values
             "b = torch.searchsorted(torch.arange(10), torch.zeros(3, 4))\nassert b.shape == (3, 4)\nassert b.dtype == torch.int64\n"
             "assert torch.bucketize(torch.zeros(3, 4), torch.arange(10)).shape == (3, 4)\n"
             "assert torch.bincount(torch.full((5,), 3), minlength=2).shape == (4,)\n"
             // histogram: (hist, bin_edges), an int bin count or a 1-D tensor of edges (numpy's np.histogram of a tensor)
             "h, e = torch.histogram(torch.rand(100), bins=5)\nassert h.shape == (5,) and e.shape == (6,)\n"
             "r = torch.histogram(torch.rand(10), torch.tensor([0., .5, 1.]))\nassert r.hist.shape == (2,) and r.bin_edges.shape == (3,)\n"
             "assert torch.histogram(torch.rand(10).double(), 4).hist.dtype == torch.float64\n"
             "assert F.one_hot(torch.zeros(4, dtype=torch.long), num_classes=3).shape == (4, 3)\n");
}

TEST_CASE("matmul family: matmul broadcasting, baddbmm, outer, einsum forms") {
  // torch.matmul docs: (j,1,n,m) @ (k,m,p) -> (j,k,n,p); 1-D operands lose their dim
  CHECK_RUNS("a = torch.randn(10, 1, 3, 4)\nb = torch.randn(5, 4, 2)\nassert torch.matmul(a, b).shape == (10, 5, 3, 2)\n"
             "assert (torch.randn(3, 4) @ torch.randn(4)).shape == (3,)\nassert torch.mm(torch.randn(2, 3), torch.randn(3, 5)).shape == (2, 5)\n"
             "assert torch.baddbmm(torch.randn(1, 3, 5), torch.randn(2, 3, 4), torch.randn(2, 4, 5)).shape == (2, 3, 5)\n"
             "assert torch.outer(torch.randn(3), torch.randn(4)).shape == (3, 4)\n"
             "assert torch.addmm(torch.randn(5), torch.randn(2, 3), torch.randn(3, 5)).shape == (2, 5)\n");
  // einsum docs examples: trace 'ii', diagonal 'ii->i', outer 'i,j->ij', batch matmul 'bij,bjk->bik',
  // implicit output (letters once, sorted), ellipsis broadcasting '...ij->...ji', list operands
  CHECK_RUNS("x = torch.randn(4, 4)\nassert torch.einsum('ii', x).shape == ()\nassert torch.einsum('ii->i', x).shape == (4,)\n"
             "assert torch.einsum('i,j->ij', torch.randn(5), torch.randn(4)).shape == (5, 4)\n"
             "assert torch.einsum('bij,bjk->bik', torch.randn(3, 2, 5), torch.randn(3, 5, 4)).shape == (3, 2, 4)\n"
             "assert torch.einsum('bn,anm,bm->ba', torch.randn(2, 5), torch.randn(3, 5, 4), torch.randn(2, 4)).shape == (2, 3)\n"
             "assert torch.einsum('ij,jk', torch.randn(2, 3), torch.randn(3, 5)).shape == (2, 5)\n"
             "assert torch.einsum('ba,b', torch.randn(2, 3), torch.randn(2)).shape == (3,)\n"
             "assert torch.einsum('...ij->...ji', torch.randn(2, 3, 4, 5)).shape == (2, 3, 5, 4)\n"
             "assert torch.einsum('...ij,...jk', torch.randn(7, 2, 3), torch.randn(1, 3, 4)).shape == (7, 2, 4)\n"
             "assert torch.einsum('i j , j k -> i k', [torch.randn(2, 3), torch.randn(3, 6)]).shape == (2, 6)\n");
  Result bad = run("y = torch.einsum('ij,jk->ik', torch.randn(2, 3), torch.randn(4, 5))\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("subscript j has size 3 for one operand and 4 for another") != std::string::npos);
}

TEST_CASE("nn, norm, conv families") {
  CHECK_RUNS("x = torch.randn(2, 8, 16)\nw = torch.randn(32, 16)\nassert F.linear(x, w).shape == (2, 8, 32)\n"
             "assert F.rms_norm(x, (16,)).shape == (2, 8, 16)\nassert F.layer_norm(x, [16]).shape == (2, 8, 16)\n"
             "assert F.group_norm(torch.randn(2, 6, 5), 3).shape == (2, 6, 5)\n"
             "q = torch.randn(2, 4, 8, 16)\nk = torch.randn(2, 4, 10, 16)\nv = torch.randn(2, 4, 10, 32)\n"
             "assert F.scaled_dot_product_attention(q, k, v).shape == (2, 4, 8, 32)\n"
             "assert F.embedding(torch.zeros(3, 5, dtype=torch.long), torch.randn(100, 7)).shape == (3, 5, 7)\n"
             "assert F.glu(torch.randn(2, 6)).shape == (2, 3)\n");
  // Conv2d docs: H_out = floor((H_in + 2*padding - dilation*(k-1) - 1)/stride + 1); ConvTranspose2d:
  // (H_in - 1)*stride - 2*padding + dilation*(k-1) + output_padding + 1
  CHECK_RUNS("x = torch.randn(1, 3, 32, 32)\nassert F.conv2d(x, torch.randn(8, 3, 3, 3), stride=2, padding=1).shape == (1, 8, 16, 16)\n"
             "assert F.conv_transpose2d(torch.randn(1, 8, 16, 16), torch.randn(8, 3, 4, 4), stride=2, padding=1).shape == (1, 3, 32, 32)\n"
             "assert F.max_pool2d(x, 2).shape == (1, 3, 16, 16)\nassert F.avg_pool2d(x, 3, 2, 1).shape == (1, 3, 16, 16)\n"
             "assert F.adaptive_avg_pool2d(x, (4, 5)).shape == (1, 3, 4, 5)\nassert F.pad(x, (1, 2)).shape == (1, 3, 32, 35)\n"
             "assert F.interpolate(x, scale_factor=2).shape == (1, 3, 64, 64)\n"
             "assert F.pixel_shuffle(torch.randn(1, 12, 4, 4), 2).shape == (1, 3, 8, 8)\n"
             "assert F.unfold(x, kernel_size=2, stride=2).shape == (1, 12, 256)\n"
             "assert F.grid_sample(x, torch.randn(1, 5, 6, 2)).shape == (1, 3, 5, 6)\n"
             "m = nn.ConvTranspose1d(4, 6, 3, stride=2)\nassert m(torch.randn(2, 4, 10)).shape == (2, 6, 21)\n"
             "g = nn.GroupNorm(2, 4)\nassert g(torch.randn(3, 4, 5)).shape == (3, 4, 5)\nassert g.weight.shape == (4,)\n");
}

TEST_CASE("loss family: reduction='mean'/'sum' -> 0-dim, 'none' -> per sample; nn loss modules") {
  // F.cross_entropy docs: input (N, C) or (N, C, d1...), target (N) or (N, d1...); 'none' -> (N, d1...)
  CHECK_RUNS("logits = torch.randn(8, 10)\nt = torch.zeros(8, dtype=torch.long)\nl = F.cross_entropy(logits, t)\nassert l.shape == ()\n"
             "assert F.cross_entropy(logits, t, reduction='none').shape == (8,)\n"
             "assert F.cross_entropy(torch.randn(2, 5, 7), torch.zeros(2, 7, dtype=torch.long), reduction='none').shape == (2, 7)\n"
             "assert F.cross_entropy(logits, t, ignore_index=-1, reduction='sum').shape == ()\n"
             "assert F.mse_loss(torch.randn(3, 4), torch.randn(3, 4), reduction='none').shape == (3, 4)\n"
             "assert F.binary_cross_entropy_with_logits(torch.randn(3), torch.ones(3)).shape == ()\n"
             "assert F.kl_div(torch.randn(3, 4), torch.randn(3, 4), reduction='batchmean').shape == ()\n"
             "assert F.cosine_similarity(torch.randn(3, 4), torch.randn(3, 4)).shape == (3,)\n"
             "assert F.cosine_similarity(torch.randn(3, 4), torch.randn(3, 4), dim=-1).shape == (3,)\n"
             "ce = nn.CrossEntropyLoss()\nassert ce(logits, t).shape == ()\n"
             "assert nn.CrossEntropyLoss(reduction='none')(logits, t).shape == (8,)\n"
             "assert nn.MSELoss()(torch.randn(2), torch.randn(2)).shape == ()\nassert nn.BCEWithLogitsLoss()(torch.randn(2), torch.ones(2)).shape == ()\n"
             "assert F.l1_loss(torch.rand(2, 3), torch.zeros(3)).shape == ()\n");  // (broadcast: a warning, no error)
  // mse / l1 broadcast_tensors the two whatever their ranks: a [4] target against a [1, 1, 11, 11] input is torch's
  // RuntimeError "The size of tensor a (11) must match ..." (real torch 2.11: pix2pixHD's GAN loss); eagerly tparse's
  // own stop there, as for any eager broadcast mismatch
  Result bad = run("import torch.nn as nn\nnn.MSELoss()(torch.rand(1, 1, 11, 11), torch.zeros(4))\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("cannot broadcast [1, 1, 11, 11] and [4]") != std::string::npos);
}

TEST_CASE("creation and complex families; nn.Buffer; value calls") {
  CHECK_RUNS("assert torch.arange(2, 10, 3).shape == (3,)\nassert torch.arange(0, 1, 0.25).shape == (4,)\n"
             "assert torch.arange(0, 1, 0.25).dtype == torch.float32\nassert torch.full((2, 3), 7).dtype == torch.int64\n"
             // by keyword (dia: torch.full(size=..., fill_value=..., dtype=...)); tensor(data=), full_like(fill_value=)
             "assert torch.full(size=(2, 3), fill_value=1.5).shape == (2, 3)\nassert torch.full(size=(4,), fill_value=2).dtype == torch.int64\n"
             "assert torch.tensor(data=[1, 2]).shape == (2,)\nassert torch.full_like(torch.ones(2), fill_value=3).shape == (2,)\n"
             "assert torch.eye(3, 4).shape == (3, 4)\nassert torch.linspace(0, 1, steps=5).shape == (5,)\n"
             "assert torch.zeros_like(torch.randn(2, 3), dtype=torch.long).dtype == torch.int64\n"
             "assert torch.randn(2).new_zeros(4, 5).shape == (4, 5)\nassert torch.hann_window(8).shape == (8,)\n"
             "assert torch.multinomial(torch.ones(3, 5), 2).shape == (3, 2)\nassert torch.normal(torch.zeros(2, 3), 1.0).shape == (2, 3)\n"
             "assert torch.tensor([[1, 2], [3, 4]]).dtype == torch.int64\nassert torch.scalar_tensor(2).shape == ()\n"
             "assert torch.sinc(torch.arange(3)).dtype == torch.float32\n");
  // the legacy typed constructors: sizes give an uninitialized tensor of that shape, a sequence the data
  CHECK_RUNS("a = torch.FloatTensor(2, 3, 4)\nassert a.shape == (2, 3, 4)\nassert a.dtype == torch.float32\n"
             "b = torch.LongTensor([[1, 2, 3]])\nassert b.shape == (1, 3)\nassert b.dtype == torch.int64\n"
             "assert torch.BoolTensor(5).dtype == torch.bool\nassert torch.DoubleTensor((1.0, 2.0)).shape == (2,)\n"
             "assert nn.Parameter(torch.FloatTensor(4, 16)).shape == (4, 16)\n");
  // view_as_complex: last dim of size 2 -> complex64 without it; view_as_real: back; torch.polar(abs, angle)
  CHECK_RUNS("x = torch.randn(2, 8, 4, 2)\nc = torch.view_as_complex(x)\nassert c.shape == (2, 8, 4)\nassert c.dtype == torch.complex64\n"
             "p = torch.polar(torch.ones(8, 4), torch.randn(8, 4))\nassert p.dtype == torch.complex64\n"
             "r = torch.view_as_real(c * p)\nassert r.shape == (2, 8, 4, 2)\nassert r.dtype == torch.float32\n");
  Result bad = run("c = torch.view_as_complex(torch.randn(2, 3))\n");
  CHECK(!bad.ok);
  CHECK(bad.error.find("last dimension of size 2") != std::string::npos);
  CHECK_RUNS("class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.inv = nn.Buffer(torch.ones(4), persistent=False)\n"
             "        self.w = nn.Parameter(torch.randn(3))\n"
             "m = M()\nassert m.inv.shape == (4,)\nassert not m.inv.requires_grad\nassert m.w.requires_grad\n"
             "assert torch.jit.is_tracing() == False\nassert torch.get_default_dtype() == torch.float32\n"
             "assert torch.randn(2, 3).stride() == (3, 1)\nassert torch.is_floating_point(torch.randn(1))\n");
}

// The KV-cache program (testdata/programs/kv_cache_ops.py, truth recorded under torch 2.11.0+cu130): its
// first graph (setitem, view_as_complex/real, einsum with `...`, roll, flip, meshgrid, topk, gather,
// argsort, cross_entropy, F.rms_norm inlined to torch.rms_norm) equals the real one line by line, strides
// included (slices keep their base's strides, meshgrid's grids are expanded views) except einsum's, and
// `# File:` comments aside (F.rms_norm's line is in torch's functional.py).
TEST_CASE("kv_cache_ops: the first graph equals torch 2.11's") {
  namespace fs = std::filesystem;
  fs::path prog = fs::path(TPARSE_TESTDATA) / "programs" / "kv_cache_ops.py";
  fs::path tdir = fs::path(TPARSE_TESTDATA) / "programs" / "truth" / "kv_cache_ops" / "trace";
  REQUIRE(fs::exists(tdir));
  auto slurp = [](const fs::path& p) { return tparse::testing::read_maybe_gz(p); };  // (truth traces are .log.gz)
  std::string real;
  for (auto& e : fs::directory_iterator(tdir)) real = slurp(e.path());
  Result r = compile_script(prog.string(), slurp(prog), Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  auto first_graph = [](const std::string& trace) {
    std::vector<std::string> lines;
    size_t at = trace.find("{\"dynamo_output_graph\"");
    if (at == std::string::npos) return lines;
    std::istringstream in(trace.substr(trace.find('\n', at) + 1));
    std::regex strides("\\]\\[[0-9, ]*\\]cpu");
    for (std::string l; std::getline(in, l) && !l.empty() && l[0] == '\t';) {
      if (l.find("# File:") != std::string::npos) continue;
      // einsum's strides come from the contraction path torch picks (a permuted bmm): not modelled
      lines.push_back(l.find("einsum(") != std::string::npos ? std::regex_replace(l, strides, "]cpu") : l);
    }
    return lines;
  };
  std::vector<std::string> a = first_graph(real), b = first_graph(r.trace);
  REQUIRE(a.size() > 40);
  CHECK(a.size() == b.size());
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    INFO("line " << i);
    CHECK(a[i] == b[i]);
  }
}

// `t.T` / `.mT` / `.real` / `.imag` are attribute reads: Dynamo records `call_function getattr` (printed
// `t.T`), which torch._dynamo.explain counts (falcon's `input @ self.weight.T`: 8 getattr ops in its explain).
TEST_CASE("tensor view attributes: shapes, dtypes and a getattr node each") {
  Result r = compile_script("v.py",
                            "import torch\n"
                            "def f(w, c):\n"
                            "    a = w.T\n    b = w.unsqueeze(0).mT\n    re = c.real\n    im = c.imag\n"
                            "    assert a.shape == (3, 4) and b.shape == (1, 3, 4)\n"
                            "    assert re.shape == (4, 3) and re.dtype == torch.float32 and im.dtype == torch.float32\n"
                            "    return a.sum() + b.sum() + re.sum() + im.sum()\n"
                            "cf = torch.compile(f, backend='eager')\n"
                            "cf(torch.randn(4, 3), torch.polar(torch.ones(4, 3), torch.zeros(4, 3)))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  const std::string& code = r.trace;
  CHECK(code.find("a: \"f32[3, 4][1, 3]cpu\" = l_w_.T") != std::string::npos);  // named after the variable, as Dynamo does
  CHECK(code.find(".mT") != std::string::npos);
  CHECK(code.find(".real") != std::string::npos);
  CHECK(code.find(".imag") != std::string::npos);
  CHECK(!compile_script("v.py", "import torch\nx = torch.randn(3).imag\n", Options{}).ok);  // imag of a real tensor
}

// nn.MultiheadAttention's submodules and parameters as torch builds them (CLIP's initialize_parameters
// reads attn.out_proj.weight and attn.in_proj_weight).
TEST_CASE("nn.MultiheadAttention: in_proj_weight / in_proj_bias / out_proj") {
  CHECK_RUNS("m = nn.MultiheadAttention(64, 4)\nassert m.in_proj_weight.shape == (192, 64) and m.in_proj_bias.shape == (192,)\n"
             "assert m.out_proj.weight.shape == (64, 64) and m.out_proj.bias.shape == (64,)\n"
             "n = nn.MultiheadAttention(32, 2, bias=False)\nassert n.in_proj_bias is None and n.out_proj.bias is None\n"
             "assert len(list(m.parameters())) == 4\n");
}

// einops (allow_in_graph under torch 2): one call_function node per call, the shape from the pattern.
TEST_CASE("einops rearrange / repeat / reduce: shapes from the pattern, one node each") {
  Result r = compile_script("e.py",
                            "import torch\nfrom einops import rearrange, repeat, reduce\n"
                            "def f(x):\n"
                            "    a = rearrange(x, 'b (h w) c -> b c h w', h=4)\n"
                            "    assert a.shape == (2, 8, 4, 3)\n"
                            "    b = rearrange(x, 'b n (heads d) -> b heads n d', heads=2)\n"
                            "    assert b.shape == (2, 2, 12, 4)\n"
                            "    c = repeat(x, 'b n c -> b k n c', k=3)\n"
                            "    assert c.shape == (2, 3, 12, 8)\n"
                            "    d = reduce(x, 'b n c -> b c', 'mean')\n"
                            "    assert d.shape == (2, 8)\n"
                            "    e = rearrange(x, '... c -> (...) c')\n"
                            "    assert e.shape == (24, 8)\n"
                            "    return a.sum() + b.sum() + c.sum() + d.sum() + e.sum()\n"
                            "cf = torch.compile(f, backend='eager')\ncf(torch.randn(2, 12, 8))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.unmodelled.empty());
  CHECK(r.trace.find("einops_einops_rearrange(l_x_, 'b (h w) c -> b c h w', h = 4)") != std::string::npos);
  Result bad = compile_script("e.py", "import torch\nfrom einops import rearrange\nrearrange(torch.randn(2, 10), 'b (h w) -> b h w', h=3)\n", Options{});
  CHECK(!bad.ok);
  CHECK(bad.error.find("can't divide axis of length 10 in chunks of 3") != std::string::npos);
  Result big = compile_script("e.py", "import torch\nfrom einops import rearrange\n"
                              "rearrange(torch.randn(2, 4), 'b (h w) -> b h w', h=4000000000, w=4000000000)\n", Options{});
  CHECK(!big.ok);
  CHECK(big.error.find("overflows 64 bits") != std::string::npos);
}

TEST_CASE("einops layers: Rearrange / Reduce run einops' recipe as Dynamo traces it; einops.einsum is one node") {
  // vit-pytorch's patch embedding under torch 2.11 + einops 0.8.2 (the device's trace of our driver):
  //   tensor = l_img_.reshape([2, 3, 4, 8, 4, 8]); tensor_1 = tensor.permute([0, 2, 4, 3, 5, 1]);
  //   tensor_2 = tensor_1.reshape([2, 16, 192]), strides [3072, 256, 8, 32, 1, 1024] after the permute
  Result r = compile_script("e.py",
                            "import torch\nfrom torch import nn\nfrom einops import einsum\n"
                            "from einops.layers.torch import Rearrange, Reduce\n"
                            "m = nn.Sequential(Rearrange('b c (h p1) (w p2) -> b (h w) (p1 p2 c)', p1=8, p2=8), nn.Linear(192, 64),\n"
                            "                  Reduce('b n d -> b d', 'mean'))\n"
                            "def f(img, a):\n"
                            "    y = m(img)\n"
                            "    assert y.shape == (2, 64)\n"
                            "    z = einsum(y, a, 'b d, d n -> b n')\n"
                            "    assert z.shape == (2, 5)\n"
                            "    return z\n"
                            "torch.compile(f, backend='eager')(torch.randn(2, 3, 32, 32), torch.randn(64, 5))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.unmodelled.empty());
  CHECK(r.trace.find("tensor: \"f32[2, 3, 4, 8, 4, 8][3072, 1024, 256, 32, 8, 1]cpu\" = l_img_.reshape([2, 3, 4, 8, 4, 8])") != std::string::npos);
  CHECK(r.trace.find("tensor_1: \"f32[2, 4, 4, 8, 8, 3][3072, 256, 8, 32, 1, 1024]cpu\" = tensor.permute([0, 2, 4, 3, 5, 1])") != std::string::npos);
  CHECK(r.trace.find("tensor_2: \"f32[2, 16, 192][3072, 192, 1]cpu\" = tensor_1.reshape([2, 16, 192])") != std::string::npos);
  CHECK(r.trace.find("_torch_specific.py:46 in transpose, code: return x.permute(axes)") != std::string::npos);
  // Reduce: einops orders the kept axes first and the reduced ones last (_prepare_transformation_recipe), so a
  // permute, then the reduction over the trailing axes (TorchJitBackend.reduce)
  CHECK(r.trace.find(".permute([0, 2, 1])") != std::string::npos);
  CHECK(r.trace.find(".mean(dim = [2])") != std::string::npos);
  CHECK(r.trace.find("einops_einops_einsum(") != std::string::npos);
}

TEST_CASE("einops lengths that are SymInts keep their symbol in the dynamic compile (no silent constant)") {
  // after the batch turns dynamic, `b=x.shape[0]` is s77: repeat's new axis and rearrange's split axis are s77 and
  // the axis inferred beside it is 4 (sympy's (4*s77)//s77), not the second call's batch 3
  Result r = compile_script("e.py",
                            "import torch\nfrom einops import rearrange, repeat\n"
                            "p = torch.randn(4, 8)\n"
                            "def f(x):\n"
                            "    b = x.shape[0]\n"
                            "    mk = repeat(p, 'h c -> b h c', b=b)\n"
                            "    y = rearrange(x.reshape(-1, 8), '(b n) d -> b n d', b=b)\n"
                            "    return torch.cat((mk, y), dim=-1)\n"
                            "cf = torch.compile(f, backend='eager')\ncf(torch.randn(2, 4, 8))\ncf(torch.randn(3, 4, 8))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<std::string> g = tparse::compiler::testing::output_graphs(r.trace);
  REQUIRE(g.size() == 2);
  CHECK(g[1].find("mk: \"f32[s77, 4, 8]") != std::string::npos);
  CHECK(g[1].find("y: \"f32[s77, 4, 8]") != std::string::npos);
  CHECK(g[1].find("\"f32[s77, 4, 16]") != std::string::npos);
  CHECK(g[1].find("[3, 4") == std::string::npos);
}

TEST_CASE("einops.rearrange keeps the view strides torch gives it (reshape, permute, reshape as views where they exist)") {
  // vit-pytorch under torch 2.11 (the device's trace of our driver): a chunk of a [2, 17, 192] linear output,
  // rearranged 'b n (h d) -> b h n d', is a view with strides [3264, 16, 192, 1]; merging it back 'b h n d -> b n (h d)'
  // is a view again (h's stride 16 is d's 1 * 16: torch's computeStride), [3264, 192, 1]; x-transformers' [1, 8, 256]
  // input keeps its unit batch dim's stride 2048
  Result r = compile_script("e.py",
                            "import torch\nfrom einops import rearrange\n"
                            "def f(x, y):\n"
                            "    q = rearrange(x.chunk(3, dim=-1)[0], 'b n (h d) -> b h n d', h=4)\n"
                            "    o = rearrange(q, 'b h n d -> b n (h d)')\n"
                            "    p = rearrange(y, 'b n (h d) -> b h n d', h=4)\n"
                            "    return o.sum() + p.sum()\n"
                            "torch.compile(f, backend='eager')(torch.randn(2, 17, 192), torch.randn(1, 8, 256))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.trace.find("q: \"f32[2, 4, 17, 16][3264, 16, 192, 1]cpu\" = einops_einops_rearrange(") != std::string::npos);
  CHECK(r.trace.find("o: \"f32[2, 17, 64][3264, 192, 1]cpu\" = einops_einops_rearrange(") != std::string::npos);
  CHECK(r.trace.find("p: \"f32[1, 4, 8, 64][2048, 64, 256, 1]cpu\" = einops_einops_rearrange(") != std::string::npos);
}

TEST_CASE("the graph names a call as torch does: torch/functional.py functions, nn.Embedding's padding_idx") {
  // torch.split and torch.meshgrid live in torch/functional.py (torch 2.11 traces: `torch.functional.split(...)`);
  // nn.Embedding.forward calls F.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse)
  Result r = run("class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                 "        self.emb = nn.Embedding(16, 4, padding_idx=-1)\n"
                 "    def forward(self, ids):\n        a, b = torch.split(self.emb(ids), [1, 3], dim=-1)\n"
                 "        g = torch.meshgrid(torch.arange(2), torch.arange(3), indexing='ij')\n        return a * 2, b, g[0]\n"
                 "cm = torch.compile(M(), backend='eager')\ncm(torch.zeros(1, 3, dtype=torch.long))\n");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("torch.functional.split(embedding, [1, 3], dim = -1)") != std::string::npos);
  CHECK(r.trace.find("torch.functional.meshgrid(") != std::string::npos);
  CHECK(r.trace.find("torch.nn.functional.embedding(l_ids_, l_self_modules_emb_parameters_weight_, 15, None, 2.0, False, False)") != std::string::npos);
}
TEST_CASE("torch.fft: rfft bins, irfft samples, n-dim and 2-d forms, complex dtypes; nodes named as their C bindings") {
  // shapes as torch documents them (s4's FFT convolution: rfft(k, n=2L) * rfft(u, n=2L) -> irfft(n=2L)[..., :L])
  Result r = compile_script("m.py", "import torch\nx = torch.randn(2, 3, 16)\n"
                            "assert torch.fft.rfft(x).shape == (2, 3, 9) and torch.fft.rfft(x).dtype == torch.complex64\n"
                            "assert torch.fft.irfft(torch.fft.rfft(x)).shape == (2, 3, 16) and torch.fft.rfft(x, n=32).shape == (2, 3, 17)\n"
                            "assert torch.fft.irfft(torch.fft.rfft(x)).dtype == torch.float32 and torch.fft.fft(x).dtype == torch.complex64\n"
                            "assert torch.fft.rfftn(x, dim=(-2, -1)).shape == (2, 3, 9) and torch.fft.fftn(x).shape == (2, 3, 16)\n"
                            "assert torch.fft.irfft2(torch.fft.rfft2(x)).shape == (2, 3, 16) and torch.fft.fftshift(x).shape == x.shape\n"
                            "def f(u, k):\n    L = u.size(-1)\n"
                            "    return torch.fft.irfft(torch.fft.rfft(u, n=2 * L) * torch.fft.rfft(k, n=2 * L), n=2 * L)[..., :L] + u\n"
                            "torch.compile(f, backend='eager')(torch.randn(2, 4, 16), torch.randn(4, 16))\n",
                            Options{});
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.unmodelled.empty());
  CHECK(r.trace.find("fft_irfft: \"f32[2, 4, 32]") != std::string::npos);
  CHECK(r.trace.find("torch._C._fft.fft_rfft(l_u_, n = 32)") != std::string::npos);
}

TEST_CASE("batch_norm / instance_norm in training check their sizes: one value per channel is a ValueError") {
  CHECK_RUNS("bn = torch.nn.BatchNorm1d(4)\n"
             "try:\n    bn(torch.randn(1, 4))\n    ok = False\nexcept ValueError as e:\n"
             "    ok = str(e) == 'Expected more than 1 value per channel when training, got input size torch.Size([1, 4])'\n"
             "assert ok\nbn.eval()\nassert bn(torch.randn(1, 4)).shape == (1, 4)\n"
             "inorm = torch.nn.InstanceNorm2d(3)\n"
             "try:\n    inorm(torch.randn(2, 3, 1, 1))\n    ok = False\nexcept ValueError as e:\n"
             "    ok = str(e) == 'Expected more than 1 spatial element when training, got input size torch.Size([2, 3, 1, 1])'\n"
             "assert ok\nassert inorm(torch.randn(2, 3, 2, 1)).shape == (2, 3, 2, 1)\n"
             "assert torch.nn.functional.batch_norm(torch.randn(1, 4), None, None, training=False).shape == (1, 4)\n");
}

TEST_CASE("RNN parameters per layer and direction (RNNBase): _flat_weights_names, _flat_weights, all_weights") {
  CHECK_RUNS("g = torch.nn.GRU(4, 6, 2, bidirectional=True)\n"
             "assert g._flat_weights_names[:4] == ['weight_ih_l0', 'weight_hh_l0', 'bias_ih_l0', 'bias_hh_l0']\n"
             "assert g._flat_weights_names[4] == 'weight_ih_l0_reverse' and len(g._flat_weights_names) == 16\n"
             "assert g.weight_ih_l1.shape == (18, 12) and g.bias_hh_l1_reverse.shape == (18,)\n"
             "assert len(g._flat_weights) == 16 and len(g.all_weights) == 4 and g.all_weights[0][0].shape == (18, 4)\n"
             "assert len(list(g.parameters())) == 16\n"
             "r = torch.nn.LSTM(3, 5, bias=False)\nassert [n for n, _ in r.named_parameters()] == ['weight_ih_l0', 'weight_hh_l0']\n");
}

TEST_CASE("scaled_dot_product_attention's attn_mask must broadcast to [*batch, L, S]") {
  CHECK_RUNS("q = torch.randn(2, 4, 8, 16)\nk = torch.randn(2, 4, 10, 16)\n"
             "assert torch.nn.functional.scaled_dot_product_attention(q, k, k, attn_mask=torch.ones(8, 10, dtype=torch.bool)).shape == (2, 4, 8, 16)\n"
             "assert torch.nn.functional.scaled_dot_product_attention(q, k, k, attn_mask=torch.ones(2, 1, 1, 10, dtype=torch.bool)).shape == (2, 4, 8, 16)\n");
  Result bad = run("q = torch.randn(2, 4, 8, 16)\nm = torch.ones(1, 1, 8, 32, dtype=torch.bool)\n"
                   "y = torch.nn.functional.scaled_dot_product_attention(q, q, q, attn_mask=m)\n");
  CHECK(bad.error.find("Attempting to broadcast a dimension of length 32 at -1") != std::string::npos);
}

TEST_CASE("a boolean mask's shape must equal the indexed dims it covers, whatever its data (IndexError)") {
  CHECK_RUNS("x = torch.randn(2, 4, 64)\nm = torch.randn(2, 4, 8) > 0\n"
             "try:\n    y = x[m]\n    ok = False\nexcept IndexError as e:\n"
             "    ok = str(e) == 'The shape of the mask [2, 4, 8] at index 2 does not match the shape of the indexed tensor [2, 4, 64] at index 2'\n"
             "assert ok\nassert x[torch.randn(2, 4) > 0].dim() == 2 and x[:, torch.ones(4, dtype=torch.bool)].shape == (2, 4, 64)\n");
}

TEST_CASE("to_sparse / to_dense / coalesce keep the shape and dtype (whisper's alignment_heads buffer)") {
  CHECK_RUNS("x = torch.zeros(4, 6, dtype=torch.bool)\ns = x.to_sparse()\n"
             "assert s.shape == (4, 6) and s.dtype == torch.bool and s.to_dense().shape == (4, 6) and s.coalesce().shape == (4, 6)\n");
}

TEST_CASE("a sparse tensor's indices() / values(): its nonzero entries in row-major order; a dense tensor has none") {
  CHECK_RUNS("adj = torch.tensor([[0., 1., 0.], [2., 0., 3.]])\ns = adj.to_sparse().coalesce()\ni = s.indices()\n"
             "assert i.shape == (2, 3) and i.dtype == torch.int64 and i.tolist() == [[0, 1, 1], [1, 0, 2]]\n"
             "assert s.values().tolist() == [1.0, 2.0, 3.0] and s._indices().shape == (2, 3)\n"
             "assert s.to_dense().tolist() == adj.tolist()\n"
             "try:\n    adj.indices()\n    ok = False\nexcept RuntimeError as e:\n"
             "    ok = str(e) == 'indices expected sparse coordinate tensor layout but got Strided'\nassert ok\n");
}

TEST_CASE("linalg.lstsq's solution: the first n rows of a column-major (max(m, n), k) copy of B (Koopa, m < n)") {
  CHECK_RUNS("s = torch.linalg.lstsq(torch.randn(2, 3, 5), torch.randn(2, 3, 4)).solution\n"
             "assert s.shape == (2, 5, 4) and s.stride() == (20, 1, 5)\n"
             "s = torch.linalg.lstsq(torch.randn(6, 4), torch.randn(6, 2)).solution\n"
             "assert s.shape == (4, 2) and s.stride() == (1, 6)\n");
}

TEST_CASE("F.unfold of a symbolic size: the windows' count stays symbolic (ConvBERT's span convolution), static sizes unchanged") {
  CHECK_RUNS("import torch.nn.functional as F\n"
             "assert F.unfold(torch.randn(1, 32, 12, 1), kernel_size=[9, 1], padding=[4, 0]).shape == (1, 288, 12)\n"
             "assert F.unfold(torch.randn(2, 3, 8, 8), kernel_size=2, stride=2).shape == (2, 12, 16)\n");
  const char* src =
      "import torch\nimport torch.nn.functional as F\n\n"
      "def f(h):\n    x = h.transpose(1, 2).contiguous().unsqueeze(-1)\n"
      "    return F.unfold(x, kernel_size=[9, 1], dilation=1, padding=[4, 0], stride=1).transpose(1, 2).reshape(1, -1, 32, 9)\n\n"
      "g = torch.compile(f, backend='eager')\nfor n in (8, 12):\n    g(torch.randn(1, n, 32))\n";
  Result r = compile_script("u.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("\"f32[1, 288, s") != std::string::npos);  // the recompile keeps the length symbolic
  CHECK(r.trace.find("symbolic_shape_specialization") == std::string::npos);
}

TEST_CASE("torch.svd: U column-major, S, V = Vh.mH row-major; some=False gives the complete factors (Koopa's init)") {
  CHECK_RUNS("U, S, V = torch.svd(torch.randn(6, 4))\n"
             "assert U.shape == (6, 4) and U.stride() == (1, 6) and S.shape == (4,) and V.shape == (4, 4) and V.stride() == (4, 1)\n"
             "U, S, V = torch.svd(torch.randn(3, 5), some=False)\n"
             "assert U.shape == (3, 3) and S.shape == (3,) and V.shape == (5, 5)\n"
             "r = torch.svd(torch.randn(2, 4, 4))\nassert r.V.shape == (2, 4, 4) and r.S.shape == (2, 4)\n");
}

// shapes and strides from torch 2.11 (testdata/programs/truth/grouped_mm_and_solve_shapes/stdout.txt)
TEST_CASE("F.grouped_mm, linalg.solve_triangular / solve / cholesky: torch 2.11's shapes and column-major strides") {
  CHECK_RUNS("import torch.nn.functional as F\n"
             "y = F.grouped_mm(torch.randn(10, 16), torch.randn(4, 16, 24), offs=torch.tensor([2, 5, 9, 10], dtype=torch.int32))\n"
             "assert y.shape == (10, 24) and y.stride() == (24, 1)\n"
             "a = torch.randn(2, 3, 5, 5)\nb = torch.randn(2, 3, 5, 7)\n"
             "s = torch.linalg.solve_triangular(a, b, upper=False, unitriangular=True)\n"
             "assert s.shape == (2, 3, 5, 7) and s.stride() == (105, 35, 1, 5)\n"
             "s2 = torch.linalg.solve(a, b)\nassert s2.shape == (2, 3, 5, 7) and s2.stride() == (105, 35, 1, 5)\n"
             "l = torch.linalg.cholesky(a @ a.transpose(-1, -2))\nassert l.shape == (2, 3, 5, 5) and l.stride() == (75, 25, 1, 5)\n");
}

TEST_CASE("eager scalar forms: torch.div of two ints is a 0-d tensor whose value sizes a view / new_zeros / zeros (Longformer's chunks)") {
  CHECK_RUNS("h = torch.randn(2, 512, 8)\n"
             "d = torch.div(h.size(1), 256, rounding_mode='trunc')\n"
             "assert d.shape == () and d.dtype == torch.int64 and int(d) == 2\n"
             "assert h.view(h.size(0), d, 256, h.size(2)).shape == (2, 2, 256, 8)\n"
             "c = d - 1\n"
             "assert h.new_zeros((4, c + 1, 256, 513)).shape == (4, 2, 256, 513)\n"
             "assert torch.zeros(4, c + 1, 3).shape == (4, 2, 3)\n"
             "assert h.new_ones(size=h.size()).shape == (2, 512, 8)\n");
}

TEST_CASE("F.pad carries known values (constant mode); a bool tensor's item() is a Python bool") {
  CHECK_RUNS("import torch.nn.functional as F\n"
             "m = F.pad(torch.ones((1, 3)), (1, 2), value=0)\n"
             "assert m.tolist() == [[0.0, 1.0, 1.0, 1.0, 0.0, 0.0]]\n"
             "assert (m > 0).any().item() is True and (m < 0).any().item() is False\n"
             "c = F.pad(torch.arange(6).view(2, 3), (0, 0, 1, 0), value=-1)\n"
             "assert c.tolist() == [[-1, -1, -1], [0, 1, 2], [3, 4, 5]]\n"
             "assert F.pad(torch.arange(4), (-1, 0)).tolist() == [1, 2, 3]\n");
}

TEST_CASE("values: torch.where, integer advanced indexing, bitwise / logical & | ^, div's rounding modes") {
  CHECK_RUNS("c = torch.tensor([True, False, True])\n"
             "assert torch.where(c, 1.0, -5.0).tolist() == [1.0, -5.0, 1.0]\n"
             "assert torch.where(c.expand(2, 3), torch.tensor(0.0), -1.0).tolist() == [[0.0, -1.0, 0.0], [0.0, -1.0, 0.0]]\n"
             "a = torch.arange(12).view(3, 4)\n"
             "assert a[torch.tensor([2, 0])[:, None], torch.tensor([1, 3])[None, :]].tolist() == [[9, 11], [1, 3]]\n"
             "assert a[torch.tensor([1, 1])].tolist() == [[4, 5, 6, 7], [4, 5, 6, 7]]\n"
             "b = torch.tensor([True, True, False])\n"
             "assert (c & b).tolist() == [True, False, False] and (c | b).tolist() == [True, True, True]\n"
             "assert (c ^ b).tolist() == [False, True, True] and (torch.tensor([6, 5]) & 3).tolist() == [2, 1]\n"
             "x = torch.tensor([-7, 7])\n"
             "assert torch.div(x, 2, rounding_mode='trunc').tolist() == [-3, 3]\n"
             "assert torch.div(x, 2, rounding_mode='floor').tolist() == [-4, 3]\n"
             "assert torch.div(x, 2, rounding_mode='floor').dtype == torch.int64 and torch.div(x, 2).dtype == torch.float32\n");
}

TEST_CASE("FakeTensor constants: torch.div of two ints in a frame is a node of the constants a view takes as a size") {
  const char* src =
      "import torch\n\n@torch.compile(backend='eager')\ndef f(q):\n"
      "    d = torch.div(q.size(1), 256, rounding_mode='trunc')\n"
      "    return q.view(q.size(0), d, 256, q.size(2)).sum() + (d - 1)\n\n"
      "f(torch.randn(2, 512, 4))\n";
  Result r = compile_script("fc.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.trace.find("torch.div(512, 256, rounding_mode = 'trunc')") != std::string::npos);  // (torch 2.11's node text)
  CHECK(r.trace.find(".view(2, d, 256, 4)") != std::string::npos);
  CHECK(r.trace.find("dynamo_graph_break_reason") == std::string::npos);  // no data-dependent break
}

TEST_CASE("an lru_cache'd function called eagerly again hits its cache: no Python frame under the callback") {
  const char* src =
      "import functools\nimport torch\n\n@functools.lru_cache(None)\ndef cfg(n):\n    return n * 2\n\n"
      "@torch.compile(backend='eager')\ndef g(n):\n    return cfg(n)\n\n"
      "cfg(3)\nassert g(3) == 6\nassert g(4) == 8\n";
  Result r = compile_script("lru.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  // g is handed once (no tensor: skipped for good); cfg(3) hits the cache the eager call filled, cfg(4) runs cfg's frame
  CHECK(r.frames_total == 2);
}

TEST_CASE("torch.special's aliases, Tensor.scatter_reduce_ and resolve_conj are graph ops (program "
          "ops_special_alias_scatter_reduce_conj); transformers.utils re-exports import_utils' version checks") {
  using namespace tparse::compiler::testing;
  Result r = run_written_program("ops_special_alias_scatter_reduce_conj");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
  const std::vector<std::string> g = output_graphs(r.trace);
  REQUIRE(g.size() == 1);
  CHECK(g[0].find("torch._C._special.special_expm1(sub)") != std::string::npos);
  CHECK(g[0].find("special_log1p: \"f32[2, 6][6, 1]cpu\"") != std::string::npos);
  CHECK(g[0].find("out.scatter_reduce_(src = l_x_, index = l_idx_, dim = -1, reduce = 'amax', include_self = False)") != std::string::npos);
  CHECK(g[0].find("resolve_conj: \"c64[3][1]cpu\" = conj.resolve_conj()") != std::string::npos);
  // (the RMT scouting case: cache_utils imports is_quanto_greater from transformers.utils; optimum-quanto is absent)
  Result q = run_source("q.py", "from transformers.utils import is_quanto_greater, is_peft_greater_or_equal\n"
                                "assert is_quanto_greater('0.2.0') is False and not is_peft_greater_or_equal('0.5')\n");
  CHECK_MESSAGE(q.ok, q.error);
  CHECK(q.unmodelled.empty());
}
