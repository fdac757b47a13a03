// numpy calls in a compiled frame that torch._numpy cannot run on fake tensors (numpy_traced.cpp calls these before
// its shape rules): each is the graph break real torch 2.11 gives at the call.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/interop/numpy_traced.hpp"

namespace tparse::compiler::np_traced {

bool nested_array_sequence(const V& obj) {
  if (!obj || (obj->k != VK::List && obj->k != VK::Tuple)) return false;
  std::function<bool(const V&)> holds_tensor = [&](const V& v) {
    if (v && v->k == VK::Tensor) return true;
    if (!v || (v->k != VK::List && v->k != VK::Tuple)) return false;
    return std::any_of(v->items.begin(), v->items.end(), holds_tensor);
  };
  // (torch._numpy's _array: a flat sequence of arrays only is torch.stack'ed; any other goes through _tolist)
  return holds_tensor(obj) && !std::all_of(obj->items.begin(), obj->items.end(), [](const V& x) { return x && x->k == VK::Tensor; });
}

// np.array / np.asarray of a nested sequence holding traced tensors, in a frame: torch._numpy's array() converts the
// sequence with _tolist and as_tensor, which cannot read fake tensors' data (NotImplementedError "failed to convert ... to
// ndarray", GB0087 at the call; real torch 2.11: FoldingNet's `np.array(list(itertools.product(x, y)))` of two
// traced linspaces)
void array_of_tensors_break(Interp& I, const V& obj, Location loc) {
  std::function<std::string(const V&, bool)> rep = [&](const V& v, bool converted) -> std::string {
    if (v->k == VK::Tensor) {
      std::string size = "(";
      for (size_t i = 0; i < v->t->shape.size(); ++i) size += (i ? ", " : "") + std::to_string(v->t->shape[i].v);
      size += v->t->shape.size() == 1 ? ",)" : ")";
      const bool dflt = v->t->dtype == "float32" || converted;
      return "FakeTensor(..., size=" + size + (dflt ? "" : ", dtype=torch." + v->t->dtype) + ")";
    }
    if (v->k == VK::List || v->k == VK::Tuple) {
      const bool list = v->k == VK::List || converted;
      std::string r = list ? "[" : "(";
      for (size_t i = 0; i < v->items.size(); ++i) r += (i ? ", " : "") + rep(v->items[i], converted);
      if (!list && v->items.size() == 1) r += ",";
      return r + (list ? "]" : ")");
    }
    return py_repr(v);
  };
  const std::string expl = fmt::format(
      "Dynamo failed to run FX node with fake tensors: call_function <Wrapped function <original array>>(*({},), **{{}}): got "
      "NotImplementedError(\"failed to convert {} to ndarray. \\nInternal error is: The tensor has a non-zero number of "
      "elements, but its data is not allocated yet.\\nIf you're using torch.compile/export/fx, it is likely that we are "
      "erroneously tracing into a custom kernel. To fix this, please wrap the custom kernel into an opaque custom op. Please "
      "see the following for details: https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html\\nIf you're using "
      "Caffe2, Caffe2 uses a lazy allocation, so you will need to call mutable_data() or raw_mutable_data() to actually "
      "allocate memory..\")",
      rep(obj, false), rep(obj, true));
  I.graph_break("NotImplementedError/UnsupportedFakeTensorException when running FX node",
              gb_message("NotImplementedError/UnsupportedFakeTensorException when running FX node", expl,
                         {"Your code may result in an error when running in eager. Please double check that your code doesn't "
                          "contain a similar error when actually running eager/uncompiled. You can do this by removing the "
                          "`torch.compile` call, or by using `torch.compiler.set_stance(\"force_eager\")`. ",
                          "If the op is a custom op, did you implement a fake tensor implementation? (e.g. with "
                          "`@my_custom_op.register_fake`)",
                          "If the op is a PyTorch op, please file an issue to PyTorch."},
                         "", "GB0087"),
              loc);

}

}  // namespace tparse::compiler::np_traced
