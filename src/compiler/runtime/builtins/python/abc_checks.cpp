// isinstance against collections.abc's ABCs as CPython 3.12 answers it, for the frames it hands to Dynamo: an ABC
// caches its answer per class (_abc_cache / _abc_negative_cache); a pair not cached runs _abc_subclasscheck, which
// calls the __subclasshook__ of the ABC (the one its MRO finds) and, when that hook is the ABC's own, _check_methods,
// then (on NotImplemented) walks the ABC's subclasses, each with its own hook. All of these are Python functions of
// <frozen _collections_abc>: run eagerly under Dynamo's callback, each code is handed to Dynamo the first time (a
// frame it skips). Checked in a traced frame (Dynamo calls isinstance at compile time) or before any compile, the
// answer is cached with no frame. Measured on torch 2.11 / CPython 3.12 (a device probe: every pair of a class kind
// and an ABC in a fresh process after `import torch` and a first compile): only set / torch.Size / the builtin
// iterators and generators are cached by then, and each hook's code is handed once.
#include <map>
#include <vector>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

namespace {

// The hooks' first lines in CPython 3.12's _collections_abc (co_firstlineno)
constexpr int kCheckMethods = 104;

struct HookWalk {
  std::vector<int> yes, no;  ///< the hook lines a check runs, in order, when the answer is True / False
};

/// What a first check of an ABC runs: its own hook with _check_methods when the ABC defines the hook, the inherited
/// hook alone otherwise (it returns NotImplemented for a subclass of its owner); a negative answer of an ABC with
/// subclasses walks them (Iterable: Iterator / Generator, Reversible / Sequence, Collection / Mapping / Set)
const HookWalk* hook_walk(const std::string& abc) {
  static const std::map<std::string, HookWalk> walks = {
      {"Iterable", {{288, kCheckMethods}, {288, kCheckMethods, 309, 388, 341, 435}}},
      {"Iterator", {{309, kCheckMethods}, {309, kCheckMethods, 388}}},
      {"Generator", {{388, kCheckMethods}, {388, kCheckMethods}}},
      {"Reversible", {{341, kCheckMethods}, {341, kCheckMethods}}},
      {"Sized", {{407, kCheckMethods}, {407, kCheckMethods, 435, 341}}},
      {"Container", {{422, kCheckMethods}, {422, kCheckMethods, 435, 341}}},
      {"Collection", {{435, kCheckMethods}, {435, kCheckMethods, 341}}},
      {"Hashable", {{124, kCheckMethods}, {124, kCheckMethods}}},
      {"Callable", {{549, kCheckMethods}, {549, kCheckMethods}}},
      {"Awaitable", {{139, kCheckMethods}, {139, kCheckMethods, 182}}},
      {"Coroutine", {{182, kCheckMethods}, {182, kCheckMethods}}},
      {"AsyncIterable", {{200, kCheckMethods}, {200, kCheckMethods, 221, 268}}},
      {"AsyncIterator", {{221, kCheckMethods}, {221, kCheckMethods, 268}}},
      {"AsyncGenerator", {{268, kCheckMethods}, {268, kCheckMethods}}},
      {"Buffer", {{450, kCheckMethods}, {450, kCheckMethods}}},
      // Reversible's hook (Sequence's MRO finds it first): NotImplemented, then the registry and the subclasses
      {"Sequence", {{341}, {341}}},
      {"MutableSequence", {{341}, {341}}},
      {"ByteString", {{341}, {341}}},
      // Collection's hook
      {"Mapping", {{435}, {435}}},
      {"MutableMapping", {{435}, {435}}},
      {"Set", {{435}, {435}}},
      {"MutableSet", {{435}, {435}}},
      {"KeysView", {{435}, {435}}},
      {"ItemsView", {{435}, {435}}},
      {"ValuesView", {{435}, {435}}},
      {"MappingView", {{407}, {407}}}};  // (Sized's)
  auto it = walks.find(abc);
  return it == walks.end() ? nullptr : &it->second;  // (numbers' ABCs: object.__subclasshook__, C code)
}

}  // namespace

std::string abc_class_key(const V& v) {
  if (v->k == VK::Instance && v->cls) return v->cls->s + "@" + std::to_string(reinterpret_cast<uintptr_t>(v->cls.get()));
  if (v->k == VK::Instance && !v->builtin_nn.empty()) return "torch.nn." + v->builtin_nn;
  if (v->k == VK::Dict && v->cls) return v->cls->s;
  if (v->k == VK::Tuple && v->size_tuple) return "torch.Size";
  if (v->k == VK::Tensor) return v->t->np_array ? "numpy.ndarray" : v->t->is_param ? "torch.nn.Parameter" : "torch.Tensor";
  return type_name(v);
}

void Interp::abc_check(const std::string& abc, const std::string& cls, bool is) {
  // cached before the program ran (set, torch.Size, the builtin iterators and generators: the probe's caches)
  static const std::set<std::string> warm = {"Iterable/set", "Sequence/torch.Size", "Iterator/list_iterator",
                                             "Iterator/tuple_iterator", "Iterator/range_iterator", "Generator/generator"};
  const std::string key = abc + "/" + cls;
  if (warm.count(key) || !abc_checked_.insert(key).second) return;
  if (callback_active_ == 0 || tracing() || run_only_depth_ > 0 || (stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager))
    return;
  const HookWalk* w = hook_walk(abc);
  if (!w) return;
  for (int line : is ? w->yes : w->no)
    count_stdlib_frame_once(line == kCheckMethods ? "_check_methods" : "__subclasshook__", "<frozen _collections_abc>", line);
}

}  // namespace tparse::compiler
