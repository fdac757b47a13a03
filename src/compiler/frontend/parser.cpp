// Parser implementation, statement half: blocks, compound and simple statements, assignment
// targets, and parse_module. Expressions live in parser_expr.cpp. Grammar follows CPython's for the
// supported subset; unsupported syntax is reported as a CompileError at the offending token.
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
    while (accept_op("@")) { decos.push_back(expr()); expect_newline(); }
    if (!is_kw("def") && !is_kw("class")) fail("expected 'def' or 'class' after a decorator");
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
  if (accept_kw("if")) {
    s->k = SK::If;
    s->value = expr();
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
    s->value = expr_list();
    expect_op(":");
    s->body = block();
    if (accept_kw("else")) { expect_op(":"); s->orelse = block(); }
  } else if (accept_kw("while")) {
    s->k = SK::While;
    s->value = expr();
    expect_op(":");
    s->body = block();
  } else if (accept_kw("def")) {
    s->k = SK::Def;
    s->fn = funcdef(l);
  } else if (accept_kw("class")) {
    s->k = SK::Class;
    s->fn = std::make_shared<FuncDef>();
    s->fn->name = expect_name();
    s->fn->loc = l;
    s->fn->firstlineno = l.line;
    if (accept_op("(")) {
      while (!is_op(")")) { s->items.push_back(expr()); if (!accept_op(",")) break; }
      expect_op(")");
    }
    expect_op(":");
    s->fn->body = block();
  } else if (accept_kw("with")) {
    s->k = SK::With;
    do {
      s->items.push_back(expr());
      s->targets.push_back(accept_kw("as") ? target() : nullptr);
    } while (accept_op(","));
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
      if (!is_op(":")) { h->value = expr(); if (accept_kw("as")) h->op = expect_name(); }
      expect_op(":");
      h->body = block();
      s->handlers.push_back(h);
    }
    if (accept_kw("else")) { expect_op(":"); s->orelse = block(); }
    if (accept_kw("finally")) { expect_op(":"); s->final_body = block(); }
  } else {
    simple_stmts(out);
    return;
  }
  s->end_line = last_line();
  if (s->fn) s->fn->end_line = s->end_line;
  out.push_back(s);
}

/// A `yield` statement in this body (nested defs and classes excluded): the function is a generator.
static bool has_yield(const std::vector<StmtP>& body) {
  for (auto& st : body) {
    if (st->k == SK::Def || st->k == SK::Class) continue;
    if (st->k == SK::Expr && st->value && st->value->k == EK::Yield) return true;
    if (has_yield(st->body) || has_yield(st->orelse) || has_yield(st->final_body)) return true;
    for (auto& h : st->handlers) if (has_yield(h->body)) return true;
  }
  return false;
}

std::shared_ptr<FuncDef> Parser::funcdef(Location l) {
  auto f = std::make_shared<FuncDef>();
  f->name = expect_name();
  f->loc = l;
  f->firstlineno = l.line;
  expect_op("(");
  f->params = params(")");
  expect_op(")");
  if (accept_op("->")) expr();
  expect_op(":");
  f->body = block();
  f->generator = has_yield(f->body);
  return f;
}

std::vector<Param> Parser::params(const char* end) {
  std::vector<Param> ps;
  bool kwonly = false;
  while (!is_op(end)) {
    Param pr;
    if (accept_op("**")) { pr.kind = 2; pr.name = expect_name(); }
    else if (accept_op("*")) {
      if (is_op(",")) { kwonly = true; accept_op(","); continue; }
      pr.kind = 1; pr.name = expect_name(); kwonly = true;
    } else {
      pr.name = expect_name();
      pr.kind = kwonly ? 3 : 0;
    }
    if (std::string(end) == ")" && accept_op(":")) expr();  // annotation
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

StmtP Parser::simple_stmt() {
  auto s = std::make_shared<Stmt>();
  s->loc = cur().loc;
  s->end_line = s->loc.line;
  if (accept_kw("pass")) { s->k = SK::Pass; return s; }
  if (accept_kw("break")) { s->k = SK::Break; return s; }
  if (accept_kw("continue")) { s->k = SK::Continue; return s; }
  if (accept_kw("return")) {
    s->k = SK::Return;
    if (cur().kind != Tok::Newline && !is_op(";")) s->value = expr_list();
    return s;
  }
  bool nonlocal = is_kw("nonlocal");
  if (accept_kw("global") || accept_kw("nonlocal")) {
    s->k = SK::Global;
    if (nonlocal) s->op = "nonlocal";
    do s->names.push_back({expect_name(), ""}); while (accept_op(","));
    return s;
  }
  if (accept_kw("del")) { s->k = SK::Del; s->targets.push_back(expr_list()); return s; }
  if (accept_kw("assert")) {
    s->k = SK::Assert;
    s->value = expr();
    if (accept_op(",")) expr();
    return s;
  }
  if (is_kw("yield")) {
    auto e = std::make_shared<Expr>();
    e->k = EK::Yield;
    e->loc = cur().loc;
    accept_kw("yield");
    if (cur().kind != Tok::Newline && !is_op(";")) e->a.push_back(expr_list());
    s->k = SK::Expr;
    s->value = e;
    return s;
  }
  if (accept_kw("raise")) {
    s->k = SK::Raise;
    if (cur().kind != Tok::Newline) s->value = expr();
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
  ExprP e = expr_list(true);
  if (is_op("=")) {
    s->k = SK::Assign;
    s->targets.push_back(e);
    check_target(e);
    while (accept_op("=")) {
      ExprP v = expr_list(true);
      s->targets.push_back(v);
    }
    s->value = s->targets.back();
    s->targets.pop_back();
    for (auto& tg : s->targets) check_target(tg);
    return s;
  }
  if (cur().kind == Tok::Op && cur().text.size() >= 2 && cur().text.back() == '=' &&
      cur().text != "==" && cur().text != "<=" && cur().text != ">=" && cur().text != "!=") {
    s->k = SK::AugAssign;
    s->op = cur().text.substr(0, cur().text.size() - 1);
    ++p;
    check_target(e);
    s->target = e;
    s->value = expr_list();
    return s;
  }
  if (is_op(":") && e->k == EK::Name) {
    ++p;
    expr();
    s->k = SK::AnnAssign;
    s->targets.push_back(e);
    if (accept_op("=")) s->value = expr_list();
    return s;
  }
  s->k = SK::Expr;
  s->value = e;
  return s;
}

void Parser::check_target(const ExprP& e) {
  if (e->k == EK::Name || e->k == EK::Attr || e->k == EK::Subscript) return;
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
