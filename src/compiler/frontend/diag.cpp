// Diagnostics formatting: ninja/clang style `file:line:col: error: msg`, source line, caret.
#include "frontend/diag.hpp"

#include <fmt/format.h>

namespace tparse::compiler {

std::string source_line(const std::string& source, int line) {
  int cur = 1;
  size_t start = 0;
  while (cur < line) {
    size_t nl = source.find('\n', start);
    if (nl == std::string::npos) return "";
    start = nl + 1;
    ++cur;
  }
  size_t end = source.find('\n', start);
  return source.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string format_diag(const std::string& path, const std::string& source, Location loc,
                        const std::string& msg) {
  std::string out = fmt::format("{}:{}:{}: error: {}\n", path, loc.line, loc.col, msg);
  std::string text = source_line(source, loc.line);
  out += text + "\n";
  int col = loc.col < 1 ? 1 : loc.col;
  out += std::string(static_cast<size_t>(col - 1), ' ') + "^\n";
  return out;
}

}  // namespace tparse::compiler
