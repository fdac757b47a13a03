// Builtins over numbers: complex(), numpy's integer scalars (__tparse_np_int__) and the math module (math.sqrt / log (with a base) / ceil / floor of a SymFloat as
// graph nodes / gcd / prod / ...). The rest of the builtins: builtins.cpp, builtins_iter.cpp, builtins_more.cpp.
#include <algorithm>
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>

#include "runtime/interp.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/values/values.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

V Interp::call_number_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                              Location loc, bool in_compiled, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  if (name == "complex") {  // complex(real=0, imag=0): numbers or complex parts (a string form is not modelled)
    V re = args.size() > 0 ? args[0] : nullptr, im = args.size() > 1 ? args[1] : nullptr;
    for (auto& [k, v] : kwargs) (k == "real" ? re : k == "imag" ? im : re) = v;
    auto part = [&](const V& v, double& r, double& i) {
      if (!v) return;
      if (v->k == VK::Complex) { r += v->f; i += v->im; return; }
      if (v->k == VK::Float) { r += v->f; return; }
      if (v->k == VK::Int || v->k == VK::Bool) { r += v->k == VK::Bool ? v->b : static_cast<double>(v->i); return; }
      raise_exc("TypeError", fmt::format("complex() argument must be a string or a number, not {}", type_name(v)), loc);
    };
    double r1 = 0, i1 = 0, r2 = 0, i2 = 0;
    part(re, r1, i1);
    part(im, r2, i2);
    return mk_complex(r1 - i2, i1 + r2);  // complex(a, b) == a + b*1j, each part possibly complex
  }
  if (name.rfind("math.", 0) == 0) {
    std::string m = name.substr(5);
    // a resume's dynamic float stack value read by the call: tensorified there (neural ODE's
    // `math.ceil((abs(t1 - t0)/h_max).max().item())` resumed: `item()` of L_stack1_, then math_ceil; real torch 2.11)
    if (in_compiled && tracing())
      for (V& a : args) a = take_stack_float(*this, *stack_.back()->ctx, a, loc);
    if (m == "prod") {  // math.prod(iterable, *, start=1): start * x0 * x1 ... by the `*` operator (ints stay ints)
      V acc = mk_int(1);
      for (auto& [k, v] : kwargs) if (k == "start") acc = v;
      std::vector<V> xs = iterate(arg(0), loc);
      // in a frame, of SymInts: Dynamo's call_function node of math.prod itself (a symbolic torch.Size argument is
      // its `torch.Size([...])` node), whose result torch 2.11's replacement pass rebuilds from the input symbols
      // where it is read (`mul_1: "Sym(3*s27)" = 3 * s27`): no node per factor (program sym_arith_nodes)
      auto symint = [](const V& x) { return x->k == VK::Int && !x->sym.empty(); };
      if (tracing() && acc->k == VK::Int && std::any_of(xs.begin(), xs.end(), symint) &&
          std::all_of(xs.begin(), xs.end(), [](const V& x) { return x->k == VK::Int; })) {
        if (arg(0)->size_tuple) size_node(arg(0));
        for (auto& x : xs) {
          V r = mk_int(acc->i * x->i);
          r->sym = sym_expr("*", acc, x);
          acc = r;
        }
        return acc;
      }
      for (auto& x : xs) acc = binop("*", acc, x, loc);
      return acc;
    }
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i]->k != VK::Tensor) continue;
      // an ndarray traced in the frame: the node's value would be a Python number, which Dynamo refuses (GB0208,
      // FEDformer's `math.floor(np.log2(n))`); eagerly the array's one element (numpy_ndarray_breaks' truth)
      if (in_compiled && np_traced::is_np(args[i]) && args[i]->t->fake_const) {
        bool integral = m == "floor" || m == "ceil" || m == "trunc" || m == "isqrt" || m == "gcd" || m == "lcm";
        np_traced::non_tensor_break(*this, "<built-in function " + m + ">", integral ? "int" : "float", loc);
      }
      // a tensor in a frame: Dynamo puts the math function in the graph, whose fake run converts the tensor to a
      // number (_local_scalar_dense): a data-dependent break at the call, run eagerly (real torch 2.11: SNAC's
      // `math.ceil(length / pad_to)`, program math_ceil_of_tensor)
      if (tracing()) graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
      const std::vector<double>* d = values::data(*this, args[i]);
      if (d && d->size() == 1) { args[i] = mk_float((*d)[0]); continue; }
      if (args[i]->t->fill && args[i]->t->shape.empty()) { args[i] = mk_float(*args[i]->t->fill); continue; }
      // unknown data: its number guessed as float() guesses it, one that differs from guess to guess (AGD's
      // `math.sqrt(1 + 4*G)` of a grad norm, a resume function's stack value that recompiles each step in torch)
      const int g = new_guess(loc, name + "() of a tensor whose value tparse does not know (values guessed)");
      args[i] = mk_float(0.5 + static_cast<double>(g % 256) / 1024.0);
      args[i]->guess = g;
    }
    double x = arg(0)->k == VK::Float ? arg(0)->f : arg(0)->k == VK::Bool ? double(arg(0)->b) : static_cast<double>(arg(0)->i);
    // math.log(x, base) is log(x) / log(base) in doubles (SwinIR's `int(math.log(scale, 2))`: 1 for 2, 3 for 8)
    if (m == "log" && args.size() > 1) {
      V b = arg(1);
      return mk_float(std::log(x) / std::log(b->k == VK::Float ? b->f : b->k == VK::Bool ? double(b->b) : static_cast<double>(b->i)));
    }
    if ((m == "ceil" || m == "floor") && in_compiled && arg(0)->k == VK::Float && !arg(0)->sym.empty()) {
      // math.ceil / floor of a SymFloat: a node `ceil = math_ceil(truediv)`, `Sym(CeilToInt(...))`
      V r = mk_int(static_cast<long long>(m == "ceil" ? std::ceil(x) : std::floor(x)));
      r->sym = (m == "ceil" ? "CeilToInt(" : "FloorToInt(") + arg(0)->sym + ")";
      sym_node(m, "math_" + m, false, {arg(0)}, r, loc);
      return r;
    }
    // math's one-argument float functions; torch has `_sym_<fn>` forms of the first eleven (SymFloat results)
    static const std::map<std::string, double (*)(double)> unary = {
        {"sqrt", [](double v) { return std::sqrt(v); }},   {"cos", [](double v) { return std::cos(v); }},
        {"cosh", [](double v) { return std::cosh(v); }},   {"sin", [](double v) { return std::sin(v); }},
        {"sinh", [](double v) { return std::sinh(v); }},   {"tan", [](double v) { return std::tan(v); }},
        {"tanh", [](double v) { return std::tanh(v); }},   {"asin", [](double v) { return std::asin(v); }},
        {"acos", [](double v) { return std::acos(v); }},   {"atan", [](double v) { return std::atan(v); }},
        {"log2", [](double v) { return std::log2(v); }},   {"log", [](double v) { return std::log(v); }},
        {"exp", [](double v) { return std::exp(v); }},     {"log10", [](double v) { return std::log10(v); }},
        {"erf", [](double v) { return std::erf(v); }},     {"erfc", [](double v) { return std::erfc(v); }},
        {"fabs", [](double v) { return std::fabs(v); }},   {"log1p", [](double v) { return std::log1p(v); }},
        {"expm1", [](double v) { return std::expm1(v); }}, {"degrees", [](double v) { return v * 180.0 / M_PI; }},
        {"radians", [](double v) { return v * M_PI / 180.0; }}, {"lgamma", [](double v) { return std::lgamma(v); }},
        {"gamma", [](double v) { return std::tgamma(v); }}};
    static const std::set<std::string> sym_math = {"sqrt", "cos", "cosh", "sin", "sinh", "tan", "tanh", "asin", "acos", "atan", "log2"};
    const bool sym_operand = in_compiled && tracing() && (arg(0)->k == VK::Int || arg(0)->k == VK::Float) && !arg(0)->sym.empty();
    const auto fn = unary.find(m);
    if (fn != unary.end() && sym_operand && args.size() == 1 && sym_math.count(m)) {
      // math.sqrt (cos, sin, ..., log2: torch's `_sym_<fn>` functions) of a SymInt / SymFloat: Dynamo's
      // `torch._sym_sqrt` node, a SymFloat (SAM 2's RoPE side `math.sqrt(q.shape[-2])` once the token count is dynamic)
      V r = mk_float(fn->second(x));
      r->sym = "OpaqueUnaryFn_" + m + "(" + (arg(0)->k == VK::Int ? "ToFloat(" + arg(0)->sym + ")" : arg(0)->sym) + ")";
      sym_node("_sym_" + m, "torch._sym_" + m, false, {arg(0)}, r, loc);
      return r;
    }
    if (fn != unary.end() && sym_operand && args.size() == 1) {
      // another math function of a SymInt / SymFloat has no symbolic form: the call runs on the value, a node of its
      // own (`log = math_log(getitem_2)`), and the value's __float__ specializes its symbols (Autoformer's
      // `int(factor * math.log(length))`: each length compiles again)
      V r = mk_float(fn->second(x));
      // a plain float result: no annotation, and no user (`log = math_log(getitem_2);  ...  log = None`)
      add_call("math_" + m, m, {sym_arg(arg(0))}, loc);
      if (!pin_float_expr(arg(0)->sym, arg(0)->f, loc)) specialize_symbol(arg(0)->sym, loc);
      return r;
    }
    if (fn != unary.end()) return mk_float(fn->second(x));
    // a two-argument float function of a SymInt / SymFloat (madgrad's `math.pow(k + 1, 0.5)`) has no symbolic form
    // either: its node (`pow_1 = math_pow(add, 0.5)`) and the operands' specialization (program
    // math_pow_symint_specializes: a recompile per step)
    static const std::set<std::string> binary_fn = {"pow", "atan2", "hypot", "copysign", "fmod", "remainder"};
    if (binary_fn.count(m) && in_compiled && tracing() && args.size() == 2) {
      auto sym = [](const V& v) { return (v->k == VK::Int || v->k == VK::Float) && !v->sym.empty(); };
      if (sym(arg(0)) || sym(arg(1))) {
        add_call("math_" + m, m, {sym(arg(0)) ? sym_arg(arg(0)) : to_arg(arg(0)), sym(arg(1)) ? sym_arg(arg(1)) : to_arg(arg(1))}, loc);
        for (size_t i = 0; i < 2; ++i) if (sym(arg(i))) specialize_symbol(arg(i)->sym, loc);
      }
    }
    if (m == "ceil") return mk_int(static_cast<long long>(std::ceil(x)));
    if (m == "floor") return mk_int(static_cast<long long>(std::floor(x)));
    if (m == "isqrt") return mk_int(static_cast<long long>(std::sqrt(x)));
    auto num = [&](size_t i) { return arg(i)->k == VK::Float ? arg(i)->f : static_cast<double>(arg(i)->k == VK::Bool ? arg(i)->b : arg(i)->i); };
    if (m == "trunc") return mk_int(static_cast<long long>(std::trunc(x)));
    if (m == "atan2") return mk_float(std::atan2(x, num(1)));
    if (m == "pow") return mk_float(std::pow(x, num(1)));
    if (m == "hypot") return mk_float(std::hypot(x, num(1)));
    if (m == "copysign") return mk_float(std::copysign(x, num(1)));
    if (m == "isnan" || m == "isinf" || m == "isfinite")
      return mk_bool(m == "isnan" ? std::isnan(x) : m == "isinf" ? std::isinf(x) : std::isfinite(x));
    if ((m == "gcd" || m == "lcm") && arg(0)->k == VK::Int && args.size() > 1 && arg(1)->k == VK::Int) {
      long long a = std::llabs(arg(0)->i), b = std::llabs(arg(1)->i), g = std::gcd(a, b);
      return mk_int(m == "gcd" ? g : g == 0 ? 0 : a / g * b);
    }
    note_unmodelled(loc, name + "()");
    return mk_opaque(name + "()");
  }
  // the numpy stub's number results are numpy scalars (np.int64 / np.float64; a second argument names another width:
  // np.float32(x)); `__tparse_np_scalar_dtype__(x)` is such a scalar's dtype name, else None
  if (name == "__tparse_np_int__") {
    V v = arg(0);
    unsigned char bits = 64;
    if (args.size() > 1 && args[1]->k == VK::Str) {
      const std::string& d = args[1]->s;
      bits = d.ends_with("32") ? 32 : d.ends_with("16") ? 16 : d.ends_with("8") ? 8 : 64;
    }
    if (v->k == VK::Float && v->sym.empty() && v->sym_node < 0 && !(v->np_float && v->np_bits == bits)) {
      V c = mk_float(bits == 32 ? static_cast<double>(static_cast<float>(v->f)) : v->f);  // (np.float32's value is a float's)
      c->np_float = true;
      c->np_bits = bits;
      return c;
    }
    if (v->k == VK::Bool && v->sym.empty() && !v->np_bool) {  // numpy.bool_ (a comparison ufunc of scalars)
      V c = mk_bool(v->b);
      c = std::make_shared<Obj>(*c);
      c->np_bool = true;
      return c;
    }
    if (v->k != VK::Int || !v->sym.empty() || (v->np_int && v->np_bits == bits)) return v;
    V c = mk_int(v->i);
    c->np_int = true;
    c->np_bits = bits;
    return c;
  }
  if (name == "__tparse_np_scalar_dtype__") {
    V v = arg(0);
    if (v->k == VK::Float && v->np_float) return mk_str("float" + std::to_string(v->np_bits));
    if (v->k == VK::Int && v->np_int) return mk_str("int" + std::to_string(v->np_bits));
    return none();
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
