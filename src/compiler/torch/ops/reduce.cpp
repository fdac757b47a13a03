// Reduction and sort families: sum/mean/amax/argmax/... over dim(s) with keepdim; calls returning
// (values, indices) as torch.return_types (topk, sort, max(dim), kthvalue, mode, median, cummax);
// argsort; cumulative ops that change a dim (diff).
#include <fmt/format.h>

#include <algorithm>

#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler::ops {

V reduce(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  V d = c.arg(0, "dim");
  if (name == "norm" || name == "linalg.norm" || name == "linalg.vector_norm") d = c.arg(1, "dim");  // norm(p='fro', dim=None, keepdim=False)
  V kd = c.kw("keepdim");
  size_t keep_pos = name == "norm" || name.rfind("linalg.", 0) == 0 ? 2 : 1;
  if (!kd && c.rest.size() > keep_pos && c.rest[keep_pos]->k == VK::Bool) kd = c.rest[keep_pos];
  if (!kd && c.rest.size() > 1 && c.rest[1]->k == VK::Bool) kd = c.rest[1];
  bool keep = kd && kd->k == VK::Bool && kd->b;
  std::vector<long long> dims;
  if (d && d->k == VK::Int) dims.push_back(c.dim(d->i, rank));
  else if (d && (d->k == VK::Tuple || d->k == VK::List)) for (auto& x : d->items) dims.push_back(c.dim(x->i, rank));
  if ((name == "max" || name == "min" || name == "median") && !dims.empty()) return values_indices(c);  // (values, indices)
  if ((name == "max" || name == "min" || name == "maximum") && d && d->k == VK::Tensor) return binary(c);  // torch.max(a, b)
  if (dims.empty()) {
    o.shape = keep ? std::vector<Dim>(rank, Dim{1, ""}) : std::vector<Dim>{};
    if (t.fill && name == "sum") { long long n = 1; for (auto& x : t.shape) n *= x.v; o.fill = *t.fill * static_cast<double>(n); }
    else if (t.fill && (name == "mean" || name == "amax" || name == "amin" || name == "max" || name == "min")) o.fill = t.fill;
  } else {
    double mult = 1;
    for (long long i : dims) mult *= static_cast<double>(t.shape[static_cast<size_t>(i)].v);
    o.shape = reduced_shape(t.shape, dims, keep);
    // (a constant's sum over the dims is the count times it; its mean / max / min is itself; any other reduction
    // (a norm, std, argmax, all) is no longer that constant)
    if (t.fill && (name == "sum" || name == "nansum")) o.fill = *t.fill * mult;
    else if (t.fill && (name == "mean" || name == "nanmean" || name == "amax" || name == "amin" || name == "max" || name == "min")) o.fill = t.fill;
  }
  if (name == "argmax" || name == "argmin" || name == "count_nonzero") o.dtype = "int64";
  if (name == "all" || name == "any") o.dtype = "bool";
  // all / any of an elementwise `==` / `!=` of data tparse does not know: each element guessed unequal, so the
  // reduction's guess is the comparison's (rwkv's `if torch.all(probabilities == 0):` guessed false)
  if ((name == "all" || name == "any") && t.eq_cmp != 0) o.eq_cmp = t.eq_cmp;
  // all / any of a uniform fill: whether it is nonzero (of a tensor with elements; `torch.any(torch.isnan(x))`)
  if ((name == "all" || name == "any") && t.fill) {
    long long n = 1;
    for (const Dim& x : t.shape) n *= x.v;
    if (n > 0) o.fill = *t.fill != 0 ? 1.0 : 0.0;
  }
  if ((name == "sum" || name == "prod" || name == "nansum") && (o.dtype.find("int") != std::string::npos || o.dtype == "bool")) o.dtype = "int64";
  if ((name == "mean" || name == "nanmean" || name == "var" || name == "std") && o.dtype.find("int") != std::string::npos)
    c.fail(fmt::format("{}(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}", name, o.dtype));
  if (V dt = c.kw("dtype")) if (dt->k == VK::DType) o.dtype = dt->s;
  // sum / amax / amin / prod / var with keepdim: torch._refs reduce to the smaller shape (contiguous) and put the kept
  // dims back as views (broadcast_in_dim: a kept dim's stride is the next dim's size times its stride: `[Max(1, K), K,
  // 1]`, Conv-TasNet's cLN); mean, std, norm, logsumexp end in an elementwise op (a fresh layout: [Max, Max, 1])
  // (real torch 2.11: programs var_keepdim_dynamic_stride, sum_keepdim_dynamic_stride)
  if ((name == "var" || name == "sum" || name == "amax" || name == "amin" || name == "prod") && keep && !dims.empty() && o.shape.size() == rank) {
    std::vector<Dim> small;
    for (size_t i = 0; i < rank; ++i)
      if (std::find(dims.begin(), dims.end(), static_cast<long long>(i)) == dims.end()) small.push_back(o.shape[i]);
    const std::vector<Dim> sst = contiguous_strides(small);
    std::vector<Dim> st(rank);
    size_t k = small.size();
    for (size_t i = rank; i-- > 0;) {
      if (std::find(dims.begin(), dims.end(), static_cast<long long>(i)) == dims.end()) st[i] = sst[--k];
      else st[i] = i + 1 < rank ? dim_mul(o.shape[i + 1], st[i + 1]) : Dim{1, ""};
    }
    o.stride = st;
  }
  return c.out(o);
}

