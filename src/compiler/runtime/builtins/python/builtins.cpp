// Python builtins called (str/list/dict methods in builtins_methods.cpp; the module namespaces the subset imports and
// the attributes of built-in modules and classes in builtins_namespaces.cpp).
#include <cstdlib>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <numeric>
#include <cmath>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/values/values.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler {

V Interp::call_builtin(const std::string& name, std::vector<V>& args,
                       std::vector<std::pair<std::string, V>>& kwargs, Location loc, V self) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  if (name == "print") {
    if (in_compiled) {
      std::vector<std::string> types;
      for (auto& a : args) types.push_back(a->k == VK::Tensor ? "Tensor" : type_name(a));
      graph_break("Failed to trace builtin operator", msg_builtin_op("print", types), loc);
    }
    // TPARSE_PRINT=1: a script's eager print() goes to stderr (debugging what the compiler computed; off by default,
    // as the model's own output is not the product's)
    static const bool echo = std::getenv("TPARSE_PRINT") != nullptr;
    if (echo) {
      std::string line;
      for (auto& a : args) line += (line.empty() ? "" : " ") + str_of(a, loc);  // (str(): an exception's message)
      fmt::print(stderr, "{}\n", line);
    }
    return none();
  }
  if (name == "noop") return none();
  static const std::set<std::string> exceptions = {"ValueError", "RuntimeError", "Exception", "AssertionError", "TypeError", "KeyError",
                                                   "IndexError", "NotImplementedError", "StopIteration", "BaseException", "LookupError"};
  if (exceptions.count(name) || builtin_exception(name)) return make_exception(mk_builtin(name), args);
  // torch._C._log_api_usage_once(key): Dynamo keeps the call in the graph, a node whose result nobody reads
  auto log_api_usage = [&](Graph& g, const std::string& key_repr) {
    Node n;
    n.op = "call_function";
    n.target = "torch._C._log_api_usage_once";
    n.args.push_back(Arg{-1, key_repr});
    n.name = g.unique_name("_log_api_usage_once");
    n.dead_result = true;
    n.line = act.cur_line;
    n.fn_name = act.fn ? act.fn->name : "<module>";
    n.code = code_line(act.file, act.cur_line, true);
    n.file = path_of(act.file);
    torch_origin(act.file, n);
    g.nodes.push_back(n);
  };
  if (name == "nn_module_init") {  // nn.Module.__init__ logs "python.nn_module"
    if (init_ctx_ && init_ctx_->mode == Mode::Record) log_api_usage(init_ctx_->graph, "'python.nn_module'");
    return none();
  }
  if (name == "torch._C._log_api_usage_once") {  // a direct call (torchvision's utils._log_api_usage_once)
    if (in_compiled && act.ctx->mode == Mode::Record && !args.empty()) log_api_usage(act.ctx->graph, py_repr(arg(0)));
    return none();
  }
  if (name == "len") {
    V v = arg(0);
    realize_list_guards(v, false, loc);
    if (v->k == VK::Tensor) {  // TensorVariable.__len__ is size(0): a dynamic batch's SymInt (SiT's `x[: len(x) // 2]`)
      if (v->t->shape.empty()) raise_exc("TypeError", "len() of a 0-d tensor", loc);
      return size_of(v, 0, 0);
    }
    if (v->k == VK::Str) return mk_int(static_cast<long long>(v->is_bytes ? v->s.size() : utf8_len(v->s)));  // (code points; a bytes' bytes)
    if (v->k == VK::Dict) { guard_dict_keys(v, loc, false); return mk_int(static_cast<long long>(v->dict.size())); }  // (__len__: DICT_KEYS_MATCH)
    if (V n = user_dunder(v, "__len__", {}, loc)) return n;
    if (v->k == VK::Opaque) {  // an unmodelled value's length: 0, a guessed test (a `while len(x.shape) < k` of an
      // unmodelled x leaves after kGuessedLoop of them; TabDDPM's extract() of a numpy-built schedule)
      ++guessed_tests_;
      note_unmodelled(loc, "len(" + v->s + ")");
      return mk_int(0);
    }
    if (v->k == VK::Instance) return mk_int(static_cast<long long>(v->order.size()));
    if (v->k == VK::List || v->k == VK::Tuple) return mk_int(static_cast<long long>(v->items.size()));  // items unread
    return mk_int(static_cast<long long>(iterate(v, loc).size()));
  }
  if (name == "range") {
    // range() wants Python ints: a SymInt argument is specialized (BuiltinVariable.call_range, guard_if_dyn)
    for (auto& x : args) if (x->k == VK::Int && !x->sym.empty()) specialize_symbol(x->sym, loc, true);
    // a tensor bound in a frame: call_range has no rule for a TensorVariable (GB0059 at the call, which runs eagerly:
    // real torch 2.11, End-to-end-ASR's `for t in range(decode_step)` of a `max(txt_len)` element)
    if (tracing() && std::any_of(args.begin(), args.end(), [](const V& x) { return x->k == VK::Tensor; })) {
      std::vector<std::string> types;
      for (const V& x : args) types.push_back(x->k == VK::Tensor ? std::string("Tensor") : type_name(x));
      graph_break("Failed to trace builtin operator", msg_builtin_op("range", types), loc);
    }
    // eagerly a one-element integer tensor is its __index__ (End-to-end-ASR's `range(max(txt_len))` of a length tensor)
    if (!tracing())
      for (auto& x : args)
        if (x->k == VK::Tensor && x->t->dtype.find("int") != std::string::npos &&
            std::all_of(x->t->shape.begin(), x->t->shape.end(), [](const Dim& d) { return d.v == 1; })) {
          const std::vector<double>* d = values::data(*this, x);
          if (d && d->size() == 1) {
            x = mk_int(static_cast<long long>((*d)[0]));
          } else {
            note_unmodelled(loc, "a range() bound from tensor data tparse does not know (taken as 0)");
            ++guesses_;
            x = mk_int(0);
          }
        }
    long long a = 0, b = 0, st = 1;
    if (args.size() == 1) b = arg(0)->i;
    else { a = arg(0)->i; b = arg(1)->i; if (args.size() > 2) st = arg(2)->i; }
    for (auto& x : args) if (x->k != VK::Int) raise_exc("TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(x)), loc);
    if (st == 0) error(loc, "range() arg 3 must not be zero");
    // The interpreter materialises ranges: bound them so a script cannot exhaust memory.
    constexpr long long kMaxRange = 10'000'000;
    long double n = st > 0 ? (static_cast<long double>(b) - a) / st : (static_cast<long double>(a) - b) / -static_cast<long double>(st);
    if (n > kMaxRange) error(loc, fmt::format("range() of {:.0Lf} items is beyond the reference compiler's limit ({})", n, kMaxRange));
    std::vector<V> xs;
    for (long long i = a; st > 0 ? i < b : i > b; i += st) xs.push_back(mk_int(i));
    V r = mk_list(xs);
    r->range_repr = st == 1 ? fmt::format("range({}, {})", a, b) : fmt::format("range({}, {}, {})", a, b, st);
    return r;
  }
  if (name == "__tparse_np_call__") return np_traced::call(*this, args, loc);  // numpy in a frame: torch/interop/numpy_traced.cpp
  if (name == "complex" || name.rfind("math.", 0) == 0 || name == "__tparse_np_int__" || name == "__tparse_np_scalar_dtype__") {  // numbers: builtins_math.cpp
    bool handled = false;
    V r = call_number_builtin(name, args, kwargs, loc, in_compiled, handled);
    // (a number of a guessed one is a guess too: `math.log(0.5 * (1 + math.sqrt(g)))`)
    if (handled) return carry_guess(r, args.empty() ? nullptr : args[0], args.size() > 1 ? args[1] : nullptr);
  }
  if (name == "int" || name == "float" || name == "bool") {
    V v = args.empty() ? mk_int(0) : arg(0);
    // a numpy scalar a frame reads is a 0-d f64 / i64 graph input there: float() / int() of it is a node
    // `torch__dynamo_utils_wrapped_item(input)`, a SymFloat / SymInt backed by its value (real torch 2.11: program
    // numpy_scalar_frame; StyleGAN's bias_act `float(spec.def_gain)`, DAC's `int(np.prod(rates))`), not modelled yet
    if (in_compiled && name != "bool" && ((v->k == VK::Float && v->np_float) || (v->k == VK::Int && v->np_int)))
      note_unmodelled(loc, name + "() of a numpy scalar in a compiled frame (a wrapped_item node of a 0-d graph input)");
    if (v->k == VK::Tensor) {
      if (in_compiled && name != "bool")
        if (V n = np_traced::to_number(*this, v, name, loc)) return n;
      // (an ndarray a cached frame's replay computes is numpy's, not a tensor: its int() is the value, as the compiled
      // graph folded it — program numpy_sqrt_call_again: no break, no resume frame on later calls)
      if (in_compiled && !(np_traced::is_np(v) && !tracing()))
        graph_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), loc);
      double f = v->t->fill ? *v->t->fill : 1.0;
      int guess = -1;
      if (const std::vector<double>* xs = values::of(*this, v)) {  // eager with known values (torch/values/values.hpp)
        if (xs->size() != 1) raise_exc(name == "bool" ? "RuntimeError" : "ValueError", name == "bool" ? "Boolean value of Tensor with more than one value is ambiguous" : "only one element tensors can be converted to Python scalars", loc);
        f = (*xs)[0];
        guess = values::guess_of(v);
      } else if (!v->t->fill) {
        // no data: a guess as item()'s (an int 1, a float that differs from guess to guess), noted where it decides
        // something (Grad-TTS's `int(y_lengths.max())`)
        guess = new_guess(loc, name + "() of tensor data the compiler does not know (values guessed)");
        if (name == "float") f = 0.5 + static_cast<double>(guess % 256) / 1024.0;
      }
      V r = name == "int" ? mk_int(static_cast<long long>(f)) : name == "bool" ? mk_bool(f != 0) : mk_float(f);
      r->guess = guess;
      return r;
    }
    // bool() of a SymFloat in a frame (a dynamic float: a resume's stack value once it changed) is SymNodeVariable's
    // `x != 0`, a SymBool node, no guard (real torch 2.11: option-critic's `bool(option_termination.item())` resumed,
    // `ne: "Sym(Ne(zf37, 0.0))" = item != 0`; program resume_float_bool_symbool)
    if (name == "bool" && v->k == VK::Float && tracing() && stack_.back()->ctx->mode == Mode::Record) {
      v = take_stack_float(*this, *stack_.back()->ctx, v, loc);
      if (v->sym_node >= 0 && !v->sym.empty()) {
        V r = mk_bool(v->f != 0);
        r->sym = fmt::format("Ne({}, 0.0)", v->sym);
        sym_node("ne", "!=", true, {v, mk_int(0)}, r, loc);
        return r;
      }
    }
    if (name == "bool") { bool k; return mk_bool(v->k == VK::Instance ? instance_truth(*this, v, loc) : truthy_const(v, k)); }
    if (v->k == VK::Str && name == "int") {  // int(str[, base]): CPython's literal rules (base 0 reads a prefix)
      long long base = 10;
      if (args.size() > 1 && args[1]->k == VK::Int) base = args[1]->i;
      for (auto& [k, b] : kwargs) if (k == "base" && b->k == VK::Int) base = b->i;
      std::string t;
      for (char c : v->s) if (c != '_' && !std::isspace(static_cast<unsigned char>(c))) t += c;
      bool neg = !t.empty() && t[0] == '-';
      if (!t.empty() && (t[0] == '-' || t[0] == '+')) t = t.substr(1);
      auto prefixed = [&](char p) { return t.size() > 2 && t[0] == '0' && std::tolower(static_cast<unsigned char>(t[1])) == p; };
      if ((base == 0 || base == 16) && prefixed('x')) { t = t.substr(2); base = 16; }
      else if ((base == 0 || base == 8) && prefixed('o')) { t = t.substr(2); base = 8; }
      else if ((base == 0 || base == 2) && prefixed('b')) { t = t.substr(2); base = 2; }
      else if (base == 0) base = 10;
      long long r = 0;
      bool ok = !t.empty() && base >= 2 && base <= 36;
      for (char c : t) {
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::isalpha(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : 99;
        if (d >= base) { ok = false; break; }
        r = r * base + d;
      }
      if (!ok)
        raise_exc("ValueError", fmt::format("invalid literal for int() with base {}: {}", base, py_repr(v)), loc);
      return mk_int(neg ? -r : r);
    }
    if (v->k == VK::Str) {
      // CPython's float(str): the whole string after stripping whitespace, a sign, inf / infinity / nan in any case,
      // underscores only between digits; anything else is a ValueError a script can catch (drqv2's schedule()
      // tries float('linear(1.0,0.1,100000)') before parsing it)
      std::string s = v->s;
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
      size_t b = 0;
      while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
      s = s.substr(b);
      std::string body = s, low;
      double sign = 1;
      if (!body.empty() && (body[0] == '+' || body[0] == '-')) { sign = body[0] == '-' ? -1 : 1; body = body.substr(1); }
      for (char c : body) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (low == "inf" || low == "infinity") return mk_float(sign * INFINITY);
      if (low == "nan") return mk_float(NAN);
      std::string digits;
      bool ok = !body.empty();
      for (size_t i = 0; i < body.size() && ok; ++i) {
        char c = body[i];
        if (c == '_') {
          ok = i > 0 && i + 1 < body.size() && std::isdigit(static_cast<unsigned char>(body[i - 1])) &&
               std::isdigit(static_cast<unsigned char>(body[i + 1]));
          continue;
        }
        ok = std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
        digits += c;
      }
      char* end = nullptr;
      double d = ok ? std::strtod(digits.c_str(), &end) : 0;
      if (!ok || !end || *end != '\0' || digits.empty())
        raise_exc("ValueError", fmt::format("could not convert string to float: {}", py_repr(v)), loc);
      return mk_float(sign * d);
    }
    // int() / float() of a SymInt or SymFloat is torch.sym_int / torch.sym_float: a symbol, not its hint (an int of
    // an int folds into the node that already has its expression)
    if (in_compiled && (v->k == VK::Int || v->k == VK::Float) && !v->sym.empty() && (name == "int" || v->k == VK::Int)) {
      V r = name == "int" ? mk_int(v->k == VK::Float ? float_to_int(v->f) : v->i) : mk_float(static_cast<double>(v->i));
      r->sym = name == "int" ? (v->k == VK::Float ? "TruncToInt(" + v->sym + ")" : v->sym) : "ToFloat(" + v->sym + ")";
      sym_node(name == "int" ? "sym_int" : "sym_float", name == "int" ? "torch.sym_int" : "torch.sym_float", false, {v}, r, loc);
      return r;
    }
    if (name == "int") return mk_int(v->k == VK::Float ? float_to_int(v->f) : v->k == VK::Bool ? v->b : v->i);
    if (v->k == VK::Float && !v->sym.empty()) return v;  // float() of a SymFloat is itself (DINOv2's `float(w0) / sqrt_N`)
    return mk_float(v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i));
  }
  // str() / repr() of a torch.Size holding a SymInt in a frame: its SizeVariable is no constant, and BuiltinVariable has
  // no handler (GB0059; SPyNet's grid cache keyed by `str(tenFlow.shape)` breaks once the sizes are dynamic)
  if ((name == "str" || name == "repr") && args.size() == 1 && tracing() && arg(0)->k == VK::Tuple && arg(0)->size_tuple &&
      std::any_of(arg(0)->items.begin(), arg(0)->items.end(), [](const V& x) { return x->k == VK::Int && !x->sym.empty(); }))
    graph_break("Failed to trace builtin operator", msg_builtin_op(name, {"Size"}), loc);
  // str() / repr() of a SymInt / SymFloat in a frame: BuiltinVariable has no handler for a SymNodeVariable (GB0059
  // with argument types ['int'], resume after the call: real torch 2.11)
  if ((name == "str" || name == "repr") && args.size() == 1 && tracing() && (arg(0)->k == VK::Int || arg(0)->k == VK::Float) &&
      !arg(0)->sym.empty())
    graph_break("Failed to trace builtin operator", msg_builtin_op(name, {arg(0)->k == VK::Int ? "int" : "float"}), loc);
  if (name == "str" && !args.empty() && arg(0)->k == VK::Str && arg(0)->is_bytes && (args.size() > 1 || !kwargs.empty())) {
    std::vector<V> rest(args.begin() + 1, args.end());  // str(b, encoding, errors): b.decode(encoding, errors)
    return call_bytes("bytes.decode", rest, kwargs, loc, arg(0));
  }
  if (name == "str" || name == "repr") return mk_str(args.empty() ? "" : name == "str" ? str_of(arg(0), loc) : repr_of(arg(0), loc));
  if (name == "set" || name == "frozenset") {  // sets are lists without equal items (as set displays)
    V s = mk_list(args.empty() ? std::vector<V>{} : unique_keys(iterate(arg(0), loc)));
    s->is_set = true;
    return s;
  }
  if (name == "slice") {  // slice(stop), slice(start, stop[, step])
    auto sl = std::make_shared<Obj>();
    sl->k = VK::Slice;
    if (args.size() == 1) sl->items = {none(), arg(0), none()};
    else sl->items = {arg(0), arg(1), args.size() > 2 ? arg(2) : none()};
    return sl;
  }
  if (name == "callable") {
    V v = arg(0);
    std::function<bool(const V&)> has_call = [&](const V& c) -> bool {
      if (!c) return false;
      if (c->attrs.count("__call__")) return true;
      for (auto& b : c->bases) if (has_call(b)) return true;
      return false;
    };
    bool c = v->k == VK::Func || v->k == VK::Builtin || v->k == VK::Bound || v->k == VK::Class || v->k == VK::Compiled ||
             v->k == VK::Opaque || (v->k == VK::Instance && (!v->builtin_nn.empty() || has_call(v->cls)));
    return mk_bool(c);
  }
  if (name == "list" || name == "tuple") {
    std::vector<V> xs = args.empty() ? std::vector<V>{} : iterate(arg(0), loc);
    return name == "list" ? mk_list(xs) : mk_tuple(xs);
  }
  if (name == "torch.Size") {  // a tuple of ints that is a size: holding a SymInt, an op taking it inside a frame takes
    V r = mk_tuple(args.empty() ? std::vector<V>{} : iterate(arg(0), loc));  // a `torch.Size([...])` node made there
    r->size_tuple = true;                                                     // (to_arg; torch_size_forms)
    return r;
  }
  if (name == "dict") {  // dict(), dict(mapping), dict(pairs), dict(**kw)
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    auto put = [&](V k, V v) { dict_put(*d, k, v); };
    if (!args.empty()) {
      if (arg(0)->k == VK::Dict) {
        guard_dict_keys(arg(0), loc, true);  // (dict(d) walks d's items in order)
        for (auto& kv : arg(0)->dict) put(kv.first, guard_container_read(arg(0), kv.first, kv.second));
      } else
        for (auto& p : iterate(arg(0), loc)) {
          auto kv = iterate(p, loc);
          if (kv.size() != 2) error(loc, "dictionary update sequence element has wrong length");
          put(kv[0], kv[1]);
        }
    }
    for (auto& [k, v] : kwargs) put(mk_str(k), v);
    return d;
  }
  {
    bool handled = false;
    V r = call_attr_builtin(name, args, loc, handled);  // builtins_attrs.cpp: isinstance, getattr, hasattr, setattr, vars
    if (handled) return r;
  }
  {
    bool handled = false;
    V r = call_iter_builtin(name, args, kwargs, loc, handled);  // builtins_iter.cpp
    if (handled) return r;
  }
  {  // the object model: object.*, super, property / staticmethod / classmethod, type (builtins_object.cpp)
    bool handled = false;
    V r = call_object_builtin(name, args, loc, self, handled);
    if (handled) return r;
  }
  if (name == "globals") {  // the running module's globals, as a dict (a snapshot: stores into it are not seen)
    Env* g = stack_.back()->env.get();
    while (g->parent) g = g->parent.get();
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (const auto& n : g->order) d->dict.push_back({mk_str(n), g->vars[n]});
    return d;
  }
  if (name == "id") return mk_int(reinterpret_cast<long long>(arg(0).get()));
  if (name == "object" && args.empty() && kwargs.empty() && !self) {  // a fresh object (a sentinel: `_SENTINEL = object()`)
    auto o = std::make_shared<Obj>();
    o->k = VK::Instance;
    o->cls = mk_builtin("object");
    return o;
  }
  {  // methods of str, list and dict (builtins_methods.cpp)
    bool handled = false;
    V r = call_container_method(name, args, kwargs, loc, self, in_compiled, handled);
    if (handled) return r;
  }
  if (name == "os.getenv" || name == "os.listdir" || name == "glob.glob" || name.rfind("os.path.", 0) == 0) {  // builtins_more.cpp
    bool handled = false;
    V r = call_os_builtin(name, args, loc, handled);
    if (handled) return r;
  }
  if (name == "time.perf_counter" || name == "time.time" || name == "time.monotonic") {
    if (in_compiled) graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("time", name.substr(5)), loc);
    // a clock that advances (a millisecond a call): a script's `dt = t1 - t0` of a step is positive, never a division by
    // zero (build-nanogpt's tokens per second); no value of it reaches a graph
    static long long ticks = 0;
    ++ticks;
    return mk_float((name == "time.time" ? 1.7e9 : 0.0) + static_cast<double>(ticks) * 1e-3);
  }
  {  // real-model hooks (stubs, decorators, torch.nn.init, finfo): builtins_model.cpp
    bool handled = false;
    V r = call_builtin_model(name, args, kwargs, loc, self, handled);
    if (handled) return r;
  }
  if (name == "importlib.metadata.version") {
    if (in_compiled) graph_break("Unsupported method call", msg_metadata_version(), loc);
    // the versions installed beside torch 2.11 where the truth runs (transformers' dependency checks compare them:
    // `tqdm>=4.27`); torch's follows the profile, and a package not listed reads as torch's version (as before)
    static const std::map<std::string, std::string> installed = {
        {"accelerate", "1.15.0"}, {"einops", "0.8.2"}, {"filelock", "3.32.5"}, {"hf-xet", "1.6.0"}, {"huggingface-hub", "1.33.0"},
        {"huggingface_hub", "1.33.0"}, {"jinja2", "3.1.6"}, {"numpy", "2.5.2"}, {"packaging", "26.3"}, {"pillow", "12.3.0"},
        {"protobuf", "7.36.2"}, {"pyyaml", "6.0.3"}, {"regex", "2026.9.3"}, {"requests", "2.34.2"}, {"safetensors", "0.8.0"},
        {"scipy", "1.18.1"}, {"sentencepiece", "0.2.2"}, {"tiktoken", "0.14.0"}, {"timm", "1.0.29"}, {"tokenizers", "0.23.2"},
        {"torchaudio", "2.11.0"}, {"torchvision", "0.26.0"}, {"tqdm", "4.70.1"}, {"transformers", "5.17.0"}, {"typer", "0.27.2"},
        {"typing_extensions", "4.16.0"}, {"typing-extensions", "4.16.0"}};
    std::string pkg = !args.empty() && arg(0)->k == VK::Str ? arg(0)->s : "";
    for (auto& c : pkg) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (auto it = installed.find(pkg); it != installed.end() && prof_.version_str_traceable()) return mk_str(it->second);
    return mk_str(prof_.version_str_traceable() ? "2.11.0" : "2.3.1");
  }
  if (name.rfind("module.", 0) == 0) {
    bool handled = false;
    V r = call_module_method(name.substr(7), args, kwargs, loc, self, handled);  // builtins_module.cpp
    if (handled) return r;
  }
  if (name.rfind("torchctx.", 0) == 0) {
    std::string k = name.substr(9);
    if (k == "set_grad_enabled") {
      // torch.set_grad_enabled(mode) switches the mode when it is made (its __init__), a statement or a `with`
      // item alike; as a manager its __exit__ restores the mode before (Dynamo's GradModeVariable: the
      // `_set_grad_enabled` node where the mode changes; real torch 2.11: flow_matching's ODESolver.sample)
      const bool mode = args.empty() || truthy(args[0], loc);
      const bool prev = grad_enabled_;
      if (mode != prev) emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, mode ? "True" : "False"}}, Location{});
      grad_enabled_ = mode;
      auto c = mk_builtin("ctx:set_grad_enabled");
      c->items = {mk_bool(prev), mk_bool(mode)};
      return c;
    }
    auto c = mk_builtin(k == "enable_grad" ? "ctx:enable_grad" : k == "inference_mode" ? "ctx:inference_mode" : "ctx:no_grad");
    // the bare decorator, `@torch.no_grad` without a call (_NoParamDecoratorContextManager.__new__ of a function:
    // `cls()(orig_func)`): the function wrapped as `@torch.no_grad()` wraps it
    if (args.size() == 1 && (args[0]->k == VK::Func || args[0]->k == VK::Bound)) return call(c, {args[0]}, {}, loc);
    return c;
  }
  // process-wide defaults: kept, read back by get_default_*; creation ops do not consult them yet (dtype of
  // node metadata only, no effect on graphs, breaks or op counts)
  if (name == "torch.set_default_dtype") { default_dtype_ = args.empty() ? default_dtype_ : arg(0); return none(); }
  if (name == "torch.get_default_dtype") {
    if (default_dtype_) return default_dtype_;
    auto d = std::make_shared<Obj>();
    d->k = VK::DType;
    d->s = "float32";
    return d;
  }
  // torch.set_default_device(d) enters a DeviceContext (a TorchFunctionMode) for d, None leaves it
  if (name == "torch.set_default_device") {
    torch_function_mode_ = !args.empty() && arg(0)->k != VK::None;
    return none();
  }
  if (name == "bytes" || name == "bytearray" || name.rfind("bytes.", 0) == 0) return call_bytes(name, args, kwargs, loc, self);
  if (more_builtin_names().count(name)) {
    bool handled = false;
    V r = call_more_builtin(name, args, kwargs, loc, handled);  // builtins_more.cpp
    if (handled) return r;
  }
  {
    bool handled = false;
    V r = torch_distributed(name, args, kwargs, loc, handled);  // torch/distributed.cpp
    if (handled) return r;
    // einops.rearrange / repeat called eagerly under the callback: a frame of its own (einops' Python function,
    // stubs/__tparse_einops_frames__.py), whose body's reduce() is the graph's node
    if ((name == "einops.rearrange" || name == "einops.repeat") && !in_compiled && callback_active_ > 0 && !args.empty() &&
        args[0]->k == VK::Tensor)
      return call(getattr(import_module("__tparse_einops_frames__", loc), name.substr(7), loc), args, kwargs, loc);
    if (name == "__tparse_einops_reduce__" && args.size() == 3 && args[2]->k == VK::Str) {  // (tensor, pattern, kind)
      std::vector<V> a{args[0], args[1]};
      const std::string kind = args[2]->s;
      struct Back { bool& r; ~Back() { r = false; } } back{einops_as_reduce_};
      einops_as_reduce_ = true;
      r = call_einops("einops." + kind, a, kwargs, loc, handled);
      if (handled) return r;
    }
    r = call_einops(name, args, kwargs, loc, handled);  // torch/interop/einops.cpp
    if (handled) return r;
  }
  if (name.rfind("tensor.", 0) == 0) return tensor_method(self, name.substr(7), args, kwargs, loc);
  if (name.rfind("torch.", 0) == 0 || name.rfind("F.", 0) == 0 || name == "nn.Parameter" || name == "nn.Buffer") return torch_fn(name, args, kwargs, loc);
  // A C function of a builtin module (all of `time`, `os.getpid`): Dynamo skips it, the call breaks the
  // graph (GB0007, DYNAMO-SEMANTICS.md "C builtins / C extensions"). Anything else of a module tparse
  // models only in part (os, sys, ...) is an opaque value.
  if (in_compiled && (name.rfind("time.", 0) == 0 || name == "os.getpid"))
    graph_break("Attempted to call function marked as skipped", msg_skipped_builtin(name.substr(0, name.find('.')), name.substr(name.find('.') + 1)), loc);
  note_unmodelled(loc, name + "()");
  return mk_opaque(name + "()");
}

}  // namespace tparse::compiler
