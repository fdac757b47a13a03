// Value rules of reductions (values_reduce.hpp): the result's values from the input's, group by group over the reduced
// dims, in the result's dtype (a float32 mean rounds once at the end, as torch accumulates wider); matrix products;
// torch.unique's distinct values, inverse and counts.
#include "torch/values/values_reduce.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"

namespace tparse::compiler::values {

namespace {

using layout::Shape;
using namespace layout;

/// Reduce dims (empty: all) of `v` (shape `s`) with `fold` into out shape order; `keep` is immaterial to the order.
std::vector<double> reduce_dims(const std::vector<double>& v, const Shape& s, const std::set<size_t>& dims,
                                const std::function<double(const std::vector<double>&)>& fold) {
  Shape r;
  for (size_t i = 0; i < s.size(); ++i) if (!dims.count(i) && !dims.empty()) r.push_back(s[i]);
  std::vector<std::vector<double>> groups(static_cast<size_t>(std::max<long long>(1, count(r))));
  if (count(s) > 0) {
    Shape ix(s.size(), 0);
    size_t k = 0;
    do {
      long long off = 0;
      for (size_t i = 0; i < s.size(); ++i) if (!dims.count(i) && !dims.empty()) off = off * s[i] + ix[i];
      groups[static_cast<size_t>(off)].push_back(v[k++]);
    } while (step(ix, s));
  }
  std::vector<double> out;
  for (auto& g : groups) out.push_back(fold(g));
  return out;
}

}  // namespace

bool reduction(OpCall& c, const V& res) {
  const std::string& n = c.name;
  static const std::set<std::string> names = {"sum", "mean", "prod", "amax", "amin", "max", "min", "all", "any", "argmax", "argmin",
                                              "count_nonzero", "var", "std"};
  // max(dim) / min(dim): torch.return_types (values, indices), the first extreme of each row (FastSpeech's length
  // regulator `torch.max(torch.sum(dur, -1), -1)[0]` sizes a zeros())
  const bool pair = (n == "max" || n == "min") && res->k == VK::Tuple && res->items.size() == 2 &&
                    res->items[0]->k == VK::Tensor && res->items[1]->k == VK::Tensor;
  if (!names.count(n) || (res->k != VK::Tensor && !pair)) return false;
  const std::vector<double>* v = of(c.I, c.self);
  if (!v) return false;
  const Shape s = shape_of(c.self);
  std::set<size_t> dims;
  V d = c.arg(0, "dim");
  if (d && d->k == VK::Int) dims.insert(static_cast<size_t>(c.dim(d->i, s.size())));
  else if (d && (d->k == VK::Tuple || d->k == VK::List)) for (auto& x : d->items) dims.insert(static_cast<size_t>(c.dim(x->i, s.size())));
  else if (d && d->k != VK::None) return false;
  if (s.empty()) dims.clear();
  if (pair) {
    if (!d || d->k != VK::Int || std::any_of(v->begin(), v->end(), [](double x) { return std::isnan(x); })) return false;
    auto at = [&](const std::vector<double>& g) {
      size_t best = 0;
      for (size_t i = 1; i < g.size(); ++i) if (n == "max" ? g[i] > g[best] : g[i] < g[best]) best = i;
      return best;
    };
    attach(c.I, res->items[0], reduce_dims(*v, s, dims, [&](const std::vector<double>& g) { return g.empty() ? NAN : g[at(g)]; }));
    attach(c.I, res->items[1], reduce_dims(*v, s, dims, [&](const std::vector<double>& g) { return static_cast<double>(at(g)); }));
    return true;
  }
  if ((n == "argmax" || n == "argmin") && !dims.empty() && s.size() > 1) return false;
  // var / std: Bessel's correction unless `correction=` / `unbiased=False` says otherwise (torch's default 1)
  double corr = 1;
  if (n == "var" || n == "std") {
    V cv = c.kw("correction"), ub = c.arg(1, "unbiased");
    if (cv && cv->k == VK::Int) corr = static_cast<double>(cv->i);
    else if (cv && cv->k == VK::Float) corr = cv->f;
    else if (cv && cv->k != VK::None) return false;
    if (ub && ub->k == VK::Bool) corr = ub->b ? 1 : 0;
    else if (ub && ub->k != VK::None) return false;
    if (!is_float(res->t->dtype)) return false;
  }
  auto fold = [&](const std::vector<double>& g) -> double {
    if (n == "sum") { double a = 0; for (double x : g) a += x; return a; }
    if (n == "mean") { double a = 0; for (double x : g) a += x; return g.empty() ? NAN : a / static_cast<double>(g.size()); }
    if (n == "prod") { double a = 1; for (double x : g) a *= x; return a; }
    if (n == "all") { for (double x : g) if (x == 0) return 0; return 1; }
    if (n == "any") { for (double x : g) if (x != 0) return 1; return 0; }
    if (n == "count_nonzero") { double k = 0; for (double x : g) k += x != 0; return k; }
    if (n == "var" || n == "std") {
      double m = 0;
      for (double x : g) m += x;
      m /= static_cast<double>(g.size());
      double ss = 0;
      for (double x : g) ss += (x - m) * (x - m);
      const double den = static_cast<double>(g.size()) - corr;
      const double var = den > 0 ? ss / den : NAN;
      return n == "std" ? std::sqrt(var) : var;
    }
    if (g.empty()) return NAN;
    const bool mx = n == "amax" || n == "max" || n == "argmax";
    size_t best = 0;
    for (size_t i = 1; i < g.size(); ++i) if (mx ? g[i] > g[best] : g[i] < g[best]) best = i;
    return n.rfind("arg", 0) == 0 ? static_cast<double>(best) : g[best];
  };
  std::vector<double> out = reduce_dims(*v, s, dims, fold);
  if ((n == "mean" || n == "var" || n == "std") && res->t->dtype == "float32") for (double& x : out) x = static_cast<double>(static_cast<float>(x));
  attach(c.I, res, std::move(out));
  return true;
}

// torch.norm / Tensor.norm (p, dim), linalg.vector_norm (ord, dim), linalg.norm (ord, dim; ord None: the 2-norm of
// the flattened dims, a matrix's Frobenius): sum(|x|^p)^(1/p), inf / -inf the largest / smallest |x|, 0 the count of
// nonzeros. A matrix norm of another ord (spectral, nuclear) is not a fold: left unknown. (SpookyNet's pair mask
// `rij.norm(dim=-1) < cutoff`: the pairs kept decide the sizes of the next frames)
bool norm(OpCall& c, const V& res) {
  const std::string& n = c.name;
  if ((n != "norm" && n != "linalg.norm" && n != "linalg.vector_norm") || res->k != VK::Tensor) return false;
  const std::vector<double>* v = of(c.I, c.self);
  if (!v) return false;
  const Shape s = shape_of(c.self);
  V p = c.arg(0, n == "norm" ? "p" : "ord");
  V d = c.arg(1, "dim");
  std::set<size_t> dims;
  if (d && d->k == VK::Int) dims.insert(static_cast<size_t>(c.dim(d->i, s.size())));
  else if (d && (d->k == VK::Tuple || d->k == VK::List)) for (auto& x : d->items) { if (x->k != VK::Int) return false; dims.insert(static_cast<size_t>(c.dim(x->i, s.size()))); }
  else if (d && d->k != VK::None) return false;
  if (s.empty()) dims.clear();
  double order = 2;
  if (p && (p->k == VK::Int || p->k == VK::Float)) order = p->k == VK::Int ? static_cast<double>(p->i) : p->f;
  else if (p && p->k == VK::Str && p->s == "fro") order = 2;
  else if (p && p->k != VK::None) return false;
  // (linalg.norm with an ord over two dims, or over a whole matrix, is a matrix norm)
  if (n == "linalg.norm" && p && p->k != VK::None && (dims.size() == 2 || ((!d || d->k == VK::None) && s.size() == 2))) return false;
  auto fold = [&](const std::vector<double>& g) -> double {
    if (std::isinf(order)) {
      double best = order > 0 ? 0 : INFINITY;
      for (double x : g) best = order > 0 ? std::max(best, std::fabs(x)) : std::min(best, std::fabs(x));
      return best;
    }
    if (order == 0) { double k = 0; for (double x : g) k += x != 0; return k; }
    double a = 0;
    for (double x : g) a += order == 2 ? x * x : std::pow(std::fabs(x), order);
    return order == 2 ? std::sqrt(a) : order == 1 ? a : std::pow(a, 1 / order);
  };
  std::vector<double> out = reduce_dims(*v, s, dims, fold);
  if (res->t->dtype == "float32") for (double& x : out) x = static_cast<double>(static_cast<float>(x));
  attach(c.I, res, std::move(out));
  return true;
}

// softmax / log_softmax along dim (None: _get_softmax_dim's 0 for 0-, 1- and 3-d, else 1): exp(x - max) / sum, or its
// log (x - max - log(sum)), in double and stored in the result's dtype (entropix's entropy-based sampler)
bool softmax(OpCall& c, const V& res) {
  const std::string& n = c.name;
  if ((n != "softmax" && n != "log_softmax") || res->k != VK::Tensor) return false;
  Interp& I = c.I;
  const std::vector<double>* v = of(I, c.self);
  if (!v) return false;
  const Shape s = shape_of(c.self);
  const std::string& rdt = res->t->dtype;
  V d = c.arg(0, "dim");
  long long dim;
  if (d && d->k == VK::Int) dim = c.dim(d->i, s.size());
  else if (!d || d->k == VK::None) dim = s.size() == 0 || s.size() == 1 || s.size() == 3 ? 0 : 1;  // (_get_softmax_dim)
  else return false;
  if (s.empty()) {
    attach(I, res, std::vector<double>{n == "softmax" ? 1.0 : 0.0});
    return true;
  }
  long long outer = 1, len = s[static_cast<size_t>(dim)], inner = 1;
  for (size_t i = 0; i < s.size(); ++i) {
    if (static_cast<long long>(i) < dim) outer *= s[i];
    else if (static_cast<long long>(i) > dim) inner *= s[i];
  }
  std::vector<double> out(v->size());
  for (long long o = 0; o < outer; ++o)
    for (long long in = 0; in < inner; ++in) {
      auto at = [&](long long k) { return static_cast<size_t>((o * len + k) * inner + in); };
      double mx = -INFINITY, sum = 0;
      for (long long k = 0; k < len; ++k) mx = std::max(mx, (*v)[at(k)]);
      for (long long k = 0; k < len; ++k) sum += std::exp((*v)[at(k)] - mx);
      for (long long k = 0; k < len; ++k) {
        double x = n == "softmax" ? std::exp((*v)[at(k)] - mx) / sum : (*v)[at(k)] - mx - std::log(sum);
        out[at(k)] = rdt == "float32" ? static_cast<double>(static_cast<float>(x)) : x;
      }
    }
  attach(I, res, std::move(out));
  return true;
}

bool quantile(OpCall& c, const V& res) {
  const std::string& n = c.name;
  if ((n != "quantile" && n != "nanquantile") || res->k != VK::Tensor) return false;
  if (V m = c.kw("interpolation"); m && !(m->k == VK::Str && m->s == "linear")) return false;
  const std::vector<double>* v = of(c.I, c.self);
  if (!v) return false;
  const Shape s = shape_of(c.self);
  std::vector<double> qs;
  V q = c.arg(0, "q");
  if (q && (q->k == VK::Float || q->k == VK::Int)) qs.push_back(q->k == VK::Float ? q->f : static_cast<double>(q->i));
  else if (q && q->k == VK::Tensor && of(c.I, q)) qs = *of(c.I, q);
  else return false;
  for (double x : qs) if (!(x >= 0 && x <= 1)) return false;  // torch's "q values must be in the range [0, 1]"
  std::set<size_t> dims;
  V d = c.arg(1, "dim");
  if (d && d->k == VK::Int && !s.empty()) dims.insert(static_cast<size_t>(c.dim(d->i, s.size())));
  else if (d && d->k != VK::None) return false;
  const bool nan_skip = n == "nanquantile";
  std::vector<double> out;
  for (double qv : qs) {
    auto fold = [&](const std::vector<double>& g) -> double {
      std::vector<double> sorted;
      bool has_nan = false;
      for (double x : g) { if (std::isnan(x)) has_nan = true; else sorted.push_back(x); }
      if ((has_nan && !nan_skip) || sorted.empty()) return NAN;
      std::sort(sorted.begin(), sorted.end());
      // aten's quantile: rank = q * (n - 1); the values at floor and ceil of it, lerp'd by the fraction
      const double rank = qv * static_cast<double>(sorted.size() - 1);
      const size_t lo = static_cast<size_t>(rank), hi = static_cast<size_t>(std::ceil(rank));
      const double w = rank - static_cast<double>(lo), a = sorted[lo], b = sorted[hi];
      return w < 0.5 ? a + w * (b - a) : b - (b - a) * (1 - w);
    };
    std::vector<double> part = reduce_dims(*v, s, dims, fold);
    out.insert(out.end(), part.begin(), part.end());
  }
  attach(c.I, res, std::move(out));
  return true;
}

bool sorting(OpCall& c, const V& res) {
  const std::string& n = c.name;
  if (n != "sort" && n != "argsort" && n != "topk") return false;
  const std::vector<double>* v = of(c.I, c.self);
  if (!v) return false;
  const Shape s = shape_of(c.self);
  // sort(dim=-1, descending=False) / argsort(dim=-1, descending=False) / topk(k, dim=-1, largest=True, sorted=True)
  const bool topk = n == "topk";
  V d = c.arg(topk ? 1 : 0, "dim");
  V desc = topk ? c.arg(2, "largest") : c.arg(1, "descending");
  if (d && d->k != VK::Int) return false;
  if (desc && desc->k != VK::Bool) return false;
  const bool down = topk ? !desc || desc->b : desc && desc->b;
  const size_t rank = s.size();
  const size_t dim = rank == 0 ? 0 : static_cast<size_t>(c.dim(d ? d->i : -1, rank));
  const long long len = rank == 0 ? 1 : s[dim];
  long long k = len;
  if (topk) {
    V kv = c.arg(0, "k");
    if (!kv || kv->k != VK::Int || kv->i < 0 || kv->i > len) return false;
    k = kv->i;
  }
  long long inner = 1, outer = 1;
  for (size_t i = dim + 1; i < rank; ++i) inner *= s[i];
  for (size_t i = 0; i < dim && i < rank; ++i) outer *= s[i];
  std::vector<double> vals, idx;
  vals.resize(static_cast<size_t>(outer * k * inner));
  idx.resize(vals.size());
  std::vector<long long> order(static_cast<size_t>(len));
  for (long long o = 0; o < outer; ++o)
    for (long long in = 0; in < inner; ++in) {
      auto at = [&](long long j) { return (*v)[static_cast<size_t>((o * len + j) * inner + in)]; };
      for (long long j = 0; j < len; ++j) order[static_cast<size_t>(j)] = j;
      // (NaN sorts as the largest value, as torch's comparators put it; ties keep their order)
      std::stable_sort(order.begin(), order.end(), [&](long long a, long long b) {
        const double x = at(a), y = at(b);
        if (std::isnan(x) || std::isnan(y)) return down ? std::isnan(x) && !std::isnan(y) : !std::isnan(x) && std::isnan(y);
        return down ? x > y : x < y;
      });
      for (long long j = 0; j < k; ++j) {
        const size_t out = static_cast<size_t>((o * k + j) * inner + in);
        vals[out] = at(order[static_cast<size_t>(j)]);
        idx[out] = static_cast<double>(order[static_cast<size_t>(j)]);
      }
    }
  if (n == "argsort") {
    if (res->k != VK::Tensor) return false;
    attach(c.I, res, std::move(idx));
    return true;
  }
  if (res->k != VK::Tuple || res->items.size() != 2 || res->items[0]->k != VK::Tensor || res->items[1]->k != VK::Tensor) return false;
  attach(c.I, res->items[0], std::move(vals));
  attach(c.I, res->items[1], std::move(idx));
  return true;
}

bool repeat_interleave(OpCall& c, const V& res) {
  if (c.name != "repeat_interleave" || res->k != VK::Tensor) return false;
  const std::vector<double>* v = of(c.I, c.self);
  if (!v) return false;
  Shape s = shape_of(c.self);
  V r = c.arg(0, "repeats"), d = c.arg(1, "dim");
  if (d && d->k != VK::Int && d->k != VK::None) return false;
  const bool flat = !d || d->k == VK::None;
  const size_t dim = flat || s.empty() ? 0 : static_cast<size_t>(c.dim(d->i, s.size()));
  if (flat) s = {static_cast<long long>(v->size())};
  const long long len = s.empty() ? 1 : s[dim];
  std::vector<long long> reps;
  if (r && r->k == VK::Int) {
    reps.assign(static_cast<size_t>(len), r->i);
  } else if (r && r->k == VK::Tensor) {
    const std::vector<double>* rv = of(c.I, r);
    if (!rv) return false;
    if (rv->size() == 1) reps.assign(static_cast<size_t>(len), static_cast<long long>((*rv)[0]));
    else if (static_cast<long long>(rv->size()) == len) for (double x : *rv) reps.push_back(static_cast<long long>(x));
    else return false;
  } else {
    return false;
  }
  long long inner = 1, outer = 1;
  for (size_t i = dim + 1; i < s.size(); ++i) inner *= s[i];
  for (size_t i = 0; i < dim && i < s.size(); ++i) outer *= s[i];
  std::vector<double> out;
  for (long long o = 0; o < outer; ++o)
    for (long long j = 0; j < len; ++j)
      for (long long k = 0; k < reps[static_cast<size_t>(j)]; ++k)
        for (long long in = 0; in < inner; ++in) out.push_back((*v)[static_cast<size_t>((o * len + j) * inner + in)]);
  attach(c.I, res, std::move(out));  // (nothing when the count differs from the result's)
  return true;
}

bool matmul(Interp& I, const V& a, const V& b, const V& res) {
  if (!a || !b || !res || a->k != VK::Tensor || b->k != VK::Tensor || res->k != VK::Tensor) return false;
  const std::vector<double>* av = of(I, a);
  const std::vector<double>* bv = of(I, b);
  if (!av || !bv) return false;
  Shape as = shape_of(a), bs = shape_of(b);
  if (as.empty() || bs.empty()) return false;
  // torch.matmul's rule: a 1-D left operand is a row (1, k), a 1-D right one a column (k, 1), both dropped after
  if (as.size() == 1) as.insert(as.begin(), 1);
  if (bs.size() == 1) bs.push_back(1);
  const long long n = as[as.size() - 2], k = as.back(), m = bs.back();
  if (bs[bs.size() - 2] != k) return false;
  Shape abatch(as.begin(), as.end() - 2), bbatch(bs.begin(), bs.end() - 2), batch;
  const size_t nb = std::max(abatch.size(), bbatch.size());
  for (size_t i = 0; i < nb; ++i) {
    const long long x = i < nb - abatch.size() ? 1 : abatch[i - (nb - abatch.size())];
    const long long y = i < nb - bbatch.size() ? 1 : bbatch[i - (nb - bbatch.size())];
    if (x != y && x != 1 && y != 1) return false;
    batch.push_back(x == 1 ? y : x);
  }
  const long long total = count(batch) * n * m;
  if (total != count(shape_of(res)) || total > kMaxElems || count(batch) * n * m * k > 64LL * kMaxElems) return false;
  Shape at = batch, bt = batch;
  at.push_back(n), at.push_back(k), bt.push_back(k), bt.push_back(m);
  const std::vector<double> ae = broadcast_to(*av, as, at), be = broadcast_to(*bv, bs, bt);
  const std::string& dt = res->t->dtype;
  std::vector<double> out;
  out.reserve(static_cast<size_t>(total));
  for (long long p = 0; p < count(batch); ++p)
    for (long long i = 0; i < n; ++i)
      for (long long j = 0; j < m; ++j) {
        double acc = 0;  // (summed in double, rounded once to the dtype: exact for the small integers masks hold)
        for (long long q = 0; q < k; ++q)
          acc += ae[static_cast<size_t>((p * n + i) * k + q)] * be[static_cast<size_t>((p * k + q) * m + j)];
        if (!fit(dt, acc)) return false;
        out.push_back(acc);
      }
  attach(I, res, std::move(out));
  return true;
}

// torch.unique / unique_consecutive of known values (values.hpp): the distinct values, their inverse and counts
V unique(OpCall& c) {
  const TensorInfo& t = c.t();
  const bool consecutive = c.name == "unique_consecutive";
  auto flag = [&](const char* k) { V v = c.kw(k); return v && v->k == VK::Bool && v->b; };
  V sorted_kw = c.kw("sorted");
  const bool sorted = !sorted_kw || (sorted_kw->k == VK::Bool && sorted_kw->b);
  const bool inverse = flag("return_inverse"), counts = flag("return_counts");
  if (V d = c.kw("dim"); d && d->k != VK::None) c.fail(fmt::format("torch.{}(dim=...) is not modelled", c.name));
  long long n = 1;
  for (auto& d : t.shape) n *= d.v;
  const std::vector<double>* v = (sorted || consecutive) ? of(c.I, c.self) : nullptr;  // sorted=False: CPU order not modelled
  std::vector<double> filled;  // a uniform fill: one distinct value (what `fill` holds), every entry equal to it
  if (!v && t.fill && n <= kMaxElems) {
    filled.assign(static_cast<size_t>(n), *t.fill);
    v = &filled;
  }
  std::vector<double> outv, inv, cnt;
  if (v) {
    std::vector<double> keys = *v;
    if (!consecutive) {
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
      outv = keys;
      cnt.assign(outv.size(), 0);
      for (double x : *v) {
        size_t i = static_cast<size_t>(std::lower_bound(outv.begin(), outv.end(), x) - outv.begin());
        inv.push_back(static_cast<double>(i));
        cnt[i] += 1;
      }
    } else {
      for (double x : *v) {
        if (outv.empty() || outv.back() != x) { outv.push_back(x); cnt.push_back(0); }
        cnt.back() += 1;
        inv.push_back(static_cast<double>(outv.size() - 1));
      }
    }
    n = static_cast<long long>(outv.size());
  } else if (n > 1) {
    // data tparse does not know (a detector's labels after a data-dependent filter): taken as one distinct value, so
    // code that loops over the unique values (torchvision's per-class NMS) runs once rather than once per element;
    // noted, as the count decides the shapes and the loop's trips that follow
    c.I.note_unmodelled(c.loc, "torch." + c.name + "() of data the compiler does not know (taken as one distinct value)");
    n = 1;
  }
  TensorInfo o = c.like();
  o.shape = {Dim{n, ""}};
  V out = c.out(o);
  if (v) attach(c.I, out, outv);
  if (!inverse && !counts) return out;
  std::vector<V> xs{out};
  TensorInfo it = o;
  it.dtype = "int64";
  it.requires_grad = false;
  if (inverse) {
    TensorInfo io = it;
    io.shape = t.shape;
    xs.push_back(mk_tensor(io));
    if (v) attach(c.I, xs.back(), inv);
  }
  if (counts) {
    xs.push_back(mk_tensor(it));
    if (v) attach(c.I, xs.back(), cnt);
  }
  return mk_tuple(xs);
}

}  // namespace tparse::compiler::values
