// Parser implementation. Grammar follows CPython's for the supported subset; unsupported syntax
// is reported as a CompileError at the offending token.
#include "parser.hpp"

#include <fmt/format.h>

#include "lexer.hpp"

namespace tparse::compiler {
namespace {

ExprP mk(EK k, Location l) {
  auto e = std::make_shared<Expr>();
  e->k = k;
  e->loc = l;
  return e;
}

struct Parser {
  std::vector<Token> t;
  size_t p = 0;

  const Token& cur() const { return t[p]; }
  const Token& peek(int n = 1) const { return t[std::min(p + n, t.size() - 1)]; }
  bool is_op(const char* o) const { return cur().kind == Tok::Op && cur().text == o; }
  bool is_kw(const char* w) const { return cur().kind == Tok::Name && cur().text == w; }
  [[noreturn]] void fail(const std::string& m) { throw CompileError(cur().loc, m); }
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

  static bool is_keyword(const std::string& s) {
    static const char* kws[] = {"if", "else", "elif", "for", "in", "while", "def", "class", "return",
                                "and", "or", "not", "is", "lambda", "import", "from", "as", "with",
                                "pass", "break", "continue", "None", "True", "False", "yield",
                                "assert", "raise", "global", "del", "try", "except", "finally", nullptr};
    for (int i = 0; kws[i]; ++i) if (s == kws[i]) return true;
    return false;
  }

  // ---- statements ----
  std::vector<StmtP> block() {
    std::vector<StmtP> body;
    if (cur().kind != Tok::Newline) {  // simple statement on the same line
      simple_stmts(body);
      return body;
    }
    ++p;
    if (cur().kind != Tok::Indent) fail("expected an indented block");
    ++p;
    while (cur().kind != Tok::Dedent && cur().kind != Tok::End) statement(body);
    if (cur().kind == Tok::Dedent) ++p;
    return body;
  }

  int last_line() const { return p > 0 ? t[p - 1].loc.line : 1; }

  void statement(std::vector<StmtP>& out) {
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
      while (accept_kw("except")) {
        if (!is_op(":")) { expr(); if (accept_kw("as")) expect_name(); }
        expect_op(":");
        auto h = block();
        if (s->orelse.empty()) s->orelse = h;
      }
      if (accept_kw("finally")) { expect_op(":"); s->final_body = block(); }
    } else {
      simple_stmts(out);
      return;
    }
    s->end_line = last_line();
    if (s->fn) s->fn->end_line = s->end_line;
    out.push_back(s);
  }

  std::shared_ptr<FuncDef> funcdef(Location l) {
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
    return f;
  }

  std::vector<Param> params(const char* end) {
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

  void simple_stmts(std::vector<StmtP>& out) {
    while (true) {
      out.push_back(simple_stmt());
      if (!accept_op(";")) break;
      if (cur().kind == Tok::Newline) break;
    }
    expect_newline();
  }

  StmtP simple_stmt() {
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
    if (accept_kw("global") || accept_kw("nonlocal")) {
      s->k = SK::Global;
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
      s->module = dotted();
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

  void check_target(const ExprP& e) {
    if (e->k == EK::Name || e->k == EK::Attr || e->k == EK::Subscript) return;
    if (e->k == EK::Tuple || e->k == EK::List) { for (auto& x : e->a) check_target(x); return; }
    if (e->k == EK::Starred) { check_target(e->a[0]); return; }
    throw CompileError(e->loc, "cannot assign to expression");
  }

  std::string dotted() {
    std::string n = expect_name();
    while (accept_op(".")) n += "." + expect_name();
    return n;
  }

  ExprP target() {
    ExprP e = primary();
    check_target(e);
    return e;
  }
  ExprP target_list() {
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
  ExprP paren_target() {
    ExprP e = primary();
    check_target(e);
    return e;
  }
  ExprP star(ExprP inner, Location l) {
    auto s = mk(EK::Starred, l);
    s->a.push_back(inner);
    return s;
  }

  // ---- expressions ----
  ExprP expr_list(bool allow_star = false) {
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

  ExprP expr() {
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

  ExprP or_expr() {
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
  ExprP and_expr() {
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
  ExprP not_expr() {
    if (is_kw("not")) {
      Location l = cur().loc;
      ++p;
      auto u = mk(EK::UnaryOp, l);
      u->s = "not";
      u->a = {not_expr()};
      return u;
    }
    return comparison();
  }
  ExprP comparison() {
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
  ExprP binary(ExprP (Parser::*next)(), std::initializer_list<const char*> ops) {
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
  ExprP bitor_expr() { return binary(&Parser::bitxor_expr, {"|"}); }
  ExprP bitxor_expr() { return binary(&Parser::bitand_expr, {"^"}); }
  ExprP bitand_expr() { return binary(&Parser::shift_expr, {"&"}); }
  ExprP shift_expr() { return binary(&Parser::arith, {"<<", ">>"}); }
  ExprP arith() { return binary(&Parser::term, {"+", "-"}); }
  ExprP term() { return binary(&Parser::factor, {"*", "/", "//", "%", "@"}); }
  ExprP factor() {
    if (is_op("-") || is_op("+") || is_op("~")) {
      Location l = cur().loc;
      std::string op = t[p++].text;
      auto u = mk(EK::UnaryOp, l);
      u->s = op;
      u->a = {factor()};
      return u;
    }
    return power();
  }
  ExprP power() {
    ExprP e = primary();
    if (is_op("**")) {
      ++p;
      auto b = mk(EK::BinOp, e->loc);
      b->s = "**";
      b->a = {e, factor()};
      return b;
    }
    return e;
  }

  ExprP primary() {
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

  ExprP subscript_list() {
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
  ExprP subscript() {
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

  ExprP comprehension(EK kind, ExprP elt, Location l, ExprP val = nullptr) {
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

  ExprP fstring(const Token& tk) {
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
        sub.t = lex(inner);
        for (auto& x : sub.t) { x.loc.line = tk.loc.line; x.loc.col += tk.loc.col + static_cast<int>(i) + 1; }
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

  ExprP atom() {
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
        e->i = std::stoll(tk.text, nullptr, 0);
        ++p;
        return e;
      }
      case Tok::Float: {
        auto e = mk(EK::Float, l);
        e->f = std::stod(tk.text);
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
          ExprP k = expr();
          if (accept_op(":")) {
            ExprP v = expr();
            if (is_kw("for")) { auto c = comprehension(EK::DictComp, k, l, v); expect_op("}"); return c; }
            d->a = {k, v};
            while (accept_op(",")) {
              if (is_op("}")) break;
              d->a.push_back(expr());
              expect_op(":");
              d->a.push_back(expr());
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
        if (tk.text == "...") { ++p; return mk(EK::None, l); }
        fail("invalid syntax");
      }
      case Tok::Indent: fail("unexpected indent");
      case Tok::Dedent:
      case Tok::Newline: fail("invalid syntax");
      case Tok::End: fail("unexpected end of file");
    }
    fail("invalid syntax");
  }
};

}  // namespace

Module parse_module(const std::string& source) {
  Parser ps;
  ps.t = lex(source);
  Module m;
  while (ps.cur().kind != Tok::End) {
    if (ps.cur().kind == Tok::Newline) { ++ps.p; continue; }
    if (ps.cur().kind == Tok::Indent) ps.fail("unexpected indent");
    ps.statement(m.body);
  }
  return m;
}

}  // namespace tparse::compiler
