// Recursive-descent parser for the Python subset (statements and expressions) producing the AST.
#pragma once

#include <string>

#include "ast.hpp"

namespace tparse::compiler {

/// Parses a whole script; throws CompileError ("expected ':'", "invalid syntax", ...) with a Location.
Module parse_module(const std::string& source);

}  // namespace tparse::compiler
