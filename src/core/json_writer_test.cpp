// Tests for the JSON writer: structure, escaping, invalid UTF-8.
#include <doctest/doctest.h>
#include <simdjson.h>

#include "json_writer.hpp"

using namespace tparse;

TEST_CASE("writes valid JSON that round-trips through simdjson") {
  JsonWriter w(false);
  w.begin_object().kv("a", int64_t{1}).kv("s", "x\"y\\z\n\x01").key("l").begin_array().value(true).null().value(2.5).end_array();
  w.key("e").begin_object().end_object().opt("n", -1).end_object();
  std::string out = w.str();
  CHECK(out == "{\"a\":1,\"s\":\"x\\\"y\\\\z\\n\\u0001\",\"l\":[true,null,2.5],\"e\":{},\"n\":null}");
  simdjson::dom::parser p;
  simdjson::dom::element doc;
  REQUIRE(p.parse(out).get(doc) == simdjson::SUCCESS);
  CHECK(std::string_view(doc["s"].get_string().value()) == "x\"y\\z\n\x01");
}

TEST_CASE("invalid UTF-8 is replaced, valid multibyte kept") {
  std::string out;
  json_escape(out, "a\xff" "b\xc3\xa9");
  CHECK(out == "\"a\\ufffdb\xc3\xa9\"");
}
