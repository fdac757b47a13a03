// SymInt expression trees read from sympy's printed form (sym_expr.hpp).
#include "torch/symbols/sym_expr.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

namespace {

/// index of the ')' matching the '(' at i, or npos
size_t matching(const std::string& s, size_t i) {
  int d = 0;
  for (size_t k = i; k < s.size(); ++k) {
    d += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
    if (d == 0) return k;
  }
  return std::string::npos;
}

/// positions of `sep` at parenthesis depth 0
std::vector<size_t> top_level(const std::string& s, const std::string& sep) {
  std::vector<size_t> at;
  int d = 0;
  for (size_t k = 0; k < s.size(); ++k) {
    d += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
    if (d == 0 && s.compare(k, sep.size(), sep) == 0) {
      if (sep == "*" && ((k + 1 < s.size() && s[k + 1] == '*') || (k > 0 && s[k - 1] == '*'))) continue;  // `**`
      at.push_back(k);
      k += sep.size() - 1;
    }
  }
  return at;
}

bool is_int(const std::string& s) {
  size_t i = s[0] == '-' ? 1 : 0;
  return s.size() > i && s.find_first_not_of("0123456789", i) == std::string::npos;
}

}  // namespace

std::string sym_substitute(const std::string& e, const std::map<std::string, std::string>& rep) {
  if (rep.empty()) return e;
  std::string out;
  for (size_t k = 0; k < e.size();) {
    if (std::isalpha(static_cast<unsigned char>(e[k])) || e[k] == '_') {
      size_t j = k;
      while (j < e.size() && (std::isalnum(static_cast<unsigned char>(e[j])) || e[j] == '_')) ++j;
      std::string id = e.substr(k, j - k);
      auto it = rep.find(id);
      out += it == rep.end() ? id : it->second;
      k = j;
    } else {
      out += e[k++];
    }
  }
  return out;
}

bool sym_is_sum(const std::string& text) { return !top_level(text, " + ").empty() || !top_level(text, " - ").empty(); }

std::optional<SymTree> parse_sym(const std::string& text_in) {
  std::string s = text_in;
  if (s.empty()) return std::nullopt;
  // outer parentheses: a floor division `(a//k)` is an atom; other pairs only group
  while (s.front() == '(' && matching(s, 0) == s.size() - 1) {
    std::string inner = s.substr(1, s.size() - 2);
    auto fd = top_level(inner, "//");
    if (fd.size() == 1) {
      std::string den = inner.substr(fd[0] + 2);
      auto num = parse_sym(inner.substr(0, fd[0]));
      if (!num) return std::nullopt;
      SymTree t;
      t.k = SymTree::K::FloorDiv;
      t.text = s;
      t.kids.push_back(*num);
      if (!is_int(den)) {  // a size divided by a size (a split dim's inner part: `(s27//((s27//4)))`)
        auto d = parse_sym(den);
        if (!d) return std::nullopt;
        t.kids.push_back(*d);
        return t;
      }
      if (std::stoll(den) <= 0) return std::nullopt;
      t.n = std::stoll(den);
      return t;
    }
    s = inner;
  }
  // a sum: terms at depth 0 split at ` + ` / ` - ` (a leading `-` negates the first term)
  std::vector<std::pair<size_t, int>> cuts;
  for (size_t p : top_level(s, " + ")) cuts.push_back({p, 1});
  for (size_t p : top_level(s, " - ")) cuts.push_back({p, -1});
  if (!cuts.empty()) {
    std::sort(cuts.begin(), cuts.end());
    SymTree t;
    t.k = SymTree::K::Add;
    t.text = s;
    size_t start = 0;
    int sign = 1;
    for (size_t i = 0; i <= cuts.size(); ++i) {
      size_t end = i < cuts.size() ? cuts[i].first : s.size();
      std::string part = s.substr(start, end - start);
      int sg = sign;
      if (!part.empty() && part[0] == '-' && !is_int(part)) { sg = -sg; part = part.substr(1); }
      auto k = parse_sym(part);
      if (!k) return std::nullopt;
      t.kids.push_back(*k);
      t.signs.push_back(sg);
      if (i < cuts.size()) { start = cuts[i].first + 3; sign = cuts[i].second; }
    }
    return t;
  }
  auto stars = top_level(s, "*");
  if (!stars.empty()) {
    SymTree t;
    t.k = SymTree::K::Mul;
    t.text = s;
    size_t start = 0;
    for (size_t i = 0; i <= stars.size(); ++i) {
      size_t end = i < stars.size() ? stars[i] : s.size();
      auto k = parse_sym(s.substr(start, end - start));
      if (!k) return std::nullopt;
      t.kids.push_back(*k);
      start = end + 1;
    }
    return t;
  }
  SymTree t;
  t.text = s;
  if (is_int(s)) {
    t.k = SymTree::K::Num;
    t.n = std::stoll(s);
  } else if (sym_bare_symbol(s)) {
    t.k = SymTree::K::Sym;
  } else {
    t.k = SymTree::K::Other;  // Max(..), Mod(..), CeilToInt(..), a power: read as an opaque atom
  }
  return t;
}

