// Higher-order operators of torch a frame calls: torch.utils.checkpoint (Dynamo's tag_activation_checkpoint over the
// traced body, parameters lifted) and the getitem-per-output every such op's tuple result gets (autograd.Function.apply
// uses it too: builtins_model.cpp); once_differentiable.
#include <fmt/format.h>

#include <set>

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"

namespace tparse::compiler {

// A higher-order op's node returns a tuple: one `getitem` node per output tensor of its body (`outs`, flattened
// from `out`), the body's result rebuilt from them (a tensor, list or tuple); `grad`: the outputs require grad
V Interp::hop_results(int whole_node, const std::vector<V>& outs, const V& out, bool grad, Location loc) {
  Graph& g = stack_.back()->ctx->graph;
  std::vector<V> results;
  for (size_t i = 0; i < outs.size(); ++i) {
    Node n;
    n.op = "call_function";
    n.target = "getitem";
    n.args = {Arg{whole_node, "", false, false, {}}, Arg{-1, std::to_string(i), false, false, {}}};
    n.name = g.unique_name("getitem");
    n.meta = *outs[i]->t;
    if (grad) n.meta.requires_grad = true;
    n.has_meta = true;
    stamp_node(n, loc);
    g.nodes.push_back(n);
    V pv = mk_tensor(n.meta);
    g.tensor_node[pv.get()] = static_cast<int>(g.nodes.size()) - 1;
    keep_graph_value(pv);
    results.push_back(pv);
  }
  if (out->k == VK::Tensor) return results[0];
  return out->k == VK::List ? mk_list(results) : mk_tuple(results);
}

V Interp::call_checkpoint_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                                  Location loc) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  // @once_differentiable on an autograd.Function's backward: the function itself (its wrapper only forbids double
  // backward, which a trace never takes)
  if (name == "torch.autograd.once_differentiable" || name == "torch.autograd.function.once_differentiable")
    return args.empty() ? none() : args[0];
  if (name == "torch.utils.checkpoint.checkpoint" || name == "torch.utils.checkpoint.checkpoint_sequential") {
    static const std::set<std::string> own = {"use_reentrant", "preserve_rng_state", "context_fn", "determinism_check", "debug",
                                              "early_stop"};
    std::vector<std::pair<std::string, V>> kw;
    for (auto& [k, v] : kwargs) if (!own.count(k)) kw.push_back({k, v});
    auto run_fn = [&]() -> V {
      if (name == "torch.utils.checkpoint.checkpoint_sequential") {  // (functions, segments, input): each in turn
        V x = args.size() > 2 ? args[2] : none();
        for (auto& f : iterate(arg(0), loc)) x = call(f, {x}, {}, loc);
        return x;
      }
      std::vector<V> a(args.begin() + 1, args.end());
      return call(arg(0), a, kw, loc);
    };
    if (!tracing() || name == "torch.utils.checkpoint.checkpoint_sequential") return run_fn();
    FrameCtx& ctx = *act.ctx;
    Graph& g = ctx.graph;
    std::vector<V> ins;
    for (size_t i = 1; i < args.size(); ++i) if (args[i]->k == VK::Tensor) { node_of(args[i]); ins.push_back(args[i]); }
    const size_t cp = g.checkpoint(), ntg = ctx.tguards.size(), nd = ctx.described.size();
    const auto names = g.name_count;  // (the body's node names are the subgraph's: the outer graph's counts stay)
    // the tensors fn reads from sources (its parameters) become placeholders while it is traced: logged, in order
    std::vector<V> lifted;
    std::vector<V>* saved_log = placeholder_log_;
    placeholder_log_ = &lifted;
    V out;
    try { out = run_fn(); } catch (...) { placeholder_log_ = saved_log; throw; }
    placeholder_log_ = saved_log;
    std::vector<V> outs;
    flatten_tensors(out, outs);
    g.rollback(cp);  // the body is the HOP's subgraph, not the outer graph's nodes
    g.name_count = names;
    ctx.tguards.resize(std::min(ctx.tguards.size(), ntg));
    if (ctx.described.size() > nd) ctx.described.resize(nd);
    std::vector<V> hop_args = ins;
    for (auto& t : lifted) { node_of(t); hop_args.push_back(t); }
    if (outs.empty()) return out;
    TensorInfo first = *outs[0]->t;
    V whole = emit("call_function", "torch.ops.higher_order.tag_activation_checkpoint", "tag_activation_checkpoint", false, hop_args, {}, first, loc);
    g.nodes.back().has_meta = false;  // a tuple of the body's outputs
    g.tensor_node.erase(whole.get());
    return hop_results(static_cast<int>(g.nodes.size()) - 1, outs, out, false, loc);
  }
  error(loc, "internal: " + name);
}

}  // namespace tparse::compiler
