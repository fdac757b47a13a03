// Python's str over tparse's UTF-8 text (unicode.cpp): code points for len / iteration / indexing, Unicode's general
// categories (unicodedata.category, str.isprintable), repr() / ascii() escapes and str.splitlines' line boundaries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tparse::compiler {

/// The byte offset of each code point, then the size (n + 1 entries); empty for ASCII text, where a code point is a byte.
std::vector<size_t> utf8_starts(const std::string& s);
/// len() of a str: its code points
size_t utf8_len(const std::string& s);
/// A str's characters (code points), each as its UTF-8 text: iteration, indexing, slicing
std::vector<std::string> utf8_chars(const std::string& s);
/// The code point of a character's UTF-8 text (its first one)
uint32_t utf8_code_point(const std::string& c);
/// unicodedata.category of a code point: "Lu", "Po", ...; "Cn" when unassigned
const char* unicode_category(uint32_t cp);
/// repr() of a str as CPython writes it (quotes, backslash escapes, non-printable characters as \x / \u / \U);
/// `ascii_only`: ascii()'s, every non-ASCII character escaped
std::string str_repr(const std::string& s, bool ascii_only = false);
/// repr() of a bytes object: b'...' with printable ASCII as is and \t \n \r \xNN escapes
std::string bytes_repr(const std::string& b);
/// `b.decode('utf-8', errors='replace')`: each invalid sequence one U+FFFD (its maximal valid prefix, as CPython);
/// `valid` tells whether there was none (errors='strict' raises then)
std::string utf8_decode_replace(const std::string& b, bool& valid);
/// str.splitlines(keepends): CPython's line boundaries (\n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, U+2028, U+2029)
std::vector<std::string> str_splitlines(const std::string& s, bool keepends);

}  // namespace tparse::compiler
