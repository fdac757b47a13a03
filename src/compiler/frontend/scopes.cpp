// Scopes of a function as CPython's compiler sees them: which of its locals are cell variables (a nested function,
// lambda or class body uses them; Python stores them with STORE_DEREF).
#include "frontend/scopes.hpp"

#include <set>

namespace tparse::compiler {

static void all_names(const Expr* e, std::set<std::string>& out);
static void all_names(const Stmt* s, std::set<std::string>& out) {
  if (!s) return;
  for (auto& t : s->targets) all_names(t.get(), out);
  all_names(s->target.get(), out);
  all_names(s->value.get(), out);
  for (auto& t : s->items) all_names(t.get(), out);
  if (s->fn) for (auto& b : s->fn->body) all_names(b.get(), out);
  for (auto* b : {&s->body, &s->orelse, &s->final_body, &s->handlers}) for (auto& y : *b) all_names(y.get(), out);
}
static void all_names(const Expr* e, std::set<std::string>& out) {
  if (!e) return;
  if (e->k == EK::Name) out.insert(e->s);
  for (auto& c : e->a) all_names(c.get(), out);
  for (auto& c : e->comps) { all_names(c.target.get(), out); all_names(c.iter.get(), out); for (auto& x : c.conds) all_names(x.get(), out); }
  if (e->fn) { all_names(e->fn->lambda_body.get(), out); for (auto& b : e->fn->body) all_names(b.get(), out); }
}
static void nested_uses(const Expr* e, std::set<std::string>& out) {
  if (!e) return;
  if (e->k == EK::Lambda && e->fn) { all_names(e->fn->lambda_body.get(), out); return; }
  // a generator expression is a function of its own (Python 3.12 inlines list / set / dict comprehensions only): the
  // names its element, conditions and later iterables read, less its own targets, are free there, so cells here;
  // its first iterable is evaluated in this scope (funnel's pool_tensor: `(self.pool_tensor(tensor) for x in tensor)`)
  if (e->k == EK::GenExp) {
    std::set<std::string> inner, bound;
    for (auto& c : e->a) all_names(c.get(), inner);
    for (size_t i = 0; i < e->comps.size(); ++i) {
      all_names(e->comps[i].target.get(), bound);
      if (i > 0) all_names(e->comps[i].iter.get(), inner);
      for (auto& x : e->comps[i].conds) all_names(x.get(), inner);
    }
    for (const auto& n : inner) if (!bound.count(n)) out.insert(n);
    if (!e->comps.empty()) nested_uses(e->comps[0].iter.get(), out);
    return;
  }
  for (auto& c : e->a) nested_uses(c.get(), out);
  for (auto& c : e->comps) { nested_uses(c.iter.get(), out); for (auto& x : c.conds) nested_uses(x.get(), out); }
}
static void nested_uses(const Stmt* s, std::set<std::string>& out) {
  if (!s) return;
  if ((s->k == SK::Def || s->k == SK::Class) && s->fn) { for (auto& b : s->fn->body) all_names(b.get(), out); return; }
  for (auto& t : s->targets) nested_uses(t.get(), out);
  nested_uses(s->target.get(), out);
  nested_uses(s->value.get(), out);
  for (auto& t : s->items) nested_uses(t.get(), out);
  for (auto* b : {&s->body, &s->orelse, &s->final_body, &s->handlers}) for (auto& y : *b) nested_uses(y.get(), out);
}
bool is_cell_var(const FuncDef* fn, const std::string& name) {
  if (!fn || fn->lambda_body) return false;
  if (!fn->nested_names) {
    auto used = std::make_shared<std::set<std::string>>();
    for (auto& b : fn->body) nested_uses(b.get(), *used);
    fn->nested_names = used;
  }
  return fn->nested_names->count(name) > 0;
}

}  // namespace tparse::compiler
