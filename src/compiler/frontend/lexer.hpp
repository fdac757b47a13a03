// Lexer for Python 3.12 source: produces tokens with INDENT/DEDENT/NEWLINE like CPython's tokenizer.
// f-strings (PEP 701: nested quotes, nested fields in format specs, `=`, `!r`) are split into parts
// here, so the parser only parses the expressions inside them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "frontend/diag.hpp"

namespace tparse::compiler {

enum class Tok { Name, Int, Float, String, Op, Newline, Indent, Dedent, End };

/// One piece of an f-string: literal text or a replacement field `{expr[=][!c][:spec]}`.
struct FPart {
  bool field = false;
  std::string text;          ///< literal: the decoded text; field: the expression's source text
  Location loc;              ///< field: where the expression text starts
  std::string debug;         ///< `{x = }`: the text printed before the value ("x = "), else empty
  char conv = 0;             ///< 'r', 's', 'a' or 0
  std::vector<FPart> spec;   ///< the format spec after ':' (literal text and nested fields)
  bool has_spec = false;
};

struct Token {
  Tok kind = Tok::End;
  std::string text;     ///< identifier / operator / decoded string body / number literal
  Location loc;
  bool fstring = false; ///< String token with an f prefix: the body is in `fparts`
  bool bytes = false;   ///< String token with a b prefix
  std::vector<FPart> fparts;
};

/// Tokenizes `source`; throws CompileError on bad characters, bad indentation, unterminated strings.
std::vector<Token> lex(const std::string& source);

/// Decodes the backslash escapes of a (non-raw) string literal body: \n \t \\ \' \" \a \b \f \v \r,
/// octal, \xHH, and for str also \uXXXX / \UXXXXXXXX (UTF-8 out); \N{name} and unknown escapes are
/// kept as written; backslash-newline is removed.
std::string decode_escapes(std::string_view body, bool bytes);

}  // namespace tparse::compiler
