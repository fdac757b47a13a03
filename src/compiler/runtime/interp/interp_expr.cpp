// Interpreter: expression evaluation (names, literals, operators, calls, comprehensions, f-strings)
// and assignment to targets (names, attributes, subscripts, unpacking).
#include <fmt/format.h>

#include <cmath>
#include <set>

#include "frontend/scopes.hpp"
#include "runtime/generator.hpp"
#include "runtime/interp.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

/// A set's items (sets are lists in this runtime): first occurrences, equal values dropped.
static std::vector<V> unique_items(const std::vector<V>& xs) { return unique_keys(xs); }

static V make_slice(V a, V b, V c) {
  auto s = std::make_shared<Obj>();
  s->k = VK::Slice;
  s->items = {a ? a : none(), b ? b : none(), c ? c : none()};
  return s;
}

V Interp::eval(const ExprP& e) {
  switch (e->k) {
    case EK::Name: {
      // the frame's first LOAD of each of its locals, in order (guard_check.cpp adds their roots)
      Activation& act = *stack_.back();
      // (a name read only to be returned, alone or as an item of the returned tuple / list display: real torch 2.11
      // compiles `return x * 2, n, r` once for every int n and float r, program return_arg_scalars_unguarded)
      const ScopedValue<bool> restore_returned(act.reading_returned_name, act.reading_returned_name);
      if (act.ctx && act.depth == 0 && act.cur_stmt && act.cur_stmt->k == SK::Return && act.cur_stmt->value) {
        const Expr* rv = act.cur_stmt->value.get();
        act.reading_returned_name = rv == e.get() || ((rv->k == EK::Tuple || rv->k == EK::List) &&
                                                      std::any_of(rv->a.begin(), rv->a.end(), [&](const ExprP& x) { return x.get() == e.get(); }));
      } else {
        act.reading_returned_name = false;
      }
      if (act.ctx && act.depth == 0 && act.ctx->mode == Mode::Record &&
          std::find(act.ctx->first_loads.begin(), act.ctx->first_loads.end(), e->s) == act.ctx->first_loads.end()) {
        act.ctx->first_loads.push_back(e->s);
        // one tensor passed as two arguments: VariableBuilder wraps it under the name read first; the other
        // name is a duplicate input (DUPLICATE_INPUT guard, no TENSOR_MATCH of its own)
        V v = lookup(e->s, e->loc);
        // (the duplicate's guard: the two arguments must stay one object, `queries is keys`, or the entry
        // recompiles: Autoformer's AutoCorrelationLayer called for self-attention, then cross-attention)
        if (v && v->k == VK::Tensor) {
          auto cur = act.ctx->sources.find(v.get());
          bool input = false;
          for (auto& [n, iv] : act.ctx->inputs) input = input || (n == e->s && iv.get() == v.get());
          if (input && cur != act.ctx->sources.end() && cur->second != e->s &&
              cur->second.find_first_of(".[") == std::string::npos &&
              std::find(act.ctx->first_loads.begin(), act.ctx->first_loads.end() - 1, cur->second) != act.ctx->first_loads.end() - 1) {
            ValueGuard g;
            g.src = e->s;
            g.src2 = cur->second;
            g.kind = "alias";
            g.code = cur->second + " is " + e->s;
            g.comment = guard_comment(e->loc);
            act.ctx->vguards.push_back(g);
          }
        }
        if (v && v->k == VK::Tensor && !act.ctx->graph.tensor_node.count(v.get())) {
          auto cur = act.ctx->sources.find(v.get());
          const auto& fl = act.ctx->first_loads;
          bool named = cur != act.ctx->sources.end() && std::find(fl.begin(), fl.end() - 1, cur->second) != fl.end() - 1;
          for (auto& [n, iv] : act.ctx->inputs)
            if (!named && n == e->s && iv.get() == v.get()) {
              if (cur != act.ctx->sources.end() && cur->second != n) move_alias_record(*act.ctx, cur->second, n);
              act.ctx->sources.of(v) = n;
            }
        }
        return v;
      }
      return lookup(e->s, e->loc);
    }
    case EK::None: return none();
    case EK::Ellipsis: return mk_builtin("Ellipsis");
    case EK::True: return mk_bool(true);
    case EK::False: return mk_bool(false);
    case EK::Int:  // a literal beyond 64 bits: its approximate value (no big integers in the runtime)
      return e->s.empty() ? mk_int(e->i) : mk_float(e->f);
    case EK::Imag: return mk_complex(0, e->f);
    case EK::Await: error(e->loc, "'await' is not supported by tparse (async code is parsed, not run)");
    case EK::NamedExpr: {
      V v = eval(e->a[0]);
      // PEP 572: inside a comprehension the name binds in the enclosing (non-comprehension) scope
      Activation& act = *stack_.back();
      auto saved = act.env;
      while (act.env->comprehension && act.env->parent) act.env = act.env->parent;
      auto n = std::make_shared<Expr>();
      n->k = EK::Name;
      n->s = e->s;
      n->loc = e->loc;
      try { assign(n, v); } catch (...) { act.env = saved; throw; }
      act.env = saved;
      return v;
    }
    case EK::Float: return mk_float(e->f);
    case EK::Str: return e->i ? mk_bytes(e->s) : mk_str(e->s);
    case EK::FStr: {
      std::string s;
      for (size_t i = 0; i < e->a.size(); ++i) {
        s += e->kw[i];
        V v = eval(e->a[i]);
        // the spec may hold nested fields (`{x:>{w}}`): an FStr evaluated first
        std::string spec = e->comps[i].target ? py_str(eval(e->comps[i].target)) : "";
        // FORMAT_VALUE of a SymInt asks for its Python int: the symbol is specialized (a recompile per new size)
        if (v->k == VK::Int && !v->sym.empty() && tracing()) {
          specialize_symbol(v->sym, e->loc, true);
          v = mk_int(v->i);
        }
        if (e->comps[i].iter && e->comps[i].iter->s != "s") v = mk_str(repr_of(v, e->loc));  // !r, !a (ascii ≈ repr)
        // Tensor.__format__ of a 0-dim tensor formats self.item() (`f"expert_{idx[0]}"`: switch_transformers' experts);
        // in a frame that item() is its graph break
        if (v->k == VK::Tensor && !v->t->shape.empty()) s += "tensor(...)";
        else s += format_with_spec(*this, v, spec, e->loc);
      }
      s += e->kw.back();
      return mk_str(s);
    }
    case EK::Attr: return getattr(eval(e->a[0]), e->s, e->loc);
    case EK::Subscript: {
      V obj = eval(e->a[0]);
      V idx = eval(e->a[1]);
      // `return a[i]`: a break at its BINARY_SUBSCR resumes nowhere either (the next instruction is RETURN_VALUE:
      // create_call_resume_at makes no resume function); an inner subscript of the returned value does
      Activation& act = *stack_.back();
      const ScopedValue<bool> restore(act.is_return_call, act.is_return_call && returned_expr(act, e.get()));
      return subscript_read(obj, idx, e->loc);
    }    case EK::Slice: {
      V lo = e->a[0] ? eval(e->a[0]) : nullptr, hi = e->a[1] ? eval(e->a[1]) : nullptr, st = e->a[2] ? eval(e->a[2]) : nullptr;
      // a tensor as a slice bound: Dynamo's SliceVariable takes its item(), which breaks the graph without
      // capture_scalar_outputs (pixtral's block mask: `causal_mask[start:end, start:end] = 0` over tensors)
      // (BUILD_SLICE, not a call: in the frame's own code the graph is compiled up to the statement)
      if (tracing())
        for (const V* b : {&lo, &hi, &st})
          if (*b && (*b)->k == VK::Tensor) {
            if ((*b)->t->np_array)  // an ndarray's __index__ is torch._numpy's item(): _local_scalar_dense (DeepCTR's lookups)
              instruction_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), e->loc);
            instruction_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), e->loc);
          }
      // eagerly a 0-d integer tensor is its __index__ (`xs[0:end]` with end = torch.tensor(2)); unknown data: a guess
      for (V* b : {&lo, &hi, &st})
        if (*b && (*b)->k == VK::Tensor) {
          const std::vector<double>* d = values::data(*this, *b);
          const auto& rv = (*b)->vals;
          if (d && d->size() == 1 && (*d)[0] == std::floor((*d)[0])) {
            *b = mk_int(static_cast<long long>((*d)[0]));
          } else if (!d && rv && rv->v.empty() && rv->lo <= rv->hi && rv->epoch >= unknown_write_epoch_) {
            // random data of a known range (nanoGPT's `data[i:i + block_size]` with i from torch.randint): its least
            // value, one the data may hold, so `i` and `i + k` keep their distance k (noted: the data is a guess)
            note_unmodelled(e->loc, "a tensor slice bound of random data (its least possible value taken)");
            ++guesses_;
            *b = mk_int(static_cast<long long>(std::ceil(rv->lo)));
          } else {
            note_unmodelled(e->loc, "a tensor slice bound whose value tparse does not know (taken as no bound)");
            ++guesses_;
            *b = none();
          }
        }
      return make_slice(lo, hi, st);
    }
    case EK::Call: {
      V callee = eval(e->a[0]);
      // sum / next / any / all over a generator expression (or map) written at the call: consumed lazily
      if (callee->k == VK::Builtin) {
        V r;
        if (lazy_consumer_call(e, callee, r)) return r;
      }
      std::vector<V> args;
      std::vector<std::pair<std::string, V>> kwargs;
      const FrameCtx* ctx_before = stack_.back()->ctx.get();
      const bool ex = eval_call_args(e.get(), args, kwargs);
      Activation& act = *stack_.back();
      // a tensor's method loaded before a break in its arguments (`self.w.mul(Variable(eps))`) is on the resume
      // function's stack: there it is a C method Dynamo skips (GB0007 `<unknown module>.Parameter.mul`), so the call
      // breaks again, a second resume at the same line (real torch 2.11: RL-Adventure's NoisyLinear)
      // (raised inside depth0_call, whose break handling compiles the resume so far and runs the call eagerly)
      // (a list's or dict's method too: `self.losses[k].append(loss.item())` breaks again at `list.append`, GB0007;
      // real torch 2.11, JointVAE's training step)
      if (act.depth == 0 && act.ctx && act.ctx.get() != ctx_before && act.ctx->is_resume && act.ctx->mode == Mode::Record &&
          callee->k == VK::Builtin && callee->self) {
        if (callee->s.rfind("tensor.", 0) == 0 && callee->self->k == VK::Tensor)
          stale_method_ = (callee->self->t->is_param ? "Parameter." : "Tensor.") + callee->s.substr(7);
        else if (callee->s.rfind("list.", 0) == 0 && callee->self->k == VK::List && !callee->self->cls)
          stale_method_ = (callee->self->is_set ? "set." : "list.") + callee->s.substr(5);
        else if (callee->s.rfind("dict.", 0) == 0 && callee->self->k == VK::Dict && !callee->self->cls)
          stale_method_ = callee->s;
      }
      if (act.ctx && act.ctx->mode != Mode::Eager && act.depth == 0) {
        // `return <this call>` resumes nowhere after a break; a call inside the returned expression
        // (`return f(x).relu()`) does: only the outermost one is the return call
        const ScopedValue<bool> restore(act.is_return_call, act.is_return_call && returned_expr(act, e.get()));
        // Python 3.12 (the torch 2.11 truth): a keyword call is KW_NAMES + CALL; CALL_KW is 3.13+
        return depth0_call(callee, args, kwargs, e->loc, ex ? "CALL_FUNCTION_EX" : "CALL");
      }
      return call(callee, std::move(args), std::move(kwargs), e->loc);
    }
    case EK::BinOp: {
      V l = eval(e->a[0]);  // left before right (function arguments have no evaluation order in C++)
      Activation& act = *stack_.back();
      const bool keep = act.ctx && act.depth == 0;  // (a cache hit replays the frame to its break too)
      if (keep) act.operands.emplace_back(e->a[0].get(), l);
      struct Pop { Activation& a; bool on; ~Pop() { if (on && !a.operands.empty()) a.operands.pop_back(); } } pop{act, keep};
      V r = eval(e->a[1]);
      if (keep && !act.operands.empty() && act.operands.back().first == e->a[0].get()) l = act.operands.back().second;  // (a resume's copy)
      return binop(e->s, l, r, e->loc);
    }
    case EK::UnaryOp: {
      V v = eval(e->a[0]);
      // `not` of a SymBool as a value (not compiled into a branch's jump): a node, no guard yet (Dynamo's `!=` of sequences)
      if (e->s == "not" && !e->jump && v->k == VK::Bool && !v->sym.empty() && tracing()) return sym_not(v, e->loc);
      if (e->s == "not") {  // in an assert, `not t` holds when t is false: a guess of t's truth follows that
        int want = assert_want_;
        assert_want_ = -want;
        bool t;
        try { t = truthy(v, e->loc); } catch (...) { assert_want_ = want; throw; }
        assert_want_ = want;
        return mk_bool(!t);
      }
      if (v->k == VK::Tensor) return tensor_binop(e->s == "-" ? "neg" : e->s == "~" ? "invert" : "pos", v, nullptr, e->loc, false);
      if (e->s == "~" && (v->k == VK::Int || v->k == VK::Bool)) return mk_int(~(v->k == VK::Int ? v->i : static_cast<long long>(v->b)));
      if (e->s == "-") {
        if (v->k == VK::Int && !v->sym.empty()) {  // a SymInt: `neg = -s70`
          V r = mk_int(-v->i);
          // sympy distributes the minus over a sum: -(x + 1) prints `-x - 1` (parakeet's `arange(L - 1, -L, -1)`)
          auto lin = sym_is_sum(v->sym) ? parse_linear(v->sym) : std::nullopt;
          if (lin) r->sym = linear_str(linear_scale(*lin, -1));
          else r->sym = v->sym.find_first_of(" +-") == std::string::npos ? "-" + v->sym : "-(" + v->sym + ")";
          sym_node("neg", "-", true, {v}, r, e->loc);
          return r;
        }
        if (v->k == VK::Int && v->guess >= 0) { V r = mk_int(-v->i); r->guess = v->guess; return r; }
        if (v->k == VK::Float && v->guess >= 0) { V r = mk_float(-v->f); r->guess = v->guess; return r; }
        // (a numpy scalar stays one: -np.prod(shape) is np.int64)
        if (is_np_scalar(v) && v->k != VK::Bool) {
          auto r = std::make_shared<Obj>(*v);
          if (v->k == VK::Int) r->i = -v->i;
          else r->f = -v->f;
          return r;
        }
        if (v->k == VK::Int) return mk_int(-v->i);
        if (v->k == VK::Float && (!v->sym.empty() || v->sym_node >= 0) && tracing()) {  // a SymFloat: `neg = -item`
          std::string base = v->sym;
          const Graph& g = stack_.back()->ctx->graph;
          if (base.empty() && static_cast<size_t>(v->sym_node) < g.nodes.size()) {  // a tensorified float: its item's symbol
            const std::string& st = g.nodes[static_cast<size_t>(v->sym_node)].sym_type;
            if (st.size() > 5) base = st.substr(4, st.size() - 5);
          }
          V r = mk_float(-v->f);
          r->sym = base.find_first_of(" +-") == std::string::npos ? "-" + base : "-(" + base + ")";
          sym_node("neg", "-", true, {v}, r, e->loc);
          return r;
        }
        if (v->k == VK::Float) return mk_float(-v->f);
        if (v->k == VK::Complex) return mk_complex(-v->f, -v->im);
        if (v->k == VK::Bool) return mk_int(-static_cast<int>(v->b));
      }
      if (e->s == "+" && v->k != VK::Instance && v->k != VK::Opaque) return v;
      if (v->k == VK::Opaque) {  // an unmodelled value (numpy's np.log(x) / n): the result is unknown too
        note_unmodelled(e->loc, "unary " + e->s + " on " + v->s);
        return mk_opaque("(" + e->s + v->s + ")");
      }
      if (v->k == VK::Instance && v->cls) {  // __neg__ / __pos__ / __invert__ of a user class
        const char* dunder = e->s == "-" ? "__neg__" : e->s == "+" ? "__pos__" : "__invert__";
        if (V m = class_attr(v, dunder, e->loc)) return call(m, {}, {}, e->loc);
      }
      if (e->s == "+" && v->k != VK::Instance) return v;
      error(e->loc, fmt::format("bad operand type for unary {}: '{}'", e->s, type_name(v)));
    }
    case EK::BoolOp: {
      V a = eval(e->a[0]);
      // the jump on the left operand is an instruction of its own, not the one on the whole test: its place is the
      // operand's (a data-dependent break there resumes at the right operand; the `if`'s jump is another resume)
      bool t = truthy(a, boolop_left_jump_at(*e));
      if (e->s == "and") return t ? eval(e->a[1]) : a;
      return t ? a : eval(e->a[1]);
    }
    case EK::Compare: {
      V left = eval(e->a[0]);
      V result;
      for (size_t i = 0; i < e->kw.size(); ++i) {
        V right = eval(e->a[i + 1]);
        result = compare(e->kw[i], left, right, e->loc);
        if (i + 1 < e->kw.size() && !truthy(result, e->loc)) return result;
        left = right;
      }
      return result;
    }
    case EK::IfExp: return truthy(eval(e->a[0]), e->loc) ? eval(e->a[1]) : eval(e->a[2]);
    case EK::Tuple: case EK::List: case EK::Set: {
      std::vector<V> xs;
      // (at depth 0 of a compiled frame the items built so far stay on the stack while the next runs, as a call's
      // arguments do: a break inside a later item hands a tensor one to the resume function, `return s, int(s.item())`
      // resumes with s as ___stack0, and the display goes on with the resume's copy; real torch 2.11:
      // p_return_tuple_item_local's resume_in_h_at_6)
      Activation& act = *stack_.back();
      const bool keep = act.ctx && act.depth == 0 && e->k != EK::Set;
      const OperandsMark pop(act);
      const size_t mark = pop.mark;
      bool starred = false;
      for (auto& x : e->a) {
        if (x->k == EK::Starred) { starred = true; for (auto& y : iterate(eval(x->a[0]), x->loc)) xs.push_back(y); }
        else {
          xs.push_back(eval(x));
          if (keep && !starred) act.operands.emplace_back(x.get(), xs.back());
        }
      }
      if (keep && !starred)
        for (size_t i = 0, o = mark; i < xs.size() && o < act.operands.size(); ++i, ++o)
          if (act.operands[o].first == e->a[i].get()) xs[i] = act.operands[o].second;
      if (e->k == EK::Set) xs = unique_items(xs);
      V r = e->k == EK::Tuple ? mk_tuple(xs) : mk_list(xs);
      r->is_set = e->k == EK::Set;
      return r;
    }
    case EK::Dict: {
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      auto put = [&](V k, V v) { dict_put(*d, k, v); };  // a later key replaces an earlier one in place
      for (size_t i = 0; i + 1 < e->a.size(); i += 2) {
        if (e->a[i]->k == EK::Starred && e->a[i]->s == "**") {
          V m = eval(e->a[i + 1]);
          if (m->k != VK::Dict) error(e->a[i + 1]->loc, fmt::format("'{}' object is not a mapping", type_name(m)));
          guard_dict_keys(m, e->a[i + 1]->loc, false);
          for (auto& kv : m->dict) put(kv.first, guard_container_read(m, kv.first, kv.second));
          continue;
        }
        V k = eval(e->a[i]);
        put(k, eval(e->a[i + 1]));
      }
      return d;
    }
    case EK::ListComp: case EK::GenExp: case EK::DictComp: case EK::SetComp: {
      Activation& act = *stack_.back();
      const bool own = act.depth == 0 && act.ctx && act.ctx->mode != Mode::Eager && e->k != EK::GenExp;
      // Dynamo 2.11 speculates the outermost list / dict comprehension of the frame's own code (PEP 709 inlines it)
      if (own && act.comp_depth == 0 && (e->k == EK::ListComp || e->k == EK::DictComp) &&
          !(cur_opts_ && cur_opts_->fullgraph))
        return speculate_comprehension(e);
      if (!own) return eval_comprehension(e);
      ++act.comp_depth;
      struct Leave { Activation& a; ~Leave() { --a.comp_depth; } } leave{act};
      return eval_comprehension(e);
    }
    case EK::Lambda: {
      auto f = std::make_shared<Obj>();
      f->k = VK::Func;
      f->fn = e->fn;
      f->closure = stack_.back()->env;
      for (auto& p : e->fn->params) f->defaults.push_back(p.def ? eval(p.def) : nullptr);
      return f;
    }
    case EK::Starred: error(e->loc, "can't use starred expression here");
    case EK::Yield: {
      V v = e->a.empty() ? none() : eval(e->a[0]);
      Activation& a = *stack_.back();
      if (!a.yields) error(e->loc, "'yield' outside a generator function");
      if (a.gen) {  // a lazy generator: each value suspends it (`yield from` steps a lazy inner one lazily)
        GenState* st = a.gen;
        if (e->s != "from") return gen_yield(*st, v);
        if (V ui = user_iterator(v, e->a[0]->loc)) {
          for (V x; user_next(ui, x, e->a[0]->loc);) gen_yield(*st, x);
        } else {
          for (auto& x : iterate(v, e->a[0]->loc)) gen_yield(*st, x);
        }
        return none();
      }
      if (e->s == "from") { for (auto& x : iterate(v, e->a[0]->loc)) a.yields->push_back(x); }
      else a.yields->push_back(v);
      return none();
    }
  }
  error(e->loc, "unsupported expression");
}