std::optional<long long> sym_lower_bound(const SymTree& e) {
  switch (e.k) {
    case SymTree::K::Num: return e.n;
    case SymTree::K::Sym: return e.text[0] == 's' ? std::optional<long long>(2) : std::nullopt;  // backed sizes: >= 2
    case SymTree::K::Add: {
      long long lo = 0;
      for (size_t i = 0; i < e.kids.size(); ++i) {
        if (e.signs[i] < 0) {
          if (e.kids[i].k != SymTree::K::Num) return std::nullopt;  // no upper bound known
          lo -= e.kids[i].n;
          continue;
        }
        auto b = sym_lower_bound(e.kids[i]);
        if (!b) return std::nullopt;
        lo += *b;
      }
      return lo;
    }
    case SymTree::K::Mul: {
      long long lo = 1;
      for (const SymTree& k : e.kids) {
        auto b = sym_lower_bound(k);
        if (!b || *b < 0) return std::nullopt;
        lo *= *b;
      }
      return lo;
    }
    case SymTree::K::FloorDiv: {
      auto b = sym_lower_bound(e.kids[0]);
      if (!b || e.kids.size() > 1) return std::nullopt;
      long long q = *b / e.n;
      if (*b % e.n != 0 && *b < 0) --q;  // floor
      return q;
    }
    default: {
      // Max(a, b, ...): at least its largest known lower bound (`Max(1, CeilToInt(...))` >= 1); Min(a, b, ...): the
      // smallest, each argument's known (`Min(32, s27)` >= 2)
      const bool is_max = e.text.rfind("Max(", 0) == 0, is_min = e.text.rfind("Min(", 0) == 0;
      if ((is_max || is_min) && e.text.back() == ')' && matching(e.text, 3) == e.text.size() - 1) {
        std::string inner = e.text.substr(4, e.text.size() - 5);
        std::optional<long long> acc;
        size_t start = 0;
        auto commas = top_level(inner, ", ");
        for (size_t i = 0; i <= commas.size(); ++i) {
          size_t end = i < commas.size() ? commas[i] : inner.size();
          auto t = parse_sym(inner.substr(start, end - start));
          auto b = t ? sym_lower_bound(*t) : std::nullopt;
          start = end + 2;
          if (!b) {
            if (is_min) return std::nullopt;
            continue;
          }
          acc = !acc ? *b : is_max ? std::max(*acc, *b) : std::min(*acc, *b);
        }
        return acc;
      }
      // Mod(a, k) of a positive number k: sympy's integer Mod lies in [0, k - 1] (SwinIR's `(4 - h % 4) % 4`)
      const size_t mo = e.text.rfind("PythonMod(", 0) == 0 ? 9 : 3;  // (PythonMod of a positive k: [0, k - 1] too)
      if (e.text.compare(mo - 3, 4, "Mod(") == 0 && (mo == 3 || e.text.rfind("PythonMod(", 0) == 0) && e.text.back() == ')' &&
          matching(e.text, mo) == e.text.size() - 1) {
        std::string inner = e.text.substr(mo + 1, e.text.size() - mo - 2);
        auto commas = top_level(inner, ", ");
        if (commas.size() == 1) {
          const std::string k = inner.substr(commas[0] + 2);
          if (!k.empty() && k.find_first_not_of("0123456789") == std::string::npos && std::stoll(k) > 0) return 0;
        }
      }
      return std::nullopt;
    }
  }
}

