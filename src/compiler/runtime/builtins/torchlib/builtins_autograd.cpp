// autograd.Function.apply in a frame with grad on and an input that requires grad: Dynamo's
// AutogradFunctionApplyVariable traces forward and backward into bodies (`fwd_body_0`, `bwd_body_0`) of one
// `torch.ops.higher_order.autograd_function_apply` node (real torch 2.11: programs autograd_function_grad,
// autograd_fn_apply_bodies). Each body runs under `_set_grad_enabled(False)`; forward's body returns its outputs and
// every other tensor it made, then what backward needs (the lifted size symbols, the saved tensors); backward's body
// takes a grad per output, an `unused_i` per intermediate, then what it reads.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/graph_body.hpp"

namespace tparse::compiler {

V Interp::autograd_function_hop(const V& cls, const V& fwd, std::vector<V>& fwd_args, std::vector<std::pair<std::string, V>>& kwargs,
                                const std::vector<V>& args, const V& fn_ctx, Location loc) {
  Graph& g = stack_.back()->ctx->graph;
  // torch.autograd.Function.apply binds each argument to `arg`: an operation's node takes that name (forward's body
  // names its placeholder as the node was called before)
  std::vector<V> tensors;
  std::vector<std::string> first_names;
  for (auto& x : args)
    if (x->k == VK::Tensor) {
      tensors.push_back(x);
      const int id = node_of(x);
      first_names.push_back(g.nodes[static_cast<size_t>(id)].name);
      g.rename(id, "arg");
    }
  const auto names = g.name_count;
  const auto used = g.used_names;
  auto fresh_names = [&] { g.name_count.clear(); g.used_names.clear(); };
  auto restore_names = [&] { g.name_count = names; g.used_names = used; };
  auto grad_toggle = [&](bool on) {  // the body's `_set_grad_enabled` (no stack trace)
    Node n;
    n.op = "call_function";
    n.target = "torch._C._set_grad_enabled";
    n.name = g.unique_name("_set_grad_enabled");
    n.args = {Arg{-1, on ? "True" : "False", false, false, {}}};
    g.nodes.push_back(n);
  };
  auto body_nodes_from = [&](size_t from, const std::set<int>& skip) {
    std::vector<int> ids;
    for (size_t i = from; i < g.nodes.size(); ++i) {
      const Node& n = g.nodes[i];
      if (!n.has_meta || n.op == "placeholder" || n.op == "get_attr") continue;
      if (skip.count(static_cast<int>(i))) continue;
      ids.push_back(static_cast<int>(i));
    }
    return ids;
  };

  // forward's body
  const size_t cp = g.checkpoint();
  const size_t first = cp & 0xffffffffu;
  fresh_names();
  const bool saved_grad = grad_enabled_;
  V out;
  try {
    grad_toggle(false);
    grad_enabled_ = false;
    out = call(fwd, fwd_args, kwargs, loc);
    grad_enabled_ = saved_grad;
    grad_toggle(true);
  } catch (...) {
    grad_enabled_ = saved_grad;
    g.rollback(cp);
    restore_names();
    throw;
  }
  std::vector<V> outs;
  flatten_tensors(out, outs);
  if (outs.empty()) {
    g.rollback(cp);
    restore_names();
    return out;
  }
  std::vector<int> out_nodes;
  for (auto& o : outs) out_nodes.push_back(node_of(o));
  // the forward's result is bound to `outs` in Dynamo's wrapper: a single tensor made in the body takes that name
  if (out->k == VK::Tensor && out_nodes[0] >= static_cast<int>(first)) g.rename(out_nodes[0], "outs");
  std::vector<int> inter = body_nodes_from(first, std::set<int>(out_nodes.begin(), out_nodes.end()));
  std::vector<V> saved;
  if (fn_ctx && fn_ctx->k == VK::Instance)
    if (auto it = fn_ctx->attrs.find("saved_tensors"); it != fn_ctx->attrs.end()) flatten_tensors(it->second, saved);
  std::vector<int> fwd_outputs = out_nodes;
  fwd_outputs.insert(fwd_outputs.end(), inter.begin(), inter.end());
  std::vector<int> saved_nodes;
  for (auto& t : saved)
    if (auto it = g.tensor_node.find(t.get()); it != g.tensor_node.end()) saved_nodes.push_back(it->second);
  BodyCapture fb = capture_body(g, first, tensors, fwd_outputs, {}, tensors.size());
  {  // the second tuple: the lifted size symbols, then the saved tensors
    Graph& b = *fb.graph;
    const size_t n_first = b.outputs.size();
    std::vector<int> second;
    for (size_t k = 0; k < fb.operands.size(); ++k) if (!fb.operands[k].sym.empty()) second.push_back(static_cast<int>(k));
    for (int id : saved_nodes)
      if (auto it = fb.index_of.find(id); it != fb.index_of.end()) second.push_back(it->second);
    b.outputs.insert(b.outputs.end(), second.begin(), second.end());
    b.output_groups = {n_first, second.size()};
  }
  g.rollback(cp);
  restore_names();

  // backward's body: grads of the outputs (named as backward's parameters), `unused_i` for the intermediates
  V bwd = find_in_class(cls, "backward");
  if (bwd && bwd->k == VK::Builtin && bwd->func) bwd = bwd->func;
  BodyCapture bb;
  const size_t cp2 = g.checkpoint();
  if (bwd && bwd->k == VK::Func) {
    fresh_names();
    std::vector<V> ba{fn_ctx}, operands;
    std::vector<std::string> pnames;
    for (size_t i = 0; i < outs.size(); ++i) {
      TensorInfo gi = *outs[i]->t;
      gi.requires_grad = false;
      V gt = mk_tensor(gi);
      ba.push_back(gt);
      operands.push_back(gt);
      const auto& ps = bwd->fn ? bwd->fn->params : std::vector<Param>{};
      pnames.push_back(i + 1 < ps.size() && ps[i + 1].kind == 0 ? ps[i + 1].name : fmt::format("grad_outputs_{}", i));
    }
    for (size_t i = 0; i < inter.size(); ++i) {
      operands.push_back(nullptr);
      pnames.push_back(fmt::format("unused_{}", i));
    }
    for (size_t i = 0; i < outs.size(); ++i) node_of(operands[i]);  // the grads' own placeholders
    const size_t first2 = g.nodes.size();
    try {
      grad_toggle(false);
      const bool sg = grad_enabled_;
      grad_enabled_ = false;
      V r;
      try { r = call(bwd, ba, {}, loc); } catch (...) { grad_enabled_ = sg; throw; }
      grad_enabled_ = sg;
      grad_toggle(true);
      // one grad per forward operand: backward's value for that argument, None for a size symbol (or no tensor)
      std::vector<V> per_arg = r && r->k == VK::Tuple ? r->items : std::vector<V>{r};
      std::vector<int> gnodes;
      for (const BodyOperand& op : fb.operands) {
        int id = -1;
        if (op.tensor)
          for (size_t j = 0; j < args.size() && j < per_arg.size(); ++j)
            if (args[j].get() == op.tensor.get() && per_arg[j] && per_arg[j]->k == VK::Tensor) id = node_of(per_arg[j]);
        gnodes.push_back(id);
      }
      bb = capture_body(g, first2, operands, gnodes, {}, operands.size(), pnames);
      name_body(g, bb);
    } catch (GraphBreak& gb) {
      // a break in backward breaks the graph at apply, its message naming the higher-order operator (real torch
      // 2.11: program autograd_fn_checkpoint)
      g.rollback(cp2);
      restore_names();
      size_t nl = gb.msg.find('\n');
      gb.msg.insert(nl == std::string::npos ? gb.msg.size() : nl, "\n  Higher Order Operator: autograd.Function");
      throw;
    } catch (CompileError&) {  // a backward tparse cannot run: no body of it
      bb = BodyCapture{};
    }
    g.rollback(cp2);
    restore_names();
  }

  // the node: the bodies, then forward's operands (its symbols and tensors), which of them backward keeps
  std::vector<int> operands = bind_body(g, fb, [&](const V& t) { return node_of(t); });
  for (size_t k = 0; k < fb.operands.size(); ++k)
    for (size_t i = 0; i < tensors.size(); ++i)
      if (fb.operands[k].tensor && fb.operands[k].tensor.get() == tensors[i].get()) fb.graph->nodes[k].name = first_names[i];
  std::vector<std::string> saved_idx;
  for (size_t k = 0; k < fb.operands.size(); ++k)
    for (auto& t : saved)
      if (fb.operands[k].tensor && fb.operands[k].tensor.get() == t.get()) saved_idx.push_back(std::to_string(k));
  const int attr_f = add_body_attr(g, "fwd_body_", fb.graph);
  stamp_node(g.nodes.back(), loc);
  int attr_b = -1;
  if (bb.graph) {
    attr_b = add_body_attr(g, "bwd_body_", bb.graph);
    stamp_node(g.nodes.back(), loc);
  }
  TensorInfo head = *outs[0]->t;
  head.requires_grad = true;
  V whole = emit("call_function", "torch.ops.higher_order.autograd_function_apply", "autograd_function_apply", false, {}, {}, head, loc);
  Node& hop = g.nodes.back();
  hop.args.clear();
  hop.args.push_back(Arg{attr_f, "", false, false, {}});
  if (attr_b >= 0) hop.args.push_back(Arg{attr_b, "", false, false, {}});
  for (int id : operands) hop.args.push_back(id >= 0 ? Arg{id, "", false, false, {}} : Arg{-1, "None", false, false, {}});
  hop.kwargs.push_back({"non_differentiable_idx", Arg{-1, "[]", false, false, {}}});
  hop.kwargs.push_back({"saved_for_backward_idx", Arg{-1, "[" + fmt::format("{}", fmt::join(saved_idx, ", ")) + "]", false, false, {}}});
  hop.has_meta = false;  // a tuple
  g.tensor_node.erase(whole.get());
  V res = hop_results(static_cast<int>(g.nodes.size()) - 1, outs, out, true, loc);
  // (the outputs' node is the traced Function's: an eager backward through it enters torch's code for the HOP)
  if (auto edge = function_hop_edge(args)) {
    std::vector<V> got;
    flatten_tensors(res, got, false);
    for (auto& o : got) {
      o->t->requires_grad = o->t->grad_fn = true;
      o->t->grad_edge = edge;
    }
  }
  return res;
}

// (the warnings module's Python frames under Dynamo's callback; real torch 2.11: nadavbh12's VQ-VAE
// `NearestEmbedFunc().apply(...)` in a frame that failed and ran eagerly)
void warn_function_instantiated(Interp& I, const V& cls, Location loc) {
  V module = current_module_name(I);
  show_warning(I, fmt::format("<class '{}.{}'> should not be instantiated. Methods on autograd functions are all static, so you "
                              "should invoke them on the class itself. Instantiating an autograd function will raise an error "
                              "in a future version of PyTorch.", module && module->k == VK::Str ? module->s : "__main__", cls->s),
               "DeprecationWarning", loc);
}

}  // namespace tparse::compiler
