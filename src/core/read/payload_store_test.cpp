// decode_payload: the fast one-pass decoder against a line-by-line reference.
#include <doctest/doctest.h>

#include <cstdio>
#include <random>

#include "payload_store.hpp"
#include "prefix.hpp"

using namespace tparse;

namespace {

// The framing rule, one line at a time: drop one trailing CR, a "[rankN]:" tag before a TAB, then
// one leading TAB; join with '\n'.
std::string reference_decode(std::string_view raw) {
  std::string out;
  size_t pos = 0;
  bool first = true;
  for (;;) {
    size_t nl = raw.find('\n', pos);
    std::string_view line = raw.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    int32_t rank = -1;
    size_t k = rank_tag(line, rank);
    if (k > 0 && k < line.size() && line[k] == '\t') line.remove_prefix(k);
    if (!line.empty() && line.front() == '\t') line.remove_prefix(1);
    if (!first) out.push_back('\n');
    out.append(line);
    first = false;
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("decode_payload strips one TAB and one CR per line") {
  std::string out;
  decode_payload("", out);
  CHECK(out.empty());
  decode_payload("\tdef f():\n\t    return 1", out);
  CHECK(out == "def f():\n    return 1");
  decode_payload("\ta\r\n\t\tb\r\n\t\n\t\r\nc\r", out);
  CHECK(out == "a\n\tb\n\n\nc");
  decode_payload("\t\r", out);
  CHECK(out == "");
  decode_payload("\ta\n", out);
  CHECK(out == "a\n");
  decode_payload("\n\n", out);
  CHECK(out == "\n\n");
  decode_payload("[rank3]:\tdef f():\r\n[rank3]:\t    return 1\n[rank3]:x\n[rank]:\ty", out);
  CHECK(out == "def f():\n    return 1\n[rank3]:x\n[rank]:\ty");
}

TEST_CASE("decode_payload matches the line-by-line rule on random input, reusing its buffer") {
  std::mt19937 rng(7);
  const char* const pieces[] = {"\t", "\n", "\r", "a", " ", "x", "[rank1]:", "[rank12]:\t", "[ran"};
  std::string out = "stale contents that must not leak into the next result";
  for (int i = 0; i < 3000; ++i) {
    std::string raw;
    for (size_t n = rng() % 40; n > 0; --n) raw += pieces[rng() % std::size(pieces)];
    decode_payload(raw, out);
    REQUIRE(out == reference_decode(raw));
  }
}

TEST_CASE("PayloadStore::get re-reads a file region and decodes it") {
  std::string path = std::string(TPARSE_BINARY_DIR) + "/payload_store_test.log";
  std::string text = "header\n\tline one\r\n\t\tindented\n\t\nnext record\n";
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  PayloadStore ps;
  int32_t file = ps.add_file(path);
  size_t off = text.find('\t'), len = text.find("\nnext") - off;
  PayloadRef ref = ps.add_ref(file, off, len, 0, true);
  CHECK(ps.get(ref) == "line one\n\tindented\n");
  CHECK(ps.get(ps.add_ref(file, off, 0, 0, true)) == "");
  PayloadRef mem = ps.add_text("kept", true);
  CHECK(ps.get(mem) == "kept");
  std::remove(path.c_str());
}
