// Keeps every value a graph gave a node alive until the run ends (Graph::tensor_node maps addresses: a freed value
// could hand its address and node to a later one), and makes a compiled graph's tensors concrete (keep_alive.hpp).
#include "torch/keep_alive.hpp"

#include "torch/graph.hpp"
#include "torch/symbols/sym_mono.hpp"

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

void fold_graph_values(const Graph& g, const std::map<std::string, long long>& specialized) {
  for (const V& v : graph_values()) {
    if (!v || v->k != VK::Tensor || !v->t) continue;
    // the results of the graph's ops; a frame input (a placeholder) keeps its symbols: its guards and sources are
    // built from them
    auto it = g.tensor_node.find(v.get());
    if (it == g.tensor_node.end() || it->second < 0 || static_cast<size_t>(it->second) >= g.nodes.size() ||
        g.nodes[static_cast<size_t>(it->second)].op == "placeholder")
      continue;
    const TensorInfo& t = *v->t;
    auto touched = [&](const std::vector<Dim>& ds) {
      return std::any_of(ds.begin(), ds.end(), [&](const Dim& d) {
        if (!d.is_sym()) return false;
        for (const auto& s : sym_free_symbols(d.sym)) if (specialized.count(s)) return true;
        return false;
      });
    };
    if (!touched(t.shape) && !touched(t.stride)) continue;
    // in place: a shape rule in progress holds a reference to this TensorInfo (pool's input, whose kernel size
    // specialized the symbol); a TensorInfo shared with another value is folded for it too, rightly
    fold_specialized(v->t->shape, specialized);
    fold_specialized(v->t->stride, specialized);
  }
}

void release_graph_values() {
  graph_values().clear();
  clear_non_size_symbols();
}

}  // namespace tparse::compiler
