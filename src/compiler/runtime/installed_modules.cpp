// The installed module list of the packages tparse models without their source (installed_modules.hpp): read once
// from the bundled text, one module per line, a package with a trailing '/', a `# name=version ...` header.
#include "runtime/installed_modules.hpp"

#include <string_view>
#include <unordered_set>

#include "runtime/stubs.hpp"

namespace tparse::compiler {

namespace {

struct InstalledModules {
  std::unordered_set<std::string> modules, packages;
  std::string versions;
};

const InstalledModules& installed() {
  static const InstalledModules list = [] {
    InstalledModules l;
    for (const auto& [path, text] : bundled_stubs()) {
      if (path != "__tparse_installed_modules__.txt") continue;
      std::string_view rest = text;
      while (!rest.empty()) {
        size_t eol = rest.find('\n');
        std::string_view line = rest.substr(0, eol);
        rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
        if (line.empty()) continue;
        if (line[0] == '#') {
          l.versions = std::string(line.substr(line.find_first_not_of("# ")));
          continue;
        }
        const bool package = line.back() == '/';
        if (package) line.remove_suffix(1);
        l.modules.emplace(line);
        if (package) l.packages.emplace(line);
      }
    }
    return l;
  }();
  return list;
}

}  // namespace

bool absent_from_installed(const std::string& dotted, std::string* versions) {
  const size_t dot = dotted.rfind('.');
  if (dot == std::string::npos) return false;  // a top-level package: not this list's business
  const InstalledModules& l = installed();
  if (!l.packages.count(dotted.substr(0, dot)) || l.modules.count(dotted)) return false;
  if (versions) *versions = l.versions;
  return true;
}

}  // namespace tparse::compiler
