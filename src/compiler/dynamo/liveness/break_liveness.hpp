// Liveness at a graph break (break_liveness.cpp): the breaking instruction's expression and the names still read
// after it. names_from (the names read from a statement on) is declared in runtime/interp_helpers.hpp.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// The breaking instruction's expression in the current statement, for liveness after it: a call, or a subscript
/// (`sim[~mask]`: the mask is read no more); null when unknown
const Expr* break_expr(const Activation& act, const std::string& kind, Location loc);
/// Dynamo's liveness at a break instruction of a top-level statement: the later statements' names and those of the
/// statement read after the break. Empty optional: unknown.
std::optional<std::set<std::string>> live_after_break(const FuncDef* fn, const Stmt* st, const Expr* brk);

}  // namespace tparse::compiler