// A comprehension's own scope (PEP 572: `:=` binds in the enclosing one); a generator expression runs to completion
V Interp::eval_comprehension(const ExprP& e) {
  // a generator expression a traced sum() consumes lazily: each item goes to the sum as it is made
  std::function<void(V)> sink;
  if (e.get() == lazy_gen_expr_) {
    sink = std::move(lazy_gen_sink_);
    lazy_gen_expr_ = nullptr;
  }
  auto scope = std::make_shared<Env>();
  scope->comprehension = true;
  scope->parent = stack_.back()->env;
  auto saved = stack_.back()->env;
  stack_.back()->env = scope;
  std::vector<V> out;
  auto d = std::make_shared<Obj>();
  d->k = VK::Dict;
  std::function<void(size_t)> rec = [&](size_t ci) {
    if (ci == e->comps.size()) {
      if (e->k == EK::DictComp) {  // a repeated key replaces the earlier value in place
        V k = eval(e->a[0]);
        dict_put(*d, k, eval(e->a[1]));
      }
      else if (sink) {  // (the add is the caller's code, not the generator's: its node's stack names the caller)
        V x = eval(e->a[0]);
        Activation& a = *stack_.back();
        const bool g = a.in_genexpr;
        a.in_genexpr = false;
        struct Back { Activation& a; bool g; ~Back() { a.in_genexpr = g; } } back{a, g};
        sink(x);
      }
      else out.push_back(eval(e->a[0]));
      return;
    }
    Activation& here = *stack_.back();
    V it = ci == 0 && here.comp_pre_expr == e.get() ? here.comp_pre_items : eval(e->comps[ci].iter);
    for (auto& x : iterate(it, e->comps[ci].iter->loc)) {
      if (it->traced_gen) yielded(it, x);
      assign(e->comps[ci].target, x);
      lazy_rnn_item(it, x, (ci + 1 < e->comps.size() ? e->comps[ci + 1].iter : e->a[0])->loc);
      bool ok = true;
      for (auto& c : e->comps[ci].conds) ok = ok && truthy(eval(c), c->loc);
      if (ok) rec(ci + 1);
    }
  };
  // Python 3.12 inlines list/dict/set comprehensions (PEP 709); a generator expression is a frame
  Activation& act = *stack_.back();
  // run eagerly under the callback (inside a frame Dynamo skipped for holding no tensor: transformers'
  // get_layer_types_and_kwargs's `any(t in (...) for t in layer_types)`), its frame is handed to ConvertFrame when it
  // first runs, counted once: "Attempt to trace generator", and its code is skipped from then on (real torch 2.11:
  // `<genexpr> cache_utils.py:1750`). Not in the eager rerun of a frame whose compile failed (real torch 2.11:
  // comp_break_forms's genexpr frame; one in a function it calls is: BART's get_layer_types_and_kwargs) nor in a
  // compiled frame's code (inlined: float_arg_genexpr)
  // (a stub of C code, numpy's: no Python frame at all)
  if (e->k == EK::GenExp && callback_active_ > 0 && run_only_depth_ == 0 && !tracing() && !act.ctx && !hidden_stub_file(e->loc.file) &&
      std::find(failed_rerun_fns_.begin(), failed_rerun_fns_.end(), act.fn.get()) == failed_rerun_fns_.end()) {
    // (keyed by the node's address: its function owns the node)
    count_code_once("genexpr:" + std::to_string(reinterpret_cast<uintptr_t>(e.get())), act.fn, "<genexpr>", e->loc.line, e->loc.file);
  }
  bool saved_gen = act.in_genexpr, saved_poly = act.genexpr_polyfilled;
  if (e->k == EK::GenExp) {
    act.in_genexpr = true;
    // consumed by sum / any / all / enumerate / functools.reduce: Dynamo inlines a Python polyfill that iterates it
    const Expr* c = act.depth == 0 && act.ctx ? call_taking(act.cur_stmt, e.get()) : nullptr;
    const Expr* f = c && !c->a.empty() ? c->a[0].get() : nullptr;
    const std::string fname = !f ? "" : f->k == EK::Name ? f->s : f->k == EK::Attr ? f->s : "";
    act.genexpr_polyfilled = fname == "sum" || fname == "any" || fname == "all" || fname == "enumerate" || fname == "reduce";
  }
  try { rec(0); } catch (...) { act.env = saved; act.in_genexpr = saved_gen; act.genexpr_polyfilled = saved_poly; throw; }
  act.env = saved;
  act.in_genexpr = saved_gen;
  act.genexpr_polyfilled = saved_poly;
  if (e->k == EK::DictComp) return d;
  V r = mk_list(e->k == EK::SetComp ? unique_items(out) : out);
  r->is_set = e->k == EK::SetComp;
  return r;
}

