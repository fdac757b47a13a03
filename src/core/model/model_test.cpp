// Tests for CompileId printing/parsing and diagnostic names.
#include <doctest/doctest.h>

#include "model.hpp"

using namespace tparse;

TEST_CASE("CompileId prints like PyTorch") {
  CompileId a{-1, 0, 0, 0};
  CHECK(a.str() == "[0/0]");
  CompileId b{-1, 0, 1, 1};
  CHECK(b.str() == "[0/1_1]");
  CHECK(b.key() == "0/1");
  CompileId c{0, 0, 0, 0};
  CHECK(c.str() == "[!0/0/0]");
  CompileId d{0, -1, -1, 0};
  CHECK(d.str() == "[!0]");
  CompileId e;
  CHECK(e.str() == "[-/-]");
}

TEST_CASE("parse_compile_id round-trips and rejects junk") {
  for (const char* s : {"[0/0]", "[0/1_1]", "[!0/0/0]", "[!3]", "[12/7_2]"}) {
    auto id = parse_compile_id(s);
    REQUIRE(id.has_value());
    CHECK(id->str() == s);
  }
  CHECK(parse_compile_id("0/1")->compile == 1);
  CHECK_FALSE(parse_compile_id("").has_value());
  CHECK_FALSE(parse_compile_id("0/").has_value());
  CHECK_FALSE(parse_compile_id("a/b").has_value());
  CHECK_FALSE(parse_compile_id("[0/0").has_value());
  CHECK_FALSE(parse_compile_id("0/0_x").has_value());
}

TEST_CASE("diagnostic classes are named and classified") {
  CHECK(std::string(diag_name(Diag::Md5Mismatch)) == "md5_mismatch");
  CHECK(diag_is_error(Diag::InvalidJson));
  CHECK_FALSE(diag_is_error(Diag::UnknownKind));
  Diagnostics d;
  d.counts[static_cast<int>(Diag::Md5Mismatch)] = 2;
  d.counts[static_cast<int>(Diag::UnknownKind)] = 5;
  CHECK(d.errors() == 2);
}
