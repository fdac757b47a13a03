// Monomial SymInt expressions: parse, multiply, exact division, sympy's printing (sym_mono.hpp).
#include "torch/symbols/sym_mono.hpp"

#include <algorithm>
#include <climits>

namespace tparse::compiler {

static bool is_symbol(const std::string& f) {
  if (f.size() < 2 || (f[0] != 's' && f[0] != 'u')) return false;
  return std::all_of(f.begin() + 1, f.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

std::optional<SymMono> parse_mono(const std::string& s) {
  if (s.empty()) return std::nullopt;
  SymMono m;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find('*', i);
    if (j == std::string::npos) j = s.size();
    std::string f = s.substr(i, j - i);
    if (f.empty()) return std::nullopt;
    if (is_symbol(f)) m.syms.push_back(f);
    else if (std::all_of(f.begin(), f.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) && f.size() < 18) {
      if (__builtin_mul_overflow(m.c, std::stoll(f), &m.c)) return std::nullopt;
    } else return std::nullopt;
    if (j == s.size()) break;
    i = j + 1;
  }
  std::sort(m.syms.begin(), m.syms.end());
  return m;
}

std::string mono_str(const SymMono& m) {
  if (m.syms.empty() || m.c == 0) return std::to_string(m.c);
  std::string out = m.c == 1 ? "" : std::to_string(m.c);
  for (const auto& x : m.syms) out += (out.empty() ? "" : "*") + x;
  return out;
}

SymMono mono_mul(const SymMono& a, const SymMono& b) {
  SymMono r;
  r.c = a.c * b.c;
  r.syms = a.syms;
  r.syms.insert(r.syms.end(), b.syms.begin(), b.syms.end());
  std::sort(r.syms.begin(), r.syms.end());
  return r;
}

std::optional<SymMono> mono_div(const SymMono& a, const SymMono& b) {
  if (b.c == 0 || a.c % b.c != 0) return std::nullopt;
  SymMono r;
  r.c = a.c / b.c;
  r.syms = a.syms;
  for (const auto& x : b.syms) {
    auto it = std::find(r.syms.begin(), r.syms.end(), x);
    if (it == r.syms.end()) return std::nullopt;
    r.syms.erase(it);
  }
  return r;
}

}  // namespace tparse::compiler
