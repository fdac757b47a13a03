// Graph recording (one FX node per op while a frame is being traced: inputs, arguments, nodes), graph
// breaks, broadcasting, and the Python operators on tensors (`a + b`, `a @ b`, `t += x`).
#include <fmt/format.h>

#include <cmath>

#include "torch/autograd/reach.hpp"
#include "torch/keep_alive.hpp"
#include "runtime/interp.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "dynamo/messages.hpp"
#include "torch/op_table.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

static const std::string kTorchRoot = "/opt/torch/.venv/lib/python3.12/site-packages/torch/";  // torch 2.11 on the device

int Interp::torch_frame(const V& t, const std::string& rel, int line, const std::string& fn, const std::string& code) {
  if (!t || !tracing()) return -1;
  Graph& g = stack_.back()->ctx->graph;
  auto it = g.tensor_node.find(t.get());
  if (it == g.tensor_node.end()) return -1;
  return torch_frame_node(it->second, rel, line, fn, code);
}
int Interp::torch_frame_node(int node, const std::string& rel, int line, const std::string& fn, const std::string& code) {
  if (node < 0 || !tracing()) return -1;
  Graph& g = stack_.back()->ctx->graph;
  Node& n = g.nodes[static_cast<size_t>(node)];
  if (n.op == "placeholder") return -1;
  n.file = kTorchRoot + rel;
  n.line = line;
  n.fn_name = fn;
  n.code = code;
  return node;
}

using KW = std::vector<std::pair<std::string, V>>;

void Interp::instruction_break(const std::string& gb_type, const std::string& msg, Location loc, bool dd) {
  try {
    graph_break(gb_type, msg, loc, dd);
  } catch (GraphBreak& gb) {
    gb.step = stack_.back()->depth == 0;
    throw;
  }
}

void Interp::graph_break(const std::string& gb_type, const std::string& msg, Location loc, bool dd) {
  GraphBreak gb;
  gb.gb_type = gb_type;
  gb.msg = msg;
  gb.loc = loc;
  gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
  // raised inside a bundled stub (a logger method, warnings.warn): Dynamo sees the user's call, not
  // the stub's body, so the break is located at the innermost user frame's line
  size_t k = stack_.size();
  while (k > 1 && is_stub(stack_[k - 1]->file)) --k;
  if (k < stack_.size()) {
    gb.loc = Location{stack_[k - 1]->cur_line, 0, stack_[k - 1]->file};
    gb.fn_name = stack_[k - 1]->fn ? stack_[k - 1]->fn->name : "<module>";
  }
  gb.data_dependent = dd;
  gb.traceback = user_traceback(gb.loc);  // while the inlined frames are still on the stack
  throw gb;
}

void Interp::stamp_node(Node& n, Location loc) const {
  // frames of torch's nn modules (our `__tparse_torch*` stubs: transformer.py) are left out of a node's stack
  // trace, as Dynamo filters torch's uninteresting files: the node shows the user's line that reached them
  // (numpy's functions, C in numpy, have no frame either)
  size_t top = stack_.size();
  // (a line of such a stub that names its torch origin, `#@`, is shown: torch_origin)
  const bool origin = top > 1 && hidden_stub_file(stack_[top - 1]->file) &&
                      code_line(stack_[top - 1]->file, stack_[top - 1]->cur_line, false).find("  #@ ") != std::string::npos;
  while (!origin && top > 1 && hidden_stub_file(stack_[top - 1]->file)) --top;
  const Activation& act = *stack_[top - 1];
  if (top < stack_.size()) loc = Location{};
  n.fn_name = act.in_genexpr ? "<genexpr>" : act.fn ? act.fn->name : "<module>";
  // the resume function's own code is a new code object: its nodes name it (`in torch_dynamo_resume_in_f_at_7`)
  if (act.depth == 0 && !act.in_genexpr && act.ctx && act.ctx->is_resume && act.ctx->code) n.fn_name = act.ctx->code->co_name;
  // a node made right in eval_frame's `inner` frame around a module (a built-in one's forward is torch's code):
  // no user frame, so FX prints no stack trace (real torch 2.11: program builtin_eval)
  if (act.depth == 0 && act.ctx && !act.ctx->wrapper_cls.empty() && act.fn && act.fn->name == "inner" && !act.cur_stmt) {
    n.line = 0;
    n.file.clear();
    n.code.clear();
    return;
  }
  // the line of the expression (a call or operator spanning lines of one statement), as Python's
  // instruction positions give it; otherwise the statement's line
  bool in_stmt = act.cur_stmt && loc.file == act.file && loc.line >= act.cur_line && loc.line <= std::max(act.cur_stmt->end_line, act.cur_line);
  n.line = in_stmt ? loc.line : act.cur_line;
  n.code = code_line(act.file, n.line, true);
  n.file = path_of(act.file);
  torch_origin(act.file, n);
}

// A line of a stub of torch's Python code that names its origin (`...  #@ optim/sgd.py:362`, or with the line's text
// there: `#@ optim/sgd.py:118 = for group in self.param_groups:`): the node shows torch's own file and line, as
// Dynamo inlining torch's file records it
void Interp::torch_origin(int file, Node& n) const {
  const size_t at = n.code.find("  #@ ");
  if (at == std::string::npos || !is_stub(file)) return;
  std::string d = n.code.substr(at + 5);
  std::string code = n.code.substr(0, at);
  if (size_t eq = d.find(" = "); eq != std::string::npos) { code = d.substr(eq + 3); d = d.substr(0, eq); }
  const size_t colon = d.rfind(':');
  if (colon == std::string::npos) return;
  n.file = kTorchRoot + d.substr(0, colon);
  n.line = std::atoi(d.c_str() + colon + 1);
  n.code = code;
}

