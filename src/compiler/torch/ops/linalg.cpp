// tensordot, and matrix decompositions returning several tensors as torch.return_types (torch 2.11 runs: program
// linalg_break_forms): qr / linalg.qr (Q, R), inverse, cholesky, solve / solve_triangular (B's shape), eigh (eigenvalues, eigenvectors), slogdet / linalg.slogdet (sign, logabsdet), and linalg.lstsq,
// whose output shape depends on the data (GB0036 inside a frame). LAPACK's results are column-major: a matrix
// result (*, r, c) has strides (r*c, 1, r).
#include <fmt/format.h>

#include <algorithm>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler::ops {

namespace {

/// (*batch, r, c) laid out column-major per matrix, as LAPACK writes it.
TensorInfo column_major(TensorInfo o, const std::vector<Dim>& batch, const Dim& r, const Dim& c) {
  o.shape = batch;
  o.shape.push_back(r);
  o.shape.push_back(c);
  o.stride.assign(o.shape.size(), Dim{1, ""});
  const size_t n = o.shape.size();
  o.stride[n - 1] = r;
  o.stride[n - 2] = Dim{1, ""};
  Dim acc = dim_mul(r, c);
  for (size_t i = n - 2; i-- > 0;) {
    o.stride[i] = acc;
    acc = dim_mul(acc, o.shape[i]);
  }
  return o;
}

}  // namespace

