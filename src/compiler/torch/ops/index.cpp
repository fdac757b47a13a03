// Index family: `t[idx]` (ints, slices, None, ..., int lists, index and bool tensors), gather /
// take_along_dim, scatter / index_add / index_put, index_select, repeat_interleave, searchsorted.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/values/values.hpp"
#include "torch/ops/rules.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler::ops {

// More indices than dims: torch's IndexError text (Interp::subscript raises it as an IndexError where the shape is
// known, in a frame as the fake-tensor call's failure; after a guess the run falls back as for any rejected shape)
[[noreturn]] static void too_many(OpCall& c, size_t rank) {
  c.fail(fmt::format("too many indices for tensor of dimension {}", rank));
}


// `t[lo:hi]` (step 1) where a bound or the dim is symbolic and no form above named the size: aten.slice's meta clamps
// the bounds as its guards decide on the hints (a negative bound counts from the end, then each is kept within
// [0, size] and hi >= lo), and the size is hi - lo as sympy collects it (FastSpeech2's relative positions
// `pos_enc[:, c - s + 1 : c + s]` are `2*s - 1` long). nullopt when a bound is not a sum of symbols.
static std::optional<std::string> slice_size_expr(const Dim& dim, const V& lo_v, const V& hi_v) {
  auto lin_of = [](const V& b, std::optional<SymLin>& out) {
    if (b->k != VK::Int) return false;
    out = parse_linear(b->sym.empty() ? std::to_string(b->i) : b->sym);
    return out.has_value();
  };
  std::optional<SymLin> n = parse_linear(dim.is_sym() ? dim.sym : std::to_string(dim.v)), lo, hi;
  if (!n) return std::nullopt;
  long long nv = dim.v, lv = 0, hv = nv;
  if (lo_v->k == VK::None) lo = SymLin{};
  else if (!lin_of(lo_v, lo)) return std::nullopt;
  else lv = lo_v->i;
  if (hi_v->k == VK::None) hi = n;
  else if (!lin_of(hi_v, hi)) return std::nullopt;
  else hv = hi_v->i;
  if (lv < 0) { lo = linear_add(*lo, *n, 1); lv += nv; }
  if (hv < 0) { hi = linear_add(*hi, *n, 1); hv += nv; }
  if (lv < 0) { lo = SymLin{}; lv = 0; }
  else if (lv > nv) { lo = n; lv = nv; }
  if (hv < lv) { hi = lo; hv = lv; }
  else if (hv > nv) { hi = n; hv = nv; }
  std::string e = linear_str(linear_add(*hi, *lo, -1));
  if (e.empty()) return std::nullopt;  // a constant length: the hint is the size
  return e;
}

