// Scopes of a function as CPython's compiler sees them (frontend/scopes.cpp).
#pragma once
#include <string>

#include "frontend/ast.hpp"

namespace tparse::compiler {

/// Whether `name`, stored in `fn`'s body, is a cell variable: a nested function, lambda or class body of `fn` uses it
/// (an over-approximation: a nested scope's own local of that name counts too). Dynamo's STORE_DEREF names no node
/// (performer's `sin, cos = pos.unbind(0)` read by a lambda keeps `getitem_6`). Kept on the FuncDef once computed.
bool is_cell_var(const FuncDef* fn, const std::string& name);

}  // namespace tparse::compiler