V linalg(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  if (t.shape.size() < 2) c.fail(fmt::format("{}: expected a tensor with 2 or more dimensions, got {}", name, t.shape.size()));
  std::vector<Dim> batch(t.shape.begin(), t.shape.end() - 2);
  const Dim m = t.shape[t.shape.size() - 2], n = t.shape.back();
  TensorInfo base = c.like();
  // a real vector (*, k) per matrix: eigenvalues of eigh, singular values of svd
  auto real_vector = [&](const Dim& k) {
    TensorInfo v = base;
    v.shape = batch;
    v.shape.push_back(k);
    v.stride = contiguous_strides(v.shape);
    if (v.dtype == "complex64") v.dtype = "float32";
    if (v.dtype == "complex128") v.dtype = "float64";
    return v;
  };
  if (name == "qr" || name == "linalg.qr") {
    // reduced (torch.qr's some=True, linalg.qr's mode='reduced'): Q (*, m, k), R (*, k, n), k = min(m, n)
    V mode = name == "qr" ? nullptr : c.arg(0, "mode");
    V some = name == "qr" ? c.arg(0, "some") : nullptr;
    bool complete = (mode && mode->k == VK::Str && mode->s == "complete") || (some && some->k == VK::Bool && !some->b);
    Dim k = complete ? m : (m.v <= n.v ? m : n);
    return c.I.tuple_result(c.out(base), {column_major(base, batch, m, k), column_major(base, batch, k, n)}, {"Q", "R"});
  }
  if (name == "det" || name == "linalg.det" || name == "logdet") {  // (*, n, n) -> (*)
    if (m.v != n.v) c.fail(fmt::format("{}: A must be batches of square matrices, but they are {} by {} matrices", name, m.v, n.v));
    TensorInfo s = base;
    s.shape = batch;
    s.stride = contiguous_strides(batch);
    return c.out(s);
  }
  if (name == "inverse" || name == "linalg.inv" || name == "linalg.eigh" || name == "linalg.eigvalsh") {
    if (m.v != n.v) c.fail(fmt::format("{}: A must be batches of square matrices, but they are {} by {} matrices", name, m.v, n.v));
    // the inverse and eigh's eigenvectors: (*, n, n) column-major (glow-tts' InvConvNear: [1, 4] for 4 x 4); eigh's
    // eigenvalues (*, n) contiguous, real (S4's DPLR init; program linalg_eigh_eager_init)
    if (name == "inverse" || name == "linalg.inv") return c.out(column_major(base, batch, n, n));
    TensorInfo vals = real_vector(n);
    if (name == "linalg.eigvalsh") return c.out(vals);
    return c.I.tuple_result(c.out(base), {vals, column_major(base, batch, n, n)}, {"eigenvalues", "eigenvectors"});
  }
  if (name == "linalg.svd" || name == "linalg.svdvals") {
    // U (*, m, m | k), S (*, k) real, Vh (*, n | k, n), k = min(m, n); U and Vh column-major (GaLore's projector:
    // Vh of a 24 x 12 matrix is [12, 12][1, 12])
    V full = c.arg(0, "full_matrices");
    const bool complete = !(full && full->k == VK::Bool && !full->b);
    const Dim k = m.v <= n.v ? m : n;
    TensorInfo s = real_vector(k);
    if (name == "linalg.svdvals") return c.out(s);
    return c.I.tuple_result(c.out(base), {column_major(base, batch, m, complete ? m : k), s, column_major(base, batch, complete ? n : k, n)},
                            {"U", "S", "Vh"});
  }
  if (name == "svd") {
    // torch.svd(A, some=True): linalg.svd(A, full_matrices=not some) with V = Vh.mH: U (*, m, k | m) column-major,
    // S (*, k), V (*, n, k | n) row-major (the conjugate transpose of Vh's column-major layout) (Koopa's init)
    V some = c.arg(0, "some");
    const bool complete = some && some->k == VK::Bool && !some->b;
    const Dim k = m.v <= n.v ? m : n;
    const Dim vk = complete ? n : k;
    TensorInfo v = base;
    v.shape = batch;
    v.shape.push_back(n);
    v.shape.push_back(vk);
    v.stride = contiguous_strides(v.shape);
    return c.I.tuple_result(c.out(base), {column_major(base, batch, m, complete ? m : k), real_vector(k), v}, {"U", "S", "V"});
  }
  if (name == "slogdet" || name == "linalg.slogdet") {
    if (m.v != n.v) c.fail(fmt::format("{}: A must be batches of square matrices, but they are {} by {} matrices", name, m.v, n.v));
    TensorInfo s = base;
    s.shape = batch;
    s.stride.clear();
    return c.I.tuple_result(c.out(base), {s, s}, {"sign", "logabsdet"});
  }
  if (name == "linalg.cholesky" || name == "cholesky") {  // L (*, n, n), column-major as LAPACK writes it
    if (m.v != n.v) c.fail(fmt::format("{}: A must be batches of square matrices, but they are {} by {} matrices", name, m.v, n.v));
    return c.out(column_major(base, batch, m, n));
  }
  if (name == "linalg.solve_triangular" || name == "linalg.solve") {
    // X with A X = B (left) or X A = B: B's matrices, the batch dims of A and B broadcast, column-major (the meta
    // kernels resize the result F-contiguous); linalg.solve's B of one dimension less is a batch of vectors
    V b = c.arg(0, "B");
    if (!b || b->k != VK::Tensor) c.fail(fmt::format("{}(A, B): B must be a tensor", name));
    const TensorInfo& bt = *b->t;
    const bool vec = name == "linalg.solve" && bt.shape.size() + 1 == t.shape.size();
    if (!vec && bt.shape.size() < 2) c.fail(fmt::format("{}: B must have at least 2 dimensions", name));
    std::vector<Dim> bb(bt.shape.begin(), bt.shape.end() - (vec ? 1 : 2));
    std::vector<Dim> ob = broadcast(c.I, batch, bb, c.loc);
    base.requires_grad = base.requires_grad || bt.requires_grad;
    if (vec) {
      TensorInfo o = base;
      o.shape = ob;
      o.shape.push_back(bt.shape.back());
      o.stride = contiguous_strides(o.shape);
      return c.out(o);
    }
    return c.out(column_major(base, ob, bt.shape[bt.shape.size() - 2], bt.shape.back()));
  }
  // linalg.lstsq(A, B): the fake kernel cannot size its outputs (rank, residuals depend on the data)
  Activation& act = *c.I.stack_.back();
  if (act.ctx && act.ctx->mode != Mode::Eager) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.linalg_lstsq.default"), c.loc);
  V b = c.arg(0, "B");
  if (!b || b->k != VK::Tensor) c.fail("linalg.lstsq(A, B): B must be a tensor");
  const bool vec = b->t->shape.size() == t.shape.size() - 1;
  const Dim k = vec ? Dim{1, ""} : b->t->shape.back();
  // the solution is the first n rows of B's column-major (max(m, n), k) copy (ATen pads B when the system is
  // underdetermined): strides (1, max(m, n)) (Koopa's least-squares operator, m < n)
  const Dim rows = !m.is_sym() && !n.is_sym() && n.v > m.v ? n : m;
  TensorInfo sol = column_major(base, batch, rows, k);
  sol.shape[sol.shape.size() - 2] = n;
  if (vec) { sol.shape.pop_back(); sol.stride.pop_back(); }
  TensorInfo empty = base, rank = base;
  empty.shape = {Dim{0, ""}};
  empty.stride = {Dim{1, ""}};
  rank.shape = {Dim{0, ""}};
  rank.stride = {Dim{1, ""}};
  rank.dtype = "int64";
  return c.I.tuple_result(c.out(base), {sol, empty, rank, empty}, {"solution", "residuals", "rank", "singular_values"});
}