std::string sym_product(const std::string& a, const std::string& b) {
  // a number times one sum distributes (sympy's Mul.flatten: `2*((((s53 - 1)//8)) + 1)` is `2*(((s53 - 1)//8)) + 2`)
  if ((is_int(a) && sym_is_sum(b)) || (is_int(b) && sym_is_sum(a))) {
    long long k = std::stoll(is_int(a) ? a : b);
    auto t = parse_sym(is_int(a) ? b : a);
    if (k == 1) return is_int(a) ? b : a;
    if (t && t->k == SymTree::K::Add && k > 0) {
      std::string out;
      long long c = 0;
      for (size_t i = 0; i < t->kids.size(); ++i) {
        const SymTree& x = t->kids[i];
        if (x.k == SymTree::K::Num) { c += t->signs[i] * x.n * k; continue; }
        std::string term = x.k == SymTree::K::Mul && x.kids[0].k == SymTree::K::Num
                               ? std::to_string(x.kids[0].n * k) + x.text.substr(x.text.find('*'))
                               : std::to_string(k) + "*" + (x.k == SymTree::K::FloorDiv ? "(" + x.text + ")" : x.text);
        out += out.empty() ? (t->signs[i] < 0 ? "-" + term : term) : (t->signs[i] < 0 ? " - " : " + ") + term;
      }
      if (c != 0) out += out.empty() ? std::to_string(c) : (c < 0 ? " - " + std::to_string(-c) : " + " + std::to_string(c));
      return out;
    }
  }
  long long coef = 1;
  std::vector<std::string> syms, rest;
  auto add = [&](const std::string& x) {
    // (a sum parenthesized already, `(s0 + Max(..))` from an earlier product, is one factor: not wrapped twice)
    if (x.size() > 2 && x.front() == '(' && matching(x, 0) == x.size() - 1 && sym_is_sum(x.substr(1, x.size() - 2))) { rest.push_back(x); return; }
    if (sym_is_sum(x)) { rest.push_back("(" + x + ")"); return; }
    auto stars = top_level(x, "*");
    size_t start = 0;
    for (size_t i = 0; i <= stars.size(); ++i) {
      size_t end = i < stars.size() ? stars[i] : x.size();
      std::string f = x.substr(start, end - start);
      // (a power of a sum, `(s53 + 2)**2`: its base that many times, grouped again below)
      long long times = 1;
      if (size_t pw = f.rfind(")**"); pw != std::string::npos && f.front() == '(' && matching(f, 0) == pw && is_int(f.substr(pw + 3))) {
        times = std::stoll(f.substr(pw + 3));
        f = f.substr(0, pw + 1);
      }
      for (long long k = 0; k < times && k < 16; ++k) {
        if (is_int(f)) coef *= std::stoll(f);
        else if (sym_bare_symbol(f)) syms.push_back(f);
        else rest.push_back(f);
      }
      start = end + 1;
    }
  };
  add(a);
  add(b);
  std::sort(syms.begin(), syms.end(), sym_atom_less);
  // sympy's Mul order: sums (Add) before functions (FloorDiv, Mod, ...), Max / Min last (SwinIR's view stride
  // `(s0 + (Mod(...)))*(((s53 + ...)//(...)))`)
  auto rank = [](const std::string& x) {
    if (x.rfind("Max(", 0) == 0 || x.rfind("Min(", 0) == 0) return 2;
    const bool sum = x.size() > 2 && x.front() == '(' && matching(x, 0) == x.size() - 1 && sym_is_sum(x.substr(1, x.size() - 2));
    return sum ? 0 : 1;
  };
  std::stable_sort(rest.begin(), rest.end(), [&](const std::string& x, const std::string& y) {
    if (rank(x) != rank(y)) return rank(x) < rank(y);
    return sym_args_less(x, y);
  });
  // a floor atom `((a)//(b))` or a Mod is parenthesized once more inside a product (sympy's printer: the factor
  // `(((s53 + ...)//(...)))` of SwinIR's view stride), kept bare alone
  auto floor_like = [](const std::string& f) { return f.rfind("Mod(", 0) == 0 || sym_floor_atom(f); };
  for (std::string& f : rest)  // `(((a)//(b)))` as written in another product: the atom itself
    while (f.size() > 2 && f.front() == '(' && matching(f, 0) == f.size() - 1 && floor_like(f.substr(1, f.size() - 2))) f = f.substr(1, f.size() - 2);
  const bool product = syms.size() + rest.size() + (coef != 1 ? 1 : 0) > 1;
  std::string out = coef == 1 ? "" : std::to_string(coef);
  for (const std::string& f : syms) out += (out.empty() ? "" : "*") + f;
  // (equal factors are a power, sympy's Pow: `4*(s53 + 2)**2` of a square conv output's stride)
  for (size_t i = 0; i < rest.size();) {
    size_t j = i;
    while (j < rest.size() && rest[j] == rest[i]) ++j;
    const std::string& f = rest[i];
    out += (out.empty() ? "" : "*") + (product && floor_like(f) ? "(" + f + ")" : f) + (j - i > 1 ? "**" + std::to_string(j - i) : "");
    i = j;
  }
  return out.empty() ? "1" : out;
}

namespace {
/// a size's factors: its integer coefficient and its atoms (symbols, floor atoms, sums without their parentheses)
bool factors_of(const std::string& e, long long& coef, std::vector<std::string>& atoms) {
  if (auto m = parse_mono(e)) {
    coef *= m->c;
    atoms.insert(atoms.end(), m->syms.begin(), m->syms.end());
    return true;
  }
  if (sym_is_sum(e)) { atoms.push_back(e); return true; }
  auto stars = top_level(e, "*");
  if (stars.empty()) return false;
  size_t start = 0;
  for (size_t i = 0; i <= stars.size(); ++i) {
    size_t end = i < stars.size() ? stars[i] : e.size();
    std::string f = e.substr(start, end - start);
    if (f.size() > 2 && f.front() == '(' && matching(f, 0) == f.size() - 1 && sym_is_sum(f.substr(1, f.size() - 2))) f = f.substr(1, f.size() - 2);
    if (!factors_of(f, coef, atoms)) return false;
    start = end + 1;
  }
  return true;
}
}  // namespace

namespace {
/// prod(total) / prod(part) as factors: each side's coefficient, and total's atoms with part's cancelled; false when
/// a size is no product of atoms or part has an atom total lacks.
bool cancel_factors(const std::vector<std::string>& total, const std::vector<std::string>& part, long long& ct, long long& cp,
                    std::vector<std::string>& at) {
  ct = 1;
  cp = 1;
  std::vector<std::string> ap;
  for (const auto& e : total) if (!factors_of(e, ct, at)) return false;
  for (const auto& e : part) if (!factors_of(e, cp, ap)) return false;
  for (const auto& a : ap) {
    auto it = std::find(at.begin(), at.end(), a);
    if (it == at.end()) return false;
    at.erase(it);
  }
  return true;
}
}  // namespace

std::optional<std::string> sym_quotient(const std::vector<std::string>& total, const std::vector<std::string>& part) {
  long long ct = 1, cp = 1;
  std::vector<std::string> at;
  if (!cancel_factors(total, part, ct, cp, at) || cp == 0 || ct % cp != 0) return std::nullopt;
  if (at.empty()) return std::string();
  std::string out = ct / cp == 1 ? std::string() : std::to_string(ct / cp);
  for (const auto& a : at) out = out.empty() ? a : sym_product(out, a);
  return out;
}

std::optional<std::string> sym_floor_quotient(const std::vector<std::string>& total, const std::vector<std::string>& part) {
  long long ct = 1, cp = 1;
  std::vector<std::string> at;
  if (!cancel_factors(total, part, ct, cp, at) || cp <= 0 || ct <= 0) return std::nullopt;
  const long long g = std::gcd(ct, cp), k1 = ct / g, k2 = cp / g;
  if (k2 == 1 || k1 != 1 || at.size() != 1) return std::nullopt;  // (an exact quotient is sym_quotient's)
  // (a sum of symbols only: a padded length's `Mod(..)` atoms are simplified by torch's value ranges as guards bound
  // them, which tparse does not model: falcon_h1 / nemotron_h's chunk counts become 1 mid-graph; such a size keeps
  // its hint)
  if (at[0].find('(') != std::string::npos) return std::nullopt;
  if (auto e = sym_floordiv(at[0], k2, 0); e && !e->empty()) return e;
  return std::nullopt;
}