// STORE_FAST's set_name_hint: the node of a tensor stored into a local takes the local's name if nothing named it
// before; a lazy static tensor not realized yet keeps the name of its last store for its node (LazyVariableTracker)
void Interp::name_hint(const V& v, const std::string& name) {
  FrameCtx& ctx = *stack_.back()->ctx;
  ctx.graph.rename_tensor(v.get(), name);
  if (!ctx.graph.tensor_node.count(v.get()) && ctx.optim_state.count(v.get())) ctx.lazy_name_hints[v.get()] = name;
}

// An item a generator traced in the frame yields. enumerate(): Dynamo inlines its Python polyfill (`for x in
// iterable: yield start, x`), whose store names a tensor item's node `x` where nothing named it before (an optimizer's
// parameters after the first: `x`, `x_1`, ... of _single_tensor_sgd's `enumerate(params)`). Module.parameters() /
// named_parameters(): each parameter is wrapped as the generator yields it, a graph input there (PixArt's
// `next(self.parameters()).dtype`)
void Interp::yielded(const V& gen, const V& item) {
  if (!tracing() || stack_.back()->ctx->mode != Mode::Record) return;
  const std::string kind = gen->traced_gen;
  if (kind == "enumerate" && item->k == VK::Tuple && item->items.size() == 2 && item->items[1]->k == VK::Tensor) name_hint(item->items[1], "x");
  if (kind == "parameters") {
    const V& p = item->k == VK::Tuple && item->items.size() == 2 ? item->items[1] : item;
    if (p->k == VK::Tensor && stack_.back()->ctx->sources.count(p.get())) node_of(p);
  }
}