int Interp::add_call(const std::string& target, const std::string& base, std::vector<Arg> args, Location loc, bool infix) {
  if (!tracing()) return -1;
  Graph& g = stack_.back()->ctx->graph;
  Node n;
  n.op = "call_function";
  n.target = target;
  n.infix = infix;  // (an operator written between its operands: `ne = l_mask_ != None`)
  n.args = std::move(args);
  n.name = g.unique_name(base);
  stamp_node(n, loc);
  g.nodes.push_back(std::move(n));
  return static_cast<int>(g.nodes.size()) - 1;
}

int Interp::node_of(const V& t) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  auto it = ctx.graph.tensor_node.find(t.get());
  if (it != ctx.graph.tensor_node.end()) return it->second;
  if (realize_optimizer_state(t)) return ctx.graph.tensor_node[t.get()];  // (a get_attr node, not an input)
  if (t->t->sparse) sparse_input(t, Location{act.cur_line, 0, act.file});  // (never wrapped: the frame is skipped)
  if (!t->t->np_refused.empty() && ctx.sources.count(t.get())) ndarray_refused_input(t, Location{act.cur_line, 0, act.file});
  auto src_it = ctx.sources.find(t.get());
  // a plain tensor attribute (not a parameter or buffer, not an entry input): its own dims (run_frame.cpp)
  // (a global tensor too, `G['pixel_coords']`: automatic dynamic from its sizes, real torch 2.11's SfmLearner)
  if (src_it != ctx.sources.end() && ctx.mode == Mode::Record && !t->t->is_param && !t->t->is_buffer &&
      (src_it->second.find('.') != std::string::npos || src_it->second.rfind("G['", 0) == 0) &&
      !ctx.tensorified.count(t.get()) && !t->t->np_array && !grad_source(src_it->second))
    lazy_input_dims(ctx, t, src_it->second);
  std::string src = src_it != ctx.sources.end() ? src_it->second : fmt::format("tmp{}", ctx.graph.nodes.size());
  // L['self']._modules['lin']._parameters['weight'] -> L_self_modules_lin_parameters_weight_
  // (a dict key's source, `list(dict.keys(G['state']))[0]`, is written out whole as a global's)
  const bool key_src = src.rfind("list(dict.keys(", 0) == 0;
  // (a Parameter built before the graph from an input's data: `SYNTHETIC_LOCAL['tmp_0']`, unguarded; torch/ops/value.cpp)
  const bool synthetic = src.rfind("SYNTHETIC_LOCAL['", 0) == 0;
  bool global = src.rfind("G['", 0) == 0 || key_src || synthetic;
  std::string full = global ? src : "L['" + src.substr(0, src.find_first_of(".[")) + "']" + src.substr(std::min(src.size(), src.find_first_of(".[")));
  // a dict key's source names a frame local inside (`list(dict.keys(cache))[0]`): the local is `L['cache']` there too
  // (real torch 2.11, program dict_objkey_cache: L_cache_list_dict_keys_L_cache_0_)
  full = qualify_dict_keys(full);
  std::string ident;
  bool last_us = false;
  for (char c : full) {
    bool ok = std::isalnum(static_cast<unsigned char>(c));
    if (ok) { ident += c; last_us = false; }
    else if (!last_us) { ident += '_'; last_us = true; }
  }
  // Dynamo's name is re.sub("[^a-zA-Z0-9]+", "_", source.name()): `L['x']` -> L_x_, `L['self'].pe` -> L_self_pe
  if (src_it == ctx.sources.end() && !ident.empty() && ident.back() != '_') ident += '_';
  Node n;
  n.op = "placeholder";
  n.placeholder_src = ident;
  // FX names a placeholder by `_snake_case(target)` (torch/fx/graph.py): `_` before a capital that follows a
  // lower-case letter, then lower case (`L_..._parameters_A_log_` -> `l_..._parameters_a_log_`)
  std::string lower;
  for (size_t i = 0; i < ident.size(); ++i) {
    unsigned char ch = static_cast<unsigned char>(ident[i]);
    if (i > 0 && std::isupper(ch) && std::islower(static_cast<unsigned char>(ident[i - 1]))) lower += '_';
    lower += static_cast<char>(std::tolower(ch));
  }
  n.name = ctx.graph.unique_name(lower);
  n.meta = *t->t;
  n.has_meta = true;
  // symbolic placeholders for dynamic dims come first
  for (auto& d : t->t->shape) {
    if (!d.is_sym()) continue;
    bool have = false;
    for (auto& x : ctx.graph.nodes) have = have || (x.is_sym && x.name == d.sym);
    if (!have) ctx.graph.add_sym_placeholder(d.sym);  // the symbol's node (symbols/symint.cpp)
  }
  // a dynamic stride's own symbol (automatic dynamic of a stride: `i64[2, 1][s7, 1]`) after the sizes' (a stride that
  // is a product of size symbols has no symbol of its own)
  for (auto& d : t->t->stride) {
    if (!d.is_sym() || d.sym.size() < 2 || d.sym[0] != 's' ||
        !std::all_of(d.sym.begin() + 1, d.sym.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) != 0; }))
      continue;
    bool have = false;
    for (auto& x : ctx.graph.nodes) have = have || (x.is_sym && x.name == d.sym);
    if (!have) ctx.graph.add_sym_placeholder(d.sym);
  }
  // a symbolic storage offset's symbol, after the strides' (bind_symint of the fake tensor's storage_offset())
  if (src_it != ctx.sources.end())
    if (auto off = ctx.offset_syms.find(src_it->second); off != ctx.offset_syms.end()) {
      bool have = false;
      for (auto& x : ctx.graph.nodes) have = have || (x.is_sym && x.name == off->second);
      if (!have) ctx.graph.add_sym_placeholder(off->second);
      n.offset_sym = off->second;
    }
  ctx.graph.nodes.push_back(n);
  int id = static_cast<int>(ctx.graph.nodes.size()) - 1;
  if (src_it != ctx.sources.end()) {
    size_t cut = std::min(src.size(), src.find_first_of(".["));
    const bool scalar = ctx.tensorified.count(t.get()) > 0;  // ___as_tensor(L['scale']) / ___as_tensor(G['SCALE'])
    std::string L = "L['" + src.substr(0, cut) + "']" + src.substr(cut);
    describe_input(ctx, *t->t, key_src ? full : scalar ? "___as_tensor(" + full + ")" : t->t->np_array ? "___from_numpy(" + (global ? full : L) + ")" : global ? full : L);
  }
  ctx.graph.tensor_node[t.get()] = id;
  keep_graph_value(t);
  if (placeholder_log_) placeholder_log_->push_back(t);
  // (a gradient's TENSOR_MATCH is not kept: our `.grad` is made when read, so the guard could not see the next one)
  const bool grad = grad_source(src);
  // (a global tensor is TENSOR_MATCHed as an argument is: `G['pixel_coords']` replaced by one of another shape
  // recompiles; a dict key's source is not guarded here)
  if (src_it != ctx.sources.end() && !key_src && !grad && !synthetic && !ctx.tensorified.count(t.get())) {  // a tensorified float: LAMBDA_GUARDs
    TensorGuard g;
    g.src = src;
    g.t = *t->t;
    g.where = guard_comment(Location{stack_.back()->cur_line, 0});
    g.offset_sym = ctx.offset_syms.count(src) ? ctx.offset_syms.at(src) : "";
    if (auto b = ctx.base_syms.find(src); b != ctx.base_syms.end()) {
      g.base_dims = b->second;
      if (t->view_base) g.base_sizes = *t->view_base;
    }
    if (src.find("._parameters['") != std::string::npos || src.find("._buffers['") != std::string::npos) g.tagged = t;
    ctx.tguards.push_back(g);
  }
  return id;
}

