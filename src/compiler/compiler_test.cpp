// Unit tests: lexer/parser errors with exact messages, printed graphs, guards, reasons, profiles.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "api.hpp"
#include "diag.hpp"
#include "parser.hpp"
#include "trace_writer.hpp"

using namespace tparse::compiler;

TEST_CASE("md5 matches python hashlib") {
  CHECK(md5_hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(md5_hex("hello") == "5d41402abc4b2a76b9719d911017c592");
}
