// UTF-8 validation per the Unicode Standard (Table 3-7, well-formed byte sequences) and repair:
// every maximal ill-formed subpart becomes one U+FFFD, the practice Unicode recommends and that
// Python's bytes.decode("utf-8", "replace") follows. Every writer of text from a trace (JSON,
// HTML, terminal) goes through here, so overlong forms, surrogates, code points above U+10FFFF
// and F5..FF bytes never reach output.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tparse {

/// At s[i] (which must be < s.size()): the length of the well-formed sequence there (1..4, with
/// `valid` true), or the length of the maximal ill-formed subpart to replace by one U+FFFD
/// (1..3, `valid` false).
size_t utf8_step(std::string_view s, size_t i, bool& valid);

/// True when all of s is well-formed UTF-8.
bool utf8_valid(std::string_view s);

/// s with each maximal ill-formed subpart replaced by U+FFFD (EF BF BD); valid text unchanged.
std::string utf8_repair(std::string_view s);

inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

}  // namespace tparse
