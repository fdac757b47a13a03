// Lexer for the Python subset: produces tokens with INDENT/DEDENT/NEWLINE like CPython's tokenizer.
#pragma once

#include <string>
#include <vector>

#include "frontend/diag.hpp"

namespace tparse::compiler {

enum class Tok { Name, Int, Float, String, Op, Newline, Indent, Dedent, End };

struct Token {
  Tok kind;
  std::string text;     ///< identifier / operator / decoded string body / number literal
  Location loc;
  bool fstring = false; ///< String token with an f prefix (body kept raw, parsed by the parser)
};

/// Tokenizes `source`; throws CompileError on bad characters, bad indentation, unterminated strings.
std::vector<Token> lex(const std::string& source);

}  // namespace tparse::compiler
