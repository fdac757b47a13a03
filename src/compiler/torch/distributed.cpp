// torch.distributed as a single process sees it: not initialised, world size 1, rank 0, until the
// script calls init_process_group (then its world_size / rank arguments, default 1 / 0). Dynamo
// constant-folds is_initialized / get_rank / get_world_size (variables/torch.py, constant_fold_functions),
// so inside a compiled frame they are plain constants too. Collectives at world size 1 leave tensors
// as they are; inside a compiled frame Dynamo traces them as functional collectives: all_reduce of the default
// group with the default op is modelled so, the others are noted as unmodelled.
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

V Interp::torch_distributed(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                            Location loc, bool& handled) {
  handled = true;
  const std::string pre = "torch.distributed.";
  if (name.rfind(pre, 0) != 0) { handled = false; return nullptr; }
  std::string f = name.substr(pre.size());
  auto kw = [&](const char* k, size_t pos) -> V {
    for (auto& [n, v] : kwargs) if (n == k) return v;
    return pos < args.size() ? args[pos] : nullptr;
  };
  if (f == "is_available") return mk_bool(true);
  if (f == "is_initialized") return mk_bool(dist_initialized_);
  if (f == "is_torchelastic_launched") return mk_bool(false);
  if (f == "get_world_size") return mk_int(dist_world_);
  if (f == "get_rank") return mk_int(dist_rank_);
  if (f == "init_process_group") {
    dist_initialized_ = true;
    V w = kw("world_size", 99), r = kw("rank", 99);
    dist_world_ = w && w->k == VK::Int && w->i > 0 ? w->i : 1;
    dist_rank_ = r && r->k == VK::Int && r->i >= 0 ? r->i : 0;
    return none();
  }
  if (f == "destroy_process_group") {
    dist_initialized_ = false;
    dist_world_ = 1;
    dist_rank_ = 0;
    return none();
  }
  if (f == "barrier") return none();
  static const std::set<std::string> collectives = {"all_reduce", "broadcast", "reduce", "all_gather", "all_gather_into_tensor",
                                                    "reduce_scatter", "reduce_scatter_tensor", "all_to_all", "all_to_all_single",
                                                    "gather", "scatter"};
  if (f == "all_reduce" && tracing() && dist_initialized_ && !args.empty() && args[0]->k == VK::Tensor && !kw("op", 1) &&
      !kw("group", 2) && !(kw("async_op", 3) && kw("async_op", 3)->k == VK::Bool && kw("async_op", 3)->b)) {
    // Dynamo 2.11 rewrites c10d.all_reduce(t) to the traceable functional collective all_reduce_inplace: the
    // functional all_reduce on the default group ('0'), its wait_tensor, and t.copy_ of the result (program
    // all_reduce_in_compiled; DINO / iBOT's update_center)
    const V& t = args[0];
    V red = emit("call_function", "torch.ops._c10d_functional.all_reduce", "tensor", false, {t, mk_str("sum"), mk_str("0")}, {}, *t->t, loc);
    torch_frame(red, "distributed/_functional_collectives.py", 173, "all_reduce",
                "tensor = torch.ops._c10d_functional.all_reduce(self, reduceOp.lower(), group_name)");
    V waited = emit("call_function", "torch.ops._c10d_functional.wait_tensor", "wait_tensor", false, {red}, {}, *t->t, loc);
    torch_frame(waited, "distributed/_functional_collectives.py", 138, "wait_tensor",
                "return torch.ops._c10d_functional.wait_tensor(tensor)  # type: ignore[attr-defined]");
    V copied = emit("call_method", "copy_", "copy_", false, {t, waited}, {}, *t->t, loc);
    torch_frame(copied, "distributed/_functional_collectives.py", 1624, "all_reduce_inplace",
                "return tensor.copy_(all_reduce(tensor, op, group, tag))");
    return none();
  }
  if (collectives.count(f)) {
    if (tracing() || dist_world_ > 1) note_unmodelled(loc, name);
    if (f == "all_gather" && !args.empty() && args[0]->k == VK::List && args.size() > 1)  // world size 1: the list holds the tensor
      for (auto& x : args[0]->items) x = args[1];
    return none();
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