Arg Interp::to_arg(const V& v) {
  Arg a;
  switch (v->k) {
    case VK::Tensor: a.node = node_of(v); return a;
    case VK::List: case VK::Tuple:
      if (v->k == VK::Tuple && v->sym_node >= 0) for (size_t i = 0; i < v->items.size(); ++i) materialize_item(v, i);
      if (v->k == VK::Tuple && tracing()) {  // a tuple a node produced (einops' packed shapes): that node
        const Graph& g = stack_.back()->ctx->graph;
        if (auto it = g.symint_node.find(v.get()); it != g.symint_node.end()) { a.node = it->second; return a; }
      }
      if (v->size_tuple && tracing()) {  // a torch.Size holding a SymInt is built in the graph
        bool symbolic = false;
        for (auto& x : v->items) symbolic = symbolic || !x->sym.empty();
        if (symbolic) {
          // a size read passed whole (`v.expand(x.shape)`): its `size = x.size()` proxy, when x is in the graph
          FrameCtx& ctx = *stack_.back()->ctx;
          auto rd = ctx.size_reads.find(v.get());
          if (rd != ctx.size_reads.end() && ctx.graph.tensor_node.count(ctx.graph.shadows[static_cast<size_t>(rd->second.second)].tensor.get())) {
            a.shadow = rd->second.second;
            ctx.direct_shadows = true;
            return a;
          }
          a.node = size_node(v);
          return a;
        }
      }
      a.is_seq = true;
      a.is_tuple = v->k == VK::Tuple;
      // a range() is a constant argument printed as such (`x.new_tensor(range(0, 4), ...)`: fla's retention)
      if (v->k == VK::List && !v->range_repr.empty()) { a.is_seq = false; a.lit = v->range_repr; return a; }
      for (auto& x : v->items) a.seq.push_back(to_arg(x));
      return a;
    case VK::Slice:  // a SymInt bound is its node (`slice(None, mul_1, None)`)
      a.is_seq = a.is_slice = true;
      for (auto& x : v->items) a.seq.push_back(x->k == VK::Int ? sym_arg(x) : Arg{-1, py_repr(x)});
      return a;
    case VK::Int: return sym_arg(v);
    case VK::Float:
      if (v->sym_node >= 0) { a.node = v->sym_node; return a; }
      a.lit = py_repr(v);
      return a;
    case VK::Builtin:
      if (v->s == "Ellipsis") { a.lit = "Ellipsis"; return a; }
      a.lit = py_repr(v);
      return a;
    default: a.lit = py_repr(v); return a;
  }
}

