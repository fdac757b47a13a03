// Diagnostics for the reference compiler: source locations and compiler-style error values.
#pragma once

#include <stdexcept>
#include <string>

namespace tparse::compiler {

/// A position in the user's script (1-based line and column).
struct Location {
  int line = 0;
  int col = 0;
  int file = 0;  ///< index into the run's source files (0 = the script; imported modules follow)
};

/// An error in the user's script (syntax, unknown name, shape mismatch, unsupported construct).
/// Thrown inside the compiler, turned into a value (Result::error) at the API boundary.
struct CompileError : std::runtime_error {
  Location loc;
  CompileError(Location l, const std::string& msg) : std::runtime_error(msg), loc(l) {}
};

/// `path:line:col: error: msg` + the source line + a caret under the column.
std::string format_diag(const std::string& path, const std::string& source, Location loc,
                        const std::string& msg);

/// The text of 1-based line `line` of `source` (without newline); empty if out of range.
std::string source_line(const std::string& source, int line);

}  // namespace tparse::compiler
