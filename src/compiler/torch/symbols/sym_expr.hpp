// SymInt expressions as a tree (sums, products, floor divisions of ShapeEnv symbols), read back from the sympy form
// tparse prints them in: for the lower bound sympy proves (a stride keeps `Max(1, e)` unless e >= 1), for products
// printed as sympy orders them, and for the nodes torch 2.11 rebuilds a size of an intermediate tensor from
// (insert_deferred_runtime_asserts' reification: `torch.sym_sum([-3, s53])`, `sym_sum // 2`, `a * b`).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "torch/graph.hpp"

namespace tparse::compiler {

struct SymTree {
  enum class K { Num, Sym, Add, Mul, FloorDiv, Other } k = K::Other;
  long long n = 0;              ///< Num: the value; FloorDiv: the divisor
  std::string text;             ///< the expression as printed (no outer parentheses)
  std::vector<SymTree> kids;    ///< Add: terms; Mul: factors (coefficient first); FloorDiv: the numerator (and a
                                ///< symbolic divisor, n then unused)
  std::vector<int> signs;       ///< Add: +1 / -1 per term
};

/// `(((s53 - 3)//2)) + 1` -> Add(FloorDiv(Add(s53, -3), 2), 1); nullopt for text it cannot read.
std::optional<SymTree> parse_sym(const std::string& text);

/// The expression's value with each symbol's value from `values`; nullopt for a part it cannot read or a missing symbol.
std::optional<long long> sym_eval(const SymTree& e, const std::map<std::string, long long>& values);

/// The value of an expression over reals (a SymFloat's: `FloatTrueDiv(ToFloat(s51), 100000.0)`, `IntTrueDiv(s27, 7)`)
/// with each symbol's value from `values`; nullopt for text it cannot read or a missing symbol.
std::optional<double> sym_eval_real(const std::string& text, const std::map<std::string, long long>& values);

/// The expression as a guard's Python prints it, each symbol written as `src` names it (`(1 + (((-1) + x.size()[3]) //
/// 2))`): sums and floor divisions in parentheses, the number of a sum first, negative numbers in parentheses.
std::string sym_python(const SymTree& e, const std::map<std::string, std::string>& src);

/// The least value of the expression over sizes >= 2 (a backed size's range); nullopt when unbounded below or unknown.
std::optional<long long> sym_lower_bound(const SymTree& e);

/// `e` with each symbol that has a replacement (ShapeEnv's replacements: `s77` -> `s17`) written as its replacement.
std::string sym_substitute(const std::string& e, const std::map<std::string, std::string>& rep);

/// Whether a printed expression is a sum at its top level (`s53 - 3`, `((x//2)) + 1`).
bool sym_is_sum(const std::string& text);

/// a * b as sympy prints the product: the coefficient first, symbols, then the other factors (sums in parentheses)
/// in sort order (`((((s0 - 3)//2)) + 1)*((((s53 - 3)//2)) + 1)`).
std::string sym_product(const std::string& a, const std::string& b);

/// prod(total) / prod(part) for sizes (a reshape's inferred `-1`): factors cancel as sympy's do, sums and floor atoms
/// whole; nullopt when it does not divide. "" when the quotient is a number (its value is the caller's).
std::optional<std::string> sym_quotient(const std::vector<std::string>& total, const std::vector<std::string>& part);
/// prod(total) // prod(part) when it does not divide exactly: sympy's FloorDiv with the common factors and the
/// coefficients' gcd cancelled (a reshape's `-1` of [2, s27] by (2, 2) is `(s27//2)`); nullopt unless what is left is
/// one sum of symbols over a number (a padded length with `Mod` atoms keeps its hint: torch's value ranges simplify
/// it as guards bound it, which tparse does not model).
std::optional<std::string> sym_floor_quotient(const std::vector<std::string>& total, const std::vector<std::string>& part);

/// The nodes torch 2.11 rebuilds `e` from (PythonReferenceAnalysis over sympy): a sum is `torch.sym_sum([c, t...])`,
/// a floor division `x // k`, a product a chain of `*`; each node is made by `make` (it returns the argument that
/// stands for it) and a subexpression made before is looked up by `cached` (its text). `symbol` gives a symbol's
/// argument (its placeholder). nullopt when a part cannot be rebuilt.
std::optional<Arg> reify_tree(const SymTree& e, const std::function<std::optional<Arg>(const std::string&)>& symbol,
                              const std::function<std::optional<Arg>(const std::string&)>& cached,
                              const std::function<Arg(Node, const std::string&)>& make);

}  // namespace tparse::compiler
