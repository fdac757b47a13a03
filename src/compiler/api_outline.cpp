// outline_source: the parser's statements flattened with their locations, calls and name uses,
// for tools that patch user files by the AST's positions (`tparse fix`, src/fix/).
#include <algorithm>
#include <functional>

#include "api.hpp"
#include "frontend/ast.hpp"
#include "frontend/diag.hpp"
#include "frontend/parser.hpp"

namespace tparse::compiler {

namespace {

// Where an expression starts: a call's, attribute's or subscript's location is its '(' / name /
// '[', a binary operation's is its left operand's, so descend to the leftmost token.
Location expr_start(const ExprP& e) {
  if (!e) return {};
  switch (e->k) {
    case EK::Call: case EK::Attr: case EK::Subscript: case EK::BinOp: case EK::Compare: case EK::BoolOp:
      if (!e->a.empty() && e->a[0]) return expr_start(e->a[0]);
      return e->loc;
    default: return e->loc;
  }
}

// "torch.__version__.split" for a chain of names and attributes; "" otherwise.
std::string dotted(const ExprP& e) {
  if (!e) return "";
  if (e->k == EK::Name) return e->s;
  if (e->k == EK::Attr && !e->a.empty()) {
    std::string b = dotted(e->a[0]);
    return b.empty() ? "" : b + "." + e->s;
  }
  return "";
}

std::string value_kind(const ExprP& e) {
  if (!e) return "";
  switch (e->k) {
    case EK::Call: return "call";
    case EK::Compare: return "compare";
    case EK::Attr: return "attr";
    case EK::BinOp: return "binop";
    case EK::Name: return "name";
    default: return "other";
  }
}

struct Walker {
  Outline& out;

  void expr(const ExprP& e, OutlineStmt& s, const std::string& use) {
    if (!e) return;
    switch (e->k) {
      case EK::Name:
        s.names.push_back({e->s, e->loc.line, e->loc.col, use});
        return;
      case EK::Call: {
        OutlineCall c;
        const ExprP& callee = e->a.empty() ? nullptr : e->a[0];
        c.callee = dotted(callee);
        if (c.callee.empty() && callee && callee->k == EK::Attr) c.callee = "." + callee->s;
        Location st = expr_start(e);
        c.line = st.line;
        c.col = st.col;
        c.paren_line = e->loc.line;
        c.paren_col = e->loc.col;
        if (callee && callee->k == EK::Attr) { c.name_line = callee->loc.line; c.name_col = callee->loc.col; }
        for (size_t i = 1; i < e->a.size(); ++i) {
          const std::string& kw = i - 1 < e->kw.size() ? e->kw[i - 1] : std::string();
          if (kw.empty()) ++c.nargs; else if (kw != "*" && kw != "**") c.keywords.push_back(kw);
        }
        s.calls.push_back(c);
        if (callee && callee->k == EK::Attr) expr(callee->a.empty() ? nullptr : callee->a[0], s, "attr");
        else if (callee && callee->k != EK::Name) expr(callee, s, "other");
        bool is_len = c.callee == "len";
        for (size_t i = 1; i < e->a.size(); ++i) expr(e->a[i], s, is_len ? "len" : "call_arg");
        return;
      }
      case EK::Attr:
        if (!e->a.empty()) expr(e->a[0], s, "attr");
        return;
      case EK::BinOp: case EK::Compare:
        for (auto& c : e->a) expr(c, s, "binop");
        return;
      case EK::Lambda:
        return;  // its own scope
      default:
        for (auto& c : e->a) expr(c, s, "other");
        for (auto& cp : e->comps) {
          expr(cp.iter, s, "other");
          for (auto& cd : cp.conds) expr(cd, s, "other");
        }
        return;
    }
  }

  static const char* kind_of(SK k) {
    switch (k) {
      case SK::Expr: return "expr";
      case SK::Assign: return "assign";
      case SK::AugAssign: return "augassign";
      case SK::AnnAssign: return "annassign";
      case SK::If: return "if";
      case SK::For: return "for";
      case SK::While: return "while";
      case SK::Def: return "def";
      case SK::Class: return "class";
      case SK::Return: return "return";
      case SK::With: return "with";
      case SK::Try: return "try";
      case SK::Import: case SK::ImportFrom: return "import";
      case SK::Pass: return "pass";
      case SK::Raise: return "raise";
      default: return "other";
    }
  }

