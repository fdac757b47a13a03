// SymBools: a relation of sizes (`s77 > 4`, `4 == s53`) as tparse carries it in a value's text, read into its parts,
// flipped, negated and printed as sympy prints it. Used by the branch guards (specialize.cpp), `not` as a value
// (sym_bool.cpp's Interp::sym_not) and the printed type of a SymBool node (symint.cpp).
#pragma once

#include <optional>
#include <string>

namespace tparse::compiler {

struct SymRelation {
  std::string lhs, op, rhs;  ///< op: == != < > <= >=
};

/// `a op b` (the operator between single spaces, as tparse writes a relation); nullopt when there is none.
std::optional<SymRelation> parse_sym_relation(const std::string& text);
/// The operator of `b op' a` for `a op b` (< and > swap; == and != stay).
std::string flip_sym_op(const std::string& op);
/// The operator of `not (a op b)`.
std::string negate_sym_op(const std::string& op);
/// `a op b` again.
std::string sym_relation_text(const SymRelation& r);
/// A decimal integer literal (`4`, `-3`) that fits a long long.
bool sym_int_literal(const std::string& x);
/// The relation as sympy prints a SymBool: `s27 == 6` is Eq(s27, 6), `4 != s53` Ne(s53, 4) (an int on the left
/// reflects to the SymInt's own __eq__ / __ne__); one a size symbol's positive-integer assumptions decide is
/// True / False (`s77 > 0`); the orderings print as written (`s0 > 1`).
std::string sym_relation_sympy(const std::string& rel);

}  // namespace tparse::compiler