V Interp::emit(const std::string& op, const std::string& target, const std::string& base, bool infix,
               const std::vector<V>& args, const KW& kwargs, TensorInfo out, Location loc) {
  if (out.stride.size() != out.shape.size()) out.stride = contiguous_strides(out.shape);
  if (!grad_enabled_) out.requires_grad = false;
  // a result that requires grad because an input does has a grad_fn (a factory's requires_grad=True makes a leaf)
  out.grad_fn = false;
  out.grad_edge = nullptr;
  if (out.requires_grad) {
    for (const V& a : args) out.grad_fn = out.grad_fn || (a && a->k == VK::Tensor && a->t->requires_grad);
    for (const auto& kv : kwargs) out.grad_fn = out.grad_fn || (kv.second && kv.second->k == VK::Tensor && kv.second->t->requires_grad);
    out.grad_edge = grad_edge_over(args, kwargs);  // (what a backward from it reaches: torch/autograd/reach.hpp)
    if (out.grad_edge) out.grad_fn = true;
  }
  if (inference_mode_) out.inference = true;  // made under inference_mode: an inference tensor
  // a torch op's result is a tensor, never an ndarray (`t - K[0][2]`); torch._numpy's wrappers mark theirs
  if (target.rfind("torch__dynamo_utils_", 0) != 0) out.np_array = false;
  V res = mk_tensor(out);
  if (!tracing()) return res;
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  Node n;
  n.op = op;
  n.target = target;
  n.infix = infix;
  {
    const ScopedValue<Location> at(emit_loc_, loc);
    for (auto& a : args) n.args.push_back(to_arg(a));
    for (auto& [k, v] : kwargs) n.kwargs.push_back({k, to_arg(v)});
  }
  if (written_.first && !args.empty() && args[0].get() == written_.first && op == "call_function") {
    n.kwargs.insert(n.kwargs.begin(), {written_.first_name, n.args[0]});
    n.args.erase(n.args.begin());
    written_.first = nullptr;
  }
  if (!written_.renamed.empty() && (op == "call_function" || op == "call_method")) {
    for (auto& [k, a] : n.kwargs)
      for (const auto& [torch_name, as_written] : written_.renamed) if (k == torch_name) k = as_written;
    written_.renamed.clear();
  }
  n.name = g.unique_name(base);
  n.meta = *res->t;
  n.has_meta = true;
  stamp_node(n, loc);
  g.nodes.push_back(n);
  g.tensor_node[res.get()] = static_cast<int>(g.nodes.size()) - 1;
  keep_graph_value(res);
  return res;
}

// ---- shape helpers ----