void Interp::assign(const ExprP& t, V v) {
  Activation& act = *stack_.back();
  switch (t->k) {
    case EK::Name: {
      // (numpy's functions are C: our stub's locals name nothing)
      // (STORE_FAST names the node; a store to a global does not: UniFormer's stored slices stay `getitem_84`)
      if (v->k == VK::Tensor && act.ctx && act.ctx->mode == Mode::Record && !(v->t->np_array && hidden_stub_file(act.file)) &&
          !act.env->globals_decl.count(t->s) && !is_cell_var(act.fn.get(), t->s)) {
        name_hint(v, t->s);
      }
      Env* target = act.env.get();
      if (act.env->globals_decl.count(t->s)) {
        while (target->parent) target = target->parent.get();
        // STORE_GLOBAL of a tensor the graph made: a side effect Dynamo replays after the graph, so the tensor is a
        // graph output even when the frame never reads it again (UniFormer's `global global_attn, token_indices`)
        if (v->k == VK::Tensor && act.ctx && act.ctx->mode == Mode::Record) {
          bool have = false;
          for (auto& [o, n, val] : act.ctx->attr_stores)
            if (!o && n == t->s) { val = v; have = true; }
          if (!have) act.ctx->attr_stores.emplace_back(nullptr, t->s, v);
        }
      }
      if (act.env->nonlocal_decl.count(t->s)) {  // the nearest enclosing function scope that binds it
        Env* e = act.env->parent.get();
        while (e && e->parent && !e->vars.count(t->s)) e = e->parent.get();
        if (!e || !e->parent) error(t->loc, fmt::format("no binding for nonlocal '{}' found", t->s));
        target = e;
      }
      // a global's or an enclosing function's variable outlives the trace: journaled, so a trace Dynamo drops (a
      // restart, a skipped frame) takes the store back as Dynamo's buffered side effects are (SfmLearner's lazily
      // built `global pixel_coords` grid is None again for the compile that follows; real torch 2.11)
      if (target != act.env.get()) journal_env(target, t->s);
      target->set(t->s, v);
      return;
    }
    case EK::Tuple: case EK::List: {
      if (v->k == VK::Opaque) {  // unpacking an unmodelled value: each target is opaque (issue 22)
        note_unmodelled(t->loc, "unpack " + v->s);
        for (size_t i = 0; i < t->a.size(); ++i)
          assign(t->a[i]->k == EK::Starred ? t->a[i]->a[0] : t->a[i], mk_opaque(v->s + "[" + std::to_string(i) + "]"));
        return;
      }
      std::vector<V> xs = iterate(v, t->loc);
      // unpacking a frame's container (`x, t = args`): each item is read with its source (`args[1] == 3`)
      // (a constant item bound to a plain local is guarded where that local is first read: Dynamo's lazy item, never
      // guarded when unread, `_, _, _, loss_val = loss_func(...)`; real torch 2.11, galerkin-transformer)
      if (tracing() && (v->k == VK::Tuple || v->k == VK::List) && xs.size() == v->items.size())
        for (size_t i = 0; i < xs.size(); ++i) {
          defer_item_guard_ = i < t->a.size() && t->a[i]->k == EK::Name;
          try {
            xs[i] = guard_container_read(v, mk_int(static_cast<long long>(i)), xs[i]);
          } catch (...) {
            defer_item_guard_ = false;
            throw;
          }
          defer_item_guard_ = false;
        }
      size_t star = t->a.size();
      for (size_t i = 0; i < t->a.size(); ++i) if (t->a[i]->k == EK::Starred) star = i;
      if (star == t->a.size()) {
        if (xs.size() != t->a.size() && guesses_ > 0) {
          // after a guess the count may be tparse's (a shape from unknown_op): the file ran
          // under torch, so the targets it names are taken to exist; missing ones are opaque (noted)
          note_unmodelled(t->loc, fmt::format("unpack of {} values into {} assumed", xs.size(), t->a.size()));
          for (size_t i = 0; i < t->a.size(); ++i) assign(t->a[i], i < xs.size() ? xs[i] : mk_opaque("unpacked"));
          return;
        }
        // in a frame a tuple / list of the wrong length is Dynamo's UNPACK_SEQUENCE refusal (GB0077), not a ValueError
        // (NAFNet's backward reads the deprecated ctx.saved_variables: () while Dynamo speculates it)
        if (xs.size() != t->a.size() && tracing() && (v->k == VK::Tuple || v->k == VK::List))
          graph_break("Length mismatch when unpacking object for UNPACK_SEQUENCE",
                      msg_unpack_length(fmt::format("{}(length={})", v->k == VK::Tuple ? "TupleVariable" : "ListVariable", xs.size()),
                                        t->a.size(), xs.size()),
                      t->loc);
        if (xs.size() != t->a.size())
          raise_exc("ValueError", xs.size() > t->a.size()
                            ? fmt::format("too many values to unpack (expected {})", t->a.size())
                            : fmt::format("not enough values to unpack (expected {}, got {})", t->a.size(), xs.size()), t->loc);
        for (size_t i = 0; i < xs.size(); ++i) assign(t->a[i], xs[i]);
        return;
      }
      size_t after = t->a.size() - star - 1;
      if (xs.size() < star + after)
        raise_exc("ValueError", fmt::format("not enough values to unpack (expected at least {}, got {})", star + after, xs.size()), t->loc);
      for (size_t i = 0; i < star; ++i) assign(t->a[i], xs[i]);
      assign(t->a[star]->a[0], mk_list(std::vector<V>(xs.begin() + star, xs.end() - after)));
      for (size_t i = 0; i < after; ++i) assign(t->a[star + 1 + i], xs[xs.size() - after + i]);
      return;
    }
    case EK::Attr: setattr(eval(t->a[0]), t->s, v, t->loc); return;
    case EK::Subscript: {
      V obj = eval(t->a[0]);
      V idx = eval(t->a[1]);
      assign_subscript(t, obj, idx, v);
      return;
    }
    case EK::Starred: assign(t->a[0], v); return;
    default: error(t->loc, "cannot assign to expression");
  }
}

