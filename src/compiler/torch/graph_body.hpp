// Bodies of higher-order operators (torch.utils.checkpoint's `wrap_body_0`, autograd.Function's `fwd_body_0` /
// `bwd_body_0`): Dynamo's speculate_subgraph traces the body into a graph of its own, nested in the outer graph as a
// module attribute (`wrap_body_0 = self.wrap_body_0`) and printed as a nested class after forward. The body is traced
// into the outer graph and cut out: what it reads from before (a tensor, a parameter lifted while it ran) becomes a
// placeholder of the body, each tensor's size symbols lifted just before it (SubgraphTracer._lift_basic_symbols).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "torch/graph.hpp"

namespace tparse::compiler {

/// What the body read from outside it, in its placeholders' order: a tensor value, a size symbol, or a node of
/// the outer graph made before the body (a value no operand names).
struct BodyOperand {
  V tensor;
  std::string sym;
  int node = -1;
  std::string fixed_name;  ///< a placeholder of the body's own signature (bwd_body's `grad`, `unused_0`): no outer value
};

struct BodyCapture {
  std::shared_ptr<Graph> graph;        ///< placeholders (named by bind_body), then the body's nodes
  std::vector<BodyOperand> operands;   ///< one per placeholder
  std::map<int, int> index_of;         ///< outer node id -> its node in the body (a placeholder or the body's own)
};

/// The nodes from `first` on as a body: `operands` are the tensors passed in or lifted while it ran; each becomes a
/// placeholder where the body first reads it (automatic lifting), as do values of the outer graph it reads; `outputs` (outer node ids) are what it returns
/// (`flat`: a tuple of them; a nested grouping is the caller's, in `groups`: sizes of consecutive tuples).
/// `leading` placeholders come first whether the body reads them or not (autograd.Function's forward inputs;
/// backward's grads, named by `leading_names`, "" for a tensor, an unused output's grad has no value).
BodyCapture capture_body(const Graph& g, size_t first, const std::vector<V>& operands, const std::vector<int>& outputs,
                         const std::vector<size_t>& groups = {}, size_t leading = 0,
                         const std::vector<std::string>& leading_names = {});

/// After the outer graph rolled the body's nodes back: the outer node of each operand (`node_of` re-makes a
/// tensor's placeholder), the body's placeholders named after them. The HOP's arguments, in order.
std::vector<int> bind_body(Graph& g, BodyCapture& cap, const std::function<int(const V&)>& node_of);

/// A body whose operands are not the HOP's arguments (bwd_body): its placeholders named after the outer values as
/// they are now (no node made), or their fixed names.
void name_body(const Graph& g, BodyCapture& cap);

/// Registers the body under the next free `prefix_N` name (`wrap_body_0`), adds its get_attr node; its index.
int add_body_attr(Graph& g, const std::string& prefix, std::shared_ptr<Graph> body);

}  // namespace tparse::compiler
