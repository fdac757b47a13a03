// What the stack and the live locals hold at a graph break (Dynamo's liveness of a resume point): the names the code
// reads from a statement on, the values CPython's stack holds below a breaking call or subscript, and the names still
// read after the breaking instruction inside its statement. Used by restart.cpp (resume functions, breaks at a call)
// and comprehension.cpp.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>

#include "dynamo/liveness/block_liveness.hpp"
#include "dynamo/liveness/break_liveness.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

// The names the function's code mentions from the top-level statement holding `line` on (Dynamo's liveness of a
// resume point, over-approximated: a name only stored there counts too): what a resume function or a partial
// graph must carry. Locals never named again (a start position used only before the break) are dead. After a
// data-dependent jump (`after_test`: that `if` / `while`), its condition is no longer read.
static void names_in(const Expr* e, std::set<std::string>& out) { names_mentioned(e, out); }

std::set<std::string> names_from(const FuncDef* fn, int line, const Stmt* after_test) {
  std::set<std::string> used;
  auto ex = [&](const ExprP& e) { names_in(e.get(), used); };
  int loops = 0;  // loops around the statement walked (their bodies run again)
  std::function<void(const StmtP&)> st = [&](const StmtP& x) {
    // (a statement done before the break, outside any loop, is not run again: nested as the top level's)
    if (!x || (loops == 0 && x->end_line < line)) return;
    for (auto& t : x->targets) ex(t);
    ex(x->target);
    // a jump's condition is consumed by the jump; so is the test of an `if` whose body holds the break, outside any
    // loop (`if mask is not None:` around pytorch-crf's check: mask is not live after it); a test in a loop runs again
    const bool enclosing_if = loops == 0 && x->k == SK::If && !x->body.empty() && x->body.front()->loc.line <= line &&
                              x->end_line >= line && x->loc.line < line;
    if (x.get() != after_test && !enclosing_if) ex(x->value);
    for (auto& t : x->items) ex(t);
    const bool loop = x->k == SK::For || x->k == SK::While;
    loops += loop;
    for (auto* b : {&x->body, &x->orelse, &x->final_body, &x->handlers}) for (auto& y : *b) st(y);
    loops -= loop;
  };
  if (fn) for (auto& x : fn->body) if (x->end_line >= line) st(x);
  return used;
}

