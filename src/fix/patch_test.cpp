// Line edits and unified diffs: untouched lines stay byte-identical (CRLF, no final newline), and
// the diff is the one GNU `diff -u` writes for the same change (checked when diff is installed).
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "fix/patch.hpp"

using namespace tparse::fix;
namespace fs = std::filesystem;

namespace {

// GNU diff -u of two texts, with the two header lines replaced by ours; "" when diff is missing.
std::string gnu_diff(const std::string& a, const std::string& b, const std::string& label) {
  fs::path d = fs::temp_directory_path() / ("tparse_patch_test_" + std::to_string(::getpid()));
  fs::create_directories(d);
  std::ofstream(d / "a", std::ios::binary) << a;
  std::ofstream(d / "b", std::ios::binary) << b;
  std::string cmd = "diff -u " + (d / "a").string() + " " + (d / "b").string() + " 2>/dev/null";
  FILE* f = ::popen(cmd.c_str(), "r");
  std::string out;
  if (f) {
    char buf[4096];
    while (size_t n = fread(buf, 1, sizeof buf, f)) out.append(buf, n);
    ::pclose(f);
  }
  fs::remove_all(d);
  if (out.empty()) return "";
  size_t second = out.find('\n', out.find('\n') + 1);
  return "--- a/" + label + "\n+++ b/" + label + "\n" + out.substr(second + 1);
}

}  // namespace

TEST_CASE("apply keeps every untouched byte: CRLF lines, tabs, no final newline") {
  std::string text = "import torch\r\n\r\ndef f(x):\r\n\ty = x * 2\r\n\tprint('hi')\r\n\treturn y";
  SourceText s = SourceText::from("m.py", text);
  CHECK(s.count() == 6);
  CHECK(s.eol == "\r\n");
  CHECK(s.indent(4) == "\t");
  Edit e{5, 5, {"\tif not torch.compiler.is_compiling():", "\t\tprint('hi')"}};
  std::string out = tparse::fix::apply(s, {e});
  CHECK(out == "import torch\r\n\r\ndef f(x):\r\n\ty = x * 2\r\n\tif not torch.compiler.is_compiling():\r\n\t\tprint('hi')\r\n\treturn y");
  Edit ins{4, 3, {"\tz = 1"}};
  CHECK(tparse::fix::apply(s, {ins}) == "import torch\r\n\r\ndef f(x):\r\n\tz = 1\r\n\ty = x * 2\r\n\tprint('hi')\r\n\treturn y");
  CHECK(tparse::fix::apply(s, {}) == text);
}

TEST_CASE("overlapping edits are refused; an insertion inside a replaced range conflicts") {
  std::vector<Edit> a = {{3, 5, {"x"}}, {5, 6, {"y"}}};
  CHECK_FALSE(normalize(a));
  std::vector<Edit> b = {{7, 6, {"x"}}, {3, 5, {"y"}}};
  CHECK(normalize(b));
  CHECK(b[0].first == 3);
  CHECK(overlaps({{4, 3, {"i"}}}, {{3, 5, {"r"}}}));        // before line 4: inside the replaced 3..5
  CHECK_FALSE(overlaps({{3, 2, {"i"}}}, {{3, 5, {"r"}}}));  // before line 3: just ahead of it
  CHECK_FALSE(overlaps({{6, 6, {"a"}}}, {{3, 5, {"r"}}}));
}

TEST_CASE("unified diff equals GNU diff -u for one and for two hunks") {
  std::string text;
  for (int i = 1; i <= 30; ++i) text += "line " + std::to_string(i) + "\n";
  SourceText s = SourceText::from("f.py", text);
  std::vector<std::vector<Edit>> cases = {
      {{10, 10, {"changed 10"}}},
      {{3, 2, {"inserted before 3"}}, {25, 26, {"r25"}}},
      {{1, 1, {}}, {8, 7, {"a", "b"}}},          // a deletion at the top, hunks merged
      {{30, 30, {"last", "more"}}},
  };
  for (const auto& edits : cases) {
    std::string ours = unified_diff(s, edits, "f.py");
    std::string gnu = gnu_diff(text, tparse::fix::apply(s, edits), "f.py");
    if (gnu.empty()) { MESSAGE("diff not installed: only our own format checked"); continue; }
    CHECK(ours == gnu);
  }
}

TEST_CASE("strip_comment and matching_close respect strings") {
  CHECK(strip_comment("x = '#' + y  # note") == "x = '#' + y");
  CHECK(strip_comment("s = \"a#b\"") == "s = \"a#b\"");
  std::string t = "f(a, g(')'), [1, 2]) + 1";
  CHECK(matching_close(t, 1) == 19);
  CHECK(matching_close("f(a", 1) == std::string::npos);
}
