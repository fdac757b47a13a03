// Specialized values in size expressions: the free symbols of an expression, whether all are specialized, and the
// expression with their values put in as sympy simplifies it (a floor by 1, a parenthesized atom or group of numbers,
// Max(1, x) of a size, products and sums collected). Used by specialization (specialize.cpp) and by the graph's values
// once a symbol is replaced (keep_alive.cpp's fold).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

std::vector<std::string> sym_free_symbols(const std::string& expr) {
  std::vector<std::string> out;
  for (size_t i = 0; i < expr.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(expr[i])) || expr[i] == '_')) { ++i; continue; }
    size_t j = i;
    while (j < expr.size() && (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_')) ++j;
    std::string id = expr.substr(i, j - i);
    // ShapeEnv's symbols: s<N> (sizes, ints), u<N> (unbacked); function names (Mod, Max) are capitalized
    bool sym = id.size() > 1 && (id[0] == 's' || id[0] == 'u') &&
               id.find_first_not_of("0123456789", 1) == std::string::npos;
    if (sym && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
    i = j;
  }
  return out;
}

bool sym_float_expr(const std::string& expr) {
  return (expr.rfind("IntTrueDiv(", 0) == 0 || expr.rfind("FloatTrueDiv(", 0) == 0) && expr.back() == ')' &&
         expr.find("zf") == std::string::npos;
}

bool sym_all_specialized(const std::string& expr, const std::map<std::string, long long>& values) {
  if (values.empty()) return false;
  auto fs = sym_free_symbols(expr);
  if (fs.empty()) return false;
  for (auto& s : fs) if (!values.count(s)) return false;
  return true;
}

std::string sym_with_values(const std::string& expr, const std::map<std::string, long long>& values) {
  std::map<std::string, std::string> as_text;
  for (const std::string& f : sym_free_symbols(expr))
    if (auto it = values.find(f); it != values.end()) as_text[f] = std::to_string(it->second);
  if (as_text.empty()) return expr;
  std::string e = sym_substitute(expr, as_text);
  // sympy evaluates what the numbers make trivial: FloorDiv(x, 1) is x (`(s38//s91)` once s91 is 1: MAE's
  // `x[~mask].reshape(B, -1, C)` at batch 1), a parenthesized atom is the atom, Max(1, x) is x for a size x >= 1
  auto atom = [](const std::string& x) {
    return !x.empty() && std::all_of(x.begin(), x.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
  };
  // a parenthesized sum or product of numbers is its value: `(16 + 32)*s69**2` is `48*s69**2` (sympy folds numbers; a
  // stride of a cat whose channel symbols all specialized)
  auto number_group = [](const std::string& in, long long& out) {
    // ("(-16)", a negative value kept in parentheses below, is no group: the loop ends)
    if (in.empty() || in[0] == '-' || in.find_first_not_of("0123456789 +-*") != std::string::npos || in.find("**") != std::string::npos) return false;
    auto tree = parse_sym(in);
    auto v = tree ? sym_eval(*tree, {}) : std::nullopt;
    if (v) out = *v;
    return v.has_value();
  };
  // a number's power is its value: `s0**2*s53` once s0 is 8 is `64*s53` (sympy's Pow of two Integers; M_nonlocal3d's
  // strides `8**3*s53` print `512*s53`)
  for (size_t p = e.find("**"); p != std::string::npos; p = e.find("**", p + 2)) {
    size_t b = p;
    while (b > 0 && std::isdigit(static_cast<unsigned char>(e[b - 1]))) --b;
    size_t x = p + 2;
    while (x < e.size() && std::isdigit(static_cast<unsigned char>(e[x]))) ++x;
    const bool word_before = b > 0 && (std::isalpha(static_cast<unsigned char>(e[b - 1])) || e[b - 1] == '_' || e[b - 1] == ')' || e[b - 1] == '.');
    if (b == p || x == p + 2 || word_before || (x < e.size() && (e[x] == '.' || (e[x] == '*' && x + 1 < e.size() && e[x + 1] == '*')))) continue;
    long long base = std::stoll(e.substr(b, p - b)), v = 1;
    const long long k = std::stoll(e.substr(p + 2, x - p - 2));
    bool ok = k <= 62;
    for (long long i = 0; ok && i < k; ++i) {
      if (base != 0 && std::llabs(v) > (1LL << 62) / std::max(1LL, std::llabs(base))) ok = false;
      else v *= base;
    }
    if (!ok) continue;
    e = e.substr(0, b) + std::to_string(v) + e.substr(x);
    p = b;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t p = e.find('('); p != std::string::npos; p = e.find('(', p + 1)) {
      const bool call = p > 0 && (std::isalnum(static_cast<unsigned char>(e[p - 1])) || e[p - 1] == '_');
      size_t c = e.find_first_of("()", p + 1);
      if (call || c == std::string::npos || e[c] != ')') continue;
      long long v = 0;
      if (!number_group(e.substr(p + 1, c - p - 1), v)) continue;
      // (a negative value keeps parentheses after another operand: `x - (-16)`; it needs none first or after `(`)
      const bool bare = v >= 0 || p == 0 || e[p - 1] == '(';
      e = e.substr(0, p) + (bare ? std::to_string(v) : "(" + std::to_string(v) + ")") + e.substr(c + 1);
      changed = true;
      break;
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t p = e.find("//1)"); p != std::string::npos; p = e.find("//1)", p + 1)) {
      int depth = 0;
      size_t q = p;
      for (; q-- > 0;) {
        if (e[q] == ')') ++depth;
        else if (e[q] == '(' && depth-- == 0) break;
      }
      if (q == std::string::npos) break;
      std::string num = e.substr(q + 1, p - q - 1);
      e = e.substr(0, q) + (atom(num) ? num : "(" + num + ")") + e.substr(p + 4);
      changed = true;
      break;
    }
    for (size_t p = e.find('('); p != std::string::npos; p = e.find('(', p + 1)) {
      size_t c = e.find(')', p);
      if (c == std::string::npos) break;
      std::string in = e.substr(p + 1, c - p - 1);
      const bool call = p > 0 && (std::isalnum(static_cast<unsigned char>(e[p - 1])) || e[p - 1] == '_');
      if (!call && atom(in)) { e = e.substr(0, p) + in + e.substr(c + 1); changed = true; break; }
      if (call && p >= 3 && e.compare(p - 3, 3, "Max") == 0 && in.rfind("1, ", 0) == 0 && atom(in.substr(3)) &&
          (p < 4 || !(std::isalnum(static_cast<unsigned char>(e[p - 4])) || e[p - 4] == '_'))) {
        auto t = parse_sym(in.substr(3));
        auto lb = t ? sym_lower_bound(*t) : std::nullopt;
        if (lb && *lb >= 1) { e = e.substr(0, p - 3) + in.substr(3) + e.substr(c + 1); changed = true; break; }
      }
    }
  }
  if (auto m = parse_mono(e)) return mono_str(*m);
  if (auto l = parse_linear(e)) { std::string r = linear_str(*l); return r.empty() ? std::to_string(l->c) : r; }
  return e;
}

void fold_specialized(std::vector<Dim>& dims, const std::map<std::string, long long>& values) {
  for (auto& d : dims) {
    if (!d.is_sym()) continue;
    // a product with a specialized factor (a stride `s50*s69**2` once s50 is 3): the number in it; a sum with a
    // specialized term (`s27 + s33 + 1` once s27 is 5): sympy collects it, `s33 + 6`
    if (sym_all_specialized(d.sym, values)) d.sym.clear();
    else d.sym = sym_with_values(d.sym, values);
  }
}

}  // namespace tparse::compiler