namespace {
/// The value of a function atom sympy prints for a size (`CeilToInt(OpaqueUnaryFn_log2(ToFloat(s27)))`,
/// `PowByNatural(2, ...)`, `Max(1, s27)`, `Mod(s27, 4)`, `s27**2`), in doubles; nullopt for text it cannot read.
std::optional<double> eval_real(std::string s, const std::map<std::string, long long>& values) {
  while (s.size() > 1 && s.front() == '(' && matching(s, 0) == s.size() - 1) s = s.substr(1, s.size() - 2);
  if (s.empty()) return std::nullopt;
  if (auto pw = top_level(s, "**"); pw.size() == 1) {
    auto b = eval_real(s.substr(0, pw[0]), values), x = eval_real(s.substr(pw[0] + 2), values);
    if (!b || !x) return std::nullopt;
    return std::pow(*b, *x);
  }
  size_t open = s.find('(');
  const bool call = open != std::string::npos && open > 0 && s.back() == ')' && matching(s, open) == s.size() - 1 &&
                    std::all_of(s.begin(), s.begin() + static_cast<long>(open), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  if (!call) {
    if (s.find_first_not_of("0123456789.-") == std::string::npos) {
      try { return std::stod(s); } catch (...) { return std::nullopt; }
    }
    // (a floor division is read as one when parenthesized: `Mod(((s53 - 1)//2), 2)`'s argument had its parentheses
    // stripped above)
    auto t = parse_sym(top_level(s, "//").size() == 1 ? "(" + s + ")" : s);
    if (!t || t->k == SymTree::K::Other) return std::nullopt;
    auto v = sym_eval(*t, values);
    if (!v) return std::nullopt;
    return static_cast<double>(*v);
  }
  const std::string fn = s.substr(0, open), inner = s.substr(open + 1, s.size() - open - 2);
  std::vector<double> xs;
  size_t start = 0;
  auto commas = top_level(inner, ", ");
  for (size_t i = 0; i <= commas.size(); ++i) {
    size_t end = i < commas.size() ? commas[i] : inner.size();
    auto v = eval_real(inner.substr(start, end - start), values);
    if (!v) return std::nullopt;
    xs.push_back(*v);
    start = end + 2;
  }
  static const std::map<std::string, double (*)(double)> unary = {
      {"ToFloat", [](double v) { return v; }},          {"CeilToInt", [](double v) { return std::ceil(v); }},
      {"FloorToInt", [](double v) { return std::floor(v); }}, {"TruncToInt", [](double v) { return std::trunc(v); }},
      {"OpaqueUnaryFn_log2", [](double v) { return std::log2(v); }}, {"OpaqueUnaryFn_sqrt", [](double v) { return std::sqrt(v); }},
      {"OpaqueUnaryFn_log", [](double v) { return std::log(v); }},   {"OpaqueUnaryFn_exp", [](double v) { return std::exp(v); }},
      {"OpaqueUnaryFn_cos", [](double v) { return std::cos(v); }},   {"OpaqueUnaryFn_sin", [](double v) { return std::sin(v); }}};
  if (auto u = unary.find(fn); u != unary.end() && xs.size() == 1) return u->second(xs[0]);
  if ((fn == "PowByNatural" || fn == "FloatPow") && xs.size() == 2) return std::pow(xs[0], xs[1]);
  if ((fn == "IntTrueDiv" || fn == "FloatTrueDiv") && xs.size() == 2 && xs[1] != 0) return xs[0] / xs[1];
  if ((fn == "Mod" || fn == "PythonMod") && xs.size() == 2 && xs[1] != 0) return xs[0] - xs[1] * std::floor(xs[0] / xs[1]);
  if ((fn == "Max" || fn == "Min") && !xs.empty())
    return fn == "Max" ? *std::max_element(xs.begin(), xs.end()) : *std::min_element(xs.begin(), xs.end());
  return std::nullopt;
}
}  // namespace

std::optional<double> sym_eval_real(const std::string& text, const std::map<std::string, long long>& values) {
  return eval_real(text, values);
}

std::optional<long long> sym_eval(const SymTree& e, const std::map<std::string, long long>& values) {
  switch (e.k) {
    case SymTree::K::Num: return e.n;
    case SymTree::K::Sym: {
      auto it = values.find(e.text);
      if (it == values.end()) return std::nullopt;
      return it->second;
    }
    case SymTree::K::Add: {
      long long r = 0;
      for (size_t i = 0; i < e.kids.size(); ++i) {
        auto v = sym_eval(e.kids[i], values);
        if (!v) return std::nullopt;
        r += e.signs[i] * *v;
      }
      return r;
    }
    case SymTree::K::Mul: {
      long long r = 1;
      for (const SymTree& k : e.kids) {
        auto v = sym_eval(k, values);
        if (!v) return std::nullopt;
        r *= *v;
      }
      return r;
    }
    case SymTree::K::FloorDiv: {
      auto a = sym_eval(e.kids[0], values);
      auto b = e.kids.size() > 1 ? sym_eval(e.kids[1], values) : std::optional<long long>(e.n);
      if (!a || !b || *b == 0) return std::nullopt;
      long long q = *a / *b;
      if ((*a % *b != 0) && ((*a < 0) != (*b < 0))) --q;
      return q;
    }
    default: {  // a function atom of the sizes: its value, when it is a whole number
      auto v = eval_real(e.text, values);
      if (!v || !std::isfinite(*v) || std::fabs(*v) > 9e15 || *v != std::floor(*v)) return std::nullopt;
      return static_cast<long long>(*v);
    }
  }
}

std::string sym_python(const SymTree& e, const std::map<std::string, std::string>& src) {
  auto num = [](long long n) { return n < 0 ? "(" + std::to_string(n) + ")" : std::to_string(n); };
  switch (e.k) {
    case SymTree::K::Num: return num(e.n);
    case SymTree::K::Sym: {
      auto it = src.find(e.text);
      return it == src.end() ? e.text : it->second;
    }
    case SymTree::K::Add: {
      std::vector<std::string> parts;
      long long c = 0;
      for (size_t i = 0; i < e.kids.size(); ++i)
        if (e.kids[i].k == SymTree::K::Num) c += e.signs[i] * e.kids[i].n;
      if (c != 0) parts.push_back(num(c));
      for (size_t i = 0; i < e.kids.size(); ++i) {
        if (e.kids[i].k == SymTree::K::Num) continue;
        std::string t = sym_python(e.kids[i], src);
        parts.push_back(e.signs[i] < 0 ? "(-1)*" + t : t);
      }
      std::string r;
      for (const std::string& p : parts) r += (r.empty() ? "" : " + ") + p;
      return "(" + r + ")";
    }
    case SymTree::K::Mul: {
      std::string r;
      for (const SymTree& k : e.kids) r += (r.empty() ? "" : "*") + sym_python(k, src);
      return r;
    }
    case SymTree::K::FloorDiv:
      return "(" + sym_python(e.kids[0], src) + " // " + (e.kids.size() > 1 ? sym_python(e.kids[1], src) : num(e.n)) + ")";
    default: {
      // a function atom as torch's PythonPrinter writes it: `math.trunc(math.log2(torch.sym_float(2 ** math.ceil(..))))`
      const std::string& t = e.text;
      size_t open = t.find('(');
      if (open == std::string::npos || open == 0 || t.back() != ')' || matching(t, open) != t.size() - 1) return t;
      const std::string fn = t.substr(0, open), inner = t.substr(open + 1, t.size() - open - 2);
      std::vector<std::string> xs;
      std::vector<bool> atom;  // a symbol or a number: printed bare as an operand of a division
      size_t start = 0;
      auto commas = top_level(inner, ", ");
      for (size_t i = 0; i <= commas.size(); ++i) {
        size_t end = i < commas.size() ? commas[i] : inner.size();
        const std::string a = inner.substr(start, end - start);
        start = end + 2;
        if (!a.empty() && a.find_first_not_of("0123456789.e-") == std::string::npos) {  // a float literal (`100000.0`)
          xs.push_back(a);
          atom.push_back(a[0] != '-');
          continue;
        }
        auto k = parse_sym(a);
        if (!k) return t;
        xs.push_back(sym_python(*k, src));
        atom.push_back(k->k == SymTree::K::Sym || (k->k == SymTree::K::Num && k->n >= 0));
      }
      // torch's PythonPrinter: a true division's operands at just below an atom's precedence (all but symbols and
      // numbers in parentheses), a FloatTrueDiv in parentheses of its own (`((torch.sym_float(step)) / 100000.0)`)
      if ((fn == "IntTrueDiv" || fn == "FloatTrueDiv") && xs.size() == 2) {
        std::string d = (atom[0] ? xs[0] : "(" + xs[0] + ")") + " / " + (atom[1] ? xs[1] : "(" + xs[1] + ")");
        return fn == "FloatTrueDiv" ? "(" + d + ")" : d;
      }
      static const std::map<std::string, std::string> unary = {
          {"ToFloat", "torch.sym_float"}, {"TruncToInt", "math.trunc"}, {"CeilToInt", "math.ceil"}, {"FloorToInt", "math.floor"}};
      if (auto u = unary.find(fn); u != unary.end() && xs.size() == 1) return u->second + "(" + xs[0] + ")";
      if (fn.rfind("OpaqueUnaryFn_", 0) == 0 && xs.size() == 1) return "math." + fn.substr(14) + "(" + xs[0] + ")";
      if ((fn == "Mod" || fn == "PythonMod") && xs.size() == 2) return "(" + xs[0] + " % " + xs[1] + ")";
      if ((fn == "PowByNatural" || fn == "FloatPow") && xs.size() == 2) {
        // stringify at Pow's precedence: a product or a power operand is parenthesized (sums and floors already are)
        auto operand = [](const std::string& x) {
          return top_level(x, "*").empty() && top_level(x, "**").empty() ? x : "(" + x + ")";
        };
        return operand(xs[0]) + " ** " + operand(xs[1]);
      }
      return t;
    }
  }
}

std::optional<Arg> reify_tree(const SymTree& e, const std::function<std::optional<Arg>(const std::string&)>& symbol,
                              const std::function<std::optional<Arg>(const std::string&)>& cached,
                              const std::function<Arg(Node, const std::string&)>& make) {
  if (e.k == SymTree::K::Num) return Arg{-1, std::to_string(e.n)};
  if (e.k == SymTree::K::Sym) return symbol(e.text);
  if (e.k == SymTree::K::Other) return cached(e.text);  // (an atom of its own, `Max(18, s52)`: only as a proxy made before)
  if (auto c = cached(e.text)) return c;
  Node n;
  n.op = "call_function";
  n.sym_compute = true;
  n.reified = true;
  if (e.k == SymTree::K::FloorDiv) {
    auto x = reify_tree(e.kids[0], symbol, cached, make);
    if (!x) return std::nullopt;
    n.target = "//";
    n.infix = true;
    n.args = {*x, Arg{-1, std::to_string(e.n)}};
    if (e.kids.size() > 1) {
      auto d = reify_tree(e.kids[1], symbol, cached, make);
      if (!d) return std::nullopt;
      n.args[1] = *d;
    }
    return make(n, e.text);
  }
  if (e.k == SymTree::K::Add) {
    // sympy's Add.args: the number first, then the terms (torch.sym_sum of them)
    long long c = 0;
    Arg list;
    list.is_seq = true;
    for (size_t i = 0; i < e.kids.size(); ++i)
      if (e.kids[i].k == SymTree::K::Num) c += e.signs[i] * e.kids[i].n;
    if (c != 0) list.seq.push_back(Arg{-1, std::to_string(c)});
    for (size_t i = 0; i < e.kids.size(); ++i) {
      if (e.kids[i].k == SymTree::K::Num) continue;
      auto x = reify_tree(e.kids[i], symbol, cached, make);
      if (!x) return std::nullopt;
      if (e.signs[i] < 0) {  // -t is Mul(-1, t)
        Node m;
        m.op = "call_function";
        m.target = "*";
        m.infix = true;
        m.sym_compute = true;
        m.reified = true;
        m.args = {Arg{-1, "-1"}, *x};
        x = make(m, "-" + e.kids[i].text);
      }
      list.seq.push_back(*x);
    }
    n.target = "torch.sym_sum";
    n.args = {list};
    return make(n, e.text);
  }
  // a product: sympy's Mul.args order (the number, symbols, then the rest by text), multiplied left to right
  std::vector<SymTree> kids = e.kids;
  std::stable_sort(kids.begin(), kids.end(), [](const SymTree& x, const SymTree& y) {
    auto rank = [](const SymTree& t) { return t.k == SymTree::K::Num ? 0 : t.k == SymTree::K::Sym ? 1 : 2; };
    if (rank(x) != rank(y)) return rank(x) < rank(y);
    return rank(x) == 1 ? sym_atom_less(x.text, y.text) : x.text < y.text;
  });
  std::optional<Arg> cur;
  std::string text;
  for (const SymTree& f : kids) {
    auto x = reify_tree(f, symbol, cached, make);
    if (!x) return std::nullopt;
    const std::string ft = f.k == SymTree::K::Add ? "(" + f.text + ")" : f.text;
    if (!cur) { cur = x; text = ft; continue; }
    text = text + "*" + ft;
    Node m;
    m.op = "call_function";
    m.target = "*";
    m.infix = true;
    m.sym_compute = true;
    m.reified = true;
    m.args = {*cur, *x};
    cur = make(m, &f == &kids.back() ? e.text : text);
  }
  return cur;
}

}  // namespace tparse::compiler
