// The match statement (PEP 634, Python 3.12): the subject is evaluated once, each `case` pattern is tried in order
// and the first that matches (and whose guard is true) runs its block. Every test a pattern makes is the Python
// operation CPython's MATCH_* instructions make (isinstance of the class or of the sequence / mapping kind, len(),
// `==` on a literal, `is` on None / True / False, `in` and `[]` on a mapping, getattr on a class pattern), run through
// the interpreter, so a compiled frame guards what it reads exactly as the same code written with if / elif would.
#include <fmt/format.h>

#include <set>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
bool is_wildcard(const ExprP& p) { return p->k == EK::Name && p->s == "_"; }
}  // namespace

bool Interp::match_pattern(const ExprP& p, const V& subject, Location loc) {
  auto call_b = [&](const char* name, std::vector<V> a) { return call(mk_builtin(name), std::move(a), {}, loc); };
  auto isinst = [&](const V& cls) { return truthy(call_b("isinstance", {subject, cls}), loc); };
  switch (p->k) {
    case EK::Name:  // a capture (`case x:`), or the wildcard `_`
      if (!is_wildcard(p)) assign(p, subject);
      return true;
    case EK::NamedExpr: {  // `pattern as name`
      if (!match_pattern(p->a[0], subject, loc)) return false;
      auto n = std::make_shared<Expr>();
      n->k = EK::Name;
      n->s = p->s;
      n->loc = p->loc;
      assign(n, subject);
      return true;
    }
    case EK::BinOp:
      if (p->s == "|") return match_pattern(p->a[0], subject, loc) || match_pattern(p->a[1], subject, loc);
      break;  // (a complex literal `1+2j`: a value, below)
    case EK::List: case EK::Tuple: {  // a sequence pattern: list / tuple (not str, bytes or a mapping), length, items
      if (subject->k == VK::Str || subject->k == VK::Dict) return false;
      if (!(subject->k == VK::List || subject->k == VK::Tuple || subject->k == VK::Tensor ||
            (subject->k == VK::Instance && subject->cls && find_in_class(subject->cls, "__getitem__") && find_in_class(subject->cls, "__len__"))))
        return false;
      if (subject->k == VK::Tensor) return false;  // (a tensor is no collections.abc.Sequence)
      size_t star = p->a.size();
      for (size_t i = 0; i < p->a.size(); ++i) if (p->a[i]->k == EK::Starred) star = i;
      V n = call_b("len", {subject});
      long long len = n->k == VK::Int ? n->i : 0;
      long long fixed = static_cast<long long>(p->a.size()) - (star < p->a.size() ? 1 : 0);
      if (star == p->a.size() ? len != fixed : len < fixed) return false;
      std::vector<V> items = iterate(subject, loc);
      for (size_t i = 0; i < p->a.size(); ++i) {
        if (i == star) {
          std::vector<V> rest(items.begin() + static_cast<long>(i), items.end() - static_cast<long>(p->a.size() - 1 - i));
          if (!is_wildcard(p->a[i]->a[0])) assign(p->a[i]->a[0], mk_list(rest));
          continue;
        }
        size_t at = i < star ? i : items.size() - (p->a.size() - i);
        if (!match_pattern(p->a[i], items[at], loc)) return false;
      }
      return true;
    }
    case EK::Dict: {  // a mapping pattern: each key present and its value matching; `**rest` the other entries
      if (subject->k != VK::Dict) return false;
      std::vector<V> used;
      for (size_t i = 0; i + 1 < p->a.size(); i += 2) {
        if (p->a[i]->k == EK::Starred) {  // `**rest`
          auto rest = std::make_shared<Obj>();
          rest->k = VK::Dict;
          for (auto& kv : subject->dict) {
            bool taken = false;
            for (auto& u : used) taken = taken || truthy(compare("==", kv.first, u, loc), loc);
            if (!taken) rest->dict.push_back(kv);
          }
          assign(p->a[i + 1], rest);
          continue;
        }
        V key = eval(p->a[i]);
        if (!truthy(compare("in", key, subject, loc), loc)) return false;
        used.push_back(key);
        if (!match_pattern(p->a[i + 1], subscript_read(subject, key, loc), loc)) return false;
      }
      return true;
    }
    case EK::Call: {  // a class pattern: isinstance, then positional (by __match_args__) and keyword sub-patterns
      V cls = eval(p->a[0]);
      if (!isinst(cls)) return false;
      static const std::set<std::string> self_matching = {"int", "float", "str", "bool", "bytes", "bytearray", "dict", "list",
                                                          "tuple", "set", "frozenset"};
      std::vector<std::string> match_args;
      const bool self_match = cls->k == VK::Builtin && self_matching.count(cls->s);
      if (!self_match && cls->k == VK::Class)
        if (V ma = find_in_class(cls, "__match_args__"); ma && (ma->k == VK::Tuple || ma->k == VK::List))
          for (auto& x : ma->items) match_args.push_back(py_str(x));
      size_t pos = 0;
      for (size_t i = 1; i < p->a.size(); ++i) {
        const std::string& kw = p->kw[i - 1];
        if (kw.empty()) {
          if (self_match) {
            if (pos++ > 0) raise_exc("TypeError", fmt::format("{}() accepts 1 positional sub-pattern ({} given)", cls->s, p->a.size() - 1), loc);
            if (!match_pattern(p->a[i], subject, loc)) return false;
            continue;
          }
          if (pos >= match_args.size())
            raise_exc("TypeError", fmt::format("{}() accepts {} positional sub-patterns ({} given)", py_str(getattr(cls, "__name__", loc)),
                                               match_args.size(), p->a.size() - 1), loc);
          const std::string& name = match_args[pos++];
          if (!truthy(call_b("hasattr", {subject, mk_str(name)}), loc)) return false;
          if (!match_pattern(p->a[i], getattr(subject, name, loc), loc)) return false;
          continue;
        }
        if (!truthy(call_b("hasattr", {subject, mk_str(kw)}), loc)) return false;
        if (!match_pattern(p->a[i], getattr(subject, kw, loc), loc)) return false;
      }
      return true;
    }
    default: break;
  }
  // a literal (`"sdpa"`, `-1`, `1+2j`) or a value pattern (`Color.RED`): None / True / False by identity, others by ==
  V v = eval(p);
  if (v->k == VK::None || v->k == VK::Bool) return truthy(compare("is", subject, v, loc), loc);
  return truthy(compare("==", subject, v, loc), loc);
}

void Interp::exec_match(const Stmt* s) {
  V subject = eval(s->value);
  for (const auto& c : s->handlers) {
    stack_.back()->cur_line = c->loc.line;
    if (!match_pattern(c->target, subject, c->loc)) continue;
    if (c->value && !truthy(eval(c->value), c->value->loc)) continue;
    exec_block(c->body);
    return;
  }
}

}  // namespace tparse::compiler