std::vector<Dim> broadcast(Interp& I, const std::vector<Dim>& a, const std::vector<Dim>& b, Location loc) {
  size_t n = std::max(a.size(), b.size());
  std::vector<Dim> r(n);
  for (size_t i = 0; i < n; ++i) {
    const Dim* x = i + a.size() >= n ? &a[i + a.size() - n] : nullptr;
    const Dim* y = i + b.size() >= n ? &b[i + b.size() - n] : nullptr;
    if (!x) { r[i] = *y; continue; }
    if (!y) { r[i] = *x; continue; }
    // two symbolic sizes the broadcast needs equal, each as the replacements made so far write it (a mask's `s82` is
    // the first cache's `s88 + 1`, which a second layer's `s71 + 1` then meets)
    if (x->v == y->v && x->is_sym() && y->is_sym() && x->sym != y->sym && I.tracing()) {
      FrameCtx& ctx = *I.stack_.back()->ctx;
      Graph& g = ctx.graph;
      const std::string cx = g.canon(x->sym), cy = g.canon(y->sym);
      const bool bx = sym_bare_symbol(cx), by = sym_bare_symbol(cy);
      // two symbols: ShapeEnv._maybe_guard_rel replaces the one that sorts last by (hint, name) with the other (`s77`
      // -> `s17`: mse_loss(net(x), y)'s batches; `s17` -> `s0`: duck_sizing)
      if (x->v != 1 && sym_bare_symbol(x->sym) && sym_bare_symbol(y->sym) && bx && by) {
        if (cx != cy) g.replacements[std::max(cx, cy)] = std::min(cx, cy);
        r[i] = Dim{x->v, std::min(cx, cy)};
        continue;
      }
      // two sizes whose difference is k*(sa - sb) (`2*s27` and `2*s94` of cross_entropy's batch, `s38 + 1` and
      // `s94 + 1` of two padded point sets, `s52 + s77` and `s52 + s59` of two concatenations: BigGAN's G_D): the
      // guard's canonical form Eq(sa - sb, 0) solves for the symbol that sorts last by (hint, name), replaced by the other
      auto lx = parse_linear(cx), ly = parse_linear(cy);
      if (lx && ly) {
        const SymLin d = linear_add(*lx, *ly, -1);
        if (d.c == 0 && d.terms.size() == 2 && d.terms[0].second == -d.terms[1].second && d.terms[0].first.size() == 1 &&
            d.terms[1].first.size() == 1 && sym_bare_symbol(d.terms[0].first[0]) && sym_bare_symbol(d.terms[1].first[0])) {
          std::string sa = g.canon(d.terms[0].first[0]), sb = g.canon(d.terms[1].first[0]);
          if (sa != sb) {
            g.replacements[std::max(sa, sb)] = std::min(sa, sb);
            const std::map<std::string, std::string> rep{{std::max(sa, sb), std::min(sa, sb)}};
            r[i] = Dim{x->v, sym_substitute(cx, rep)};
            continue;
          }
        }
      }
      // a bare symbol against a sum of others (a decoding step's mask of length `s82` against the grown cache's
      // `s88 + 1`): Eq(s82, s88 + 1) is solved for the free symbol that sorts last by (hint, name); when that is the
      // bare one it stands for the sum from now on (ShapeEnv replacement; the mask prints `s88 + 1`, its own symbol's
      // placeholder goes); solved for one inside the sum it stays a guard here (real torch 2.11: program
      // sdpa_mask_length_is_cache_plus_one, ctrl's decoding steps)
      // (a sum holding a floor division `s91//2` is no solvable equation for ShapeEnv._maybe_guard_rel: it stays a
      // guard and the bare symbol keeps its name; Pyraformer's pyramid of lengths, real torch 2.11)
      if (x->v >= 2 && bx != by && (bx ? ly : lx) && (bx ? cy : cx).find("//") == std::string::npos) {
        const std::string& bare = bx ? cx : cy;
        const std::string& sum = bx ? cy : cx;
        auto hint = [&](const std::string& s) -> long long {
          auto it = ctx.sym_info.find(s);
          return it == ctx.sym_info.end() ? -1 : it->second.second;
        };
        bool largest = hint(bare) >= 0;
        for (const std::string& f : sym_free_symbols(sum)) {
          const long long h = hint(f);
          largest = largest && h >= 0 && f != bare && std::make_pair(h, f) < std::make_pair(hint(bare), bare);
        }
        if (largest && replacement_keeps_range(ctx, bare, sum)) {
          g.replacements[bare] = sum;
          r[i] = Dim{x->v, sum};
          continue;
        }
      }
    }
    // a bare symbol against a number (not 1): infer_size's `sizeA == sizeB` is a guard that specializes the symbol
    // (ShapeEnv: Eq(s77, 2) -> replacement; LeViT's cached bias under dynamic=True: program
    // dynamic_true_plain_tensor_attr)
    // (of value 1 too where the symbol is no size: a 0-d tensor input's item() — torch's _broadcast_shapes asks
    // guard_or_false(s58 == 1) on the hint, Eq(s58, 1) refines its range to one value: program
    // resume_zero_dim_tensor_size)
    if (x->v == y->v && (x->v >= 2 || (x->v == 1 && non_size_symbol(x->is_sym() ? x->sym : y->sym))) &&
        x->is_sym() != y->is_sym() && I.tracing()) {
      const Dim& s = x->is_sym() ? *x : *y;
      // (an expression linear in one symbol too, as the replacements write it: Eq(s67 + 1, 9) is solved for s67 — a
      // sliding-window mask of `cumulative_length + 1` columns against a cache's 9 keys, transformers' generate)
      const std::string cs = I.stack_.back()->ctx->graph.canon(s.sym);
      auto lin = sym_bare_symbol(cs) ? std::nullopt : parse_linear(cs);
      if (sym_bare_symbol(s.sym) || sym_bare_symbol(cs) ||
          (lin && lin->terms.size() == 1 && lin->terms[0].first.size() == 1 && sym_bare_symbol(lin->terms[0].first[0]) &&
           lin->terms[0].second != 0 && (x->v - lin->c) % lin->terms[0].second == 0)) {
        I.specialize_symbol(sym_bare_symbol(s.sym) ? s.sym : cs, loc);
        r[i] = Dim{x->v};
        continue;
      }
    }
    // equal sizes: torch._refs' _broadcast_shapes keeps the first operand's size (`x_3 + x_12` is x_3's `s77, 256`
    // whatever x_12's expressions: Swin's residual add)
    if (x->v == y->v) {
      r[i] = !x->is_sym() && y->is_sym() && sym_bare_symbol(y->sym) ? *y : *x;
      continue;
    }
    if (x->v == 1 && !x->is_sym()) { r[i] = *y; continue; }
    if (y->v == 1 && !y->is_sym()) { r[i] = *x; continue; }
    // an expression whose value is 1 here (`(s34//6)` of a pooled window): the ShapeEnv decides Eq(e, 1) on the
    // hint (a guard) and the dim broadcasts
    if (x->v == 1) { r[i] = *y; continue; }
    if (y->v == 1) { r[i] = *x; continue; }
    // (in a frame the fake tensor's torch._refs _broadcast_shapes check, a TorchRuntimeError that fails the compile:
    // VampPrior's `eps.mul(std)` of a FloatTensor(size) that Dynamo read as data, real torch 2.11)
    auto dims = [](const std::vector<Dim>& s) { std::string o; for (size_t k = 0; k < s.size(); ++k) o += (k ? ", " : "") + std::to_string(s[k].v); return o; };
    if (I.tracing()) {
      // common_shape starts all ones, each argument's dims from the right: a 1 takes the argument's, a differing
      // non-1 fails the check for that argument
      std::vector<long long> common(n, 1);
      size_t arg = 0;
      long long at = 0, len = 0;
      bool found = false;
      for (const std::vector<Dim>* sh : {&a, &b}) {
        for (long long k = -1; k >= -static_cast<long long>(sh->size()) && !found; --k) {
          long long& c = common[static_cast<size_t>(static_cast<long long>(n) + k)];
          const long long v = (*sh)[static_cast<size_t>(static_cast<long long>(sh->size()) + k)].v;
          if (c == 1) c = v;
          else if (v != 1 && c != v) { found = true; at = k; len = v; }
        }
        if (found) break;
        ++arg;
      }
      std::string cs;
      for (size_t k = 0; k < common.size(); ++k) cs += (k ? ", " : "") + std::to_string(common[k]);
      I.raise_fake("RuntimeError", fmt::format("Attempting to broadcast a dimension of length {} at {}! Mismatching argument at "
                                               "index {} had torch.Size([{}]); but expected shape should be broadcastable to [{}]",
                                               len, at, arg, dims(arg == 0 ? a : b), cs), loc);
    }
    // (eagerly tparse's own stop, not a Python exception: a mismatch there mostly comes from data tparse guessed, and
    // the run goes on approximate from it — Tacotron's decoder after an item() of unknown data)
    auto shp = [](const std::vector<Dim>& s) { std::string o = "["; for (size_t k = 0; k < s.size(); ++k) o += (k ? ", " : "") + s[k].str(); return o + "]"; };
    I.error(loc, fmt::format("shape mismatch: cannot broadcast {} and {}", shp(a), shp(b)));
  }
  return r;
}


static TensorInfo like(const TensorInfo& t) {
  TensorInfo o;
  o.shape = t.shape;
  o.dtype = t.dtype;
  o.device = t.device;
  o.requires_grad = t.requires_grad;
  return o;
}