// torch.tensordot(a, b, dims): a's free dims then b's; dims an int n (a's last n with b's first n) or two lists of
// dims (DeepCTR-Torch's InteractingLayer / CrossNet / AFMLayer). torch.functional's Python function: its node.
V tensordot(OpCall& c) {
  if (c.args.size() < 2 || c.args[0]->k != VK::Tensor || c.args[1]->k != VK::Tensor) c.fail("tensordot(a, b, dims) takes two tensors");
  const TensorInfo& a = *c.args[0]->t;
  const TensorInfo& b = *c.args[1]->t;
  V dims = c.args.size() > 2 ? c.args[2] : c.kw("dims");
  std::vector<long long> da, db;
  auto wrap = [&](long long d, size_t rank) { return c.dim(d, rank); };
  if (!dims || dims->k == VK::Int) {
    long long n = dims ? dims->i : 2;
    if (n < 0 || n > static_cast<long long>(std::min(a.shape.size(), b.shape.size()))) c.fail("tensordot: dims out of range");
    for (long long i = 0; i < n; ++i) {
      da.push_back(static_cast<long long>(a.shape.size()) - n + i);
      db.push_back(i);
    }
  } else if ((dims->k == VK::List || dims->k == VK::Tuple) && dims->items.size() == 2) {
    auto ints = [&](const V& v, size_t rank, std::vector<long long>& out) {
      if (v->k == VK::Int) { out.push_back(wrap(v->i, rank)); return; }
      if (v->k != VK::List && v->k != VK::Tuple) c.fail("tensordot: dims must be ints or lists of ints");
      for (auto& x : v->items) {
        if (x->k != VK::Int) c.fail("tensordot: dims must be ints");
        out.push_back(wrap(x->i, rank));
      }
    };
    ints(dims->items[0], a.shape.size(), da);
    ints(dims->items[1], b.shape.size(), db);
  } else {
    c.fail("tensordot: dims must be an int or two lists");
  }
  if (da.size() != db.size()) c.fail("both dimension lists should have same length");
  for (size_t i = 0; i < da.size(); ++i)
    if (a.shape[static_cast<size_t>(da[i])].v != b.shape[static_cast<size_t>(db[i])].v)
      c.fail(fmt::format("contracted dimensions need to match, but first has size {} in dim {} and second has size {} in dim {}",
                         a.shape[static_cast<size_t>(da[i])].v, da[i], b.shape[static_cast<size_t>(db[i])].v, db[i]));
  TensorInfo o = c.like();
  o.shape.clear();
  o.stride.clear();
  for (size_t i = 0; i < a.shape.size(); ++i) if (std::find(da.begin(), da.end(), static_cast<long long>(i)) == da.end()) o.shape.push_back(a.shape[i]);
  for (size_t i = 0; i < b.shape.size(); ++i) if (std::find(db.begin(), db.end(), static_cast<long long>(i)) == db.end()) o.shape.push_back(b.shape[i]);
  o.requires_grad = a.requires_grad || b.requires_grad;
  return c.I.emit("call_function", "torch.functional.tensordot", "tensordot", false, c.args, c.kwargs, o, c.loc);
}

// torch.cdist(x1, x2, p=2.0, compute_mode=...): x1 [..., P, M] and x2 [..., R, M] give [..., P, R], the batch dims
// broadcast (torch/functional.py, so the node's target is torch.functional.cdist; DETR's matcher box cost)
V cdist(OpCall& c) {
  if (c.args.size() < 2 || c.args[0]->k != VK::Tensor || c.args[1]->k != VK::Tensor) c.fail("cdist(x1, x2, p) takes two tensors");
  const TensorInfo& a = *c.args[0]->t;
  const TensorInfo& b = *c.args[1]->t;
  if (a.shape.size() < 2 || b.shape.size() < 2) c.fail("cdist only supports at least 2D tensors");
  if (a.shape.back().v != b.shape.back().v)
    c.fail(fmt::format("X1 and X2 must have the same number of columns. X1: {} X2: {}", a.shape.back().v, b.shape.back().v));
  std::vector<Dim> ba(a.shape.begin(), a.shape.end() - 2), bb(b.shape.begin(), b.shape.end() - 2);
  TensorInfo o = c.like();
  o.shape = broadcast(c.I, ba, bb, c.loc);
  o.shape.push_back(a.shape[a.shape.size() - 2]);
  o.shape.push_back(b.shape[b.shape.size() - 2]);
  o.stride.clear();
  o.requires_grad = a.requires_grad || b.requires_grad;
  return c.I.emit("call_function", "torch.functional.cdist", "cdist", false, c.args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops
