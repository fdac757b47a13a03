// Recursive-descent parser for the Python subset (statements and expressions) producing the AST.
#pragma once

#include <string>

#include "frontend/ast.hpp"

namespace tparse::compiler {

/// Parses a whole script; throws CompileError ("expected ':'", "invalid syntax", ...) with a Location.
/// Parses one source file; every Location (errors included) carries `file`.
Module parse_module(const std::string& source, int file = 0);

}  // namespace tparse::compiler
