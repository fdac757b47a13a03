// Parser implementation, expression half: precedence climbing from conditional expressions down to
// atoms (assignment expressions, await, calls/subscripts/slices, comprehensions, f-strings, integer
// literals of any size). Statements are in parser.cpp.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "frontend/parser_impl.hpp"

namespace tparse::compiler::parser_detail {
namespace {

bool is_keyword(const std::string& s) {
  static const char* kws[] = {"if", "else", "elif", "for", "in", "while", "def", "class", "return",
                              "and", "or", "not", "is", "lambda", "import", "from", "as", "with",
                              "pass", "break", "continue", "None", "True", "False", "yield",
                              "assert", "raise", "global", "del", "try", "except", "finally", "nonlocal",
                              "async", "await", nullptr};
  for (int i = 0; kws[i]; ++i) if (s == kws[i]) return true;
  return false;
}

}  // namespace

ExprP Parser::expr_list(bool allow_star) {
  Location l = cur().loc;
  ExprP first = allow_star && is_op("*") ? (++p, star(bitor_expr(), l)) : expr();
  if (!is_op(",")) return first;
  auto tup = mk(EK::Tuple, l);
  tup->a.push_back(first);
  while (accept_op(",")) {
    if (cur().kind == Tok::Newline || cur().kind == Tok::End || is_op("=") || is_op(")") || is_op(":") ||
        is_op(";") || is_op("]") || is_op("}") || is_kw("in") || (cur().kind == Tok::Op && cur().text.size() >= 2 && cur().text.back() == '='))
      break;
    if (allow_star && is_op("*")) { Location sl = cur().loc; ++p; tup->a.push_back(star(bitor_expr(), sl)); }
    else tup->a.push_back(expr());
  }
  return tup;
}

/// `name := value` where the grammar allows an assignment expression, else an expression.
ExprP Parser::named_expr() {
  if (cur().kind == Tok::Name && peek().kind == Tok::Op && peek().text == ":=") {
    if (is_keyword(cur().text)) fail("cannot use assignment expressions with " + cur().text);
    auto e = mk(EK::NamedExpr, cur().loc);
    e->s = cur().text;
    p += 2;
    e->a.push_back(expr());
    return e;
  }
  ExprP e = expr();
  if (is_op(":=")) throw CompileError(e->loc, "cannot use assignment expressions with expression");
  return e;
}

/// An element of a display or call: `*x` or a named expression.
ExprP Parser::star_named() {
  Location l = cur().loc;
  if (accept_op("*")) return star(bitor_expr(), l);
  return named_expr();
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
    mark_jump_test(c.get());
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
  if (is_kw("await")) {
    Nest nest(*this, "expression nested too deeply");
    auto a = mk(EK::Await, cur().loc);
    ++p;
    a->a = {power()};
    return a;
  }
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
          ExprP arg = named_expr();
          // (a generator expression as the call's sole argument shares its parentheses: its code starts at the
          // call's `(`, CPython's co_firstlineno: few-shot's `OrderedDict(\n (n, p - lr * g)\n for ...)` is line 75)
          if (is_kw("for") || is_kw("async")) arg = comprehension(EK::GenExp, arg, l);
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
  if (is_op("*")) { ++p; return star(bitor_expr(), l); }  // `a[*idx]` (3.11)
  if (!is_op(":")) {
    lo = named_expr();
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
  while (true) {
    if (is_kw("async") && peek().text == "for") ++p;
    if (!accept_kw("for")) break;
    Comp cp;
    cp.target = target_list();
    if (!accept_kw("in")) fail("expected 'in'");
    cp.iter = or_expr();
    while (is_kw("if")) {
      ++p;
      cp.conds.push_back(or_expr());
      mark_jump_test(cp.conds.back().get());
    }
    c->comps.push_back(cp);
  }
  return c;
}

ExprP Parser::fstring(const Token& tk) { return fparts_expr(tk.fparts, tk.loc); }

/// An FStr node from the lexer's parts: kw = literal pieces (one more than fields), a = the field
/// expressions (each parsed from its source text, located where it stands in the file).
ExprP Parser::fparts_expr(const std::vector<FPart>& parts, Location l) {
  auto e = mk(EK::FStr, l);
  std::string lit;
  for (const FPart& part : parts) {
    if (!part.field) { lit += part.text; continue; }
    lit += part.debug;
    e->kw.push_back(lit);
    lit.clear();
    Parser sub;
    sub.depth = depth + 1;  // a nested f-string counts as nesting
    sub.t = lex("(" + part.text + ")");
    for (auto& x : sub.t) {
      x.loc.file = l.file;
      x.loc.col = x.loc.line == 1 ? part.loc.col + x.loc.col - 2 : x.loc.col;
      x.loc.line += part.loc.line - 1;
    }
    ExprP ex = sub.atom();
    if (sub.cur().kind != Tok::Newline && sub.cur().kind != Tok::End) sub.fail("f-string: invalid syntax");
    e->a.push_back(ex);
    Comp c{nullptr, nullptr, {}};
    if (part.has_spec) {
      bool plain = std::none_of(part.spec.begin(), part.spec.end(), [](const FPart& x) { return x.field; });
      if (plain) {
        c.target = mk(EK::Str, part.loc);
        for (auto& x : part.spec) c.target->s += x.text;
      } else {
        c.target = fparts_expr(part.spec, part.loc);
      }
    }
    char conv = part.conv ? part.conv : (!part.debug.empty() && !part.has_spec ? 'r' : 0);
    if (conv) { c.iter = mk(EK::Str, part.loc); c.iter->s = std::string(1, conv); }
    e->comps.push_back(c);
  }
  e->kw.push_back(lit);
  return e;
}

/// Decimal, hex (0x), octal (0o) and binary (0b) integers; beyond 64 bits the node keeps the text
/// and an approximate value (EK::Int with s set), as the runtime has no big integers.
ExprP Parser::int_literal(const Token& tk) {
  auto e = mk(EK::Int, tk.loc);
  const std::string& x = tk.text;  // lowercase, underscores removed by the lexer
  int base = 10;
  size_t start = 0;
  if (x.size() > 1 && x[0] == '0' && (x[1] == 'x' || x[1] == 'o' || x[1] == 'b')) {
    base = x[1] == 'x' ? 16 : x[1] == 'o' ? 8 : 2;
    start = 2;
  }
  const char* b = x.data() + start;
  const char* end = x.data() + x.size();
  static const char* names[] = {"", "", "binary", "", "", "", "", "", "octal", "", "decimal", "", "", "", "", "", "hexadecimal"};
  if (b == end) fail(fmt::format("invalid {} literal", names[base]));
  if (base == 10 && x.size() > 1 && x[0] == '0' && x.find_first_not_of('0') != std::string::npos)
    fail("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
  auto [q, ec] = std::from_chars(b, end, e->i, base);
  if (ec == std::errc::result_out_of_range) {
    long double v = 0;
    for (const char* c = b; c < end; ++c) v = v * base + (std::isdigit(static_cast<unsigned char>(*c)) ? *c - '0' : *c - 'a' + 10);
    e->i = 0;
    e->s = x;
    e->f = static_cast<double>(v);
    return e;
  }
  if (ec != std::errc() || q != end) fail(fmt::format("invalid {} literal", names[base]));
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
      ExprP e = int_literal(tk);
      ++p;
      return e;
    }
    case Tok::Float: {
      bool imag = tk.text.back() == 'j';
      auto e = mk(imag ? EK::Imag : EK::Float, l);
      e->f = std::strtod(tk.text.c_str(), nullptr);  // 1e999 is inf and 1e-999 is 0.0, as in Python
      ++p;
      return e;
    }
    case Tok::String: {
      ExprP e;
      bool bytes = tk.bytes;
      while (cur().kind == Tok::String) {  // implicit concatenation
        if (cur().bytes != bytes) fail("cannot mix bytes and nonbytes literals");
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
      if (bytes && e->k == EK::Str) e->i = 1;  // (a bytes literal: its text the raw bytes)
      return e;
    }
    case Tok::Op: {
      if (tk.text == "(") {
        ++p;
        if (accept_op(")")) return mk(EK::Tuple, l);
        if (is_kw("yield")) { auto y = yield_expr(); expect_op(")"); return y; }
        ExprP first = star_named();
        if (is_kw("for") || is_kw("async")) { auto g = comprehension(EK::GenExp, first, l); expect_op(")"); return g; }
        if (accept_op(")")) {
          if (first->k == EK::Starred) throw CompileError(first->loc, "cannot use starred expression here");
          return first;
        }
        auto tup = mk(EK::Tuple, l);
        tup->a.push_back(first);
        expect_op(",");
        while (!is_op(")")) {
          tup->a.push_back(star_named());
          if (!accept_op(",")) break;
        }
        expect_op(")");
        return tup;
      }
      if (tk.text == "[") {
        ++p;
        auto lst = mk(EK::List, l);
        if (accept_op("]")) return lst;
        ExprP first = star_named();
        if (is_kw("for") || is_kw("async")) { auto c = comprehension(EK::ListComp, first, l); expect_op("]"); return c; }
        lst->a.push_back(first);
        while (accept_op(",")) {
          if (is_op("]")) break;
          lst->a.push_back(star_named());
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
            d->a.push_back(bitor_expr());
            return;
          }
          d->a.push_back(expr());
          expect_op(":");
          d->a.push_back(expr());
        };
        if (is_op("**")) {
          dict_item();
          if (is_kw("for")) fail("dict unpacking cannot be used in dict comprehension");
          while (accept_op(",")) { if (is_op("}")) break; dict_item(); }
          expect_op("}");
          return d;
        }
        bool bare_walrus = cur().kind == Tok::Name && peek().kind == Tok::Op && peek().text == ":=";
        ExprP k = star_named();
        if (k->k != EK::Starred && !bare_walrus && accept_op(":")) {
          ExprP v = expr();
          if (is_kw("for") || is_kw("async")) { auto c = comprehension(EK::DictComp, k, l, v); expect_op("}"); return c; }
          d->a = {k, v};
          while (accept_op(",")) {
            if (is_op("}")) break;
            dict_item();
          }
          expect_op("}");
          return d;
        }
        if (is_kw("for") || is_kw("async")) { auto c = comprehension(EK::SetComp, k, l); expect_op("}"); return c; }
        auto st = mk(EK::Set, l);
        st->a.push_back(k);
        while (accept_op(",")) { if (is_op("}")) break; st->a.push_back(star_named()); }
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
