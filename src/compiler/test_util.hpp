// Helpers shared by the compiler's doctest files.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tparse::compiler::testing {

/// Whole file as a string ("" when unreadable).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace tparse::compiler::testing