void Interp::del_target(const ExprP& t) {
  switch (t->k) {
    case EK::Tuple: case EK::List: for (auto& x : t->a) del_target(x); return;
    case EK::Name: {
      Activation& act = *stack_.back();
      std::shared_ptr<Env> env = act.env->globals_decl.count(t->s) ? globals_ : act.env;
      if (!env->vars.erase(t->s)) {
        if (act.try_depth > 0)  // a NameError the script may catch (recurrentgemma's `try: del torch, common`)
          raise_exc("NameError", fmt::format("name '{}' is not defined", t->s), t->loc);
        error(t->loc, fmt::format("NameError: name '{}' is not defined", t->s));
      }
      std::erase(env->order, t->s);
      return;
    }
    case EK::Attr: {
      V obj = eval(t->a[0]);
      // (a dict or list subclass defining __delattr__ too: an ml_collections-style ConfigDict)
      if ((obj->k == VK::Instance || obj->k == VK::Dict || obj->k == VK::List) && obj->cls && obj->cls->k == VK::Class)
        if (V da = find_in_class(obj->cls, "__delattr__"); da && (da->k == VK::Func || (da->k == VK::Builtin && da->s.rfind("type_unbound:", 0) == 0)))
          return (void)call(da, {obj, mk_str(t->s)}, {}, t->loc);  // (a dotdict's `__delattr__ = dict.__delitem__` too)
      if (obj->k == VK::Module && obj->menv) { obj->menv->vars.erase(t->s); std::erase(obj->menv->order, t->s); return; }
      if (obj->k == VK::Opaque) { note_unmodelled(t->loc, "del " + obj->s + "." + t->s); return; }
      if (!obj->attrs.erase(t->s)) raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(obj), t->s), t->loc);
      std::erase(obj->order, t->s);
      return;
    }
    case EK::Subscript: {
      V obj = eval(t->a[0]);
      V idx = eval(t->a[1]);
      if (obj->cls && (obj->k == VK::Instance || obj->k == VK::Dict))
        if (V di = find_in_class(obj->cls, "__delitem__"); di && di->k == VK::Func) { call(di, {obj, idx}, {}, t->loc); return; }
      if (obj->k == VK::Dict) {
        guard_dict_keys(obj, t->loc, false);
        if (!dict_erase(*obj, idx)) raise_exc("KeyError", idx, t->loc);
        if (obj->view_of && idx->k == VK::Str) instance_dict_store(obj->view_of, idx->s, nullptr);
        return;
      }
      if (obj->k == VK::List) {
        std::vector<size_t> pos;
        if (idx->k == VK::Slice) pos = slice_positions(idx, obj->items.size());
        else {
          long long n = static_cast<long long>(obj->items.size()), i = idx->i < 0 ? idx->i + n : idx->i;
          if (idx->k != VK::Int || i < 0 || i >= n) raise_exc("IndexError", "list assignment index out of range", t->loc);
          pos.push_back(static_cast<size_t>(i));
        }
        std::sort(pos.rbegin(), pos.rend());
        for (size_t p : pos) obj->items.erase(obj->items.begin() + static_cast<long>(p));
        keys_changed(*obj);
        return;
      }
      if (obj->k == VK::Opaque) { note_unmodelled(t->loc, "del " + obj->s + "[...]"); return; }
      if (obj->k == VK::Instance && (obj->builtin_nn == "ModuleDict" || obj->builtin_nn == "ParameterDict") && idx->k == VK::Str) {
        obj->attrs.erase(idx->s);
        std::erase(obj->order, idx->s);
        return;
      }
      error(t->loc, fmt::format("'{}' object does not support item deletion", type_name(obj)));
    }
    default: error(t->loc, "cannot delete expression");
  }
}

}  // namespace tparse::compiler
