// HTML helpers: escaping (UTF-8 validated), formatting, the shared page frame.
#include "html.hpp"

#include <cstdint>
#include <cstring>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include <fmt/format.h>

#include <functional>

#include "core/read/utf8.hpp"

namespace tparse::report {

namespace {

const char* kCss = R"CSS(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
header{background:#22303c;color:#fff;padding:10px 20px}header a{color:#cfe3ff;margin-right:14px}
main{padding:12px 20px;max-width:1400px}h1{font-size:20px;margin:6px 0}h2{font-size:17px;margin:22px 0 8px;border-bottom:1px solid #d5d9de}
table{border-collapse:collapse;background:#fff;margin:6px 0}td,th{border:1px solid #dde1e5;padding:3px 7px;vertical-align:top;text-align:left}
th{background:#eef1f4}pre{background:#fff;border:1px solid #dde1e5;padding:8px;overflow:auto;font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace;max-height:720px}
code{font:12.5px ui-monospace,Menlo,Consolas,monospace}.band{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}
.card{background:#fff;border:1px solid #dde1e5;border-radius:6px;padding:6px 12px;min-width:96px}.card b{display:block;font-size:20px}
.card.bad b{color:#b3261e}.card.warn b{color:#a15c00}.note{background:#fff7e0;border:1px solid #f0d48a;padding:8px 12px;border-radius:6px;margin:8px 0}
.alert{background:#fdecea;border:1px solid #f1aea8;padding:8px 12px;border-radius:6px;margin:8px 0}.ok{color:#1b7f3b}.bad{color:#b3261e}.muted{color:#69737d}
.chain span.arrow{color:#69737d;margin:0 4px}.flag{background:#b3261e;color:#fff;border-radius:4px;padding:0 5px;font-size:12px}
.hit{color:#1b7f3b}.miss{color:#b3261e}.bypass{color:#a15c00}details>summary{cursor:pointer}
ul.trie{list-style:none;padding-left:16px;margin:0}ul.trie li{margin:1px 0}
.kw{color:#7a1fa2;font-weight:600}.str{color:#0b7a32}.com{color:#6b7a86;font-style:italic}.num{color:#1750a8}.fn{color:#8a4b00}
.tl{background:#fff;border:1px solid #dde1e5}.tl text{font:11px sans-serif}img.graph{max-width:100%;background:#fff;border:1px solid #dde1e5}
input.filter{margin:4px 0;padding:3px 6px;width:320px}
)CSS";

// Filters the rows of the table right after an <input class=filter data-table=ID>; reloads a page
// that still shows a drawing placeholder (the report's background drawer fills it in).
const char* kJs = R"JS(
document.querySelectorAll('input.filter').forEach(function(inp){
  inp.addEventListener('input',function(){
    var t=document.getElementById(inp.getAttribute('data-table'));if(!t)return;
    var q=inp.value.toLowerCase();
    t.querySelectorAll('tbody tr').forEach(function(r){r.style.display=r.textContent.toLowerCase().indexOf(q)>=0?'':'none';});
  });
});
if(document.querySelector('[data-tparse-pending]'))setTimeout(function(){location.reload();},1500);
)JS";

}  // namespace

namespace {

/// 1 for bytes that need work in esc_to (markup, controls, DEL, non-ASCII), 0 for plain bytes.
struct EscTable {
  bool special[256] = {};
  constexpr EscTable() {
    for (int c = 0; c < 256; ++c)
      special[c] = c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' || (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f;
  }
};
constexpr EscTable kEsc;

/// The first byte at or after `i` that kEsc marks special (n when none).
inline size_t plain_run_end(const char* p, size_t i, size_t n) {
#ifdef __AVX2__
  // 32 bytes at a time: special = signed < 0x20 (controls and every byte >= 0x80) except TAB and
  // LF, or DEL, or one of & < > " '.
  const __m256i space = _mm256_set1_epi8(0x20), tab = _mm256_set1_epi8('\t'), lf = _mm256_set1_epi8('\n'),
                del = _mm256_set1_epi8(0x7f), amp = _mm256_set1_epi8('&'), lt = _mm256_set1_epi8('<'),
                gt = _mm256_set1_epi8('>'), quot = _mm256_set1_epi8('"'), apos = _mm256_set1_epi8('\'');
  for (; i + 32 <= n; i += 32) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
    __m256i low = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, tab), _mm256_cmpeq_epi8(v, lf)),
                                      _mm256_cmpgt_epi8(space, v));
    __m256i mark = _mm256_or_si256(
        _mm256_or_si256(low, _mm256_or_si256(_mm256_cmpeq_epi8(v, del), _mm256_cmpeq_epi8(v, amp))),
        _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, lt), _mm256_cmpeq_epi8(v, gt)),
                        _mm256_or_si256(_mm256_cmpeq_epi8(v, quot), _mm256_cmpeq_epi8(v, apos))));
    auto bits = static_cast<uint32_t>(_mm256_movemask_epi8(mark));
    if (bits) return i + static_cast<size_t>(__builtin_ctz(bits));
  }
#endif
  while (i < n && !kEsc.special[static_cast<unsigned char>(p[i])]) ++i;
  return i;
}

}  // namespace

void esc_to(std::string& out, std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    size_t run = plain_run_end(p, i, n);
    out.append(p + i, run - i);
    if (run >= n) break;
    i = run;
    char c = p[i];
    auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '&': out += "&amp;"; ++i; continue;
      case '<': out += "&lt;"; ++i; continue;
      case '>': out += "&gt;"; ++i; continue;
      case '"': out += "&quot;"; ++i; continue;
      case '\'': out += "&#39;"; ++i; continue;
      default: break;
    }
    if (u < 0x80) {  // control or DEL
      out.push_back('?');
      ++i;
      continue;
    }
    bool ok;
    size_t len = utf8_step(s, i, ok);  // Unicode's well-formed table; a bad subpart is one U+FFFD
    if (ok) out.append(p + i, len);
    else out += kReplacementChar;
    i += len;
  }
}

std::string esc(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 16);
  esc_to(out, s);
  return out;
}

