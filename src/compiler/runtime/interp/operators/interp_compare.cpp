// Python comparisons on values: ==, !=, <, <=, >, >=, is / in of numbers, strings, containers, user classes'
// rich-comparison dunders, version strings (torch.__version__ >= "2.1"), SymInts (their relations guard the frame);
// tensor operands go to the torch room.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <map>

#include "torch/interop/numpy_traced.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp/operators/numbers.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

namespace {
bool same_named_class(const V& a, const V& b);
}  // namespace

/// torch.Tensor is one class object in Python; builtins.cpp makes one per lookup
static bool both_tensor_class(const V& a, const V& b) {
  return a->k == VK::Class && b->k == VK::Class && !a->fn && !b->fn && a->s == "Tensor" && b->s == "Tensor";
}

static bool py_eq(const V& a, const V& b) {
  if (is_num(a) && is_num(b)) return num(a) == num(b);
  if (is_num_or_complex(a) && is_num_or_complex(b)) return cnum(a) == cnum(b);
  if (a->k == VK::Class && b->k == VK::Class) return a.get() == b.get() || both_tensor_class(a, b) || same_named_class(a, b);
  if (a->k != b->k) return false;
  switch (a->k) {
    case VK::None: return true;
    case VK::Str: return a->is_bytes == b->is_bytes && a->s == b->s;  // (b'a' != 'a')
    case VK::DType: case VK::Device: case VK::Builtin: return a->s == b->s;
    case VK::List: case VK::Tuple:
      if (a->items.size() != b->items.size()) return false;
      if (a->is_set || b->is_set) {  // sets: the same members, in any order (each side has no equal items)
        for (auto& x : a->items)
          if (std::none_of(b->items.begin(), b->items.end(), [&](const V& y) { return py_eq(x, y); })) return false;
        return true;
      }
      for (size_t i = 0; i < a->items.size(); ++i) if (!py_eq(a->items[i], b->items[i])) return false;
      return true;
    case VK::Dict: {  // same keys, equal values; order does not matter
      if (a.get() == b.get()) return true;
      if (a->dict.size() != b->dict.size()) return false;
      for (auto& [k, v] : a->dict) {
        bool hit = false;
        for (auto& [k2, v2] : b->dict)
          if (py_eq(k, k2)) { hit = py_eq(v, v2); break; }
        if (!hit) return false;
      }
      return true;
    }
    default: return a.get() == b.get();
  }
}

namespace {
/// Class objects that are one class in Python: a builtin exception named in code (`IndexError`) and the class of
/// a raised one (`type(e)`, interp_exc.cpp's one class per name); two handles of one torch.nn class.
bool same_named_class(const V& a, const V& b) {
  auto named = [](const V& x) { return (x->k == VK::Builtin || (x->k == VK::Class && !x->fn)) && builtin_exception(x->s); };
  if (named(a) && named(b) && a->s == b->s) return true;
  // a torch.nn class (`type(m) is nn.Linear`, `m.__class__ == nn.ReLU`): one class object per name in Python,
  // a fresh handle per lookup here
  return a->k == VK::Class && b->k == VK::Class && !a->fn && !b->fn && !a->builtin_nn.empty() && a->builtin_nn == b->builtin_nn;
}
}  // namespace

// In a frame Dynamo compares two lists through its polyfill list_cmp, which tests each pair's `!=` (cmp_eq calls
// `a.__eq__(b)`): a tensor there is a data-dependent jump inside an inlined function. Inlined itself, that is the
// caller's break at its CALL; in the frame's own code the COMPARE_OP is no resumable instruction: the graph up to the
// statement, the rest of the frame eagerly (real torch 2.11:
// Longformer's `assert list(scores.size()) == [n, max_global, seq_len]`, max_global a 0-d tensor)
void Interp::list_cmp_break(Location loc) { polyfill_cmp_break("Data-dependent branching", msg_data_dependent(), loc, true); }

