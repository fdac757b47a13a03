// Parser implementation, expression half: precedence climbing from conditional expressions down to
// atoms, calls/subscripts/slices, comprehensions and f-strings. Statements are in parser.cpp.
#include <charconv>
#include <cstdlib>

#include "frontend/parser_impl.hpp"

namespace tparse::compiler::parser_detail {
namespace {

bool is_keyword(const std::string& s) {
  static const char* kws[] = {"if", "else", "elif", "for", "in", "while", "def", "class", "return",
                              "and", "or", "not", "is", "lambda", "import", "from", "as", "with",
                              "pass", "break", "continue", "None", "True", "False", "yield",
                              "assert", "raise", "global", "del", "try", "except", "finally", nullptr};
  for (int i = 0; kws[i]; ++i) if (s == kws[i]) return true;
  return false;
}

}  // namespace

ExprP Parser::expr_list(bool allow_star) {
  Location l = cur().loc;
  ExprP first = allow_star && is_op("*") ? (++p, star(expr(), l)) : expr();
  if (!is_op(",")) return first;
  auto tup = mk(EK::Tuple, l);
  tup->a.push_back(first);
  while (accept_op(",")) {
    if (cur().kind == Tok::Newline || is_op("=") || is_op(")") || is_op(":") || is_op(";")) break;
    if (allow_star && is_op("*")) { Location sl = cur().loc; ++p; tup->a.push_back(star(expr(), sl)); }
    else tup->a.push_back(expr());
  }
  return tup;
}

ExprP Parser::expr() {
  Nest nest(*this, "too many nested parentheses");
  if (is_kw("lambda")) {
    Location l = cur().loc;
    ++p;
    auto e = mk(EK::Lambda, l);
    e->fn = std::make_shared<FuncDef>();
    e->fn->name = "<lambda>";
    e->fn->loc = l;
    e->fn->firstlineno = l.line;
    e->fn->params = params(":");
    expect_op(":");
    e->fn->lambda_body = expr();
    return e;
  }
  ExprP e = or_expr();
  if (is_kw("if")) {
    Location l = cur().loc;
    ++p;
    auto c = or_expr();
    if (!accept_kw("else")) fail("expected 'else' after conditional expression");
    auto o = expr();
    auto ie = mk(EK::IfExp, e->loc);
    (void)l;
    ie->a = {c, e, o};
    return ie;
  }
  return e;
}

ExprP Parser::or_expr() {
  ExprP e = and_expr();
  while (is_kw("or")) {
    ++p;
    auto b = mk(EK::BoolOp, e->loc);
    b->s = "or";
    b->a = {e, and_expr()};
    e = b;
  }
  return e;
}

ExprP Parser::and_expr() {
  ExprP e = not_expr();
  while (is_kw("and")) {
    ++p;
    auto b = mk(EK::BoolOp, e->loc);
    b->s = "and";
    b->a = {e, not_expr()};
    e = b;
  }
  return e;
}

ExprP Parser::not_expr() {
  if (is_kw("not")) {
    Nest nest(*this, "expression nested too deeply");
    Location l = cur().loc;
    ++p;
    auto u = mk(EK::UnaryOp, l);
    u->s = "not";
    u->a = {not_expr()};
    return u;
  }
  return comparison();
}

ExprP Parser::comparison() {
  ExprP e = bitor_expr();
  ExprP cmp;
  while (true) {
    std::string op;
    if (cur().kind == Tok::Op && (cur().text == "<" || cur().text == ">" || cur().text == "==" ||
                                  cur().text == "!=" || cur().text == "<=" || cur().text == ">=")) {
      op = cur().text; ++p;
    } else if (is_kw("in")) { op = "in"; ++p; }
    else if (is_kw("not") && peek().kind == Tok::Name && peek().text == "in") { op = "not in"; p += 2; }
    else if (is_kw("is")) { ++p; op = accept_kw("not") ? "is not" : "is"; }
    else break;
    if (!cmp) { cmp = mk(EK::Compare, e->loc); cmp->a.push_back(e); }
    cmp->kw.push_back(op);
    cmp->a.push_back(bitor_expr());
  }
  return cmp ? cmp : e;
}

ExprP Parser::binary(ExprP (Parser::*next)(), std::initializer_list<const char*> ops) {
  ExprP e = (this->*next)();
  while (true) {
    bool hit = false;
    for (const char* o : ops) {
      if (is_op(o)) {
        Location l = cur().loc;
        ++p;
        auto b = mk(EK::BinOp, e->loc);
        (void)l;
        b->s = o;
        b->a = {e, (this->*next)()};
        e = b;
        hit = true;
        break;
      }
    }
    if (!hit) return e;
  }
}

ExprP Parser::bitor_expr() { return binary(&Parser::bitxor_expr, {"|"}); }
ExprP Parser::bitxor_expr() { return binary(&Parser::bitand_expr, {"^"}); }
ExprP Parser::bitand_expr() { return binary(&Parser::shift_expr, {"&"}); }
ExprP Parser::shift_expr() { return binary(&Parser::arith, {"<<", ">>"}); }
ExprP Parser::arith() { return binary(&Parser::term, {"+", "-"}); }
ExprP Parser::term() { return binary(&Parser::factor, {"*", "/", "//", "%", "@"}); }

ExprP Parser::factor() {
  if (is_op("-") || is_op("+") || is_op("~")) {
    Nest nest(*this, "expression nested too deeply");
    Location l = cur().loc;
    std::string op = t[p++].text;
    auto u = mk(EK::UnaryOp, l);
    u->s = op;
    u->a = {factor()};
    return u;
  }
  return power();
}

ExprP Parser::power() {
  ExprP e = primary();
  if (is_op("**")) {
    Nest nest(*this, "expression nested too deeply");
    ++p;
    auto b = mk(EK::BinOp, e->loc);
    b->s = "**";
    b->a = {e, factor()};
    return b;
  }
  return e;
}

ExprP Parser::primary() {
  ExprP e = atom();
  while (true) {
    if (is_op(".")) {
      ++p;
      Location l = cur().loc;
      auto a = mk(EK::Attr, l);
      a->s = expect_name();
      a->a = {e};
      e = a;
    } else if (is_op("(")) {
      Location l = cur().loc;
      ++p;
      auto c = mk(EK::Call, l);
      c->a.push_back(e);
      while (!is_op(")")) {
        if (accept_op("**")) { c->kw.push_back("**"); c->a.push_back(expr()); }
        else if (accept_op("*")) { c->kw.push_back("*"); c->a.push_back(expr()); }
        else if (cur().kind == Tok::Name && peek().kind == Tok::Op && peek().text == "=") {
          c->kw.push_back(cur().text);
          p += 2;
          c->a.push_back(expr());
        } else {
          ExprP arg = expr();
          if (is_kw("for")) arg = comprehension(EK::GenExp, arg, arg->loc);
          c->kw.push_back("");
          c->a.push_back(arg);
        }
        if (!accept_op(",")) break;
      }
      expect_op(")");
      e = c;
    } else if (is_op("[")) {
      Location l = cur().loc;
      ++p;
      auto s = mk(EK::Subscript, l);
      s->a = {e, subscript_list()};
      expect_op("]");
      e = s;
    } else {
      return e;
    }
  }
}

ExprP Parser::subscript_list() {
  Location l = cur().loc;
  std::vector<ExprP> xs;
  bool comma = false;
  do {
    if (is_op("]")) break;
    xs.push_back(subscript());
  } while ((comma = accept_op(",")));
  if (xs.size() == 1 && !comma) return xs[0];
  auto tup = mk(EK::Tuple, l);
  tup->a = xs;
  return tup;
}

ExprP Parser::subscript() {
  Location l = cur().loc;
  ExprP lo, hi, st;
  if (!is_op(":")) {
    lo = expr();
    if (!is_op(":")) return lo;
  }
  expect_op(":");
  if (!is_op(":") && !is_op("]") && !is_op(",")) hi = expr();
  if (accept_op(":")) { if (!is_op("]") && !is_op(",")) st = expr(); }
  auto s = mk(EK::Slice, l);
  s->a = {lo, hi, st};
  return s;
}

ExprP Parser::comprehension(EK kind, ExprP elt, Location l, ExprP val) {
  auto c = mk(kind, l);
  c->a.push_back(elt);
  if (val) c->a.push_back(val);
  while (accept_kw("for")) {
    Comp cp;
    cp.target = target_list();
    if (!accept_kw("in")) fail("expected 'in'");
    cp.iter = or_expr();
    while (is_kw("if")) { ++p; cp.conds.push_back(or_expr()); }
    c->comps.push_back(cp);
  }
  return c;
}

ExprP Parser::fstring(const Token& tk) {
  auto e = mk(EK::FStr, tk.loc);
  std::string lit;
  const std::string& s = tk.text;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '{' && i + 1 < s.size() && s[i + 1] == '{') { lit += '{'; ++i; continue; }
    if (s[i] == '}' && i + 1 < s.size() && s[i + 1] == '}') { lit += '}'; ++i; continue; }
    if (s[i] == '{') {
      int depth = 1;
      size_t j = i + 1;
      while (j < s.size() && depth > 0) { if (s[j] == '{') ++depth; if (s[j] == '}') --depth; ++j; }
      std::string inner = s.substr(i + 1, j - i - 2);
      std::string spec;
      size_t colon = inner.find(':');
      if (colon != std::string::npos && inner.find('[') == std::string::npos) { spec = inner.substr(colon + 1); inner = inner.substr(0, colon); }
      if (!inner.empty() && inner.back() == '=') inner.pop_back();
      if (inner.size() > 2 && inner[inner.size() - 2] == '!') inner = inner.substr(0, inner.size() - 2);
      Parser sub;
      sub.depth = depth;  // a nested f-string counts as nesting
      sub.t = lex(inner);
      for (auto& x : sub.t) { x.loc.line = tk.loc.line; x.loc.file = tk.loc.file; x.loc.col += tk.loc.col + static_cast<int>(i) + 1; }
      e->kw.push_back(lit);
      lit.clear();
      auto ex = sub.expr();
      e->a.push_back(ex);
      e->comps.push_back(Comp{nullptr, nullptr, {}});
      e->comps.back().target = mk(EK::Str, tk.loc);
      e->comps.back().target->s = spec;
      i = j - 1;
      continue;
    }
    lit += s[i];
  }
  e->kw.push_back(lit);
  return e;
}

