// Guard tree rendering and counting (see guards.hpp); the layout follows torch 2.11's
// GuardManager.__str__ as seen in the corpus truth traces (`dynamo_cpp_guards_str`).
#include "dynamo/guards/guards.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace tparse::compiler {

std::string guard_with_comment(const std::string& code, const std::string& comment) {
  std::string padded = code.size() >= 60 ? code : code + std::string(60 - code.size(), ' ');
  return comment.empty() ? padded : padded + "  " + comment;
}

namespace {
struct GuardNode {
  GuardMgr m;
  std::vector<std::pair<std::string, std::string>> leaves;
  std::vector<size_t> kids;
  bool tag = true;
};

bool settle_tags(std::vector<GuardNode>& ns, size_t i) {
  bool t = ns[i].m.tag_safe;
  for (size_t k : ns[i].kids) t = settle_tags(ns, k) && t;
  ns[i].tag = t;
  return t;
}

std::string bars(int depth) {
  std::string s;
  for (int i = 0; i < depth; ++i) s += "| ";
  return s;
}

void print_leaves(std::string& out, const std::vector<std::pair<std::string, std::string>>& leaves, int depth) {
  for (auto& [kind, text] : leaves) out += bars(depth) + "+- " + kind + (text.empty() ? "" : ": " + text) + "\n";
}

void print_node(std::string& out, const std::vector<GuardNode>& ns, size_t i, int depth) {
  const GuardNode& n = ns[i];
  out += fmt::format("{}+- GuardManager: source={}, accessed_by={}, type={}, tag_safe=({}, {})\n", bars(depth), n.m.source,
                     n.m.accessor, n.m.type, n.tag ? "True" : "False", n.m.tag_root ? "True" : "False");
  print_leaves(out, n.leaves, depth + 1);
  for (size_t k : n.kids) print_node(out, ns, k, depth + 1);
}
}  // namespace

GuardTree render_guards(std::vector<PyGuard> guards, bool grad_mode, const std::vector<std::string>& shape_lambdas,
                        const std::map<std::string, std::string>& autocast) {
  std::stable_sort(guards.begin(), guards.end(), [](const PyGuard& a, const PyGuard& b) {
    if (a.source_kind != b.source_kind) return a.source_kind < b.source_kind;
    if (a.name.size() != b.name.size()) return a.name.size() < b.name.size();
    return a.name < b.name;
  });
  // NO_TENSOR_ALIASING: one check over all input tensors on the first, a bare marker on the rest
  std::vector<PyGuard*> ins;
  for (auto& g : guards) if (g.input_tensor) ins.push_back(&g);
  if (ins.size() >= 2) {
    std::string names;
    for (auto* g : ins) names += (names.empty() ? "" : ", ") + g->name;
    ins[0]->leaves.push_back({"NO_TENSOR_ALIASING", "check_no_aliasing(" + names + ")"});
    for (size_t i = 1; i < ins.size(); ++i) ins[i]->leaves.push_back({"NO_TENSOR_ALIASING", ""});
  }
  std::vector<GuardNode> ns(1);  // ns[0]: the root
  for (auto& g : guards) {
    size_t cur = 0;
    for (auto& m : g.chain) {
      size_t found = 0;
      for (size_t k : ns[cur].kids) if (ns[k].m.source == m.source) found = k;
      if (!found) {
        ns.push_back(GuardNode{m, {}, {}, true});
        found = ns.size() - 1;
        ns[cur].kids.push_back(found);
      }
      cur = found;
    }
    for (auto& l : g.leaves) ns[cur].leaves.push_back(l);
  }
  for (size_t k : ns[0].kids) settle_tags(ns, k);

  GuardTree t;
  t.text = "\nTREE_GUARD_MANAGER:\n+- RootGuardManager\n";
  t.text += "| +- LAMBDA_GUARD: torch._functorch.aot_autograd.utils.top_saved_tensors_hooks ids == None  # _dynamo/output_graph.py:964 in init_ambient_guards\n";
  // autocast_state: one slot per device type, cpu first and cuda second; dtypes as ScalarType numbers (bfloat16 15,
  // float16 5), each device's default where autocast is off (programs autocast_ambient_dtype_and_recompile)
  std::string ac_dtype = "[", ac_on = "[";
  static const char* const kDefaults[10] = {"15", "5", "5", "15", "5", "5", "15", "15", "5", "5"};
  for (int i = 0; i < 10; ++i) {
    auto it = i < 2 ? autocast.find(i == 0 ? "cpu" : "cuda") : autocast.end();
    std::string code = kDefaults[i];
    if (it != autocast.end()) code = it->second == "bfloat16" ? "15" : it->second == "float16" ? "5" : it->second == "float32" ? "6" : code;
    ac_dtype += (i ? "," : "") + code;
    ac_on += std::string(i ? "," : "") + (it != autocast.end() ? "true" : "false");
  }
  t.text += "| +- GLOBAL_STATE: ___check_global_state() against {\"allow_bf16_reduce\":0,\"allow_fp16_reduce\":0,\"allow_tf32\":false,\"autocast_state\":{\"cached_enabled\":true,\"dtype\":" + ac_dtype + "],\"enabled\":" + ac_on + "]},\"default_dtype\":6,\"deterministic_algorithms\":false,\"deterministic_algorithms_warn_only\":false,\"grad_mode\":" +
            (grad_mode ? "true" : "false") + ",\"num_threads\":16,\"torch_function\":true,\"torch_function_all_disabled\":false}\n";
  t.text += "| +- TORCH_FUNCTION_MODE_STACK: ___check_torch_function_mode_stack()\n";
  t.text += "| +- DEFAULT_DEVICE: utils_device.CURRENT_DEVICE == None                           # _dynamo/output_graph.py:951 in init_ambient_guards\n";
  print_leaves(t.text, ns[0].leaves, 1);
  for (size_t k : ns[0].kids) print_node(t.text, ns, k, 1);
  for (auto& l : shape_lambdas) t.text += "+- LAMBDA_GUARD: " + l + "\n";
  t.text += "\nGuard latency = 10.00 us";
  // output_graph.init_ambient_guards: SHAPE_ENV, DETERMINISTIC_ALGORITHMS, GRAD_MODE, DEFAULT_DEVICE,
  // GLOBAL_STATE, TORCH_FUNCTION_STATE, AUTOGRAD_SAVED_TENSORS_HOOKS
  t.count = 7 + static_cast<int>(guards.size());
  return t;
}

}  // namespace tparse::compiler
