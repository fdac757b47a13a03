// One-pass Python highlighter (see highlight.hpp).
#include "highlight.hpp"

#include <array>
#include <cctype>

#include "html.hpp"

namespace tparse::report {

namespace {

bool is_kw(std::string_view w) {
  static constexpr std::array<std::string_view, 35> k = {
      "False", "None",   "True",  "and",    "as",       "assert", "async", "await",  "break",
      "class", "continue", "def", "del",    "elif",     "else",   "except", "finally", "for",
      "from",  "global", "if",    "import", "in",       "is",     "lambda", "nonlocal", "not",
      "or",    "pass",   "raise", "return", "try",      "while",  "with",  "yield"};
  // Hot (every identifier of every highlighted payload): most identifiers are rejected by length
  // or first letter before any comparison.
  struct Filter {
    bool first[256] = {};
    constexpr Filter() {
      for (auto x : k) first[static_cast<unsigned char>(x[0])] = true;
    }
  };
  static constexpr Filter f;
  if (w.size() < 2 || w.size() > 8 || !f.first[static_cast<unsigned char>(w[0])]) return false;
  for (auto x : k)
    if (x == w) return true;
  return false;
}

constexpr bool digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
constexpr bool ident(char c) { return ident_start(c) || digit(c); }

/// `open`: the whole opening tag (`<span class="kw">`), one append.
void span(std::string& out, std::string_view open, std::string_view text) {
  out += open;
  esc_to(out, text);
  out += "</span>";
}
/// The same for a token of identifier characters, digits and '.', which never need escaping.
void span_plain(std::string& out, std::string_view open, std::string_view text) {
  out += open;
  out += text;
  out += "</span>";
}
constexpr std::string_view kCom = "<span class=\"com\">", kStr = "<span class=\"str\">", kKw = "<span class=\"kw\">",
                           kFn = "<span class=\"fn\">", kNum = "<span class=\"num\">";

/// Bytes that can start a token (identifier start, digit, '#', quotes): the plain-run skip stops
/// only at these.
struct TokenStart {
  bool at[256] = {};
  constexpr TokenStart() {
    for (int c = 0; c < 256; ++c)
      at[c] = ident_start(static_cast<char>(c)) || digit(static_cast<char>(c)) || c == '#' || c == '"' || c == '\'';
  }
};
constexpr TokenStart kStart;

}  // namespace

void highlight_python(std::string& out, std::string_view s) {
  out.reserve(out.size() + s.size() + s.size() / 2);
  size_t i = 0, plain = 0;
  auto flush = [&](size_t upto) {
    if (upto > plain) esc_to(out, s.substr(plain, upto - plain));
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '#') {
      size_t e = s.find('\n', i);
      if (e == std::string_view::npos) e = s.size();
      flush(i);
      span(out, kCom, s.substr(i, e - i));
      i = plain = e;
    } else if (c == '"' || c == '\'') {
      size_t e;
      const char triple[4] = {c, c, c, 0};
      if (s.substr(i, 3) == std::string_view(triple, 3)) {
        e = s.find(std::string_view(triple, 3), i + 3);
        e = e == std::string_view::npos ? s.size() : e + 3;
      } else {
        e = i + 1;
        while (e < s.size() && s[e] != c && s[e] != '\n') e += s[e] == '\\' ? 2 : 1;
        e = std::min(s.size(), e + 1);
      }
      flush(i);
      span(out, kStr, s.substr(i, e - i));
      i = plain = e;
    } else if (ident_start(c) && (i == 0 || !ident(s[i - 1]))) {
      size_t e = i;
      while (e < s.size() && ident(s[e])) ++e;
      std::string_view w = s.substr(i, e - i);
      if (is_kw(w)) {
        flush(i);
        span_plain(out, kKw, w);
        plain = e;
      } else if (e < s.size() && s[e] == '(') {
        flush(i);
        span_plain(out, kFn, w);
        plain = e;
      }
      i = e;
    } else if (digit(c) && (i == 0 || !ident(s[i - 1]))) {
      size_t e = i;
      while (e < s.size() && (ident(s[e]) || s[e] == '.')) ++e;
      flush(i);
      span_plain(out, kNum, s.substr(i, e - i));
      i = plain = e;
    } else {
      ++i;
      // Skip a plain run quickly: nothing but these can start a token.
      while (i < s.size() && !kStart.at[static_cast<unsigned char>(s[i])]) ++i;
    }
  }
  flush(s.size());
}

}  // namespace tparse::report
