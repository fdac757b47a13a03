// NN, norm and loss families: linear, layer_norm/rms_norm/group_norm/normalize, embedding,
// scaled_dot_product_attention, one_hot, and the losses (reduction='mean'|'sum' -> 0-dim, 'none' ->
// per-element or per-sample, as torch.nn.functional documents each).
#include <set>

#include <fmt/format.h>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

void same_matmul_dtypes(Interp& I, const TensorInfo& a, const TensorInfo& b, Location loc, bool addmm) {
  static const std::set<std::string> floating = {"float64", "float32", "float16", "bfloat16"};
  // (autocast casts every floating operand but a double to its dtype first: a float64 input still clashes)
  const std::string to = I.autocast_dtype(a.device.rfind("cuda", 0) == 0 ? "cuda" : "cpu");
  auto eff = [&](const std::string& d) { return to.empty() || d == "float64" ? d : to; };
  const std::string x = eff(a.dtype), y = eff(b.dtype);
  if (x == y || !floating.count(x) || !floating.count(y)) return;
  // (addmm's check names c10 ScalarTypes; mm's the TypeMeta names: real torch 2.11, program linear_dtype_mismatch)
  auto meta_name = [](const std::string& d) {
    return d == "float64" ? std::string("double") : d == "float32" ? std::string("float") : dtype_c10(d);
  };
  if (addmm) I.raise_fake("RuntimeError", fmt::format("mat1 and mat2 must have the same dtype, but got {} and {}", dtype_c10(x), dtype_c10(y)), loc);
  I.raise_fake("RuntimeError", fmt::format("expected m1 and m2 to have the same dtype, but got: {} != {}", meta_name(x), meta_name(y)), loc);
}

}  // namespace tparse::compiler

