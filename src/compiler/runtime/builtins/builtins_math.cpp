// Builtins over numbers: complex(), numpy's scalar functions inside a compiled frame (the numpy stub's
// __tparse_numpy_traced__) and the math module (math.sqrt / log (with a base) / ceil / floor of a SymFloat as
// graph nodes / gcd / prod / ...). The rest of the builtins: builtins.cpp, builtins_iter.cpp, builtins_more.cpp.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>

#include "runtime/interp.hpp"

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
    if (m == "prod") {  // math.prod(iterable, *, start=1): start * x0 * x1 ... by the `*` operator (ints stay ints)
      V acc = mk_int(1);
      for (auto& [k, v] : kwargs) if (k == "start") acc = v;
      for (auto& x : iterate(arg(0), loc)) acc = binop("*", acc, x, loc);
      return acc;
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
    if (m == "sqrt") return mk_float(std::sqrt(x));
    if (m == "log") return mk_float(std::log(x));
    if (m == "exp") return mk_float(std::exp(x));
    if (m == "cos") return mk_float(std::cos(x));
    if (m == "sin") return mk_float(std::sin(x));
    if (m == "ceil") return mk_int(static_cast<long long>(std::ceil(x)));
    if (m == "floor") return mk_int(static_cast<long long>(std::floor(x)));
    if (m == "isqrt") return mk_int(static_cast<long long>(std::sqrt(x)));
    if (m == "log2") return mk_float(std::log2(x));
    if (m == "log10") return mk_float(std::log10(x));
    if (m == "tanh") return mk_float(std::tanh(x));
    if (m == "atan") return mk_float(std::atan(x));
    auto num = [&](size_t i) { return arg(i)->k == VK::Float ? arg(i)->f : static_cast<double>(arg(i)->k == VK::Bool ? arg(i)->b : arg(i)->i); };
    static const std::map<std::string, double (*)(double)> unary = {
        {"erf", [](double v) { return std::erf(v); }},     {"erfc", [](double v) { return std::erfc(v); }},
        {"tan", [](double v) { return std::tan(v); }},     {"asin", [](double v) { return std::asin(v); }},
        {"acos", [](double v) { return std::acos(v); }},   {"sinh", [](double v) { return std::sinh(v); }},
        {"cosh", [](double v) { return std::cosh(v); }},   {"fabs", [](double v) { return std::fabs(v); }},
        {"log1p", [](double v) { return std::log1p(v); }}, {"expm1", [](double v) { return std::expm1(v); }},
        {"degrees", [](double v) { return v * 180.0 / M_PI; }}, {"radians", [](double v) { return v * M_PI / 180.0; }}};
    if (auto it = unary.find(m); it != unary.end()) return mk_float(it->second(x));
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
  // numpy inside a compiled frame (the numpy stub's scalar functions): Dynamo traces `np.sqrt(d)` through torch._numpy
  // as one graph node even on constants (NumpyVariable: only a few dtype helpers fold), printed
  // `torch__dynamo_utils_wrapped_sqrt(16)` (numpy_to_tensor_wrapper; explain: `<Wrapped function <original sqrt>>`),
  // whose value is a 0-d tensor of numpy's result dtype (float64 for the math functions). Numbers only: other
  // operands give an opaque value, listed at the user's line.
  if (name == "__tparse_np_int__") {  // the numpy stub's integer results are numpy scalars (np.int64), not Python ints
    V v = arg(0);
    if (v->k != VK::Int || !v->sym.empty() || v->np_int) return v;
    V c = mk_int(v->i);
    c->np_int = true;
    return c;
  }
  if (name == "__tparse_numpy_traced__") {
    const std::string fn = args.empty() ? std::string("?") : py_str(arg(0));
    auto opaque = [&] {
      size_t k = stack_.size();
      while (k > 1 && is_stub(stack_[k - 1]->file)) --k;
      note_unmodelled(Location{stack_[k - 1]->cur_line, 0, stack_[k - 1]->file}, "numpy." + fn + "() inside a compiled frame");
      return mk_opaque("numpy." + fn + "()");
    };
    if (args.size() < 2 || !kwargs.empty()) return opaque();
    std::vector<V> rest(args.begin() + 2, args.end());
    if (!tracing()) return call(arg(1), rest, {}, loc);  // the frame runs eagerly now (after a break): the number
    // numbers, or numpy values this frame traced already (0-d ndarrays: `np.log(np.exp(x) - 1)`), whose known fill
    // stands for their number when the function is computed
    std::vector<V> nums;
    bool any_array = false;
    for (const V& a : rest) {
      if (a->k == VK::Tensor && a->t->np_array && a->t->shape.empty()) {
        any_array = true;
        nums.push_back(a->t->fill ? mk_float(*a->t->fill) : mk_float(1.0));
        continue;
      }
      if ((a->k != VK::Int && a->k != VK::Float && a->k != VK::Bool) || !a->sym.empty() || a->sym_node >= 0) return opaque();
      nums.push_back(a);
    }
    V r = call(arg(1), nums, {}, loc);
    if (r->k != VK::Int && r->k != VK::Float && r->k != VK::Bool) return opaque();
    TensorInfo ti;
    ti.dtype = r->k == VK::Float || any_array ? "float64" : r->k == VK::Int ? "int64" : "bool";
    ti.fill = r->k == VK::Float ? r->f : r->k == VK::Int ? static_cast<double>(r->i) : r->b;
    ti.np_array = true;
    return emit("call_function", "torch__dynamo_utils_wrapped_" + fn, "wrapped_" + fn, false, rest, {}, ti, loc);
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
