// Parser implementation, `match` half: the match statement (a soft keyword, tried first and backed
// off when `match` is a name) and its patterns, kept as expression nodes. The runtime does not run
// match statements; the parser gives them their full 3.12 shape.
#include "frontend/parser_impl.hpp"

namespace tparse::compiler::parser_detail {

/// `match subject:` NEWLINE INDENT `case` ...: tried first; false (cursor back) when `match` is a name.
bool Parser::match_stmt(Stmt& s) {
  if (!attempt([&] {
        ++p;
        Location l = cur().loc;  // subject: star_named_expressions (`match w := x,:`)
        s.value = star_named();
        if (is_op(",")) {
          auto tup = mk(EK::Tuple, l);
          tup->a.push_back(s.value);
          while (accept_op(",") && !is_op(":")) tup->a.push_back(star_named());
          s.value = tup;
        }
        expect_op(":");
        if (cur().kind != Tok::Newline || peek().kind != Tok::Indent || peek(2).text != "case") fail("invalid syntax");
      }))
    return false;
  p += 2;
  Nest nest(*this, "too many levels of indentation", kMaxBlocks);
  while (accept_kw("case")) {
    auto c = std::make_shared<Stmt>();
    c->k = SK::Pass;
    c->loc = t[p - 1].loc;
    c->target = open_patterns();
    if (accept_kw("if")) c->value = named_expr();
    expect_op(":");
    c->body = block();
    s.handlers.push_back(c);
  }
  if (cur().kind != Tok::Dedent) fail("expected 'case'");
  ++p;
  return true;
}

ExprP Parser::open_patterns() {
  Location l = cur().loc;
  ExprP first = pattern();
  if (!is_op(",")) return first;
  auto tup = mk(EK::Tuple, l);
  tup->a.push_back(first);
  while (accept_op(",")) {
    if (is_op(":") || is_kw("if")) break;
    tup->a.push_back(pattern());
  }
  return tup;
}

ExprP Parser::pattern() {  // or_pattern ['as' NAME], kept as NamedExpr(name, pattern)
  ExprP e = or_pattern();
  if (!is_kw("as")) return e;
  auto n = mk(EK::NamedExpr, cur().loc);
  ++p;
  n->s = expect_name();
  n->a = {e};
  return n;
}

ExprP Parser::or_pattern() {
  ExprP e = closed_pattern();
  while (is_op("|")) {
    ++p;
    auto b = mk(EK::BinOp, e->loc);
    b->s = "|";
    b->a = {e, closed_pattern()};
    e = b;
  }
  return e;
}

/// Literal, capture, wildcard, value (dotted name), group, sequence, mapping and class patterns, as
/// expression nodes (List / Tuple / Dict / Call / Starred / Name / Attr / constants).
ExprP Parser::closed_pattern() {
  Nest nest(*this, "too many nested parentheses");
  Location l = cur().loc;
  if (accept_op("*")) {  // `*rest` / `*_` in a sequence pattern
    auto n = mk(EK::Name, cur().loc);
    n->s = expect_name();
    return star(n, l);
  }
  auto seq = [&](EK k, const char* close) {
    auto e = mk(k, l);
    while (!is_op(close)) {
      e->a.push_back(pattern());
      if (!accept_op(",")) break;
    }
    expect_op(close);
    return e;
  };
  if (accept_op("(")) {
    if (accept_op(")")) return mk(EK::Tuple, l);
    ExprP first = pattern();
    if (accept_op(")")) return first;
    expect_op(",");
    auto e = seq(EK::Tuple, ")");
    e->a.insert(e->a.begin(), first);
    return e;
  }
  if (accept_op("[")) return seq(EK::List, "]");
  if (accept_op("{")) {
    auto d = mk(EK::Dict, l);
    while (!is_op("}")) {
      if (is_op("**")) {
        auto st = mk(EK::Starred, cur().loc);
        ++p;
        st->s = "**";
        d->a.push_back(st);
        auto n = mk(EK::Name, cur().loc);
        n->s = expect_name();
        d->a.push_back(n);
      } else {
        d->a.push_back(closed_pattern());
        expect_op(":");
        d->a.push_back(pattern());
      }
      if (!accept_op(",")) break;
    }
    expect_op("}");
    return d;
  }
  if (cur().kind == Tok::Name && cur().text != "None" && cur().text != "True" && cur().text != "False") {
    ExprP e = mk(EK::Name, l);
    e->s = expect_name();
    while (accept_op(".")) {
      auto a = mk(EK::Attr, cur().loc);
      a->s = expect_name();
      a->a = {e};
      e = a;
    }
    if (!accept_op("(")) return e;
    auto c = mk(EK::Call, l);  // class pattern: positional patterns, then NAME=pattern
    c->a.push_back(e);
    while (!is_op(")")) {
      if (cur().kind == Tok::Name && peek().kind == Tok::Op && peek().text == "=") {
        c->kw.push_back(cur().text);
        p += 2;
      } else {
        c->kw.push_back("");
      }
      c->a.push_back(pattern());
      if (!accept_op(",")) break;
    }
    expect_op(")");
    return c;
  }
  return arith();  // literals: numbers (signed, complex `1+2j`), strings, None/True/False
}

}  // namespace tparse::compiler::parser_detail
