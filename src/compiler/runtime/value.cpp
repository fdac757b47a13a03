// Value constructors and Python-style repr/str of interpreter values.
#include "runtime/value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

V none() { static V n = std::make_shared<Obj>(); return n; }
V mk_bool(bool b) { auto o = std::make_shared<Obj>(); o->k = VK::Bool; o->b = b; return o; }
V mk_int(long long i) { auto o = std::make_shared<Obj>(); o->k = VK::Int; o->i = i; return o; }
V mk_float(double f) { auto o = std::make_shared<Obj>(); o->k = VK::Float; o->f = f; return o; }
V mk_str(std::string s) { auto o = std::make_shared<Obj>(); o->k = VK::Str; o->s = std::move(s); return o; }
V mk_list(std::vector<V> xs) { auto o = std::make_shared<Obj>(); o->k = VK::List; o->items = std::move(xs); return o; }
V mk_tuple(std::vector<V> xs) { auto o = std::make_shared<Obj>(); o->k = VK::Tuple; o->items = std::move(xs); return o; }
V mk_tensor(TensorInfo t) {
  auto o = std::make_shared<Obj>();
  o->k = VK::Tensor;
  if (t.stride.size() != t.shape.size()) t.stride = contiguous_strides(t.shape);
  o->t = std::make_shared<TensorInfo>(std::move(t));
  return o;
}
V mk_bound(V self, V func) { auto b = std::make_shared<Obj>(); b->k = VK::Bound; b->self = std::move(self); b->func = std::move(func); return b; }
V mk_builtin(std::string name) { auto o = std::make_shared<Obj>(); o->k = VK::Builtin; o->s = std::move(name); return o; }

/// `k` times a product expression, its constant folded as sympy prints a Mul: 4 * `64*s27` is `256*s27`.
static std::string scaled(long long k, const std::string& e) {
  size_t star = e.find('*');
  bool coef = star != std::string::npos && star > 0 && e.find(' ') == std::string::npos &&
              e.find_first_not_of("0123456789") == star;
  long long c = coef ? std::stoll(e.substr(0, star)) : 1;
  std::string rest = coef ? e.substr(star + 1) : e;
  if (c * k == 1) return rest;
  return std::to_string(c * k) + "*" + rest;
}

std::vector<Dim> contiguous_strides(const std::vector<Dim>& shape) {
  // torch's make_contiguous_strides_for: stride = product of the later sizes, each as sym_max(size, 1).
  // A monomial size (`s53`, `4*s77`) is >= 2 so the Max folds away; a size that is a function of a float
  // (`TruncToInt(1.5*ToFloat(s53))`) keeps it, as sympy prints: `s27*Max(1, TruncToInt(...))**2`
  std::vector<Dim> st(shape.size());
  long long coef = 1, hint = 1;
  std::vector<std::string> factors;  // symbols and Max(1, f) factors of the product so far
  bool other = false;                // a size that is neither (`s77 + 1`): the old product text
  std::string text;
  auto render = [&] {
    if (other) return text;
    if (factors.empty()) return std::string();
    auto sorted = factors;
    std::sort(sorted.begin(), sorted.end(), [](const std::string& a, const std::string& b) {
      bool fa = a.rfind("Max(", 0) == 0, fb = b.rfind("Max(", 0) == 0;
      return fa != fb ? fb : a < b;
    });
    std::string out = coef == 1 ? "" : std::to_string(coef);
    for (size_t i = 0; i < sorted.size();) {
      size_t j = i;
      while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
      out += (out.empty() ? "" : "*") + sorted[i] + (j - i > 1 ? "**" + std::to_string(j - i) : "");
      i = j;
    }
    return out;
  };
  for (size_t i = shape.size(); i-- > 0;) {
    st[i] = Dim{hint, render()};
    const Dim& d = shape[i];
    hint *= d.v;
    if (other) {
      if (d.is_sym()) text = d.sym + "*" + text;
      else if (d.v != 1) text = scaled(d.v, text);
    } else if (!d.is_sym()) {
      coef *= d.v;
    } else if (auto m = parse_mono(d.sym)) {
      coef *= m->c;
      factors.insert(factors.end(), m->syms.begin(), m->syms.end());
    } else if (d.sym.find("ToInt(") != std::string::npos && std::isupper(static_cast<unsigned char>(d.sym[0]))) {
      factors.push_back("Max(1, " + d.sym + ")");
    } else {
      std::string before = render();
      text = before.empty() ? (coef == 1 ? d.sym : scaled(coef, d.sym)) : d.sym + "*" + before;
      other = true;
    }
  }
  return st;
}