V getitem(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  Activation& act = *c.I.stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  TensorInfo o = c.like();
  V idx = c.rest.at(0);
  std::vector<V> ix = idx->k == VK::Tuple ? idx->items : std::vector<V>{idx};
  // a SymInt among a tuple's items (`a[:, n - 1, :]`): torch's indexing reads each int through __index__, a guard
  // that specializes the symbol to its value (each new size recompiles); alone (`a[n - 1]`) it is a symbolic select
  // and a slice bound stays symbolic (real torch 2.11: program symint_index_specializes)
  if (idx->k == VK::Tuple && c.I.tracing())
    for (auto& x : ix)
      if (x->k == VK::Int && !x->sym.empty()) c.I.specialize_symbol(x->sym, c.loc);
  // an ndarray index (CleanRL's minibatch `b_obs[mb_inds]`): a 1-D integer array is its list of ints, any other an
  // index tensor of its shape and dtype (torch converts it so)
  for (auto& x : ix) {
    std::vector<long long> nd;
    std::string ndt;
    if (x->k != VK::Instance || !values::ndarray_info(x, nd, ndt)) continue;
    const V& flat = x->attrs.at("_tparse_flat");
    if (nd.size() == 1 && ndt.find("int") != std::string::npos && flat->k == VK::List &&
        std::all_of(flat->items.begin(), flat->items.end(), [](const V& y) { return y->k == VK::Int; })) {
      x = mk_list(flat->items);
      continue;
    }
    TensorInfo ti;
    for (long long n : nd) ti.shape.push_back(Dim{n, ""});
    ti.dtype = ndt == "bool" ? "bool" : ndt.find("int") != std::string::npos ? "int64" : ndt;
    x = mk_tensor(ti);
  }
  // a tuple inside the index tuple is a sequence index, as a list (torch's and numpy's rule: `x[:, (1, 0), :]`, a
  // permutation-invariant loss's `pr_batch[:, perm, :]`); of 0-d tensors (permutations of an arange) the fake tensor
  // has no data to read: a TorchRuntimeError in a frame (real torch 2.11: sudo_rm_rf's PIT SI-SDR)
  if (idx->k == VK::Tuple)
    for (auto& x : ix) {
      if (x->k != VK::Tuple || x->size_tuple || x->items.empty()) continue;
      std::vector<V> items;
      for (const V& y : x->items) {
        if (y->k == VK::Tensor && in_compiled)
          c.I.raise_fake("RuntimeError", "The tensor has a non-zero number of elements, but its data is not allocated yet.", c.loc);
        items.push_back(y->k == VK::Tensor ? mk_int(c.I.list_index_of_tensor(y, c.loc)) : y);
      }
      x = mk_list(items);
    }
  // a 0-d integer tensor index is an integer to torch's indexing (python_variable_indexing: item()), a data-dependent
  // scalar under Dynamo's fake tensors: GB0033 at the subscript, alone or in a tuple (Autoformer's
  // `mean_value[:, index[i]]`; program index_0d_forms). uint8 and bool 0-d tensors are masks.
  // Eagerly it selects as an int does (a view: `x[:, i]` keeps x's stride), its value known or taken as 0.
  // A 0-d index that is itself a frame input (`acp[t]` of a sampler's timestep: L['t'], a resume's stack value) stays
  // in the graph: its item is guarded by value (`t.item() == 750`, each new timestep recompiles; real torch 2.11,
  // scout10's DDPM sampler), when its value is known.
  for (auto& x : ix)
    if (x->k == VK::Tensor && x->t->shape.empty() && x->t->dtype.find("int") != std::string::npos && x->t->dtype != "uint8") {
      const std::vector<double>* v = values::data(c.I, x);
      if (in_compiled) {
        auto src = act.ctx->sources.find(x.get());
        const bool input = src != act.ctx->sources.end() && v && v->size() == 1 &&
                           (!act.ctx->graph.tensor_node.count(x.get()) ||
                            act.ctx->graph.nodes[static_cast<size_t>(act.ctx->graph.tensor_node.at(x.get()))].op == "placeholder");
        if (!input) c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
        c.I.guard_tensor_item(x, src->second, static_cast<long long>((*v)[0]), c.loc);
      }
      x = mk_int(v && v->size() == 1 ? static_cast<long long>((*v)[0]) : 0);
    }
  std::vector<Dim> s;
  size_t d = 0;
  size_t consumed = 0;  // indices that use up a dimension (for `...`)
  for (auto& x : ix) consumed += x->k == VK::Int || x->k == VK::Slice || x->k == VK::Tensor || x->k == VK::List;
  // advanced indices (int lists, index tensors) broadcast together; their result dims go where the
  // first one is when they are adjacent, else first (torch/numpy rule)
  std::vector<std::vector<Dim>> adv;
  long long adv_at = -1;
  bool adv_split = false;
  int last_adv_pos = -2;
  const bool has_st = t.stride.size() == t.shape.size();
  std::vector<Dim> sd;  // the view's strides (basic indexing)
  int pos = 0;
  for (auto& x : ix) {
    ++pos;
    if (x->k == VK::None) {  // torch's unsqueeze stride: size * stride of the dim it precedes, else 1
      s.push_back(Dim{1, ""});
      // (numpy's np.newaxis is a stride-0 axis, which torch.from_numpy / torch.Tensor(ndarray) keep: WaveGAN's
      // `torch.Tensor(x[:, np.newaxis, :])` is `x` with stride 0 at dim 1, a recompile against a contiguous one)
      if (t.np_array) { sd.push_back(Dim{0, ""}); continue; }
      sd.push_back(d < rank && has_st ? dim_mul(t.shape[d], t.stride[d]) : Dim{1, ""});
      continue;
    }
    if (x->k == VK::Builtin && x->s == "Ellipsis") {
      if (consumed > rank) too_many(c, rank);
      for (size_t k = 0; k < rank - consumed; ++k) { if (has_st) sd.push_back(t.stride[d]); s.push_back(t.shape[d++]); }
      continue;
    }
    if (x->k == VK::Int) { if (d >= rank) too_many(c, rank); c.dim(x->i, static_cast<size_t>(t.shape[d].v)); ++d; continue; }
    if (x->k == VK::Slice) {
      if (d >= rank) too_many(c, rank);
      long long n = t.shape[d].v;
      long long st = x->items[2]->k == VK::Int ? x->items[2]->i : 1;
      long long lo = x->items[0]->k == VK::Int ? x->items[0]->i : 0, hi = x->items[1]->k == VK::Int ? x->items[1]->i : n;
      if (lo < 0) lo += n;
      if (hi < 0) hi += n;
      lo = std::clamp(lo, 0LL, n);
      hi = std::clamp(hi, 0LL, n);
      Dim nd2{std::max(0LL, (hi - lo + st - 1) / st), ""};
      if (x->items[0]->k == VK::None && x->items[1]->k == VK::None && st == 1) nd2 = t.shape[d];
      // a symbolic dim sliced by constants that count from its start and its end (`x[:, :-1]`, `x[:, 1:]`, `x[2:-3]`):
      // the size is the symbol plus a constant (`s27 - 1`), sympy's form; other forms take the hint (a guard in torch)
      // (a step: `x[..., 1::2]` of s53 is ((s53 - 1 + 1)//2) = (s53//2), `x[..., ::2]` ((s53 + 1)//2): YOLOX's Focus)
      if (t.shape[d].is_sym() && st > 1 && x->items[0]->sym.empty() && x->items[1]->sym.empty() && x->items[2]->sym.empty()) {
        const bool lo_fwd = x->items[0]->k == VK::None || (x->items[0]->k == VK::Int && x->items[0]->i >= 0);
        const bool hi_end = x->items[1]->k == VK::None || (x->items[1]->k == VK::Int && x->items[1]->i < 0);
        if (lo_fwd && hi_end)
          if (auto lin = parse_linear(t.shape[d].sym)) {
            long long k = (x->items[1]->k == VK::Int ? x->items[1]->i : 0) - (x->items[0]->k == VK::Int ? x->items[0]->i : 0) + st - 1;
            SymLin add;
            add.c = k;
            if (auto e = sym_floordiv(linear_str(linear_add(*lin, add, 1)), st, 0); e && !e->empty())
              nd2 = Dim{std::max(0LL, (n + k) / st), *e};
          }
      }
      if (t.shape[d].is_sym() && st == 1 && x->items[0]->sym.empty() && x->items[1]->sym.empty()) {
        const bool lo_fwd = x->items[0]->k == VK::None || (x->items[0]->k == VK::Int && x->items[0]->i >= 0);
        const bool hi_end = x->items[1]->k == VK::None || (x->items[1]->k == VK::Int && x->items[1]->i < 0);
        if (lo_fwd && hi_end) {
          long long k = (x->items[1]->k == VK::Int ? x->items[1]->i : 0) - (x->items[0]->k == VK::Int ? x->items[0]->i : 0);
          if (k == 0) nd2 = t.shape[d];
          else if (auto lin = parse_linear(t.shape[d].sym)) {
            SymLin one;
            one.c = k;
            std::string e = linear_str(linear_add(*lin, one, 1));
            nd2 = Dim{std::max(0LL, n + k), e};
          }
        }
      }
      // a constant end past the symbolic dim's value (`embed[:, :64]` of a dynamic length 12: RETRO): torch's slice
      // clamps the end to the size (the guard `64 > s27`), so the size stays the symbol minus the start
      if (t.shape[d].is_sym() && st == 1 && x->items[1]->k == VK::Int && x->items[1]->sym.empty() && x->items[1]->i > n &&
          x->items[0]->sym.empty() && (x->items[0]->k == VK::None || (x->items[0]->k == VK::Int && x->items[0]->i >= 0 && x->items[0]->i <= n)))
        if (auto lin = parse_linear(t.shape[d].sym)) {
          SymLin start;
          start.c = -(x->items[0]->k == VK::Int ? x->items[0]->i : 0);
          std::string e = linear_str(linear_add(*lin, start, 1));
          nd2 = Dim{n + start.c, e.empty() ? "" : e};
          c.I.sym_relation_guard(std::to_string(x->items[1]->i) + " > " + t.shape[d].sym, true, c.loc);
        }
      // a constant negative start past the symbolic dim's value (`x[:, -8:]` of a dynamic length 6: decision-transformer's
      // get_action): torch's slice clamps the start to 0 (the guard `8 > s27`), so the size stays the symbol
      if (t.shape[d].is_sym() && st == 1 && x->items[1]->k == VK::None && x->items[0]->k == VK::Int && x->items[0]->sym.empty() &&
          x->items[0]->i < 0 && x->items[0]->i + n < 0) {
        nd2 = t.shape[d];
        c.I.sym_relation_guard(std::to_string(-x->items[0]->i) + " > " + t.shape[d].sym, true, c.loc);
      }
      // `[lo:]` with a SymInt lo: `[-n:]` (rotary tables sliced to the sequence: freqs[-seq_len:]) is n long, `[n:]`
      // the dim minus n (the guards keep lo inside the dim)
      if (st == 1 && x->items[1]->k == VK::None && x->items[0]->k == VK::Int && !x->items[0]->sym.empty() && lo == (x->items[0]->i < 0 ? x->items[0]->i + n : x->items[0]->i))
        if (auto ll = parse_linear(x->items[0]->sym)) {
          const Dim& dd = t.shape[d];
          auto ln = parse_linear(dd.is_sym() ? dd.sym : std::to_string(dd.v));
          SymLin size = x->items[0]->i < 0 ? linear_scale(*ll, -1) : ln ? linear_add(*ln, *ll, -1) : SymLin{};
          std::string e = linear_str(size);
          if (!e.empty() && e.find_first_not_of("-0123456789") != std::string::npos) nd2 = Dim{nd2.v, e};
        }
      // `[:n]` / `[0:n]` with a SymInt n inside the dim keeps the symbol (guarded by its hint)
      bool from0 = x->items[0]->k == VK::None || (x->items[0]->k == VK::Int && x->items[0]->sym.empty() && x->items[0]->i == 0);
      if (from0 && st == 1 && x->items[1]->k == VK::Int && !x->items[1]->sym.empty() && hi == x->items[1]->i)
        nd2 = Dim{hi, x->items[1]->sym};
      if (st == 1 && !nd2.is_sym() && (!x->items[0]->sym.empty() || !x->items[1]->sym.empty() || t.shape[d].is_sym()))
        if (auto e = slice_size_expr(t.shape[d], x->items[0], x->items[1])) nd2 = Dim{nd2.v, *e};
      s.push_back(nd2);
      if (has_st) sd.push_back(st == 1 ? t.stride[d] : dim_mul(t.stride[d], Dim{st, ""}));
      ++d;
      continue;
    }
    if (x->k == VK::List || x->k == VK::Tensor) {
      if (d >= rank) too_many(c, rank);
      std::vector<Dim> shape;
      bool bool_list = x->k == VK::List && !x->items.empty() &&
                       std::all_of(x->items.begin(), x->items.end(), [](const V& y) { return y->k == VK::Bool; });
      if (bool_list) {  // a list of Python bools is a boolean mask over this dim (torch makes it a bool tensor)
        if (in_compiled) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), c.loc);
        if (static_cast<long long>(x->items.size()) != t.shape[d].v)
          c.fail(fmt::format("The shape of the mask [{}] at index 0 does not match the shape of the indexed tensor [{}] at index {}",
                             x->items.size(), t.shape[d].v, d));
        long long n = std::count_if(x->items.begin(), x->items.end(), [](const V& y) { return y->b; });
        shape = {Dim{n, ""}};
        ++d;
      } else if (x->k == VK::List) {
        // a list of ints, or nested lists of them (an index tensor of that shape: Matrix-Capsules-EM's
        // `x[:, idxs, :, :]` of the patches' [[h + k for k in range(K)] for h in ...]); rectangular, as torch.tensor
        std::function<void(const V&, size_t)> walk = [&](const V& l, size_t depth) {
          if (depth == shape.size()) shape.push_back(Dim{static_cast<long long>(l->items.size()), ""});
          else if (shape[depth].v != static_cast<long long>(l->items.size()))
            c.I.raise_exc("ValueError", fmt::format("expected sequence of length {} at dim {} (got {})", shape[depth].v, depth, l->items.size()), c.loc);
          for (auto& y : l->items) {
            if (y->k == VK::List || y->k == VK::Tuple) { walk(y, depth + 1); continue; }
            if (y->k != VK::Int) c.fail("only lists of ints are supported as tensor indices by tparse");
            c.dim(y->i, static_cast<size_t>(t.shape[d].v));
          }
        };
        walk(x, 0);
        ++d;
      } else if (x->t->dtype == "bool" || x->t->dtype == "uint8") {
        if (in_compiled) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), c.loc);
        // ATen's mask check (expandTensors): each mask dim equals the indexed tensor's dim it covers, whatever the data
        auto dims_str = [](const std::vector<Dim>& sh) {
          std::string o = "[";
          for (size_t i = 0; i < sh.size(); ++i) o += (i ? ", " : "") + std::to_string(sh[i].v);
          return o + "]";
        };
        for (size_t j = 0; j < x->t->shape.size(); ++j)
          if (d + j >= rank || x->t->shape[j].v != t.shape[d + j].v)
            c.I.raise_exc("IndexError", fmt::format("The shape of the mask {} at index {} does not match the shape of the indexed tensor {} at index {}",
                                                    dims_str(x->t->shape), j, dims_str(t.shape), d + j), c.loc);
        // a mask over as many dims as it has: the count of true entries (its values decide)
        long long n = values::true_count(c.I, x, c.loc, "a boolean-mask index");
        shape = {Dim{n, ""}};
        d += std::max<size_t>(1, x->t->shape.size());
      } else {
        shape = x->t->shape;
        ++d;
      }
      if (adv_at < 0) adv_at = static_cast<long long>(s.size());
      else if (last_adv_pos != pos - 1) adv_split = true;
      last_adv_pos = pos;
      adv.push_back(shape);
      continue;
    }
    c.fail(fmt::format("unsupported index type {}", type_name(x)));
  }
  if (d > rank) too_many(c, rank);
  for (; d < rank; ++d) { s.push_back(t.shape[d]); if (has_st) sd.push_back(t.stride[d]); }
  if (!adv.empty()) {
    std::vector<Dim> b = adv[0];
    for (size_t i = 1; i < adv.size(); ++i) b = broadcast(c.I, b, adv[i], c.loc);
    size_t at = adv_split ? 0 : static_cast<size_t>(adv_at);
    s.insert(s.begin() + static_cast<long>(at), b.begin(), b.end());
  }
  o.shape = s;
  if (adv.empty() && has_st) o.stride = sd;  // basic indexing is a view: the base's strides (times the step)
  o.fill = t.fill;
  if (c.I.tracing()) {
    // a SymInt alone as the index: TensorVariable's __getitem__ is `torch.select(t, 0, i)` (a dynamic int argument,
    // RWKV's `emb[token]`)
    if (idx->k == VK::Int && !idx->sym.empty()) {
      std::vector<V> sel{c.self, mk_int(0), idx};
      return c.I.emit("call_function", "torch.select", "select", false, sel, {}, o, c.loc);
    }
    std::vector<V> all{c.self, idx};
    return c.I.emit("call_function", "getitem", "getitem", false, all, {}, o, c.loc);
  }
  // eagerly the result of a tensor that requires grad has a grad_fn (a slice is a view, an advanced index a copy: neither
  // is a leaf, so an in-place op on it is allowed: transformers' grouped MoE `hidden_states[perm // k].masked_fill_(..)`)
  return c.I.emit("call_function", "getitem", "getitem", false, {c.self, idx}, {}, o, c.loc);
}

