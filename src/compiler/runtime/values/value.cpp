// Value constructors and Python-style repr/str of interpreter values.
#include "runtime/values/value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "runtime/values/unicode.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/symbols/sym_expr.hpp"

namespace tparse::compiler {

V none() { static V n = std::make_shared<Obj>(); return n; }
V mk_bool(bool b) { auto o = std::make_shared<Obj>(); o->k = VK::Bool; o->b = b; return o; }
V mk_int(long long i) { auto o = std::make_shared<Obj>(); o->k = VK::Int; o->i = i; return o; }
V mk_float(double f) { auto o = std::make_shared<Obj>(); o->k = VK::Float; o->f = f; return o; }
V mk_str(std::string s) { auto o = std::make_shared<Obj>(); o->k = VK::Str; o->s = std::move(s); return o; }
V mk_bytes(std::string b) { auto o = mk_str(std::move(b)); o->is_bytes = true; return o; }
V mk_list(std::vector<V> xs) { auto o = std::make_shared<Obj>(); o->k = VK::List; o->items = std::move(xs); return o; }
V mk_tuple(std::vector<V> xs) { auto o = std::make_shared<Obj>(); o->k = VK::Tuple; o->items = std::move(xs); return o; }
V mk_tensor(TensorInfo t) {
  auto o = std::make_shared<Obj>();
  o->k = VK::Tensor;
  if (t.stride.size() != t.shape.size()) t.stride = contiguous_strides(t.shape);
  o->t = std::make_shared<TensorInfo>(std::move(t));
  return o;
}

V mk_complex(double re, double im) {
  auto o = std::make_shared<Obj>();
  o->k = VK::Complex;
  o->f = re;
  o->im = im;
  return o;
}
V mk_bound(V self, V func) { auto b = std::make_shared<Obj>(); b->k = VK::Bound; b->self = std::move(self); b->func = std::move(func); return b; }
V mk_builtin(std::string name) { auto o = std::make_shared<Obj>(); o->k = VK::Builtin; o->s = std::move(name); return o; }

/// `k` times a product expression, its constant folded as sympy prints a Mul: 4 * `64*s27` is `256*s27`.
static std::string scaled(long long k, const std::string& e) {
  if (sym_is_sum(e)) return sym_product(std::to_string(k), e);  // a number times a sum distributes (`32*s27 - 32`)
  size_t star = e.find('*');
  bool coef = star != std::string::npos && star > 0 && e.find(' ') == std::string::npos &&
              e.find_first_not_of("0123456789") == star;
  long long c = coef ? std::stoll(e.substr(0, star)) : 1;
  std::string rest = coef ? e.substr(star + 1) : e;
  if (c * k == 1) return rest;
  return std::to_string(c * k) + "*" + rest;
}

std::vector<Dim> ordered_strides(const std::vector<Dim>& shape, const std::vector<Dim>& like) {
  if (like.size() != shape.size() || std::any_of(like.begin(), like.end(), [](const Dim& d) { return d.v < 0; }))
    return contiguous_strides(shape);
  // an expanded dim (stride 0) keeps its 0, a number as ShapeEnv specializes it (`i64[2, s53][0, 1]` of an expanded
  // position_ids: program stride0_input_dynamic_keeps_zero); the other dims are laid out around it
  std::vector<size_t> order;
  for (size_t i = 0; i < shape.size(); ++i) if (like[i].v != 0) order.push_back(i);
  // innermost first: the smallest stride, a later dim first on ties (size-1 dims of a contiguous tensor)
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return like[a].v != like[b].v ? like[a].v < like[b].v : a > b; });
  std::vector<Dim> st(shape.size(), Dim{0, ""});
  Dim acc{1, ""};
  for (size_t k : order) {
    // a gap in the layout (a chunk's or slice's view: strides (1536, 16, 96, 1) of (b, 2, 16, 16)) keeps the real
    // stride, and the outer strides build on it: a dynamic batch does not make the view contiguous
    if (like[k].v != acc.v) acc = Dim{like[k].v, ""};
    st[k] = acc;
    acc = dim_mul(acc, shape[k]);
  }
  return st;
}