std::string dtype_short(const std::string& d) {
  static const std::map<std::string, std::string> m = {
      {"float32", "f32"}, {"float64", "f64"}, {"float16", "f16"}, {"bfloat16", "bf16"},
      {"int64", "i64"}, {"int32", "i32"}, {"bool", "b8"}, {"int8", "i8"}, {"uint8", "u8"},
      {"int16", "i16"}, {"complex64", "c64"}, {"complex128", "c128"}, {"complex32", "c32"}};
  auto it = m.find(d);
  return it == m.end() ? d : it->second;
}
std::string dtype_c10(const std::string& d) {
  static const std::map<std::string, std::string> m = {
      {"float32", "Float"}, {"float64", "Double"}, {"float16", "Half"}, {"bfloat16", "BFloat16"},
      {"int64", "Long"}, {"int32", "Int"}, {"bool", "Bool"}, {"int8", "Char"}, {"uint8", "Byte"},
      {"int16", "Short"}, {"complex64", "ComplexFloat"}, {"complex128", "ComplexDouble"}, {"complex32", "ComplexHalf"}};
  auto it = m.find(d);
  return it == m.end() ? d : it->second;
}

std::string fmt_float(double f) {
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  if (std::isnan(f)) return "nan";
  if (f == std::floor(f) && std::fabs(f) < 1e16) return fmt::format("{:.1f}", f);
  std::string s = fmt::format("{}", f);
  return s;
}

std::string type_name(const V& v) {
  switch (v->k) {
    case VK::None: return "NoneType";
    case VK::Bool: return "bool";
    case VK::Int: return "int";
    case VK::Float: return "float";
    case VK::Str: return "str";
    case VK::List: return "list";
    case VK::Tuple: return "tuple";
    case VK::Dict: return v->cls ? v->cls->s : "dict";
    case VK::Func: return "function";
    case VK::Tensor: return "Tensor";
    case VK::Opaque: return v->s;
    case VK::Instance: return v->cls ? v->cls->s : v->builtin_nn;
    case VK::Module: return "module";
    case VK::Bound: return "method";
    case VK::Class: return "type";
    default: return "object";
  }
}

bool truthy_const(const V& v, bool& known) {
  known = true;
  switch (v->k) {
    case VK::None: return false;
    case VK::Bool: return v->b;
    case VK::Int: return v->i != 0;
    case VK::Float: return v->f != 0;
    case VK::Str: return !v->s.empty();
    case VK::List: case VK::Tuple: return !v->items.empty();
    case VK::Dict: return !v->dict.empty();
    case VK::Tensor: case VK::Opaque: known = false; return true;
    default: return true;
  }
}

std::string py_repr(const V& v) {
  switch (v->k) {
    case VK::None: return "None";
    case VK::Bool: return v->b ? "True" : "False";
    case VK::Int: return v->sym.empty() ? std::to_string(v->i) : v->sym;
    case VK::Float: return fmt_float(v->f);
    case VK::Str: {
      std::string q = v->s.find('\'') != std::string::npos && v->s.find('"') == std::string::npos ? "\"" : "'";
      return q + v->s + q;
    }
    case VK::List: case VK::Tuple: {
      std::string s = v->k == VK::List ? "[" : "(";
      for (size_t i = 0; i < v->items.size(); ++i) s += (i ? ", " : "") + py_repr(v->items[i]);
      if (v->k == VK::Tuple && v->items.size() == 1) s += ",";
      return s + (v->k == VK::List ? "]" : ")");
    }
    case VK::DType: return "torch." + v->s;
    case VK::Device: {
      size_t c = v->s.find(':');
      if (c == std::string::npos) return fmt::format("device(type='{}')", v->s);
      return fmt::format("device(type='{}', index={})", v->s.substr(0, c), v->s.substr(c + 1));
    }
    case VK::Slice: return fmt::format("slice({}, {}, {})", py_repr(v->items[0]), py_repr(v->items[1]), py_repr(v->items[2]));
    case VK::Tensor: return "tensor(...)";
    default: return "<" + type_name(v) + ">";
  }
}

std::string py_str(const V& v) { return v->k == VK::Str ? v->s : py_repr(v); }

}  // namespace tparse::compiler
