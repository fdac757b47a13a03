// Lexer implementation: indentation stack, bracket nesting, numbers (hex/octal/binary, underscores,
// imaginary), string prefixes and escapes, f-strings split into literal parts and fields (PEP 701).
#include "frontend/lexer.hpp"

#include <cctype>
#include <cstring>

namespace tparse::compiler {
namespace {

const char* kOps3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
const char* kOps2[] = {"==", "!=", "<=", ">=", "**", "//", "->", "+=", "-=", "*=", "/=", "%=",
                       "@=", "&=", "|=", "^=", "<<", ">>", ":=", nullptr};

bool ident_start(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool ident_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }
bool is_prefix(const std::string& w) {
  if (w.empty() || w.size() > 2) return false;
  for (char p : w) if (!std::strchr("rRbBfFuU", p)) return false;
  return true;
}

void utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) { out += static_cast<char>(cp); return; }
  if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); }
  else if (cp < 0x10000) { out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); }
  else {
    out += static_cast<char>(0xF0 | ((cp >> 18) & 0x07));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  }
  out += static_cast<char>(0x80 | (cp & 0x3F));
}

struct Lexer {
  const std::string& s;
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  int depth = 0;
  std::vector<int> indents{0};
  std::vector<std::pair<char, Location>> brackets;  ///< open brackets: a missing or wrong close is located
  std::vector<Token> out;

  Location here() const { return {line, static_cast<int>(i - line_start) + 1}; }
  Location at(size_t pos) const { return {line, static_cast<int>(pos - line_start) + 1}; }
  [[noreturn]] void fail(const std::string& m) { throw CompileError(here(), m); }

  void push(Tok k, std::string t, Location l) {
    Token tok;
    tok.kind = k;
    tok.text = std::move(t);
    tok.loc = l;
    out.push_back(std::move(tok));
  }

  void newline_at(size_t pos) {
    ++line;
    line_start = pos + 1;
  }

  bool at_close(char q, bool triple) const {
    if (s[i] != q) return false;
    return !triple || (i + 2 < s.size() && s[i + 1] == q && s[i + 2] == q);
  }

  /// A plain (non-f) string body from after the opening quote; leaves i after the closing quote.
  /// Returns the source text between the quotes (escapes not decoded).
  std::string plain_body(char q, bool triple, Location l) {
    size_t start = i;
    while (true) {
      if (i >= s.size()) throw CompileError(l, "unterminated string literal");
      char c = s[i];
      if (at_close(q, triple)) break;
      if (c == '\n') {
        if (!triple) throw CompileError(l, "unterminated string literal");
        newline_at(i);
      } else if (c == '\\' && i + 1 < s.size()) {  // an escaped quote never ends the string, raw or not
        ++i;
        if (s[i] == '\n') newline_at(i);
        else if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') { ++i; newline_at(i); }
      }
      ++i;
    }
    std::string body = s.substr(start, i - start);
    i += triple ? 3 : 1;
    return body;
  }

  /// f-string body (or a format spec when `spec`): literal text and fields into `parts`. Stops at
  /// the closing quote (not consumed) or, in a spec, at the field's closing '}' (not consumed).
  void fparts(char q, bool triple, bool raw, std::vector<FPart>& parts, bool spec, Location l) {
    std::string lit;
    auto flush = [&] {
      if (lit.empty()) return;
      FPart p;
      p.text = raw ? lit : decode_escapes(lit, false);
      parts.push_back(std::move(p));
      lit.clear();
    };
    while (true) {
      if (i >= s.size()) throw CompileError(l, "unterminated string literal");
      char c = s[i];
      if (at_close(q, triple)) {
        if (spec) fail("f-string: expecting '}'");
        flush();
        return;
      }
      if (c == '\n') {
        if (!triple) throw CompileError(l, "unterminated string literal");
        newline_at(i);
      }
      if (c == '\\' && i + 1 < s.size() && s[i + 1] != '{' && s[i + 1] != '}') {
        lit += c;
        lit += s[i + 1];
        if (s[i + 1] == '\n') newline_at(i + 1);
        i += 2;
        if (!raw && s[i - 1] == 'N' && i < s.size() && s[i] == '{') {  // `\N{NAME}` is not a field
          while (i < s.size() && s[i] != '}' && !at_close(q, triple)) lit += s[i++];
          if (i < s.size() && s[i] == '}') lit += s[i++];
        }
        continue;
      }
      if (c == '{') {
        if (!spec && i + 1 < s.size() && s[i + 1] == '{') { lit += '{'; i += 2; continue; }
        flush();
        field(q, triple, raw, parts, l);
        continue;
      }
      if (c == '}') {
        if (spec) { flush(); return; }
        if (i + 1 < s.size() && s[i + 1] == '}') { lit += '}'; i += 2; continue; }
        fail("f-string: single '}' is not allowed");
      }
      lit += c;
      ++i;
    }
  }

