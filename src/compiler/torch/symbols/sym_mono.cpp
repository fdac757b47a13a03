// Monomial SymInt expressions: parse, multiply, exact division, sympy's printing (sym_mono.hpp).
#include "torch/symbols/sym_mono.hpp"

#include <algorithm>
#include <climits>

namespace tparse::compiler {

static bool bare_symbol(const std::string& f) {
  if (f.size() < 2 || (f[0] != 's' && f[0] != 'u')) return false;
  return std::all_of(f.begin() + 1, f.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

/// A symbol, or a floor division of one by a number (`(s53//2)`, a pooled size), which sums and products hold as
/// one atom (sympy's FloorDiv is an atom of its Add / Mul).
static bool is_symbol(const std::string& f) {
  if (bare_symbol(f)) return true;
  if (f.size() < 7 || f.front() != '(' || f.back() != ')') return false;
  size_t p = f.find("//");
  if (p == std::string::npos || !bare_symbol(f.substr(1, p - 1))) return false;
  std::string d = f.substr(p + 2, f.size() - p - 3);
  return !d.empty() && std::all_of(d.begin(), d.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
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
    // a floor-division factor as sympy prints it inside a product, `2*((s53//16))`: the atom `(s53//16)`
    if (f.size() > 4 && f.compare(0, 2, "((") == 0 && f.compare(f.size() - 2, 2, "))") == 0 && is_symbol(f.substr(1, f.size() - 2)))
      f = f.substr(1, f.size() - 2);
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

namespace {
/// A floor-division atom as a factor of a product is parenthesized once more, as sympy prints it: `3*((s53//2))`.
std::string factors_str(const std::vector<std::string>& syms, bool in_product) {
  std::string out;
  in_product = in_product || syms.size() > 1;
  for (size_t i = 0; i < syms.size();) {
    size_t j = i;
    while (j < syms.size() && syms[j] == syms[i]) ++j;
    bool wrap = syms[i].front() == '(' && (in_product || j - i > 1);
    out += (out.empty() ? "" : "*") + (wrap ? "(" + syms[i] + ")" : syms[i]) + (j - i > 1 ? "**" + std::to_string(j - i) : "");
    i = j;
  }
  return out;
}
}  // namespace

std::string product_str(const std::vector<std::string>& syms) { return factors_str(syms, false); }

std::string mono_str(const SymMono& m) {
  if (m.syms.empty() || m.c == 0) return std::to_string(m.c);
  return (m.c == 1 ? "" : std::to_string(m.c) + "*") + factors_str(m.syms, m.c != 1);
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
  if (s.empty() || s.find('%') != std::string::npos) return std::nullopt;
  for (size_t p = s.find('('); p != std::string::npos; p = s.find('(', p + 1)) {  // only floor-division atoms
    if (p + 1 < s.size() && s[p + 1] == '(') continue;  // `((s53//16))`: the inner atom is checked
    size_t e = s.find(')', p);
    if (e == std::string::npos || !is_symbol(s.substr(p, e - p + 1))) return std::nullopt;
  }
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

std::optional<std::string> sym_floordiv(const std::string& x, long long div, long long plus) {
  auto lin = parse_linear(x);
  if (!lin || div <= 0) return std::nullopt;
  if (div == 1) {
    lin->c += plus;
    return linear_str(*lin);
  }
  SymLin pulled, rest;
  for (const auto& [syms, k] : lin->terms) (k % div == 0 ? pulled : rest).terms.push_back({syms, k % div == 0 ? k / div : k});
  if (lin->c % div == 0) pulled.c = lin->c / div;
  else rest.c = lin->c;
  pulled.c += plus;
  if (rest.terms.empty()) {  // nothing symbolic left inside the floor: a number
    pulled.c += rest.c / div - ((rest.c % div != 0) && (rest.c < 0));
    return linear_str(pulled);
  }
  std::string inner = linear_str(rest);
  bool atom = rest.c == 0 && rest.terms.size() == 1 && rest.terms[0].second == 1 && rest.terms[0].first.size() == 1;
  std::string fl = atom ? "(" + inner + "//" + std::to_string(div) + ")" : "((" + inner + ")//" + std::to_string(div) + ")";
  if (atom && inner.front() == '(') {  // FloorDiv(FloorDiv(s, a), b) is FloorDiv(s, a*b)
    size_t p = inner.find("//");
    fl = inner.substr(0, p) + "//" + std::to_string(std::stoll(inner.substr(p + 2, inner.size() - p - 3)) * div) + ")";
  }
  std::string more = linear_str(pulled);
  if (more.empty() && pulled.c == 0) return fl;
  if (pulled.terms.empty()) return fl + (pulled.c < 0 ? " - " + std::to_string(-pulled.c) : " + " + std::to_string(pulled.c));
  return fl + " + " + (more.empty() ? std::to_string(pulled.c) : more);
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
  // inside a sum of several parts a floor-division atom is parenthesized once more, as in a product
  const bool several = terms.size() + (a.c != 0 ? 1 : 0) > 1;
  auto body = [several](const std::vector<std::string>& syms, long long k) {
    return (k == 1 ? "" : std::to_string(k) + "*") + factors_str(syms, several || k != 1);
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