ExprP Parser::atom() {
  const Token& tk = cur();
  Location l = tk.loc;
  switch (tk.kind) {
    case Tok::Name: {
      if (tk.text == "None") { ++p; return mk(EK::None, l); }
      if (tk.text == "True") { ++p; return mk(EK::True, l); }
      if (tk.text == "False") { ++p; return mk(EK::False, l); }
      if (is_keyword(tk.text)) fail("invalid syntax");
      auto e = mk(EK::Name, l);
      e->s = tk.text;
      ++p;
      return e;
    }
    case Tok::Int: {
      auto e = mk(EK::Int, l);
      // the lexer gives "0x" + hex digits or decimal digits (underscores removed)
      bool hex = tk.text.size() > 1 && (tk.text[1] == 'x' || tk.text[1] == 'X');
      const char* b = tk.text.data() + (hex ? 2 : 0);
      const char* end = tk.text.data() + tk.text.size();
      auto [q, ec] = std::from_chars(b, end, e->i, hex ? 16 : 10);
      if (ec == std::errc::result_out_of_range) fail("integer literal too large");
      if (ec != std::errc() || q != end) fail(hex ? "invalid hexadecimal literal" : "invalid decimal literal");
      ++p;
      return e;
    }
    case Tok::Float: {
      auto e = mk(EK::Float, l);
      e->f = std::strtod(tk.text.c_str(), nullptr);  // 1e999 is inf and 1e-999 is 0.0, as in Python
      ++p;
      return e;
    }
    case Tok::String: {
      ExprP e;
      while (cur().kind == Tok::String) {  // implicit concatenation
        ExprP part = cur().fstring ? fstring(cur()) : nullptr;
        if (!part) { part = mk(EK::Str, cur().loc); part->s = cur().text; }
        ++p;
        if (!e) { e = part; continue; }
        if (e->k == EK::Str && part->k == EK::Str) { e->s += part->s; continue; }
        auto cat = mk(EK::BinOp, l);
        cat->s = "+";
        cat->a = {e, part};
        e = cat;
      }
      return e;
    }
    case Tok::Op: {
      if (tk.text == "(") {
        ++p;
        if (accept_op(")")) return mk(EK::Tuple, l);
        ExprP first = is_op("*") ? (++p, star(expr(), l)) : expr();
        if (is_kw("for")) { auto g = comprehension(EK::GenExp, first, l); expect_op(")"); return g; }
        if (accept_op(")")) return first;
        auto tup = mk(EK::Tuple, l);
        tup->a.push_back(first);
        while (accept_op(",")) {
          if (is_op(")")) break;
          tup->a.push_back(is_op("*") ? (++p, star(expr(), l)) : expr());
        }
        expect_op(")");
        return tup;
      }
      if (tk.text == "[") {
        ++p;
        auto lst = mk(EK::List, l);
        if (accept_op("]")) return lst;
        ExprP first = is_op("*") ? (++p, star(expr(), l)) : expr();
        if (is_kw("for")) { auto c = comprehension(EK::ListComp, first, l); expect_op("]"); return c; }
        lst->a.push_back(first);
        while (accept_op(",")) {
          if (is_op("]")) break;
          lst->a.push_back(is_op("*") ? (++p, star(expr(), l)) : expr());
        }
        expect_op("]");
        return lst;
      }
      if (tk.text == "{") {
        ++p;
        auto d = mk(EK::Dict, l);
        if (accept_op("}")) return d;
        // `**m` inside a dict display: key slot holds a Starred("**") marker, value slot the mapping
        auto dict_item = [&] {
          if (is_op("**")) {
            auto star = mk(EK::Starred, cur().loc);
            ++p;
            star->s = "**";
            d->a.push_back(star);
            d->a.push_back(expr());
            return;
          }
          d->a.push_back(expr());
          expect_op(":");
          d->a.push_back(expr());
        };
        if (is_op("**")) {
          dict_item();
          while (accept_op(",")) { if (is_op("}")) break; dict_item(); }
          expect_op("}");
          return d;
        }
        ExprP k = expr();
        if (accept_op(":")) {
          ExprP v = expr();
          if (is_kw("for")) { auto c = comprehension(EK::DictComp, k, l, v); expect_op("}"); return c; }
          d->a = {k, v};
          while (accept_op(",")) {
            if (is_op("}")) break;
            dict_item();
          }
          expect_op("}");
          return d;
        }
        auto st = mk(EK::Set, l);
        st->a.push_back(k);
        while (accept_op(",")) { if (is_op("}")) break; st->a.push_back(expr()); }
        expect_op("}");
        return st;
      }
      if (tk.text == "...") { ++p; return mk(EK::Ellipsis, l); }
      fail("invalid syntax");
    }
    case Tok::Indent: fail("unexpected indent");
    case Tok::Dedent:
    case Tok::Newline: fail("invalid syntax");
    case Tok::End: fail("unexpected end of file");
  }
  fail("invalid syntax");
}

}  // namespace tparse::compiler::parser_detail
