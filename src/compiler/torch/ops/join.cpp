// Join family: torch.cat/concat/stack/hstack/vstack (a list of tensors along a dim) and the splits
// chunk/split/unbind/tensor_split (one call node, then a getitem node per part).
#include <fmt/format.h>

#include "torch/keep_alive.hpp"
#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler::ops {

V cat(OpCall& c) {
  const std::string& name = c.name;
  V seq = c.args.empty() ? c.kw("tensors") : c.args[0];
  if (!seq || (seq->k != VK::List && seq->k != VK::Tuple) || seq->items.empty()) c.fail(fmt::format("torch.{} expects a non-empty list of tensors", name));
  for (auto& x : seq->items) if (x->k != VK::Tensor) c.fail(fmt::format("torch.{}: expected a list of tensors, got {}", name, type_name(x)));
  V dv = c.args.size() > 1 ? c.args[1] : c.kw("dim");
  if (!dv) dv = c.kw("axis");
  long long dim = dv ? dv->i : 0;
  // hstack: dim 1 (dim 0 for 1-D); vstack: 1-D inputs become rows, then dim 0; column_stack: columns
  std::vector<TensorInfo> ts;
  for (auto& x : seq->items) ts.push_back(*x->t);
  // (hstack takes atleast_1d of each input first, vstack atleast_2d: a 0-d tensor is one element)
  if (name == "hstack" || name == "vstack") for (auto& t : ts) if (t.shape.empty()) { t.shape = {Dim{1, ""}}; t.stride.clear(); }
  if (name == "hstack") dim = ts[0].shape.size() == 1 ? 0 : 1;
  if (name == "vstack") { dim = 0; for (auto& t : ts) if (t.shape.size() == 1) t.shape.insert(t.shape.begin(), Dim{1, ""}); }
  if (name == "column_stack") { dim = 1; for (auto& t : ts) if (t.shape.size() <= 1) { t.shape = {t.shape.empty() ? Dim{1, ""} : t.shape[0], Dim{1, ""}}; } }
  // cat skips the legacy empty 1-D tensors of shape (0,) (ATen's cat_should_skip_tensor): torch.cat([torch.tensor([]),
  // x], dim=-2) is x's shape (transformers' DynamicLayer starts from torch.tensor([])); dtypes still promote over all
  std::vector<TensorInfo> all = ts;
  if (name == "cat" || name == "concat" || name == "concatenate") {
    std::vector<TensorInfo> kept;
    for (auto& t : ts) if (!(t.shape.size() == 1 && t.shape[0].v == 0 && t.shape[0].sym.empty())) kept.push_back(t);
    if (!kept.empty()) ts = kept;
  }
  TensorInfo o = ts[0];
  o.fill.reset();
  o.is_param = false;
  o.is_buffer = false;
  o.marked_dynamic.clear();
  o.stride.clear();
  // cat's meta lays its output out in the memory format every input suggests, else contiguous
  // (cat_compute_output_memory_format: two channels-last halves give a channels-last whole; unetr's skip concat)
  const bool cl_cat = (name == "cat" || name == "concat" || name == "concatenate") &&
                      std::all_of(ts.begin(), ts.end(), [](const TensorInfo& t) { return channels_last_like(t); });
  for (auto& x : all) { o.requires_grad = o.requires_grad || x.requires_grad; o.dtype = promote_dtype(o.dtype, x.dtype); }
  // the meta kernel checks each input's size against the first's (stack: every dim; cat: all but dim): a symbol
  // checked equal to a static size is specialized (get_tracing_state: torch.stack of a list whose last tensor is
  // new and static pins the others' sizes), two symbols of one size become one (ShapeEnv replacement)
  if (c.I.tracing() && ts.size() > 1) {
    long long cat_dim = name == "stack" ? -1 : dim < 0 ? dim + static_cast<long long>(o.shape.size()) : dim;
    for (size_t i = 0; i < o.shape.size(); ++i) {
      if (static_cast<long long>(i) == cat_dim) continue;
      const Dim* fixed = nullptr;
      for (auto& x : ts) if (i < x.shape.size() && !x.shape[i].is_sym()) fixed = &x.shape[i];
      std::vector<Dim> col;
      for (auto& x : ts) if (i < x.shape.size()) col.push_back(x.shape[i]);
      if (fixed) {
        for (const Dim& d : col)
          if (d.is_sym() && d.v == fixed->v && sym_bare_symbol(d.sym)) c.I.specialize_symbol(d.sym, c.loc);
        o.shape[i] = *fixed;
      } else {
        std::vector<Dim> acc{col[0]};
        for (size_t k = 1; k < col.size(); ++k) acc = broadcast(c.I, acc, {col[k]}, c.loc);
        o.shape[i] = acc[0];
      }
    }
  }
  if (name == "stack") {
    dim = c.dim(dim, o.shape.size() + 1);
    for (auto& x : ts) if (x.shape.size() != o.shape.size()) c.fail("stack expects each tensor to be equal size");
    o.shape.insert(o.shape.begin() + dim, Dim{static_cast<long long>(ts.size()), ""});
  } else {
    if (o.shape.empty()) c.fail(fmt::format("zero-dimensional tensor (at position 0) cannot be concatenated"));
    dim = c.dim(dim, o.shape.size());
    long long tot = 0;
    SymLin sum;  // a symbolic size along dim is the sum of the parts (`s70 + 32`), as sympy collects it
    bool linear = true, symbolic = false;
    for (auto& x : ts) {
      const Dim& dd = x.shape[static_cast<size_t>(std::clamp<long long>(dim, 0, static_cast<long long>(x.shape.size()) - 1))];
      symbolic = symbolic || dd.is_sym();
      auto part = parse_linear(dd.is_sym() ? dd.sym : std::to_string(dd.v));
      if (part) sum = linear_add(sum, *part, 1);
      else linear = false;
    }
    for (auto& x : ts) {
      if (x.shape.size() != o.shape.size()) c.fail(fmt::format("torch.{}: tensors must have the same number of dimensions", name));
      for (size_t i = 0; i < o.shape.size(); ++i)
        if (static_cast<long long>(i) != dim && x.shape[i].v != o.shape[i].v)
          c.fail(fmt::format("Sizes of tensors must match except in dimension {}. Expected size {} but got size {} for a tensor in the list", dim, o.shape[i].v, x.shape[i].v));
      tot += x.shape[static_cast<size_t>(dim)].v;
    }
    o.shape[static_cast<size_t>(dim)] = Dim{tot, symbolic && linear ? linear_str(sum) : ""};
    if (cl_cat) o.stride = channels_last_strides(o.shape);
  }
  return c.I.emit("call_function", "torch." + name, name, false, c.args, c.kwargs, o, c.loc);
}

