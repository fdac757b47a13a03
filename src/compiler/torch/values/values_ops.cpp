// Value rules of eager tensors (values.hpp): for each torch op with one, the result's element values from
// the inputs' (creation from Python data, arange / linspace / full, elementwise arithmetic and comparisons
// with broadcasting, casts, reductions, cumsum / cumprod, flip, permutes, reshapes, cat / stack, splits,
// basic indexing). The shape rule already made the result (shape, dtype); a rule only fills in its data,
// computed as torch does in the result's dtype (float32 arithmetic rounds each step). No rule: shape-only.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"
#include "torch/values/values_creation.hpp"
#include "torch/values/values_scatter.hpp"
#include "torch/values/values_norm.hpp"
#include "torch/values/values_range.hpp"
#include "torch/values/values_reduce.hpp"

namespace tparse::compiler::values {

namespace {

using layout::Shape;
using namespace layout;

}  // namespace

bool arith(const std::string& op, double x, double y, const std::string& cdt, double& r) {
  const bool f = is_float(cdt), f32 = cdt == "float32";
  if (op == "copy") r = y;  // Tensor.copy_: the source's value, stored in the target's dtype
  else if (op == "+") r = x + y;
  else if (op == "-") r = x - y;
  else if (op == "*") r = x * y;
  else if (op == "/") r = x / y;  // a true division: IEEE inf / nan at zero, as torch
  else if (op == "//") {
    if (!f && y == 0) return false;  // ZeroDivisionError in torch
    r = std::floor(x / y);
    if (!f) r = std::floor(static_cast<long double>(x) / static_cast<long double>(y));
  } else if (op == "trunc") {  // div(rounding_mode="trunc"): toward zero
    if (!f && y == 0) return false;
    r = std::trunc(x / y);
    if (!f) r = std::trunc(static_cast<long double>(x) / static_cast<long double>(y));
  } else if (op == "%") {
    if (!f && y == 0) return false;
    r = std::fmod(x, y);
    if (r != 0 && ((r < 0) != (y < 0))) r += y;  // the sign of the divisor (torch.remainder, Python %)
  } else if (op == "**") {
    if (!f && y < 0) return false;  // "Integers to negative integer powers are not allowed"
    r = f32 ? static_cast<double>(std::pow(static_cast<float>(x), static_cast<float>(y))) : std::pow(x, y);
  } else if (op == "max") r = std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y);
  else if (op == "min") r = std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y);
  else if ((op == "&" || op == "|" || op == "^") && !f) {  // bitwise on integers, logical on bools (both 0 / 1)
    const long long a = static_cast<long long>(x), b = static_cast<long long>(y);
    r = static_cast<double>(op == "&" ? (a & b) : op == "|" ? (a | b) : (a ^ b));
  } else if (op == "<") r = x < y;
  else if (op == ">") r = x > y;
  else if (op == "<=") r = x <= y;
  else if (op == ">=") r = x >= y;
  else if (op == "==") r = x == y;
  else if (op == "!=") r = x != y;
  else return false;
  return true;
}

