// Hand-written glog prefix scanner; see prefix.hpp.
#include "prefix.hpp"

namespace tparse {
namespace {

bool digits(std::string_view s, size_t pos, size_t n, uint64_t& v) {
  if (pos + n > s.size()) return false;
  v = 0;
  for (size_t i = 0; i < n; ++i) {
    char c = s[pos + i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return true;
}

}  // namespace

size_t rank_tag(std::string_view s, int32_t& rank) {
  if (s.size() < 8 || s.substr(0, 5) != "[rank") return 0;
  size_t q = 5;
  uint64_t r = 0;
  while (q < s.size() && s[q] >= '0' && s[q] <= '9' && q - 5 < 9) r = r * 10 + static_cast<uint64_t>(s[q++] - '0');
  if (q == 5 || q + 1 >= s.size() || s[q] != ']' || s[q + 1] != ':') return 0;
  rank = static_cast<int32_t>(r);
  return q + 2;
}

bool parse_prefix(std::string_view s, Prefix& out) {
  out = Prefix{};
  size_t p = 0;
  if (s.size() > 6 && s[0] == '[') {
    p = rank_tag(s, out.rank);
    if (p == 0) return false;
    while (p < s.size() && s[p] == ' ') ++p;
  }
  if (p >= s.size()) return false;
  char lv = s[p];
  if (lv != 'V' && lv != 'I' && lv != 'W' && lv != 'E' && lv != 'C') return false;
  out.level = lv;
  uint64_t mm, dd, hh, mi, ss, us;
  if (!digits(s, p + 1, 2, mm) || !digits(s, p + 3, 2, dd)) return false;
  p += 5;
  if (p >= s.size() || s[p] != ' ') return false;
  ++p;
  if (!digits(s, p, 2, hh) || p + 2 >= s.size() || s[p + 2] != ':' || !digits(s, p + 3, 2, mi) ||
      p + 5 >= s.size() || s[p + 5] != ':' || !digits(s, p + 6, 2, ss) || p + 8 >= s.size() ||
      s[p + 8] != '.' || !digits(s, p + 9, 6, us))
    return false;
  out.month = static_cast<uint32_t>(mm);
  out.day = static_cast<uint32_t>(dd);
  out.micros_of_day = ((hh * 60 + mi) * 60 + ss) * 1000000 + us;
  p += 15;
  if (p >= s.size() || s[p] != ' ') return false;
  while (p < s.size() && s[p] == ' ') ++p;
  uint64_t pid = 0;
  size_t d0 = p;
  while (p < s.size() && s[p] >= '0' && s[p] <= '9') {
    if (p - d0 < 20) pid = pid * 10 + static_cast<uint64_t>(s[p] - '0');
    ++p;
  }
  if (p == d0 || p >= s.size() || s[p] != ' ') return false;
  out.pid = pid;
  ++p;
  // emitter "path:line] " — the path holds no ']'.
  size_t close = s.find("] ", p);
  if (close == std::string_view::npos) return false;
  out.emitter = s.substr(p, close - p);
  if (out.emitter.find(':') == std::string_view::npos) return false;
  out.json = s.substr(close + 2);
  return true;
}

}  // namespace tparse