namespace {
std::set<std::string>& non_size_symbols() {
  static std::set<std::string> s;
  return s;
}
}  // namespace
void mark_non_size_symbol(const std::string& sym) { non_size_symbols().insert(sym); }
bool non_size_symbol(const std::string& sym) { return non_size_symbols().count(sym) > 0; }
void clear_non_size_symbols() { non_size_symbols().clear(); }

long long dtype_size(const std::string& dtype) {
  static const std::map<std::string, long long> sz = {
      {"float64", 8}, {"int64", 8}, {"complex64", 8}, {"float32", 4}, {"int32", 4}, {"uint32", 4}, {"float16", 2},
      {"bfloat16", 2}, {"int16", 2}, {"uint16", 2}, {"complex128", 16}, {"complex32", 4}, {"bool", 1}, {"int8", 1},
      {"uint8", 1}, {"float8_e4m3fn", 1}, {"float8_e5m2", 1}, {"uint64", 8}};
  auto it = sz.find(dtype);
  return it == sz.end() ? 4 : it->second;
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
      if (fa != fb) return fb;
      // two Max(1, x): sympy orders them by x, a symbol before a function of one (`Max(1, s57)*Max(1, (s27//s57))`)
      if (fa && a.rfind("Max(1, ", 0) == 0 && b.rfind("Max(1, ", 0) == 0)
        return sym_atom_less(a.substr(7, a.size() - 8), b.substr(7, b.size() - 8));
      return a < b;
    });
    // one sum alone prints bare, and a number times it distributes, as sympy's Mul does (`16*(((Max(18, s52) - 1)//2)) + 16`)
    if (sorted.size() == 1) {
      std::string f = sorted[0];
      if (f.size() > 2 && f.front() == '(' && f.back() == ')' && sym_is_sum(f.substr(1, f.size() - 2))) {
        int depth = 0;
        bool outer = true;  // the first parenthesis closes at the end
        for (size_t i = 0; i + 1 < f.size() && outer; ++i) {
          depth += f[i] == '(' ? 1 : f[i] == ')' ? -1 : 0;
          if (depth == 0) outer = false;
        }
        if (outer) f = f.substr(1, f.size() - 2);
      }
      if (sym_is_sum(f)) return coef == 1 ? f : sym_product(std::to_string(coef), f);
    }
    std::string p = product_str(sorted);
    return coef == 1 ? p : std::to_string(coef) + (p.empty() ? "" : "*" + p);
  };
  // (a size over an int argument's symbol, `s24 + 1` of `cache[:, :pos + 1]`, may be 0: sym_max keeps Max(1, ...);
  // real torch 2.11: programs reshape_stride_max_int_symbol, reshape_expand_symint_max)
  auto has_non_size = [](const std::string& e) {
    for (const std::string& f : sym_free_symbols(e)) if (non_size_symbol(f)) return true;
    return false;
  };
  for (size_t i = shape.size(); i-- > 0;) {
    st[i] = Dim{hint, render()};
    const Dim& d = shape[i];
    hint *= std::max(d.v, 1LL);  // (a size 0 counts as 1: `torch.empty((1, 0, 32))` is [32, 32, 1])
    if (other) {
      if (d.is_sym()) text = sym_product(d.sym, text);
      else if (d.v > 1) text = scaled(d.v, text);
    } else if (!d.is_sym()) {
      coef *= std::max(d.v, 1LL);
    } else if (auto m = parse_mono(d.sym)) {
      // a size with a floor division (`(s53//2)`, `2*((s53//16))`: pooled, then upsampled) may be 0 or 1: its
      // stride factor keeps sym_max's Max, whole
      // (an int argument's symbol may be 0 or 1: its factor keeps the Max, `Max(1, s57)`; real torch 2.11:
      // program int_input_symbol_strides)
      auto bounded_min_max = [&]() {  // a Min / Max of sizes bounded below by 1 (`Min(32, s27)`: S4's kernel)
        if (d.sym.rfind("Max(", 0) != 0 && d.sym.rfind("Min(", 0) != 0) return false;
        if (has_non_size(d.sym)) return false;  // (`Min(s17, s85)` of a top_k argument may be 0: Max(1, ...) stays)
        auto t = parse_sym(d.sym);
        auto lo = t ? sym_lower_bound(*t) : std::nullopt;
        return lo && *lo >= 1;
      };
      if (m->c == 1 && m->syms.size() == 1 && d.sym == m->syms[0] && bounded_min_max()) {
        factors.push_back(d.sym);
      } else if (m->c == 1 && m->syms.size() == 1 && non_size_symbol(m->syms[0])) {
        factors.push_back("Max(1, " + m->syms[0] + ")");
      } else if (std::any_of(m->syms.begin(), m->syms.end(), [](const std::string& f) { return !sym_bare_symbol(f) || non_size_symbol(f); })) {
        // (a Max with a number >= 1 among its arguments, `Max(18, s52)`: sympy's Max(1, Max(18, s52)) flattens to it;
        // a floor atom keeps its Max(1, ...) whatever its range: `Max(1, (s53//2))`)
        auto t = parse_sym(d.sym);
        auto lo = t ? sym_lower_bound(*t) : std::nullopt;
        bool max_atom = d.sym.rfind("Max(", 0) == 0 && m->syms.size() == 1 && m->c == 1;
        factors.push_back(max_atom && lo && *lo >= 1 ? d.sym : "Max(1, " + d.sym + ")");
      } else {
        coef *= m->c;
        factors.insert(factors.end(), m->syms.begin(), m->syms.end());
      }
    } else if ((d.sym.find("ToInt(") != std::string::npos && std::isupper(static_cast<unsigned char>(d.sym[0]))) ||
               (d.sym.size() > 3 && d.sym.compare(0, 3, "-((") == 0 && d.sym.find("//") != std::string::npos)) {
      // (a ceil division written as a negated floor, `-((s27//(-4)))` of timm's SAME padding, may be 0 too)
      factors.push_back("Max(1, " + d.sym + ")");
    } else if (auto t = parse_sym(d.sym); t && (t->k == SymTree::K::Add || t->k == SymTree::K::Mul) &&
               (d.sym.find("//") != std::string::npos || !sym_lower_bound(*t) || *sym_lower_bound(*t) < 1 || has_non_size(d.sym))) {
      // a strided conv's or pool's size (`(((s53 - 3)//2)) + 1`) may be 0 over sizes >= 2: sym_max keeps Max(1, e)
      // unless its lower bound is 1 (then the sum itself, parenthesized); a product of such sizes (a reshape that
      // merges them) keeps its factors' strides, factor by factor
      auto factor = [&](const SymTree& f) {
        if (f.k == SymTree::K::Num) { coef *= f.n; return; }
        if (f.k == SymTree::K::Sym) { factors.push_back(f.text); return; }
        auto lo = has_non_size(f.text) ? std::nullopt : sym_lower_bound(f);  // (an int argument's symbol: no bound)
        // (a sum starting with a floor atom is parenthesized in a product by product_str itself)
        if (f.k == SymTree::K::Add) factors.push_back(lo && *lo >= 1 ? (f.text.front() == '(' ? f.text : "(" + f.text + ")") : "Max(1, " + f.text + ")");
        else factors.push_back(lo && *lo >= 1 ? f.text : "Max(1, " + f.text + ")");
      };
      if (t->k == SymTree::K::Mul) for (const SymTree& f : t->kids) factor(f);
      else factor(*t);
    } else {
      std::string before = render();
      text = before.empty() ? (coef == 1 ? d.sym : scaled(coef, d.sym)) : sym_product(d.sym, before);
      other = true;
    }
  }
  return st;
}