V gather(OpCall& c) {
  V idx = c.name == "take_along_dim" ? c.arg(0, "indices") : c.arg(1, "index");
  if (!idx || idx->k != VK::Tensor) c.fail(c.name == "gather" ? "gather(input, dim, index)" : "take_along_dim(input, indices, dim)");
  TensorInfo o = c.like();
  if (c.name == "gather" && idx->t->shape.size() != c.rank() && c.rank() > 0)
    c.fail("Index tensor must have the same number of dimensions as input tensor");
  o.shape = idx->t->shape;
  return c.out(o);
}

// scatter(dim, index, src) and friends write into a copy of the input: the input's shape
V scatter(OpCall& c) {
  TensorInfo o = c.like();
  if (c.name == "index_put" || c.name == "index_put_") {
    V ind = c.arg(0, "indices");
    if (!ind || (ind->k != VK::Tuple && ind->k != VK::List)) c.fail(fmt::format("{}(indices, values): indices must be a tuple of tensors", c.name));
  } else {
    V d = c.arg(0, "dim");
    if (!d || d->k != VK::Int) c.fail(fmt::format("{}(dim, index, ...): dim must be an int", c.name));
    c.dim(d->i, c.rank());
    V idx = c.arg(1, "index");
    if (c.name != "masked_scatter" && (!idx || idx->k != VK::Tensor)) c.fail(fmt::format("{}(dim, index, ...): index must be a tensor", c.name));
  }
  if (c.name.back() == '_') return inplace(c);
  return c.out(o);
}

