// Python operators on values: binary operators (ints kept to 64 bits, the rest marked
// approximate), user classes' arithmetic dunders, in-place operators (`a op= b`), numpy integer scalars (comparisons:
// interp_compare.cpp);
// tensor operands go to the torch room (tensor_binop).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <optional>
#include <cmath>
#include <complex>
#include <map>

#include "torch/interop/numpy_traced.hpp"
#include "runtime/interp.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "runtime/interp/operators/numbers.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

namespace {

/// A version's sort key as packaging.version orders it: the release numbers (trailing zeros dropped), then the
/// pre-release phase (dev < a < b < rc < final, with its number), then whether a local label (`+cu130`) follows.
std::vector<long long> version_key(const std::string& v) {
  std::vector<long long> rel;
  size_t i = v.find_first_not_of("vV= ");
  if (i == std::string::npos) i = 0;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
    long long n = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) n = n * 10 + (v[i++] - '0');
    rel.push_back(n);
    if (i < v.size() && v[i] == '.' && i + 1 < v.size() && std::isdigit(static_cast<unsigned char>(v[i + 1]))) ++i;
    else break;
  }
  while (!rel.empty() && rel.back() == 0) rel.pop_back();
  std::string rest = v.substr(i);
  long long phase = 4, num = 0;  // final
  static const std::vector<std::pair<std::string, long long>> phases = {{"dev", 0}, {"a", 1}, {"alpha", 1}, {"b", 2}, {"beta", 2}, {"rc", 3}, {"c", 3}};
  size_t p = rest.find_first_not_of(".-_");
  std::string tag = p == std::string::npos ? "" : rest.substr(p);
  for (auto& [name, ph] : phases)
    if (tag.rfind(name, 0) == 0) {
      phase = ph;
      num = std::atoll(tag.c_str() + name.size());
      break;
    }
  if (tag.rfind("post", 0) == 0) phase = 5, num = std::atoll(tag.c_str() + 4);
  std::vector<long long> key(rel.begin(), rel.end());
  key.resize(std::max<size_t>(key.size(), 8), 0);
  key.push_back(phase);
  key.push_back(num);
  key.push_back(v.find('+') != std::string::npos ? 1 : 0);
  return key;
}

}  // namespace

// torch.__version__ is a TorchVersion, a str subclass whose comparisons parse both sides as versions (a tuple of
// numbers or a string): `torch.__version__ >= "2.0"`, `> (1, 13)`. Null when neither side is one.
V Interp::torch_version_compare(const std::string& op, const V& a, const V& b) {
  auto is_tv = [](const V& x) { return x->k == VK::Str && x->global_name == "TorchVersion"; };
  if (!(is_tv(a) || is_tv(b)) || !(op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=")) return nullptr;
  auto text = [](const V& x) -> std::optional<std::string> {
    if (x->k == VK::Str) return x->s;
    if (x->k != VK::Tuple && x->k != VK::List) return std::nullopt;
    std::string t;
    for (const auto& e : x->items) {
      if (e->k != VK::Int && e->k != VK::Str) return std::nullopt;
      t += (t.empty() ? "" : ".") + (e->k == VK::Int ? std::to_string(e->i) : e->s);
    }
    return t;
  };
  auto ta = text(a), tb = text(b);
  if (!ta || !tb) return nullptr;
  auto ka = version_key(*ta), kb = version_key(*tb);
  size_t n = std::max(ka.size(), kb.size());
  ka.resize(n, 0);
  kb.resize(n, 0);
  int c = ka < kb ? -1 : ka > kb ? 1 : 0;
  bool r = op == "<" ? c < 0 : op == ">" ? c > 0 : op == "<=" ? c <= 0 : op == ">=" ? c >= 0 : op == "==" ? c == 0 : c != 0;
  return mk_bool(r);
}


/// Python's complex arithmetic: + - * / ** of a complex with a number or complex (no //, %, ordering).
static std::optional<std::complex<double>> complex_binop(const std::string& op, const V& a, const V& b, bool& zero_div) {
  std::complex<double> x = cnum(a), y = cnum(b);
  zero_div = false;
  if (op == "+") return x + y;
  if (op == "-") return x - y;
  if (op == "*") return x * y;
  if (op == "/") {
    if (y == std::complex<double>(0, 0)) { zero_div = true; return std::nullopt; }
    return x / y;
  }
  if (op == "**") {
    if (y == std::complex<double>(0, 0)) return std::complex<double>(1, 0);
    if (x == std::complex<double>(0, 0)) {
      if (y.imag() != 0 || y.real() < 0) { zero_div = true; return std::nullopt; }
      return std::complex<double>(0, 0);
    }
    // CPython's c_powi: a small integral exponent by repeated squaring (exact: 1j ** 2 == -1), else pow
    if (y.imag() == 0 && y.real() == std::floor(y.real()) && std::fabs(y.real()) <= 100) {
      long long n = static_cast<long long>(std::llabs(static_cast<long long>(y.real())));
      std::complex<double> r(1, 0), p = x;
      for (; n > 0; n >>= 1, p *= p) if (n & 1) r *= p;
      return y.real() < 0 ? std::complex<double>(1, 0) / r : r;
    }
    return std::pow(x, y);
  }
  return std::nullopt;
}

int Interp::new_guess(Location loc, const std::string& what) {
  guessed_numbers_.push_back({loc, what});
  guessed_noted_.push_back(false);
  return static_cast<int>(guessed_numbers_.size()) - 1;
}

void Interp::use_guess(const V& v) {
  if (!v) return;
  if (v->guess >= 0 && static_cast<size_t>(v->guess) < guessed_numbers_.size() && !guessed_noted_[static_cast<size_t>(v->guess)]) {
    guessed_noted_[static_cast<size_t>(v->guess)] = true;
    note_unmodelled(guessed_numbers_[static_cast<size_t>(v->guess)].first, guessed_numbers_[static_cast<size_t>(v->guess)].second);
  }
  if (v->k == VK::List || v->k == VK::Tuple || v->k == VK::Slice)
    for (const V& x : v->items) if (x && x->guess >= 0) use_guess(x);
}

V Interp::carry_guess(V r, const V& a, const V& b) {
  int g = a && a->guess >= 0 ? a->guess : b && b->guess >= 0 ? b->guess : -1;
  if (g < 0 || !r) return r;
  if (r->k == VK::Int || r->k == VK::Float || r->k == VK::Bool || r->k == VK::Complex) {
    if (r.get() != (a ? a.get() : nullptr) && r.get() != (b ? b.get() : nullptr) && r->guess < 0) {
      V c = std::make_shared<Obj>(*r);  // (a cached constant may be shared: mark a copy)
      c->guess = g;
      return c;
    }
    return r;
  }
  if (r->k != VK::Str) { use_guess(a); use_guess(b); }  // (`[0] * n`: a size decided by the guess)
  return r;
}

V Interp::binop(const std::string& op, V a, V b, Location loc) {
  np_traced::coerce_operands(*this, a, b);  // numpy's own array beside a tensor
  // a dynamic float a resume function took on its stack is tensorified where an operator first computes with it
  // (`x * float(np.ceil(H))`: its graph input after x's, program numpy_symbolic_scalars)
  if (Activation& act = *stack_.back(); act.ctx && act.ctx->mode == Mode::Record)
    for (V* x : {&a, &b}) {
      if ((*x)->k == VK::Tensor) realize(*x);  // (operands in order: a tensor on the left is an input first)
      *x = take_stack_float(*this, *act.ctx, *x, loc);
    }
  if (a->guess >= 0 || b->guess >= 0) {
    if (a->k == VK::Tensor || b->k == VK::Tensor) { use_guess(a); use_guess(b); }
    else return carry_guess(binop_plain(op, a, b, loc), a, b);
  }
  return binop_plain(op, a, b, loc);
}

V Interp::binop_plain(const std::string& op, V a, V b, Location loc) {
  // str.__mod__ takes any right operand (`'%.3f' % loss` of a 0-d tensor: a tensor's __rmod__ is not asked first)
  if (op == "%" && a->k == VK::Str) return percent_format(a->s, b, loc);
  // a numpy integer scalar (DAC's `hop_length = np.prod(rates)`): eagerly numpy's arithmetic keeps it one; inside a
  // frame Dynamo makes it a 0-d tensor graph input and traces its arithmetic as wrapped numpy operators (breaking
  // at math.ceil / int()), which tparse does not model: the result is marked approximate
  // (np.float64 likewise: StyleGAN's `def_gain=np.sqrt(2)`)
  const bool npf = (a->k == VK::Float && a->np_float) || (b->k == VK::Float && b->np_float);
  if ((a->k == VK::Int && a->np_int) || (b->k == VK::Int && b->np_int) || npf) {
    Activation& act = *stack_.back();
    // a numpy scalar read from a source (FastSpeech2's `self.temperature = np.power(d_k, 0.5)`, diffusers'
    // `output_scale_factor = np.sqrt(2.0)`) with a tensor: the scalar is a 0-d float64 / int64 graph input
    // (`L_self_temperature: "f64[][]cpu"`) and the operator a tensor operator on it
    // (with a Python number too: the scalar is an ndarray to Dynamo, and the operator torch._numpy's wrapped one —
    // SNAC's `self.hop_length * lcm`, program numpy_int_scalar_attr_arith)
    auto np_scalar = [](const V& x) { return (x->k == VK::Int && x->np_int) || (x->k == VK::Float && x->np_float); };
    const bool np_a = np_scalar(a);
    const V& other = np_a ? b : a;
    const bool with_number = other->k != VK::Tensor && is_num(other) && !np_scalar(other);
    if (act.ctx && act.ctx->mode != Mode::Eager && (a->k == VK::Tensor || b->k == VK::Tensor || with_number)) {
      V& np = a->k == VK::Tensor ? b : b->k == VK::Tensor ? a : np_a ? a : b;
      if (V in = np_traced::scalar_input(*this, np)) {
        np = in;
        return binop_numbers(op, a, b, loc);
      }
    }
    // (a served entry's replay computes the graph's values: nothing is traced there)
    if (act.ctx && act.ctx->mode == Mode::Record) {
      note_unmodelled(loc, fmt::format("arithmetic on a numpy {} scalar in a compiled frame (Dynamo traces it as a 0-d tensor input)",
                                       npf ? "float" : "integer"));
    } else if (a->k != VK::Tensor && b->k != VK::Tensor) {
      V plain_a = a, plain_b = b;
      V r = binop_numbers(op, a, b, loc);
      if (r->k == VK::Int && r != plain_a && r != plain_b && !npf) {
        V c = mk_int(r->i);
        c->np_int = true;
        return c;
      }
      if (r->k == VK::Float && r != plain_a && r != plain_b && r->sym.empty()) {  // a float result: np.float64
        V c = mk_float(r->f);
        c->np_float = true;
        return c;
      }
      return r;
    }
  }
  return binop_numbers(op, a, b, loc);
}

V Interp::binop_numbers(const std::string& op, V a, V b, Location loc) {
  if (a->k == VK::Opaque || b->k == VK::Opaque) {
    if (a->k == VK::Tensor || b->k == VK::Tensor) {  // a tensor operator with an unmodelled operand
      std::vector<V> xs{a, b};
      std::vector<std::pair<std::string, V>> kw;
      return unknown_op("operator" + op, false, xs, kw, loc, "");
    }
    note_unmodelled(loc, "operator " + op + " on " + (a->k == VK::Opaque ? a->s : b->s));
    return mk_opaque("(" + (a->k == VK::Opaque ? a->s : b->s) + " " + op + ")");
  }
  if (a->k == VK::Instance || b->k == VK::Instance) {  // a user class's `__mul__`, then the other's `__rmul__`
    static const std::map<std::string, std::string> names = {{"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "truediv"}, {"//", "floordiv"},
                                                             {"%", "mod"}, {"**", "pow"}, {"@", "matmul"}, {"&", "and"}, {"|", "or"},
                                                             {"^", "xor"}, {"<<", "lshift"}, {">>", "rshift"}};
    if (auto d = names.find(op); d != names.end()) {
      if (V r = user_dunder(a, ("__" + d->second + "__").c_str(), {b}, loc)) return r;
      if (V r = user_dunder(b, ("__r" + d->second + "__").c_str(), {a}, loc)) return r;
    }
  }
  if (a->k == VK::Dict && b->k == VK::Dict && op == "|") {  // PEP 584: a new dict, b's values win
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    d->dict = a->dict;
    for (auto& kv : b->dict) dict_put(*d, kv.first, kv.second);
    return d;
  }
  if (a->k == VK::List && b->k == VK::List && (op == "|" || op == "&" || op == "-" || op == "^")) {
    // lists do not take these operators: both operands are sets (sets are lists without equal items)
    auto has = [](const std::vector<V>& xs, const V& v) {
      for (auto& x : xs) if (same_key(x, v)) return true;
      return false;
    };
    std::vector<V> out;
    if (op == "|") { out = a->items; for (auto& x : b->items) if (!has(out, x)) out.push_back(x); }
    else if (op == "&") { for (auto& x : a->items) if (has(b->items, x)) out.push_back(x); }
    else if (op == "-") { for (auto& x : a->items) if (!has(b->items, x)) out.push_back(x); }
    else {
      for (auto& x : a->items) if (!has(b->items, x)) out.push_back(x);
      for (auto& x : b->items) if (!has(a->items, x)) out.push_back(x);
    }
    V r = mk_list(out);
    r->is_set = true;
    return r;
  }
  if (a->k == VK::Tensor || b->k == VK::Tensor) {
    try {
      return a->k == VK::Tensor ? tensor_binop(op, a, b, loc, false) : tensor_binop(op, b, a, loc, true);
    } catch (CompileError& e) {  // the operator's rule rejected an operand whose shape tparse guessed: unknown_op
      std::vector<V> xs{a, b};
      if (!falls_back(e, xs, nullptr)) shape_error(e, loc);
      std::vector<std::pair<std::string, V>> kw;
      return unknown_op("operator" + op, false, xs, kw, loc, e.what());
    }
  }
  if ((a->k == VK::Complex || b->k == VK::Complex) && is_num_or_complex(a) && is_num_or_complex(b)) {
    bool zero_div = false;
    if (auto r = complex_binop(op, a, b, zero_div)) return mk_complex(r->real(), r->imag());
    if (zero_div) raise_exc("ZeroDivisionError", op == "**" ? "zero to a negative or complex power" : "complex division by zero", loc);
  }
  if (is_num(a) && is_num(b)) {
    bool flt = a->k == VK::Float || b->k == VK::Float;
    double x = num(a), y = num(b);
    if (op == "/") {
      if (y == 0) raise_exc("ZeroDivisionError", "division by zero", loc);
      // a SymInt divided (Swin's `windows.shape[0] / (H * W / ws / ws)` under a dynamic batch) is a SymFloat:
      // a `truediv` node whose value int() turns back into a SymInt (torch.sym_int), never the hint's number
      bool sa = a->k != VK::Bool && !a->sym.empty(), sb = b->k != VK::Bool && !b->sym.empty();
      if (tracing() && (sa || sb)) {
        V r = mk_float(x / y);
        r->sym = truediv_expr(a, b);
        sym_node("truediv", "/", true, {a, b}, r, loc);
        return r;
      }
      return mk_float(x / y);
    }
    // a float operand with a SymInt or SymFloat: a SymFloat node (`mul: "Sym(0.5*ToFloat(s77))" = s77 * 0.5`,
    // `add: "Sym(0.5*ToFloat(s77) + 1.0)"`, `pow_1: "Sym(FloatPow(...))"`), never the hint's number
    if (flt && tracing() && (op == "*" || op == "+" || op == "-" || op == "**") &&
        ((a->k != VK::Bool && !a->sym.empty()) || (b->k != VK::Bool && !b->sym.empty()))) {
      double rv = op == "*" ? x * y : op == "+" ? x + y : op == "-" ? x - y : std::pow(x, y);
      V r = mk_float(rv);
      r->sym = symfloat_expr(op, a, b);
      static const std::map<std::string, std::string> nm = {{"*", "mul"}, {"+", "add"}, {"-", "sub"}, {"**", "pow"}};
      sym_node(nm.at(op), op, true, {a, b}, r, loc);
      return r;
    }
    if (op == "**" && !flt && y >= 0 && tracing() && a->k != VK::Bool && b->k != VK::Bool && (!a->sym.empty() || !b->sym.empty())) {
      // SymInt ** int and int ** SymInt (SymInt.__pow__ / __rpow__ after guarding the exponent >= 0): a `pow` node,
      // `PowByNatural(2, CeilToInt(...))` (mamba.py's pscan `2 ** math.ceil(math.log2(L))`), never the hint's number
      V r = mk_int(static_cast<long long>(std::llround(std::pow(x, y))));
      auto side = [](const V& v) { return v->sym.empty() ? std::to_string(v->i) : v->sym; };
      if (b->sym.empty() && a->k == VK::Int) {
        if (auto m = parse_mono(a->sym); m && b->i <= 8) {  // a monomial's power: sympy's `s27**2`, `4*s27**2`
          SymMono p;
          for (long long i = 0; i < b->i; ++i) p = mono_mul(p, *m);
          r->sym = mono_str(p);
        } else {
          r->sym = "(" + a->sym + ")**" + std::to_string(b->i);
        }
      } else {
        r->sym = "PowByNatural(" + side(a) + ", " + side(b) + ")";
      }
      sym_node("pow", "**", true, {a, b}, r, loc);
      return r;
    }
    if (op == "**") {
      if (!flt && y >= 0) return mk_int(static_cast<long long>(std::llround(std::pow(x, y))));
      return mk_float(std::pow(x, y));
    }
    // SymInt arithmetic: the hint, and the expression. A SymInt whose expression folded to a constant (`s27 - s27`)
    // is still a SymNode of the graph: arithmetic on it is a node too (`add_1: "Sym(1)" = sub + 1`, x-transformers'
    // causal mask under torch 2.11)
    auto symnode = [&](const V& x) {
      return !x->sym.empty() || (x->k == VK::Int && tracing() && stack_.back()->ctx->graph.symint_node.count(x.get()));
    };
    if (!flt && (symnode(a) || symnode(b))) {
      V r = binop(op, symnode(a) ? mk_int(a->i) : a, symnode(b) ? mk_int(b->i) : b, loc);
      if (r->k == VK::Int) {
        r->sym = sym_expr(op, a, b);
        // a constant expression (`0 + 1` of a folded SymNode) has no symbol: its node is its own, never shared
        if (r->sym.find_first_not_of("-0123456789") == std::string::npos) r->sym.clear();
        sym_compute_node(op, a, b, r, loc);
      }
      return r;
    }
    if (!flt) {
      long long i = a->k == VK::Bool ? a->b : a->i, j = b->k == VK::Bool ? b->b : b->i;
      // Python ints are unbounded; ours are 64-bit: a result beyond that is kept modulo 2**64 and the
      // run is marked approximate (never undefined behaviour).
      auto wide = [&](long long r, bool overflow) {
        if (overflow) note_unmodelled(loc, "an integer beyond 64 bits (" + op + "; kept modulo 2**64)");
        return mk_int(r);
      };
      long long r = 0;
      if (op == "+") { bool o = __builtin_add_overflow(i, j, &r); return wide(r, o); }
      if (op == "-") { bool o = __builtin_sub_overflow(i, j, &r); return wide(r, o); }
      if (op == "*") { bool o = __builtin_mul_overflow(i, j, &r); return wide(r, o); }
      if (op == "//" || op == "%") {
        if (j == 0) raise_exc("ZeroDivisionError", "integer division or modulo by zero", loc);
        if (i == LLONG_MIN && j == -1) return op == "//" ? wide(LLONG_MIN, true) : mk_int(0);
        long long q = i / j;
        if ((i % j != 0) && ((i < 0) != (j < 0))) --q;
        return op == "//" ? mk_int(q) : mk_int(i - q * j);
      }
      if (op == "&") return mk_int(i & j);
      if (op == "|") return mk_int(i | j);
      if (op == "^") return mk_int(i ^ j);
      if ((op == "<<" || op == ">>") && j < 0) raise_exc("ValueError", "negative shift count", loc);
      if (op == "<<") {
        if (i == 0) return mk_int(0);
        bool o = j >= 63 || i > (LLONG_MAX >> j) || i < (LLONG_MIN >> j);
        return wide(j >= 64 ? 0 : static_cast<long long>(static_cast<unsigned long long>(i) << j), o);
      }
      if (op == ">>") return mk_int(j >= 64 ? (i < 0 ? -1 : 0) : i >> j);
    } else {
      if (op == "+") return mk_float(x + y);
      if (op == "-") return mk_float(x - y);
      if (op == "*") return mk_float(x * y);
      if ((op == "//" || op == "%") && y == 0) raise_exc("ZeroDivisionError", op == "//" ? "float floor division by zero" : "float modulo by zero", loc);
      if (op == "//") return mk_float(std::floor(x / y));
      if (op == "%") return mk_float(x - std::floor(x / y) * y);
    }
  }
  if (op == "+" && a->k == VK::Str && b->k == VK::Str) {
    if (a->is_bytes != b->is_bytes)
      raise_exc("TypeError", a->is_bytes ? "can't concat str to bytes" : "can only concatenate str (not \"bytes\") to str", loc);
    return a->is_bytes ? mk_bytes(a->s + b->s) : mk_str(a->s + b->s);
  }
  if (op == "+" && a->k == b->k && (a->k == VK::List || a->k == VK::Tuple)) {
    std::vector<V> xs = a->items;
    xs.insert(xs.end(), b->items.begin(), b->items.end());
    if (a->k == VK::List) return mk_list(xs);
    V r = mk_tuple(xs);
    r->size_tuple = a->size_tuple || b->size_tuple;  // torch.Size + tuple is a torch.Size
    return r;
  }
  auto is_seq = [](const V& v) { return v->k == VK::List || v->k == VK::Tuple || v->k == VK::Str; };
  if (op == "*" && (a->k == VK::Int || a->k == VK::Bool) && is_seq(b)) std::swap(a, b);  // int.__mul__ gives way to seq.__rmul__
  if (op == "*" && is_seq(a) && b->k == VK::Int && !b->sym.empty() && tracing()) {
    // a list times a SymInt (MAR's `torch.tensor([i] * x.shape[0])`): Dynamo's `mul = [2] * getitem` node, and the
    // list's length must be a number: the symbol is specialized to its value (range_refined_to_singleton)
    Graph& g = stack_.back()->ctx->graph;
    add_call("*", "mul", {to_arg(a), sym_arg(b)}, loc, true);
    specialize_symbol(b->sym, loc);
    // the result's items are read back from the node (`mul[i]`, dead getitems whose names stay taken: torch's next
    // getitem after `[2] * getitem` of a batch of 3 is getitem_5)
    for (long long i = 0; i < static_cast<long long>(a->items.size()) * b->i; ++i) g.unique_name("getitem");
  }
  if (op == "*" && is_seq(a) && (b->k == VK::Int || b->k == VK::Bool)) {
    std::vector<V> xs;
    std::string s;
    long long n = b->k == VK::Bool ? (b->b ? 1 : 0) : b->i;
    for (long long i = 0; i < n; ++i) { xs.insert(xs.end(), a->items.begin(), a->items.end()); s += a->s; }
    if (a->k == VK::Str) return a->is_bytes ? mk_bytes(s) : mk_str(s);
    return a->k == VK::List ? mk_list(xs) : mk_tuple(xs);
  }
  if (op == "%" && a->k == VK::Str) return percent_format(a->s, b, loc);
  if (op == "|") {  // PEP 604: `int | None`, `torch.Tensor | int`: a union, which isinstance reads as a tuple of its types
    auto type_like = [](const V& v) {
      return v->k == VK::Class || v->k == VK::Builtin || v->k == VK::None || (v->k == VK::Tuple && v->s == "types.UnionType");
    };
    if (type_like(a) && type_like(b)) {
      std::vector<V> xs;
      for (const V& v : {a, b}) {
        if (v->k == VK::Tuple) xs.insert(xs.end(), v->items.begin(), v->items.end());
        else xs.push_back(v->k == VK::None ? mk_builtin("NoneType") : v);
      }
      V u = mk_tuple(xs);
      u->s = "types.UnionType";
      return u;
    }
  }
  raise_exc("TypeError", fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", op == "**" ? "** or pow()" : op, type_name(a), type_name(b)), loc);  // CPython names pow with **
}


// `a op= b` (not on a tensor): Python's in-place protocol. A list `+=` extends the same list (other names see
// it), an nn.ModuleList / Sequential `+=` extends the module (torch's __iadd__), a class's own __i<op>__ is
// called; otherwise `a op b` makes a new value, as CPython falls back to the binary operator.
V Interp::inplace_binop(const std::string& op, V cur, V rhs, Location loc) {
  if ((cur->guess >= 0 || rhs->guess >= 0) && cur->k != VK::List && cur->k != VK::Tensor && rhs->k != VK::Tensor)
    return binop(op, cur, rhs, loc);  // (`total += loss.item()`: a number carrying the guess)
  if (op == "+" && cur->k == VK::List && !cur->is_set) {
    std::vector<V> xs = iterate(rhs, loc);  // first: `a += a` reads the items before they grow
    cur->items.insert(cur->items.end(), xs.begin(), xs.end());
    return cur;
  }
  if (op == "+" && cur->k == VK::Instance && (cur->builtin_nn == "ModuleList" || cur->builtin_nn == "Sequential") &&
      !(cur->cls && find_in_class(cur->cls, "__iadd__"))) {
    std::vector<V> a{rhs};
    std::vector<std::pair<std::string, V>> kw;
    bool handled = false;
    return call_module_method("extend", a, kw, loc, cur, handled);
  }
  if (op == "+" && cur->k == VK::Tuple && cur->size_tuple && rhs->k == VK::Tuple && tracing()) {
    // `size += (a, b)` in a frame: Dynamo's operator.iadd handler for tuples builds a TupleVariable, dropping the
    // torch.Size (builtin.py's tuple_add_handler; eager CPython keeps the Size): taken by an op, a plain tuple argument
    V r = binop(op, cur, rhs, loc);
    r->size_tuple = false;
    return r;
  }
  static const std::map<std::string, const char*> idunder = {{"+", "__iadd__"}, {"-", "__isub__"}, {"*", "__imul__"},
                                                             {"/", "__itruediv__"}, {"//", "__ifloordiv__"}, {"%", "__imod__"},
                                                             {"|", "__ior__"}, {"&", "__iand__"}, {"^", "__ixor__"},
                                                             {"@", "__imatmul__"}, {"**", "__ipow__"}, {"<<", "__ilshift__"},
                                                             {">>", "__irshift__"}};
  if (auto it = idunder.find(op); it != idunder.end())
    if (V r = user_dunder(cur, it->second, {rhs}, loc); r && !(r->k == VK::Builtin && r->s == "NotImplemented")) return r;
  return binop(op, cur, rhs, loc);
}

}  // namespace tparse::compiler