// A break inside the comparison polyfills, at cmp_eq's `result = a.__eq__(b)` (and list_cmp's `if a != b:` above it
// for two lists), reported from polyfills/__init__.py; in the frame's own code the COMPARE_OP resumes nowhere
void Interp::polyfill_cmp_break(const std::string& gb_type, const std::string& msg, Location loc, bool in_list_cmp) {
  static const std::string poly = "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/polyfills/__init__.py";
  Activation& act = *stack_.back();
  GraphBreak gb;
  gb.gb_type = gb_type;
  gb.msg = msg;
  gb.loc = loc;
  gb.fn_name = act.fn ? act.fn->name : "<module>";
  gb.at = poly + (in_list_cmp ? ":208" : ":528");
  gb.traceback = user_traceback(loc) + fmt::format("  File \"{}\", line 528, in cmp_eq\n    result = a.__eq__(b)\n", poly);
  if (in_list_cmp) gb.traceback += fmt::format("  File \"{}\", line 208, in list_cmp\n    if a != b:\n", poly);
  gb.step = act.depth == 0;
  throw gb;
}

// A tensor's truth tested inside the any() / all() polyfill Dynamo inlines for the builtin (`if elem:` at
// polyfills/builtins.py's line 42 / 34): a data-dependent jump in an inlined function, the caller's break at its CALL
void Interp::polyfill_jump_break(const std::string& fn, const V& elem, Location loc) {
  static const std::string poly = "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/polyfills/builtins.py";
  const int line = fn == "any" ? 42 : 34;
  GraphBreak gb;
  gb.gb_type = "Data-dependent branching";
  gb.msg = jump_message(elem);
  gb.loc = loc;
  gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
  gb.at = fmt::format("{}:{}", poly, line);
  gb.traceback = user_traceback(loc) + fmt::format("  File \"{}\", line {}, in {}\n    if {}elem:\n", poly, line, fn, fn == "any" ? "" : "not ");
  gb.data_dependent = true;
  throw gb;
}

// `type(v) == torch.Tensor` on a numpy value in a frame: the type is numpy.ndarray, a NumpyVariable, and cmp_eq's
// `a.__eq__(b)` calls a numpy function as a method, which Dynamo refuses (GB0290) inside the polyfill: the caller's
// break at its CALL (real torch 2.11: SAC-AE's Logger.log of `-np.prod(action_shape)`)
void Interp::numpy_class_eq_break(const V& other, Location loc) {
  const std::string arg = other->k == VK::Class || other->k == VK::Builtin ? "UserDefinedClassVariable(" + repr_of(other, loc) + ")" : tracker_repr(other);
  const char* type = "attempted to trace numpy.* function as a method";
  polyfill_cmp_break(type, gb_message(type, "Tracing numpy.* functions as methods is not supported.", {kHintDifficult},
                                      fmt::format("numpy function: <class 'numpy.ndarray'>, args: [{}], kwargs: {{}}", arg), "GB0290"),
                     loc, false);
}

// Two Tensor.data_ptr() compared in a frame (`q.data_ptr() == k.data_ptr()`: self- or cross-attention): a
// DataPtrVariable is no constant, so cmp_eq's `a.__eq__(b)` fails (GB0023); the frame is skipped when nothing was
// traced before (real torch 2.11: eladhoffer seq2seq's MultiHeadAttention)
void Interp::data_ptr_eq_break(const V& a, const V& b, Location loc) {
  auto vt = [&](const V& x) { return x->k == VK::Int && x->s == kDataPtrMark ? std::string("DataPtrVariable()") : tracker_repr(x); };
  const char* type = "Builtin `operator.*` comparison with constant `self` failed";
  polyfill_cmp_break(type,
                     gb_message(type,
                                fmt::format("Failed to compare {} with {}, because {} is not a Python constant or its mutation check fails.", vt(a), vt(b), vt(a)),
                                {}, fmt::format("call_method {} __eq__ [{}] {{}}", vt(a), vt(b)), "GB0023"),
                     loc, false);
}

