// Tests for the string pool behind the model's repeated texts (intern.hpp): equal text is one pool
// entry across threads, IStr reads and compares like the string it was made from, and Fields
// lists with the same pairs are shared.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <thread>

#include "intern.hpp"
#include "model.hpp"

using namespace tparse;

TEST_CASE("IStr: equal text is one pool entry, read back unchanged") {
  std::string a = "/opt/torch/lib/python3.12/site-packages/torch/nn/modules/module.py";
  IStr x(a), y{std::string_view(a)}, z("other");
  CHECK(x == y);
  CHECK(x.c_str() == y.c_str());  // same storage
  CHECK(x.str() == a);
  CHECK(x != z);
  CHECK(x == a);
  CHECK(x == std::string_view(a));
  CHECK(z == "other");
  CHECK(IStr().empty());
  CHECK(IStr("").c_str() == IStr().c_str());
  CHECK(IStr("a") < IStr("b"));  // by content, not by address
  CHECK(fmt::format("{}:{}", z, 3) == "other:3");
  CHECK(std::string("f=") + z == "f=other");
  std::string_view v = z;
  CHECK(v == "other");
}

TEST_CASE("IStr: threads interning the same texts get the same entries") {
  std::vector<const char*> got[2];
  auto work = [&](int t) {
    for (int i = 0; i < 2000; ++i) got[t].push_back(IStr(std::string_view(fmt::format("frame {}", i))).c_str());
  };
  std::thread a(work, 0), b(work, 1);
  a.join();
  b.join();
  CHECK(got[0] == got[1]);
  CHECK(std::string(got[0][1999]) == "frame 1999");
}

TEST_CASE("Fields: lists of the same pairs are shared; different values are not") {
  Fields::List l1{{IStr("k1"), IStr("v1")}, {IStr("k2"), IStr("v2")}};
  Fields::List l2 = l1;
  Fields::List l3{{IStr("k1"), IStr("v1")}, {IStr("k2"), IStr("v3")}};
  Fields a(l1), b(l2), c(l3), e;
  CHECK(a == b);
  CHECK(&a.list() == &b.list());
  CHECK_FALSE(a == c);
  CHECK(a.size() == 2);
  CHECK(e.empty());
  std::string text;
  for (const auto& [k, v] : c) text += k + "=" + v + ";";
  CHECK(text == "k1=v1;k2=v3;");
}

TEST_CASE("StackFrame texts are pooled: 8 bytes each") {
  CHECK(sizeof(IStr) == sizeof(void*));
  StackFrame f;
  f.file = IStr(std::string_view("a.py"));
  f.name = "fn";
  CHECK(f.file == "a.py");
  CHECK(f.code.empty());
}
