// More shape rules met in real model files (ChatGLM3 and friends): outer products, batched matmuls,
// in-place methods, new_* factories, index_select. Same entry convention as tensor_methods.cpp
// (`fn:<target>:<name>` for free functions); null when the operation is not one of these.
#include <fmt/format.h>

#include "interp.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

V Interp::tensor_method_extra(V self, bool is_fn, const std::string& target, const std::string& name, std::vector<V>& args,
                              std::vector<V>& rest, KW& kwargs, Location loc) {
  TensorInfo& t = *self->t;
  TensorInfo o;
  o.shape = t.shape;
  o.dtype = t.dtype;
  o.device = t.device;
  o.requires_grad = t.requires_grad;
  auto out = [&](TensorInfo r) -> V {
    if (is_fn) return emit("call_function", target, name, false, args, kwargs, r, loc);
    std::vector<V> all{self};
    all.insert(all.end(), rest.begin(), rest.end());
    return emit("call_method", name, name, false, all, kwargs, r, loc);
  };
  auto tensor_arg = [&](size_t i, const char* what) -> const TensorInfo& {
    if (i >= rest.size() || rest[i]->k != VK::Tensor) error(loc, fmt::format("{}: expected a tensor for {}", name, what));
    return *rest[i]->t;
  };
  auto dims = [](const TensorInfo& x) {
    std::string s = "[";
    for (size_t i = 0; i < x.shape.size(); ++i) s += (i ? ", " : "") + x.shape[i].str();
    return s + "]";
  };
  if (name == "outer" || name == "ger") {
    const TensorInfo& b = tensor_arg(0, "vec2");
    if (t.shape.size() != 1 || b.shape.size() != 1) error(loc, fmt::format("outer: expected 1-D tensors, got {} and {}", dims(t), dims(b)));
    o.shape = {t.shape[0], b.shape[0]};
    o.requires_grad = t.requires_grad || b.requires_grad;
    return out(o);
  }
  if (name == "bmm" || name == "baddbmm") {
    const TensorInfo& a = name == "bmm" ? t : tensor_arg(0, "batch1");
    const TensorInfo& b = tensor_arg(name == "bmm" ? 0 : 1, name == "bmm" ? "mat2" : "batch2");
    if (a.shape.size() != 3 || b.shape.size() != 3) error(loc, fmt::format("{}: expected 3-D tensors, got {} and {}", name, dims(a), dims(b)));
    if (a.shape[0].v != b.shape[0].v || a.shape[2].v != b.shape[1].v)
      error(loc, fmt::format("shape mismatch in {}: {} @ {}", name, dims(a), dims(b)));
    o.shape = {a.shape[0], a.shape[1], b.shape[2]};
    o.requires_grad = a.requires_grad || b.requires_grad;
    return out(o);
  }
  if (name == "index_select") {
    if (rest.size() < 2 || rest[0]->k != VK::Int || rest[1]->k != VK::Tensor) error(loc, "index_select(dim, index)");
    long long d = rest[0]->i < 0 ? rest[0]->i + static_cast<long long>(t.shape.size()) : rest[0]->i;
    if (d < 0 || d >= static_cast<long long>(t.shape.size())) error(loc, "index_select: dimension out of range");
    o.shape[static_cast<size_t>(d)] = rest[1]->t->shape.empty() ? Dim{1, ""} : rest[1]->t->shape[0];
    return out(o);
  }
  if (name == "new_ones" || name == "new_zeros" || name == "new_empty" || name == "new_full") {
    std::vector<V> xs;
    if (!rest.empty() && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List)) xs = rest[0]->items;
    else for (auto& r : rest) if (r->k == VK::Int) xs.push_back(r);
    o.shape.clear();
    for (auto& x : xs) {
      if (x->k != VK::Int) error(loc, fmt::format("{}: size must be ints", name));
      o.shape.push_back(Dim{x->i, ""});
    }
    o.requires_grad = false;
    if (name == "new_ones") o.fill = 1.0;
    if (name == "new_zeros") o.fill = 0.0;
    for (auto& [k, v] : kwargs) if (k == "dtype" && v->k == VK::DType) o.dtype = v->s;
    return out(o);
  }
  // in-place methods keep the shape; the graph records the method on the same tensor
  static const std::set<std::string> inplace = {"tril_", "triu_", "zero_", "fill_", "unsqueeze_", "squeeze_", "mul_", "add_",
                                                "sub_", "div_", "clamp_", "masked_fill_", "copy_", "normal_", "uniform_"};
  if (inplace.count(name)) {
    if (name == "unsqueeze_") {
      if (rest.empty() || rest[0]->k != VK::Int) error(loc, "unsqueeze_(dim)");
      long long d = rest[0]->i < 0 ? rest[0]->i + static_cast<long long>(t.shape.size()) + 1 : rest[0]->i;
      o.shape.insert(o.shape.begin() + d, Dim{1, ""});
    }
    if (name == "zero_") o.fill = 0.0;
    V r = out(o);
    t = *r->t;  // the tensor itself changed
    return self;
  }
  if (name == "isinf" || name == "isfinite" || name == "isneginf" || name == "isposinf" || name == "__invert__" || name == "bitwise_not" || name == "logical_not") {
    if (name != "__invert__" && name != "bitwise_not") o.dtype = "bool";
    o.requires_grad = false;
    return out(o);
  }
  return nullptr;
}

}  // namespace tparse::compiler
