// Tensor._base: which results are views, and the sizes of their root base. ATen's view kernels (view, transpose,
// slicing, split, expand, ...) make a view of their input's base (a view of a view shares the first one's base);
// reshape / flatten are views only when the input's strides allow one (computeStride), and F.linear's fused path
// (_flatten_nd_linear: an input other than 2-D, contiguous, with a 1-D bias) views the 2-D addmm result back, so a
// Linear's output on a (B, T, C) input is a view of a (B*T, out) base; the 1-d pools view their 2-d kernel's output. Dynamo fakeifies a view input's base too, with
// source `L['x']._base`, and runs automatic dynamic on it (dynamo/dynamo.cpp).
#include "torch/values/values.hpp"

#include <set>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler::values {

namespace {

using Sizes = std::shared_ptr<const std::vector<long long>>;

/// The root base's sizes of a view of `t`: t's own base when it is a view, else t's sizes.
Sizes base_of(const V& t) {
  if (t->view_base) return t->view_base;
  auto s = std::make_shared<std::vector<long long>>();
  for (const auto& d : t->t->shape) s->push_back(d.v);
  return s;
}

void set_view(const V& res, const Sizes& base) {
  if (res && res->k == VK::Tensor) res->view_base = base;
}

/// ATen's computeStride: whether sizes `to` can view a tensor of sizes / strides `t` (reshape's choice between a view
/// and a copy).
bool viewable(const TensorInfo& t, const std::vector<long long>& to) {
  const size_t rank = t.shape.size();
  if (rank == 0) return true;
  long long numel = 1;
  for (const auto& d : t.shape) numel *= d.v;
  if (numel == 0) return true;
  const std::vector<long long> st = strides_of(t);
  long long view_d = static_cast<long long>(to.size()) - 1;
  long long chunk_base_stride = st.back(), tensor_numel = 1, view_numel = 1;
  for (long long d = static_cast<long long>(rank) - 1; d >= 0; --d) {
    tensor_numel *= t.shape[static_cast<size_t>(d)].v;
    if (d == 0 || (t.shape[static_cast<size_t>(d - 1)].v != 1 && st[static_cast<size_t>(d - 1)] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || to[static_cast<size_t>(view_d)] == 1)) {
        view_numel *= to[static_cast<size_t>(view_d)];
        --view_d;
      }
      if (view_numel != tensor_numel) return false;
      if (d > 0) {
        chunk_base_stride = st[static_cast<size_t>(d - 1)];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

/// Basic indexing (ints, slices, None, `...`, a 0-d integer tensor) is a view; an index tensor, a list or a bool is
/// advanced indexing, a copy.
bool basic_index(const V& idx) {
  std::vector<V> ix = idx->k == VK::Tuple && !idx->size_tuple ? idx->items : std::vector<V>{idx};
  for (const V& x : ix) {
    if (x->k == VK::List || x->k == VK::Bool) return false;
    if (x->k == VK::Tensor && (!x->t->shape.empty() || x->t->dtype == "bool" || x->t->dtype.find("int") == std::string::npos)) return false;
  }
  return true;
}

}  // namespace

void mark_view(OpCall& c, const V& res) {
  if (!res || !c.self || c.self->k != VK::Tensor || res == c.self) return;
  const std::string& n = c.name;
  // F.linear's fused path: a contiguous input of other than 2 dims and a 1-D bias (at::native::linear)
  if (n == "linear") {
    V b = c.arg(1, "bias");
    const size_t rank = c.self->t->shape.size();
    if (res->k == VK::Tensor && b && b->k == VK::Tensor && b->t->shape.size() == 1 && rank != 2 && rank >= 1 &&
        is_contiguous_layout(*c.self->t)) {
      long long lead = 1;
      for (size_t i = 0; i + 1 < rank; ++i) lead *= c.self->t->shape[i].v;
      res->view_base = std::make_shared<std::vector<long long>>(std::vector<long long>{lead, res->t->shape.back().v});
    }
    return;
  }
  // the 1-d pools run their 2-d kernel on `self.unsqueeze(-2)` and squeeze the output back (ATen's Pooling.cpp,
  // AdaptiveAveragePooling.cpp, AdaptiveMaxPooling2d.cpp): a view of a base with a 1 before its last dim, indices too.
  // max_pool1d takes that path (max_pool1d_with_indices) only for an input needing grad with grad mode on, else
  // max_pool1d_impl makes a plain tensor (Informer's ConvLayer: a 4-D base in training, none under no_grad, real
  // torch 2.11)
  if (n == "max_pool1d" || n == "avg_pool1d" || n == "adaptive_avg_pool1d" || n == "adaptive_max_pool1d") {
    V ri = n == "max_pool1d" ? c.kw("return_indices") : nullptr;
    const bool indices = ri && ri->k == VK::Bool && ri->b;
    if (n == "max_pool1d" && !indices && !(c.self->t->requires_grad && c.I.grad_enabled())) return;
    auto pooled = [](const V& r) {
      if (!r || r->k != VK::Tensor || r->t->shape.empty()) return;
      std::vector<long long> b;
      for (const auto& d : r->t->shape) b.push_back(d.v);
      b.insert(b.end() - 1, 1);
      r->view_base = std::make_shared<std::vector<long long>>(std::move(b));
    };
    pooled(res);
    if (res->k == VK::Tuple || res->k == VK::List)
      for (auto& x : res->items) pooled(x);
    return;
  }
  static const std::set<std::string> always = {
      "view", "view_as", "squeeze", "unsqueeze", "transpose", "t", "permute", "expand", "expand_as", "narrow", "select",
      "unfold", "diagonal", "movedim", "moveaxis", "swapaxes", "swapdims", "split", "split_with_sizes", "chunk", "unbind",
      "tensor_split", "hsplit", "vsplit", "dsplit", "as_strided", "alias", "adjoint", "view_as_real", "view_as_complex",
      "unflatten", "real", "imag"};
  // the same tensor handed back (a no-op cast, contiguous of a contiguous one): its own base
  static const std::set<std::string> maybe_self = {"contiguous", "to", "type_as", "type", "float", "double", "half", "bfloat16",
                                                   "long", "int", "bool", "cpu", "cuda"};
  bool view = always.count(n) > 0;
  if (n == "__getitem__") {
    V idx = c.arg(0, nullptr);
    view = idx && basic_index(idx);
  } else if (n == "reshape" || n == "reshape_as" || n == "flatten" || n == "ravel") {
    if (res->k != VK::Tensor) return;
    const TensorInfo& t = *c.self->t;
    if (n == "flatten" && t.shape.size() == res->t->shape.size() && !t.shape.empty()) {  // start_dim == end_dim: self
      set_view(res, c.self->view_base);
      return;
    }
    std::vector<long long> to;
    for (const auto& d : res->t->shape) to.push_back(d.v);
    view = viewable(t, to);
  } else if (maybe_self.count(n)) {
    if (res->k == VK::Tensor && res->t->dtype == c.self->t->dtype && res->t->device == c.self->t->device &&
        (n != "contiguous" || is_contiguous_layout(*c.self->t)))
      set_view(res, c.self->view_base);
    return;
  }
  if (!view) return;
  Sizes base = base_of(c.self);
  if (res->k == VK::Tensor) set_view(res, base);
  if (res->k == VK::Tuple || res->k == VK::List)
    for (auto& x : res->items) set_view(x, base);
}

void mark_attr_view(const V& res, const V& self) {
  if (res && self && res != self && res->k == VK::Tensor && self->k == VK::Tensor) res->view_base = base_of(self);
}

}  // namespace tparse::compiler::values