std::optional<std::vector<Dim>> view_strides(const std::vector<Dim>& shape, const std::vector<Dim>& stride, const std::vector<Dim>& to) {
  struct M {
    long long v = 1;  // the hint
    SymMono m;        // the expression (`48*s75`; a number: no symbols)
  };
  auto of = [](const Dim& d) -> std::optional<M> {
    if (!d.is_sym()) return M{d.v, SymMono{d.v, {}}};
    auto m = parse_mono(d.sym);
    if (!m) return std::nullopt;
    return M{d.v, *m};
  };
  auto mul = [](const M& a, const M& b) { return M{a.v * b.v, mono_mul(a.m, b.m)}; };
  auto same = [](const M& a, const M& b) { return a.v == b.v && a.m.c == b.m.c && a.m.syms == b.m.syms; };
  auto dim = [](const M& a) { return Dim{a.v, a.m.syms.empty() ? "" : mono_str(a.m)}; };
  if (stride.size() != shape.size()) return std::nullopt;
  if (shape.empty()) return std::vector<Dim>(to.size(), Dim{1, ""});
  std::vector<M> osz, ost, nsz;
  for (auto& d : shape) if (auto m = of(d)) osz.push_back(*m); else return std::nullopt;
  for (auto& d : stride) if (auto m = of(d)) ost.push_back(*m); else return std::nullopt;
  for (auto& d : to) if (auto m = of(d)) nsz.push_back(*m); else return std::nullopt;
  long long numel = 1;
  for (auto& d : osz) numel *= d.v;
  if (numel == 0) {  // an empty tensor: its own strides for its own shape, else contiguous with sizes >= 1
    if (shape == to) return stride;
    std::vector<Dim> out(to.size());
    for (size_t i = to.size(); i-- > 0;) out[i] = Dim{i + 1 == to.size() ? 1 : std::max<long long>(to[i + 1].v, 1) * out[i + 1].v, ""};
    return out;
  }
  std::vector<Dim> out(to.size());
  long long view_d = static_cast<long long>(to.size()) - 1;
  M chunk = ost.back(), tensor_numel, view_numel;
  for (long long d = static_cast<long long>(osz.size()) - 1; d >= 0; --d) {
    tensor_numel = mul(tensor_numel, osz[static_cast<size_t>(d)]);
    if (d == 0 || (osz[static_cast<size_t>(d - 1)].v != 1 && !same(ost[static_cast<size_t>(d - 1)], mul(tensor_numel, chunk)))) {
      while (view_d >= 0 && (view_numel.v < tensor_numel.v || nsz[static_cast<size_t>(view_d)].v == 1)) {
        out[static_cast<size_t>(view_d)] = dim(mul(view_numel, chunk));
        view_numel = mul(view_numel, nsz[static_cast<size_t>(view_d)]);
        --view_d;
      }
      if (!same(view_numel, tensor_numel)) return std::nullopt;
      if (d > 0) {
        chunk = ost[static_cast<size_t>(d - 1)];
        tensor_numel = M{};
        view_numel = M{};
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return out;
}

std::optional<std::vector<Dim>> view_strides_ref(const std::vector<Dim>& shape, const std::vector<Dim>& stride, const std::vector<Dim>& to) {
  auto sym = [](const std::vector<Dim>& v) { return std::any_of(v.begin(), v.end(), [](const Dim& d) { return d.is_sym(); }); };
  if (sym(shape) || sym(stride) || sym(to) || stride.size() != shape.size()) return view_strides(shape, stride, to);
  if (shape == to) return stride;
  long long numel = 1;
  for (const auto& d : shape) numel *= d.v;
  if (numel == 0 || shape.empty() || to.empty()) return view_strides(shape, stride, to);
  std::vector<long long> sz, st;
  for (size_t i = 0; i < shape.size(); ++i) { sz.push_back(shape[i].v); st.push_back(stride[i].v); }
  size_t idx = 0;
  for (const auto& d : to) {
    const long long len = d.v;
    if (idx >= sz.size()) {  // a tail unsqueeze
      sz.push_back(1);
      st.push_back(1);
      ++idx;
      continue;
    }
    if (len == sz[idx]) { ++idx; continue; }  // a dim of the right length keeps its stride
    long long accum = sz[idx];
    size_t end = idx;
    while (len != 0 && accum % len != 0) {
      if (++end >= sz.size()) return std::nullopt;
      accum *= sz[end];
    }
    if (end != idx) {  // prims.collapse_view: the dims idx..end must be one strided run (size-1 dims skipped)
      long long length = sz[end], s = st[end];
      for (size_t i = end; i-- > idx;) {
        if (sz[i] == 1) continue;
        if (sz[i + 1] != 1 && st[i] != st[i + 1] * sz[i + 1]) return std::nullopt;
        length *= sz[i];
        s = std::min(s, st[i]);
      }
      sz.erase(sz.begin() + static_cast<long>(idx) + 1, sz.begin() + static_cast<long>(end) + 1);
      st.erase(st.begin() + static_cast<long>(idx) + 1, st.begin() + static_cast<long>(end) + 1);
      sz[idx] = length;
      st[idx] = s;
    }
    if (accum != len) {  // prims.split_dim: (len, accum / len), the outer stride the inner's times its length
      long long inner = accum / len;
      sz[idx] = len;
      sz.insert(sz.begin() + static_cast<long>(idx) + 1, inner);
      st.insert(st.begin() + static_cast<long>(idx), st[idx] * inner);
    }
    ++idx;
  }
  while (idx < sz.size()) {  // tail squeezes
    if (sz[idx] != 1) return std::nullopt;
    sz.erase(sz.begin() + static_cast<long>(idx));
    st.erase(st.begin() + static_cast<long>(idx));
  }
  if (sz.size() != to.size()) return std::nullopt;
  std::vector<Dim> out;
  for (long long x : st) out.push_back(Dim{x, ""});
  return out;
}

Dim dim_mul(const Dim& a, const Dim& b) {
  Dim p{a.v * b.v, ""};
  if (!a.is_sym() && !b.is_sym()) return p;
  auto x = parse_mono(a.str()), y = parse_mono(b.str());
  if (!x || !y) {
    p.sym = sym_product(a.str(), b.str());  // sums in parentheses, factors in sympy's order
    return p;
  }
  SymMono m = mono_mul(*x, *y);
  p.sym = m.syms.empty() || m.c == 0 ? "" : mono_str(m);
  return p;
}

std::vector<Dim> dense_strides_like(const std::vector<Dim>& shape, const std::vector<Dim>& ref) {
  if (ref.size() != shape.size()) return contiguous_strides(shape);
  std::vector<size_t> order(shape.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ref[a].v > ref[b].v; });
  std::vector<Dim> laid(shape.size());
  for (size_t i = 0; i < order.size(); ++i) laid[i] = shape[order[i]];
  std::vector<Dim> ls = contiguous_strides(laid), out(shape.size());
  for (size_t i = 0; i < order.size(); ++i) out[order[i]] = ls[i];
  return out;
}

long long float_to_int(double f) {
  if (std::isnan(f)) return 0;
  if (f >= 9223372036854775807.0) return std::numeric_limits<long long>::max();
  if (f <= -9223372036854775808.0) return std::numeric_limits<long long>::min();
  return static_cast<long long>(f);
}

bool is_contiguous_layout(const TensorInfo& t) {
  if (t.stride.size() != t.shape.size()) return true;
  const std::vector<Dim> want = contiguous_strides(t.shape);
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (!(t.shape[i].v == 1 && !t.shape[i].is_sym()) && (t.stride[i].v != want[i].v || t.stride[i].sym != want[i].sym)) return false;
  return true;
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
    case VK::Complex: return "complex";
    case VK::Str: return v->is_bytes ? "bytes" : "str";
    case VK::List: return v->is_set ? "set" : "list";  // (a set is a list without equal items)
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
    case VK::Complex: return v->f != 0 || v->im != 0;
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
    case VK::Complex: {  // CPython's complex_repr: `1j`, `(1+2j)`, `(-0-1j)`: parts in repr form without a forced `.0`
      auto part = [](double x) {
        std::string s = fmt_float(x);
        if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
        return s;
      };
      if (v->f == 0 && !std::signbit(v->f)) return part(v->im) + "j";
      std::string im = part(v->im);
      if (im[0] != '-') im = "+" + im;
      return "(" + part(v->f) + im + "j)";
    }
    case VK::Str: return v->is_bytes ? bytes_repr(v->s) : str_repr(v->s);
    case VK::List: case VK::Tuple: {
      if (v->is_set && v->items.empty()) return "set()";
      if (v->is_set) {  // (its members in the order tparse keeps them: insertion, not CPython's hash order)
        std::string s = "{";
        for (size_t i = 0; i < v->items.size(); ++i) s += (i ? ", " : "") + py_repr(v->items[i]);
        return s + "}";
      }
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
    case VK::Builtin:  // torch's memory formats print as their names (`memory_format = torch.channels_last`)
      if (v->s == "torch.contiguous_format" || v->s == "torch.preserve_format" || v->s == "torch.channels_last" ||
          v->s == "torch.channels_last_3d")
        return v->s;
      return "<" + type_name(v) + ">";
    default: return "<" + type_name(v) + ">";
  }
}

std::string py_str(const V& v) { return v->k == VK::Str && !v->is_bytes ? v->s : py_repr(v); }

}  // namespace tparse::compiler