  std::vector<int> block(const std::vector<StmtP>& b, int parent, const char* which, int fn, int cls,
                         bool in_loop) {
    std::vector<int> ids;
    for (auto& st : b) ids.push_back(stmt(st, parent, which, fn, cls, in_loop));
    return ids;
  }

  int stmt(const StmtP& st, int parent, const char* which, int fn, int cls, bool in_loop) {
    int id = static_cast<int>(out.stmts.size());
    out.stmts.emplace_back();
    {
      OutlineStmt& s = out.stmts.back();
      s.kind = kind_of(st->k);
      s.line = st->loc.line;
      s.col = st->loc.col;
      s.end_line = st->end_line > 0 ? st->end_line : st->loc.line;
      s.parent = parent;
      s.block = which;
      s.function = fn;
      s.cls = cls;
      s.in_loop = in_loop;
      if (st->value) {
        Location v = expr_start(st->value);
        s.value_line = v.line;
        s.value_col = v.col;
        s.value_kind = value_kind(st->value);
      }
      auto add_target = [&](const ExprP& t) {
        if (!t) return;
        if (t->k == EK::Name) s.targets.push_back(t->s);
        else if (t->k == EK::Tuple || t->k == EK::List)
          for (auto& x : t->a) if (x && x->k == EK::Name) s.targets.push_back(x->s);
      };
      for (auto& t : st->targets) add_target(t);
      add_target(st->target);
      if (st->k == SK::Def || st->k == SK::Class) {
        s.name = st->fn ? st->fn->name : "";
        if (st->k == SK::Def && st->fn) for (auto& p : st->fn->params) s.params.push_back(p.name);
      }
      if (st->k != SK::Def && st->k != SK::Class) {
        expr(st->value, s, "other");
        for (auto& it : st->items) expr(it, s, "other");
        for (auto& t : st->targets) if (t && t->k != EK::Name) expr(t, s, "other");
      } else if (st->fn) {
        for (auto& d : st->fn->decorators) expr(d, s, "other");
      }
    }
    bool is_def = st->k == SK::Def;
    bool is_class = st->k == SK::Class;
    int cfn = is_def ? id : fn;
    int ccls = is_class ? id : (is_def ? (parent >= 0 && out.stmts[static_cast<size_t>(parent)].kind == "class" ? parent : -1) : cls);
    bool loop = is_def ? false : (in_loop || st->k == SK::For || st->k == SK::While);
    const std::vector<StmtP>& body = (is_def || is_class) && st->fn ? st->fn->body : st->body;
    std::vector<int> b = block(body, id, "body", cfn, ccls, loop);
    std::vector<int> o = block(st->orelse, id, "orelse", cfn, ccls, loop);
    block(st->final_body, id, "final", cfn, ccls, loop);
    for (auto& h : st->handlers) block(h->body, id, "handler", cfn, ccls, loop);
    out.stmts[static_cast<size_t>(id)].body = std::move(b);
    out.stmts[static_cast<size_t>(id)].orelse = std::move(o);
    return id;
  }
};

}  // namespace

Outline outline_source(const std::string& path, const std::string& source) {
  Outline o;
  try {
    Module m = parse_module(source);
    Walker w{o};
    w.block(m.body, -1, "body", -1, -1, false);
    // A compound statement ends with its last child (the parser's end line is the next token's).
    std::vector<bool> compound(o.stmts.size(), false);
    for (const auto& s : o.stmts) if (s.parent >= 0) compound[static_cast<size_t>(s.parent)] = true;
    for (size_t i = 0; i < o.stmts.size(); ++i) if (compound[i]) o.stmts[i].end_line = o.stmts[i].line;
    for (size_t i = o.stmts.size(); i-- > 0;) {
      int p = o.stmts[i].parent;
      if (p >= 0) o.stmts[static_cast<size_t>(p)].end_line = std::max(o.stmts[static_cast<size_t>(p)].end_line, o.stmts[i].end_line);
    }
    o.ok = true;
  } catch (CompileError& e) {
    o.error = format_diag(path, source, e.loc, e.what());
    o.stmts.clear();
  } catch (const std::exception& e) {
    o.error = path + ": error: " + e.what() + "\n";
    o.stmts.clear();
  }
  return o;
}

}  // namespace tparse::compiler
