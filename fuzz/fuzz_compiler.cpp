// libFuzzer target: the reference compiler's front end — lexer and parser of the Python subset.
// Bad input must come out as a CompileError (a diagnostic), never a crash, hang or another exception.
// compile_script (the abstract interpreter) is not fuzzed: scripts may legitimately run for a long
// time (nested loops, range(10**9)), so a hang there is not a front-end bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/diag.hpp"
#include "frontend/lexer.hpp"
#include "frontend/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string src(reinterpret_cast<const char*>(data), size);
  try {
    (void)tparse::compiler::lex(src);
  } catch (const tparse::compiler::CompileError& e) {
    (void)tparse::compiler::format_diag("fuzz.py", src, e.loc, e.what());
  }
  try {
    (void)tparse::compiler::parse_module(src);
  } catch (const tparse::compiler::CompileError& e) {
    (void)tparse::compiler::format_diag("fuzz.py", src, e.loc, e.what());
  }
  return 0;
}
