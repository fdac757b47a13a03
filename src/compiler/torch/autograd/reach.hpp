// What backward() reaches: each tensor made by an op while grad mode is on keeps the ancestry of its inputs
// (GradEdge, a DAG of the inputs' edges down to the leaves that require grad), so a backward marks exactly the leaves
// its root depends on; a parameter the loss never used keeps `.grad is None`, as autograd leaves it.
#pragma once

#include <memory>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

/// The ancestry `t` stands for as an op's input: its own edge (a non-leaf), a leaf edge (requires grad, no grad_fn),
/// an unknown edge (a non-leaf whose ancestry was not recorded), or null (needs no grad)
std::shared_ptr<const GradEdge> grad_edge_of(const V& t);

/// The edge of an op's result over its tensor arguments (items of list / tuple arguments too); null when none
/// needs grad
std::shared_ptr<const GradEdge> grad_edge_over(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs);

/// backward() from `root` at `epoch`: every leaf reached gets `__tparse_reached__ = epoch`; false when an unknown
/// ancestry was met, or the root has none (the caller then takes every leaf that requires grad as reached, the older rule)
bool mark_reached(const V& root, long long epoch);

/// The edge of a node whose backward is the Python function `fn` (called as fn(ctx, grad)): over the tensor arguments,
/// as grad_edge_over, with the output's shape and dtype for its grad; null when no argument needs grad
std::shared_ptr<const GradEdge> python_backward_edge(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs,
                                                     const V& fn, const V& ctx, const TensorInfo& out);

/// An edge over the inputs of an autograd.Function Dynamo traced into one autograd_function_apply node
std::shared_ptr<const GradEdge> function_hop_edge(const std::vector<V>& args);

/// What a backward from `root` runs besides C++ nodes: the Python backward nodes it reaches, the latest made first (the
/// engine's order by sequence number), and whether it passes a traced autograd.Function's node
struct BackwardWalk {
  std::vector<std::shared_ptr<const GradEdge>> python;
  bool function_hop = false;
};
BackwardWalk walk_backward(const V& root);

/// The first backward_error (GradEdge) a backward from `root` reaches, "" when none
std::string backward_error_of(const V& root);

/// The last backward epoch that took every leaf as reached (an unknown ancestry); grad_of reads it
long long& backward_all_epoch();

}  // namespace tparse::compiler