namespace {

int stack_below(const Expr* root, const Expr* target, const std::function<int(const Expr&)>& callable_slots);

/// A constant of CPython's AST after its constant folding (a literal, a signed number, a tuple of constants)
bool ast_constant(const Expr* e) {
  if (!e) return false;
  switch (e->k) {
    case EK::Str: case EK::Int: case EK::Float: case EK::Imag: case EK::None: case EK::True: case EK::False: case EK::Ellipsis:
      return true;
    case EK::UnaryOp: return (e->s == "-" || e->s == "+") && !e->a.empty() && ast_constant(e->a[0].get());
    case EK::Tuple: return std::all_of(e->a.begin(), e->a.end(), [](const ExprP& x) { return ast_constant(x.get()); });
    default: return false;
  }
}

/// A dict display as CPython 3.12's compiler_dict builds it: runs of at most 17 items, each a BUILD_CONST_KEY_MAP of
/// its values alone when it has two or more items all of constant keys (the keys come after, one tuple), else a
/// BUILD_MAP of key / value pairs; the dict built so far stays below (DICT_UPDATE); `**m` merges into it.
int dict_stack_below(const Expr& d, const Expr* target, const std::function<int(const Expr&)>& callable_slots) {
  const size_t n = d.a.size() / 2;
  bool have_dict = false;
  size_t begin = 0, elements = 0;
  auto run = [&](size_t b, size_t e) -> int {  // items [b, e) as one subdict; -1 when the target is not in them
    bool const_keys = e - b > 1;
    for (size_t i = b; i < e && const_keys; ++i) const_keys = ast_constant(d.a[2 * i].get());
    int base = have_dict ? 1 : 0;
    for (size_t i = b; i < e; ++i) {
      if (!const_keys) {
        if (int r = stack_below(d.a[2 * i].get(), target, callable_slots); r >= 0) return base + r;
        ++base;
      }
      if (int r = stack_below(d.a[2 * i + 1].get(), target, callable_slots); r >= 0) return base + r;
      ++base;
    }
    return -1;
  };
  for (size_t i = 0; i < n; ++i) {
    const Expr* key = d.a[2 * i].get();
    if (key && key->k == EK::Starred && key->s == "**") {
      if (elements) {
        if (int r = run(begin, i); r >= 0) return r;
        have_dict = true;
        elements = 0;
      }
      have_dict = true;
      if (int r = stack_below(d.a[2 * i + 1].get(), target, callable_slots); r >= 0) return 1 + r;
      begin = i + 1;
    } else if (elements * 2 > 30) {  // STACK_USE_GUIDELINE
      if (int r = run(begin, i + 1); r >= 0) return r;
      have_dict = true;
      elements = 0;
      begin = i + 1;
    } else {
      ++elements;
    }
  }
  return elements ? run(begin, n) : -1;
}

/// The values CPython's stack holds below `target` while `root` is evaluated (not the NULLs of 3.12's calls): a call's
/// callable (and the receiver of a method), the arguments and operands evaluated before it. -1: not inside `root`.
int stack_below(const Expr* root, const Expr* target, const std::function<int(const Expr&)>& callable_slots) {
  if (!root) return -1;
  if (root == target) return 0;
  auto in = [&](const ExprP& x, int base) {
    int r = stack_below(x.get(), target, callable_slots);
    return r < 0 ? -1 : base + r;
  };
  switch (root->k) {
    case EK::Lambda: case EK::ListComp: case EK::DictComp: case EK::SetComp: case EK::GenExp: return -1;
    case EK::IfExp: {  // `a if c else b`: the test is consumed by its jump, the branch taken starts on the same stack
      for (auto& x : root->a)
        if (int r = in(x, 0); r >= 0) return r;
      return -1;
    }
    case EK::Call: {
      if (root->a.empty()) return -1;
      if (int r = in(root->a[0], 0); r >= 0) return r;
      int base = callable_slots(*root->a[0]);
      for (size_t i = 1; i < root->a.size(); ++i) {
        if (int r = in(root->a[i], base); r >= 0) return r;
        ++base;
      }
      return -1;
    }
    case EK::Dict: return dict_stack_below(*root, target, callable_slots);
    default: {
      int base = 0;  // operands left to right: each evaluated one stays on the stack
      for (auto& x : root->a) {
        if (int r = in(x, base); r >= 0) return r;
        ++base;
      }
      return -1;
    }
  }
}

/// The expression of kind `k` at `loc` inside `e` (depth0_call knows its location only)
const Expr* expr_at(const Expr* e, Location loc, EK k) {
  if (!e || e->k == EK::Lambda) return nullptr;
  if (e->k == k && e->loc.line == loc.line && e->loc.col == loc.col && e->loc.file == loc.file) return e;
  for (auto& x : e->a) if (const Expr* r = expr_at(x.get(), loc, k)) return r;
  for (auto& c : e->comps) {
    if (const Expr* r = expr_at(c.iter.get(), loc, k)) return r;
    for (auto& x : c.conds) if (const Expr* r = expr_at(x.get(), loc, k)) return r;
  }
  return nullptr;
}

/// The call expression at `loc` inside `e`
const Expr* call_at(const Expr* e, Location loc) { return expr_at(e, loc, EK::Call); }


/// The names of `e` evaluated after the instruction `brk` inside it (CPython's order: a call's callable, then its
/// arguments; left operand before right): what the rest of the statement still reads. False if `brk` is not in `e`,
/// or sits where the order is not left to right (a conditional expression, a comprehension, a boolean operator).
/// A comparison is: its left operand first, then each comparator (a chain's later ones on some path, so live).
bool names_after_break(const Expr* e, const Expr* brk, std::set<std::string>& out) {
  if (!e) return false;
  if (e == brk) return true;
  if (e->k == EK::IfExp || e->k == EK::BoolOp || e->k == EK::Lambda || !e->comps.empty()) return false;
  for (size_t i = 0; i < e->a.size(); ++i)
    if (names_after_break(e->a[i].get(), brk, out)) {
      for (size_t j = i + 1; j < e->a.size(); ++j) names_in(e->a[j].get(), out);
      return true;
    }
  return false;
}


}  // namespace

