// Private to the Python 3.12 parser: the recursive-descent Parser state shared by parser.cpp (statements,
// assignment targets, parse_module), parser_expr.cpp (expressions, f-strings) and parser_match.cpp
// (match statements and patterns). Not installed;
// include parser.hpp for the public entry point.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/lexer.hpp"

namespace tparse::compiler::parser_detail {

/// A fresh expression node of kind k at l.
inline ExprP mk(EK k, Location l) {
  auto e = std::make_shared<Expr>();
  e->k = k;
  e->loc = l;
  return e;
}

/// Token cursor plus one member per grammar rule. Every rule consumes its tokens and returns the
/// node, or throws CompileError at the current token.
struct Parser {
  std::vector<Token> t;
  size_t p = 0;
  /// Nesting of recursive rules (parentheses, unary operators, blocks): bounded so that deeply
  /// nested input is a syntax error instead of a stack overflow. Like CPython: 100 levels of
  /// blocks, 200 of nesting in all.
  int depth = 0;
  int yields = 0;  ///< `yield`s parsed in the current function body (funcdef sets FuncDef::generator)
  static constexpr int kMaxDepth = 200;
  static constexpr int kMaxBlocks = 100;
  struct Nest {
    Parser& ps;
    Nest(Parser& parser, const char* what, int limit = kMaxDepth) : ps(parser) {
      if (ps.depth >= limit) ps.fail(what);
      ++ps.depth;
    }
    ~Nest() { --ps.depth; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
  };

  // ---- token helpers ----
  const Token& cur() const { return t[p]; }
  const Token& peek(int n = 1) const { return t[std::min(p + n, t.size() - 1)]; }
  bool is_op(const char* o) const { return cur().kind == Tok::Op && cur().text == o; }
  bool is_kw(const char* w) const { return cur().kind == Tok::Name && cur().text == w; }
  /// Throws at the current token. In a file with an unclosed bracket (the End token carries its
  /// error), an error on a later line than the bracket is reported as the bracket's, as CPython does.
  [[noreturn]] void fail(const std::string& m) {
    if (!t.back().text.empty() && cur().loc.line > t.back().loc.line) throw CompileError(t.back().loc, t.back().text);
    throw CompileError(cur().loc, m);
  }
  bool accept_op(const char* o) { if (is_op(o)) { ++p; return true; } return false; }
  bool accept_kw(const char* w) { if (is_kw(w)) { ++p; return true; } return false; }
  void expect_op(const char* o) {
    if (!accept_op(o)) fail(fmt::format("expected '{}'", o));
  }
  std::string expect_name() {
    if (cur().kind != Tok::Name) fail("expected a name");
    return t[p++].text;
  }
  void expect_newline() {
    if (cur().kind == Tok::Newline) { ++p; return; }
    if (cur().kind == Tok::End) return;
    fail("invalid syntax");
  }
  int last_line() const { return p > 0 ? t[p - 1].loc.line : 1; }

  /// Runs `rule`; on a CompileError puts the cursor back and returns false (PEG-style backtracking
  /// for soft keywords and parenthesized with-items).
  template <class F>
  bool attempt(F rule) {
    size_t save = p;
    try { rule(); return true; } catch (const CompileError&) { p = save; return false; }
  }

  // ---- statements (parser.cpp) ----
  std::vector<StmtP> block();
  void statement(std::vector<StmtP>& out);
  void compound(std::shared_ptr<Stmt> s, bool async);
  std::shared_ptr<FuncDef> funcdef(Location l);
  void class_def(Stmt& s);
  void with_items(Stmt& s);
  bool match_stmt(Stmt& s);
  ExprP pattern();
  ExprP or_pattern();
  ExprP closed_pattern();
  ExprP open_patterns();
  void skip_type_params();
  ExprP yield_expr();
  ExprP rhs();
  std::vector<Param> params(const char* end);
  void simple_stmts(std::vector<StmtP>& out);
  StmtP simple_stmt();
  void check_target(const ExprP& e);
  std::string dotted();
  ExprP target();
  ExprP target_list();
  ExprP paren_target();
  ExprP star(ExprP inner, Location l);

  // ---- expressions (parser_expr.cpp) ----
  ExprP expr_list(bool allow_star = false);
  ExprP named_expr();
  ExprP star_named();
  ExprP expr();
  ExprP or_expr();
  ExprP and_expr();
  ExprP not_expr();
  ExprP comparison();
  ExprP binary(ExprP (Parser::*next)(), std::initializer_list<const char*> ops);
  ExprP bitor_expr();
  ExprP bitxor_expr();
  ExprP bitand_expr();
  ExprP shift_expr();
  ExprP arith();
  ExprP term();
  ExprP factor();
  ExprP power();
  ExprP primary();
  ExprP subscript_list();
  ExprP subscript();
  ExprP comprehension(EK kind, ExprP elt, Location l, ExprP val = nullptr);
  ExprP fstring(const Token& tk);
  ExprP fparts_expr(const std::vector<FPart>& parts, Location l);
  ExprP int_literal(const Token& tk);
  ExprP atom();
};

}  // namespace tparse::compiler::parser_detail
