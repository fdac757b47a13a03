// Element values of eager tensors (values.hpp): where they live (Obj::vals, valid for one mutation epoch),
// dtype rounding, Python data in (torch.tensor's lists, numpy stub arrays) and out (item / tolist), the
// dispatch hooks, and torch.unique's data-dependent result. The per-op rules are in values_ops.cpp.
#include "torch/values/values.hpp"
#include "torch/values/values_foreach.hpp"
#include "torch/random/random_rules.hpp"
#include "torch/values/values_layout.hpp"
#include "torch/values/values_scatter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "runtime/interp.hpp"

namespace tparse::compiler::values {

bool eager(const Interp& I) {
  // a frame runs on the call's real inputs, traced or replayed: the values it computes are the run's too (a
  // branch on `torch.arange(...)`'s max after the data-dependent break reads them); a symbolic size is its hint, the
  // size of this run (funnel's relative positions from a dynamic graph's outputs)
  (void)I;
  return true;
}

static bool static_numel(const TensorInfo& t, long long& n) {
  n = 1;
  for (const auto& d : t.shape) {
    if (d.v < 0) return false;  // (a symbolic size: its hint, this run's size; an unbacked one has none)
    n *= d.v;
    if (n > kMaxElems) return false;
  }
  return true;
}

const std::vector<double>* of(const Interp& I, const V& t) { return eager(I) ? data(I, t) : nullptr; }

namespace {
const Obj* storage_of(const V& t) { return t->storage ? t->storage.get() : t.get(); }
/// The in-place arithmetic whose result values are known from the operands': name -> operator
const std::map<std::string, std::string>& inplace_arith_ops() {
  static const std::map<std::string, std::string> ops = {{"__iadd__", "+"}, {"add_", "+"}, {"__isub__", "-"}, {"sub_", "-"},
                                                         {"__imul__", "*"}, {"mul_", "*"}, {"__itruediv__", "/"}, {"div_", "/"},
                                                         {"copy_", "copy"}};
  return ops;
}
}  // namespace

void shares_storage(const V& res, const V& base) {
  if (res && base && res != base && res->k == VK::Tensor && base->k == VK::Tensor) res->storage = base->storage ? base->storage : base;
}

const std::vector<double>* data(const Interp& I, const V& t) {
  if (!t || t->k != VK::Tensor || !t->vals || !t->t || t->vals->epoch < I.unknown_write_epoch_) return nullptr;
  if (auto w = I.storage_write_epoch_.find(storage_of(t)); w != I.storage_write_epoch_.end() && t->vals->epoch < w->second)
    return nullptr;
  long long n = 0;
  if (!static_numel(*t->t, n) || static_cast<long long>(t->vals->v.size()) != n) return nullptr;
  return &t->vals->v;
}

long long true_count(Interp& I, const V& t, Location loc, const std::string& what) {
  long long n = 1;
  for (const auto& d : t->t->shape) n *= d.v;
  if (const std::vector<double>* v = data(I, t)) return std::count_if(v->begin(), v->end(), [](double x) { return x != 0; });
  if (t->t->fill) return *t->t->fill == 0 ? 0 : n;
  if (t->t->nonzero) return *t->t->nonzero;
  I.note_unmodelled(loc, what + " of data the compiler does not know (every entry taken as nonzero)");
  ++I.guesses_;
  return n;
}

namespace {
/// x rounded to a binary float of `mant` stored mantissa bits and least normal exponent `emin` (round half to even),
/// overflow to infinity past `max`: float16 (10, -14, 65504), bfloat16 (7, -126, about 3.39e38)
double round_to_binary(double x, int mant, int emin, double max) {
  if (!std::isfinite(x) || x == 0) return x;
  const double a = std::fabs(x);
  int e = 0;
  std::frexp(a, &e);
  const int exp = std::max(e - 1, emin);
  const double ulp = std::ldexp(1.0, exp - mant);
  const double r = std::nearbyint(a / ulp) * ulp;
  return std::copysign(r > max ? HUGE_VAL : r, x);
}
}  // namespace

bool fit(const std::string& dt, double& x) {
  if (dt == "float32") { x = static_cast<double>(static_cast<float>(x)); return true; }
  if (dt == "float16") { x = round_to_binary(x, 10, -14, 65504.0); return true; }
  if (dt == "bfloat16") { x = round_to_binary(static_cast<double>(static_cast<float>(x)), 7, -126, 3.3895313892515355e38); return true; }
  if (dt == "float64") return true;
  if (dt == "bool") { x = x != 0 ? 1 : 0; return true; }
  static const std::map<std::string, std::pair<double, double>> ints = {
      {"int64", {-9007199254740992.0, 9007199254740992.0}}, {"int32", {-2147483648.0, 2147483647.0}},
      {"int16", {-32768.0, 32767.0}}, {"int8", {-128.0, 127.0}}, {"uint8", {0.0, 255.0}}};
  auto it = ints.find(dt);
  if (it == ints.end() || !std::isfinite(x)) return false;  // complex: not modelled
  x = std::trunc(x);  // torch's float -> int conversion truncates toward zero
  return x >= it->second.first && x <= it->second.second;  // out of range wraps in torch: not guessed
}

void attach_range(Interp& I, const V& t, double lo, double hi) {
  if (!t || t->k != VK::Tensor || !eager(I)) return;
  auto tv = std::make_shared<TensorVals>();
  tv->lo = lo;
  tv->hi = hi;
  tv->epoch = I.value_epoch_;
  t->vals = std::move(tv);
}

int guess_of(const V& t) { return t && t->k == VK::Tensor && t->vals ? t->vals->guess : -1; }

void set_guess(const V& t, int g) {
  if (g < 0 || !t || t->k != VK::Tensor || !t->vals || t->vals->guess == g) return;
  auto tv = std::make_shared<TensorVals>(*t->vals);  // (values are shared between views: a copy that carries it)
  tv->guess = g;
  t->vals = std::move(tv);
}

void used(Interp& I, const V& t) {
  if (int g = guess_of(t); g >= 0) {
    V n = mk_int(0);
    n->guess = g;
    I.use_guess(n);
  }
}

void carry_guess(const std::vector<V>& ins, const V& res) {
  if (!res || res->k != VK::Tensor || !res->vals || res->vals->guess >= 0) return;
  std::function<int(const V&, int)> find = [&](const V& x, int depth) -> int {
    if (!x || depth > 3) return -1;
    if (x->k == VK::Tensor) return x.get() == res.get() ? -1 : guess_of(x);
    if (x->k == VK::List || x->k == VK::Tuple)
      for (const V& y : x->items) if (int g = find(y, depth + 1); g >= 0) return g;
    return -1;
  };
  for (const V& x : ins) if (int g = find(x, 0); g >= 0) { set_guess(res, g); return; }
}

void attach(Interp& I, const V& t, std::vector<double> v) { attach_view(I, t, std::move(v), nullptr, {}); }

void attach_view(Interp& I, const V& t, std::vector<double> v, const V& base, std::vector<long long> offs) {
  if (!t || t->k != VK::Tensor || !eager(I)) return;
  long long n = 0;
  if (!static_numel(*t->t, n) || static_cast<long long>(v.size()) != n) return;
  for (double& x : v)
    if (!fit(t->t->dtype, x)) return;
  auto tv = std::make_shared<TensorVals>();
  tv->v = std::move(v);
  tv->epoch = I.value_epoch_;
  if (base && offs.size() == tv->v.size()) {
    tv->base = base;
    tv->base_offsets = std::move(offs);
  }
  t->vals = std::move(tv);
}

V py_number(const std::string& dt, double x) {
  if (dt == "bool") return mk_bool(x != 0);
  if (dt.find("int") != std::string::npos) return mk_int(static_cast<long long>(x));
  return mk_float(x);
}

V py_list(const V& t, const std::vector<double>& v) {
  const TensorInfo& ti = *t->t;
  size_t at = 0;
  std::function<V(size_t)> build = [&](size_t d) -> V {
    if (d == ti.shape.size()) return py_number(ti.dtype, v[at++]);
    std::vector<V> xs;
    for (long long i = 0; i < ti.shape[d].v; ++i) xs.push_back(build(d + 1));
    return mk_list(xs);
  };
  return build(0);
}

bool ndarray_info(const V& d, std::vector<long long>& shape, std::string& dtype) {
  if (!d || d->k != VK::Instance || !d->cls || !d->attrs.count("_tparse_flat") || !d->attrs.count("shape")) return false;
  shape.clear();
  for (const V& x : d->attrs.at("shape")->items) {
    if (x->k != VK::Int) return false;
    shape.push_back(x->i);
  }
  V dt = d->attrs.count("_tparse_dtype") ? d->attrs.at("_tparse_dtype") : nullptr;
  dtype = dt && dt->k == VK::Str ? dt->s : "float64";
  return true;
}

bool ndarray_strides(const V& d, std::vector<long long>& strides) {
  if (!d || d->k != VK::Instance || !d->attrs.count("_tparse_strides")) return false;
  const V& s = d->attrs.at("_tparse_strides");
  if (!s || (s->k != VK::Tuple && s->k != VK::List)) return false;
  strides.clear();
  for (const V& x : s->items) {
    if (x->k != VK::Int) return false;
    strides.push_back(x->i);
  }
  return true;
}

bool from_data(const Interp& I, const V& d, std::vector<double>& out) {
  switch (d->k) {
    // (a SymInt / SymFloat / SymBool is its hint, this run's value, as a symbolic size is: MoBA's
    // `torch.tensor([0] + [kv_len] * batch)` of a dynamic length, cumsum'd into cu_seqlens and read by item())
    case VK::Int: out.push_back(static_cast<double>(d->i)); return true;
    case VK::Float: out.push_back(d->f); return true;
    case VK::Bool: out.push_back(d->b ? 1 : 0); return true;
    case VK::List:
    case VK::Tuple:
      for (const V& x : d->items)
        if (!from_data(I, x, out)) return false;
      return true;
    case VK::Tensor: {
      const std::vector<double>* v = of(I, d);
      if (!v) return false;
      out.insert(out.end(), v->begin(), v->end());
      return true;
    }
    case VK::Instance: {
      std::vector<long long> shape;
      std::string dt;
      if (!ndarray_info(d, shape, dt)) return false;
      return from_data(I, d->attrs.at("_tparse_flat"), out);
    }
    default: return false;
  }
}

void mutated(Interp& I, const V& t) {
  ++I.value_epoch_;
  if (t && t->k == VK::Tensor) {
    I.storage_write_epoch_[storage_of(t)] = I.value_epoch_;
    // a uniform fill (torch.ones' 1) is no longer the data of the tensor written (`m.data.copy_(x)` writes m through
    // the values `.data` links to m's; `storage` is an identity only, its tensor may be gone)
    if (t->t) {
      t->t->fill.reset();
      t->t->nonzero.reset();
    }
    for (const Obj* v = t.get(); v->vals && v->vals->base; v = v->vals->base.get())  // (the bases a values view links to)
      if (v->vals->base->t) {
        v->vals->base->t->fill.reset();
        v->vals->base->t->nonzero.reset();
      }
  } else {
    I.unknown_write_epoch_ = I.value_epoch_;
  }
}

bool index_arrays(const Interp& I, const V& idx, std::vector<std::vector<double>>& iv, std::vector<std::vector<long long>>& is) {
  iv.clear();
  is.clear();
  std::vector<V> items = idx->k == VK::Tuple ? idx->items : std::vector<V>{idx};
  // trailing whole slices (`k[rows, cols, :, :] = v`) index nothing: the arrays cover the leading dims either way
  auto whole = [](const V& x) {
    return x->k == VK::Slice && x->items.size() == 3 && x->items[0]->k == VK::None && x->items[1]->k == VK::None &&
           x->items[2]->k == VK::None;
  };
  while (items.size() > 1 && whole(items.back())) items.pop_back();
  for (const V& x : items) {
    std::vector<long long> nd_shape;
    std::string nd_dtype;
    if (x->k == VK::Instance && ndarray_info(x, nd_shape, nd_dtype) && nd_dtype.rfind("int", 0) == 0) {
      // an integer numpy array is an index tensor (DiverseBranchBlock's `k[np.arange(c), np.tile(...), :, :] = v`)
      std::vector<double> v;
      if (!from_data(I, x, v)) return false;
      iv.push_back(std::move(v));
      is.push_back(nd_shape);
    } else if (x->k == VK::Int && x->sym.empty()) {
      iv.push_back({static_cast<double>(x->i)});
      is.push_back({});
    } else if (x->k == VK::List || (x->k == VK::Tuple && idx->k == VK::Tuple && !x->size_tuple)) {
      // a list of ints is an index tensor (torch builds one); so is a tuple inside the index tuple
      std::vector<double> v;
      for (const V& y : x->items)
        if (y->k == VK::Int && y->sym.empty()) v.push_back(static_cast<double>(y->i));
        else return false;
      is.push_back({static_cast<long long>(v.size())});
      iv.push_back(std::move(v));
    } else if (x->k == VK::Tensor && x->t->dtype != "bool" && x->t->dtype.find("float") == std::string::npos) {
      const std::vector<double>* v = of(I, x);
      if (!v) return false;
      iv.push_back(*v);
      is.push_back(layout::shape_of(x));
    } else {
      return false;
    }
  }
  return !iv.empty();
}

namespace {
// an uninitialized tensor's written elements: the Obj's vals hold the values so far (v) and the epoch of the last
// write through setitem_values; its attrs["w"]'s vals one flag per element (1: written); its i the count not written.
// setitem_values updates the record in place (a collate filling n elements one by one stays linear)
const char* const kPartial = "__tparse_partial__";

/// t's partial record, or null: none, or the storage was written since by something else (an unknown write)
Obj* live_partial(const Interp& I, const V& t) {
  auto it = t->attrs.find(kPartial);
  if (it == t->attrs.end() || !it->second || !it->second->vals) return nullptr;
  const unsigned long long at = it->second->vals->epoch;
  if (at < I.unknown_write_epoch_) return nullptr;
  if (auto w = I.storage_write_epoch_.find(storage_of(t)); w != I.storage_write_epoch_.end() && at < w->second) return nullptr;
  return it->second.get();
}

void store_partial(Interp& I, const V& t, std::vector<double> v, std::vector<double> w) {
  auto p = std::make_shared<Obj>();
  p->i = static_cast<long long>(std::count(w.begin(), w.end(), 0.0));
  auto pv = std::make_shared<TensorVals>();
  pv->v = std::move(v);
  pv->epoch = I.value_epoch_;
  p->vals = std::move(pv);
  auto f = std::make_shared<Obj>();
  auto fv = std::make_shared<TensorVals>();
  fv->v = std::move(w);
  f->vals = std::move(fv);
  p->attrs["w"] = f;
  t->attrs[kPartial] = p;
}
}  // namespace

void start_partial(Interp& I, const V& t) {
  long long n = 0;
  if (!t || t->k != VK::Tensor || !eager(I) || !static_numel(*t->t, n) || n > kMaxElems || n == 0) return;
  store_partial(I, t, std::vector<double>(static_cast<size_t>(n), 0.0), std::vector<double>(static_cast<size_t>(n), 0.0));
}

// `t[idx] = v` on a tensor whose values are known (its data, or one fill value): the new values, row-major, where the
// index is basic (ints, slices, None, Ellipsis), integer index arrays over leading dims, or a bool mask over t's leading dims (one with no data taken as all
// true: then t's old values need not be known), and v a number or a tensor of known values that is one value or
// exactly the region's count. False (nothing done) otherwise.
static bool setitem_values(OpCall& c) {
  using layout::Shape;
  using layout::shape_of;
  using layout::basic_index;
  Interp& I = c.I;
  if (!c.self || c.self->k != VK::Tensor || c.rest.size() != 2 || !eager(I)) return false;
  const V& t = c.self;
  long long n = 0;
  if (!static_numel(*t->t, n) || n > kMaxElems) return false;
  const V& idx = c.rest[0];
  const V& val = c.rest[1];
  Shape s = shape_of(t);
  // a bool mask over t's leading dims (`t[rows_mask] = v`): whole rows (trailing elements) are written
  const bool mask = idx->k == VK::Tensor && idx->t->dtype == "bool" && [&] {
    Shape ms = shape_of(idx);
    return !ms.empty() && ms.size() <= s.size() && std::equal(ms.begin(), ms.end(), s.begin());
  }();
  const std::vector<double>* m = mask ? data(I, idx) : nullptr;
  const bool unknown_mask = mask && !m && !idx->t->fill;
  if (unknown_mask) {
    // a mask tparse has no data of: every entry taken as true (as true_count), so every element is written and t's
    // old values do not matter (FastSpeech2's `duration_labels[duration_labels.sum(dim=1).eq(0)] = 1`)
    true_count(I, idx, c.loc, "a boolean-mask assignment");
  }
  std::vector<double> cur;
  Obj* partial = nullptr;  // an uninitialized tensor being filled element by element (start_partial)
  if (const std::vector<double>* d = data(I, t)) cur = *d;
  else if (t->t->fill) cur.assign(static_cast<size_t>(n), *t->t->fill);
  else if (unknown_mask) cur.assign(static_cast<size_t>(n), 0.0);  // every element is overwritten below
  else if (!((partial = live_partial(I, t)) && !mask && partial->vals->v.size() == static_cast<size_t>(n))) return false;
  // (a partial record is written in place: store_partial made its vals, which no tensor shares)
  std::vector<double>& out = partial ? const_cast<TensorVals&>(*partial->vals).v : cur;
  std::vector<double> vals;
  if (val->k == VK::Int) vals = {static_cast<double>(val->i)};
  else if (val->k == VK::Float) vals = {val->f};
  else if (val->k == VK::Bool) vals = {val->b ? 1.0 : 0.0};
  else if (val->k == VK::Tensor) {
    if (const std::vector<double>* d = data(I, val)) vals = *d;
    else if (val->t->fill) vals = {*val->t->fill};
    else return false;
  } else return false;
  // with the mask unknown the written values are known only where the old ones already equal the one assigned;
  // otherwise which elements changed is the data's, and t's values become unknown (SSD-Lite's
  // `labels[best_iou < threshold] = 0`: its positives count, not all zeros; real torch 2.11 recompiles on it)
  if (unknown_mask) {
    const bool known_old = data(I, t) || t->t->fill;
    if (!known_old || vals.size() != 1 || std::any_of(cur.begin(), cur.end(), [&](double x) { return x != vals[0]; }))
      return false;
  }
  std::vector<long long> offs;
  if (mask) {
    long long rows = 1;
    for (size_t k = 0; k < idx->t->shape.size(); ++k) rows *= s[k];
    const long long inner = rows ? n / rows : 0;
    for (long long r = 0; r < rows; ++r) {
      const double on = m ? (*m)[static_cast<size_t>(r)] : idx->t->fill ? *idx->t->fill : 1.0;
      if (on != 0)
        for (long long j = 0; j < inner; ++j) offs.push_back(r * inner + j);
    }
  } else {
    if (!layout::basic_offsets(s, idx, offs)) {
      // integer index arrays over the leading dims (`is_global[r, cols] = True`)
      std::vector<std::vector<double>> iv;
      std::vector<Shape> is;
      std::vector<long long> at;
      Shape b;
      if (!index_arrays(I, idx, iv, is) || !layout::advanced_offsets(iv, is, s, at, b)) return false;
      offs = std::move(at);
    }
  }
  if (vals.size() != 1 && vals.size() != offs.size()) return false;
  for (double x : vals)
    if (!fit(t->t->dtype, x)) return false;
  for (size_t i = 0; i < offs.size(); ++i) out[static_cast<size_t>(offs[i])] = vals.size() == 1 ? vals[0] : vals[i];
  const int g = guess_of(val) >= 0 ? guess_of(val) : (!mask || m) ? guess_of(t) : -1;
  // (a view's write reaches its base: `r[0][idx] = -1` writes r's first row; CSDI's get_randmask)
  std::vector<std::pair<V, std::vector<double>>> through;
  if (!partial) through = bases_written(I, t, out);
  mutated(I, t);  // views of the storage go stale; the written tensor carries the new values
  for (auto& [b, bv] : through) {
    attach_linked(I, b, std::move(bv));
    set_guess(b, g);
  }
  if (partial) {
    std::vector<double>& w = const_cast<TensorVals&>(*partial->attrs["w"]->vals).v;
    for (long long o : offs)
      if (w[static_cast<size_t>(o)] == 0) w[static_cast<size_t>(o)] = 1, --partial->i;
    const_cast<TensorVals&>(*partial->vals).epoch = I.value_epoch_;  // (after mutated(): the record stays live)
    if (partial->i > 0 || guess_of(val) >= 0) return true;  // (not all written yet: the values stay unknown)
    cur = std::move(out);
    t->attrs.erase(kPartial);
  }
  attach_linked(I, t, std::move(cur));
  set_guess(t, g);
  return true;
}

// x.masked_fill_(mask, value) on known values with a known mask (broadcast to x) and a number: x's new values
// (En-transformer's `adj_mat.masked_fill_(self_mask, False)` before the degree is read with item()). False otherwise.
static bool masked_fill_values(OpCall& c) {
  Interp& I = c.I;
  if (!c.self || c.self->k != VK::Tensor || c.rest.size() != 2 || !eager(I)) return false;
  const V& m = c.rest[0];
  const V& val = c.rest[1];
  const std::vector<double>* v = data(I, c.self);
  const std::vector<double>* mv = m && m->k == VK::Tensor ? data(I, m) : nullptr;
  if (!v || !mv || !val || (val->k != VK::Int && val->k != VK::Float && val->k != VK::Bool)) return false;
  double fv = val->k == VK::Float ? val->f : val->k == VK::Bool ? (val->b ? 1.0 : 0.0) : static_cast<double>(val->i);
  const layout::Shape s = layout::shape_of(c.self), ms = layout::shape_of(m);
  if (ms.size() > s.size() || !fit(c.self->t->dtype, fv)) return false;
  for (size_t i = 0; i < ms.size(); ++i)
    if (ms[ms.size() - 1 - i] != 1 && ms[ms.size() - 1 - i] != s[s.size() - 1 - i]) return false;
  std::vector<double> out = *v, mb = layout::broadcast_to(*mv, ms, s);
  for (size_t i = 0; i < out.size(); ++i) if (mb[i] != 0) out[i] = fv;
  const int g = guess_of(c.self) >= 0 ? guess_of(c.self) : guess_of(m);
  mutated(I, c.self);  // views of the storage go stale; the written tensor carries the new values
  attach(I, c.self, std::move(out));
  set_guess(c.self, g);
  return true;
}

/// `x.sqrt_()` / torch.sqrt_(x) of known values: the unary op's values written into x (its dtype's arithmetic)
static bool unary_in_place(OpCall& c, const V& target) {
  const std::string& n = c.name;
  if (!target || target != c.self || c.self->k != VK::Tensor || !c.rest.empty() || n.size() < 2 || n.back() != '_') return false;
  const std::vector<double>* d = data(c.I, c.self);
  if (!d) return false;
  const std::string base = n.substr(0, n.size() - 1);
  std::vector<double> out(d->size());
  for (size_t i = 0; i < d->size(); ++i)
    if (!unary_fn(base, (*d)[i], c.self->t->dtype, out[i])) return false;
  const int g = guess_of(c.self);
  mutated(c.I, c.self);  // views of the storage go stale; the written tensor carries the new values
  attach(c.I, c.self, std::move(out));
  set_guess(c.self, g);
  return true;
}

// t.zero_() / t.fill_(number) of a tensor whose size is known: every element that number, in t's dtype (a
// BatchNorm's reset_running_stats before update_bn's cumulative average counts the batches again). False otherwise.
static bool fill_in_place(OpCall& c, const V& target) {
  if (!target || target != c.self || c.self->k != VK::Tensor) return false;
  double x = 0;
  if (c.name == "fill_") {
    if (c.rest.size() != 1 || !(c.rest[0]->k == VK::Int || c.rest[0]->k == VK::Float || c.rest[0]->k == VK::Bool)) return false;
    x = c.rest[0]->k == VK::Int ? static_cast<double>(c.rest[0]->i) : c.rest[0]->k == VK::Float ? c.rest[0]->f : c.rest[0]->b;
  } else if (c.name != "zero_" || !c.rest.empty()) {
    return false;
  }
  long long n = 0;
  if (!static_numel(*c.self->t, n) || n > kMaxElems || !fit(c.self->t->dtype, x)) return false;
  mutated(c.I, c.self);  // views of the storage go stale; the written tensor carries the new values
  attach(c.I, c.self, std::vector<double>(static_cast<size_t>(n), x));
  return true;
}

// A one-hot write: `t.scatter_(dim, index, v)` of a nonzero number into zeros, the index one entry along dim and t's
// size elsewhere, leaves exactly one nonzero per row (its position is the data's): their count, the rows' (by the sizes'
// hints where they are symbols: the count is read eagerly, a mask index in a frame being a break of its own)
static std::optional<long long> one_hot_count(OpCall& c) {
  if (c.name != "scatter_" || !c.self || c.self->k != VK::Tensor || c.rest.size() != 3 || c.rest[0]->k != VK::Int ||
      c.rest[1]->k != VK::Tensor)
    return std::nullopt;
  const V& v = c.rest[2];
  const bool nonzero_value = (v->k == VK::Int && v->i != 0) || (v->k == VK::Float && v->f != 0) || (v->k == VK::Bool && v->b);
  const TensorInfo& t = *c.self->t;
  bool zeros = t.fill && *t.fill == 0;
  if (const std::vector<double>* d = data(c.I, c.self)) zeros = std::all_of(d->begin(), d->end(), [](double x) { return x == 0; });
  if (!nonzero_value || !zeros) return std::nullopt;
  const auto& ix = c.rest[1]->t->shape;
  const long long rank = static_cast<long long>(t.shape.size());
  const long long dim = c.rest[0]->i < 0 ? c.rest[0]->i + rank : c.rest[0]->i;
  if (dim < 0 || dim >= rank || ix.size() != t.shape.size()) return std::nullopt;
  long long rows = 1;
  for (long long d = 0; d < rank; ++d) {
    const Dim& a = ix[static_cast<size_t>(d)];
    const Dim& b = t.shape[static_cast<size_t>(d)];
    if (d == dim ? a.v != 1 || b.v < 1 : a.v != b.v) return std::nullopt;
    if (d != dim) rows *= b.v;
  }
  return rows;
}

void before_call(OpCall& c) {
  const std::string& n = c.name;
  const bool dunder = n.rfind("__", 0) == 0;  // `__getitem__` is no in-place `x_`
  bool inplace = (c.def && c.def->family == Family::InPlace) || (!dunder && !n.empty() && n.back() == '_' && n != "requires_grad_") ||
                 n == "__setitem__" || n == "__iadd__" || n == "__imul__" || n == "__isub__" || n == "__itruediv__" || c.kw("out");
  if (V ip = c.kw("inplace")) inplace = inplace || (ip->k == VK::Bool && ip->b);
  if (c.is_fn && c.target.rfind("torch.nn.functional.", 0) == 0) {  // F.hardtanh(x, 0., 6., True): inplace by position
    // (only at `inplace`'s own place: F.dropout(x, p, True) is training=True, no in-place write)
    static const std::map<std::string, size_t> at = {
        {"relu", 0}, {"relu6", 0}, {"selu", 0}, {"silu", 0}, {"mish", 0}, {"hardswish", 0}, {"hardsigmoid", 0},
        {"elu", 1}, {"celu", 1}, {"leaky_relu", 1}, {"hardtanh", 2}, {"threshold", 2}, {"rrelu", 3},
        {"dropout", 2}, {"dropout1d", 2}, {"dropout2d", 2}, {"dropout3d", 2}, {"alpha_dropout", 2}, {"feature_alpha_dropout", 2}};
    auto it = at.find(n);
    if (it != at.end() && it->second < c.rest.size()) inplace = inplace || (c.rest[it->second]->k == VK::Bool && c.rest[it->second]->b);
  }
  // `t[idx] = v` of known values by ints / slices (or a known bool mask of t's shape): the written values are known
  // too (SAINT's `cat_mask[0, 1] = 0` before `x[cat_mask == 0]`); else the storage's values become unknown below
  if (n == "__setitem__" && setitem_values(c)) return;
  if (scatter_inplace_values(c)) return;  // (values_scatter.cpp)
  if (n == "masked_fill_" && masked_fill_values(c)) return;
  // the tensor written: `out=`, else the receiver / first argument (`x.add_(1)`, `x[i] = v`, F.relu(x, inplace=True))
  if (inplace) {
    V target = c.kw("out");
    if (!target || target->k != VK::Tensor) target = c.self;
    // `kv += t` / kv.add_(t): the target's known values become the result's
    auto ar = inplace_arith_ops().find(n);
    if (ar != inplace_arith_ops().end() && target == c.self && c.self && c.self->k == VK::Tensor && !c.rest.empty() &&
        !c.kw("alpha") && !c.kw("rounding_mode") && c.args.size() <= 2)
      write_in_place(c.I, ar->second, c.self, c.rest[0]);
    else if (V list = target ? target : !c.args.empty() ? c.args[0] : nullptr;
             list && (list->k == VK::List || list->k == VK::Tuple) && !list->items.empty() &&
             std::all_of(list->items.begin(), list->items.end(), [](const V& x) { return x && x->k == VK::Tensor; })) {
      if (!foreach_in_place(c, list))  // (values_foreach.cpp: add / sub / mul / div / copy / lerp)
        for (const V& x : list->items) mutated(c.I, x);  // a foreach op's list (`_foreach_mul_(grads, c)`): those tensors
    } else if (!unary_in_place(c, target) && !fill_in_place(c, target)) {
      const std::optional<long long> count = one_hot_count(c);
      mutated(c.I, target && target->k == VK::Tensor ? target : nullptr);
      if (count && target == c.self) target->t->nonzero = count;
    }
  }
}

// A cast to an integer dtype of data tparse does not have (FastSpeech2's predicted durations,
// `clamp(round(exp(x) - 1), min=0).long()` of a randomly initialised layer) reads as ones: the guess every other
// integer read of unknown data makes (item() taken as 1, repeat_interleave one each), so that the sums, maxima and
// masks computed from it agree with the shapes those reads give. The values carry the guess: what is decided on them
// (a branch, an int read, a size list) notes it, and split sizes that do not add up are repartitioned (join.cpp).
static void guess_integer_cast(OpCall& c, const V& res) {
  static const std::set<std::string> casts = {"long", "int", "short", "to", "type", "type_as"};
  static const std::set<std::string> ints = {"int64", "int32", "int16"};
  if (!c.self || c.self->k != VK::Tensor || !casts.count(c.name) || !res || res->k != VK::Tensor || res == c.self) return;
  if (!ints.count(res->t->dtype) || res->t->dtype == c.self->t->dtype || data(c.I, res) || res->t->fill) return;
  if (data(c.I, c.self) || c.self->t->fill || c.self->t->fake_const) return;
  if (c.self->vals && c.self->vals->lo <= c.self->vals->hi) return;  // a known range (torch.rand): not guessed here
  long long n = 0;
  if (!static_numel(*res->t, n) || n > kMaxElems) return;
  attach(c.I, res, std::vector<double>(static_cast<size_t>(n), 1.0));
  set_guess(res, c.I.new_guess(c.loc, "an integer cast of data tparse does not know (every entry taken as 1)"));
}

void after_call(OpCall& c, const V& res) {
  mark_view(c, res);  // (in a frame too: a graph's output that is a view is one in the caller)
  if (!res || !eager(c.I)) return;
  if (rng::after_op(c, res)) return;  // a random op's values from torch's CPU generator (torch/random)
  if (res->k == VK::Tensor && res == c.self) return;  // the input itself (a no-op cast): its values stand
  // an in-place op's result is its target (`kv += t` rebinds kv to the same tensor): its storage and values
  if (inplace_arith_ops().count(c.name) && c.self && c.self->k == VK::Tensor && res->k == VK::Tensor) {
    shares_storage(res, c.self);
    res->vals = c.self->vals;
    return;
  }
  // a view shares its input's storage: a later write through either makes both stale
  static const std::set<std::string> views = {
      "view", "view_as", "reshape", "reshape_as", "flatten", "unflatten", "squeeze", "unsqueeze", "transpose", "t", "T", "mT",
      "permute", "expand", "expand_as", "narrow", "select", "__getitem__", "detach", "unfold", "diagonal", "movedim",
      "moveaxis", "swapaxes", "swapdims", "split", "chunk", "unbind", "tensor_split", "as_strided", "contiguous", "to",
      "type_as", "real", "imag", "view_as_real", "view_as_complex", "alias", "adjoint", "ravel", "hsplit", "vsplit"};
  if (c.self && c.self->k == VK::Tensor && views.count(c.name)) {
    if (res->k == VK::Tensor) shares_storage(res, c.self);
    if (res->k == VK::Tuple || res->k == VK::List)
      for (auto& x : res->items) shares_storage(x, c.self);
    view_offset(c, res);
    // the elements' range of random data goes with a view of it (`for i in torch.randint(n, (b,))`: each 0-d row)
    if (const auto& sv = c.self->vals; sv && sv->v.empty() && sv->lo <= sv->hi && sv->epoch >= c.I.unknown_write_epoch_) {
      if (res->k == VK::Tensor && !res->vals) attach_range(c.I, res, sv->lo, sv->hi);
      if (res->k == VK::Tuple || res->k == VK::List)
        for (auto& x : res->items) if (x->k == VK::Tensor && !x->vals) attach_range(c.I, x, sv->lo, sv->hi);
    }
  }
  try {
    op_rule(c, res);
  } catch (...) {  // a rule never stops a run: its result just stays shape-only
  }
  guess_integer_cast(c, res);
  std::vector<V> ins(c.args.begin(), c.args.end());
  if (c.self) ins.push_back(c.self);
  for (auto& [k, v] : c.kwargs) ins.push_back(v);
  carry_guess(ins, res);
  if (res->k == VK::Tuple || res->k == VK::List)
    for (const V& x : res->items) carry_guess(ins, x);
  const_result(c.I, ins, res);
}

void const_result(const Interp& I, const std::vector<V>& inputs, const V& res) {
  if (!res || res->k != VK::Tensor) return;
  bool any_tensor = false;
  for (const V& x : inputs) {
    if (!x) continue;
    if (x->k == VK::Tensor) {
      if (!x->t->fake_const) return;
      any_tensor = true;
    } else if (x->k == VK::Int || x->k == VK::Float || x->k == VK::Bool) {
      if (!x->sym.empty()) return;
    } else if (x->k != VK::Str && x->k != VK::None && x->k != VK::DType && x->k != VK::Device) {
      return;
    }
  }
  const std::vector<double>* v = data(I, res);
  if (any_tensor && v && v->size() <= 1) res->t->fake_const = true;
}

}  // namespace tparse::compiler::values