// (values, indices) results: topk(k, dim=-1), sort(dim=-1), max/min/median(dim, keepdim),
// kthvalue(k, dim=-1, keepdim), mode(dim=-1, keepdim), cummax/cummin(dim).
V values_indices(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  auto dim_arg = [&](size_t i, long long dflt) {
    V v = c.arg(i, "dim");
    return c.dim(v && v->k == VK::Int ? v->i : dflt, rank);
  };
  auto keepdim = [&](size_t i) { V k = c.arg(i, "keepdim"); return k && k->k == VK::Bool && k->b; };
  TensorInfo vals = o, idx = o;
  idx.dtype = "int64";
  idx.requires_grad = false;
  if (name == "median" && !c.arg(0, "dim")) {  // median() of all elements: one 0-dim tensor
    o.shape = {};
    return c.out(o);
  }
  if (name == "topk") {
    V k = c.arg(0, "k");
    // (a 0-d integer tensor of known value, a numpy node of constants in a frame: torch.topk's fake kernel reads
    // the constant as the int, no break; ProteinMPNN's `torch.topk(D, np.minimum(self.top_k, X.shape[1]))`, real
    // torch 2.11 — a view's size of `np.prod(x.shape[1:])` does break: numpy_prod_shape)
    if (k && k->k == VK::Tensor && k->t->shape.empty() && k->t->fake_const && k->t->fill) k = mk_int(static_cast<long long>(*k->t->fill));
    else if (k && k->k == VK::Tensor) k = c.int_value(k);
    if (!k || k->k != VK::Int) c.fail("topk(k, dim=-1): k must be an int");
    long long d = dim_arg(1, -1);
    if (k->i > t.shape[static_cast<size_t>(d)].v) c.fail(fmt::format("topk: k ({}) is larger than dimension {} of {}", k->i, d, dims_str(t)));
    vals.shape[static_cast<size_t>(d)] = Dim{k->i, k->sym};  // (a SymInt k keeps its expression: `f32[s88, Min(s17, s85)]`)
  } else if (name == "sort" || name == "cummax" || name == "cummin") {
    if (name != "sort" && !c.arg(0, "dim")) c.fail(fmt::format("{}(dim): dim is required", name));
    if (rank) dim_arg(0, -1);
  } else if (name == "kthvalue") {
    long long d = dim_arg(1, -1);
    vals.shape = reduced_shape(t.shape, {d}, keepdim(2));
  } else if (name == "mode") {
    long long d = dim_arg(0, -1);
    vals.shape = reduced_shape(t.shape, {d}, keepdim(1));
  } else {  // max / min / median with a dim
    long long d = dim_arg(0, 0);
    vals.shape = reduced_shape(t.shape, {d}, keepdim(1));
  }
  idx.shape = vals.shape;
  // new tensors: contiguous over their own shape (not the input's strides: topk's k columns)
  if (vals.shape != t.shape) vals.stride = idx.stride = contiguous_strides(vals.shape);
  return c.I.tuple_result(c.out(o), {vals, idx}, {"values", "indices"});
}

V argsort(OpCall& c) {
  TensorInfo o = c.like();
  V d = c.arg(0, "dim");
  if (c.rank()) c.dim(d && d->k == VK::Int ? d->i : -1, c.rank());
  o.dtype = "int64";
  o.requires_grad = false;
  return c.out(o);
}

// quantile(q, dim=None, keepdim=False, *, interpolation='linear') / nanquantile: the input reduced over dim (over all
// elements without one), a 1-D q's length put first; float inputs only (aten/src/ATen/native/Sorting.cpp's checks).
V quantile(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  o.fill.reset();
  V q = c.arg(0, "q");
  V d = c.arg(1, "dim");
  V kd = c.arg(2, "keepdim");
  const bool keep = kd && kd->k == VK::Bool && kd->b;
  if (t.dtype != "float32" && t.dtype != "float64")
    c.fail(fmt::format("{}() input tensor must be either float or double dtype", c.name));
  if (q && q->k == VK::Tensor && q->t->shape.size() > 1) c.fail(fmt::format("{}() q must be a scalar or 1D tensor", c.name));
  if (q && q->k == VK::Tensor && q->t->dtype != t.dtype)
    c.fail(fmt::format("{}() q tensor must be same dtype as the input tensor", c.name));
  if (d && d->k == VK::Int) o.shape = reduced_shape(t.shape, {c.dim(d->i, rank)}, keep);
  else o.shape = keep ? std::vector<Dim>(rank, Dim{1, ""}) : std::vector<Dim>{};
  if (q && q->k == VK::Tensor && q->t->shape.size() == 1) o.shape.insert(o.shape.begin(), q->t->shape[0]);
  return c.out(o);
}

// diff(n=1, dim=-1, prepend=None, append=None): the dim (with prepend / append) shrinks by n; logcumsumexp(dim): same shape.
V cumulative(OpCall& c) {
  TensorInfo o = c.like();
  if (c.name == "diff") {
    V n = c.arg(0, "n");
    long long k = n && n->k == VK::Int ? n->i : 1;
    V d = c.arg(1, "dim");
    long long dd = c.dim(d && d->k == VK::Int ? d->i : -1, c.rank());
    Dim& x = o.shape[static_cast<size_t>(dd)];
    long long len = x.v;  // prepend / append join the input along dim before the differences are taken
    for (auto [i, name] : {std::pair<int, const char*>{2, "prepend"}, {3, "append"}}) {
      V e = c.arg(i, name);
      if (e && e->k == VK::Tensor && e->t->shape.size() == o.shape.size()) len += e->t->shape[static_cast<size_t>(dd)].v;
    }
    x = Dim{std::max<long long>(0, len - k), ""};
  } else {
    V d = c.arg(0, "dim");
    if (!d || d->k != VK::Int) c.fail(fmt::format("{}(dim): dim is required", c.name));
    c.dim(d->i, c.rank());
  }
  return c.out(o);
}

}  // namespace tparse::compiler::ops