  /// A replacement field from its '{' to after its '}'.
  void field(char q, bool triple, bool raw, std::vector<FPart>& parts, Location l) {
    ++i;
    FPart f;
    f.field = true;
    f.loc = here();
    size_t start = i;
    int paren = 0;
    size_t expr_end = std::string::npos;
    while (true) {
      if (i >= s.size()) throw CompileError(l, "unterminated string literal");
      char c = s[i];
      if (c == '\'' || c == '"') {  // a nested string (PEP 701: any quote); its prefix precedes it
        size_t k = i;
        while (k > start && ident_char(static_cast<unsigned char>(s[k - 1]))) --k;
        std::string w = s.substr(k, i - k);
        string_literal(is_prefix(w) ? w : "", nullptr);
        continue;
      }
      if (c == '\n') { newline_at(i); ++i; continue; }
      if (c == '#') fail("f-string expression part cannot include '#'");
      if (c == '(' || c == '[' || c == '{') ++paren;
      else if (c == ')' || c == ']') --paren;
      else if (c == '}') {
        if (paren > 0) { --paren; ++i; continue; }
        break;
      } else if (paren == 0) {
        char n = i + 1 < s.size() ? s[i + 1] : '\0';
        char b = i > start ? s[i - 1] : '\0';
        if (c == '!' && n != '=') break;
        if (c == ':') break;
        if (c == '=' && n != '=' && !std::strchr("=!<>", b)) {  // `{x=}`: self-documenting
          expr_end = i;
          ++i;
          while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
          f.debug = s.substr(start, i - start);
          break;
        }
      }
      ++i;
    }
    f.text = s.substr(start, (expr_end == std::string::npos ? i : expr_end) - start);
    if (f.text.find_first_not_of(" \t\n\r") == std::string::npos) fail("f-string: valid expression required before '}'");
    if (s[i] == '!') {
      ++i;
      if (i >= s.size() || !std::strchr("rsa", s[i])) fail("f-string: invalid conversion character");
      f.conv = s[i++];
    }
    if (i < s.size() && s[i] == ':') {
      ++i;
      f.has_spec = true;
      fparts(q, triple, raw, f.spec, true, l);
    }
    if (i >= s.size() || s[i] != '}') fail("f-string: expecting '}'");
    ++i;
    parts.push_back(std::move(f));
  }

  /// A string literal whose prefix `w` was just read and whose quote is at s[i]. With `tok`, fills it.
  void string_literal(const std::string& w, Token* tok) {
    Location l = at(i - w.size());
    char q = s[i];
    bool triple = i + 2 < s.size() && s[i + 1] == q && s[i + 2] == q;
    bool raw = w.find_first_of("rR") != std::string::npos;
    bool f = w.find_first_of("fF") != std::string::npos;
    bool b = w.find_first_of("bB") != std::string::npos;
    i += triple ? 3 : 1;
    if (f) {
      std::vector<FPart> parts;
      fparts(q, triple, raw, parts, false, l);
      i += triple ? 3 : 1;
      if (tok) { tok->fstring = true; tok->fparts = std::move(parts); }
    } else {
      std::string body = plain_body(q, triple, l);
      if (tok) tok->text = raw ? body : decode_escapes(body, b);
    }
    if (tok) { tok->kind = Tok::String; tok->loc = l; tok->bytes = b; }
  }

