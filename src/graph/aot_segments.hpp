// Which Dynamo node each op of an AOT forward graph came from, inside one `# File:` statement.
// AOT autograd traces the Dynamo graph node by node, so the aten ops of one Dynamo node are a
// contiguous run in program order, and the run's last op computes the Dynamo node's value: the
// same dtype and shape as the Dynamo node's annotation. A statement such as `return x + s.mlp(x)`
// holds the ops of three modules (mlp.0's linear, mlp.1's GELU, mlp.2's linear) and the root's add;
// the statement alignment (build_hierarchy_aligned) gives all of them one module. Here each
// matched statement is cut into the Dynamo nodes' runs (a dynamic programme over the ops in
// order: an op reading a parameter must sit in a Dynamo node of that parameter's module, a run
// ends on the Dynamo node's dtype and shape), and each op takes its Dynamo node's module.
// Backward graphs: an op named like a forward op is that op (the partitioner recomputes forward
// ops in the backward graph under their joint-graph names), and takes the forward op's module.
#pragma once

#include <string_view>
#include <vector>

#include "core/payloads/fx_graph.hpp"
#include "hierarchy.hpp"

namespace tparse::graph {

/// Cuts each matched statement of an AOT graph `g` into its Dynamo nodes'
/// runs and moves every op to its Dynamo node's module (`dyn`: the Dynamo graph's hierarchy).
/// Backward graphs (statements matched in reverse) are cut the same way over the Dynamo nodes in
/// reverse, a node's run ending on the shape of one of its inputs (the gradient it returns).
/// `fixed` (optional, per node): ops left out of the cut (forward ops recomputed in a backward
/// graph, placed by inherit_forward_ops). `placed` (optional): set to 1 for each op the cut placed.
/// Returns the ops whose module changed.
int32_t segment_aot_statements(Hierarchy& h, const fx::Graph& g, std::string_view text, const fx::Graph& dynamo,
                               const Hierarchy& dyn, const Alignment& al, const std::vector<char>* fixed = nullptr,
                               std::vector<char>* placed = nullptr);

/// Backward graph `g`: every op whose name is an op of the forward graph `fwd` (hierarchy `fh`)
/// takes that op's module. Returns the ops whose module changed.
int32_t inherit_forward_ops(Hierarchy& h, const fx::Graph& g, const fx::Graph& fwd, const Hierarchy& fh);

}  // namespace tparse::graph