V Interp::tensor_binop(const std::string& op, V a, V b, Location loc, bool reflected) {
  // `t == None` (pathformer's `if intra_out_concat == None`): Tensor.__eq__ turns eq's TypeError into NotImplemented and
  // Python falls back to identity, False (`!=`: True); a string or a container the same
  if ((op == "==" || op == "!=") && b &&
      (b->k == VK::None || b->k == VK::Str || b->k == VK::List || b->k == VK::Tuple || b->k == VK::Dict))
    return mk_bool(op == "!=");
  V r = tensor_binop_shape(op, a, b, loc, reflected);
  values::after_binop(*this, op, a, b, reflected, r);  // eager: the result's element values (torch/values/values.hpp)
  if ((op == "==" || op == "!=") && r && r->k == VK::Tensor && !values::data(*this, r) && !r->t->fill) {
    r->t->eq_cmp = op == "==" ? 1 : -1;  // (one element: a branch on it; more: all / any of it, torch/ops/reduce.cpp)
  }
  // `w -= lr * w.grad` eagerly: Tensor.__isub__ writes w and returns w itself, the same object (its .grad, its leaf
  // status, every name bound to it): the written data is what changes (a hand-written SGD step). (In a frame the
  // result is the iadd node's value, rebound as Dynamo does.)
  const bool inplace = op.size() >= 2 && op.back() == '=' && op != "==" && op != "!=" && op != "<=" && op != ">=";
  if (inplace && !tracing() && r && r != a && a->k == VK::Tensor && r->k == VK::Tensor && r->t->shape == a->t->shape) {
    if (r->t->fill) a->t->fill = r->t->fill;
    else a->t->fill.reset();
    // the written tensor's autograd history is the op's: both operands' ancestry (`out += self.shortcut(x)`: a
    // backward reaches the shortcut's parameters; SupContrast's ResNet)
    if (grad_enabled_ && r->t->requires_grad) {
      a->t->requires_grad = a->t->grad_fn = true;
      a->t->grad_edge = r->t->grad_edge;
    }
    return a;
  }
  // in a frame the result stands for the same tensor: its attributes (.grad) and leaf state are the written tensor's
  if (inplace && tracing() && r && r != a && a->k == VK::Tensor && r->k == VK::Tensor && r->t->shape == a->t->shape) {
    for (const auto& [k, v] : a->attrs) if (!r->attrs.count(k)) r->attrs[k] = v;
    // (with grad on, a tensor that did not require grad written from one that does requires it from then on, no
    // leaf: Tacotron's `self.cumulative += self.attention` on zeros the frame made; real torch 2.11)
    const bool gains_grad = grad_enabled_ && !a->t->requires_grad && r->t->requires_grad;
    if ((!grad_enabled_ || !a->t->grad_fn) && !gains_grad) {
      r->t->requires_grad = a->t->requires_grad;
      r->t->grad_fn = a->t->grad_fn;
      r->t->user_leaf = a->t->user_leaf;
    }
  }
  return r;
}

