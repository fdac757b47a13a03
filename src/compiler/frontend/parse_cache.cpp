// The process-wide cache of parsed modules (parse_module_cached in parser.hpp): the same library file imported by
// many runs in one process (a notebook, a population test) is lexed and parsed once.
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

#include "frontend/parser.hpp"

namespace tparse::compiler {

namespace {

struct ParsedModule {
  std::string source;  // the exact text parsed: a changed file misses
  std::shared_ptr<const Module> ast;
};

struct ParseCacheState {
  std::mutex mu;
  std::map<std::pair<std::string, int>, ParsedModule> entries;
  size_t bytes = 0;
  size_t limit = [] {
    const char* mb = std::getenv("TPARSE_PARSE_CACHE_MB");
    char* end = nullptr;
    long v = mb && *mb ? std::strtol(mb, &end, 10) : 256;
    if (mb && *mb && (end == mb || *end != '\0' || v < 0)) v = 256;  // not a number: the default
    return static_cast<size_t>(v) << 20;
  }();
};

ParseCacheState& parse_cache() {
  static ParseCacheState c;
  return c;
}

}  // namespace

std::shared_ptr<const Module> parse_module_cached(const std::string& path, const std::string& source, int file) {
  ParseCacheState& c = parse_cache();
  auto key = std::make_pair(path, file);
  {
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.entries.find(key);
    if (it != c.entries.end() && it->second.source == source) return it->second.ast;
  }
  auto ast = std::make_shared<const Module>(parse_module(source, file));  // throws CompileError: nothing cached
  if (c.limit == 0 || source.size() > c.limit) return ast;
  std::lock_guard<std::mutex> lock(c.mu);
  auto it = c.entries.find(key);
  if (it != c.entries.end()) {  // a changed text at the same key: the new one replaces it
    c.bytes -= it->second.source.size();
    c.entries.erase(it);
  }
  if (c.bytes + source.size() > c.limit) {  // full: start over (runs over one library refill it at once)
    c.entries.clear();
    c.bytes = 0;
  }
  c.entries.emplace(key, ParsedModule{source, ast});
  c.bytes += source.size();
  return ast;
}

}  // namespace tparse::compiler
