// contextlib.contextmanager over a generator function, without suspending a generator: Interp::cm_split cuts the
// function at its one `yield` into an enter part and an exit part that share the scope (the stub of contextlib calls
// it). The other builtins real model files need: builtins_model.cpp.
#include <memory>
#include <string>
#include <vector>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
/// Does this statement (or anything it holds, nested functions and classes excepted) contain a `yield`?
bool has_yield(const ExprP& e) {
  if (!e) return false;
  if (e->k == EK::Yield) return true;
  if (e->k == EK::Lambda) return false;
  for (auto& a : e->a) if (has_yield(a)) return true;
  return false;
}
bool has_yield(const StmtP& s) {
  if (!s || s->k == SK::Def || s->k == SK::Class) return false;
  if (has_yield(s->value) || has_yield(s->target)) return true;
  for (auto& e : s->targets) if (has_yield(e)) return true;
  for (auto& e : s->items) if (has_yield(e)) return true;
  for (auto* block : {&s->body, &s->orelse, &s->final_body, &s->handlers})
    for (auto& x : *block) if (has_yield(x)) return true;
  return false;
}
bool bare_yield(const StmtP& s) { return s->k == SK::Expr && s->value && s->value->k == EK::Yield && s->value->s != "from"; }
}  // namespace

/// contextlib.contextmanager without suspending a generator: a generator function of the usual shape, one `yield`
/// as a statement of its body or of a top-level `try` body, is split there. The result is a function of the same
/// parameters that runs the code before the yield and returns (the yielded value, a function running the rest in the
/// same scope: the try's remaining body with its handlers, else and finally, then the statements after it).
/// None for any other shape (the stub then runs the generator whole at enter and lists that).
V Interp::cm_split(const V& fnv) {
  if (!fnv || fnv->k != VK::Func || !fnv->fn || !fnv->fn->generator) return none();
  auto cached = cm_splits_.find(fnv->fn.get());
  std::shared_ptr<FuncDef> enter_fd;
  if (cached != cm_splits_.end()) {
    enter_fd = cached->second;
  } else {
    const auto& body = fnv->fn->body;
    std::vector<StmtP> pre, rest;
    ExprP value;
    bool found = false;
    for (size_t i = 0; i < body.size() && !found; ++i) {
      const StmtP& s = body[i];
      if (bare_yield(s)) {
        value = s->value->a.empty() ? nullptr : s->value->a[0];
        rest.assign(body.begin() + static_cast<long>(i) + 1, body.end());
        found = true;
      } else if (s->k == SK::Try && s->op.empty()) {
        for (size_t j = 0; j < s->body.size(); ++j) {
          if (!bare_yield(s->body[j])) continue;
          value = s->body[j]->value->a.empty() ? nullptr : s->body[j]->value->a[0];
          pre.insert(pre.end(), s->body.begin(), s->body.begin() + static_cast<long>(j));
          auto tail = std::make_shared<Stmt>(*s);  // the try, its body from after the yield
          tail->body.assign(s->body.begin() + static_cast<long>(j) + 1, s->body.end());
          if (tail->body.empty()) {
            auto pass = std::make_shared<Stmt>();
            pass->k = SK::Pass;
            pass->loc = s->body[j]->loc;
            tail->body.push_back(pass);
          }
          rest.push_back(tail);
          rest.insert(rest.end(), body.begin() + static_cast<long>(i) + 1, body.end());
          found = true;
          break;
        }
        if (!found) pre.push_back(s);
      } else {
        pre.push_back(s);
      }
    }
    bool single = found;  // exactly that one yield
    for (auto& s : pre) single = single && !has_yield(s);
    for (auto& s : rest) single = single && !has_yield(s);
    if (!single || has_yield(value)) {
      cm_splits_[fnv->fn.get()] = nullptr;
      return none();
    }
    Location at = fnv->fn->loc;
    auto exit_fd = std::make_shared<FuncDef>();
    exit_fd->name = fnv->fn->name;  // tracebacks name the user's function
    exit_fd->loc = at;
    exit_fd->firstlineno = fnv->fn->firstlineno;
    exit_fd->end_line = fnv->fn->end_line;
    exit_fd->body = rest;
    if (exit_fd->body.empty()) {
      auto pass = std::make_shared<Stmt>();
      pass->k = SK::Pass;
      pass->loc = at;
      exit_fd->body.push_back(pass);
    }
    auto def = std::make_shared<Stmt>();
    def->k = SK::Def;
    def->loc = at;
    def->fn = exit_fd;
    auto name = [&](const std::string& n) { auto e = std::make_shared<Expr>(); e->k = EK::Name; e->loc = at; e->s = n; return e; };
    exit_fd->name = "__tparse_cm_exit__";
    auto tuple = std::make_shared<Expr>();
    tuple->k = EK::Tuple;
    tuple->loc = at;
    if (value) tuple->a.push_back(value);
    else { auto none_e = std::make_shared<Expr>(); none_e->k = EK::None; none_e->loc = at; tuple->a.push_back(none_e); }
    tuple->a.push_back(name("__tparse_cm_exit__"));
    auto ret = std::make_shared<Stmt>();
    ret->k = SK::Return;
    ret->loc = at;
    ret->value = tuple;
    enter_fd = std::make_shared<FuncDef>(*fnv->fn);
    enter_fd->generator = false;
    enter_fd->decorators.clear();
    enter_fd->body = pre;
    enter_fd->body.push_back(def);
    enter_fd->body.push_back(ret);
    cm_splits_[fnv->fn.get()] = enter_fd;
  }
  if (!enter_fd) return none();
  auto f = std::make_shared<Obj>(*fnv);
  f->fn = enter_fd;
  return f;
}

}  // namespace tparse::compiler