/// The breaking instruction's expression in the current statement, for liveness after it: a call, or a subscript
/// (`sim[~mask]`: the mask is read no more); null when unknown
const Expr* break_expr(const Activation& act, const std::string& kind, Location loc) {
  if (!act.cur_stmt) return nullptr;
  if (kind == "CALL" || kind == "CALL_KW" || kind == "CALL_FUNCTION_EX") return call_at(act.cur_stmt->value.get(), loc);
  if (kind == "BINARY_SUBSCR") return expr_at(act.cur_stmt->value.get(), loc, EK::Subscript);
  return nullptr;
}

/// Dynamo's liveness at a break instruction of a top-level statement: the later statements' names and those of the
/// statement read after the break (`out = m(x, labels=y)` broken in the call: x and y are dead, already on the stack;
/// a store target's own subexpressions, `self.h[i] = ...`, are evaluated after the value). Empty optional: unknown.
std::optional<std::set<std::string>> live_after_break(const FuncDef* fn, const Stmt* st, const Expr* brk) {
  if (!fn || !st || !brk) return std::nullopt;
  if (st->k != SK::Assign && st->k != SK::AnnAssign && st->k != SK::Expr && st->k != SK::Return && st->k != SK::Assert) return std::nullopt;
  const bool top = std::any_of(fn->body.begin(), fn->body.end(), [&](const StmtP& x) { return x.get() == st; });
  // (a statement nested in if / with / loop blocks: the names live after it over the statement tree)
  std::optional<std::set<std::string>> nested;
  if (!top && !(nested = live_after_stmt(fn, st))) return std::nullopt;
  std::set<std::string> out;
  if (!names_after_break(st->value.get(), brk, out)) return std::nullopt;
  // (an assert's message is read on its failing path: `assert (v * (1 - m)).abs().max().item() < 1e-4, msg` broken at
  // item() holds neither v nor m; real torch 2.11, EGNN's assert_correctly_masked resumes with a float only)
  if (st->k == SK::Assert) names_in(st->target.get(), out);
  std::set<std::string> stored;
  std::function<void(const Expr*)> target = [&](const Expr* t) {  // a name is stored, not read
    if (!t) return;
    if (t->k == EK::Name) stored.insert(t->s);
    else if (t->k == EK::Tuple || t->k == EK::List || t->k == EK::Starred) for (auto& c : t->a) target(c.get());
    else names_in(t, out);
  };
  for (auto& t : st->targets) target(t.get());
  // (a name the statement stores is dead at the break unless the statement reads it after: the later statements see
  // the new value; `x = pack(x, lengths.tolist())` resumes without the old x, real torch 2.11's livevars)
  std::set<std::string> later = top ? names_from(fn, st->end_line + 1) : *nested;
  for (const std::string& n : stored) later.erase(n);
  out.insert(later.begin(), later.end());
  return out;
}


/// The stack values a call's callable expression `f` leaves (NULLs not counted): the callable, or a method's function
/// and its receiver
static int callable_slots(const Activation& act, const Expr& f) {
  if (f.k != EK::Attr || f.a.empty() || f.a[0]->k != EK::Name) return 1;  // NULL, callable
  auto it = act.env->vars.find(f.a[0]->s);
  V base = it == act.env->vars.end() ? nullptr : it->second;
  if (base && base->k == VK::Instance && base->cls) {  // LOAD_ATTR of a method: the function and its receiver
    V m = find_in_class(base->cls, f.s);
    if (m && m->k == VK::Func) return 2;
  }
  return 1;
}

int Interp::stack_values_below(const Activation& act, const Stmt* st, const Expr* target) {
  if (!st || !target) return 0;
  auto callable_slots = [&](const Expr& f) { return compiler::callable_slots(act, f); };
  int base = 0;
  switch (st->k) {
    case SK::Assign: case SK::AnnAssign: case SK::Expr: case SK::Return: case SK::If: case SK::While: break;
    case SK::AugAssign: base = 1; break;  // `x += f(y)`: x is loaded first (a subscript target: stack_below_)
    default: return 0;
  }
  if (st->k == SK::AugAssign && st->target && st->target->k != EK::Name) return 0;
  int r = stack_below(st->value.get(), target, callable_slots);
  return r < 0 ? 0 : base + r;
}

