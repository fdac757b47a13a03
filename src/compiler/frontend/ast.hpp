// AST for Python 3.12 source: expressions and statements, each stamped with a Location.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "frontend/diag.hpp"

namespace tparse::compiler {

struct Expr;
struct Stmt;
struct FuncDef;
using ExprP = std::shared_ptr<Expr>;
using StmtP = std::shared_ptr<Stmt>;

enum class EK {
  Name, None, True, False, Int, Float, Str, FStr, Attr, Subscript, Slice, Call, BinOp, UnaryOp,
  BoolOp, Compare, IfExp, Tuple, List, Dict, Set, ListComp, GenExp, DictComp, Lambda, Starred,
  Yield,                        ///< `yield [value]` (a[0] = value or empty); s = "from" for `yield from a[0]`
  Ellipsis,                     ///< `...` (a constant)
  SetComp,                      ///< `{elt for ...}` (a[0] = elt)
  NamedExpr,                    ///< `name := a[0]` (s = name)
  Await,                        ///< `await a[0]`
  Imag                          ///< imaginary literal `2j` (f = its value)
};

/// One `for target in iter if cond...` clause of a comprehension.
struct Comp {
  ExprP target, iter;
  std::vector<ExprP> conds;
};

struct Expr {
  EK k;
  Location loc;
  std::string s;              ///< Name id, attribute, operator, string value
  long long i = 0;            ///< Int literal (beyond 64 bits: i = 0, s = the literal's text, f ≈ its value); Str: 1 for bytes
  double f = 0;               ///< Float literal
  std::vector<ExprP> a;       ///< children (Call: a[0] = callee, then args; Dict: k0,v0,k1,v1...)
  std::vector<std::string> kw;///< Call: per arg "" / "*" / "**" / keyword; Compare: ops; FStr: literal pieces
  /// comprehensions; FStr: one per field, target = its format spec (Str or FStr; null if none),
  /// iter = its conversion as a Str "r"/"s"/"a" (null if none)
  std::vector<Comp> comps;
  std::shared_ptr<FuncDef> fn;///< Lambda
  /// UnaryOp `not` in a branch's test (if / while / assert / a conditional expression / a comprehension's `if`, through
  /// `and` / `or`): CPython compiles it into the jump (no UNARY_NOT), so Dynamo sees no `not` there (mark_jump_test)
  bool jump = false;
};

/// Marks the `not`s that a test compiles into its jumps (CPython's compiler_jump_if): the test itself, and through
/// `not`, `and`, `or` the operands.
inline void mark_jump_test(Expr* e) {
  if (!e) return;
  if (e->k == EK::UnaryOp && e->s == "not") { e->jump = true; mark_jump_test(e->a[0].get()); }
  else if (e->k == EK::BoolOp) for (auto& x : e->a) mark_jump_test(x.get());
}

enum class SK {
  Expr, Assign, AugAssign, AnnAssign, If, For, While, Def, Class, Return, Pass, Break, Continue,
  Import, ImportFrom, With, Assert, Raise, Global, Del, Try,
  Match,      ///< `match value:`; handlers = the `case` clauses (target = pattern, value = guard, body)
  TypeAlias   ///< `type targets[0][params] = value` (3.12)
};

struct Param {
  std::string name;
  ExprP def;           ///< default value or null
  int kind = 0;        ///< 0 normal, 1 *args, 2 **kwargs, 3 keyword-only
};

struct FuncDef {
  std::string name;
  Location loc;
  int firstlineno = 0;           ///< co_firstlineno: first decorator line if decorated
  std::vector<Param> params;
  std::vector<StmtP> body;
  std::vector<ExprP> decorators;
  ExprP lambda_body;             ///< set for lambdas
  int end_line = 0;
  bool generator = false;        ///< body contains `yield`: a call returns an iterator
  bool is_async = false;         ///< `async def`
  /// the names its nested functions, lambdas and class bodies use (frontend/scopes.cpp), computed at first need
  mutable std::shared_ptr<const std::set<std::string>> nested_names;
};

struct Stmt {
  SK k;
  Location loc;
  int end_line = 0;
  std::vector<ExprP> targets;    ///< Assign / AnnAssign targets / Del targets / With `as` targets
  ExprP target;                  ///< For / AugAssign target; Raise: the `from` cause; Assert: the message
  ExprP value;                   ///< expression / condition / iterable / return value
  std::vector<ExprP> items;      ///< With context expressions; Class bases; AnnAssign: the annotation
  std::string op;                ///< AugAssign operator ("+"); "async" on async for/with; Try: "except*"
  std::vector<StmtP> body, orelse, final_body;  ///< Try/For/While: orelse is the `else:` clause
  std::vector<StmtP> handlers;   ///< Try: `except [value] [as op]:` clauses (their body)
  std::shared_ptr<FuncDef> fn;   ///< Def / Class (fn->name, body; bases in `items`)
  std::vector<std::pair<std::string, ExprP>> keywords;  ///< Class header keywords (metaclass=, total=)
  std::string module;            ///< ImportFrom module
  std::vector<std::pair<std::string, std::string>> names;  ///< imports (name, asname); Global names
};

struct Module {
  std::vector<StmtP> body;
};

}  // namespace tparse::compiler
