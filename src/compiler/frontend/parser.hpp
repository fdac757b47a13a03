// Recursive-descent parser for the Python subset (statements and expressions) producing the AST.
#pragma once

#include <memory>
#include <string>

#include "frontend/ast.hpp"

namespace tparse::compiler {

/// Parses a whole script; throws CompileError ("expected ':'", "invalid syntax", ...) with a Location.
/// Parses one source file; every Location (errors included) carries `file`.
Module parse_module(const std::string& source, int file = 0);

/// parse_module through a process-wide cache of immutable ASTs keyed by the path, the file index (it is in every
/// Location) and the exact source text: a process that runs many scripts over the same library (the wheel in a
/// notebook, a population test) parses each module once while the import order gives it the same index. Errors are
/// not cached. Bounded by the cached source bytes (TPARSE_PARSE_CACHE_MB, default 256; 0 turns it off). Thread-safe.
std::shared_ptr<const Module> parse_module_cached(const std::string& path, const std::string& source, int file);

}  // namespace tparse::compiler