V split(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  V dv = name == "unbind" ? c.arg(0, "dim") : c.arg(1, "dim");
  if (rank == 0) c.fail(fmt::format("{} expects at least a 1-dimensional tensor", name));
  long long dim = dv ? c.dim(dv->i, rank) : 0;
  long long size = t.shape.at(static_cast<size_t>(dim)).v;
  // unbind, or split into pieces of one, of a dynamic dim: the decomposition reads the number of pieces as an int
  // (decompositions.py split: `guard_int(chunks)`, chunks the size itself), which specializes the size's symbol
  // (range_refined_to_singleton; feedback-transformer's `for x in x.split(1, dim=1)` over a recompiled length)
  if (const Dim& d = t.shape[static_cast<size_t>(dim)]; d.is_sym() && (name == "unbind" || name == "split")) {
    V sp = name == "split" ? c.arg(0, "split_size_or_sections") : nullptr;
    if (name == "split" && !sp) sp = c.kw("split_size");
    if (name == "unbind" || (sp && sp->k == VK::Int && sp->sym.empty() && sp->i == 1)) {
      c.I.specialize_symbol(d.sym, c.loc);
      size = d.v;
    }
  }
  std::vector<long long> parts;
  Dim each_sym;  // a symbolic part size (chunk / split of a dynamic dim): every part but the last, which is the rest
  if (name == "unbind") parts.assign(static_cast<size_t>(size), 1);
  else if (name == "chunk") {
    V nv = c.arg(0, "chunks");
    if (!nv || nv->k != VK::Int || nv->i <= 0) c.fail("chunk(chunks, dim=0): chunks must be a positive int");
    long long n = nv->i;
    long long each = (size + n - 1) / n;
    for (long long s = 0; s < size; s += each) parts.push_back(std::min(each, size - s));
    // chunk is split by ceil(size / chunks): `((s27 + 2)//3)` of a dynamic dim
    const Dim& d = t.shape[static_cast<size_t>(dim)];
    if (d.is_sym())
      if (auto lin = parse_linear(d.sym)) {
        lin->c += n - 1;
        if (auto e = sym_floordiv(linear_str(*lin), n, 0)) each_sym = Dim{each, *e};
      }
  } else if (name == "tensor_split") {  // tensor_split(sections or indices, dim=0)
    V sp = c.arg(0, "indices_or_sections");
    if (!sp) sp = c.kw("indices");  // the overloads' own names: tensor_split(input, indices=(1,), dim=2)
    if (!sp) sp = c.kw("sections");
    if (!sp) c.fail("tensor_split(indices_or_sections, dim=0)");
    if (sp->k == VK::Int) {
      long long n = sp->i, q = size / n, r = size % n;
      for (long long i = 0; i < n; ++i) parts.push_back(q + (i < r ? 1 : 0));
    } else {
      long long prev = 0;
      for (auto& x : sp->items) { long long e = std::min(std::max(x->i, prev), size); parts.push_back(e - prev); prev = e; }
      parts.push_back(size - prev);
    }
  } else {
    V sp = c.arg(0, name == "split_with_sizes" ? "split_sizes" : "split_size_or_sections");
    if (!sp && name == "split") sp = c.kw("split_size");  // Tensor.split's own name for it (torch/_tensor.py)
    if (!sp) c.fail(fmt::format("{}(split_size_or_sections, dim=0)", name));
    if (sp->k == VK::Int) {
      if (sp->i <= 0) c.fail("split_size can only be 0 if dimension size is 0");
      for (long long s = 0; s < size; s += sp->i) parts.push_back(std::min(sp->i, size - s));
      if (t.shape[static_cast<size_t>(dim)].is_sym() || !sp->sym.empty()) each_sym = Dim{sp->i, sp->sym};
    } else {
      long long tot = 0;
      bool guessed = false;
      for (auto& item : sp->items) { V x = c.int_value(item); parts.push_back(x->i); tot += x->i; guessed = guessed || x->guess >= 0; }
      // sizes read from data tparse does not know (`expert_size = gates.long().sum(0).tolist()`, JetMoE's routing): the
      // guess is repartitioned to add up, as the real counts do (an even split, the remainder first; the run is noted)
      if (tot != size && guessed && !parts.empty()) {
        const long long n = static_cast<long long>(parts.size()), q = size / n, r = size % n;
        for (long long i = 0; i < n; ++i) parts[static_cast<size_t>(i)] = q + (i < r ? 1 : 0);
        tot = size;
        c.I.note_unmodelled(c.loc, "split sizes from data the compiler does not know (taken as an even split)");
      }
      if (tot != size) c.fail(fmt::format("split_with_sizes expects split_sizes to sum exactly to {} (input tensor's size at dimension {}), but got split_sizes={}", size, dim, py_repr(sp)));
    }
  }
  V whole = c.out(o);
  Interp& I = c.I;
  int whole_node = -1;
  if (I.tracing()) {
    Graph& g = I.stack_.back()->ctx->graph;
    g.nodes.back().has_meta = false;  // a tuple: printed without a type
    whole_node = static_cast<int>(g.nodes.size()) - 1;
    g.tensor_node.erase(whole.get());  // the tuple node stands for no tensor (the address may be reused once `whole` dies)
  }
  std::vector<V> xs;
  for (size_t i = 0; i < parts.size(); ++i) {
    TensorInfo p = o;
    if (name == "unbind") p.shape.erase(p.shape.begin() + dim);
    else p.shape[static_cast<size_t>(dim)] = Dim{parts[i], ""};
    if (name != "unbind" && (each_sym.is_sym() || t.shape[static_cast<size_t>(dim)].is_sym()) && each_sym.v > 0) {
      Dim& pd = p.shape[static_cast<size_t>(dim)];
      if (i + 1 < parts.size()) pd = each_sym;
      else {  // the rest: size - (k - 1) * each, as sympy collects it (`s27 - 2*(((s27 + 2)//3))`)
        const Dim& whole_d = t.shape[static_cast<size_t>(dim)];
        auto lw = parse_linear(whole_d.is_sym() ? whole_d.sym : std::to_string(whole_d.v));
        auto le = parse_linear(each_sym.is_sym() ? each_sym.sym : std::to_string(each_sym.v));
        if (lw && le) pd.sym = linear_str(linear_add(*lw, linear_scale(*le, static_cast<long long>(parts.size()) - 1), -1));
        if (pd.sym.find_first_not_of("-0123456789") == std::string::npos) pd.sym.clear();
      }
    }
    p.stride = t.stride;
    if (name == "unbind") p.stride.erase(p.stride.begin() + dim);
    // (split / chunk / unbind are multi-output view ops: made under grad mode, each part's creation meta is
    // MULTI_OUTPUT_NODE, which refuses an in-place op on it or on a view of it; tensor_split narrows per piece)
    if (name != "tensor_split" && c.I.grad_enabled() && !c.I.inference_mode_) {
      V sp0 = name == "split" ? c.arg(0, "split_size_or_sections") : nullptr;
      p.multi_view_fn = name == "unbind" ? "UnbindBackward0"
                        : name == "split_with_sizes" || (sp0 && sp0->k != VK::Int) ? "SplitWithSizesBackward0" : "SplitBackward0";
      p.multi_view_nr = static_cast<int>(i);
    }
    // each part is a view of the input: its backward reaches what the input's reaches (saint's to_qkv(x).chunk(3):
    // was no ancestry, so backward gave every leaf a gradient)
    if (whole && whole->k == VK::Tensor && p.requires_grad) {
      p.grad_edge = whole->t->grad_edge;
      p.grad_fn = true;
    }
    if (I.tracing()) {
      Graph& g = I.stack_.back()->ctx->graph;
      Node n;
      n.op = "call_function";
      n.target = "getitem";
      n.args = {Arg{whole_node, "", false, false, {}}, Arg{-1, std::to_string(i), false, false, {}}};
      n.name = g.unique_name("getitem");
      n.meta = p;
      n.has_meta = true;
      n.fn_name = g.nodes.back().fn_name;
      n.code = g.nodes.back().code;
      n.file = g.nodes.back().file;
      n.line = g.nodes.back().line;
      g.nodes.push_back(n);
      V pv = mk_tensor(p);
      g.tensor_node[pv.get()] = static_cast<int>(g.nodes.size()) - 1;
      keep_graph_value(pv);
      xs.push_back(pv);
    } else {
      xs.push_back(mk_tensor(p));
    }
  }
  return mk_tuple(xs);
}