namespace {

bool is_cmp(const std::string& op) { return op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!="; }

/// One operand: its values and shape (a Python number is 0-dim), and whether it is a Python float.
struct Operand {
  std::vector<double> v;
  Shape s;
  std::string dtype;  ///< "" for a Python number
  bool py_float = false;
};

bool operand(const Interp& I, const V& x, Operand& o) {
  if (x->k == VK::Tensor) {
    const std::vector<double>* v = of(I, x);
    if (!v) return false;
    o.v = *v;
    o.s = shape_of(x);
    o.dtype = x->t->dtype;
    return true;
  }
  // (a SymInt / SymFloat: its hint, this run's value, as the symbolic sizes of tensors)
  if (x->k == VK::Int || x->k == VK::Bool) { o.v = {x->k == VK::Int ? static_cast<double>(x->i) : double(x->b)}; return true; }
  if (x->k == VK::Float) { o.v = {x->f}; o.py_float = true; return true; }
  return false;
}

/// Elementwise `a op b` into `res` (its shape and dtype from the shape rule).
void binary(Interp& I, const std::string& op, const V& a, const V& b, const V& res) {
  Operand x, y;
  if (!operand(I, a, x) || !operand(I, b, y) || res->k != VK::Tensor) return;
  const std::string& rdt = res->t->dtype;
  std::string cdt = rdt;
  if (is_cmp(op)) {  // compared in the operands' common dtype
    bool f64 = x.dtype == "float64" || y.dtype == "float64";
    bool fl = is_float(x.dtype) || is_float(y.dtype) || x.py_float || y.py_float;
    cdt = f64 ? "float64" : fl ? "float32" : "int64";
  }
  if (!is_float(cdt) && !(cdt == "int64" || cdt == "int32" || cdt == "int16" || cdt == "int8" || cdt == "uint8" || cdt == "bool")) return;
  if (cdt == "bool" && op != "*" && op != "max" && op != "min" && op != "&" && op != "|" && op != "^") return;  // bool arithmetic: not modelled
  for (const auto& d : res->t->shape) if (d.v < 0) return;
  const Shape r = shape_of(res);
  if (count(r) > kMaxElems) return;
  std::vector<double> xs = broadcast_to(x.v, x.s, r), ys = broadcast_to(y.v, y.s, r), out;
  for (size_t i = 0; i < xs.size(); ++i) {
    double p = xs[i], q = ys[i], z = 0;
    if (!fit(cdt, p) || !fit(cdt, q) || !arith(op, p, q, cdt, z)) return;
    out.push_back(z);
  }
  attach(I, res, std::move(out));
}

/// The elementwise predicates and negations of a tensor's values (`~mask`, logical_not, isnan, ...): false when `n`
/// is not one or does not apply to `dt` (bitwise_not of floats).
bool predicate(const std::string& n, const std::string& dt, const std::vector<double>& in, std::vector<double>& out) {
  const bool is_bool = dt == "bool";
  std::function<double(double)> f;
  if (n == "logical_not") f = [](double x) { return x == 0 ? 1.0 : 0.0; };
  else if ((n == "bitwise_not" || n == "__invert__") && is_bool) f = [](double x) { return x == 0 ? 1.0 : 0.0; };
  else if ((n == "bitwise_not" || n == "__invert__") && !is_float(dt) && dt.rfind("complex", 0) != 0) f = [](double x) { return -x - 1; };
  else if (n == "isnan") f = [](double x) { return std::isnan(x) ? 1.0 : 0.0; };
  else if (n == "isinf") f = [](double x) { return std::isinf(x) ? 1.0 : 0.0; };
  else if (n == "isfinite") f = [](double x) { return std::isfinite(x) ? 1.0 : 0.0; };
  else if (n == "signbit") f = [](double x) { return std::signbit(x) ? 1.0 : 0.0; };
  else return false;
  out.clear();
  for (double x : in) out.push_back(f(x));
  return true;
}


/// cumsum / cumprod along `dim` (row-major `v` of shape `s`).
std::vector<double> cumulative(const std::vector<double>& v, const Shape& s, size_t dim, bool prod, const std::string& dt) {
  long long inner = 1;
  for (size_t i = dim + 1; i < s.size(); ++i) inner *= s[i];
  std::vector<double> out = v;
  for (size_t k = 0; k < out.size(); ++k) {
    long long pos = (static_cast<long long>(k) / inner) % (s.empty() ? 1 : s[dim]);
    if (pos == 0) continue;
    double x = prod ? out[k - static_cast<size_t>(inner)] * out[k] : out[k - static_cast<size_t>(inner)] + out[k];
    fit(dt, x);
    out[k] = x;
  }
  return out;
}

using layout::num;
using layout::is_num;

}  // namespace

/// One-input elementwise ops: float math in the result's float dtype.
bool unary_fn(const std::string& name, double x, const std::string& dt, double& r) {
  // torch.special's aliases of torch's own functions (special.expm1 is torch.expm1, special.expit sigmoid)
  static const std::map<std::string, std::string> special = {{"special.expit", "sigmoid"}, {"special.psi", "digamma"},
                                                             {"special.gammaln", "lgamma"}};
  const bool sp = name.rfind("special.", 0) == 0;
  const std::string n = !sp ? name : special.count(name) ? special.at(name) : name.substr(8);
  const bool f32 = dt == "float32";
  auto ff = [&](double (*d)(double), float (*s)(float)) { r = f32 ? static_cast<double>(s(static_cast<float>(x))) : d(x); };
  if (n == "neg" || n == "negative") r = -x;
  else if (n == "abs" || n == "absolute") r = std::fabs(x);
  else if (n == "round") r = std::nearbyint(x);  // half to even, as torch.round
  else if (n == "floor") r = std::floor(x);
  else if (n == "ceil") r = std::ceil(x);
  else if (n == "trunc") r = std::trunc(x);
  else if (n == "square") r = x * x;
  else if (n == "sign") r = x > 0 ? 1 : x < 0 ? -1 : 0;
  else if (n == "relu") r = x > 0 ? x : 0;
  else if (!is_float(dt)) return false;  // the rest give floats
  else if (n == "sqrt") ff(std::sqrt, std::sqrt);
  else if (n == "exp") ff(std::exp, std::exp);
  else if (n == "log") ff(std::log, std::log);
  else if (n == "log2") ff(std::log2, std::log2);
  else if (n == "log10") ff(std::log10, std::log10);
  else if (n == "reciprocal") r = 1.0 / x;
  else if (n == "rsqrt") r = f32 ? static_cast<double>(1.0f / std::sqrt(static_cast<float>(x))) : 1.0 / std::sqrt(x);
  else if (n == "sigmoid") r = f32 ? static_cast<double>(1.0f / (1.0f + std::exp(-static_cast<float>(x)))) : 1.0 / (1.0 + std::exp(-x));
  else if (n == "tanh") ff(std::tanh, std::tanh);
  else if (n == "sin") ff(std::sin, std::sin);
  else if (n == "cos") ff(std::cos, std::cos);
  else if (n == "log1p") ff(std::log1p, std::log1p);
  else if (n == "expm1") ff(std::expm1, std::expm1);
  else if (n == "exp2") ff(std::exp2, std::exp2);
  else if (n == "erf") ff(std::erf, std::erf);
  else if (n == "silu") r = f32 ? static_cast<double>(static_cast<float>(x) / (1.0f + std::exp(-static_cast<float>(x)))) : x / (1.0 + std::exp(-x));
  else return false;
  return true;
}

std::vector<std::pair<V, std::vector<double>>> bases_written(const Interp& I, const V& t, const std::vector<double>& nv0) {
  std::vector<std::pair<V, std::vector<double>>> through;
  for (V cur = t; cur->vals && cur->vals->base;) {
    const V b = cur->vals->base;
    const std::vector<double>* bv = of(I, b);
    const std::vector<long long>& offs = cur->vals->base_offsets;
    const std::vector<double>& nv = through.empty() ? nv0 : through.back().second;  // (cur's new values)
    if (!bv || offs.size() != nv.size()) break;
    std::vector<double> nb = *bv;
    bool ok = true;
    for (size_t i = 0; i < offs.size() && ok; ++i) {
      double x = nv[i];
      ok = offs[i] >= 0 && static_cast<size_t>(offs[i]) < nb.size() && fit(b->t->dtype, x);
      if (ok) nb[static_cast<size_t>(offs[i])] = x;
    }
    if (!ok) break;
    through.push_back({b, std::move(nb)});
    cur = b;
  }
  return through;
}

void attach_linked(Interp& I, const V& x, std::vector<double> vals) {
  V base = x->vals ? x->vals->base : nullptr;
  std::vector<long long> offs = x->vals ? x->vals->base_offsets : std::vector<long long>{};
  attach_view(I, x, std::move(vals), base, std::move(offs));
}

void write_in_place(Interp& I, const std::string& op, const V& t, const V& x, const V& res) {
  // t's new values, computed from its known ones before they go stale (only for an operand that broadcasts to t's
  // shape: a bigger one makes the op fail)
  V tmp;
  // (a copy does not read the target: an unknown one, a layer's random init, takes the source's values)
  V tv = t;
  if (op == "copy" && eager(I) && t->k == VK::Tensor && !of(I, t) && x && x->k == VK::Tensor && of(I, x)) {
    long long n = 1;
    for (const auto& d : t->t->shape) n = d.v < 0 || n < 0 ? -1 : n * d.v;
    if (n >= 0 && n <= kMaxElems) {
      tv = mk_tensor(*t->t);
      attach(I, tv, std::vector<double>(static_cast<size_t>(n), 0.0));
    }
  }
  bool fits = eager(I) && x && x->k != VK::Complex && of(I, tv) && (x->k != VK::Tensor || of(I, x));
  if (fits && x->k == VK::Tensor) {
    const auto& xs = x->t->shape;
    const auto& ts = t->t->shape;
    fits = xs.size() <= ts.size();
    for (size_t i = 0; fits && i < xs.size(); ++i) {
      const Dim& xd = xs[xs.size() - 1 - i];
      const Dim& td = ts[ts.size() - 1 - i];
      fits = xd.v >= 0 && td.v >= 0 && (xd.v == 1 || xd.v == td.v);
    }
  }
  const int g = guess_of(t) >= 0 ? guess_of(t) : guess_of(x);
  if (fits) {
    tmp = mk_tensor(*t->t);
    try { binary(I, op, tv, x, tmp); } catch (...) { tmp = nullptr; }
  }
  // a view read by a basic index writes its base's elements (and theirs of the base's base): new values computed
  // while the bases' are still fresh
  std::vector<std::pair<V, std::vector<double>>> through;
  if (tmp && tmp->vals) through = bases_written(I, t, tmp->vals->v);
  auto attach_linked = [&](const V& x, std::vector<double> vals) { values::attach_linked(I, x, std::move(vals)); };
  mutated(I, t);
  // (the statement rebinds the name to `res`, the same tensor: its storage and values)
  if (res && res->k == VK::Tensor) shares_storage(res, t);
  for (auto& [b, vals] : through) attach_linked(b, std::move(vals));
  if (tmp && tmp->vals) {
    attach_linked(t, tmp->vals->v);
    if (res && res != t && res->k == VK::Tensor) attach(I, res, tmp->vals->v);
    set_guess(t, g);
    if (res && res != t) set_guess(res, g);
  }
}

void after_binop(Interp& I, const std::string& op, const V& a, const V& b, bool reflected, const V& res) {
  if (op.size() >= 2 && op.back() == '=' && !is_cmp(op)) {  // `t += x` writes t's storage
    if (a && a->k == VK::Tensor) write_in_place(I, op.substr(0, op.size() - 1), a, b, res);
    else mutated(I);
    return;
  }
  struct Const {
    Interp& I;
    V a, b, res;
    ~Const() {
      const_result(I, {a, b}, res);
      carry_guess({a, b}, res);
    }
  } konst{I, a, b, res};
  if (!eager(I) || !res || res->k != VK::Tensor || !a || a->k != VK::Tensor) return;
  if (!of(I, a) && range_binop(I, op, a, b, reflected, res)) return;  // a tensor known by its range (values_range.cpp)
  if (!of(I, a) || (b && b->k == VK::Tensor && !of(I, b))) return;  // unknown operands (most tensors): nothing to do
  if (op == "neg" || op == "pos" || op == "invert") {
    const std::vector<double>* v = of(I, a);
    if (!v) return;
    std::vector<double> out = *v;
    if (op == "invert" && !predicate("__invert__", a->t->dtype, *v, out)) return;  // `~t`: bool and integer tensors
    if (op == "neg") for (double& x : out) x = -x;
    attach(I, res, std::move(out));
    return;
  }
  if (!b || b->k == VK::Complex) return;  // element values are real numbers: a complex result's are not kept
  if (op == "@" || op == "matmul") {
    reflected ? matmul(I, b, a, res) : matmul(I, a, b, res);
    return;
  }
  reflected ? binary(I, op, b, a, res) : binary(I, op, a, b, res);
}

bool op_rule(OpCall& c, const V& res) {
  const std::string& n = c.name;
  Interp& I = c.I;
  if (!c.def) return false;
  if (n == "batch_norm") return batch_norm_rule(c, res);  // (values_norm.cpp: the running statistics too, of any size)
  if (n == "linear" && c.is_fn) return linear_rule(c, res);
  if (n == "scatter" || n == "scatter_add") return scatter_values(c, res);  // (values_scatter.cpp)
  if (res->k == VK::Tensor) {  // a big or symbolic result stays shape-only: no data is computed for it
    for (const auto& d : res->t->shape) if (d.v < 0) return false;  // (symbolic sizes: their hints)
    if (count(shape_of(res)) > kMaxElems) return false;
  }
  const Family fam = c.def->family;
  if (fam == Family::Creation) return creation_rule(c, res);
  if (!c.self || c.self->k != VK::Tensor) {
    if ((n == "cat" || n == "concat" || n == "concatenate" || n == "stack" || n == "hstack") && res->k == VK::Tensor) {
      V ts = c.arg(0, "tensors");
      if (!ts && !c.args.empty()) ts = c.args[0];
      if (!ts || (ts->k != VK::List && ts->k != VK::Tuple) || ts->items.empty()) return false;
      V dv = n == "hstack" ? nullptr : c.arg(1, "dim");
      if (!dv && c.args.size() > 1 && n != "hstack") dv = c.args[1];
      const Shape r = shape_of(res);
      long long dim = dv && dv->k == VK::Int ? dv->i : 0;
      // (hstack: cat along dim 1, or 0 for 1-D inputs)
      if (n == "hstack") dim = r.size() == 1 ? 0 : 1;
      if (dim < 0) dim += static_cast<long long>(r.size());
      if (dim < 0 || dim >= static_cast<long long>(r.size())) return false;
      // each input is the slab [off, off + len) of the result along dim: gather the result by slabs
      std::vector<std::vector<double>> parts;
      std::vector<long long> lens;
      for (const V& t : ts->items) {
        const std::vector<double>* v = of(I, t);
        if (!v) return false;
        if (t->t->shape.size() + (n == "stack" ? 1 : 0) != r.size()) {
          if (n == "stack" || !v->empty()) return false;
          continue;  // torch.cat skips a legacy empty 1-D tensor whatever the dim
        }
        parts.push_back(*v);
        lens.push_back(n == "stack" ? 1 : t->t->shape.at(static_cast<size_t>(dim)).v);
      }
      long long outer = 1, inner = 1;
      for (long long i = 0; i < dim; ++i) outer *= r[static_cast<size_t>(i)];
      for (size_t i = static_cast<size_t>(dim) + 1; i < r.size(); ++i) inner *= r[i];
      std::vector<double> out;
      for (long long o = 0; o < outer; ++o)
        for (size_t p = 0; p < parts.size(); ++p)
          for (long long k = 0; k < lens[p] * inner; ++k) out.push_back(parts[p].at(static_cast<size_t>(o * lens[p] * inner + k)));
      attach(I, res, std::move(out));
      return true;
    }
    return false;
  }
  const std::vector<double>* v = of(I, c.self);
  if (!v && range_op(c, res)) return true;  // a tensor known only by its range (values_range.cpp)
  std::vector<double> filled;  // a uniform fill (torch.zeros / full, histc's even split) is the data too
  if (!v && c.self->t->fill && !shape_of(c.self).empty() && count(shape_of(c.self)) <= kMaxElems) {
    filled.assign(static_cast<size_t>(count(shape_of(c.self))), *c.self->t->fill);
    v = &filled;
  }
  if (!v) return false;
  const Shape s = shape_of(c.self);
  // tril / triu: the elements on and below (above) the k-th diagonal of each matrix, the rest 0
  if ((n == "tril" || n == "triu") && res->k == VK::Tensor && s.size() >= 2 && shape_of(res) == s) {
    V dg = c.arg(0, "diagonal");
    const long long k = dg && dg->k == VK::Int ? dg->i : 0;
    if (dg && dg->k != VK::Int && dg->k != VK::None) return false;
    const long long rows = s[s.size() - 2], cols = s[s.size() - 1];
    std::vector<double> out = *v;
    for (size_t idx = 0; idx < out.size(); ++idx) {
      const long long j = static_cast<long long>(idx) % cols, i = (static_cast<long long>(idx) / cols) % rows;
      if (n == "tril" ? j - i > k : j - i < k) out[idx] = 0;
    }
    attach(I, res, std::move(out));
    return true;
  }
  if (fam == Family::Join && res->k == VK::Tuple && (n == "split" || n == "chunk" || n == "unbind" || n == "split_with_sizes" || n == "tensor_split")) {
    V dv = n == "unbind" ? c.arg(0, "dim") : c.arg(1, "dim");
    if (s.empty()) return false;
    size_t dim = static_cast<size_t>(c.dim(dv && dv->k == VK::Int ? dv->i : 0, s.size()));
    long long off = 0;
    for (const V& p : res->items) {
      if (p->k != VK::Tensor) return false;
      long long len = n == "unbind" ? 1 : p->t->shape.at(dim).v;
      attach(I, p, slab(*v, s, dim, off, len));
      off += len;
    }
    return true;
  }
  if (res->k == VK::Tuple) return sorting(c, res) || reduction(c, res);  // (sort / topk, max / min(dim): values and indices)
  if (res->k != VK::Tensor) return false;
  if (repeat_interleave(c, res)) return true;
  const Shape r = shape_of(res);
  const std::string& rdt = res->t->dtype;
  static const std::set<std::string> same_order = {"view", "reshape", "flatten", "ravel", "unflatten", "squeeze", "unsqueeze", "view_as",
                                                   "reshape_as", "contiguous", "clone", "detach", "cpu", "float", "double", "long", "int",
                                                   "bool", "short", "byte", "char", "half", "bfloat16", "to", "type", "type_as", "resize",
                                                   "to_sparse", "to_dense", "coalesce"};  // (sparse layouts: the same values, read densely)
  if (same_order.count(n)) {
    if (count(r) != static_cast<long long>(v->size())) return false;
    // a view of the same elements in the same order (`p.detach().copy_(src)`, `w.view(-1)[k] = x`): linked to its
    // input, element i to element i, so a write through it writes the input's values too (write_in_place)
    static const std::set<std::string> views = {"view", "reshape", "flatten", "ravel", "unflatten", "squeeze", "unsqueeze",
                                                "view_as", "reshape_as", "contiguous", "detach"};
    if (views.count(n) && res != c.self && res->storage.get() == (c.self->storage ? c.self->storage.get() : c.self.get())) {
      std::vector<long long> offs(v->size());
      for (size_t i = 0; i < offs.size(); ++i) offs[i] = static_cast<long long>(i);
      attach_view(I, res, *v, c.self, std::move(offs));
      return true;
    }
    attach(I, res, *v);
    return true;
  }
  if (n == "expand" || n == "expand_as" || n == "broadcast_to") { attach(I, res, broadcast_to(*v, s, r)); return true; }
  if ((n == "repeat" || n == "tile") && r.size() >= s.size() && count(r) <= kMaxElems) {
    // x.repeat(sizes) / torch.tile: the result's element at index ix is x's at ix modulo x's sizes (x's shape padded
    // with leading 1s to the result's rank; the result's shape, from the shape rule, carries the repeats)
    Shape p(r.size() - s.size(), 1);
    p.insert(p.end(), s.begin(), s.end());
    std::vector<double> out;
    out.reserve(static_cast<size_t>(count(r)));
    Shape ix(r.size(), 0);
    if (count(r) > 0) do {
      long long off = 0;
      for (size_t d = 0; d < r.size(); ++d) off = off * p[d] + ix[d] % p[d];
      out.push_back(v->at(static_cast<size_t>(off)));
    } while (step(ix, r));
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "where" && c.is_fn && c.rest.size() == 3 && c.rest[0].get() == c.self.get()) {
    // torch.where(cond, x, y): x where cond else y, all three broadcast to the result (a number is a fill)
    auto operand_values = [&](const V& a, std::vector<double>& out) {
      if (is_num(a)) { out.assign(static_cast<size_t>(count(r)), num(a)); return true; }
      if (!a || a->k != VK::Tensor) return false;
      const std::vector<double>* av = of(I, a);
      if (!av) return false;
      out = broadcast_to(*av, shape_of(a), r);
      return true;
    };
    std::vector<double> cv = broadcast_to(*v, s, r), xv, yv;
    if (!operand_values(c.rest[1], xv) || !operand_values(c.rest[2], yv)) return false;
    std::vector<double> out(cv.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = cv[i] != 0 ? xv[i] : yv[i];
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "masked_fill" && !c.is_fn && c.rest.size() == 2 && r == s) {
    // x.masked_fill(mask, value): value where the mask (broadcast to x) is set, else x (FastSpeech2's durations of
    // padding set to 0)
    const V& m = c.rest[0];
    const V& val = c.rest[1];
    if (!m || m->k != VK::Tensor) return false;
    const std::vector<double>* mv = of(I, m);
    double fv = 0;
    if (is_num(val)) fv = num(val);
    else if (val && val->k == VK::Tensor && val->t->shape.empty() && of(I, val)) fv = of(I, val)->at(0);
    else return false;
    if (!mv || !fit(rdt, fv)) return false;
    std::vector<double> mb = broadcast_to(*mv, shape_of(m), r), out = *v;
    for (size_t i = 0; i < out.size(); ++i) if (mb[i] != 0) out[i] = fv;
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "masked_select" && c.rest.size() == 1 && c.rest[0] && c.rest[0]->k == VK::Tensor) {
    // x.masked_select(mask): x's elements where the mask is set, both broadcast to one shape, row-major (nflows'
    // `features.masked_select(mask > 0)` of its coupling masks)
    const V& m = c.rest[0];
    const std::vector<double>* mv = of(I, m);
    if (!mv) return false;
    const Shape ms = shape_of(m), b = s.size() >= ms.size() ? s : ms;
    std::vector<double> xb = broadcast_to(*v, s, b), mb = broadcast_to(*mv, ms, b), out;
    for (size_t i = 0; i < xb.size(); ++i) if (mb[i] != 0) out.push_back(xb[i]);
    if (static_cast<long long>(out.size()) != count(r)) return false;
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "pad") {  // F.pad, constant mode: (left, right) pairs from the last dim back (negative ones crop), `value` around
    V pd = c.arg(0, "pad"), mode = c.arg(1, "mode"), val = c.arg(2, "value");
    if (c.is_fn && c.args.size() == 4) { pd = c.args[1]; mode = c.args[2]; val = c.args[3]; }  // (as conv.cpp's pad rewrote the call)
    if (mode && mode->k == VK::Str && mode->s != "constant") return false;
    if (!pd || (pd->k != VK::List && pd->k != VK::Tuple) || pd->items.size() % 2 || pd->items.size() / 2 > s.size() || r.size() != s.size()) return false;
    std::vector<long long> lo(s.size(), 0);
    for (size_t k = 0; k < pd->items.size() / 2; ++k) {
      if (pd->items[2 * k]->k != VK::Int || !pd->items[2 * k]->sym.empty()) return false;
      lo[s.size() - 1 - k] = pd->items[2 * k]->i;
    }
    const double fillv = val && is_num(val) ? num(val) : 0.0;
    std::vector<double> out(static_cast<size_t>(count(r)), fillv);
    std::vector<long long> idx(r.size(), 0);
    for (size_t flat = 0; flat < out.size(); ++flat) {
      long long src = 0;
      bool inside = true;
      for (size_t d = 0; d < r.size() && inside; ++d) {
        const long long j = idx[d] - lo[d];
        inside = j >= 0 && j < s[d];
        src = src * s[d] + j;
      }
      if (inside) out[flat] = v->at(static_cast<size_t>(src));
      for (size_t d = r.size(); d-- > 0;) {  // the next index, row-major
        if (++idx[d] < r[d]) break;
        idx[d] = 0;
      }
    }
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "t" || n == "transpose" || n == "swapaxes" || n == "swapdims" || n == "permute" || n == "T" || n == "mT" ||
      n == "H" || n == "mH" || n == "adjoint") {
    std::vector<size_t> perm(s.size());
    for (size_t i = 0; i < perm.size(); ++i) perm[i] = i;
    if (n == "T" || n == "H") {  // x.T: every dim reversed
      std::reverse(perm.begin(), perm.end());
    } else if (n == "mT" || n == "mH" || n == "adjoint") {  // the last two swapped
      if (s.size() < 2) return false;
      std::swap(perm[s.size() - 1], perm[s.size() - 2]);
    } else if (n == "permute") {
      std::vector<V> ds = c.rest.size() == 1 && (c.rest[0]->k == VK::Tuple || c.rest[0]->k == VK::List) ? c.rest[0]->items : c.rest;
      if (ds.size() != s.size()) return false;
      for (size_t i = 0; i < ds.size(); ++i) { if (ds[i]->k != VK::Int) return false; perm[i] = static_cast<size_t>(c.dim(ds[i]->i, s.size())); }
    } else if (s.size() >= 2 || n != "t") {
      V a = n == "t" ? mk_int(0) : c.arg(0, "dim0"), b = n == "t" ? mk_int(1) : c.arg(1, "dim1");
      if (!a || !b || a->k != VK::Int || b->k != VK::Int) return false;
      std::swap(perm[static_cast<size_t>(c.dim(a->i, s.size()))], perm[static_cast<size_t>(c.dim(b->i, s.size()))]);
    }
    attach(I, res, permuted(*v, s, perm));
    return true;
  }
  if (n == "flip") {
    V ds = c.arg(0, "dims");
    std::set<size_t> dims;
    std::vector<V> xs = ds && (ds->k == VK::Tuple || ds->k == VK::List) ? ds->items : c.rest;
    for (auto& x : xs) { if (x->k != VK::Int) return false; dims.insert(static_cast<size_t>(c.dim(x->i, s.size()))); }
    attach(I, res, flipped(*v, s, dims));
    return true;
  }
  if (n == "cumsum" || n == "cumprod") {
    V d = c.arg(0, "dim");
    if (!d || d->k != VK::Int) return false;
    std::vector<double> base = *v;
    for (double& x : base) if (!fit(rdt, x)) return false;
    attach(I, res, cumulative(base, s, s.empty() ? 0 : static_cast<size_t>(c.dim(d->i, s.size())), n == "cumprod", rdt));
    return true;
  }
  if (n == "diff") {  // x[1:] - x[:-1] along dim (n=1, no prepend / append), rounded to the result dtype
    V k = c.arg(0, "n"), d = c.arg(1, "dim");
    if ((k && !(k->k == VK::Int && k->i == 1)) || (d && d->k != VK::Int) || c.kw("prepend") || c.kw("append") || s.empty())
      return false;
    size_t dim = static_cast<size_t>(c.dim(d ? d->i : -1, s.size()));
    long long len = s[dim];
    if (len < 1) return false;
    std::vector<double> hi = slab(*v, s, dim, 1, len - 1), lo = slab(*v, s, dim, 0, len - 1);
    for (size_t i = 0; i < hi.size(); ++i) {
      hi[i] -= lo[i];
      if (!fit(rdt, hi[i])) return false;
    }
    attach(I, res, std::move(hi));
    return true;
  }
  if (n == "__getitem__") {
    std::vector<double> out;
    if (c.rest.empty()) return false;
    if (basic_index(*v, s, c.rest[0], out)) {
      // (the view's elements in c.self: an in-place write through it writes them, write_in_place)
      std::vector<double> ids(v->size()), offs;
      for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<double>(i);
      if (!basic_index(ids, s, c.rest[0], offs)) offs.clear();
      attach_view(I, res, std::move(out), c.self, std::vector<long long>(offs.begin(), offs.end()));
      return true;
    }
    // advanced indexing of the leading dims by integer tensors, lists and ints only: the index values broadcast to one
    // shape B, the result is B + the remaining dims (`mask[batch_idx[:, None, None, None], kv_idx[None, None, None, :]]`)
    std::vector<std::vector<double>> iv;
    std::vector<Shape> is;
    std::vector<long long> at;
    Shape b;
    if (!index_arrays(I, c.rest[0], iv, is) || !advanced_offsets(iv, is, s, at, b)) return false;
    if (count(r) != static_cast<long long>(at.size())) return false;
    for (long long o : at) out.push_back(v->at(static_cast<size_t>(o)));
    attach(I, res, std::move(out));
    return true;
  }
  if (n == "narrow" || n == "select") {
    V d = c.arg(0, "dim"), st = c.arg(1, n == "narrow" ? "start" : "index");
    if (!d || !st || d->k != VK::Int || st->k != VK::Int || s.empty()) return false;
    size_t dim = static_cast<size_t>(c.dim(d->i, s.size()));
    long long lo = st->i < 0 ? st->i + s[dim] : st->i;
    long long len = n == "narrow" ? r.at(dim) : 1;
    if (lo < 0 || lo + len > s[dim]) return false;
    attach(I, res, slab(*v, s, dim, lo, len));
    return true;
  }
  if (reduction(c, res) || norm(c, res) || softmax(c, res) || quantile(c, res) || sorting(c, res)) return true;
  if ((n == "matmul" || n == "mm" || n == "bmm") && c.rest.size() == 1) return matmul(I, c.self, c.rest[0], res);
  if (n == "pow") {
    V e = c.arg(0, "exponent");
    if (!e) return false;
    binary(I, "**", c.self, e, res);
    return true;
  }
  if (fam == Family::Elementwise || n == "round" || n == "clamp" || n == "clip" || n == "clamp_min" || n == "clamp_max") {
    if (n == "round") if (V dec = c.kw("decimals"); dec && !(dec->k == VK::Int && dec->i == 0)) return false;
    std::vector<double> out;
    if (predicate(n, c.self->t->dtype, *v, out)) {  // of the input's values, not cast to the bool result first
      if (shape_of(res) != s) return false;
      attach(I, res, std::move(out));
      return true;
    }
    if (n == "clamp" || n == "clip" || n == "clamp_min" || n == "clamp_max") {
      V lo = n == "clamp_max" ? nullptr : c.arg(0, "min"), hi = n == "clamp_min" ? nullptr : c.arg(n == "clamp_max" ? 0 : 1, "max");
      if ((lo && lo->k != VK::None && !is_num(lo)) || (hi && hi->k != VK::None && !is_num(hi))) return false;
      for (double x : *v) {
        double y = x;
        if (!fit(rdt, y)) return false;
        if (lo && lo->k != VK::None) { double l = num(lo); fit(rdt, l); y = std::max(y, l); }
        if (hi && hi->k != VK::None) { double h = num(hi); fit(rdt, h); y = std::min(y, h); }
        out.push_back(y);
      }
    } else {
      if (r != s) return false;
      for (double x : *v) {
        double y = x, z = 0;
        if (!fit(rdt, y) || !unary_fn(n, y, rdt, z)) return false;
        out.push_back(z);
      }
    }
    attach(I, res, std::move(out));
    return true;
  }
  if (fam == Family::Binary) {
    static const std::map<std::string, std::string> ops = {
        {"add", "+"}, {"sub", "-"}, {"subtract", "-"}, {"mul", "*"}, {"multiply", "*"}, {"div", "/"}, {"divide", "/"},
        {"true_divide", "/"}, {"floor_divide", "//"}, {"remainder", "%"}, {"maximum", "max"}, {"minimum", "min"},
        {"eq", "=="}, {"ne", "!="}, {"not_equal", "!="}, {"lt", "<"}, {"less", "<"}, {"le", "<="}, {"less_equal", "<="},
        {"gt", ">"}, {"greater", ">"}, {"ge", ">="}, {"greater_equal", ">="}};
    auto it = ops.find(n);
    V other = c.arg(0, "other");
    V rm = c.kw("rounding_mode");
    if (it == ops.end() || !other || c.kw("alpha")) return false;
    std::string op = it->second;
    if (rm && rm->k != VK::None) {  // div / divide: rounding_mode "floor" or "trunc"
      if (op != "/" || rm->k != VK::Str || (rm->s != "floor" && rm->s != "trunc")) return false;
      op = rm->s == "floor" ? "//" : "trunc";
    }
    binary(I, op, c.self, other, res);
    return true;
  }
  return false;
}

/// torch.pow(scalar, tensor): the base is a Python number.
void pow_scalar_base(Interp& I, const V& base, const V& exponent, const V& res) { binary(I, "**", base, exponent, res); }

}  // namespace tparse::compiler::values
