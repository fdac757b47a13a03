// UTF-8 validation and repair; see utf8.hpp.
#include "utf8.hpp"

namespace tparse {

namespace {

// Unicode Table 3-7: for a lead byte, its sequence length and the allowed range of the SECOND
// byte (later bytes are always 80..BF). Lead bytes C0, C1 and F5..FF never occur.
struct Lead {
  unsigned char len, lo, hi;
};

Lead lead_of(unsigned char c) {
  if (c >= 0xC2 && c <= 0xDF) return {2, 0x80, 0xBF};
  if (c == 0xE0) return {3, 0xA0, 0xBF};  // no overlongs
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return {3, 0x80, 0xBF};
  if (c == 0xED) return {3, 0x80, 0x9F};  // no surrogates D800..DFFF
  if (c == 0xF0) return {4, 0x90, 0xBF};  // no overlongs
  if (c >= 0xF1 && c <= 0xF3) return {4, 0x80, 0xBF};
  if (c == 0xF4) return {4, 0x80, 0x8F};  // nothing above U+10FFFF
  return {0, 0, 0};
}

}  // namespace

size_t utf8_step(std::string_view s, size_t i, bool& valid) {
  auto c = static_cast<unsigned char>(s[i]);
  valid = true;
  if (c < 0x80) return 1;
  Lead l = lead_of(c);
  valid = false;
  if (l.len == 0) return 1;
  size_t k = 1;
  for (; k < l.len; ++k) {
    if (i + k >= s.size()) return k;  // cut short: the subpart so far is one U+FFFD
    auto b = static_cast<unsigned char>(s[i + k]);
    bool ok = k == 1 ? (b >= l.lo && b <= l.hi) : (b >= 0x80 && b <= 0xBF);
    if (!ok) return k;
  }
  valid = true;
  return k;
}

bool utf8_valid(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    bool ok;
    i += utf8_step(s, i, ok);
    if (!ok) return false;
  }
  return true;
}

std::string utf8_repair(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    bool ok;
    size_t n = utf8_step(s, i, ok);
    if (ok) out.append(s.substr(i, n));
    else out.append(kReplacementChar);
    i += n;
  }
  return out;
}

}  // namespace tparse
