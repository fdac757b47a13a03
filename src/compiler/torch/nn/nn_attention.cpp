// nn.MultiheadAttention's forward inside a compiled frame, as Dynamo inlines it under torch >= 2.5
// (torch/nn/modules/activation.py): batch_first transposes (one per distinct tensor among query / key /
// value, by identity), then one call_function node `torch.nn.functional.multi_head_attention_forward`
// returning (attn_output, attn_output_weights or None), then the transpose back. In a compiled frame torch 2.11
// takes this slow path even where eager code would take the fast one (eval, batch_first self-attention, no grad:
// measured, programs mha_fastpath_*); only eager code's fast path (torch._native_multi_head_attention) is noted.
#include <fmt/format.h>

#include <cmath>

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"
#include "torch/nn/nn_more.hpp"

namespace tparse::compiler {

// F._canonical_mask (torch/nn/functional.py): a boolean mask becomes the target float dtype, -inf where True:
// `mask = torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))`, nodes with torch's frame
V nn_canonical_mask(Interp& I, V m, const std::string& dtype, Location loc) {
  if (!m || m->k != VK::Tensor || m->t->dtype != "bool") return m;
  static const char* kCode = "mask = torch.zeros_like(mask, dtype=target_type).masked_fill_(";
  auto dt = std::make_shared<Obj>();
  dt->k = VK::DType;
  dt->s = dtype;
  std::vector<V> za{m};
  KW zk{{"dtype", dt}};
  V z = I.tensor_method(m, "fn:torch.zeros_like:zeros_like", za, zk, loc);
  I.torch_frame(z, "nn/functional.py", 6215, "_canonical_mask", kCode);
  std::vector<V> fa{m, mk_float(-INFINITY)};
  KW fk;
  V r = I.tensor_method(z, "masked_fill_", fa, fk, loc);
  if (I.tracing()) {  // the in-place call's node (the last one), named as _canonical_mask's variable
    Graph& g = I.stack_.back()->ctx->graph;
    int last = static_cast<int>(g.nodes.size()) - 1;
    if (last >= 0 && g.nodes.back().target == "masked_fill_") {
      I.torch_frame_node(last, "nn/functional.py", 6215, "_canonical_mask", kCode);
      g.rename(last, "mask");
      // what _canonical_mask returns is masked_fill_'s result (Dynamo's TensorVariable of that node), not the
      // zeros_like tensor it filled: a value of its own, so later uses read `mask`
      auto out = std::make_shared<Obj>(*r);
      g.tensor_node[out.get()] = last;
      keep_graph_value(out);
      return out;
    }
  }
  return r;
}

V nn_mha_forward(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  auto& a = mod->attrs;
  auto param = [&](size_t i, const char* kw) -> V {
    for (auto& [k, v] : kwargs) if (k == kw) return v;
    return i < args.size() ? args[i] : nullptr;
  };
  V q = param(0, "query"), k = param(1, "key"), v = param(2, "value");
  if (!q || !k || !v || q->k != VK::Tensor || k->k != VK::Tensor || v->k != VK::Tensor)
    I.error(loc, "nn.MultiheadAttention: forward(query, key, value) expects tensors");
  V kpm = param(3, "key_padding_mask"), need = param(4, "need_weights"), mask = param(5, "attn_mask");
  // the forward's first reads: `(attn_mask is not None and torch.is_floating_point(attn_mask)) or (key_padding_mask
  // is not None) and torch.is_floating_point(key_padding_mask)` (the masks' frame inputs are wrapped first, the
  // second only when the first is no float mask: mha_fastpath_padding_mask), then `is_batched = query.dim() == 3`
  const bool mask_float = mask && mask->k == VK::Tensor && mask->t->dtype.find("float") != std::string::npos;
  if (mask && mask->k == VK::Tensor) I.realize(mask);
  if (!mask_float && kpm && kpm->k == VK::Tensor) I.realize(kpm);
  I.realize(q);
  V avg = param(6, "average_attn_weights"), causal = param(7, "is_causal");
  auto or_ = [](V x, V d) { return x ? x : d; };
  auto canonical = [&](V m) { return nn_canonical_mask(I, m, q->t->dtype, loc); };
  kpm = canonical(kpm);
  mask = canonical(mask);
  bool batched = q->t->shape.size() == 3;
  // the fast-path check `query is not key or key is not value` (batched input) wraps key there, and value when key is
  // the query (real torch 2.11: mha_kdim_vdim_separate_proj's L_k_ right after L_q_, before the projections)
  if (batched) {
    I.realize(k);
    if (q.get() == k.get()) I.realize(v);
  }
  // MultiheadAttention.forward's fast-path checks read `self.in_proj_bias` (its dtype against the query's) before
  // `self.in_proj_weight` when the input is batched self-attention: the bias becomes a graph input first
  // then `self.in_proj_weight is None` and `query.dtype != self.in_proj_weight.dtype`: two more reads of the weight
  // (each runs a parametrization registered on it: minLoRA's LoRA weights appear three times in torch's graph)
  if (batched && q.get() == k.get() && k.get() == v.get()) {
    V b = I.getattr(mod, "in_proj_bias", loc);
    if (b->k == VK::None || (b->k == VK::Tensor && b->t->dtype == q->t->dtype)) {
      V w = I.getattr(mod, "in_proj_weight", loc);
      if (w->k == VK::Tensor) I.getattr(mod, "in_proj_weight", loc);
    }
  }
  bool batch_first = a.count("batch_first") && a["batch_first"]->k == VK::Bool && a["batch_first"]->b;
  bool training = a.count("training") && a["training"]->b;
  long long heads = a["num_heads"]->i;
  auto transpose = [&](V t) {
    std::vector<V> xs{mk_int(1), mk_int(0)};
    KW none_kw;
    return I.tensor_method(t, "transpose", xs, none_kw, loc);
  };
  bool self_attn = q.get() == k.get() && k.get() == v.get();
  if (!training && batch_first && batched && self_attn && heads % 2 == 0 && !I.tracing()) {
    bool grad = false;
    for (const char* n : {"in_proj_weight"}) grad = grad || (a.count(n) && a[n]->k == VK::Tensor && a[n]->t->requires_grad);
    if (!I.grad_enabled() || (!grad && !q->t->requires_grad))
      I.note_unmodelled(loc, "nn.MultiheadAttention fast path (torch._native_multi_head_attention)");
  }
  if (batch_first && batched) {
    if (k.get() == v.get()) {
      if (q.get() == k.get()) {
        q = k = v = transpose(q);  // `query = key = value = query.transpose(1, 0)`: the node is named query
        if (I.tracing()) {
          I.stack_.back()->ctx->graph.rename_tensor(q.get(), "query");
        }
      } else {  // `query, key = (x.transpose(1, 0) for x in (query, key))`: the unpack names them query, key
        q = transpose(q);
        k = transpose(k);
        v = k;
        if (I.tracing()) {
          I.stack_.back()->ctx->graph.rename_tensor(q.get(), "query");
          I.stack_.back()->ctx->graph.rename_tensor(k.get(), "key");
        }
      }
    } else {
      q = transpose(q);
      k = transpose(k);
      v = transpose(v);
      if (I.tracing()) {
        I.stack_.back()->ctx->graph.rename_tensor(q.get(), "query");
        I.stack_.back()->ctx->graph.rename_tensor(k.get(), "key");
        I.stack_.back()->ctx->graph.rename_tensor(v.get(), "value");
      }
    }
  }
  V out_proj = I.getattr(mod, "out_proj", loc);
  std::vector<V> xs{q, k, v, a["embed_dim"], a["num_heads"], I.getattr(mod, "in_proj_weight", loc),
                    I.getattr(mod, "in_proj_bias", loc), or_(a.count("bias_k") ? a["bias_k"] : nullptr, none()),
                    or_(a.count("bias_v") ? a["bias_v"] : nullptr, none()),
                    or_(a.count("add_zero_attn") ? a["add_zero_attn"] : nullptr, mk_bool(false)),
                    a.count("dropout") ? I.nn_float_attr(mod, "dropout", loc, training) : mk_float(0.0), I.getattr(out_proj, "weight", loc),
                    I.getattr(out_proj, "bias", loc)};
  KW kw{{"training", mk_bool(training)},
        {"key_padding_mask", or_(kpm, none())},
        {"need_weights", or_(need, mk_bool(true))},
        {"attn_mask", or_(mask, none())}};
  // kdim / vdim of their own: `use_separate_proj_weight=True` and the three weights, before average_attn_weights
  if (a.count("_qkv_same_embed_dim") && a["_qkv_same_embed_dim"]->k == VK::Bool && !a["_qkv_same_embed_dim"]->b) {
    kw.push_back({"use_separate_proj_weight", mk_bool(true)});
    for (const char* n : {"q_proj_weight", "k_proj_weight", "v_proj_weight"}) kw.push_back({n, I.getattr(mod, n, loc)});
  }
  for (auto& kv : KW{{"average_attn_weights", or_(avg, mk_bool(true))},
        {"is_causal", or_(causal, mk_bool(false))}})
    kw.push_back(kv);
  V r = I.tensor_method(q, "fn:torch.nn.functional.multi_head_attention_forward:multi_head_attention_forward", xs, kw, loc);
  // `attn_output, attn_output_weights = F.multi_head_attention_forward(...)`: both parts are read
  I.materialize_item(r, 0);
  if (r->items.size() > 1) I.materialize_item(r, 1);
  if (I.tracing()) {  // MultiheadAttention.forward's own variable names the output's getitem
    I.stack_.back()->ctx->graph.rename_tensor(r->items[0].get(), "attn_output");
    if (r->items.size() > 1 && r->items[1]->k == VK::Tensor)  // need_weights: returned as it is (mha_fastpath_need_weights)
      I.stack_.back()->ctx->graph.rename_tensor(r->items[1].get(), "attn_output_weights");
  }
  V out = r->items[0], w = r->items.size() > 1 ? r->items[1] : none();
  if (batch_first && batched) out = transpose(out);
  return mk_tuple({out, w});
}

}  // namespace tparse::compiler
