// Row-major element layout for the value rules (see values_layout.hpp).
#include "torch/values/values_layout.hpp"

#include <algorithm>

namespace tparse::compiler::values::layout {

Shape shape_of(const V& t) {
  Shape s;
  for (const auto& d : t->t->shape) s.push_back(d.v);
  return s;
}

long long count(const Shape& s) {
  long long n = 1;
  for (long long x : s) n *= x;
  return n;
}

/// Steps the multi-index `ix` over shape `s` in row-major order; false after the last.
bool step(Shape& ix, const Shape& s) {
  for (size_t d = s.size(); d-- > 0;) {
    if (++ix[d] < s[d]) return true;
    ix[d] = 0;
  }
  return false;
}

/// `v` of shape `s` broadcast to shape `r` (numpy rule, right-aligned).
std::vector<double> broadcast_to(const std::vector<double>& v, const Shape& s, const Shape& r) {
  std::vector<long long> st(r.size(), 0);
  long long acc = 1;
  for (size_t i = s.size(); i-- > 0;) {
    size_t ri = i + r.size() - s.size();
    st[ri] = s[i] == 1 ? 0 : acc;
    acc *= s[i];
  }
  std::vector<double> out;
  const long long n = count(r);
  if (n == 0) return out;
  out.reserve(static_cast<size_t>(n));
  Shape ix(r.size(), 0);
  do {
    long long off = 0;
    for (size_t d = 0; d < r.size(); ++d) off += ix[d] * st[d];
    out.push_back(v[static_cast<size_t>(off)]);
  } while (step(ix, r));
  return out;
}

/// Elements of `v` (shape `s`) in the order of `s` permuted by `perm` (out dim i = in dim perm[i]).
std::vector<double> permuted(const std::vector<double>& v, const Shape& s, const std::vector<size_t>& perm) {
  Shape r;
  for (size_t p : perm) r.push_back(s[p]);
  std::vector<long long> st(s.size(), 1);
  for (size_t i = s.size(); i-- > 1;) st[i - 1] = st[i] * s[i];
  std::vector<double> out;
  if (count(r) == 0) return out;
  Shape ix(r.size(), 0);
  do {
    long long off = 0;
    for (size_t d = 0; d < r.size(); ++d) off += ix[d] * st[perm[d]];
    out.push_back(v[static_cast<size_t>(off)]);
  } while (step(ix, r));
  return out;
}

/// The elements of `v` (shape `s`) whose index along `dim` lies in [lo, lo + len).
std::vector<double> slab(const std::vector<double>& v, const Shape& s, size_t dim, long long lo, long long len) {
  long long outer = 1, inner = 1;
  for (size_t i = 0; i < dim; ++i) outer *= s[i];
  for (size_t i = dim + 1; i < s.size(); ++i) inner *= s[i];
  std::vector<double> out;
  for (long long o = 0; o < outer; ++o)
    for (long long k = lo; k < lo + len; ++k)
      for (long long i = 0; i < inner; ++i) out.push_back(v[static_cast<size_t>((o * s[dim] + k) * inner + i)]);
  return out;
}

/// flip(dims): every listed dim reversed.
std::vector<double> flipped(const std::vector<double>& v, const Shape& s, const std::set<size_t>& dims) {
  std::vector<double> out;
  if (count(s) == 0) return out;
  std::vector<long long> st(s.size(), 1);
  for (size_t i = s.size(); i-- > 1;) st[i - 1] = st[i] * s[i];
  Shape ix(s.size(), 0);
  do {
    long long off = 0;
    for (size_t d = 0; d < s.size(); ++d) off += (dims.count(d) ? s[d] - 1 - ix[d] : ix[d]) * st[d];
    out.push_back(v[static_cast<size_t>(off)]);
  } while (step(ix, s));
  return out;
}

bool basic_index(const std::vector<double>& v, const Shape& s, const V& idx, std::vector<double>& out) {
  std::vector<long long> offs;
  if (!basic_offsets(s, idx, offs)) return false;
  out.reserve(out.size() + offs.size());
  for (long long o : offs) out.push_back(v[static_cast<size_t>(o)]);
  return true;
}

bool basic_offsets(const Shape& s, const V& idx, std::vector<long long>& out) {
  std::vector<V> ix = idx->k == VK::Tuple ? idx->items : std::vector<V>{idx};
  size_t consumed = 0;
  for (auto& x : ix) {
    if (x->k == VK::Int || x->k == VK::Slice) ++consumed;
    else if (x->k != VK::None && !(x->k == VK::Builtin && x->s == "Ellipsis")) return false;
  }
  if (consumed > s.size()) return false;
  std::vector<std::vector<long long>> pick;  // per input dim: the positions taken
  size_t d = 0;
  auto whole = [&](size_t dim) { std::vector<long long> p; for (long long i = 0; i < s[dim]; ++i) p.push_back(i); return p; };
  for (auto& x : ix) {
    if (x->k == VK::None) continue;
    if (x->k == VK::Builtin) { for (size_t k = 0; k < s.size() - consumed; ++k, ++d) pick.push_back(whole(d)); continue; }
    if (x->k == VK::Int) {
      if (!x->sym.empty()) return false;
      long long i = x->i < 0 ? x->i + s[d] : x->i;
      if (i < 0 || i >= s[d]) return false;  // torch's IndexError: the shape rule says so
      pick.push_back({i});
      ++d;
      continue;
    }
    auto num = [](const V& e, long long dflt, bool& ok) { if (e->k == VK::None) return dflt; ok = ok && e->k == VK::Int && e->sym.empty(); return e->i; };
    bool ok = true;
    long long n = s[d], st = num(x->items[2], 1, ok);
    if (!ok || st <= 0) return false;  // torch has no negative steps
    long long lo = num(x->items[0], 0, ok), hi = num(x->items[1], n, ok);
    if (!ok) return false;
    if (lo < 0) lo += n;
    if (hi < 0) hi += n;
    lo = std::clamp<long long>(lo, 0, n), hi = std::clamp<long long>(hi, 0, n);
    std::vector<long long> p;
    for (long long i = lo; i < hi; i += st) p.push_back(i);
    pick.push_back(p);
    ++d;
  }
  for (; d < s.size(); ++d) pick.push_back(whole(d));
  std::vector<long long> st(s.size(), 1);
  for (size_t i = s.size(); i-- > 1;) st[i - 1] = st[i] * s[i];
  Shape r;
  for (auto& p : pick) r.push_back(static_cast<long long>(p.size()));
  if (count(r) == 0) return true;
  Shape k(r.size(), 0);
  do {
    long long off = 0;
    for (size_t i = 0; i < r.size(); ++i) off += pick[i][static_cast<size_t>(k[i])] * st[i];
    out.push_back(off);
  } while (step(k, r));
  return true;
}

bool advanced_offsets(const std::vector<std::vector<double>>& iv, const std::vector<Shape>& is, const Shape& s,
                      std::vector<long long>& offs, Shape& b) {
  const size_t k = iv.size();
  if (k == 0 || k > s.size() || is.size() != k) return false;
  b.clear();
  for (const Shape& x : is) {  // numpy's broadcast of the index shapes, right-aligned
    if (x.size() > b.size()) b.insert(b.begin(), x.size() - b.size(), 1);
    for (size_t d = 0; d < x.size(); ++d) {
      long long& o = b[b.size() - x.size() + d];
      if (x[d] == o || x[d] == 1) continue;
      if (o != 1) return false;
      o = x[d];
    }
  }
  long long inner = 1;
  for (size_t d = k; d < s.size(); ++d) inner *= s[d];
  std::vector<std::vector<double>> at(k);
  for (size_t j = 0; j < k; ++j) at[j] = broadcast_to(iv[j], is[j], b);
  const long long nb = count(b);
  offs.clear();
  for (long long p = 0; p < nb; ++p) {
    long long off = 0;
    for (size_t j = 0; j < k; ++j) {
      long long x = static_cast<long long>(at[j][static_cast<size_t>(p)]);
      if (x < 0) x += s[j];
      if (x < 0 || x >= s[j]) return false;
      off = off * s[j] + x;
    }
    for (long long q = 0; q < inner; ++q) offs.push_back(off * inner + q);
  }
  return true;
}

}  // namespace tparse::compiler::values::layout
