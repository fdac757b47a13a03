// Builtins over iterables: enumerate, zip, reversed, sum, max / min, abs, round, any / all, ord / chr,
// iter / next, map, filter, sorted (with key= / reverse= / default= as Python's). The rest of the
// builtins: builtins.cpp, builtins_more.cpp.
#include <optional>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "runtime/interp.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "dynamo/messages.hpp"
#include "runtime/values/keys.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

// One step of traced sum(): functools.reduce(operator.add, iterable, start) in Dynamo's polyfill, whose loop
// variable `element` names an item's node when nothing named it (STORE_FAST's name hint) and whose accumulator
// `value` names each add (real torch 2.11: sum_polyfill_element_name, float_arg_genexpr)
V Interp::sum_add(V acc, const V& x, Location loc) {
  const bool traced = tracing();
  if (traced && x->k == VK::Tensor) name_hint(x, "element");
  acc = binop("+", acc, x, loc);
  if (traced && acc->k == VK::Tensor) stack_.back()->ctx->graph.rename_tensor(acc.get(), "value");
  return acc;
}

V Interp::call_iter_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                            Location loc, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  auto kwarg = [&](const char* k) -> V {
    for (auto& [n, v] : kwargs) if (n == k) return v;
    return nullptr;
  };
  if (name == "enumerate") {
    std::vector<V> xs;
    V start = args.size() > 1 ? arg(1) : kwarg("start");  // enumerate(iterable, start=0)
    long long i = start ? start->i : 0;
    for (auto& x : iterate(arg(0), loc)) xs.push_back(mk_tuple({mk_int(i++), x}));
    V r = mk_list(xs);
    if (tracing()) r->traced_gen = "enumerate";
    return r;
  }
  if (name == "zip") {
    // a user iterator (maybe endless: `zip(cycle(labelled), unlabelled)`) is pulled as Python's zip pulls, argument by
    // argument each round, until one ends; the others are iterated whole
    std::vector<V> uis;
    std::vector<std::vector<V>> ls;
    for (auto& a : args) {
      uis.push_back(a->k == VK::Iterator ? a : user_iterator(a, loc));  // (an iterator is advanced as far as zip pulls)
      ls.push_back(uis.back() ? std::vector<V>{} : iterate(a, loc));
    }
    std::vector<V> xs;
    for (size_t i = 0; !args.empty(); ++i) {
      std::vector<V> t;
      for (size_t k = 0; k < args.size(); ++k) {
        V x;
        if (uis[k] ? !user_next(uis[k], x, loc) : i >= ls[k].size()) return mk_list(xs);
        t.push_back(uis[k] ? x : ls[k][i]);
      }
      xs.push_back(mk_tuple(t));
      if (xs.size() > 10000000) error(loc, "iteration does not end (zip of infinite iterators materialized)");
    }
    return mk_list(xs);
  }
  if (name == "reversed") {
    // Dynamo's call_reversed needs has_unpack_var_sequence: a ParameterList's __iter__ is a generator (`iter(self[i]
    // for i in range(len(self)))`), not unpackable, so reversed() of one is GB0059 at the call (real torch 2.11:
    // DeepRec's `reversed(self.encode_w)`); ModuleList's and Sequential's iterate their _modules' values and unpack
    if (tracing() && arg(0)->k == VK::Instance && arg(0)->builtin_nn == "ParameterList")
      graph_break("Failed to trace builtin operator",
                  msg_builtin_op("reversed", {type_name(arg(0)) + "|torch._dynamo.variables.nn_module.UnspecializedNNModuleVariable"}), loc);
    auto xs = iterate(arg(0), loc);
    std::reverse(xs.begin(), xs.end());
    V r = mk_list(xs);
    if (!tracing()) r->builtin_iter = "reversed";  // (an eager one is a `reversed` object to a frame it reaches)
    return r;
  }
  if (name == "sum") {
    std::vector<V> xs = iterate(arg(0), loc);
    // ints with a SymInt among them and no start: Dynamo's call_sum is one torch.sym_sum node over the
    // items (`torch.sym_sum((3, l_lens_1_))`), not a chain of adds
    bool ints = args.size() == 1 && !xs.empty(), sym = false;
    for (auto& x : xs) { ints = ints && x->k == VK::Int; sym = sym || (x->k == VK::Int && !x->sym.empty()); }
    if (ints && sym && tracing()) {
      V acc = xs[0];
      for (size_t i = 1; i < xs.size(); ++i) {
        V r = mk_int(acc->i + xs[i]->i);
        if (!acc->sym.empty() || !xs[i]->sym.empty()) r->sym = sym_expr("+", acc, xs[i]);
        acc = r;
      }
      V r = mk_int(acc->i);
      r->sym = acc->sym;
      sym_node("sym_sum", "torch.sym_sum", false, {mk_tuple(xs)}, r, loc);
      return r;
    }
    V acc = args.size() > 1 ? arg(1) : mk_int(0);
    for (auto& x : xs) acc = sum_add(acc, x, loc);
    return acc;
  }
  if (name == "max" || name == "min") {  // key= and default= as Python's; the first of equal items wins
    std::vector<V> xs = args.size() == 1 ? iterate(arg(0), loc) : args;
    // (a lazy float of a dict input is realized here: its item() node, then the sym_max of it)
    if (tracing() && stack_.back()->ctx->mode == Mode::Record)
      for (V& x : xs) x = take_stack_float(*this, *stack_.back()->ctx, x, loc);
    V key = kwarg("key");
    if (xs.empty()) {
      if (V d = kwarg("default")) return d;
      // the sequence came from an unknown value in this call (iterating an opaque gives no items; the call may span a
      // few lines: `min(\n cfg.kwargs[...] for cfg in kernel.configs)`): unknown too
      if (last_opaque_iter_.file == loc.file && last_opaque_iter_.line >= loc.line - 4 && last_opaque_iter_.line <= loc.line + 4) {
        note_unmodelled(loc, name + "() of an unknown sequence");
        return mk_opaque(name + "()");
      }
      error(loc, fmt::format("{}() arg is an empty sequence", name));
    }
    // Dynamo's max / min of a tensor and a number is torch.clamp(t, min= / max=), of two tensors torch.maximum /
    // minimum (BuiltinVariable._call_min_max_binary; st-moe's `max(indexes.max() + 1, max_length)`)
    // (a served entry's replay too: the cached code ran the same clamp, no bool of a tensor; MPT's
    // `max(0, position_bias.size(1) - query_length)` of a StaticCache's tensor length)
    // A sequence (`max(lengths)` of a tensor: its items, getitem nodes) is reduced pairwise, left to right, by that
    // rule (_call_min_max_seq; simple-nmt's `max_length = max(length)`: torch.maximum nodes, no bool of a tensor)
    const bool in_frame = !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager;
    auto number = [](const V& x) { return (x->k == VK::Int || x->k == VK::Float) && x->sym.empty(); };
    auto tensor_pair = [&](const V& x0, const V& x1) -> V {
      const V& t = x0->k == VK::Tensor ? x0 : x1;
      const V& o = x0->k == VK::Tensor ? x1 : x0;
      if (number(o)) {
        std::vector<V> a{t};
        std::vector<std::pair<std::string, V>> kw{{name == "max" ? "min" : "max", o}};
        return torch_fn("torch.clamp", a, kw, loc);
      }
      if (o->k == VK::Tensor) {
        std::vector<V> a{x0, x1};
        std::vector<std::pair<std::string, V>> kw;
        return torch_fn(name == "max" ? "torch.maximum" : "torch.minimum", a, kw, loc);
      }
      return nullptr;
    };
    if (xs.size() >= 2 && !key && in_frame && std::any_of(xs.begin(), xs.end(), [](const V& x) { return x->k == VK::Tensor; }) &&
        std::all_of(xs.begin(), xs.end(), [&](const V& x) { return x->k == VK::Tensor || number(x); })) {
      V acc = xs[0];
      for (size_t i = 1; i < xs.size(); ++i) {
        if (acc->k == VK::Tensor || xs[i]->k == VK::Tensor) acc = tensor_pair(acc, xs[i]);
        else if (truthy(compare(name == "max" ? ">" : "<", xs[i], acc, loc), loc)) acc = xs[i];
      }
      return acc;
    }
    // ints, one a SymInt: Dynamo's torch.sym_max / sym_min node (`Max(0, 1 - s70)`); more than two (`max([n, *sizes])`,
    // memorizing-transformers' context length) pairwise, left to right, as BuiltinVariable reduces a sequence
    // (sympy keeps `Max(s27, s27 + 4)` unsimplified; `Max(s27, s27)` is s27, its node folded)
    // A SymFloat among numbers the same (fadel's EMA: `min(decay, (1 + n) / (10 + n))` is
    // `torch.sym_min(0.995, truediv)`, `Min(0.995, IntTrueDiv(s2 + 2, s2 + 11))`: the float number first)
    const bool all_num = std::all_of(xs.begin(), xs.end(), [](const V& x) { return x->k == VK::Int || x->k == VK::Float; });
    const bool any_float = std::any_of(xs.begin(), xs.end(), [](const V& x) { return x->k == VK::Float; });
    const bool any_sym = std::any_of(xs.begin(), xs.end(), [](const V& x) { return !x->sym.empty(); });
    // (numbers with a symbol compare by their hints inside the rule below: no comparison node, its name not taken)
    if (!(xs.size() >= 2 && !key && all_num && any_sym)) {
      auto k = [&](const V& x) { return key && key->k != VK::None ? call(key, {x}, {}, loc) : x; };
      V best = xs[0], best_key = k(xs[0]);
      for (size_t i = 1; i < xs.size(); ++i) {
        V kx = k(xs[i]);
        if (truthy(compare(name == "max" ? ">" : "<", kx, best_key, loc), loc)) { best = xs[i]; best_key = kx; }
      }
      return best;
    }
    {
      auto num_of = [](const V& x) { return x->k == VK::Float ? x->f : static_cast<double>(x->i); };
      auto two = [&](const V& x0, const V& x1) -> V {
      const std::vector<V> xs{x0, x1};
      V best = (name == "max" ? num_of(x1) > num_of(x0) : num_of(x1) < num_of(x0)) ? x1 : x0;
      if (x0->sym.empty() && x1->sym.empty()) return best;
      if (any_float) {
        V r = mk_float(num_of(best));
        std::optional<double> fnum;
        std::vector<std::string> args;
        const std::string head = name == "max" ? "Max(" : "Min(";
        for (const V& x : xs) {
          if (x->sym.empty()) { fnum = !fnum ? num_of(x) : name == "max" ? std::max(*fnum, num_of(x)) : std::min(*fnum, num_of(x)); continue; }
          std::string e = x->k == VK::Int ? "ToFloat(" + x->sym + ")" : x->sym;
          if (std::find(args.begin(), args.end(), e) == args.end()) args.push_back(e);
        }
        std::sort(args.begin(), args.end(), sym_atom_less);
        if (fnum) args.insert(args.begin(), sympy_float_str(*fnum));
        std::string body;
        for (const std::string& a : args) body += (body.empty() ? "" : ", ") + a;
        r->sym = args.size() == 1 ? args[0] : head + body + ")";
        sym_node(name == "max" ? "sym_max" : "sym_min", name == "max" ? "torch.sym_max" : "torch.sym_min", false, xs, r, loc);
        return r;
      }
      V r = mk_int(best->i);
      auto ex = [](const V& x) { return x->sym.empty() ? std::to_string(x->i) : x->sym; };
      // sympy's LatticeOp flattens a nested one of its kind and keeps one number, the largest (Max) or smallest
      // (Min): max(max(s, 16), 18) is Max(18, s) (DETR's _max_by_axis); its arguments print sorted (`Min(7, (s27//2))`)
      const std::string head = name == "max" ? "Max(" : "Min(";
      std::vector<std::string> parts;
      for (const V& x : xs) {
        std::string e = ex(x);
        if (e.rfind(head, 0) == 0 && e.back() == ')') {
          for (const std::string& a : split_top(e.substr(4, e.size() - 5), ", ")) parts.push_back(a);
        } else {
          parts.push_back(e);
        }
      }
      std::vector<std::string> args;
      std::optional<long long> num;
      for (const std::string& a : parts) {
        if (!a.empty() && a.find_first_not_of("-0123456789") == std::string::npos && a.size() < 18) {
          long long n = std::stoll(a);
          num = !num ? n : name == "max" ? std::max(*num, n) : std::min(*num, n);
        } else if (std::find(args.begin(), args.end(), a) == args.end()) {
          args.push_back(a);
        }
      }
      if (num) args.push_back(std::to_string(*num));
      std::sort(args.begin(), args.end(), sym_atom_less);
      std::string body;
      for (const std::string& a : args) body += (body.empty() ? "" : ", ") + a;
      r->sym = args.size() == 1 ? args[0] : head + body + ")";
      sym_node(name == "max" ? "sym_max" : "sym_min", name == "max" ? "torch.sym_max" : "torch.sym_min", false, xs, r, loc);
      return r;
      };
      V acc = xs[0];
      for (size_t i = 1; i < xs.size(); ++i) acc = two(acc, xs[i]);
      return acc;
    }
  }
  if (name == "abs") {
    V v = arg(0);
    if (v->k == VK::Tensor) {
      std::vector<V> a;
      std::vector<std::pair<std::string, V>> kw;
      V r = tensor_method(v, "abs", a, kw, loc);
      // Dynamo calls the operand's dunder: `abs_1 = xf.__abs__()` (TimesNet's FFT_for_Period; numpy_ndarray_breaks)
      if (tracing() && !np_traced::is_np(v)) {
        Graph& g = stack_.back()->ctx->graph;
        if (auto it = g.tensor_node.find(r.get()); it != g.tensor_node.end() && g.nodes[static_cast<size_t>(it->second)].op == "call_method")
          g.nodes[static_cast<size_t>(it->second)].target = "__abs__";
      }
      return r;
    }
    if (v->k == VK::Complex) return mk_float(std::hypot(v->f, v->im));
    // an object of a class with __abs__ (the numpy stub's ndarray: LapSRN's `abs(og[0] - center)` of an ogrid axis)
    if (v->k == VK::Instance && v->cls)
      if (V m = find_in_class(v->cls, "__abs__"); m && m->k == VK::Func) return call(m, {v}, {}, loc);
    if (v->k != VK::Float && v->k != VK::Int && v->k != VK::Bool)
      raise_exc("TypeError", fmt::format("bad operand type for abs(): '{}'", type_name(v)), loc);
    return v->k == VK::Float ? mk_float(std::fabs(v->f)) : mk_int(std::llabs(v->k == VK::Bool ? static_cast<long long>(v->b) : v->i));
  }
  if (name == "round") {  // Python rounds half to even: round(2.5) == 2; with ndigits a float stays a float
    V v = arg(0);
    // (eagerly torch.Tensor has no __round__: `round(t, 4)` is Python's TypeError; real torch 2.11, MuZero's
    // `round(root.value(), 4)` of a tensor value)
    // (nor numpy.ndarray: a frame's numpy result comes back as a 0-d array; real torch 2.11, coin's
    // `round(max(0.0, psnr), 3)` of a compiled `20. * np.log10(1.) - ... .item()`)
    if (v->k == VK::Tensor && !tracing())
      raise_exc("TypeError", fmt::format("type {} doesn't define __round__ method", v->t->np_array ? "numpy.ndarray" : "Tensor"), loc);
    if (v->k == VK::Tensor) { std::vector<V> a; std::vector<std::pair<std::string, V>> kw; return tensor_method(v, "round", a, kw, loc); }
    bool nd = args.size() > 1 && arg(1)->k == VK::Int;
    if (v->k == VK::Float && !v->sym.empty() && !nd && tracing()) {  // a SymFloat: `round_1 = truediv.__round__()`
      V r = mk_int(float_to_int(std::nearbyint(v->f)));
      r->sym = "RoundToInt(" + v->sym + ")";
      sym_method_node("round", "__round__", v, r, loc);
      return r;
    }
    if (v->k != VK::Float) return nd ? v : mk_int(v->k == VK::Bool ? v->b : v->i);
    if (!nd) return mk_int(float_to_int(std::nearbyint(v->f)));  // default FE_TONEAREST: half to even
    double p = std::pow(10.0, static_cast<double>(arg(1)->i));
    return mk_float(std::nearbyint(v->f * p) / p);
  }
  if (name == "pow") {  // pow(a, b) is a ** b; pow(a, b, m) on ints is modular
    Activation& act = *stack_.back();
    if (act.ctx && act.ctx->mode != Mode::Eager &&
        std::any_of(args.begin(), args.end(), [](const V& v) { return v->k == VK::Tensor; })) {
      // Dynamo's BuiltinVariable has no rule for builtin pow over a tensor (operator ** it has): GB0059
      std::vector<std::string> types;
      for (auto& a : args) types.push_back(a->k == VK::Tensor ? "Tensor" : type_name(a));
      graph_break("Failed to trace builtin operator", msg_builtin_op("pow", types), loc);
    }
    if (args.size() == 3 && arg(0)->k == VK::Int && arg(1)->k == VK::Int && arg(2)->k == VK::Int && arg(1)->i >= 0 && arg(2)->i != 0) {
      __int128 r = 1, base = arg(0)->i % arg(2)->i, m = arg(2)->i;
      for (long long e = arg(1)->i; e > 0; e >>= 1) {
        if (e & 1) r = r * base % m;
        base = base * base % m;
      }
      long long out = static_cast<long long>(r);
      if (out != 0 && (out < 0) != (arg(2)->i < 0)) out += arg(2)->i;  // Python's result takes the modulus's sign
      return mk_int(out);
    }
    if (args.size() == 2) return binop("**", arg(0), arg(1), loc);
  }
  if (name == "divmod" && args.size() == 2 && arg(0)->k != VK::Tensor && arg(1)->k != VK::Tensor) {
    // divmod(a, b) of numbers is (a // b, a % b): floor division and a remainder of the divisor's sign. Dynamo folds it on
    // constants only: with a SymInt / SymFloat it has no handler (GB0059; real torch 2.11: divmod_dynamic_segments)
    if (tracing() && (!arg(0)->sym.empty() || !arg(1)->sym.empty() || arg(0)->sym_node >= 0 || arg(1)->sym_node >= 0)) {
      auto ty = [](const V& v) -> std::string {
        if (!v->sym.empty() || v->sym_node >= 0) return v->k == VK::Float ? "SymFloat" : "SymInt";
        return type_name(v);
      };
      graph_break("Failed to trace builtin operator", msg_builtin_op("divmod", {ty(arg(0)), ty(arg(1))}), loc);
    }
    return mk_tuple({binop("//", arg(0), arg(1), loc), binop("%", arg(0), arg(1), loc)});
  }
  if (name == "any" || name == "all") {
    bool any = false, all = true;
    for (auto& x : iterate(arg(0), loc)) {
      // traced, Dynamo inlines the polyfill (polyfills/builtins.py): its `if elem:` on a tensor is a data-dependent jump
      // inside an inlined function, so the frame breaks at the CALL of any() / all(), which runs eagerly, and the resume
      // gets its bool (real torch 2.11: Palette's `noise if any(t > 0) else zeros`)
      if (tracing() && x->k == VK::Tensor) polyfill_jump_break(name, x, loc);
      bool t = truthy(x, loc);
      any = any || t;
      all = all && t;
    }
    return mk_bool(name == "any" ? any : all);
  }
  if (name == "ord" && args.size() == 1 && arg(0)->k == VK::Str) {  // one character (UTF-8) -> its code point
    const std::string& c = arg(0)->s;
    if (utf8_len(c) != 1) raise_exc("TypeError", fmt::format("ord() expected a character, but string of length {} found", utf8_len(c)), loc);
    return mk_int(static_cast<long long>(utf8_code_point(c)));
  }
  if (name == "chr" && args.size() == 1 && arg(0)->k == VK::Int) {  // code point -> one character (UTF-8)
    long long cp = arg(0)->i;
    if (cp < 0 || cp > 0x10FFFF) raise_exc("ValueError", "chr() arg not in range(0x110000)", loc);
    std::string out;
    if (cp < 0x80) out += static_cast<char>(cp);
    else if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
    else { out += static_cast<char>(0xF0 | (cp >> 18)); out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
    return mk_str(out);
  }
  if (name == "iter" && args.size() == 1) {  // an iterator over the items (a generator's already are)
    if (arg(0)->k == VK::Iterator) return arg(0);
    if (V ui = user_iterator(arg(0), loc)) return ui;  // a class with __next__ (lazy: itertools.cycle)
    auto it = std::make_shared<Obj>();
    it->k = VK::Iterator;
    it->items = iterate(arg(0), loc);
    return it;
  }
  if (name == "next" && !args.empty() && arg(0)->k == VK::Instance && arg(0)->cls) {  // __next__ of a user iterator
    if (V n = find_in_class(arg(0)->cls, "__next__"); n && n->k == VK::Func) {
      V x;
      if (user_next(arg(0), x, loc)) return x;
      if (args.size() > 1) return arg(1);
      throw PyException{make_exception(mk_builtin("StopIteration"), {}), loc};
    }
  }
  if (name == "next" && !args.empty() && arg(0)->k == VK::Iterator && arg(0)->gen) {  // a lazy generator: to its next yield
    V x;
    if (gen_resume(*arg(0)->gen, x, loc)) return x;
    if (args.size() > 1) return arg(1);
    throw PyException{make_exception(mk_builtin("StopIteration"), {}), loc};
  }
  if (name == "next" && !args.empty() && (arg(0)->k == VK::Iterator || arg(0)->k == VK::List)) {
    // next(it[, default]); a list stands for the generator tparse materialized (module.parameters(),
    // a generator expression): `next(self.parameters())` is its first item
    V it = arg(0);
    if (it->pos < it->items.size()) {
      if (it->traced_gen) traced_gen_advance(it, it->pos, loc);
      if (it->traced_gen) yielded(it, it->items[it->pos]);
      return it->items[it->pos++];
    }
    if (args.size() > 1) return arg(1);
    throw PyException{make_exception(mk_builtin("StopIteration"), {}), loc};
  }
  if (name == "map" && args.size() >= 2) {  // map(f, *iterables): f over the items in step (a list: iterated once)
    std::vector<std::vector<V>> its;
    for (size_t i = 1; i < args.size(); ++i) its.push_back(iterate(arg(i), loc));
    size_t n = its[0].size();
    for (auto& it : its) n = std::min(n, it.size());
    std::vector<V> out;
    for (size_t k = 0; k < n; ++k) {
      std::vector<V> a;
      for (auto& it : its) a.push_back(it[k]);
      out.push_back(call(arg(0), a, {}, loc));
    }
    return mk_list(out);
  }
  if (name == "filter" && args.size() == 2) {  // filter(None, xs) keeps the truthy items
    std::vector<V> out;
    for (auto& x : iterate(arg(1), loc))
      if (truthy(arg(0)->k == VK::None ? x : call(arg(0), {x}, {}, loc), loc)) out.push_back(x);
    return mk_list(out);
  }
  if (name == "sorted") {  // sorted(xs, key=None, reverse=False): stable, as Python's
    auto xs = iterate(arg(0), loc);
    V key = kwarg("key");
    V rev = kwarg("reverse");
    std::vector<V> keys;
    for (auto& x : xs) keys.push_back(key && key->k != VK::None ? call(key, {x}, {}, loc) : x);
    std::vector<size_t> order(xs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    bool reverse = rev && truthy(rev, loc);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return truthy(compare("<", reverse ? keys[b] : keys[a], reverse ? keys[a] : keys[b], loc), loc);
    });
    std::vector<V> out;
    for (size_t i : order) out.push_back(xs[i]);
    return mk_list(out);
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
