// Value rules of tensor factories (values_creation.hpp): a factory's result values from Python data or its
// arguments, computed in the result's dtype as torch stores them.
#include "torch/values/values_creation.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"

namespace tparse::compiler::values {

namespace {

using layout::Shape;
using namespace layout;

}  // namespace

/// Factories: torch.tensor / as_tensor / FloatTensor(data) / new_tensor, arange, linspace, zeros / ones / full
/// (and their _like / new_ forms), scalar_tensor, eye.
bool creation_rule(OpCall& c, const V& res) {
  const std::string& n = c.name;
  if (res->k != VK::Tensor) return false;
  const long long numel = count(shape_of(res));
  const std::string& dt = res->t->dtype;
  std::vector<double> out;
  static const std::set<std::string> data_fns = {"tensor", "as_tensor", "new_tensor", "FloatTensor", "DoubleTensor", "LongTensor",
                                                  "IntTensor", "ShortTensor", "CharTensor", "ByteTensor", "BoolTensor", "Tensor"};
  if (n == "empty" || n == "empty_like" || n == "new_empty") {
    start_partial(c.I, res);  // (uninitialized: known once every element is written)
    return false;
  }
  if (data_fns.count(n)) {
    V d = n == "new_tensor" ? c.arg(0, "data") : (!c.args.empty() ? c.args[0] : c.kw("data"));
    const bool legacy = n.size() >= 6 && n.substr(n.size() - 6) == "Tensor";
    // (FloatTensor(2, 3) / LongTensor(n): uninitialized sizes, known once every element is written)
    if (legacy && !c.args.empty() && std::all_of(c.args.begin(), c.args.end(), [](const V& a) { return a->k == VK::Int; })) {
      start_partial(c.I, res);
      return false;
    }
    if (!d || (legacy && c.args.size() != 1)) return false;
    if (d->k == VK::Int && legacy) return false;  // FloatTensor(3): a size
    if (!from_data(c.I, d, out)) return false;
  } else if (n == "arange") {
    // (a bound may be a one-element tensor with known values: Longformer's `torch.arange(counts.max())`)
    auto scalar = [&](const V& x, double& d) {
      if (is_num(x)) { d = num(x); return true; }
      const std::vector<double>* v = x && x->k == VK::Tensor ? of(c.I, x) : nullptr;
      if (!v || v->size() != 1) return false;
      d = (*v)[0];
      return true;
    };
    std::vector<double> a;
    double d = 0;
    for (auto& x : c.args) if (scalar(x, d)) a.push_back(d); else return false;
    if (V e = c.kw("end")) { if (!scalar(e, d)) return false; a.push_back(d); }
    if (V s = c.kw("start")) { if (!scalar(s, d)) return false; a.insert(a.begin(), d); }
    double s = 0, st = 1;
    if (a.size() >= 2) s = a[0];
    if (a.size() >= 3) st = a[2];
    if (V k = c.kw("step")) { if (!scalar(k, st)) return false; }
    for (long long i = 0; i < numel; ++i) out.push_back(s + st * static_cast<double>(i));  // torch: in double, then cast
  } else if (n == "linspace") {
    V a = c.arg(0, "start"), b = c.arg(1, "end");
    if (!a) a = !c.args.empty() ? c.args[0] : nullptr;
    if (!b) b = c.args.size() > 1 ? c.args[1] : nullptr;
    if (!is_num(a) || !is_num(b)) return false;
    double x0 = num(a), x1 = num(b);
    // aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp: step in the dtype (float for float32), the first half
    // counted up from start, the second half down from end; one step is start alone (RangeFactories.cpp fills it:
    // MAE's one-block decoder `linspace(0, drop_path_rate, 1)` is [0.], no drop path)
    if (numel == 1 && (dt == "float32" || dt == "float64")) {
      out.push_back(dt == "float32" ? static_cast<double>(static_cast<float>(x0)) : x0);
    } else if (dt == "float32") {
      float s0 = static_cast<float>(x0), s1 = static_cast<float>(x1);
      float stp = numel > 1 ? (s1 - s0) / static_cast<float>(numel - 1) : 0.f;
      for (long long i = 0; i < numel; ++i)
        out.push_back(i < numel / 2 ? s0 + stp * static_cast<float>(i) : s1 - stp * static_cast<float>(numel - i - 1));
    } else if (dt == "float64") {
      double stp = numel > 1 ? (x1 - x0) / static_cast<double>(numel - 1) : 0;
      for (long long i = 0; i < numel; ++i) out.push_back(i < numel / 2 ? x0 + stp * static_cast<double>(i) : x1 - stp * static_cast<double>(numel - i - 1));
    } else {
      return false;
    }
  } else if (n == "zeros" || n == "zeros_like" || n == "new_zeros") {
    out.assign(static_cast<size_t>(numel), 0);
  } else if (n == "ones" || n == "ones_like" || n == "new_ones") {
    out.assign(static_cast<size_t>(numel), 1);
  } else if (n == "full" || n == "full_like" || n == "new_full") {
    V fv = n == "full" ? c.arg(1, "fill_value") : c.arg(n == "new_full" ? 1 : 0, "fill_value");
    if (!is_num(fv)) return false;
    out.assign(static_cast<size_t>(numel), num(fv));
  } else if (n == "scalar_tensor") {
    if (c.args.empty() || !is_num(c.args[0])) return false;
    out.assign(1, num(c.args[0]));
  } else if (n == "eye") {
    Shape s = shape_of(res);
    if (s.size() != 2) return false;
    for (long long i = 0; i < s[0]; ++i) for (long long j = 0; j < s[1]; ++j) out.push_back(i == j);
  } else if (n == "rand" || n == "rand_like") {  // random data: only the range is known, [0, 1)
    attach_range(c.I, res, 0.0, 1.0 - 1e-9);
    return true;
  } else if (n == "randint" || n == "randint_like") {  // [low, high - 1]; randint(high, size) from 0
    V lo = nullptr, hi = nullptr;
    if (n == "randint") {
      V a0 = c.arg(0, "low"), a1 = c.arg(1, "high");
      if (a1 && is_num(a1) && a0 && is_num(a0)) { lo = a0; hi = a1; }
      else if (a0 && is_num(a0)) hi = a0;
    } else {
      V a0 = c.arg(0, "low"), a1 = c.arg(1, "high");
      if (a1 && is_num(a1)) { lo = a0; hi = a1; } else hi = a0;
    }
    if (!hi || !is_num(hi)) return false;
    attach_range(c.I, res, lo && is_num(lo) ? num(lo) : 0.0, num(hi) - 1);
    return true;
  } else {
    return false;
  }
  attach(c.I, res, std::move(out));
  return true;
}

}  // namespace tparse::compiler::values