V Interp::compare(const std::string& op, V a, V b, Location loc) {
  if ((op == "==" || op == "!=") && tracing() && ((a->k == VK::Int && a->s == kDataPtrMark) || (b->k == VK::Int && b->s == kDataPtrMark)))
    data_ptr_eq_break(a->k == VK::Int && a->s == kDataPtrMark ? a : b, a->k == VK::Int && a->s == kDataPtrMark ? b : a, loc);
  if ((op == "==" || op == "!=") && tracing() && (a->k == VK::Class || b->k == VK::Class)) {
    const V nd = getattr(import_module("numpy", loc), "ndarray", loc);
    if (a.get() == nd.get()) numpy_class_eq_break(b, loc);
    if (b.get() == nd.get()) numpy_class_eq_break(a, loc);
  }
  np_traced::coerce_operands(*this, a, b);  // numpy's own array beside a tensor
  if ((a->guess >= 0 || b->guess >= 0) && op != "is" && op != "is not") {
    if (a->k == VK::Tensor || b->k == VK::Tensor) { use_guess(a); use_guess(b); }
    else return carry_guess(compare_plain(op, a, b, loc), a, b);
  }
  V r = compare_plain(op, a, b, loc);
  // numpy's scalars compare to numpy.bool_ (CUT's `self.filt_odd = np.mod(filt_size, 2) == 1`), no Python bool
  if (r->k == VK::Bool && r->sym.empty() && op != "is" && op != "is not" && op != "in" && op != "not in" && (is_np_scalar(a) || is_np_scalar(b))) {
    auto c = std::make_shared<Obj>(*r);
    c->np_bool = true;
    return c;
  }
  return r;
}

