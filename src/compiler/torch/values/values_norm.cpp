// Value rules of two layers' functions (values_norm.hpp). F.linear: `input @ weight.T + bias`, row by row, accumulated
// in double and stored in the result's dtype. F.batch_norm: per channel (dim 1) over every other dim: in training the batch's
// mean and biased variance normalize, and the running statistics move by the momentum toward the mean and the unbiased
// variance (torch's native batch_norm on the CPU); in eval the running statistics normalize. Arithmetic in double,
// stored in the tensors' dtypes.
#include "torch/values/values_norm.hpp"

#include <cmath>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"

namespace tparse::compiler::values {

namespace {
bool truthy(const V& v) { return v && ((v->k == VK::Bool && v->b) || (v->k == VK::Int && v->i != 0)); }

/// The values of an optional per-channel tensor: null (None) gives `dflt` for every channel; false when unknown.
bool channel_vals(Interp& I, const V& t, long long c, double dflt, std::vector<double>& out) {
  if (!t || t->k == VK::None) { out.assign(static_cast<size_t>(c), dflt); return true; }
  if (t->k != VK::Tensor) return false;
  const std::vector<double>* d = data(I, t);
  if (!d || static_cast<long long>(d->size()) != c) return false;
  out = *d;
  return true;
}

void store(Interp& I, const V& t, std::vector<double> v) {
  for (double& x : v) fit(t->t->dtype, x);
  mutated(I, t);  // views of the storage go stale; the tensor carries the new values
  attach(I, t, std::move(v));
}
}  // namespace

bool batch_norm_rule(OpCall& c, const V& res) {
  if (!c.self || c.self->k != VK::Tensor || !res || res->k != VK::Tensor) return false;
  Interp& I = c.I;
  V rm = c.arg(0, "running_mean"), rv = c.arg(1, "running_var"), w = c.arg(2, "weight"), b = c.arg(3, "bias");
  const bool training = truthy(c.arg(4, "training"));
  double momentum = 0.1, eps = 1e-5;
  if (V m = c.arg(5, "momentum"); layout::is_num(m)) momentum = layout::num(m);
  if (V e = c.arg(6, "eps"); layout::is_num(e)) eps = layout::num(e);
  const bool tracked = rm && rm->k == VK::Tensor && rv && rv->k == VK::Tensor;
  const auto& s = c.self->t->shape;
  const std::vector<double>* x = data(I, c.self);
  long long n = 1;
  for (const auto& d : s) n *= d.v;
  for (const auto& d : s) if (d.v < 0) n = -1;  // (symbolic sizes)
  if (!x || s.size() < 2 || n < 0 || n > kMaxElems || static_cast<long long>(x->size()) != n) {
    if (training && tracked) {  // the running statistics are written from data tparse does not have
      mutated(I, rm);
      mutated(I, rv);
    }
    return false;
  }
  const long long ch = s[1].v, inner = ch ? n / (s[0].v * ch) : 0, per = ch ? n / ch : 0;
  auto at = [&](long long k, long long i) {  // element i of channel k
    const long long batch = i / inner, j = i % inner;
    return (*x)[static_cast<size_t>((batch * ch + k) * inner + j)];
  };
  std::vector<double> mean(static_cast<size_t>(ch)), var(static_cast<size_t>(ch));
  if (training) {
    for (long long k = 0; k < ch; ++k) {
      double sum = 0, sq = 0;
      for (long long i = 0; i < per; ++i) sum += at(k, i);
      const double mu = per ? sum / static_cast<double>(per) : 0;
      for (long long i = 0; i < per; ++i) sq += (at(k, i) - mu) * (at(k, i) - mu);
      mean[static_cast<size_t>(k)] = mu;
      var[static_cast<size_t>(k)] = per ? sq / static_cast<double>(per) : 0;
    }
    if (tracked) {
      std::vector<double> m0, v0;
      if (channel_vals(I, rm, ch, 0, m0) && channel_vals(I, rv, ch, 1, v0)) {
        const double unbias = per > 1 ? static_cast<double>(per) / static_cast<double>(per - 1) : 1;
        for (long long k = 0; k < ch; ++k) {
          const size_t u = static_cast<size_t>(k);
          m0[u] = (1 - momentum) * m0[u] + momentum * mean[u];
          v0[u] = (1 - momentum) * v0[u] + momentum * var[u] * unbias;
        }
        store(I, rm, std::move(m0));
        store(I, rv, std::move(v0));
      } else {
        mutated(I, rm);
        mutated(I, rv);
      }
    }
  } else if (!tracked || !channel_vals(I, rm, ch, 0, mean) || !channel_vals(I, rv, ch, 1, var)) {
    return false;
  }
  std::vector<double> wv, bv;
  if (!channel_vals(I, w, ch, 1, wv) || !channel_vals(I, b, ch, 0, bv)) return false;
  std::vector<double> out(static_cast<size_t>(n));
  for (long long i = 0; i < n; ++i) {
    const long long k = (i / inner) % ch;
    const size_t u = static_cast<size_t>(k);
    double y = ((*x)[static_cast<size_t>(i)] - mean[u]) / std::sqrt(var[u] + eps) * wv[u] + bv[u];
    fit(res->t->dtype, y);
    out[static_cast<size_t>(i)] = y;
  }
  attach(I, res, std::move(out));
  return true;
}

bool linear_rule(OpCall& c, const V& res) {
  if (!c.self || c.self->k != VK::Tensor || !res || res->k != VK::Tensor) return false;
  Interp& I = c.I;
  V w = c.arg(0, "weight"), b = c.arg(1, "bias");
  if (!w || w->k != VK::Tensor || w->t->shape.size() != 2) return false;
  const std::vector<double>* x = data(I, c.self);
  const std::vector<double>* wv = data(I, w);
  const std::vector<double>* bv = b && b->k == VK::Tensor ? data(I, b) : nullptr;
  if (!x || !wv || (b && b->k == VK::Tensor && !bv) || c.self->t->shape.empty()) return false;
  const long long out_f = w->t->shape[0].v, in_f = w->t->shape[1].v;
  if (c.self->t->shape.back().v != in_f || in_f <= 0 || out_f < 0) return false;
  if (bv && static_cast<long long>(bv->size()) != out_f) return false;
  const long long rows = static_cast<long long>(x->size()) / in_f;
  if (rows * out_f > kMaxElems) return false;
  std::vector<double> out(static_cast<size_t>(rows * out_f));
  for (long long r = 0; r < rows; ++r)
    for (long long o = 0; o < out_f; ++o) {
      double acc = bv ? (*bv)[static_cast<size_t>(o)] : 0;
      for (long long k = 0; k < in_f; ++k) acc += (*x)[static_cast<size_t>(r * in_f + k)] * (*wv)[static_cast<size_t>(o * in_f + k)];
      if (!fit(res->t->dtype, acc)) return false;
      out[static_cast<size_t>(r * out_f + o)] = acc;
    }
  attach(I, res, std::move(out));
  return true;
}

}  // namespace tparse::compiler::values