V Interp::tensor_binop_shape(const std::string& op, V a, V b, Location loc, bool reflected) {
  static const std::map<std::string, std::string> names = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "truediv"}, {"//", "floordiv"}, {"%", "mod"}, {"@", "matmul"},
      {"**", "pow"}, {"<", "lt"}, {">", "gt"}, {"<=", "le"}, {">=", "ge"}, {"==", "eq"}, {"!=", "ne"},
      {"&", "and_"}, {"|", "or_"}, {"neg", "neg"}, {"pos", "pos"}, {"invert", "invert"},
      {"^", "xor"}, {">>", "rshift"}, {"<<", "lshift"},
      {"+=", "iadd"}, {"-=", "isub"}, {"*=", "imul"}, {"/=", "itruediv"}, {"//=", "ifloordiv"}, {"%=", "imod"},
      {"**=", "ipow"}, {"&=", "iand"}, {"|=", "ior"}, {"^=", "ixor"}, {">>=", "irshift"}, {"<<=", "ilshift"}};
  auto it = names.find(op);
  if (it == names.end()) error(loc, fmt::format("unsupported tensor operator {}", op));
  // an operator on a numpy value traced in the frame (and a number or another such value): Dynamo's
  // numpy_operator_wrapper, a node `torch__dynamo_utils_wrapped_sub(a, b)` whose result is a numpy value again
  if (V r = np_traced::binop(*this, op, a, b, reflected, loc)) return r;
  // Under a torch function mode (torch.set_default_device) Dynamo's BuiltinVariable remaps an operator
  // on a tensor to the Tensor method its __torch_function__ receives (builtin.py BUILTIN_TO_TENSOR_FN_MAP /
  // _RFN_MAP, filled by running each operator under a mode; the names are those of the C bindings in
  // python_variable_methods.cpp and of _tensor.py's Python dunders) and inlines the mode: the node is a
  // call_method with the tensor first. getitem / setitem stay operator calls.
  auto put = [&](const std::string& pyop, std::vector<V> args, TensorInfo o) -> V {
    if (!torch_function_mode_) return emit("call_function", pyop, it->second, true, args, {}, o, loc);
    static const std::map<std::string, std::string> fwd = {
        {"add", "add"}, {"sub", "sub"}, {"mul", "mul"}, {"truediv", "div"}, {"floordiv", "__floordiv__"},
        {"mod", "remainder"}, {"matmul", "__matmul__"}, {"pow", "pow"}, {"lt", "lt"}, {"gt", "gt"}, {"le", "le"},
        {"ge", "ge"}, {"eq", "eq"}, {"ne", "ne"}, {"and_", "__and__"}, {"or_", "__or__"}, {"neg", "neg"},
        {"pos", "positive"}, {"invert", "bitwise_not"}, {"iadd", "add_"}, {"isub", "sub_"}, {"imul", "mul_"}, {"itruediv", "div_"},
        {"xor", "__xor__"}, {"rshift", "__rshift__"}, {"lshift", "__lshift__"}, {"ifloordiv", "__ifloordiv__"}, {"imod", "__imod__"},
        {"ipow", "pow_"}, {"iand", "__iand__"}, {"ior", "__ior__"}, {"ixor", "__ixor__"}, {"irshift", "__irshift__"}, {"ilshift", "__ilshift__"}};
    static const std::map<std::string, std::string> rev = {
        {"sub", "__rsub__"}, {"truediv", "__rdiv__"}, {"floordiv", "__rfloordiv__"}, {"mod", "__rmod__"}, {"pow", "__rpow__"},
        {"rshift", "__rrshift__"}, {"lshift", "__rlshift__"}};
    std::string m = fwd.at(it->second);
    if (reflected) {
      std::swap(args[0], args[1]);  // the tensor first
      auto r = rev.find(it->second);
      if (r != rev.end()) m = r->second;
    }
    return emit("call_method", m, m, false, args, {}, o, loc);
  };
  TensorInfo& ta = *a->t;
  if (op == "neg" || op == "pos" || op == "invert") {  // `~t`: operator.invert (bitwise not; logical not of bools)
    TensorInfo o = like(ta);
    o.stride = elementwise_strides(o.shape, {&ta});
    if (ta.fill) o.fill = op == "neg" ? -*ta.fill : op == "invert" ? (ta.dtype == "bool" ? double(*ta.fill == 0) : -(*ta.fill) - 1) : *ta.fill;
    return put(op == "neg" ? "-" : op == "invert" ? "~" : "+", {a}, o);
  }
  if (b->k != VK::Tensor && b->k != VK::Int && b->k != VK::Float && b->k != VK::Bool && b->k != VK::Complex)
    error(loc, fmt::format("unsupported operand type(s) for {}: 'Tensor' and '{}'", op, type_name(b)));
  TensorInfo o = like(ta);
  if (op == "@") {
    if (b->k != VK::Tensor) error(loc, "matmul needs two tensors");
    auto& x = ta.shape; auto& y = b->t->shape;
    if (x.empty() || y.empty()) error(loc, "both arguments to matmul need to be at least 1D");
    const Dim& k1 = x.back();
    const Dim& k2 = y.size() >= 2 ? y[y.size() - 2] : y[0];
    if (k1.v != k2.v) error(loc, fmt::format("shape mismatch in matmul: {} vs {} (mat1 cols {} != mat2 rows {})", meta_str(ta), meta_str(*b->t), k1.str(), k2.str()));
    if (reflected) same_matmul_dtypes(*this, *b->t, ta, loc);
    else same_matmul_dtypes(*this, ta, *b->t, loc);
    // (the contraction dims' equality is a guard: a symbol against a static weight's size is specialized to it, two
    // symbols unify, as torch.matmul's rule does; program parameter_argument_stays_static: `tokens @ weights[0]`)
    if (tracing()) broadcast(*this, {k1}, {k2}, loc);
    std::vector<Dim> bx(x.begin(), x.end() - std::min<size_t>(2, x.size()));
    std::vector<Dim> by(y.begin(), y.end() - std::min<size_t>(2, y.size()));
    o.shape = broadcast(*this, bx, by, loc);
    if (x.size() >= 2) o.shape.push_back(x[x.size() - 2]);
    if (y.size() >= 2) o.shape.push_back(y.back());
    o.requires_grad = ta.requires_grad || b->t->requires_grad;
    if (ta.fill && b->t->fill) o.fill = *ta.fill * *b->t->fill * static_cast<double>(k1.v);
    std::vector<V> args = reflected ? std::vector<V>{b, a} : std::vector<V>{a, b};
    tparse::compiler::autocast_dtype(*this, "matmul", o);
    return put("@", args, o);
  }
  std::optional<double> fb;
  if (b->k == VK::Tensor) {
    o.shape = broadcast(*this, ta.shape, b->t->shape, loc);
    // torch's result_type: a 0-dim tensor only decides the dtype when its category (bool < int < float <
    // complex) is higher than the dim-ful operand's (f16 tensor * f32 0-dim -> f16; i64 tensor * f32 0-dim -> f32)
    auto cat = [](const std::string& d) { return d == "bool" ? 0 : d.find("int") != std::string::npos ? 1 : d.rfind("complex", 0) == 0 ? 3 : 2; };
    bool a0 = ta.shape.empty(), b0 = b->t->shape.empty();
    if (a0 != b0 && cat(ta.dtype) == cat(b->t->dtype)) o.dtype = a0 ? b->t->dtype : ta.dtype;
    else o.dtype = promote_dtype(ta.dtype, b->t->dtype);
    o.requires_grad = ta.requires_grad || b->t->requires_grad;
    fb = b->t->fill;
  } else {
    fb = b->k == VK::Float ? b->f : b->k == VK::Bool ? b->b : static_cast<double>(b->i);
    if (b->k == VK::Float && ta.dtype.find("float") == std::string::npos && ta.dtype.rfind("complex", 0) != 0) o.dtype = "float32";
    // a Python int outranks a bool tensor in result_type: `mask * -10000` is int64 (an in-place op keeps the tensor's)
    if (b->k == VK::Int && ta.dtype == "bool" && !(op.size() >= 2 && op.back() == '=' && op != "==" && op != "!=" &&
                                                   op != "<=" && op != ">="))
      o.dtype = "int64";
    if (b->k == VK::Complex) {  // a Python complex: the complex type of the tensor's precision (result_type: f64 -> c128,
      fb.reset();               // f16 -> complex32, others -> the default complex64); complex tensors keep theirs
      if (ta.dtype.rfind("complex", 0) != 0) o.dtype = ta.dtype == "float64" ? "complex128" : ta.dtype == "float16" ? "complex32" : "complex64";
    }
  }
  bool cmp = op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
  const bool inplace = op.size() >= 2 && op.back() == '=' && !cmp;  // `t += x`, `t >>= 1`, ...
  const TensorInfo* tb = b->k == VK::Tensor ? b->t.get() : nullptr;
  // (`2 - t` is aten.rsub, not one of the fast binary ops)
  const bool fast = (op == "+" || op == "*" || op == "/" || (op == "-" && !reflected));
  if (inplace) check_leaf_inplace(ta, loc);
  if (inplace && o.shape == ta.shape) o.stride = ta.stride;
  else o.stride = fast ? fast_binary_strides(o.shape, {&ta, tb}) : elementwise_strides(o.shape, {&ta, tb});
  const std::string bop = inplace ? op.substr(0, op.size() - 1) : op;  // the arithmetic of an in-place operator
  if (cmp) { o.dtype = "bool"; o.requires_grad = false; }
  if (bop == "/" && o.dtype.find("float") == std::string::npos && o.dtype.rfind("complex", 0) != 0) o.dtype = "float32";
  if (ta.fill && fb) {
    double x = reflected ? *fb : *ta.fill, y = reflected ? *ta.fill : *fb;
    double r = 0;
    if (bop == "+") r = x + y; else if (bop == "-") r = x - y; else if (bop == "*") r = x * y;
    else if (bop == "/") r = y == 0 ? INFINITY : x / y; else if (bop == "**") r = std::pow(x, y);
    else if (bop == "//") r = y == 0 ? INFINITY : std::floor(x / y);
    else if (bop == "%") r = y == 0 ? NAN : x - std::floor(x / y) * y;
    else if (bop == ">>" || bop == "<<" || bop == "&" || bop == "|" || bop == "^") {
      long long xi = static_cast<long long>(x), yi = static_cast<long long>(y);
      r = static_cast<double>(bop == ">>" ? xi >> yi : bop == "<<" ? xi << yi : bop == "&" ? xi & yi : bop == "|" ? xi | yi : xi ^ yi);
    }
    else if (op == "<") r = x < y; else if (op == ">") r = x > y; else if (op == "<=") r = x <= y;
    else if (op == ">=") r = x >= y; else if (op == "==") r = x == y; else if (op == "!=") r = x != y;
    o.fill = r;
  }
  // Tensor `==` is recorded as the method `a.__eq__(b)` (every `==` of the real transformers-population traces,
  // 322 of 322; `!=`, `<=`, ... stay operator call_functions); explain does not count it
  if (op == "==") return emit("call_method", "__eq__", "eq", false, {a, b}, {}, o, loc);
  std::vector<V> args = reflected ? std::vector<V>{b, a} : std::vector<V>{a, b};
  return put(op, args, o);
}