  void number() {
    Location l = here();
    size_t j = i;
    bool flt = false;
    auto digits = [&](auto ok) { while (j < s.size() && (ok(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j; };
    char c1 = j + 1 < s.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(s[j + 1]))) : '\0';
    if (s[j] == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
      j += 2;
      digits([](unsigned char c) { return std::isxdigit(c) != 0; });
    } else {
      auto dec = [](unsigned char c) { return std::isdigit(c) != 0; };
      digits(dec);
      if (j < s.size() && s[j] == '.') { flt = true; ++j; digits(dec); }
      if (j < s.size() && (s[j] == 'e' || s[j] == 'E') && j + 1 < s.size() &&
          (std::isdigit(static_cast<unsigned char>(s[j + 1])) ||
           ((s[j + 1] == '+' || s[j + 1] == '-') && j + 2 < s.size() && std::isdigit(static_cast<unsigned char>(s[j + 2]))))) {
        flt = true;
        j += 2;
        digits(dec);
      }
      if (j < s.size() && (s[j] == 'j' || s[j] == 'J')) { flt = true; ++j; }
    }
    std::string num;
    for (size_t k = i; k < j; ++k) if (s[k] != '_') num += static_cast<char>(std::tolower(static_cast<unsigned char>(s[k])));
    i = j;
    if (i < s.size() && ident_char(static_cast<unsigned char>(s[i]))) {  // `1abc`; `1if x else 2` is fine
      size_t k = i;
      while (k < s.size() && ident_char(static_cast<unsigned char>(s[k]))) ++k;
      std::string w = s.substr(i, k - i);
      bool kw = false;
      for (const char* x : {"and", "or", "if", "else", "in", "is", "not", "for"})
        kw = kw || w == x;
      if (!kw) throw CompileError(l, "invalid decimal literal");
    }
    push(flt ? Tok::Float : Tok::Int, num, l);
  }

  void run() {
    bool at_line_start = true;
    while (i < s.size()) {
      if (at_line_start && depth == 0) {
        int col = 0;
        size_t j = i;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) {
          if (s[j] == '\t') col = (col / 8 + 1) * 8;
          else if (s[j] == ' ') ++col;
          else col = 0;
          ++j;
        }
        if (j >= s.size()) { i = j; break; }
        if (s[j] == '\n' || s[j] == '#' || s[j] == '\r' ||
            (s[j] == '\\' && j + 1 < s.size() && (s[j + 1] == '\n' || s[j + 1] == '\r'))) {  // blank line
          if (s[j] == '\\') { i = j; at_line_start = false; continue; }
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
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') { ++i; continue; }
      if (c == '\\') {  // explicit line joining
        size_t j = i + 1;
        if (j < s.size() && s[j] == '\r') ++j;
        if (j < s.size() && s[j] == '\n') { i = j + 1; newline_at(j); continue; }
        if (j >= s.size()) { i = j; continue; }
        fail("unexpected character after line continuation character");
      }
      if (c == '\n') {
        if (depth == 0) { push(Tok::Newline, "", here()); at_line_start = true; }
        newline_at(i);
        ++i;
        continue;
      }
      if (ident_start(static_cast<unsigned char>(c))) {
        size_t j = i;
        while (j < s.size() && ident_char(static_cast<unsigned char>(s[j]))) ++j;
        std::string w = s.substr(i, j - i);
        if (j < s.size() && (s[j] == '"' || s[j] == '\'') && is_prefix(w)) {
          i = j;
          Token t;
          string_literal(w, &t);
          out.push_back(std::move(t));
          continue;
        }
        push(Tok::Name, w, here());
        i = j;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
        number();
        continue;
      }
      if (c == '"' || c == '\'') {
        Token t;
        string_literal("", &t);
        out.push_back(std::move(t));
        continue;
      }
      Location l = here();
      for (const char** ops : {kOps3, kOps2}) {
        for (int k = 0; ops[k]; ++k) {
          size_t n = std::char_traits<char>::length(ops[k]);
          if (s.compare(i, n, ops[k]) == 0) { push(Tok::Op, ops[k], l); i += n; goto next; }
        }
      }
      if (std::strchr("()[]{}:,.;@=+-*/%<>&|^~!", c) && c != '\0') {
        if (c == '(' || c == '[' || c == '{') { ++depth; brackets.push_back({c, l}); }
        if (c == ')' || c == ']' || c == '}') {
          if (brackets.empty()) fail(std::string("unmatched '") + c + "'");
          char open = brackets.back().first;
          if ((open == '(') != (c == ')') || (open == '[') != (c == ']'))
            fail(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open + "'");
          brackets.pop_back();
          --depth;
        }
        push(Tok::Op, std::string(1, c), l);
        ++i;
        continue;
      }
      fail(std::string("invalid character '") + c + "' in source");
    next:;
    }
    if (!out.empty() && out.back().kind != Tok::Newline) push(Tok::Newline, "", here());
    while (indents.size() > 1) { indents.pop_back(); push(Tok::Dedent, "", here()); }
    // an unclosed bracket: the End token carries the error, which the parser reports when it fails
    // at the end of the file (a syntax error before it comes first, as in CPython)
    if (!brackets.empty())
      push(Tok::End, std::string("'") + brackets.back().first + "' was never closed", brackets.back().second);
    else
      push(Tok::End, "", here());
  }
};

}  // namespace

std::string decode_escapes(std::string_view s, bool bytes) {
  std::string out;
  out.reserve(s.size());
  auto hex = [&](size_t at, size_t n, unsigned long& v) {
    if (at + n > s.size()) return false;
    v = 0;
    for (size_t k = 0; k < n; ++k) {
      char c = s[at + k];
      if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
      v = v * 16 + static_cast<unsigned long>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10));
    }
    return true;
  };
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) { out += s[i]; continue; }
    char n = s[++i];
    unsigned long v = 0;
    switch (n) {
      case '\n': break;
      case '\r': if (i + 1 < s.size() && s[i + 1] == '\n') ++i; break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x':
        if (hex(i + 1, 2, v)) { i += 2; if (bytes) out += static_cast<char>(v); else utf8(out, v); }
        else { out += '\\'; out += n; }
        break;
      case 'u': case 'U': {
        size_t len = n == 'u' ? 4 : 8;
        if (!bytes && hex(i + 1, len, v) && v <= 0x10FFFF) { i += len; utf8(out, v); }
        else { out += '\\'; out += n; }
        break;
      }
      default:
        if (n >= '0' && n <= '7') {
          v = static_cast<unsigned long>(n - '0');
          for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k) v = v * 8 + static_cast<unsigned long>(s[++i] - '0');
          if (bytes) out += static_cast<char>(v & 0xFF); else utf8(out, v);
        } else {
          out += '\\';
          out += n;
        }
    }
  }
  return out;
}

