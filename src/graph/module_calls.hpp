// Modules without parameters (ChatGLM's CoreAttention, a RotaryEmbedding) leave no name in an FX
// graph: no placeholder reads their weights, and a `# File:` line names only the innermost frame.
// The compile's guards do name them: Dynamo guards every module it calls with
// `DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['a']._modules['b'].__dict__)`
// followed by the call site (`# context_layer = self.core_attention(...)  # ...py:441 in forward`).
// This reads those calls and moves the ops that run inside such a call, by program order and the
// parent's frame, from the parent module into the called one. See docs/report.md ("Module hierarchy").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/payloads/fx_graph.hpp"
#include "hierarchy.hpp"

namespace tparse::graph {

/// An op node (neither a placeholder nor the output).
inline bool is_op(const fx::Node& n) { return n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output; }
/// "a.b.c" -> "a.b"; "" for a top-level path.
inline std::string parent_of(const std::string& p) {
  size_t d = p.rfind('.');
  return d == std::string::npos ? std::string() : p.substr(0, d);
}

struct ModuleCall {
  std::string path;      ///< "transformer.encoder.layers.3.self_attention.core_attention"
  std::string file;      ///< call site file as the guard prints it (may be cut on the left)
  int32_t line = -1;     ///< call site line in the parent's code
  std::string function;  ///< the parent's function ("forward")
  std::string cls;       ///< the module's class as its GuardManager line prints it ("torch.nn.modules.dropout.Dropout"), or ""
};

/// Module calls named by a guards text (dynamo_cpp_guards_str), one per module, in text order.
std::vector<ModuleCall> module_calls_from_guards(std::string_view guards);

/// Moves ops into called modules that have no group yet (no parameters). An op moves from parent P
/// to called module M when: it sits directly in P, it lies (program order, inside P's nodes)
/// after P's last statement above the call line and before P's first statement below it, and it is
/// not itself P's code. P's code: the call's file and function, lines within the span of P's
/// module calls (past P's last call: any later line). Moved ops stop being guesses. Returns the
/// number of ops moved.
int32_t attribute_module_calls(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls);

/// Tied weights: Dynamo names a parameter shared by two modules after the first one
/// (`lm_head.weight is transformer.wte.weight` -> placeholder `..._wte_parameters_weight_`), so the
/// op of the other module reads a placeholder named after a module it is not in. When the guards
/// say module M is called on a line (`logits = self.lm_head(...)`), M has no parameter of its own
/// in the graph, and an op of that line whose code calls `.M(` reads such a foreign parameter, the
/// op is M's. Returns the number of ops moved.
int32_t attribute_tied_calls(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls);

/// A child of an iterated container (nn.Sequential, nn.ModuleList) as its guards name it:
/// `list(dict.keys(L['self']._modules['mlp']._modules))[1] == '1'` -> {"mlp", 1, "1"}.
struct ContainerChild {
  std::string container;
  int32_t index = -1;
  std::string name;
};
std::vector<ContainerChild> container_children_from_guards(std::string_view guards);

/// A container runs its children in order and no code of its own (Sequential.forward is the loop
/// over them), so ops sitting directly in an iterated container between the ops of child i-1 and
/// child i+1, when child i has no group (no parameters: GELU, Dropout), ran inside child i: they
/// move there. Returns the number of ops moved.
int32_t attribute_container_children(Hierarchy& h, const fx::Graph& g, const std::vector<ContainerChild>& kids);

/// Module attribution by each op's frame against the callers' own code (module_frames.cpp): an op in
/// an ancestor's code moves up to it; an op in a module with parameters whose frame is none of the frames
/// reading them moves to the parameterless module its parent calls next. Returns the number of ops moved.
int32_t attribute_by_frames(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls);

/// The hierarchy the report and the viewer draw: build_hierarchy of `g` (or, with the compile's
/// Dynamo graph `dynamo`, build_hierarchy_aligned to it), with the module calls of `guards`
/// (the compile's dynamo_cpp_guards_str text; may be empty) applied to the Dynamo graph's modules.
/// AOT graphs (`text`: their payload) are then cut into their Dynamo nodes' runs inside each
/// statement (aot_segments.hpp) and refined with parameter anchors (aot_anchors.hpp). A backward
/// graph given the compile's AOT forward graph (`forward_text`) places the forward ops it
/// recomputes where the forward graph has them.
Hierarchy hierarchy_for(const fx::Graph& g, const fx::Graph* dynamo, std::string_view guards, std::string_view text = {},
                        std::string_view forward_text = {});

/// What hierarchy_for takes from the Dynamo graph and the guards alone: the same for every graph of
/// a compile, so the report makes it once per compile and passes it to the overload below.
struct DynamoModules {
  std::vector<ModuleCall> calls;  ///< module_calls_from_guards(guards)
  Hierarchy h;                    ///< the Dynamo graph's hierarchy with those calls applied
};
DynamoModules dynamo_modules(const fx::Graph& dynamo, std::string_view guards);
/// The compile's AOT forward graph parsed, and its hierarchy_for(forward, dynamo, base, forward_text).
struct ForwardModules {
  const fx::Graph* g = nullptr;
  const Hierarchy* h = nullptr;
};
/// hierarchy_for with `base` = dynamo_modules(dynamo ? *dynamo : g, guards) made already, and for a
/// backward graph the forward's graph and hierarchy when made already (`fwd`: else they are made
/// from forward_text).
Hierarchy hierarchy_for(const fx::Graph& g, const fx::Graph* dynamo, const DynamoModules& base, std::string_view text = {},
                        std::string_view forward_text = {}, const ForwardModules* fwd = nullptr);

}  // namespace tparse::graph