V Interp::tensorified_float(const std::string& source, const std::string& src, V v, Location loc, bool guard) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  auto done = ctx.sym_globals.find(source);
  if (done != ctx.sym_globals.end()) return done->second;
  std::string line = code_line(loc.file, loc.line, true);
  if (guard) {  // a global's guard (an argument's is made with the frame's inputs)
    ValueGuard g = ValueGuard::python_float(src, v, true);
    g.comment = fmt::format("# {}  # {}:{} in {} (HINT: type float)", line, short_path(loc.file), loc.line, act.fn ? act.fn->name : "<module>");
    ctx.vguards.push_back(g);
  }
  // the graph input: ___as_tensor(G['SCALE']) / ___as_tensor(L['scale']) as a 0-dim float64 tensor, then .item() ->
  // SymFloat, its symbol named from the source (ShapeEnv: zf69 for L['scale'])
  TensorInfo ti;
  ti.dtype = "float64";
  V t = mk_tensor(ti);
  ctx.sources.of(t) = src;
  ctx.tensorified.insert(t.get());
  int ph = node_of(t);
  Node n;
  n.op = "call_method";
  n.target = "item";
  n.name = ctx.graph.unique_name("item");
  n.args.push_back(Arg{ph, ""});
  n.sym_type = fmt::format("Sym(zf{})", sym_source_id(source));
  n.line = loc.line;
  n.fn_name = act.in_genexpr ? "<genexpr>" : act.fn ? act.fn->name : "<module>";
  // the resume function's own code is a new code object: its nodes name it (`in torch_dynamo_resume_in_f_at_7`)
  if (act.depth == 0 && !act.in_genexpr && act.ctx && act.ctx->is_resume && act.ctx->code) n.fn_name = act.ctx->code->co_name;
  // an argument is wrapped by the frame's own code, even where a generator expression of it reads it first
  if (source.rfind("L['", 0) == 0 && act.in_genexpr && act.ctx && act.ctx->code) n.fn_name = act.ctx->code->co_name;
  n.code = line;
  n.file = path_of(loc.file);
  torch_origin(loc.file, n);
  n.accessor = true;  // unused, it goes with its input (remove_unused_graphargs: a float the frame never computed with)
  ctx.graph.nodes.push_back(n);
  auto f = mk_float(v->f);
  f->guess = v->guess;  // (a number guessed from unknown tensor data stays a guess as a symbol)
  f->sym_node = static_cast<int>(ctx.graph.nodes.size()) - 1;
  // its symbol: arithmetic on it is SymFloat arithmetic (`mul = 0.001 * item`, AdamW's `1 - lr * weight_decay`)
  f->sym = n.sym_type.substr(4, n.sym_type.size() - 5);
  ctx.graph.sym_proxy[f->sym] = f->sym_node;
  ctx.sym_globals[source] = f;
  ctx.float_srcs[f->sym] = src;
  return f;
}

}  // namespace tparse::compiler
