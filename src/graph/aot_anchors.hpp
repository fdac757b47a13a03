// Parameters as anchors in AOT / inductor graphs. Their placeholders (`primals_10`) carry
// `# PlainAOTInput(idx=9)`: the 10th input of the Dynamo graph, whose placeholder names a module
// (`l_self_modules_mlp_modules_2_parameters_weight_`); a backward graph's return lists
// `mm_1,  # GradAOTOutput(grad_of=PlainAOTInput(idx=9))`. Ops reading a parameter (through
// views/permutes of it) and the ops computing a parameter's gradient belong to its module; ops
// between such anchors inside one `# File:` statement take their common module. This refines a
// statement-aligned hierarchy (build_hierarchy_aligned), where a backward statement such as
// `return x + self.mlp(x)` otherwise lands in the module of the whole statement.
#pragma once

#include <string_view>

#include "core/payloads/fx_graph.hpp"
#include "hierarchy.hpp"

namespace tparse::graph {

/// The lines of `text` (split at '\n', as read line by line) that contain `needle`, in order,
/// found by searching the whole text rather than each line (most payload lines hold no marker).
std::vector<std::string_view> lines_with(std::string_view text, std::string_view needle);

/// Module path per Dynamo graph input index (its placeholders in order); "" root parameter,
/// "\x01" for inputs that are not parameters.
std::vector<std::string> input_modules(const fx::Graph& dynamo);

/// Per node of the AOT graph `g` (payload `text`): K for a placeholder whose comment says
/// `PlainAOTInput(idx=K)` (the Dynamo graph's input K), else -1.
std::vector<int32_t> aot_input_indices(const fx::Graph& g, std::string_view text);

/// Refines `h` (aligned hierarchy of the AOT graph `g` with payload `text`) with parameter
/// anchors. Only moves an op into a module inside the one it already has, and never an op marked
/// in `keep` (placed by its Dynamo node: aot_segments.hpp). Returns ops moved.
int32_t anchor_aot_parameters(Hierarchy& h, const fx::Graph& g, std::string_view text, const fx::Graph& dynamo,
                              const std::vector<char>* keep = nullptr);

}  // namespace tparse::graph
