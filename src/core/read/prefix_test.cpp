// Tests for the glog prefix scanner.
#include <doctest/doctest.h>

#include "prefix.hpp"

using namespace tparse;

TEST_CASE("parses a 2.11 prefix") {
  Prefix p;
  REQUIRE(parse_prefix("V1122 07:41:16.042000 412 torch/_dynamo/convert_frame.py:276] {\"a\": 1}", p));
  CHECK(p.level == 'V');
  CHECK(p.month == 11);
  CHECK(p.day == 22);
  CHECK(p.pid == 412);
  CHECK(p.micros_of_day == ((7 * 60 + 41) * 60 + 16) * 1000000ull + 42000);
  CHECK(p.emitter == "torch/_dynamo/convert_frame.py:276");
  CHECK(p.json == "{\"a\": 1}");
  CHECK(p.rank == -1);
}

TEST_CASE("parses rank prefix, padded thread ids and long thread idents") {
  Prefix p;
  REQUIRE(parse_prefix("[rank3]:V0101 00:00:00.000000 139877824898048 torch/x.py:1] {}", p));
  CHECK(p.rank == 3);
  CHECK(p.pid == 139877824898048ull);
  REQUIRE(parse_prefix("I0101 00:00:00.000000    42 a.py:9] {}", p));
  CHECK(p.pid == 42);
}

TEST_CASE("rejects lines that are not records") {
  Prefix p;
  CHECK_FALSE(parse_prefix("", p));
  CHECK_FALSE(parse_prefix("hello world", p));
  CHECK_FALSE(parse_prefix("X1122 07:41:16.042000 412 a.py:1] {}", p));
  CHECK_FALSE(parse_prefix("V1122 07:41:16 412 a.py:1] {}", p));
  CHECK_FALSE(parse_prefix("V1122 07:41:16.042000 412 a.py:1 {}", p));
  CHECK_FALSE(parse_prefix("[rank]:V1122 07:41:16.042000 412 a.py:1] {}", p));
}