// torch._foreach_X(tensors, ...): one node over the whole list (the optimizers' foreach paths, clip_grad_norm_'s
// _foreach_norm on CPU and CUDA). An in-place one (`_foreach_mul_`) mutates the tensors and returns None (its node
// unused, its items' getitem names spent); another returns a list, one getitem node per item, made at once (`norms.extend(torch._foreach_norm(...))`).
// _foreach_norm's items are 0-d; the others keep each input's shape.
V foreach(OpCall& c) {
  Interp& I = c.I;
  // Dynamo's polyfill foreach_lerp_inplace: `_foreach_sub(end, self)`, `_foreach_mul(that, weight)`, `_foreach_add_(self,
  // that)` (Adam's foreach step: exp_avgs.lerp_(grads, 1 - beta1))
  if (c.name == "_foreach_lerp_" && I.tracing() && c.args.size() == 3) {
    KW none;
    std::vector<V> a = {c.args[1], c.args[0]};
    V diff = I.torch_fn("torch._foreach_sub", a, none, c.loc);
    std::vector<V> b = {diff, c.args[2]};
    V scaled = I.torch_fn("torch._foreach_mul", b, none, c.loc);
    std::vector<V> d = {c.args[0], scaled};
    return I.torch_fn("torch._foreach_add_", d, none, c.loc);
  }
  // `_foreach_pow(scalar, exponents)`: the list is the second argument
  V seq = c.args.empty() ? c.kw("self") : c.args[0];
  if (seq && seq->k != VK::List && seq->k != VK::Tuple && c.args.size() > 1) seq = c.args[1];
  if (!seq || (seq->k != VK::List && seq->k != VK::Tuple)) c.fail(fmt::format("torch.{} expects a list of tensors", c.name));
  for (auto& x : seq->items) if (x->k != VK::Tensor) c.fail(fmt::format("torch.{}: expected a list of tensors, got {}", c.name, type_name(x)));
  const bool inplace = c.name.back() == '_';
  const bool norm = c.name == "_foreach_norm";
  if (seq->items.empty()) return inplace ? none() : mk_list({});
  TensorInfo o = *seq->items[0]->t;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  if (norm) { o.shape.clear(); o.stride.clear(); }
  V whole = c.out(o);
  int whole_node = -1;
  if (I.tracing()) {
    Graph& g = I.stack_.back()->ctx->graph;
    whole_node = static_cast<int>(g.nodes.size()) - 1;
    g.nodes.back().has_meta = false;  // a list (or None): printed without a type
    g.tensor_node.erase(whole.get());
    // (Dynamo wraps an in-place one's result, the list it mutated, one getitem per item that no node uses: the
    // names are spent all the same, `getitem_4` follows a first in-place op over four tensors)
    if (inplace) for (size_t i = 0; i < seq->items.size(); ++i) g.unique_name("getitem");
  }
  if (inplace) return none();
  std::vector<TensorInfo> parts;
  for (auto& x : seq->items) {
    TensorInfo p = *x->t;
    p.is_param = p.is_buffer = false;
    p.fill.reset();
    if (norm) { p.shape.clear(); p.stride.clear(); }
    parts.push_back(p);
  }
  V r = I.tuple_result(whole, parts, {});
  if (I.tracing()) {
    r->sym_node = whole_node;
    for (size_t i = 0; i < r->items.size(); ++i) I.materialize_item(r, i);
  }
  return r;  // a tuple, as Dynamo's result of it (printed `(getitem_4, getitem_5)` where passed on)
}

}  // namespace tparse::compiler::ops
