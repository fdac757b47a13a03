// SymInt expressions that are monomials (`64*s77`, `s53*s77`, `s77`, `8`): parsed, multiplied, divided
// exactly and printed in sympy's canonical form (coefficient first, symbols sorted by name), so sizes read
// as `B * nH * nW` or inferred by `view(-1, ...)` print as torch prints them (`4*s77`, not `2*2*s77`).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tparse::compiler {

struct SymMono {
  long long c = 1;                 ///< integer coefficient
  std::vector<std::string> syms;   ///< symbols, sorted by name, repeated for powers
};

/// `64*s77` -> {64, {s77}}; a plain number -> {n, {}}; anything else (`s77 + 1`, `(s77//2)`) -> nullopt.
std::optional<SymMono> parse_mono(const std::string& s);
/// sympy's str(): `64*s77`, `s53*s77`, `s77`, `8`.
std::string mono_str(const SymMono& m);
SymMono mono_mul(const SymMono& a, const SymMono& b);
/// a / b when it divides exactly (coefficient divisible, b's symbols among a's); else nullopt.
std::optional<SymMono> mono_div(const SymMono& a, const SymMono& b);

/// The ShapeEnv symbols in an expression (`s27`, `u0`), in order of first appearance (specialize.cpp).
std::vector<std::string> sym_free_symbols(const std::string& expr);
/// Does the expression have symbols, all of them specialized to values (so it is a constant now)?
bool sym_all_specialized(const std::string& expr, const std::map<std::string, long long>& values);

}  // namespace tparse::compiler
