// Keeps every value a graph gave a node alive until the run ends (Graph::tensor_node maps addresses: a freed value
// could hand its address and node to a later one), and makes a compiled graph's tensors concrete (keep_alive.hpp).
#include "torch/keep_alive.hpp"

#include <algorithm>
#include <memory>
#include <vector>

namespace tparse::compiler {

static std::vector<V>& graph_values() {
  static std::vector<V> kept;
  return kept;
}
void keep_graph_value(const V& v) { graph_values().push_back(v); }

void concretize_graph_values(const std::map<const Obj*, int>& tensor_node) {
  for (const V& v : graph_values()) {
    if (!v || v->k != VK::Tensor || !v->t || !tensor_node.count(v.get())) continue;
    const TensorInfo& t = *v->t;
    const bool sym = std::any_of(t.shape.begin(), t.shape.end(), [](const Dim& d) { return d.is_sym(); }) ||
                     std::any_of(t.stride.begin(), t.stride.end(), [](const Dim& d) { return d.is_sym(); });
    if (!sym) continue;
    auto info = std::make_shared<TensorInfo>(t);
    for (auto& d : info->shape) d.sym.clear();
    for (auto& d : info->stride) d.sym.clear();
    v->t = info;
  }
}

void release_graph_values() {
  graph_values().clear();
  clear_non_size_symbols();
}

}  // namespace tparse::compiler
