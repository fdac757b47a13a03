// block_liveness: names live around a statement nested in loops and ifs, as CPython's liveness gives them.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "dynamo/liveness/block_liveness.hpp"
#include "frontend/parser.hpp"

using namespace tparse::compiler;

namespace {
const Stmt* nth_in(const std::vector<StmtP>& b, size_t i) { return i < b.size() ? b[i].get() : nullptr; }
}  // namespace

TEST_CASE("block liveness: inside a while body a name written before it is read is dead; loop heads are fixpoints") {
  Module m = parse_module(
      "def f(self, x, h):\n"
      "    x = x + 1\n"
      "    t = 0\n"
      "    while t < 3:\n"
      "        e = self.emb(x)\n"
      "        out, h = self.rnn(e, h)\n"
      "        x = out.argmax(-1)\n"
      "        t += 1\n"
      "    return h\n");
  REQUIRE(m.body.size() == 1);
  const FuncDef* fn = m.body[0]->fn.get();
  const Stmt* loop = nth_in(fn->body, 2);
  REQUIRE(loop);
  REQUIRE(loop->k == SK::While);
  const Stmt* rnn = nth_in(loop->body, 1);
  auto before = live_before_stmt(fn, rnn);
  REQUIRE(before);
  // e and h are read by the statement, self and t later, x is written before the next read
  CHECK(*before == std::set<std::string>{"e", "h", "self", "t"});
  auto after = live_after_stmt(fn, nth_in(loop->body, 0));
  REQUIRE(after);
  CHECK(after->count("x") == 0);
  CHECK(after->count("e") == 1);
  // the loop's head: x is read by the next iteration's first statement
  auto at_head = live_after_stmt(fn, nth_in(loop->body, 3));
  REQUIRE(at_head);
  CHECK(at_head->count("x") == 1);
  CHECK(at_head->count("out") == 0);
}

TEST_CASE("block liveness: an if branch's later statements, break to the loop's exit, try not modelled") {
  Module m = parse_module(
      "def f(emb, y):\n"
      "    if isinstance(emb, tuple):\n"
      "        x, lengths = emb\n"
      "        x = pack(x, lengths.tolist())\n"
      "    else:\n"
      "        x = emb\n"
      "    for i in range(3):\n"
      "        if i > y:\n"
      "            break\n"
      "        z = i\n"
      "    try:\n"
      "        w = 1\n"
      "    except Exception:\n"
      "        pass\n"
      "    return x.data + 1\n");
  const FuncDef* fn = m.body[0]->fn.get();
  const Stmt* branch = nth_in(fn->body, 0);
  auto after_unpack = live_after_stmt(fn, nth_in(branch->body, 0));
  REQUIRE(after_unpack);
  // (the try reads every name it mentions, w included: not modelled, so nothing there is dead)
  CHECK(*after_unpack == std::set<std::string>{"x", "lengths", "pack", "y", "range", "w", "Exception"});
  const Stmt* loop = nth_in(fn->body, 1);
  auto before_if = live_before_stmt(fn, nth_in(loop->body, 0));
  REQUIRE(before_if);
  CHECK(before_if->count("i") == 1);
  CHECK(before_if->count("x") == 1);  // (live after the loop, through break and the normal exit)
  CHECK(before_if->count("z") == 0);
  const Stmt* tr = nth_in(fn->body, 2);
  CHECK_FALSE(live_after_stmt(fn, nth_in(tr->body, 0)).has_value());
}