namespace tparse::compiler::ops {

V linear(OpCall& c) {
  const TensorInfo& t = c.t();
  TensorInfo o = c.like();
  V w = c.arg(0, "weight");
  if (!w || w->k != VK::Tensor) c.fail("linear: missing weight");
  if (t.shape.empty() || t.shape.back().v != w->t->shape.back().v)
    c.fail(fmt::format("shape mismatch in linear: input {} has {} features but the layer expects {}", meta_str(t), t.shape.empty() ? 0 : t.shape.back().v, w->t->shape.back().v));
  // (with a bias, linear is addmm; without, mm / matmul: their checks word the clash differently)
  V bias = c.arg(1, "bias");
  same_matmul_dtypes(c.I, t, *w->t, c.loc, bias && bias->k == VK::Tensor);
  // the features a layer's weight fixes: a symbolic input size equal to them is that number (Eq(s27, 8) solved: the
  // ShapeEnv specializes it; dynamic=True's duck-sized feature dims), an expression of one symbol too (a cat's
  // `s94 + 4` against 8 features: s94 is 4)
  // (only a bare symbol or a linear form of one: a size the -1 of a reshape left as `((64*s70))//s70` is 64 to torch,
  // whose simplifier tparse's does not match, and pins nothing: LLaMA's o_proj after `reshape(bsz, q_len, -1)`)
  auto one_symbol_linear = [](const std::string& e) {
    if (sym_bare_symbol(e)) return true;
    auto l = parse_linear(e);
    return l && sym_free_symbols(e).size() == 1;
  };
  if (t.shape.back().is_sym() && one_symbol_linear(t.shape.back().sym) && !w->t->shape.back().is_sym())
    c.I.specialize_symbol(t.shape.back().sym, c.loc);
  o.shape.back() = w->t->shape.size() == 2 ? w->t->shape[0] : Dim{1, ""};
  if (w->t->shape.size() == 1) o.shape.pop_back();
  // (a trainable bias alone makes the result require grad)
  o.requires_grad = t.requires_grad || w->t->requires_grad || (bias && bias->k == VK::Tensor && bias->t->requires_grad);
  // an input of 3 or more dims is folded to 2 for mm / addmm and the product viewed back: its strides are plain
  // products of the sizes (view's computeStride), no Max(1, ...) of make_contiguous_strides_for (FocalNet's
  // `self.f(x)` on [2, H/4, W/4, C]: 35*((s0//4))*((s53//4)); program linear_nd_dynamic_strides_no_max)
  if (o.shape.size() >= 3) {
    o.stride.assign(o.shape.size(), Dim{1, ""});
    for (size_t i = o.shape.size() - 1; i-- > 0;) o.stride[i] = dim_mul(o.stride[i + 1], o.shape[i + 1]);
  }
  return c.out(o);
}

V norm(OpCall& c) {
  TensorInfo o = c.like();
  bool from_functional = false;
  if (c.is_fn && c.target == "torch.nn.functional.rms_norm") {
    // F.rms_norm is Python (torch/nn/functional.py) that Dynamo inlines: it records
    // `torch.rms_norm(input, normalized_shape, weight, eps)` with all four arguments (truth: kv_cache_ops)
    V w = c.arg(1, "weight"), e = c.arg(2, "eps");
    std::vector<V> four{c.args.at(0), c.arg(0, "normalized_shape"), w ? w : none(), e ? e : none()};
    if (!four[1]) c.fail("rms_norm(input, normalized_shape, weight=None, eps=None)");
    c.args = four;
    c.rest.assign(four.begin() + 1, four.end());
    c.kwargs.clear();
    c.target = "torch.rms_norm";
    from_functional = true;
  }
  if (c.name == "layer_norm" || c.name == "rms_norm") {  // normalized_shape must be the trailing dims
    V ns = c.arg(0, "normalized_shape");
    std::vector<long long> want;
    if (ns && ns->k == VK::Int) want.push_back(ns->i);
    else if (ns && (ns->k == VK::Tuple || ns->k == VK::List)) for (auto& x : ns->items) want.push_back(x->i);
    const auto& s = c.t().shape;
    if (want.size() > s.size()) c.fail(fmt::format("{}: normalized_shape has more dims than the input {}", c.name, dims_str(c.t())));
    for (size_t i = 0; i < want.size(); ++i)
      if (s[s.size() - want.size() + i].v != want[i])
        c.fail(fmt::format("Given normalized_shape={}, expected input with shape [*, {}], but got input of size{}", py_repr(ns), want[i], dims_str(c.t())));
  }
  // F.normalize is `input / denom.expand_as(input)`: an elementwise output in the input's layout (xcit's normalize
  // of a transposed q: [768, 12, 1, 48])
  if (c.name == "normalize") o.stride = elementwise_strides(o.shape, {&c.t()});
  // native_layer_norm makes its input contiguous (itself when it is, size-1 dims aside) and its output empty_like it:
  // an input contiguous but for the strides of size-1 dims keeps them (ConvNeXt-V2's 1x1 stage: [2, 1, 1, C] of
  // strides (C, 1, 1, 1))
  // (with symbolic sizes the fake kernel is the Python decomposition, which makes its output contiguous: ConvNeXt's
  // dynamic batch, a permuted input and the 1x1 stage's alike)
  const bool symbolic = std::any_of(c.t().shape.begin(), c.t().shape.end(), [](const Dim& d) { return d.is_sym(); });
  if (c.name == "layer_norm" && !symbolic && c.t().stride.size() == c.t().shape.size() && is_contiguous_layout(c.t())) o.stride = c.t().stride;
  V w = c.arg(1, "weight");
  if (c.name == "group_norm") w = c.arg(1, "weight");
  if (w && w->k == VK::Tensor) o.requires_grad = o.requires_grad || w->t->requires_grad;
  V r = c.out(o);
  if (from_functional) c.I.torch_frame(r, "nn/functional.py", 2954, "rms_norm", kRmsNormCode);
  return r;
}

V embedding(OpCall& c) {
  TensorInfo o = c.like();
  V w = c.arg(0, "weight");
  if (!w || w->k != VK::Tensor || w->t->shape.size() != 2) c.fail("embedding(input, weight): weight must be a 2-D tensor");
  o.shape.push_back(w->t->shape.back());
  o.dtype = w->t->dtype;
  o.requires_grad = w->t->requires_grad;
  return c.out(o);
}

// scaled_dot_product_attention(q [.., L, E], k [.., S, E], v [.., S, Ev]) -> [.., L, Ev]
V sdpa(OpCall& c) {
  const TensorInfo& t = c.t();
  TensorInfo o = c.like();
  V k = c.arg(0, "key"), v = c.arg(1, "value");
  if (!k || !v || k->k != VK::Tensor || v->k != VK::Tensor || t.shape.empty() || k->t->shape.empty() || v->t->shape.empty())
    c.fail("scaled_dot_product_attention(q, k, v): three tensors of at least one dimension");
  if (t.shape.back().v != k->t->shape.back().v) c.fail(fmt::format("shape mismatch in scaled_dot_product_attention: query {} vs key {}", meta_str(t), meta_str(*k->t)));
  // attn_mask broadcasts to [*batch, L, S] (the math kernel adds it to q @ k^T): another shape is torch's broadcast error
  // (gpt-fast's causal_mask[None, None, input_pos] of block_size columns without a KV cache: TorchRuntimeError)
  if (V m = c.arg(2, "attn_mask"); m && m->k == VK::Tensor && t.shape.size() >= 2 && k->t->shape.size() >= 2) {
    std::vector<Dim> want(t.shape.begin(), t.shape.end() - 1);
    want.push_back(k->t->shape[k->t->shape.size() - 2]);
    const std::vector<Dim>& ms = m->t->shape;
    for (size_t i = 1; i <= ms.size(); ++i) {
      const long long have = ms[ms.size() - i].v;
      const long long need = i <= want.size() ? want[want.size() - i].v : 1;
      if (have != 1 && have != need)
        c.fail(fmt::format("Attempting to broadcast a dimension of length {} at -{}! Mismatching argument at index 1 had {}; "
                           "but expected shape should be broadcastable to {}", have, i, meta_str(*m->t), py_repr(mk_tuple([&] {
                             std::vector<V> xs; for (auto& d : want) xs.push_back(mk_int(d.v)); return xs; }()))));
    }
    // (the check's Eq guards unify a mask's size symbols with q / k's, ShapeEnv replacing one by the other: a padding
    // mask `mask[:, None, None, :]` of its own batch and length symbols, transformers' encoders; program
    // sdpa_attn_mask_unifies_symbols)
    if (c.I.tracing())
      for (size_t i = 1; i <= std::min(ms.size(), want.size()); ++i)
        if (ms[ms.size() - i].v == want[want.size() - i].v && ms[ms.size() - i].v != 1)
          broadcast(c.I, {want[want.size() - i]}, {ms[ms.size() - i]}, c.loc);
  }
  o.shape.back() = v->t->shape.back();
  // q @ k^T and its product with v: their batch dims must broadcast (ShapeEnv unifies equal batch symbols)
  // (dim by dim where the sizes are equal: enable_gqa lets the head dims differ)
  if (c.I.tracing()) {
    auto unify = [&](const std::vector<Dim>& a, const std::vector<Dim>& b) {
      for (size_t i = 3; i <= std::min(a.size(), b.size()); ++i)
        if (a[a.size() - i].v == b[b.size() - i].v) broadcast(c.I, {a[a.size() - i]}, {b[b.size() - i]}, c.loc);
    };
    unify(t.shape, k->t->shape);
    unify(t.shape, v->t->shape);
  }
  // the CPU / CUDA kernels' output is empty_like(query) in layout: a [B, H, L, E] view of a [B, L, H, E]
  // projection gives [L*H*E, E, H*E, 1] (real torch 2.11 graphs), a contiguous query a contiguous output
  // (inputs of another rank than 4 take the math kernel, the fused ones check for 4-d: its output is the matmul's,
  // contiguous — hiera's 5-d [B, 1, heads, L, E] attention)
  o.stride = t.shape.size() == 4 ? dense_strides_like(o.shape, t.stride) : contiguous_strides(o.shape);
  // on CPU a dropout_p > 0 rules the flash kernel out (check_for_dropout): the math kernel's output is contiguous
  // (program sdpa_dropout_math_path_contiguous: DistilBERT's training step)
  if (V dp = c.arg(3, "dropout_p"); dp && ((dp->k == VK::Float && dp->f > 0) || (dp->k == VK::Int && dp->i > 0)) &&
                                     t.device.rfind("cuda", 0) != 0)
    o.stride = contiguous_strides(o.shape);
  o.requires_grad = t.requires_grad || k->t->requires_grad || v->t->requires_grad;
  return c.out(o);
}

// F.multi_head_attention_forward(query, key, value, embed_dim, num_heads, ...): (attn_output like query,
// attn_output_weights or None). Batched query (L, N, E) / key (S, N, E); unbatched (L, E) / (S, E). The weights
// are (N, L, S) averaged over heads, else (N, H, L, S); unbatched drops N.
V mha(OpCall& c) {
  const TensorInfo& q = c.t();
  V k = c.get("key"), heads = c.get("num_heads"), e = c.get("embed_dim_to_check");
  if (!k || k->k != VK::Tensor || !heads || heads->k != VK::Int || !e || e->k != VK::Int)
    c.fail("multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, ...)");
  if (q.shape.empty() || q.shape.back().v != e->i)
    c.fail(fmt::format("was expecting embedding dimension of {}, but got {}", e->i, q.shape.empty() ? 0 : q.shape.back().v));
  if (heads->i <= 0 || e->i % heads->i != 0) c.fail(fmt::format("embed_dim {} not divisible by num_heads {}", e->i, heads->i));
  TensorInfo o = c.like();
  for (const char* n : {"key", "value", "in_proj_weight", "out_proj_weight", "q_proj_weight", "k_proj_weight", "v_proj_weight"})
    if (V t = c.get(n); t && t->k == VK::Tensor) o.requires_grad = o.requires_grad || t->t->requires_grad;
  V need = c.get("need_weights"), avg = c.get("average_attn_weights");
  bool weights = !(need && need->k == VK::Bool && !need->b);
  V whole = c.out(o);
  if (!weights) {
    V r = c.I.tuple_result(whole, {o}, {});
    r->items.push_back(none());
    return r;
  }
  TensorInfo w = o;
  bool batched = q.shape.size() == 3;
  Dim L = q.shape[0], S = k->t->shape.empty() ? Dim{1, ""} : k->t->shape[0];
  w.shape = {L, S};
  if (!(avg && avg->k == VK::Bool && !avg->b)) {
    if (batched) w.shape.insert(w.shape.begin(), q.shape[1]);
  } else {
    w.shape.insert(w.shape.begin(), Dim{heads->i, ""});
    if (batched) w.shape.insert(w.shape.begin(), q.shape[1]);
  }
  return c.I.tuple_result(whole, {o, w}, {});
}

// one_hot(tensor, num_classes=-1): int64, one more dim of num_classes (-1: max + 1, data-dependent)
V one_hot(OpCall& c) {
  TensorInfo o = c.like();
  V n = c.int_value(c.arg(0, "num_classes"));  // (a 0-d tensor: its value, a data-dependent break in a frame)
  long long k = n && n->k == VK::Int ? n->i : -1;
  if (k < 0) {
    // (num_classes -1 is `self.max().item() + 1`: on a fake tensor the item() is data-dependent, a graph break at the
    // call (Onehot.cpp's functional branch for Python-keyed tensors), which runs eagerly)
    // Dynamo's handler of F.one_hot refuses one argument alone, or a positional constant -1, before tracing it
    // (GB0246); `num_classes=-1` by keyword reaches the op, whose item() is the data-dependent break
    if (c.I.tracing()) {
      const bool refused = c.args.size() + c.kwargs.size() == 1 || (c.args.size() == 2 && n && n->k == VK::Int && n->sym.empty());
      if (refused) {
        std::string a, kw;
        for (const V& v : c.args) a += (a.empty() ? "" : ", ") + c.I.tracker_repr(v);
        for (const auto& [k, v] : c.kwargs) kw += fmt::format("{}'{}': {}", kw.empty() ? "" : ", ", k, c.I.tracker_repr(v));
        c.I.graph_break("Attempted to use `torch.nn.functional.one_hot` with data-dependent output shape",
                        msg_one_hot("(" + a + (c.args.size() == 1 ? ",)" : ")"), "{" + kw + "}"), c.loc);
      } else {
        c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
      }
    }
    const std::vector<double>* d = values::data(c.I, c.self);
    if (d && !d->empty()) k = static_cast<long long>(*std::max_element(d->begin(), d->end())) + 1;
    else if (c.t().fill) k = static_cast<long long>(*c.t().fill) + 1;
    else {
      c.I.note_unmodelled(c.loc, "one_hot without num_classes of a tensor whose values tparse does not know");
      k = 1;
    }
  }
  o.shape.push_back(Dim{k, ""});
  o.dtype = "int64";
  o.requires_grad = false;
  return c.out(o);
}

V loss(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  // ctc_loss with tensor lengths is aten._ctc_loss.Tensor, whose output shape depends on the lengths' data: in a frame
  // GB0036 (Dynamic shape operator) at the call, which runs eagerly (conformer's training step)
  if (name == "ctc_loss" && c.I.tracing()) {
    V il = c.arg(1, "input_lengths");
    if (il && il->k == VK::Tensor) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten._ctc_loss.Tensor"), c.loc);
  }
  TensorInfo o = c.like();
  if (o.dtype.find("int") != std::string::npos) o.dtype = "float32";
  V other = c.arg(0, "target");
  if (name == "cosine_similarity" || name == "pairwise_distance") {  // (x1, x2, dim=1) / (x1, x2): reduce one dim of the broadcast
    if (!other || other->k != VK::Tensor) c.fail(fmt::format("{}(x1, x2)", name));
    std::vector<Dim> b = broadcast(c.I, t.shape, other->t->shape, c.loc);
    V d = c.arg(1, "dim");
    long long dd = name == "pairwise_distance" ? static_cast<long long>(b.size()) - 1 : c.dim(d && d->k == VK::Int ? d->i : 1, b.size());
    V keep = c.kw("keepdim");
    o.shape = reduced_shape(b, {dd}, keep && keep->k == VK::Bool && keep->b);
    o.requires_grad = t.requires_grad || other->t->requires_grad;
    return c.out(o);
  }
  std::string reduction = "mean";
  if (V r = c.kw("reduction")) if (r->k == VK::Str) reduction = r->s;
  // (cross_entropy / nll_loss called positionally: input, target, weight, size_average, ignore_index, reduce, reduction)
  if ((name == "cross_entropy" || name == "nll_loss") && c.rest.size() >= 6 && c.rest[5]->k == VK::Str) reduction = c.rest[5]->s;
  // the legacy size_average / reduce, when either is given, decide instead (_Reduction.legacy_get_string: reduce
  // false "none", size_average false "sum")
  V sa = c.kw("size_average"), rd = c.kw("reduce");
  if ((sa && sa->k != VK::None) || (rd && rd->k != VK::None)) {
    bool known = true;
    const bool avg = !sa || sa->k == VK::None || truthy_const(sa, known), red = !rd || rd->k == VK::None || truthy_const(rd, known);
    if (known) reduction = avg && red ? "mean" : red ? "sum" : "none";
  }
  if (other && other->k == VK::Tensor) o.requires_grad = o.requires_grad || other->t->requires_grad;
  // the meta kernels check input and target agree: two batch symbols of one size become one (ShapeEnv replacement:
  // `mse_loss(net(x), y)` in a training step; cross_entropy's input (N, C) and target (N))
  // functional.py's own checks (Python, before the op): the binary cross entropies want the target's size to be the
  // input's (a ValueError; mse / l1 only warn and broadcast)
  if (other && other->k == VK::Tensor && (name == "binary_cross_entropy_with_logits" || name == "binary_cross_entropy")) {
    bool same = other->t->shape.size() == t.shape.size();
    for (size_t i = 0; same && i < t.shape.size(); ++i) same = t.shape[i].v == other->t->shape[i].v;  // (a symbol: its hint, guarded)
    if (!same)
      c.I.raise_exc("ValueError", name == "binary_cross_entropy_with_logits"
                                      ? fmt::format("Target size (torch.Size({})) must be the same as input size (torch.Size({}))", dims_str(*other->t), dims_str(t))
                                      : fmt::format("Using a target size (torch.Size({})) that is different to the input size (torch.Size({})) is deprecated. "
                                                    "Please ensure they have the same size.", dims_str(*other->t), dims_str(t)),
                    c.loc);
  }
  if (other && other->k == VK::Tensor) {
    const auto& ts = other->t->shape;
    if ((name == "cross_entropy" || name == "nll_loss") && t.shape.size() >= 2 && !ts.empty() && ts.size() + 1 == t.shape.size()) {
      broadcast(c.I, {t.shape[0]}, {ts[0]}, c.loc);
      // (and the extra dims of a (N, C, d1, ...) input with the target's (N, d1, ...): a language model's
      // `cross_entropy(logits.transpose(1, 2), y)` unifies y's length with the logits', nano-llama31)
      for (size_t i = 1; i < ts.size(); ++i) broadcast(c.I, {t.shape[i + 1]}, {ts[i]}, c.loc);
    }
    // (mse / l1 / smooth_l1 / huber call torch.broadcast_tensors on the two whatever their ranks: a [4] target against a
    // [1, 1, 11, 11] input raises "The size of tensor a (11) must match ..."; real torch 2.11: pix2pixHD's GAN loss)
    else if (name == "mse_loss" || name == "l1_loss" || name == "smooth_l1_loss" || name == "huber_loss")
      broadcast(c.I, t.shape, ts, c.loc);
    else if ((name == "binary_cross_entropy" || name == "binary_cross_entropy_with_logits" || name == "soft_margin_loss") && ts.size() == t.shape.size())
      broadcast(c.I, t.shape, ts, c.loc);
  }
  // nll_loss2d's CPU backward allocates grad_input as zeros_like(input): a dense input of another layout (a permuted
  // `log_softmax(y, dim=3).permute(0, 3, 1, 2)`) gives it that layout, and the kernel's check refuses it at backward
  // (real torch 2.11 eager: graph-convnet-tsp's edge loss, "grad_input must be contiguous")
  auto nll2d_check = [&](V r) {
    if ((name == "nll_loss" || name == "cross_entropy") && t.shape.size() == 4 && t.device == "cpu" && r->k == VK::Tensor &&
        r->t->grad_edge && t.stride.size() == 4 && t.stride != contiguous_strides(t.shape) && is_dense_layout(t)) {
      auto e = std::make_shared<GradEdge>();
      e->in.push_back(r->t->grad_edge);
      e->backward_error = "grad_input must be contiguous";
      r->t->grad_edge = e;
    }
    return r;
  };
  if (reduction != "none") { o.shape = {}; return nll2d_check(c.out(o)); }
  if (name == "cross_entropy" || name == "nll_loss") {  // input (N, C, d1, ...) or (C): per-sample (N, d1, ...)
    if (t.shape.size() >= 2) o.shape.erase(o.shape.begin() + 1);
    else o.shape = {};
  } else if (name == "ctc_loss" || name == "multilabel_soft_margin_loss" || name == "multi_margin_loss" || name == "triplet_margin_loss" ||
             name == "cosine_embedding_loss") {
    o.shape = t.shape.empty() ? std::vector<Dim>{} : std::vector<Dim>{t.shape[0]};
    if (name == "ctc_loss" && t.shape.size() == 3) o.shape = {t.shape[1]};  // log_probs (T, N, C)
  } else if (other && other->k == VK::Tensor) {
    o.shape = broadcast(c.I, t.shape, other->t->shape, c.loc);
  }
  return nll2d_check(c.out(o));
}

// The RNN cells' ops (_VF.lstm_cell / gru_cell / rnn_tanh_cell / rnn_relu_cell, what nn.LSTMCell / GRUCell / RNNCell
// call): input [B, I] (or [I]), hx, w_ih [G*H, I], w_hh [G*H, H] -> [B, H]; lstm_cell gives (h, c).
V rnn_cell(OpCall& c) {
  const TensorInfo& t = c.t();
  V w_hh = c.arg(2, "w_hh");
  if (!w_hh || w_hh->k != VK::Tensor || w_hh->t->shape.size() != 2) c.fail(c.name + "(input, hx, w_ih, w_hh, ...): w_hh must be 2-D");
  TensorInfo o = c.like();
  o.shape = {t.shape.size() == 2 ? t.shape[0] : Dim{1, ""}, w_hh->t->shape[1]};
  o.requires_grad = t.requires_grad || w_hh->t->requires_grad;
  if (c.name != "lstm_cell") return c.out(o);
  return c.I.tuple_result(c.out(o), {o, o}, {});
}

// F.embedding_bag(input, weight, offsets, ...): a 2-D input is B bags of N indices -> [B, D]; a 1-D input with
// offsets is one bag per offset ([len(offsets) - 1, D] with include_last_offset).
V embedding_bag(OpCall& c) {
  const TensorInfo& t = c.t();
  V w = c.arg(0, "weight");
  if (!w || w->k != VK::Tensor || w->t->shape.size() != 2) c.fail("embedding_bag(input, weight): weight must be a 2-D tensor");
  V off = c.arg(1, "offsets");
  V last = c.arg(9, "include_last_offset");
  TensorInfo o = c.like();
  o.dtype = w->t->dtype;
  o.requires_grad = w->t->requires_grad;
  if (t.shape.size() == 2) {
    o.shape = {t.shape[0], w->t->shape[1]};
  } else {
    if (!off || off->k != VK::Tensor || off->t->shape.size() != 1) c.fail("embedding_bag: offsets has to be a 1D Tensor but got null");
    Dim n = off->t->shape[0];
    if (last && last->k == VK::Bool && last->b) n.v -= 1, n.sym.clear();
    o.shape = {n, w->t->shape[1]};
  }
  return c.out(o);
}

// torch.bilinear(x1 [.., in1], x2 [.., in2], weight [out, in1, in2], bias) -> [.., out]
V bilinear(OpCall& c) {
  V x2 = c.arg(0, "input2"), w = c.arg(1, "weight");
  if (!x2 || x2->k != VK::Tensor || !w || w->k != VK::Tensor || w->t->shape.size() != 3)
    c.fail("bilinear(input1, input2, weight, bias): weight must be a 3-D tensor");
  TensorInfo o = c.like();
  if (o.shape.empty()) c.fail("bilinear: input1 must have at least 1 dim");
  o.shape.back() = w->t->shape[0];
  o.requires_grad = o.requires_grad || x2->t->requires_grad || w->t->requires_grad;
  return c.out(o);
}

}  // namespace tparse::compiler::ops
