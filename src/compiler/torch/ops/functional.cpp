// Shape rules of torch/functional.py's variadic tensor functions and their C kin: atleast_1d / 2d / 3d (views of one
// tensor, or a tuple of them), block_diag, cartesian_prod and kron (new contiguous tensors). Dynamo puts the
// torch.functional ones in the graph by that name (`torch.functional.block_diag`) as it does meshgrid. And the
// index builders triu_indices / tril_indices (a relative-position mask's `x[:, :, *torch.triu_indices(h, w)]`).
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::ops {

namespace {

// The tensors of a variadic call: f(a, b, c) or f([a, b, c])
std::vector<V> variadic(OpCall& c) {
  std::vector<V> ts = c.args;
  if (ts.size() == 1 && (ts[0]->k == VK::List || ts[0]->k == VK::Tuple)) ts = ts[0]->items;
  for (auto& x : ts)
    if (!x || x->k != VK::Tensor) c.fail(fmt::format("{}(): expected Tensor as element of the arguments, got {}", c.name, x ? type_name(x) : "None"));
  return ts;
}

TensorInfo fresh(const TensorInfo& t) {
  TensorInfo o = t;
  o.fill.reset();
  o.is_param = o.is_buffer = false;
  o.marked_dynamic.clear();
  return o;
}

// A tensor's view with at least `n` dims: 0-d is all ones; a 1-d (n,) is (1, n) and, for 3, (1, n, 1); a 2-d (m, n)
// is (m, n, 1) for 3. Each added dim is an unsqueeze: stride size * stride before an existing dim, 1 at the end.
TensorInfo at_least(const TensorInfo& t, size_t n) {
  TensorInfo o = fresh(t);
  std::vector<Dim> st = t.stride.size() == t.shape.size() ? t.stride : contiguous_strides(t.shape);
  auto unsqueeze = [&](size_t at) {
    Dim s = at < o.shape.size() ? dim_mul(o.shape[at], st[at]) : Dim{1, ""};
    o.shape.insert(o.shape.begin() + static_cast<long>(at), Dim{1, ""});
    st.insert(st.begin() + static_cast<long>(at), s);
  };
  if (o.shape.empty()) while (o.shape.size() < n) unsqueeze(o.shape.size());
  else if (o.shape.size() == 1 && n >= 2) { unsqueeze(0); if (n == 3) unsqueeze(2); }
  else if (o.shape.size() == 2 && n == 3) unsqueeze(2);
  o.stride = st;
  return o;
}

// A size that is the product or the sum of dims; a symbolic sum is sympy's collected linear form (`s0 + 3`), as cat's
Dim fold(const std::vector<Dim>& ds, bool product) {
  if (product) {
    Dim r{1, ""};
    for (const Dim& d : ds) r = dim_mul(r, d);
    return r;
  }
  long long tot = 0;
  SymLin sum;
  bool linear = true, symbolic = false;
  for (const Dim& d : ds) {
    tot += d.v;
    symbolic = symbolic || d.is_sym();
    if (auto part = parse_linear(d.is_sym() ? d.sym : std::to_string(d.v))) sum = linear_add(sum, *part, 1);
    else linear = false;
  }
  return Dim{tot, symbolic && linear ? linear_str(sum) : ""};
}

}  // namespace

V at_least_nd(OpCall& c) {
  const size_t n = static_cast<size_t>(c.name[8] - '0');  // atleast_<n>d
  std::vector<V> ts = variadic(c);
  if (ts.size() == 1 && c.args.size() == 1 && c.args[0]->k == VK::Tensor) return c.out(at_least(*ts[0]->t, n));
  std::vector<TensorInfo> parts;
  for (auto& x : ts) parts.push_back(at_least(*x->t, n));
  TensorInfo whole = parts.empty() ? TensorInfo{} : parts[0];
  V w = c.I.emit("call_function", c.target, c.name, false, c.args, c.kwargs, whole, c.loc);
  V r = c.I.tuple_result(w, parts, {});
  for (size_t i = 0; i < parts.size(); ++i) c.I.materialize_item(r, i);
  return r;
}

// torch.block_diag(*tensors): each 0-d / 1-d / 2-d block ((), (n,) -> 1 row) on the diagonal of a zeroed matrix of
// the summed rows and columns, dtype promoted over the blocks
V block_diag(OpCall& c) {
  std::vector<V> ts = variadic(c);
  std::vector<Dim> rows, cols;
  TensorInfo o = ts.empty() ? TensorInfo{} : fresh(*ts[0]->t);
  for (size_t i = 0; i < ts.size(); ++i) {
    const TensorInfo& t = *ts[i]->t;
    if (t.shape.size() > 2)
      c.fail(fmt::format("torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {} has {} dimensions", i, t.shape.size()));
    rows.push_back(t.shape.size() == 2 ? t.shape[0] : Dim{1, ""});
    cols.push_back(t.shape.empty() ? Dim{1, ""} : t.shape.back());
    o.dtype = promote_dtype(o.dtype, t.dtype);
    o.requires_grad = o.requires_grad || t.requires_grad;
  }
  o.shape = {fold(rows, false), fold(cols, false)};
  o.stride = contiguous_strides(o.shape);
  return c.out(o);
}

// torch.cartesian_prod(*tensors): N 1-D tensors give (n1 * ... * nN, N); one tensor is itself
V cartesian_prod(OpCall& c) {
  std::vector<V> ts = variadic(c);
  std::vector<Dim> ns;
  TensorInfo o = ts.empty() ? TensorInfo{} : fresh(*ts[0]->t);
  for (auto& x : ts) {
    if (x->t->shape.size() != 1) c.fail(fmt::format("Expect a 1D vector, but got shape [{}]", x->t->shape.size()));
    ns.push_back(x->t->shape[0]);
    o.dtype = promote_dtype(o.dtype, x->t->dtype);
    o.requires_grad = o.requires_grad || x->t->requires_grad;
  }
  o.shape = ts.size() == 1 ? std::vector<Dim>{ns[0]} : std::vector<Dim>{fold(ns, true), Dim{static_cast<long long>(ts.size()), ""}};
  o.stride = contiguous_strides(o.shape);
  return c.out(o);
}

// torch.kron(a, b): both padded with leading 1s to one rank, each dim the product of the two
V kron(OpCall& c) {
  V b = c.arg(0, "other");
  if (!b || b->k != VK::Tensor) c.fail("kron(): argument 'other' must be Tensor");
  // ATen's kron (KronImpl) reads both inputs' sizes as ints: every symbolic size is specialized (real torch 2.11:
  // symbolic_shape_specialization at `torch.kron(x, x[:2, :2])`, program functional_variadic_ops)
  for (const TensorInfo* t : std::initializer_list<const TensorInfo*>{&c.t(), b->t.get()})
    for (const Dim& d : t->shape)
      if (d.is_sym()) c.I.specialize_symbol(d.sym, c.loc);
  std::vector<Dim> x = c.t().shape, y = b->t->shape;
  while (x.size() < y.size()) x.insert(x.begin(), Dim{1, ""});
  while (y.size() < x.size()) y.insert(y.begin(), Dim{1, ""});
  TensorInfo o = c.like();
  o.fill.reset();
  o.dtype = promote_dtype(c.t().dtype, b->t->dtype);
  o.requires_grad = c.t().requires_grad || b->t->requires_grad;
  o.shape.clear();
  for (size_t i = 0; i < x.size(); ++i) o.shape.push_back(dim_mul(x[i], y[i]));
  o.stride = contiguous_strides(o.shape);
  return c.out(o);
}

// torch.triu_indices / tril_indices(row, col, offset=0): the (2, N) int64 coordinates of the upper (j - i >= offset)
// or lower (j - i <= offset) triangle of a row x col matrix, row-major; their values are known (plain ints in)
V tri_indices(OpCall& c) {
  V r = c.arg(0, "row"), k = c.arg(1, "col"), off = c.arg(2, "offset");
  if (!r || !k || r->k != VK::Int || k->k != VK::Int) c.fail(fmt::format("{}(): row and col must be ints", c.name));
  // (a SymInt bound is its value, specialized: the count of entries is a Python int to ATen)
  if (!r->sym.empty()) c.I.specialize_symbol(r->sym, c.loc);
  if (!k->sym.empty()) c.I.specialize_symbol(k->sym, c.loc);
  const long long offset = off && off->k == VK::Int ? off->i : 0;
  const bool upper = c.name == "triu_indices";
  std::vector<double> rows, cols;
  for (long long i = 0; i < r->i; ++i)
    for (long long j = 0; j < k->i; ++j)
      if (upper ? j - i >= offset : j - i <= offset) rows.push_back(static_cast<double>(i)), cols.push_back(static_cast<double>(j));
  TensorInfo o;
  o.dtype = "int64";
  if (V d = c.kw("dtype"); d && d->k == VK::DType) o.dtype = d->s;
  o.shape = {Dim{2, ""}, Dim{static_cast<long long>(rows.size()), ""}};
  o.stride = contiguous_strides(o.shape);
  V res = c.out(o);
  rows.insert(rows.end(), cols.begin(), cols.end());
  if (res && res->k == VK::Tensor && !c.I.tracing()) values::attach(c.I, res, rows);
  return res;
}

}  // namespace tparse::compiler::ops