std::string fmt_seconds(double s) {
  if (s < 0) return "-";
  if (s < 1) return fmt::format("{:.0f} ms", s * 1000);
  return fmt::format("{:.2f} s", s);
}

std::string fmt_bytes(uint64_t b) {
  if (b >= (1u << 20)) return fmt::format("{:.1f} MB", static_cast<double>(b) / (1 << 20));
  if (b >= 1024) return fmt::format("{:.0f} KB", static_cast<double>(b) / 1024);
  return fmt::format("{} B", b);
}

std::string safe_component(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (out.size() >= 80) break;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    out.push_back(ok ? c : '_');
  }
  while (!out.empty() && out.front() == '.') out.front() = '_';
  if (out.empty()) out = "_";
  return out;
}

namespace {

uint64_t load8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
uint64_t shift_mix(uint64_t v) { return v ^ (v >> 47); }

// libstdc++'s 64-bit std::_Hash_bytes (MurmurHash64A-style) for two seeds in one pass: the same
// values as two _Hash_bytes calls (so the same file names), with the two multiply chains
// interleaved and the input read once (about 1.8x faster on large payloads).
void hash_bytes2(const char* buf, size_t len, uint64_t seed1, uint64_t seed2, uint64_t& out1, uint64_t& out2) {
  constexpr uint64_t mul = (uint64_t{0xc6a4a793u} << 32) + 0x5bd1e995u;
  const char* const end = buf + (len & ~size_t{7});
  uint64_t h1 = seed1 ^ (len * mul), h2 = seed2 ^ (len * mul);
  for (const char* p = buf; p != end; p += 8) {
    const uint64_t data = shift_mix(load8(p) * mul) * mul;
    h1 = (h1 ^ data) * mul;
    h2 = (h2 ^ data) * mul;
  }
  if ((len & 7) != 0) {
    uint64_t data = 0;
    for (int n = static_cast<int>(len & 7) - 1; n >= 0; --n) data = (data << 8) + static_cast<unsigned char>(end[n]);
    h1 = (h1 ^ data) * mul;
    h2 = (h2 ^ data) * mul;
  }
  out1 = shift_mix(shift_mix(h1) * mul);
  out2 = shift_mix(shift_mix(h2) * mul);
}

}  // namespace

std::string content_hash(std::string_view s) {
  // Two 64-bit hashes with different seeds (libstdc++'s word-at-a-time murmur), plus the length.
  uint64_t a = 0, b = 0;
  hash_bytes2(s.data(), s.size(), 0xc70f6907u, 0x9e3779b9u, a, b);
  b ^= s.size();
  return fmt::format("{:016x}{:016x}", a, b);
}

std::string page_begin(std::string_view title, std::string_view root) {
  std::string r(root);
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
  esc_to(out, title);
  out += "</title>\n<style>";
  out += kCss;
  out += "</style></head><body>\n<header><a href=\"" + r + "index.html\">tparse report</a><a href=\"" + r +
         "compiles.html\">compiles</a><a href=\"" + r + "timeline.html\">timeline</a><a href=\"" + r +
         "summary.json\">summary.json</a></header>\n<main>\n";
  return out;
}

std::string page_end(std::string_view extra_js) {
  return std::string("</main>\n<script>") + kJs + std::string(extra_js) + "</script>\n</body></html>\n";
}

std::string link(std::string_view href, std::string_view text) {
  std::string out = "<a href=\"";
  esc_to(out, href);
  out += "\">";
  esc_to(out, text);
  out += "</a>";
  return out;
}

}  // namespace tparse::report
