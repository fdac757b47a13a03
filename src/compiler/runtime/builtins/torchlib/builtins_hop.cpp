// Higher-order operators of torch a frame calls: torch.utils.checkpoint (Dynamo's tag_activation_checkpoint over the
// traced body, parameters lifted) and the getitem-per-output every such op's tuple result gets (autograd.Function.apply
// uses it too: builtins_model.cpp); once_differentiable.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "torch/graph_body.hpp"
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
    // (autograd_function_apply's output keeps its getitem name where a local stores it, `getitem =
    // autograd_function_apply[0]` of `y = Fn.apply(x)`: geffnet's HardSwishMe; a checkpoint's is renamed, `x`)
    n.renamed = grad;
    stamp_node(n, loc);
    g.nodes.push_back(n);
    V pv = mk_tensor(n.meta);
    g.tensor_node[pv.get()] = static_cast<int>(g.nodes.size()) - 1;
    keep_graph_value(pv);
    results.push_back(pv);
  }
  // the body's output keeps its structure, each tensor replaced by its getitem in flatten_tensors' order (a nested
  // tuple, a NamedTuple, a dict: recurrentgemma's `return x, (h, state)` under torch.utils.checkpoint)
  size_t next = 0;
  std::function<V(const V&)> rebuild = [&](const V& v) -> V {
    if (!v) return v;
    if (v->k == VK::Tensor) return next < results.size() ? results[next++] : v;
    if (v->k == VK::List || v->k == VK::Tuple) {
      auto c = std::make_shared<Obj>(*v);
      for (auto& x : c->items) x = rebuild(x);
      return c;
    }
    if (v->k == VK::Dict) {
      auto c = std::make_shared<Obj>(*v);
      for (auto& kv : c->dict) kv.second = rebuild(kv.second);
      return c;
    }
    if (v->k == VK::Instance && v->builtin_nn.empty()) {
      auto c = std::make_shared<Obj>(*v);
      if (auto it = c->attrs.find("_values"); it != c->attrs.end() && it->second && it->second->k == VK::Tuple) {
        // a typing.NamedTuple: its items, and each field attribute the item of the same position
        V items = rebuild(it->second);
        std::vector<std::pair<V, V>> swap;
        for (size_t i = 0; i < it->second->items.size() && i < items->items.size(); ++i) swap.push_back({it->second->items[i], items->items[i]});
        it->second = items;
        for (auto& n : c->order)
          for (auto& [old_v, new_v] : swap)
            if (c->attrs[n] == old_v) c->attrs[n] = new_v;
        return c;
      }
      for (auto& n : c->order) c->attrs[n] = rebuild(c->attrs[n]);
      return c;
    }
    return v;
  };
  return rebuild(out);
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
    // run eagerly, checkpoint is @torch._disable_dynamo: what it calls is no frame (vjepa2's blocks after their
    // loop's frame was skipped run uncompiled); checkpoint_sequential's segments go through checkpoint the same way
    if (!tracing()) {
      struct Off { int& c; int saved; ~Off() { c = saved; } } off{callback_active_, callback_active_};
      callback_active_ = 0;
      return run_fn();
    }
    if (name == "torch.utils.checkpoint.checkpoint_sequential") return run_fn();
    FrameCtx& ctx = *act.ctx;
    Graph& g = ctx.graph;
    std::vector<V> ins;
    for (size_t i = 1; i < args.size(); ++i) if (args[i]->k == VK::Tensor) { node_of(args[i]); ins.push_back(args[i]); }
    const size_t cp = g.checkpoint(), ntg = ctx.tguards.size(), nd = ctx.described.size();
    const auto names = g.name_count;  // (the body's node names are the subgraph's: the outer graph's counts stay)
    const auto used_names = g.used_names;
    // the tensors fn reads from sources (its parameters) become placeholders while it is traced: logged, in order
    std::vector<V> lifted;
    std::vector<V>* saved_log = placeholder_log_;
    placeholder_log_ = &lifted;
    V out;
    try { out = run_fn(); } catch (...) { placeholder_log_ = saved_log; throw; }
    placeholder_log_ = saved_log;
    std::vector<V> outs;
    flatten_tensors(out, outs);
    // the body is the HOP's subgraph (`wrap_body_0`), not the outer graph's nodes
    std::vector<V> hop_args = ins;
    for (auto& t : lifted) hop_args.push_back(t);
    std::vector<int> out_nodes;
    for (auto& o : outs) out_nodes.push_back(node_of(o));
    BodyCapture body = capture_body(g, cp & 0xffffffffu, hop_args, out_nodes);
    g.rollback(cp);
    g.name_count = names;
    g.used_names = used_names;
    ctx.tguards.resize(std::min(ctx.tguards.size(), ntg));
    if (ctx.described.size() > nd) ctx.described.resize(nd);
    if (outs.empty()) return out;
    std::vector<int> operands = bind_body(g, body, [&](const V& t) { return node_of(t); });
    const int attr = add_body_attr(g, "wrap_body_", body.graph);
    stamp_node(g.nodes.back(), loc);
    TensorInfo first = *outs[0]->t;
    V whole = emit("call_function", "torch.ops.higher_order.tag_activation_checkpoint", "tag_activation_checkpoint", false, {}, {}, first, loc);
    Node& hop = g.nodes.back();
    hop.args.clear();
    hop.args.push_back(Arg{attr, "", false, false, {}});
    for (int id : operands) hop.args.push_back(id >= 0 ? Arg{id, "", false, false, {}} : Arg{-1, "None", false, false, {}});
    for (auto& [k, v] : kwargs)  // the checkpoint's own keywords ride along (`use_reentrant = False`)
      if (own.count(k)) hop.kwargs.push_back({k, Arg{-1, py_repr(v), false, false, {}}});
    hop.has_meta = false;  // a tuple of the body's outputs
    g.tensor_node.erase(whole.get());
    return hop_results(static_cast<int>(g.nodes.size()) - 1, outs, out, false, loc);
  }
  error(loc, "internal: " + name);
}

}  // namespace tparse::compiler
