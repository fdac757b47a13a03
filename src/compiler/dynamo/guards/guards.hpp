// Dynamo's guards as torch 2.11 prints and counts them: the `dynamo_cpp_guards_str` tree
// (TREE_GUARD_MANAGER, one GuardManager per source, leaves under it) and `guard_count`.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace tparse::compiler {

/// One GuardManager on the path from the root to a guard's leaves.
struct GuardMgr {
  std::string source;    ///< `L['x']`, `G`, `G['torch']`, `G['torch'].cos`
  std::string accessor;  ///< `FrameLocalsGuardAccessor(key='x', framelocals_idx=0)`, `GlobalsGuardAccessor`, ...
  std::string type;      ///< `<class 'torch.Tensor'>`
  bool tag_safe = true;  ///< first element of `tag_safe=(.., ..)`: False for modules (and parents of them)
  bool tag_root = false; ///< second element: True for an nn.Module instance manager
};

/// One Python-side `Guard` (what `len(output.guards)`, i.e. `guard_count`, counts). Its create
/// function adds one or more C++ leaves (TENSOR_MATCH adds TENSOR_MATCH + NO_HASATTR).
struct PyGuard {
  std::string name;              ///< the guard's source name, the sort key of `Guard.sort_key`
  int source_kind = 0;           ///< GuardSource order: 0 = local, 1 = global
  std::vector<GuardMgr> chain;   ///< empty: the leaves hang off the root
  std::vector<std::pair<std::string, std::string>> leaves;  ///< (kind, text after "KIND: "); text "" = bare
  bool input_tensor = false;     ///< a non-parameter tensor input (NO_TENSOR_ALIASING)
};

struct GuardTree {
  std::string text;   ///< the payload of `dynamo_cpp_guards_str`
  int count = 0;      ///< compilation_metrics guard_count: 7 ambient guards + one per PyGuard
};

/// Builds the tree: ambient guards, then the guards sorted like `Guard.sort_key` (source kind,
/// name length, name), managers created in first-use order; `shape_lambdas` (shape env guards,
/// not counted) are appended at the root as `+- LAMBDA_GUARD: ...`.
GuardTree render_guards(std::vector<PyGuard> guards, bool grad_mode, const std::vector<std::string>& shape_lambdas,
                        const std::map<std::string, std::string>& autocast = {});

/// `code` padded to 60 columns, then `  # comment` when there is one (how guards.py aligns it).
std::string guard_with_comment(const std::string& code, const std::string& comment);

/// OutputGraph.register_attr_or_module's attribute name of a source (`L['self'].param_groups[0]['params'][0]` ->
/// `self___param_groups_0__params___0`): a static tensor's get_attr target — optimizer_variable.cpp
std::string static_attr_name(const std::string& full);

}  // namespace tparse::compiler
