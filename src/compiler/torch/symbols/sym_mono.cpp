// Monomial SymInt expressions: parse, multiply, exact division, sympy's printing (sym_mono.hpp).
#include "torch/symbols/sym_mono.hpp"

#include <sha2.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <climits>
#include <numeric>

namespace tparse::compiler {

bool sym_bare_symbol(const std::string& f) {
  if (f.size() < 2 || (f[0] != 's' && f[0] != 'u')) return false;
  return std::all_of(f.begin() + 1, f.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

/// Does the bracket opened at f[open] close at the last character of `f`?
static bool one_group(const std::string& f, size_t open) {
  int depth = 0;
  for (size_t i = open; i < f.size(); ++i) {
    if (f[i] == '(') ++depth;
    else if (f[i] == ')' && --depth == 0) return i + 1 == f.size();
  }
  return false;
}

/// `Max` of `Max(1, s27)`: a function application spanning all of `f`; "" otherwise.
static std::string func_name(const std::string& f) {
  size_t p = f.find('(');
  if (p == 0 || p == std::string::npos || !std::isalpha(static_cast<unsigned char>(f[0]))) return "";
  for (size_t i = 0; i < p; ++i)
    if (!std::isalnum(static_cast<unsigned char>(f[i])) && f[i] != '_') return "";
  return one_group(f, p) ? f.substr(0, p) : "";
}

bool sym_call_atom(const std::string& e, const std::string& fn) {
  const size_t open = e.find('(');
  if (open == std::string::npos || open == 0 || e.back() != ')') return false;
  for (size_t i = 0; i < open; ++i)
    if (!std::isalnum(static_cast<unsigned char>(e[i])) && e[i] != '_') return false;
  if (!fn.empty() && e.compare(0, open, fn) != 0) return false;
  int depth = 0;
  for (size_t i = open; i < e.size(); ++i) {
    depth += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
    if (depth == 0) return i + 1 == e.size();
  }
  return false;
}

bool sym_floor_atom(const std::string& f) {
  if (f.size() < 6 || f.front() != '(' || !one_group(f, 0)) return false;
  int depth = 0;
  for (size_t i = 0; i + 1 < f.size(); ++i) {
    if (f[i] == '(') ++depth;
    else if (f[i] == ')') --depth;
    else if (depth == 1 && f[i] == '/' && f[i + 1] == '/') return true;
  }
  return false;
}

/// An atom of sympy's Add and Mul as torch prints it: a symbol (`s53`, `u0`), a floor division, or a function
/// application (`Max(1, ...)`, `CeilToInt(...)`, `Mod(s53, 4)`, `TruncToInt(...)`).
static bool is_symbol(const std::string& f) { return sym_bare_symbol(f) || sym_floor_atom(f) || !func_name(f).empty(); }

/// Atoms torch's printer parenthesizes once more as a part of a sum of several parts or a factor of a product:
/// floor divisions (`2*((s53//2))`, `s53 - 2*((s53//2))`) and Mod (`4 - (Mod(s53, 4))`).
static bool wrapped_atom(const std::string& f) { return f.front() == '(' || f.rfind("Mod(", 0) == 0 || f.rfind("PythonMod(", 0) == 0; }

std::vector<std::string> split_top(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    else if (s[i] == ')') --depth;
    else if (depth == 0 && s.compare(i, sep.size(), sep) == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + sep.size();
      i = start - 1;
    }
  }
  out.push_back(s.substr(start));
  return out;
}

std::string sympy_float_str(double x) {
  if (x == 0) return "0.0";
  if (!std::isfinite(x)) return std::isnan(x) ? "nan" : x > 0 ? "oo" : "-oo";
  const std::string sign = x < 0 ? "-" : "";
  std::string sci = fmt::format("{:.14e}", std::fabs(x));  // d.dddddddddddddde±XX: 15 significant digits
  const size_t epos = sci.find('e');
  std::string digits = sci.substr(0, 1) + sci.substr(2, epos - 2);
  const int e = std::stoi(sci.substr(epos + 1));
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (e > -5 && e < 15) {
    if (e < 0) return sign + "0." + std::string(static_cast<size_t>(-e - 1), '0') + digits;
    std::string whole = digits.substr(0, std::min(digits.size(), static_cast<size_t>(e + 1)));
    whole += std::string(static_cast<size_t>(e + 1) - whole.size(), '0');
    std::string frac = digits.size() > static_cast<size_t>(e + 1) ? digits.substr(static_cast<size_t>(e + 1)) : "0";
    return sign + whole + "." + frac;
  }
  return sign + digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "e" + (e > 0 ? "+" : "-") + std::to_string(std::abs(e));
}

bool sym_atom_less(const std::string& a, const std::string& b) {
  // sympy's default_sort_key: numbers, then symbols (by name), then sums and products, then functions (by name: CeilToInt, FloorDiv,
  // FloorToInt, Mod, ...), then Max / Min (LatticeOps); ties by their arguments (here: the printed text)
  auto rank = [](const std::string& f, std::string& name) {
    // (a number is the whole text: `-2*((...))` is a product, not -2)
    const size_t from = !f.empty() && f[0] == '-' ? 1 : 0;
    if (f.size() > from && f.size() < 19 && f.find_first_not_of("0123456789", from) == std::string::npos) return 1;
    if (sym_bare_symbol(f)) { name = f; return 2; }
    if (sym_floor_atom(f)) { name = "FloorDiv"; return 4; }
    name = func_name(f);
    if (name == "Max" || name == "Min") return 5;
    return name.empty() ? 3 : 4;  // a sum or product (sympy's Add / Mul) sorts before functions
  };
  std::string na, nb;
  int ra = rank(a, na), rb = rank(b, nb);
  if (ra != rb) return ra < rb;
  if (ra == 1) return std::stoll(a) < std::stoll(b);
  if (na != nb) return na < nb;
  if (ra == 4 && na == "FloorDiv" && sym_floor_atom(a) && sym_floor_atom(b)) {
    // two floor divisions: by their arguments in turn, each by this order (a symbol numerator before a sum:
    // `(s55//8)` before `((s27 + 1)//((s55//8)))`, FocalNet's window count)
    auto args = [](const std::string& f) {  // `(x//y)`: x and y, their own parentheses taken off
      int depth = 0;
      size_t at = 0;
      for (size_t i = 0; i + 1 < f.size(); ++i) {
        if (f[i] == '(') ++depth;
        else if (f[i] == ')') --depth;
        else if (depth == 1 && f[i] == '/' && f[i + 1] == '/') { at = i; break; }
      }
      auto strip = [](std::string e) {
        while (e.size() > 2 && e.front() == '(' && one_group(e, 0) && !sym_floor_atom(e)) e = e.substr(1, e.size() - 2);
        if (e.size() > 4 && e.front() == '(' && e[1] == '(' && one_group(e, 0) && one_group(e.substr(1, e.size() - 2), 0)) e = e.substr(1, e.size() - 2);
        return e;
      };
      return std::make_pair(strip(f.substr(1, at - 1)), strip(f.substr(at + 2, f.size() - at - 3)));
    };
    auto [xa, ya] = args(a);
    auto [xb, yb] = args(b);
    if (xa != xb) return sym_atom_less(xa, xb);
    if (ya != yb) return sym_atom_less(ya, yb);
    return false;
  }
  return sym_args_less(a, b);
}

bool sym_args_less(const std::string& a, const std::string& b) {
  // sympy compares two applications of one function by their arguments, a number before an expression (`(s27//4)`
  // before `(s27//((s27//4)))`): where the texts first differ as a digit against a parenthesis, the digit first
  auto d = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  if (d.first != a.end() && d.second != b.end()) {
    bool da = std::isdigit(static_cast<unsigned char>(*d.first)) != 0, db = std::isdigit(static_cast<unsigned char>(*d.second)) != 0;
    if (da && *d.second == '(') return true;
    if (db && *d.first == '(') return false;
  }
  return a < b;
}

std::optional<SymMono> parse_mono(const std::string& s) {
  if (s.empty()) return std::nullopt;
  SymMono m;
  auto digits = [](const std::string& t) { return !t.empty() && std::all_of(t.begin(), t.end(), [](char ch) { return ch >= '0' && ch <= '9'; }); };
  std::vector<std::string> parts = split_top(s, "*");  // `a**2` splits as a, "", 2
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string f = parts[i];
    long long power = 1;  // an atom's power as sympy prints it: `s53**2`
    if (i + 2 < parts.size() && parts[i + 1].empty()) {
      if (!digits(parts[i + 2]) || parts[i + 2].size() > 2) return std::nullopt;
      power = std::stoll(parts[i + 2]);
      i += 2;
    }
    if (f.empty()) return std::nullopt;
    // an atom parenthesized as a factor, as sympy prints it inside a product: `2*((s53//16))`
    if (f.size() > 2 && f.front() == '(' && one_group(f, 0)) {
      std::string in = f.substr(1, f.size() - 2);
      if (is_symbol(in) && wrapped_atom(in)) f = in;
    }
    if (is_symbol(f)) m.syms.insert(m.syms.end(), static_cast<size_t>(power), f);
    else if (digits(f) && f.size() < 18 && power == 1) {
      if (__builtin_mul_overflow(m.c, std::stoll(f), &m.c)) return std::nullopt;
    } else return std::nullopt;
  }
  std::sort(m.syms.begin(), m.syms.end(), sym_atom_less);
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
    // (a sum parenthesized already, `(s0 + Max(0, ..))` of a padded size, is one factor as it is)
    const bool paren_sum = syms[i].size() > 2 && syms[i].front() == '(' && one_group(syms[i], 0) && !sym_floor_atom(syms[i]) &&
                           split_top(syms[i].substr(1, syms[i].size() - 2), " + ").size() + split_top(syms[i].substr(1, syms[i].size() - 2), " - ").size() > 2;
    bool wrap = wrapped_atom(syms[i]) && (in_product || j - i > 1) && !paren_sum;
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
  std::sort(r.syms.begin(), r.syms.end(), sym_atom_less);
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

std::optional<std::pair<SymMono, SymMono>> mono_floordiv(const SymMono& a, const SymMono& b) {
  if (b.c <= 0) return std::nullopt;
  SymMono num{a.c, {}}, den{b.c, b.syms};
  for (const auto& x : a.syms) {
    auto it = std::find(den.syms.begin(), den.syms.end(), x);
    if (it != den.syms.end()) den.syms.erase(it);
    else num.syms.push_back(x);
  }
  const long long g = std::gcd(num.c < 0 ? -num.c : num.c, den.c);
  if (g > 1) { num.c /= g; den.c /= g; }
  return std::make_pair(num, den);
}

std::string floordiv_str(const SymMono& num, const SymMono& den) {
  if (den.syms.empty() && den.c == 1) return mono_str(num);
  auto wrap = [](const std::string& e) {
    return std::all_of(e.begin(), e.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }) ? e : "(" + e + ")";
  };
  return "(" + wrap(mono_str(num)) + "//" + wrap(mono_str(den)) + ")";
}

std::optional<SymLin> parse_linear(const std::string& s) {
  if (s.empty() || s.find('%') != std::string::npos) return std::nullopt;
  SymLin r;
  size_t i = 0;
  long long sign = 1;
  if (s[0] == '-') { sign = -1; i = 1; }
  int depth = 0;
  for (size_t j = i;; ++j) {
    bool end = j >= s.size();
    if (!end && s[j] == '(') ++depth;
    else if (!end && s[j] == ')') --depth;
    bool sep = !end && depth == 0 && j + 2 < s.size() && s[j] == ' ' && (s[j + 1] == '+' || s[j + 1] == '-') && s[j + 2] == ' ';
    if (!end && !sep) continue;
    auto m = parse_mono(s.substr(i, j - i));
    if (!m) return std::nullopt;
    SymLin t;
    if (m->syms.empty()) t.c = m->c;
    else t.terms.push_back({m->syms, m->c});
    r = linear_add(r, t, sign);
    if (end) break;
    sign = s[j + 1] == '-' ? -1 : 1;
    i = j + 3;
    j += 2;
  }
  return depth == 0 ? std::optional<SymLin>(r) : std::nullopt;
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
  // FloorDiv.eval's simple_floordiv_gcd: the rest and the divisor lose their common integer factor
  // (`((2*s16 - 2*Mod(..))//16)` is `((s16 - Mod(..))//8)`: FaSNet-TAC's pooled lengths, real torch 2.11)
  long long g = div;
  for (const auto& term : rest.terms) g = std::gcd(g, term.second < 0 ? -term.second : term.second);
  if (rest.c != 0) g = std::gcd(g, rest.c < 0 ? -rest.c : rest.c);
  if (g > 1) {
    for (auto& term : rest.terms) term.second /= g;
    rest.c /= g;
    div /= g;
    if (div == 1) {  // the whole rest divides: no floor left
      SymLin r = linear_add(pulled, rest, 1);
      return r.terms.empty() ? std::to_string(r.c) : linear_str(r);
    }
  }
  std::string inner = linear_str(rest);
  bool atom = rest.c == 0 && rest.terms.size() == 1 && rest.terms[0].second == 1 && rest.terms[0].first.size() == 1;
  // FloorDiv._sympystr parenthesizes a base below Atom precedence: a symbol stays bare, a function (`Max(..)`,
  // `PowByNatural(..)`), a product or a sum is wrapped (`((PowByNatural(2, ..))//2)`)
  // (sympy's Max / Min have Atom precedence, their class defines none: `(Max(0, ...)//2)`, timm's pad_same)
  const bool bare = atom && (sym_bare_symbol(inner) || sym_floor_atom(inner) || sym_call_atom(inner, "Max") || sym_call_atom(inner, "Min"));
  std::string fl = bare ? "(" + inner + "//" + std::to_string(div) + ")" : "((" + inner + ")//" + std::to_string(div) + ")";
  if (atom && sym_floor_atom(inner)) {  // FloorDiv(FloorDiv(s, a), b) is FloorDiv(s, a*b)
    size_t p = 0;
    for (int depth = 0; p + 1 < inner.size(); ++p) {
      depth += inner[p] == '(' ? 1 : inner[p] == ')' ? -1 : 0;
      if (depth == 1 && inner[p] == '/' && inner[p + 1] == '/') break;
    }
    std::string d = inner.substr(p + 2, inner.size() - p - 3);
    if (!d.empty() && std::all_of(d.begin(), d.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) && d.size() < 12)
      fl = inner.substr(0, p) + "//" + std::to_string(std::stoll(d) * div) + ")";
  }
  // the floor atom is a term of the sum: sympy orders and parenthesizes it as any atom (`(((-s53)//2)) + 32*Max(..)`)
  SymLin floor_term;
  floor_term.terms.push_back({{fl}, 1});
  SymLin r = linear_add(pulled, floor_term, 1);
  return r.terms.empty() ? "" : linear_str(r);
}

SymLin linear_add(const SymLin& a, const SymLin& b, long long sign) {
  SymLin r = a;
  r.c += sign * b.c;
  for (const auto& term : b.terms) {
    const auto& syms = term.first;
    const auto& k = term.second;
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
  // sympy's Add.as_ordered_terms: the terms by their exponents over the sorted atoms, lexicographically from the
  // highest (`-s53 + 64*Max(1, ...) + 84`, `s27 + s70`, `2*s70 - 1`), the constant last; one special case: a
  // positive number and one negative term print the number first (`32 - s70`)
  std::vector<std::string> gens;
  for (const auto& t : a.terms)
    for (const auto& g : t.first)
      if (std::find(gens.begin(), gens.end(), g) == gens.end()) gens.push_back(g);
  std::sort(gens.begin(), gens.end(), sym_atom_less);
  auto expo = [&](const std::vector<std::string>& syms) {
    std::vector<int> e(gens.size(), 0);
    for (const auto& g : syms) ++e[static_cast<size_t>(std::find(gens.begin(), gens.end(), g) - gens.begin())];
    return e;
  };
  auto terms = a.terms;
  std::stable_sort(terms.begin(), terms.end(), [&](const auto& x, const auto& y) { return expo(x.first) > expo(y.first); });
  // inside a sum of several parts a floor-division or Mod atom is parenthesized once more, as in a product
  const bool several = terms.size() + (a.c != 0 ? 1 : 0) > 1;
  auto body = [several](const std::vector<std::string>& syms, long long k) {
    return (k == 1 ? "" : std::to_string(k) + "*") + factors_str(syms, several || k != 1);
  };
  std::vector<std::pair<bool, std::string>> parts;  // (negative, magnitude)
  if (terms.size() == 1 && a.c > 0 && terms[0].second < 0) {
    parts = {{false, std::to_string(a.c)}, {true, body(terms[0].first, -terms[0].second)}};
  } else {
    for (const auto& [syms, k] : terms) parts.push_back({k < 0, body(syms, k < 0 ? -k : k)});
    if (a.c != 0) parts.push_back({a.c < 0, std::to_string(a.c < 0 ? -a.c : a.c)});
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i == 0) out = (parts[i].first ? "-" : "") + parts[i].second;
    else out += (parts[i].first ? " - " : " + ") + parts[i].second;
  }
  return out;
}

int sym_source_id(const std::string& source) {
  SHA2_CTX h;
  uint8_t dig[SHA256_DIGEST_LENGTH];
  SHA256Init(&h);
  SHA256Update(&h, reinterpret_cast<const uint8_t*>(source.data()), source.size());
  SHA256Final(dig, &h);
  int r = 0;  // the 256-bit digest as a big-endian integer, mod 100
  for (uint8_t b : dig) r = (r * 256 + b) % 100;
  return r;
}

}  // namespace tparse::compiler
