// Liveness over a function's statement tree (block_liveness.cpp): the names read before written on some path from
// just after (or just before) a statement, loops as fixpoints. Empty optional: the statement is not found, or sits
// under a try / match whose paths are not modelled.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "frontend/ast.hpp"

namespace tparse::compiler {

/// every name an expression mentions (comprehensions' targets, iterables and conditions too)
void names_mentioned(const Expr* e, std::set<std::string>& out);
/// the names live just after statement `st` of `fn` (at any depth)
std::optional<std::set<std::string>> live_after_stmt(const FuncDef* fn, const Stmt* st);
/// the names live just before it (its own reads added, its plain-name stores removed)
std::optional<std::set<std::string>> live_before_stmt(const FuncDef* fn, const Stmt* st);

}  // namespace tparse::compiler
