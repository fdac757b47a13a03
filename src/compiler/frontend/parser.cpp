// Parser implementation, statement half: blocks, compound statements (if/for/while/def/class/with/
// try/match, async forms), simple statements, assignment targets, and parse_module. Expressions live
// in parser_expr.cpp. Grammar follows CPython 3.12's; bad syntax is a CompileError at the offending token.
#include "frontend/parser.hpp"

#include "frontend/parser_impl.hpp"

namespace tparse::compiler {
namespace parser_detail {

std::vector<StmtP> Parser::block() {
  std::vector<StmtP> body;
  if (cur().kind != Tok::Newline) {  // simple statement on the same line
    simple_stmts(body);
    return body;
  }
  ++p;
  if (cur().kind != Tok::Indent) fail("expected an indented block");
  Nest nest(*this, "too many levels of indentation", kMaxBlocks);
  ++p;
  while (cur().kind != Tok::Dedent && cur().kind != Tok::End) statement(body);
  if (cur().kind == Tok::Dedent) ++p;
  return body;
}

void Parser::statement(std::vector<StmtP>& out) {
  Location l = cur().loc;
  if (is_op("@")) {
    std::vector<ExprP> decos;
    while (accept_op("@")) { decos.push_back(named_expr()); expect_newline(); }
    if (!is_kw("def") && !is_kw("class") && !(is_kw("async") && peek().text == "def"))
      fail("expected 'def' or 'class' after a decorator");
    size_t before = out.size();
    statement(out);
    if (out.size() > before) {
      out.back()->fn->decorators = decos;
      out.back()->fn->firstlineno = l.line;
      out.back()->loc = l;
    }
    return;
  }
  auto s = std::make_shared<Stmt>();
  s->loc = l;
  bool async = false;
  if (is_kw("async") && peek().kind == Tok::Name &&
      (peek().text == "def" || peek().text == "for" || peek().text == "with")) {
    ++p;
    async = true;
  }
  if (is_kw("if") || is_kw("for") || is_kw("while") || is_kw("def") || is_kw("class") || is_kw("with") ||
      is_kw("try")) {
    compound(s, async);
  } else if (is_kw("match") && match_stmt(*s)) {
    s->k = SK::Match;
  } else {
    simple_stmts(out);
    return;
  }
  s->end_line = last_line();
  if (s->fn) s->fn->end_line = s->end_line;
  out.push_back(s);
}

void Parser::compound(std::shared_ptr<Stmt> s, bool async) {
  Location l = s->loc;
  if (async) s->op = "async";
  if (accept_kw("if")) {
    s->k = SK::If;
    s->value = named_expr();
    mark_jump_test(s->value.get());
    expect_op(":");
    s->body = block();
    if (is_kw("elif")) {
      std::vector<StmtP> sub;
      t[p].text = "if";
      statement(sub);
      s->orelse = sub;
    } else if (accept_kw("else")) {
      expect_op(":");
      s->orelse = block();
    }
  } else if (accept_kw("for")) {
    s->k = SK::For;
    s->target = target_list();
    if (!accept_kw("in")) fail("expected 'in'");
    s->value = expr_list(true);
    expect_op(":");
    s->body = block();
    if (accept_kw("else")) { expect_op(":"); s->orelse = block(); }
  } else if (accept_kw("while")) {
    s->k = SK::While;
    s->value = named_expr();
    mark_jump_test(s->value.get());
    expect_op(":");
    s->body = block();
    if (accept_kw("else")) { expect_op(":"); s->orelse = block(); }
  } else if (accept_kw("def")) {
    s->k = SK::Def;
    s->fn = funcdef(l);
    s->fn->is_async = async;
  } else if (accept_kw("class")) {
    s->k = SK::Class;
    class_def(*s);
  } else if (accept_kw("with")) {
    s->k = SK::With;
    with_items(*s);
    expect_op(":");
    s->body = block();
  } else if (accept_kw("try")) {
    s->k = SK::Try;
    expect_op(":");
    s->body = block();
    while (is_kw("except")) {
      auto h = std::make_shared<Stmt>();
      h->k = SK::Pass;
      h->loc = cur().loc;
      accept_kw("except");
      if (accept_op("*")) s->op = "except*";
      if (!is_op(":")) { h->value = expr_list(); if (accept_kw("as")) h->op = expect_name(); }
      expect_op(":");
      h->body = block();
      s->handlers.push_back(h);
    }
    if (accept_kw("else")) { expect_op(":"); s->orelse = block(); }
    if (accept_kw("finally")) { expect_op(":"); s->final_body = block(); }
    if (s->handlers.empty() && s->final_body.empty()) fail("expected 'except' or 'finally' block");
  }
}

void Parser::class_def(Stmt& s) {
  s.fn = std::make_shared<FuncDef>();
  s.fn->name = expect_name();
  s.fn->loc = s.loc;
  s.fn->firstlineno = s.loc.line;
  skip_type_params();
  if (accept_op("(")) {  // bases and keywords, as in a call
    while (!is_op(")")) {
      Location l = cur().loc;
      if (accept_op("**")) s.keywords.push_back({"**", expr()});
      else if (accept_op("*")) s.items.push_back(star(expr(), l));
      else if (cur().kind == Tok::Name && peek().kind == Tok::Op && peek().text == "=") {
        std::string k = cur().text;
        p += 2;
        s.keywords.push_back({k, expr()});
      } else {
        s.items.push_back(named_expr());
      }
      if (!accept_op(",")) break;
    }
    expect_op(")");
  }
  expect_op(":");
  s.fn->body = block();
}

void Parser::with_items(Stmt& s) {
  auto item = [&] {
    s.items.push_back(expr());
    s.targets.push_back(accept_kw("as") ? target() : nullptr);
  };
  if (is_op("(") && attempt([&] {  // `with (a as b, c as d,):` (3.10)
        ++p;
        do {
          if (is_op(")")) break;
          item();
        } while (accept_op(","));
        expect_op(")");
        if (!is_op(":")) fail("expected ':'");
      }))
    return;
  s.items.clear();
  s.targets.clear();
  do item(); while (accept_op(","));
}

/// `[T, *Ts, **P, U: bound = default]` after a def/class name (3.12): parsed and dropped.
void Parser::skip_type_params() {
  if (!is_op("[")) return;
  ++p;
  while (!is_op("]")) {
    if (!accept_op("**")) accept_op("*");
    expect_name();
    if (accept_op(":")) expr();
    if (accept_op("=")) expr();
    if (!accept_op(",")) break;
  }
  expect_op("]");
}

std::shared_ptr<FuncDef> Parser::funcdef(Location l) {
  auto f = std::make_shared<FuncDef>();
  f->name = expect_name();
  f->loc = l;
  f->firstlineno = l.line;
  skip_type_params();
  expect_op("(");
  f->params = params(")");
  expect_op(")");
  if (accept_op("->")) expr();
  expect_op(":");
  int outer_yields = yields;  // a `yield` anywhere in this body (nested defs excluded): a generator
  yields = 0;
  f->body = block();
  f->generator = yields > 0;
  yields = outer_yields;
  return f;
}

std::vector<Param> Parser::params(const char* end) {
  std::vector<Param> ps;
  bool kwonly = false;
  bool annotated = std::string(end) == ")";
  while (!is_op(end)) {
    Param pr;
    if (accept_op("/")) {  // positional-only marker: the parameters before it are ordinary here
      if (!accept_op(",")) break;
      continue;
    }
    if (accept_op("**")) { pr.kind = 2; pr.name = expect_name(); }
    else if (accept_op("*")) {
      if (is_op(",") || is_op(end)) { kwonly = true; accept_op(","); continue; }
      pr.kind = 1; pr.name = expect_name(); kwonly = true;
      if (annotated && accept_op(":")) { accept_op("*"); expr(); }  // `*args: *Ts`
      ps.push_back(pr);
      if (!accept_op(",")) break;
      continue;
    } else {
      pr.name = expect_name();
      pr.kind = kwonly ? 3 : 0;
    }
    if (annotated && accept_op(":")) expr();  // annotation
    if (accept_op("=")) pr.def = expr();
    ps.push_back(pr);
    if (!accept_op(",")) break;
  }
  return ps;
}

void Parser::simple_stmts(std::vector<StmtP>& out) {
  while (true) {
    out.push_back(simple_stmt());
    out.back()->end_line = last_line();  // a statement spanning lines: its last token's line
    if (!accept_op(";")) break;
    if (cur().kind == Tok::Newline) break;
  }
  expect_newline();
}

/// `yield [from] x` / `yield a, *b` as an expression (statement, assignment value, parenthesized).
ExprP Parser::yield_expr() {
  auto e = mk(EK::Yield, cur().loc);
  ++p;
  ++yields;
  if (accept_kw("from")) {
    e->s = "from";
    e->a.push_back(expr());
  } else if (cur().kind != Tok::Newline && cur().kind != Tok::End && !is_op(";") && !is_op(")") && !is_op("=") &&
             !is_op("]") && !is_op("}")) {
    e->a.push_back(expr_list(true));
  }
  return e;
}

/// The value of an assignment: a yield expression or star expressions.
ExprP Parser::rhs() { return is_kw("yield") ? yield_expr() : expr_list(true); }

StmtP Parser::simple_stmt() {
  auto s = std::make_shared<Stmt>();
  s->loc = cur().loc;
  s->end_line = s->loc.line;
  if (accept_kw("pass")) { s->k = SK::Pass; return s; }
  if (accept_kw("break")) { s->k = SK::Break; return s; }
  if (accept_kw("continue")) { s->k = SK::Continue; return s; }
  if (accept_kw("return")) {
    s->k = SK::Return;
    if (cur().kind != Tok::Newline && cur().kind != Tok::End && !is_op(";")) s->value = expr_list(true);
    return s;
  }
  bool nonlocal = is_kw("nonlocal");
  if (accept_kw("global") || accept_kw("nonlocal")) {
    s->k = SK::Global;
    if (nonlocal) s->op = "nonlocal";
    do s->names.push_back({expect_name(), ""}); while (accept_op(","));
    return s;
  }
  if (accept_kw("del")) {
    s->k = SK::Del;
    s->targets.push_back(expr_list());
    check_target(s->targets.back());
    return s;
  }
  if (accept_kw("assert")) {
    s->k = SK::Assert;
    s->value = expr();
    mark_jump_test(s->value.get());
    if (accept_op(",")) s->target = expr();
    return s;
  }
  if (is_kw("yield")) {
    s->k = SK::Expr;
    s->value = yield_expr();
    return s;
  }
  if (accept_kw("raise")) {
    s->k = SK::Raise;
    if (cur().kind != Tok::Newline && cur().kind != Tok::End && !is_op(";")) {
      s->value = expr();
      if (accept_kw("from")) s->target = expr();
    }
    return s;
  }
  if (accept_kw("import")) {
    s->k = SK::Import;
    do {
      std::string n = dotted();
      std::string as = accept_kw("as") ? expect_name() : "";
      s->names.push_back({n, as});
    } while (accept_op(","));
    return s;
  }
  if (accept_kw("from")) {
    s->k = SK::ImportFrom;
    std::string dots;  // relative import: `from .x import y`, `from .. import z`
    for (;;) {
      if (accept_op(".")) dots += ".";
      else if (accept_op("...")) dots += "...";
      else break;
    }
    s->module = dots + (dots.empty() || !is_kw("import") ? dotted() : "");
    if (!accept_kw("import")) fail("expected 'import'");
    bool paren = accept_op("(");
    do {
      if (paren && is_op(")")) break;
      std::string n = accept_op("*") ? "*" : expect_name();
      std::string as = accept_kw("as") ? expect_name() : "";
      s->names.push_back({n, as});
    } while (accept_op(","));
    if (paren) expect_op(")");
    return s;
  }
  if (is_kw("type") && peek().kind == Tok::Name && peek(2).kind == Tok::Op &&
      (peek(2).text == "=" || peek(2).text == "[")) {  // `type X[T] = ...` (3.12 soft keyword)
    ++p;
    s->k = SK::TypeAlias;
    auto n = mk(EK::Name, cur().loc);
    n->s = expect_name();
    s->targets.push_back(n);
    skip_type_params();
    expect_op("=");
    s->value = expr();
    return s;
  }
  ExprP e = expr_list(true);
  if (is_op("=")) {
    s->k = SK::Assign;
    s->targets.push_back(e);
    check_target(e);
    while (accept_op("=")) s->targets.push_back(rhs());
    s->value = s->targets.back();
    s->targets.pop_back();
    for (auto& tg : s->targets) check_target(tg);
    return s;
  }
  if (cur().kind == Tok::Op && cur().text.size() >= 2 && cur().text.back() == '=' &&
      cur().text != "==" && cur().text != "<=" && cur().text != ">=" && cur().text != "!=" && cur().text != ":=") {
    s->k = SK::AugAssign;
    s->op = cur().text.substr(0, cur().text.size() - 1);
    ++p;
    if (e->k != EK::Name && e->k != EK::Attr && e->k != EK::Subscript)
      throw CompileError(e->loc, "'" + std::string(e->k == EK::Tuple ? "tuple" : "expression") + "' is an illegal expression for augmented assignment");
    s->target = e;
    s->value = rhs();
    return s;
  }
  if (is_op(":")) {  // annotated assignment: `x: T`, `self.x: T = v`, `d[k]: T = v`
    if (e->k != EK::Name && e->k != EK::Attr && e->k != EK::Subscript)
      throw CompileError(e->loc, "only single target (not tuple) can be annotated");
    ++p;
    s->k = SK::AnnAssign;
    s->targets.push_back(e);
    s->items.push_back(expr());
    if (accept_op("=")) s->value = rhs();
    return s;
  }
  s->k = SK::Expr;
  s->value = e;
  return s;
}

void Parser::check_target(const ExprP& e) {
  if (e->k == EK::Name || e->k == EK::Attr || e->k == EK::Subscript) return;
  if (e->k == EK::Yield) throw CompileError(e->loc, "assignment to yield expression not possible");
  if (e->k == EK::Tuple || e->k == EK::List) { for (auto& x : e->a) check_target(x); return; }
  if (e->k == EK::Starred) { check_target(e->a[0]); return; }
  throw CompileError(e->loc, "cannot assign to expression");
}

std::string Parser::dotted() {
  std::string n = expect_name();
  while (accept_op(".")) n += "." + expect_name();
  return n;
}

ExprP Parser::target() {
  ExprP e = primary();
  check_target(e);
  return e;
}

ExprP Parser::target_list() {
  Location l = cur().loc;
  std::vector<ExprP> xs;
  bool comma = false;
  do {
    if (is_kw("in")) break;
    xs.push_back(accept_op("*") ? star(target(), l) : (is_op("(") ? paren_target() : target()));
  } while ((comma = accept_op(",")));
  if (xs.size() == 1 && !comma) return xs[0];
  auto tup = mk(EK::Tuple, l);
  tup->a = xs;
  return tup;
}

ExprP Parser::paren_target() {
  ExprP e = primary();
  check_target(e);
  return e;
}

ExprP Parser::star(ExprP inner, Location l) {
  auto s = mk(EK::Starred, l);
  s->a.push_back(inner);
  return s;
}

}  // namespace parser_detail

Module parse_module(const std::string& source, int file) {
  try {
    parser_detail::Parser ps;
    ps.t = lex(source);
    for (auto& tok : ps.t) tok.loc.file = file;
    Module m;
    while (ps.cur().kind != Tok::End) {
      if (ps.cur().kind == Tok::Newline) { ++ps.p; continue; }
      if (ps.cur().kind == Tok::Indent) ps.fail("unexpected indent");
      ps.statement(m.body);
    }
    return m;
  } catch (CompileError& e) {
    e.loc.file = file;
    throw;
  }
}

}  // namespace tparse::compiler