const Expr* Interp::call_taking(const Stmt* st, const Expr* arg) {
  if (!st) return nullptr;
  std::function<const Expr*(const Expr*)> find = [&](const Expr* e) -> const Expr* {
    if (!e || e->k == EK::Lambda) return nullptr;
    if (e->k == EK::Call)
      for (size_t i = 1; i < e->a.size(); ++i) if (e->a[i].get() == arg) return e;
    for (auto& x : e->a) if (const Expr* r = find(x.get())) return r;
    return nullptr;
  };
  return find(st->value.get());
}


std::vector<V> Interp::operand_values_below_call(const Activation& act, Location loc) {
  const Stmt* st = act.cur_stmt;
  if (!st || act.operands.empty() || (st->k != SK::Assign && st->k != SK::AnnAssign && st->k != SK::Expr && st->k != SK::Return))
    return {};
  const Expr* target = call_at(st->value.get(), loc);
  if (!target) return {};
  // the path from the statement's value down to the call: each binary operator's left operand on it is one value
  // below; so is each argument of an outer call evaluated before the breaking one, after the call's callable (a
  // tensor argument is a graph input of its own, `index_points(xyz, fps(xyz, n))`: ___stack1 is xyz; the callable and
  // other values are slots with no input, nullptr); so is each item of a tuple or list display built before the breaking
  // one (`return s, int(s.item())`); anything else on the path that leaves a value (a subscript) gives up
  std::vector<V> out;
  bool give_up = false, any = false;
  // (a tensor, or a SymBool / SymInt the graph computed: `return bool(p), q.item()`'s `p != 0`, a graph output)
  auto stack_input = [](const V& v) { return v && (v->k == VK::Tensor || ((v->k == VK::Bool || v->k == VK::Int) && !v->sym.empty())); };
  auto operand = [&](const Expr* x) {
    auto it = std::find_if(act.operands.begin(), act.operands.end(), [&](const auto& p) { return p.first == x; });
    return it == act.operands.end() ? nullptr : it->second;
  };
  std::function<bool(const Expr*)> walk = [&](const Expr* e) -> bool {
    if (e == target) return true;
    if (!e || e->k == EK::Lambda) return false;
    for (size_t i = 0; i < e->a.size(); ++i) {
      if (!call_at(e->a[i].get(), loc)) continue;
      if (e->k == EK::Call && i > 0) {
        for (int k = callable_slots(act, *e->a[0]); k > 0; --k) out.push_back(nullptr);
        for (size_t j = 1; j < i; ++j) {
          if (e->kw[j - 1] == "*" || e->kw[j - 1] == "**") give_up = true;
          V v = operand(e->a[j].get());
          if (stack_input(v)) any = true;
          out.push_back(stack_input(v) ? v : nullptr);
        }
        if (e->kw[i - 1] == "*" || e->kw[i - 1] == "**") give_up = true;
        return walk(e->a[i].get());
      }
      if ((e->k == EK::Tuple || e->k == EK::List) && i > 0) {  // a display's items built before the breaking one
        for (size_t j = 0; j < i; ++j) {
          if (e->a[j]->k == EK::Starred) give_up = true;
          V v = operand(e->a[j].get());
          if (stack_input(v)) any = true;
          out.push_back(stack_input(v) ? v : nullptr);
        }
        return walk(e->a[i].get());
      }
      if (e->k != EK::BinOp || i != 1) {
        // (a method called on the breaking call's result, `helper(pe).sum(0)`: LOAD_ATTR pushes the bound method after
        // the inner call returns, so nothing of the outer call is below it; any other callee leaves its NULL / callable)
        if (i != 0 || (e->k == EK::Call && e->a[0]->k != EK::Attr)) give_up = true;  // a value below that is no operand
        return walk(e->a[i].get());
      }
      V v = operand(e->a[0].get());
      if (!v) give_up = true;
      any = true;
      out.push_back(v);
      return walk(e->a[i].get());
    }
    return false;
  };
  if (!walk(st->value.get()) || give_up || !any) return {};
  return out;
}

int Interp::stack_values_below_call(const Activation& act, Location loc) {
  const Stmt* st = act.cur_stmt;
  if (!st) return 0;
  return stack_values_below(act, st, call_at(st->value.get(), loc));
}

}  // namespace tparse::compiler