V index_select(OpCall& c) {
  TensorInfo o = c.like();
  V d = c.arg(0, "dim"), ind = c.arg(1, "index");
  if (!d || !ind || d->k != VK::Int || ind->k != VK::Tensor) c.fail("index_select(dim, index)");
  long long dd = c.dim(d->i, c.rank());
  if (ind->t->shape.size() > 1) c.fail("index_select(): Index is supposed to be a vector");
  o.shape[static_cast<size_t>(dd)] = ind->t->shape.empty() ? Dim{1, ""} : ind->t->shape[0];
  return c.out(o);
}

V repeat_interleave(OpCall& c) {
  const TensorInfo& t = c.t();
  TensorInfo o = c.like();
  V r = c.arg(0, "repeats");
  if (!r || (r->k != VK::Int && r->k != VK::Tensor)) c.fail("repeat_interleave(repeats, dim=None)");
  V dv = c.arg(1, "dim");
  long long reps = r->k == VK::Int ? r->i : -1;
  V out_size = c.kw("output_size");
  if (r->k == VK::Tensor) {  // per-element counts: the total is data (a uniform fill decides; else unknown)
    if (r->t->shape.empty()) {
      reps = r->t->fill ? static_cast<long long>(*r->t->fill) : 1;
    } else {
      // aten.repeat_interleave.Tensor's size is the repeats' sum: under fake tensors a dynamic output shape (GB0036,
      // NaViT's packing; program repeat_interleave_loop) unless output_size is given; eagerly the sum of known counts
      if (!(out_size && out_size->k == VK::Int)) {
        Activation& act = *c.I.stack_.back();
        if (act.ctx && act.ctx->mode != Mode::Eager) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.repeat_interleave.Tensor"), c.loc);
        const std::vector<double>* v = values::data(c.I, r);
        long long total = 0;
        if (v) for (double x : *v) total += static_cast<long long>(x);
        if (v) values::used(c.I, r);
        else c.I.note_unmodelled(c.loc, "repeat_interleave with repeats whose values tparse does not know (one each)");
        TensorInfo o2 = c.like();
        long long n = v ? total : r->t->shape[0].v;
        o2.shape = {Dim{n, ""}};
        if (V dd = c.arg(1, "dim"); dd && dd->k == VK::Int) {
          long long d = c.dim(dd->i, c.rank());
          o2.shape = t.shape;
          o2.shape[static_cast<size_t>(d)] = Dim{n, ""};
        }
        o2.stride.clear();
        return c.out(o2);
      }
    }
  }
  // (a symbolic size stays one: `3*s27` repeated along it, `4*s27` flattened from [2, s27] twice; a SymInt count too,
  // numpy's `np.repeat(p[np.newaxis], repeats=batch_size, axis=0)` of a dynamic batch: [s77, 6, 2])
  const Dim rd{reps, r->k == VK::Int ? r->sym : ""};
  if (!dv || dv->k == VK::None) {
    Dim n{1, ""};
    for (auto& d : t.shape) n = dim_mul(n, d);
    o.shape = {dim_mul(n, rd)};
  } else {
    long long d = c.dim(dv->i, c.rank());
    o.shape[static_cast<size_t>(d)] = dim_mul(t.shape[static_cast<size_t>(d)], rd);
  }
  o.stride.clear();
  return c.out(o);
}

// torch.searchsorted(sorted_sequence, values): int64 indices of the values' shape (a scalar value:
// 0-dim); torch.bucketize(input, boundaries): the input's shape.
V searchsorted(OpCall& c) {
  V seq = c.args.size() > 0 ? c.args[0] : nullptr, vals = c.args.size() > 1 ? c.args[1] : nullptr;
  if (!seq || !vals) c.fail(fmt::format("{}() takes two arguments", c.name));
  V shape_of = c.name == "bucketize" ? seq : vals;
  TensorInfo o;
  if (shape_of->k == VK::Tensor) { o.shape = shape_of->t->shape; o.device = shape_of->t->device; }
  if (c.name == "searchsorted" && seq->k == VK::Tensor && vals->k == VK::Tensor && seq->t->shape.size() > 1 &&
      (vals->t->shape.size() != seq->t->shape.size()))
    c.fail("searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match");
  V oi = c.kw("out_int32");
  o.dtype = oi && oi->k == VK::Bool && oi->b ? "int32" : "int64";
  return c.I.emit("call_function", "torch." + c.name, c.name, false, c.args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops
