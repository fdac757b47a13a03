// scatter / scatter_add of known data (see values_scatter.hpp): torch's PackedSequence inverting its sort permutation
// (`unsorted.scatter_(0, sorted_indices, arange(n))`), a one-hot made by index.
#include "torch/values/values_scatter.hpp"

#include <optional>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"

namespace tparse::compiler::values {

namespace {

// The written result from `old` (null: unknown), or nullopt when it cannot be known
std::optional<std::vector<double>> scattered(OpCall& c, const std::vector<double>* old, const V& self) {
  using layout::Shape;
  const bool add = c.name == "scatter_add" || c.name == "scatter_add_";
  V dv = c.arg(0, "dim"), iv = c.arg(1, "index"), sv = c.arg(2, "src");
  if (!sv) sv = c.kw("value");
  if (!dv || dv->k != VK::Int || !iv || iv->k != VK::Tensor || !sv || c.kw("reduce") || self->k != VK::Tensor) return std::nullopt;
  const Shape s = layout::shape_of(self), is = layout::shape_of(iv);
  const long long rank = static_cast<long long>(s.size());
  const long long dim = dv->i < 0 ? dv->i + rank : dv->i;
  if (dim < 0 || dim >= rank || static_cast<long long>(is.size()) != rank) return std::nullopt;
  const long long n = layout::count(s);
  if (n < 0 || n > kMaxElems) return std::nullopt;
  const std::vector<double>* ix = data(c.I, iv);
  if (!ix || static_cast<long long>(ix->size()) != layout::count(is)) return std::nullopt;
  std::vector<double> one;
  const std::vector<double>* src = nullptr;
  Shape ss;
  if (sv->k == VK::Tensor) {
    src = data(c.I, sv);
    ss = layout::shape_of(sv);
    if (!src || ss.size() != s.size()) return std::nullopt;
    for (size_t d = 0; d < ss.size(); ++d) if (is[d] > ss[d]) return std::nullopt;
  } else if (sv->k == VK::Int || sv->k == VK::Float || sv->k == VK::Bool) {
    one = {sv->k == VK::Int ? static_cast<double>(sv->i) : sv->k == VK::Float ? sv->f : sv->b ? 1.0 : 0.0};
  } else {
    return std::nullopt;
  }
  if (!old && add) return std::nullopt;
  std::vector<double> out = old ? *old : std::vector<double>(static_cast<size_t>(n), 0.0);
  std::vector<char> written(static_cast<size_t>(n), 0);
  for (size_t d = 0; d < is.size(); ++d) if (d != static_cast<size_t>(dim) && is[d] > s[d]) return std::nullopt;
  if (layout::count(is) == 0) return old ? std::optional(out) : std::nullopt;
  Shape at(is.size(), 0);
  size_t k = 0;
  do {
    const long long to = static_cast<long long>((*ix)[k]);
    if (to < 0 || to >= s[static_cast<size_t>(dim)]) return std::nullopt;  // (torch's index error: left to the op)
    long long o = 0, so = 0;
    for (size_t d = 0; d < s.size(); ++d) {
      o = o * s[d] + (d == static_cast<size_t>(dim) ? to : at[d]);
      if (src) so = so * ss[d] + at[d];
    }
    double x = src ? (*src)[static_cast<size_t>(so)] : one[0];
    if (!fit(self->t->dtype, x)) return std::nullopt;
    out[static_cast<size_t>(o)] = add ? out[static_cast<size_t>(o)] + x : x;
    written[static_cast<size_t>(o)] = 1;
    ++k;
  } while (layout::step(at, is));
  if (!old)
    for (char w : written) if (!w) return std::nullopt;
  return out;
}

}  // namespace

bool scatter_inplace_values(OpCall& c) {
  if ((c.name != "scatter_" && c.name != "scatter_add_") || !c.self || c.self->k != VK::Tensor || !eager(c.I)) return false;
  std::optional<std::vector<double>> old_fill;
  const std::vector<double>* old = data(c.I, c.self);
  if (!old && c.self->t->fill) {
    long long n = layout::count(layout::shape_of(c.self));
    if (n >= 0 && n <= kMaxElems) old_fill = std::vector<double>(static_cast<size_t>(n), *c.self->t->fill);
    old = old_fill ? &*old_fill : nullptr;
  }
  std::optional<std::vector<double>> r = scattered(c, old, c.self);
  if (!r) return false;
  mutated(c.I, c.self);  // views of the storage go stale; the written tensor carries the new values
  attach(c.I, c.self, std::move(*r));
  return true;
}

bool scatter_values(OpCall& c, const V& res) {
  if ((c.name != "scatter" && c.name != "scatter_add") || !c.self || c.self->k != VK::Tensor || !res || res->k != VK::Tensor) return false;
  const std::vector<double>* old = data(c.I, c.self);
  std::optional<std::vector<double>> r = scattered(c, old, c.self);
  if (!r) return false;
  attach(c.I, res, std::move(*r));
  return true;
}

}  // namespace tparse::compiler::values