V Interp::compare_plain(const std::string& op, V a, V b, Location loc) {
  // a generator object (`module.parameters()`, kept as the list it yields) has no __eq__: == is identity (CQL's
  // `assert self.critic1.parameters() != self.critic2.parameters()`)
  if ((op == "==" || op == "!=") && ((a->k == VK::List && a->generator_of) || (b->k == VK::List && b->generator_of)))
    return mk_bool((a.get() == b.get()) == (op == "=="));
  if ((a->k == VK::Opaque || b->k == VK::Opaque) && op != "is" && op != "is not") {
    note_unmodelled(loc, "operator " + op + " on " + (a->k == VK::Opaque ? a->s : b->s));
    return mk_opaque("(" + (a->k == VK::Opaque ? a->s : b->s) + " " + op + ")");
  }
  if (op == "is" || op == "is not") {
    // `x is None` on a lazy frame input realizes it: it becomes a graph input there (torch 2.11: `ids is None`
    // puts L_ids_ before the embedding weight that `self.emb(ids)` reads next; testdata/programs/placeholder_order)
    if (a->k == VK::Tensor) realize_identity(a);
    if (b->k == VK::Tensor) realize_identity(b);
    // a module local too: MAML's Learner.forward `if vars is None:` with a ParameterList for vars guards its type
    // there, so a list of fast weights next recompiles (real torch 2.11: module_local_is_none_guards_type)
    if (a->k == VK::Instance) realize_module_local(a, loc);
    if (b->k == VK::Instance) realize_module_local(b, loc);
    // None, True / False and the builtins (int, list, ...: one object each in Python, a fresh handle here)
    // are singletons; torch.Tensor too
    bool same = a.get() == b.get() || (a->k == VK::None && b->k == VK::None) || (a->k == VK::Bool && b->k == VK::Bool && a->b == b->b) ||
                (a->k == VK::Builtin && b->k == VK::Builtin && a->s == b->s) ||
                (a->k == VK::DType && b->k == VK::DType && a->s == b->s) ||  // (torch's dtypes are singletons: long is int64)
                both_tensor_class(a, b) ||
                same_named_class(a, b);
    // CPython's shared objects: code constants that look like identifiers are interned (one str object per text, so
    // dpn.py's `block_type is 'proj'` holds), and the small ints -5..256 are cached
    auto interned = [](const std::string& t) {
      return std::all_of(t.begin(), t.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    };
    if (!same && a->k == VK::Str && b->k == VK::Str) same = a->s == b->s && interned(a->s);
    if (!same && a->k == VK::Int && b->k == VK::Int && a->sym.empty() && b->sym.empty() && a->guess < 0 && b->guess < 0)
      same = a->i == b->i && a->i >= -5 && a->i <= 256;
    return mk_bool(op == "is" ? same : !same);
  }
  if (V r = torch_version_compare(op, a, b)) return r;
  // a tensor key of a dict hashes by identity (an optimizer's `self.state[p]`, defaultdict's `k not in self._d`)
  // (Dynamo: a key found is ID_MATCH-guarded where it sits, a key not found guards the dict's keys)
  if ((op == "in" || op == "not in") && a->k == VK::Tensor && b->k == VK::Dict && !(b->cls && find_in_class(b->cls, "__contains__"))) {
    bool r = false;
    for (size_t i = 0; i < b->dict.size() && !r; ++i)
      if (b->dict[i].first.get() == a.get()) { r = true; guard_dict_key_at(b, i); }
    if (!r) guard_dict_keys(b, loc, false);
    return mk_bool(op == "in" ? r : !r);
  }
  // a tensor in a set: hashed by identity, so only the object itself is found; no element comparison (rtdl's
  // `[p for p in self.parameters() if p not in no_wd_params]`: program param_in_set_membership)
  if ((op == "in" || op == "not in") && a->k == VK::Tensor && b->k == VK::List && b->is_set) {
    bool r = std::any_of(b->items.begin(), b->items.end(), [&](const V& x) { return x.get() == a.get(); });
    return mk_bool(op == "in" ? r : !r);
  }
  // (None too: pathformer's `if intra_out_concat == None`, a break in a frame, real torch 2.11)
  auto str_or_none = [](const V& x) { return x->k == VK::Str || x->k == VK::None; };
  if ((op == "==" || op == "!=") && ((a->k == VK::Tensor && str_or_none(b)) || (str_or_none(a) && b->k == VK::Tensor))) {
    // a tensor and a str: Tensor.__eq__ / __ne__ give NotImplemented, so Python compares identity (`std == "learned"`
    // is False: dreamerv3's MLP). In a frame the NotImplemented result is no tensor, and COMPARE_OP is no resumable
    // instruction (Dynamo's GB0208, the frame fails)
    // `t != None` / `t != "str"` (either side) in a frame is an operator.ne node on the fake tensor, whose value is
    // Python's fallback, True (a dead `ne = l_mask_ != None`, no break; real torch 2.11: tensor_ne_none_branch,
    // tensor_ne_str_branch). `==` goes through Tensor.__eq__ as a call_method whose NotImplemented is no tensor:
    // GB0208 below.
    if (tracing() && op == "!=") {
      add_call("!=", "ne", {to_arg(a), to_arg(b)}, loc, true);
      return mk_bool(true);
    }
    if (tracing())
      instruction_break("torch.* op returned non-Tensor",
                        gb_message("torch.* op returned non-Tensor", "torch.* ops that return a non-Tensor cannot be traced into the Dynamo FX graph output\n", {},
                                   fmt::format("example_value type: NotImplementedType; op: call_method; target: {}", op == "==" ? "__eq__" : "__ne__"), "GB0208"),
                        loc);
    return mk_bool(op == "!=");
  }
  if (a->k == VK::Tensor || b->k == VK::Tensor) {
    static const std::map<std::string, std::string> m = {{"<", "lt"}, {">", "gt"}, {"<=", "le"}, {">=", "ge"}, {"==", "eq"}, {"!=", "ne"}};
    if (!m.count(op)) error(loc, "unsupported tensor comparison");
    if (a->k == VK::Tensor) return tensor_binop(op, a, b, loc, false);
    // a number on the left: Dynamo records the operator as written (`lt = 0 < x`), not Python's reflected __gt__
    return tensor_binop(op, b, a, loc, true);
  }
  if (op == "in" || op == "not in") {
    if (V c = user_dunder(b, "__contains__", {a}, loc)) {
      bool known = true;
      bool r = truthy_const(c, known);
      return mk_bool(op == "in" ? r : !r);
    }
    bool r = false;
    if (b->k == VK::Dict || (b->k == VK::List && b->is_set)) a = hashed_key(a, loc);  // (hashed: a symbol in it is specialized)
    if (b->k == VK::Str && a->k == VK::Str) r = b->s.find(a->s) != std::string::npos;
    else if (b->k == VK::Str && b->is_bytes && a->k == VK::Int) r = b->s.find(static_cast<char>(a->i)) != std::string::npos;  // (97 in b'a')
    else if (b->k == VK::Dict && (a->k == VK::Str || a->k == VK::Int || a->k == VK::Bool || a->k == VK::Float || a->k == VK::Tuple)) {
      r = dict_find(*b, a) != nullptr;
      guard_container_contains(b, a, r, loc);
    }
    else if (b->k == VK::Dict) { for (auto& kv : b->dict) r = r || py_eq(kv.first, a); }
    else if (b->k == VK::Instance) r = b->attrs.count(py_str(a)) > 0;
    else for (auto& x : iterate(b, loc)) r = r || py_eq(x, a);
    return mk_bool(op == "in" ? r : !r);
  }
  // symbolic sizes compared inside a compiled frame: a SymBool (the hint's value, and the expression);
  // branching on it specializes, passing it to an ATen builtin's bool argument breaks (dispatch.cpp)
  if (tracing() && a->k == VK::Int && b->k == VK::Int && (!a->sym.empty() || !b->sym.empty()) &&
      (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=")) {
    long long x = a->i, y = b->i;
    bool r = op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : op == ">=" ? x >= y : op == "==" ? x == y : x != y;
    V v = mk_bool(r);
    v->sym = fmt::format("{} {} {}", a->sym.empty() ? std::to_string(x) : a->sym, op, b->sym.empty() ? std::to_string(y) : b->sym);
    // Dynamo's SymNodeVariable proxy (`gt: "Sym(s0 > 1)" = s0 > 1`): dead code unless something keeps it (a graph
    // output when it is live at a break: whisper's `is_causal=n_ctx > 1` once the length is dynamic)
    static const std::map<std::string, std::string> names = {{"<", "lt"}, {">", "gt"}, {"<=", "le"}, {">=", "ge"}, {"==", "eq"}, {"!=", "ne"}};
    sym_node(names.at(op), op, true, {a, b}, v, loc);
    return v;
  }
  // a dict compared with something else inside a traced frame: Dynamo's dict.__eq__ polyfill runs
  // `len(d) != len(other) or d.keys() != other.keys()`, raising where CPython just answers False (SiT's
  // `if model_kwargs == None:`); an exception the frame does not handle fails its compile (run_frame.cpp)
  if ((op == "==" || op == "!=") && (a->k == VK::Dict) != (b->k == VK::Dict) && !stack_.empty() && stack_.back()->ctx &&
      stack_.back()->ctx->mode != Mode::Eager) {
    const V& other = a->k == VK::Dict ? b : a;
    const V& d = a->k == VK::Dict ? a : b;
    auto observed = [&](const char* cls, const std::string& msg) { raise_observed(cls, msg, loc); };
    if (other->k == VK::None || other->k == VK::Int || other->k == VK::Float || other->k == VK::Bool)
      observed("TypeError", fmt::format("object of type '{}' has no len()", type_name(other)));
    if ((other->k == VK::List || other->k == VK::Tuple) && other->items.size() == d->dict.size())
      observed("AttributeError", fmt::format("'{}' object has no attribute 'keys'", type_name(other)));
  }
  if (op == "==" || op == "!=") {  // a user class's __eq__ / __ne__, then the reflected one; != defaults to not __eq__
    const char* own = op == "==" ? "__eq__" : "__ne__";
    if (V r = user_dunder(a, own, {b}, loc)) return r;
    if (V r = user_dunder(b, own, {a}, loc)) return r;
    if (op == "!=") {
      if (V r = user_dunder(a, "__eq__", {b}, loc)) return mk_bool(!truthy(r, loc));
      if (V r = user_dunder(b, "__eq__", {a}, loc)) return mk_bool(!truthy(r, loc));
    }
  }
  // two lists (or tuples) of equal length with an item that compares richly (a tensor, an instance): CPython's
  // list_richcompare — an identical pair is equal, else the items' own == and its truth (Longformer's `assert
  // list(scores.size()) == [n, max_global, seq_len]`, max_global a 0-d tensor: `1 == tensor(1)` is tensor(True))
  if ((op == "==" || op == "!=") && a->k == b->k && (a->k == VK::List || a->k == VK::Tuple) && !a->is_set && !b->is_set &&
      a->items.size() == b->items.size()) {
    auto rich = [](const V& x) { return x->k == VK::Tensor || x->k == VK::Instance; };
    if (std::any_of(a->items.begin(), a->items.end(), rich) || std::any_of(b->items.begin(), b->items.end(), rich)) {
      bool eq = true;
      for (size_t i = 0; i < a->items.size() && eq; ++i) {
        if (a->items[i].get() == b->items[i].get()) continue;
        V r = compare("==", a->items[i], b->items[i], loc);
        if (r->k == VK::Tensor && tracing()) list_cmp_break(loc);
        eq = truthy(r, loc);
      }
      return mk_bool(op == "==" ? eq : !eq);
    }
  }
  // two sequences holding SymInts compared inside a frame: Dynamo's polyfills, cmp_eq / cmp_ne over list_cmp: the first
  // pair whose `a != b` holds (a SymBool: its truth guards) decides by `op(a, b)`, else the lengths do; `!=` is
  // `not cmp_eq(a, b)`, an `_operator_not_` of the pair's Eq (YOLOv8's `if self.shape != shape` of cached anchors)
  if (tracing() && a->k == b->k && (a->k == VK::List || a->k == VK::Tuple) && !a->is_set && !b->is_set &&
      (op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=")) {
    auto symbolic = [](const V& x) { return x->k == VK::Int && !x->sym.empty(); };
    if (std::any_of(a->items.begin(), a->items.end(), symbolic) || std::any_of(b->items.begin(), b->items.end(), symbolic)) {
      const std::string by = op == "!=" ? "==" : op;
      // an int item of a sequence with a source (a module's cached `self.shape`) is a constant to the pair's `!=`: its
      // value is guarded (`self.shape[2] == 4`), so another cached value recompiles
      auto& sources = stack_.back()->ctx->sources;
      auto guard_item = [&](const V& seq, size_t i) {
        auto src = sources.find(seq.get());
        if (src != sources.end() && seq->items[i]->k == VK::Int && seq->items[i]->sym.empty())
          constant_attr_guard(src->second + "[" + std::to_string(i) + "]", seq->items[i], loc);
      };
      V r;
      for (size_t i = 0; i < std::min(a->items.size(), b->items.size()) && !r; ++i) {
        guard_item(a, i);
        guard_item(b, i);
        if (truthy(compare("!=", a->items[i], b->items[i], loc), loc)) r = compare(by, a->items[i], b->items[i], loc);
      }
      if (!r) r = compare(by, mk_int(static_cast<long long>(a->items.size())), mk_int(static_cast<long long>(b->items.size())), loc);
      if (op != "!=") return r;
      return r->k == VK::Bool && !r->sym.empty() ? sym_not(r, loc) : mk_bool(!truthy(r, loc));
    }
  }
  if (op == "==") return mk_bool(py_eq(a, b) || same_named_class(a, b));
  if (op == "!=") return mk_bool(!py_eq(a, b) && !same_named_class(a, b));
  if (is_num(a) && is_num(b)) {
    double x = num(a), y = num(b);
    if (op == "<") return mk_bool(x < y);
    if (op == ">") return mk_bool(x > y);
    if (op == "<=") return mk_bool(x <= y);
    if (op == ">=") return mk_bool(x >= y);
  }
  if (a->k == VK::Str && b->k == VK::Str) {
    if (op == "<") return mk_bool(a->s < b->s);
    if (op == ">") return mk_bool(a->s > b->s);
    if (op == "<=") return mk_bool(a->s <= b->s);
    if (op == ">=") return mk_bool(a->s >= b->s);
  }
  // sequences of one kind order lexicographically (the first unequal items decide, else the lengths)
  if (a->k == b->k && (a->k == VK::List || a->k == VK::Tuple)) {
    size_t n = std::min(a->items.size(), b->items.size());
    for (size_t i = 0; i < n; ++i)
      if (!py_eq(a->items[i], b->items[i])) return compare(op, a->items[i], b->items[i], loc);
    size_t x = a->items.size(), y = b->items.size();
    return mk_bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y);
  }
  static const std::map<std::string, std::pair<const char*, const char*>> dunder = {
      {"<", {"__lt__", "__gt__"}}, {">", {"__gt__", "__lt__"}}, {"<=", {"__le__", "__ge__"}}, {">=", {"__ge__", "__le__"}}};
  if (auto d = dunder.find(op); d != dunder.end()) {  // a user class's rich comparison, then the reflected one
    if (V r = user_dunder(a, d->second.first, {b}, loc)) return r;
    if (V r = user_dunder(b, d->second.second, {a}, loc)) return r;
  }
  raise_exc("TypeError", fmt::format("'{}' not supported between instances of '{}' and '{}'", op, type_name(a), type_name(b)), loc);
}

}  // namespace tparse::compiler
