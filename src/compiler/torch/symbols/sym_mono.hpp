// SymInt expressions that are monomials (`64*s77`, `s53*s77`, `s77`, `8`): parsed, multiplied, divided
// exactly and printed in sympy's canonical form (coefficient first, symbols sorted by name), so sizes read
// as `B * nH * nW` or inferred by `view(-1, ...)` print as torch prints them (`4*s77`, not `2*2*s77`).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tparse::compiler {

struct Dim;  // runtime/values/value.hpp

struct SymMono {
  long long c = 1;                 ///< integer coefficient
  std::vector<std::string> syms;   ///< symbols, sorted by name, repeated for powers
};

/// sympy's default_sort_key order of atoms as torch prints them: numbers, symbols (`s27` < `s53`, by name),
/// functions by name (`CeilToInt(..)`, `(s53//2)` as FloorDiv, `Mod(..)`), then Max / Min.
/// `s` at depth 0 of its brackets split at `sep` (sep's first character must not be a bracket).
std::vector<std::string> split_top(const std::string& s, const std::string& sep);
bool sym_atom_less(const std::string& a, const std::string& b);
/// A float number inside a sympy expression as str() prints it (mpmath's to_str, 15 digits, zeros stripped, fixed for a
/// decimal exponent in (-5, 15)): `Max(1.0e-5, zf67)`, `Min(0.995, ...)`, `0.333333333333333`.
std::string sympy_float_str(double x);
/// Two texts of one kind of atom in sympy's order of their arguments (a number before an expression), else as text.
bool sym_args_less(const std::string& a, const std::string& b);
/// ShapeEnv._generate_unique_id's first try for a source name: sha256(name) % 100 (`L['x'].size()[0]` is 77, so
/// s77; `L['scale']` is 69, so zf69 for a float input); the caller probes on to the next free id.
int sym_source_id(const std::string& source);
/// A ShapeEnv symbol itself (`s53`, `u0`), not an expression of one.
bool sym_bare_symbol(const std::string& f);
/// A floor division as torch's FloorDiv prints it: `(s53//2)`, `((s53 - 1)//2)`, `((-s53)//2)`.
bool sym_floor_atom(const std::string& f);
/// One function call spanning the whole text (`Max(1, s27)`, `Mod(s53, 4)`), of function `fn` when given: an atom
/// sympy prints without parentheses, or wraps whole by its precedence.
bool sym_call_atom(const std::string& e, const std::string& fn = "");
/// `64*s77` -> {64, {s77}}; a plain number -> {n, {}}; anything else (`s77 + 1`, `(s77//2)`) -> nullopt.
std::optional<SymMono> parse_mono(const std::string& s);
/// sympy's str(): `64*s77`, `s53*s77`, `s77`, `8`.
std::string mono_str(const SymMono& m);
/// Sorted factors' product as sympy prints it: a repeated factor as a power (`s27*s53**2`).
std::string product_str(const std::vector<std::string>& syms);
SymMono mono_mul(const SymMono& a, const SymMono& b);
/// a / b when it divides exactly (coefficient divisible, b's symbols among a's); else nullopt.
std::optional<SymMono> mono_div(const SymMono& a, const SymMono& b);
/// sympy's FloorDiv(a, b) of monomials before printing: the symbols they share and the coefficients' gcd cancel
/// (FloorDiv(4*s27, 8*s27) is FloorDiv(1, 2)); {numerator, denominator}, or nullopt when b's coefficient is not
/// positive
std::optional<std::pair<SymMono, SymMono>> mono_floordiv(const SymMono& a, const SymMono& b);
/// a FloorDiv as torch prints it: `(s27//4)`, `((s2*s98)//4)`, `((4*s77)//T)`; the numerator alone over 1
std::string floordiv_str(const SymMono& num, const SymMono& den);

/// A sum of monomials and a constant (`2*s70 - 1`, `s70 + 32`, `s27 + s70`): sympy's Add of them.
struct SymLin {
  std::vector<std::pair<std::vector<std::string>, long long>> terms;  ///< symbols (sorted) -> coefficient, nonzero
  long long c = 0;
};
/// A monomial, an integer or a sum of them as linear_str prints it; anything else (`Mod(..)`, `((x)//2)`) -> nullopt.
std::optional<SymLin> parse_linear(const std::string& s);
/// a + sign * b, terms collected (`s70 - s70` is 0)
SymLin linear_add(const SymLin& a, const SymLin& b, long long sign);
SymLin linear_scale(const SymLin& a, long long k);
/// sympy's printing as torch shows it: positive terms first (higher degree first, then by name), the
/// constant after them, then the negative terms (`2*s70 - 1`, `32 - s70`, `s70 + 32`); "" when constant.
std::string linear_str(const SymLin& a);

/// FloorDiv(x, div) + plus as torch's sympy leaves it (x a sum of monomials and floor atoms, div > 0): the terms div
/// divides exactly (the constant too) are pulled out, the rest stays inside (`(s53 - 2)//2 + 1` is `(s53//2)`,
/// `((s53 - 1)//2) + 1` stays), a floor of a floor atom is one floor (`(s//2)//2` is `(s//4)`); nullopt when x is
/// not such a sum. "" when the result is a constant (its value is the caller's).
std::optional<std::string> sym_floordiv(const std::string& x, long long div, long long plus);

/// The ShapeEnv symbols in an expression (`s27`, `u0`), in order of first appearance (specialize.cpp).
std::vector<std::string> sym_free_symbols(const std::string& expr);
/// A SymFloat expression a guard compares as a float: a true division of sizes (`IntTrueDiv(s27, 7)`)
bool sym_float_expr(const std::string& expr);
/// Does the expression have symbols, all of them specialized to values (so it is a constant now)?
bool sym_all_specialized(const std::string& expr, const std::map<std::string, long long>& values);
/// The expression with the specialized symbols written as their values and simplified as sympy does (`(s38//s91)`
/// once s91 is 1 is `s38`; `s27 + s33 + 1` once s27 is 5 is `s33 + 6`); the expression itself when none occurs.
std::string sym_with_values(const std::string& expr, const std::map<std::string, long long>& values);
/// Each symbolic dim of a shape or stride with the specialized symbols in: a number when all of its symbols are
/// (the dim static again), else sym_with_values' form (a graph's metadata, a guard's TENSOR_MATCH).
void fold_specialized(std::vector<Dim>& dims, const std::map<std::string, long long>& values);

}  // namespace tparse::compiler
