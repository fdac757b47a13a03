// Lexer implementation: indentation stack, bracket nesting, string prefixes, comments.
#include "frontend/lexer.hpp"

#include <cctype>

namespace tparse::compiler {
namespace {

const char* kOps3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
const char* kOps2[] = {"==", "!=", "<=", ">=", "**", "//", "->", "+=", "-=", "*=", "/=", "%=",
                       "@=", "&=", "|=", "^=", "<<", ">>", ":=", nullptr};

struct Lexer {
  const std::string& s;
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  int depth = 0;
  std::vector<int> indents{0};
  std::vector<Token> out;

  Location here() const { return {line, static_cast<int>(i - line_start) + 1}; }
  [[noreturn]] void fail(const std::string& m) { throw CompileError(here(), m); }

  void push(Tok k, std::string t, Location l) { out.push_back(Token{k, std::move(t), l}); }

  void newline_at(size_t pos) {
    ++line;
    line_start = pos + 1;
  }

  void string_tok(std::string prefix) {
    Location l = here();
    l.col -= static_cast<int>(prefix.size());
    char q = s[i];
    bool triple = i + 2 < s.size() && s[i + 1] == q && s[i + 2] == q;
    bool raw = prefix.find('r') != std::string::npos || prefix.find('R') != std::string::npos;
    bool f = prefix.find('f') != std::string::npos || prefix.find('F') != std::string::npos;
    i += triple ? 3 : 1;
    std::string body;
    while (true) {
      if (i >= s.size()) throw CompileError(l, "unterminated string literal");
      char c = s[i];
      if (!triple && c == '\n') throw CompileError(l, "unterminated string literal");
      if (c == q && (!triple || (i + 2 < s.size() && s[i + 1] == q && s[i + 2] == q))) {
        i += triple ? 3 : 1;
        break;
      }
      if (c == '\\' && !raw && i + 1 < s.size()) {
        char n = s[i + 1];
        i += 2;
        switch (n) {
          case 'n': body += '\n'; break;
          case 't': body += '\t'; break;
          case '\\': body += '\\'; break;
          case '\'': body += '\''; break;
          case '"': body += '"'; break;
          case '\n': newline_at(i - 1); break;
          default: body += '\\'; body += n;
        }
        continue;
      }
      if (c == '\n') newline_at(i);
      body += c;
      ++i;
    }
    Token t{Tok::String, body, l};
    t.fstring = f;
    out.push_back(t);
  }

  void run() {
    bool at_line_start = true;
    while (i < s.size()) {
      if (at_line_start && depth == 0) {
        int col = 0;
        size_t j = i;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) col += s[j++] == '\t' ? 8 : 1;
        if (j >= s.size()) { i = j; break; }
        if (s[j] == '\n' || s[j] == '#' || s[j] == '\r') {  // blank or comment-only line
          while (j < s.size() && s[j] != '\n') ++j;
          i = j;
          if (i < s.size()) { newline_at(i); ++i; }
          continue;
        }
        i = j;
        if (col > indents.back()) {
          indents.push_back(col);
          push(Tok::Indent, "", here());
        } else {
          while (col < indents.back()) {
            indents.pop_back();
            push(Tok::Dedent, "", here());
          }
          if (col != indents.back()) fail("unindent does not match any outer indentation level");
        }
        at_line_start = false;
      }
      char c = s[i];
      if (c == '#') { while (i < s.size() && s[i] != '\n') ++i; continue; }
      if (c == ' ' || c == '\t' || c == '\r') { ++i; continue; }
      if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') { i += 2; newline_at(i - 1); continue; }
      if (c == '\n') {
        if (depth == 0) { push(Tok::Newline, "", here()); at_line_start = true; }
        newline_at(i);
        ++i;
        continue;
      }
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        size_t j = i;
        while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
        std::string w = s.substr(i, j - i);
        if (j < s.size() && (s[j] == '"' || s[j] == '\'') && w.size() <= 2) {
          bool ok = true;
          for (char p : w) ok = ok && std::string("rRbBfFuU").find(p) != std::string::npos;
          if (ok) { i = j; string_tok(w); continue; }
        }
        push(Tok::Name, w, here());
        i = j;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
        size_t j = i;
        bool flt = false;
        if (c == '0' && j + 1 < s.size() && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
          j += 2;
          while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
        } else {
          while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
          if (j < s.size() && s[j] == '.') { flt = true; ++j; while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j; }
          if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
            flt = true; ++j;
            if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
            while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
          }
        }
        std::string num;
        for (size_t k = i; k < j; ++k) if (s[k] != '_') num += s[k];
        push(flt ? Tok::Float : Tok::Int, num, here());
        i = j;
        continue;
      }
      if (c == '"' || c == '\'') { string_tok(""); continue; }
      Location l = here();
      for (const char** ops : {kOps3, kOps2}) {
        for (int k = 0; ops[k]; ++k) {
          size_t n = std::char_traits<char>::length(ops[k]);
          if (s.compare(i, n, ops[k]) == 0) { push(Tok::Op, ops[k], l); i += n; goto next; }
        }
      }
      if (std::string("()[]{}:,.;@=+-*/%<>&|^~!").find(c) != std::string::npos) {
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') { if (depth > 0) --depth; }
        push(Tok::Op, std::string(1, c), l);
        ++i;
        continue;
      }
      fail(std::string("invalid character '") + c + "' in source");
    next:;
    }
    if (!out.empty() && out.back().kind != Tok::Newline) push(Tok::Newline, "", here());
    while (indents.size() > 1) { indents.pop_back(); push(Tok::Dedent, "", here()); }
    push(Tok::End, "", here());
  }
};

}  // namespace

std::vector<Token> lex(const std::string& source) {
  Lexer lx{source};
  lx.run();
  return std::move(lx.out);
}

}  // namespace tparse::compiler
