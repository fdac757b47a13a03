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
    long long power = 1;  // a symbol's power as sympy prints it: `s53**2`
    if (j + 1 < s.size() && s[j + 1] == '*') {
      size_t k = s.find('*', j + 2);
      if (k == std::string::npos) k = s.size();
      std::string e = s.substr(j + 2, k - j - 2);
      if (!is_symbol(f) || e.empty() || e.size() > 2 || !std::all_of(e.begin(), e.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return std::nullopt;
      power = std::stoll(e);
      j = k;
    }
    if (f.empty()) return std::nullopt;
    if (is_symbol(f)) m.syms.insert(m.syms.end(), static_cast<size_t>(power), f);
    else if (std::all_of(f.begin(), f.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) && f.size() < 18) {
      if (__builtin_mul_overflow(m.c, std::stoll(f), &m.c)) return std::nullopt;
    } else return std::nullopt;
    if (j == s.size()) break;
    i = j + 1;
  }
  std::sort(m.syms.begin(), m.syms.end());
  return m;
}

std::string product_str(const std::vector<std::string>& syms) {
  std::string out;
  for (size_t i = 0; i < syms.size();) {
    size_t j = i;
    while (j < syms.size() && syms[j] == syms[i]) ++j;
    out += (out.empty() ? "" : "*") + syms[i] + (j - i > 1 ? "**" + std::to_string(j - i) : "");
    i = j;
  }
  return out;
}

std::string mono_str(const SymMono& m) {
  if (m.syms.empty() || m.c == 0) return std::to_string(m.c);
  return (m.c == 1 ? "" : std::to_string(m.c) + "*") + product_str(m.syms);
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

std::optional<SymLin> parse_linear(const std::string& s) {
  if (s.empty() || s.find_first_of("()/%") != std::string::npos) return std::nullopt;
  SymLin r;
  size_t i = 0;
  long long sign = 1;
  if (s[0] == '-') { sign = -1; i = 1; }
  while (true) {
    size_t plus = s.find(" + ", i), minus = s.find(" - ", i);
    size_t j = std::min(plus, minus);
    auto m = parse_mono(s.substr(i, j == std::string::npos ? std::string::npos : j - i));
    if (!m) return std::nullopt;
    SymLin t;
    if (m->syms.empty()) t.c = m->c;
    else t.terms.push_back({m->syms, m->c});
    r = linear_add(r, t, sign);
    if (j == std::string::npos) break;
    sign = j == minus ? -1 : 1;
    i = j + 3;
  }
  return r;
}

SymLin linear_add(const SymLin& a, const SymLin& b, long long sign) {
  SymLin r = a;
  r.c += sign * b.c;
  for (const auto& [syms, k] : b.terms) {
    auto it = std::find_if(r.terms.begin(), r.terms.end(), [&](const auto& t) { return t.first == syms; });
    if (it == r.terms.end()) r.terms.push_back({syms, sign * k});
    else it->second += sign * k;
  }
  r.terms.erase(std::remove_if(r.terms.begin(), r.terms.end(), [](const auto& t) { return t.second == 0; }), r.terms.end());
  return r;
}

SymLin linear_scale(const SymLin& a, long long k) {
  SymLin r;
  return linear_add(r, a, k);
}

std::string linear_str(const SymLin& a) {
  if (a.terms.empty()) return "";
  auto terms = a.terms;
  std::sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) {
    if (x.first.size() != y.first.size()) return x.first.size() > y.first.size();
    return x.first < y.first;
  });
  auto body = [](const std::vector<std::string>& syms, long long k) {
    return (k == 1 ? "" : std::to_string(k) + "*") + product_str(syms);
  };
  std::vector<std::pair<bool, std::string>> parts;  // (negative, magnitude)
  for (const auto& [syms, k] : terms) if (k > 0) parts.push_back({false, body(syms, k)});
  if (a.c > 0) parts.push_back({false, std::to_string(a.c)});
  for (const auto& [syms, k] : terms) if (k < 0) parts.push_back({true, body(syms, -k)});
  if (a.c < 0) parts.push_back({true, std::to_string(-a.c)});
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i == 0) out = (parts[i].first ? "-" : "") + parts[i].second;
    else out += (parts[i].first ? " - " : " + ") + parts[i].second;
  }
  return out;
}

}  // namespace tparse::compiler
