// UTF-8 repair against Python's bytes.decode("utf-8", "replace") on edge cases and thousands of
// random byte strings (python3 runs once over all of them), plus the JSON and terminal writers.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "core/json_writer.hpp"
#include "core/model/summary.hpp"
#include "utf8.hpp"

using namespace tparse;

namespace {

const std::string R = "\xEF\xBF\xBD";

std::string hex(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    out.push_back("0123456789abcdef"[c >> 4]);
    out.push_back("0123456789abcdef"[c & 15]);
  }
  return out;
}

std::string json_of(std::string_view s) {
  std::string out;
  json_escape(out, s);
  return out;
}

// Edge cases: every lead byte alone and with each interesting continuation, truncations,
// overlongs, surrogates, > U+10FFFF, and a few well-formed sequences at each length.
std::vector<std::string> edge_cases() {
  std::vector<std::string> v = {"",         "a",           "\xC2\xA9",         "\xE2\x82\xAC",     "\xF0\x9F\x98\x80",
                                "\xE0\x80\x9D", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\xAF",         "\xC1\xBF",
                                "\xF8\x88\x80\x80\x80", "\xFF\xFE", "\xE2\x82",    "\xF0\x9F\x98",     "\xED\x9F\xBF",
                                "\xEE\x80\x80", "\xF4\x8F\xBF\xBF", "\xF0\x8F\xBF\xBF", "\x80\x80",  "a\xE2\x82\xAC" "b\xE2"};
  const unsigned char seconds[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
  for (int lead = 0x80; lead <= 0xFF; ++lead) {
    v.push_back(std::string(1, static_cast<char>(lead)));
    for (unsigned char b : seconds) {
      std::string s{static_cast<char>(lead), static_cast<char>(b)};
      v.push_back(s);
      v.push_back(s + "\x80");
      v.push_back(s + "\x80\x80");
      v.push_back(s + "\xBF\xBFz");
    }
  }
  return v;
}

}  // namespace

TEST_CASE("issue 13.3 examples: overlong, surrogate, above U+10FFFF, F8..FF leads") {
  CHECK(utf8_repair("\xE0\x80\x9D") == R + R + R);
  CHECK(utf8_repair("\xED\xA0\x80") == R + R + R);
  CHECK(utf8_repair("\xF4\x90\x80\x80") == R + R + R + R);
  CHECK(utf8_repair("\xF8\x88\x80\x80\x80") == R + R + R + R + R);
  CHECK(utf8_repair("caf\xC3\xA9 \xF0\x9F\x98\x80") == "caf\xC3\xA9 \xF0\x9F\x98\x80");
  CHECK_FALSE(utf8_valid("\xED\xA0\x80"));
  CHECK(json_of("x\xE0\x80\x9D") == "\"x\\ufffd\\ufffd\\ufffd\"");
  CHECK(terminal_safe("\xF4\x90\x80\x80!") == R + R + R + R + "!");
}

TEST_CASE("repair, JSON escaping and terminal text agree with Python's decode('utf-8', 'replace')") {
  if (std::system("python3 -c 'pass' >/dev/null 2>&1") != 0) {
    MESSAGE("python3 not found: skipped");
    return;
  }
  std::vector<std::string> cases = edge_cases();
  std::mt19937 rng(13);
  // Random strings biased to the bytes that matter: ASCII, continuations, every lead class.
  const unsigned char pool[] = {'a', '"', '\\', '\n', 0x01, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF};
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    size_t len = rng() % 12;
    for (size_t k = 0; k < len; ++k)
      s.push_back(static_cast<char>(rng() % 3 == 0 ? rng() % 256 : pool[rng() % sizeof pool]));
    cases.push_back(s);
  }
  auto dir = std::filesystem::temp_directory_path() / ("tparse_utf8_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream in(dir / "cases.txt");
    for (const auto& c : cases) in << hex(c) << ' ' << hex(utf8_repair(c)) << ' ' << hex(json_of(c)) << ' '
                                   << hex(terminal_safe(c)) << '\n';
  }
  const char* py = R"PY(
import json, re, sys
bad = 0
for n, line in enumerate(open(sys.argv[1])):
    raw, rep, js, term = [bytes.fromhex(x) for x in line.split(' ')]
    want = raw.decode('utf-8', 'replace')
    ok = rep.decode('utf-8') == want and json.loads(js.decode('utf-8')) == want
    # terminal text: ESC sequences dropped, other controls but TAB/LF shown as '?'
    t = re.sub('\x1b(\\[[^@-~]*[@-~]?)?', '', want)
    t = ''.join(c if c in '\t\n' or (ord(c) >= 0x20 and ord(c) != 0x7f) else '?' for c in t)
    ok = ok and term.decode('utf-8') == t
    if not ok:
        bad += 1
        if bad < 10: print('mismatch', raw.hex(), rep.hex(), js, term.hex())
print('checked', n + 1, 'bad', bad)
)PY";
  { std::ofstream(dir / "check.py") << py; }
  std::string cmd = "python3 " + (dir / "check.py").string() + " " + (dir / "cases.txt").string() + " > " +
                    (dir / "out.txt").string() + " 2>&1";
  int rc = std::system(cmd.c_str());
  std::ifstream o(dir / "out.txt");
  std::stringstream ss;
  ss << o.rdbuf();
  std::filesystem::remove_all(dir);
  INFO(ss.str());
  CHECK(rc == 0);
  CHECK(ss.str().find("checked " + std::to_string(cases.size()) + " bad 0") != std::string::npos);
}