/// PEP 263: a comment on line 1, or on line 2 below a comment-only line, matching `coding[:=]\s*([-\w.]+)` names
/// the file's encoding; a name Python's codecs do not know makes the file a SyntaxError before any of it runs
/// ("unknown encoding: bicubic": a docstring-like comment `# ... interpolation encoding: bicubic` on line 2)
void check_coding_cookie(const std::string& source) {
  static const char* const kCodecs[] = {
      "utf_8", "utf8", "u8", "utf", "cp65001", "utf_8_sig", "latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1",
      "8859", "cp819", "ascii", "us_ascii", "646", "utf_16", "utf16", "utf_16_le", "utf_16_be", "utf_32", "utf32",
      "utf_7", "cp1252", "windows_1252", "cp1251", "windows_1251", "cp1250", "windows_1250", "cp437", "cp850", "cp866",
      "iso_8859_2", "iso_8859_5", "iso_8859_7", "iso_8859_9", "iso_8859_15", "iso8859_15", "koi8_r", "koi8_u",
      "mac_roman", "macroman", "gbk", "gb2312", "gb18030", "big5", "cp936", "cp950", "shift_jis", "sjis", "cp932",
      "euc_jp", "euc_kr", "cp949", "iso2022_jp", "hz", "raw_unicode_escape", "unicode_escape", nullptr};
  size_t pos = 0;
  for (int line = 1; line <= 2 && pos <= source.size(); ++line) {
    size_t end = source.find('\n', pos);
    std::string text = source.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (line == 1 && text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
    size_t k = text.find_first_not_of(" \t\f\r");
    if (k == std::string::npos) { if (end == std::string::npos) return; pos = end + 1; continue; }  // blank: on to line 2
    if (text[k] != '#') return;  // code: no declaration below it counts
    for (size_t c = text.find("coding", k); c != std::string::npos; c = text.find("coding", c + 1)) {
      size_t v = c + 6;
      if (v >= text.size() || (text[v] != ':' && text[v] != '=')) continue;
      ++v;
      while (v < text.size() && (text[v] == ' ' || text[v] == '\t')) ++v;
      std::string name;
      while (v < text.size() && (std::isalnum(static_cast<unsigned char>(text[v])) || text[v] == '-' || text[v] == '_' || text[v] == '.'))
        name += text[v++];
      if (name.empty()) continue;
      std::string norm;
      for (char ch : name) norm += ch == '-' || ch == '.' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      for (const char* const* p = kCodecs; *p; ++p) if (norm == *p) return;
      throw CompileError(Location{line, static_cast<int>(c), 0}, "SyntaxError: unknown encoding: " + name +
                                                                    " (a coding declaration, PEP 263: Python refuses the file)");
    }
    if (end == std::string::npos) return;
    pos = end + 1;
  }
}

std::vector<Token> lex(const std::string& source) {
  check_coding_cookie(source);
  // CPython reads source with universal newlines: `\r\n` and a lone `\r` are `\n` before tokenizing, so a backslash
  // at the end of a CRLF line continues a string, f-strings' included (pathformer's Embedding.py)
  std::string text;
  const std::string* src = &source;
  if (source.find('\r') != std::string::npos) {
    text.reserve(source.size());
    for (size_t i = 0; i < source.size(); ++i) {
      if (source[i] != '\r') { text += source[i]; continue; }
      text += '\n';
      if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
    }
    src = &text;
  }
  Lexer lx{*src, 0, 1, 0, 0, {0}, {}, {}};
  lx.run();
  return std::move(lx.out);
}

}  // namespace tparse::compiler
