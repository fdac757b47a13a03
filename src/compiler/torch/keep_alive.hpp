// Graph::tensor_node maps a tensor value's address to its node. A value freed during the run could let a
// later value take its address and inherit its node, so every value given a node is kept alive until the
// run ends (compile_script releases them).
#pragma once

#include <map>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

void keep_graph_value(const V& v);   ///< called where tensor_node gets an entry
void release_graph_values();         ///< end of a run
/// After a graph is compiled its tensors are real ones: each value the graph `tensor_node` knows drops its symbols
/// (sizes and strides are their numbers), so code that goes on eagerly sees concrete sizes.
void concretize_graph_values(const std::map<const Obj*, int>& tensor_node);
/// A symbol specialized mid-frame (guard_int: `F.max_pool1d(x, x.size(2))`) is its value in every tensor an op of that
/// graph made, from then on, as ShapeEnv's replacement makes it: each one's symbolic dims fold (fold_specialized), so a
/// later shape rule mixes the value with numbers, not with the stale symbol (Kim's CNN_Text: the pooled length is 1).
struct Graph;
void fold_graph_values(const Graph& g, const std::map<std::string, long long>& specialized);

}  // namespace tparse::compiler
