// Value rules of torch._foreach_*_ (values_foreach.hpp): the list's i-th tensor written as `t.<op>_(other_i)` would
// write it (other a list of tensors or of numbers, or one number / tensor for all); lerp as torch's CPU kernel:
// below a weight of 0.5 `self + w * (end - self)`, else `end - (end - self) * (1 - w)`, in the tensors' dtype.
#include "torch/values/values_foreach.hpp"

#include <cmath>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"

namespace tparse::compiler::values {

namespace {
/// The lerp of t toward `end` by w: t's new values, false when either is unknown or they differ in shape
bool lerp_values(Interp& I, const V& t, const V& end, double w, std::vector<double>& out) {
  const std::vector<double>* a = data(I, t);
  const std::vector<double>* b = end && end->k == VK::Tensor ? data(I, end) : nullptr;
  if (!a || !b || a->size() != b->size()) return false;
  const bool f32 = t->t->dtype == "float32";
  out.resize(a->size());
  for (size_t i = 0; i < a->size(); ++i) {
    double y = 0;
    if (f32) {
      const float s = static_cast<float>((*a)[i]), e = static_cast<float>((*b)[i]), wf = static_cast<float>(w);
      y = std::fabs(wf) < 0.5f ? s + wf * (e - s) : e - (e - s) * (1.0f - wf);
    } else {
      const double s = (*a)[i], e = (*b)[i];
      y = std::fabs(w) < 0.5 ? s + w * (e - s) : e - (e - s) * (1.0 - w);
    }
    if (!fit(t->t->dtype, y)) return false;
    out[i] = y;
  }
  return true;
}
}  // namespace

bool foreach_in_place(OpCall& c, const V& list) {
  static const std::map<std::string, std::string> ops = {{"_foreach_add_", "+"}, {"_foreach_sub_", "-"}, {"_foreach_mul_", "*"},
                                                         {"_foreach_div_", "/"}, {"_foreach_copy_", "copy"}, {"_foreach_lerp_", "lerp"}};
  auto op = ops.find(c.name);
  if (op == ops.end() || c.kw("alpha") || c.args.size() < 2 || c.args[0] != list) return false;
  const std::vector<V>& ts = list->items;
  const V& other = c.args[1];
  const bool per_item = other->k == VK::List || other->k == VK::Tuple;
  if (per_item && other->items.size() != ts.size()) return false;
  double w = 0;
  if (op->second == "lerp") {
    if (c.args.size() != 3 || !layout::is_num(c.args[2])) return false;
    w = layout::num(c.args[2]);
  }
  for (size_t i = 0; i < ts.size(); ++i) {
    const V& x = per_item ? other->items[i] : other;
    if (op->second == "lerp") {
      std::vector<double> out;
      if (lerp_values(c.I, ts[i], x, w, out)) {  // (written as a copy: through a view, `p.detach()`, to its base)
        V src = mk_tensor(*ts[i]->t);
        attach(c.I, src, std::move(out));
        write_in_place(c.I, "copy", ts[i], src);
      } else {
        mutated(c.I, ts[i]);
      }
    } else {
      write_in_place(c.I, op->second, ts[i], x);
    }
  }
  return true;
}

}  // namespace tparse::compiler::values
