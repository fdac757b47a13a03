// Sparse COO tensors as model code makes them eagerly (pygcn's normalized adjacency, KGAT's attention): the
// constructor with its data where indices and values are known, coalesce / to_dense, and torch.sparse's softmax over
// the stored entries. A frame never wraps a sparse tensor (GB0015), so these run eagerly.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::ops {

// torch.sparse_coo_tensor(indices, values, size): a sparse tensor of `size` (values' dtype) made eagerly; called in a
// frame it is a C function Dynamo does not trace (GB0007), and a sparse tensor a frame reads is never wrapped (GB0015:
// Interp::node_of skips the frame). Its values are not modelled: a size left out is indices' row count of unknowns.
V sparse_coo_tensor(OpCall& c) {
  // (a sparse tensor never reaches a frame's graph; a dense one's to_dense() is a node there: real torch 2.11, HGCN's
  // DenseAtt `torch.mul(adj.to_dense(), att_adj)` of a dense adjacency, `l_adj_.to_dense()`)
  if (c.name == "coalesce" || c.name == "to_dense") {
    TensorInfo o = c.like();
    o.sparse = c.name == "coalesce" && c.t().sparse;
    o.stride = contiguous_strides(o.shape);
    V r = c.out(o);
    if (const std::vector<double>* v = values::of(c.I, c.self)) values::attach(c.I, r, *v);  // (the same values)
    return r;
  }
  Activation& act = *c.I.stack_.back();
  if (act.ctx && act.ctx->mode != Mode::Eager)
    c.I.graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("torch._VariableFunctionsClass", "sparse_coo_tensor"), c.loc);
  V idx = c.self;
  V vals = c.get("values");
  if (!idx || idx->k != VK::Tensor || !vals || vals->k != VK::Tensor) c.fail("sparse_coo_tensor(indices, values, size)");
  TensorInfo o = *vals->t;
  o.fill.reset();
  o.is_param = o.is_buffer = false;
  o.shape.clear();
  if (V size = c.get("size"); size && (size->k == VK::List || size->k == VK::Tuple)) {
    for (auto& d : size->items) o.shape.push_back(Dim{d->k == VK::Int ? d->i : 1, ""});
  } else {
    const long long sparse_dims = idx->t->shape.empty() ? 1 : idx->t->shape[0].v;
    for (long long i = 0; i < sparse_dims; ++i) o.shape.push_back(Dim{1, ""});
    for (size_t i = 1; i < vals->t->shape.size(); ++i) o.shape.push_back(vals->t->shape[i]);
    o.approx = true;
    c.I.note_unmodelled(c.loc, "torch.sparse_coo_tensor() without a size: its dense size is the indices' data");
  }
  if (V d = c.kw("dtype"); d && d->k == VK::DType) o.dtype = d->s;
  o.stride = contiguous_strides(o.shape);
  o.sparse = true;
  V r = mk_tensor(o);
  // its data, where indices and values are known and the size is given: each entry at its coordinates, duplicates
  // summed (what to_dense() gives); scalar values only
  const std::vector<double>* iv = values::of(c.I, idx);
  const std::vector<double>* vv = values::of(c.I, vals);
  const size_t sd = idx->t->shape.size() == 2 ? static_cast<size_t>(idx->t->shape[0].v) : 0;
  long long numel = 1;
  for (const Dim& d : o.shape) numel = d.v >= 0 && numel <= (1LL << 22) ? numel * d.v : -1;
  if (iv && vv && !o.approx && sd == o.shape.size() && vals->t->shape.size() == 1 && numel >= 0 && numel <= (1LL << 22) &&
      iv->size() == sd * vv->size()) {
    std::vector<double> dense(static_cast<size_t>(numel), 0.0);
    const size_t nnz = vv->size();
    bool ok = true;
    for (size_t e = 0; e < nnz && ok; ++e) {
      long long at = 0;
      for (size_t d = 0; d < sd; ++d) {
        const long long k = static_cast<long long>((*iv)[d * nnz + e]);
        ok = ok && k >= 0 && k < o.shape[d].v;
        at = at * o.shape[d].v + k;
      }
      if (ok) dense[static_cast<size_t>(at)] += (*vv)[e];
    }
    if (ok) values::attach(c.I, r, std::move(dense));
  }
  return r;
}

// torch.sparse.softmax / log_softmax(input, dim): a sparse tensor of the same pattern, each slice along dim
// normalised over its stored entries only (KGAT's attention over a sparse adjacency); computed eagerly, as the sparse
// tensors it takes (a frame never wraps one)
V sparse_softmax(OpCall& c) {
  const TensorInfo& t = c.t();
  if (!t.sparse) c.fail("torch." + c.name + ": a sparse COO input");
  V dv = c.arg(0, "dim");
  if (!dv || dv->k != VK::Int) c.fail("torch." + c.name + "(input, dim)");
  const long long rank = static_cast<long long>(t.shape.size());
  const long long dim = dv->i < 0 ? dv->i + rank : dv->i;
  if (dim < 0 || dim >= rank) c.fail("torch." + c.name + ": dim out of range");
  TensorInfo o = t;
  o.fill.reset();
  o.is_param = o.is_buffer = false;
  V r = mk_tensor(o);
  if (const std::vector<double>* xs = values::of(c.I, c.self)) {
    std::vector<double> out(xs->size(), 0.0);
    long long inner = 1;
    for (long long d = dim + 1; d < rank; ++d) inner *= t.shape[static_cast<size_t>(d)].v;
    const long long n = t.shape[static_cast<size_t>(dim)].v;
    const long long outer = n * inner > 0 ? static_cast<long long>(xs->size()) / (n * inner) : 0;
    for (long long a = 0; a < outer; ++a)
      for (long long b = 0; b < inner; ++b) {
        auto at = [&](long long k) { return static_cast<size_t>((a * n + k) * inner + b); };
        double mx = -INFINITY, sum = 0;
        for (long long k = 0; k < n; ++k) if ((*xs)[at(k)] != 0) mx = std::max(mx, (*xs)[at(k)]);
        for (long long k = 0; k < n; ++k) if ((*xs)[at(k)] != 0) sum += std::exp((*xs)[at(k)] - mx);
        for (long long k = 0; k < n; ++k)
          if ((*xs)[at(k)] != 0) out[at(k)] = c.name == "sparse.log_softmax" ? (*xs)[at(k)] - mx - std::log(sum) : std::exp((*xs)[at(k)] - mx) / sum;
      }
    values::attach(c.I, r, std::move(out));
  }
  return r;
}

}  // namespace tparse::compiler::ops
