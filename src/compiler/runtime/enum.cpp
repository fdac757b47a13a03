// enum.Enum (CPython's enum module, on the bundled stub runtime/stubs/enum.py): when a class deriving Enum is
// created, each of its plain attributes (not a dunder / _sunder_ name, not a function or descriptor) becomes a
// member with .name / .value; under a str or int mixin (`class Format(str, Enum)`) the member is that str / int
// itself (equal to and hashing as its value) carrying its class. Cls(value) looks a member up by value (a member
// gives itself back), Cls['NAME'] by name, iterating the class walks the members in definition order.
#include <fmt/format.h>

#include <cctype>

#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"

namespace tparse::compiler {

namespace {

/// "str" / "int" when a base (transitively) is that builtin type, else "".
std::string mixin_of(const V& cls) {
  for (auto& b : cls->bases) {
    if (b->k == VK::Builtin && (b->s == "str" || b->s == "int")) return b->s;
    if (b->k == VK::Class) if (std::string m = mixin_of(b); !m.empty()) return m;
  }
  return "";
}

// (a class has no __get__: `lstm = nn.LSTM` is a member, deepspeech.pytorch's RNNType; a Python function is a method)
bool is_descriptor(const V& v) {
  return v->k == VK::Func ||
         (v->k == VK::Builtin && (v->s == "property" || v->s == "staticmethod" || v->s == "classmethod"));
}

}  // namespace

bool is_enum_class(const V& cls) { return cls && cls->k == VK::Class && find_in_class(cls, "__tparse_enum__") != nullptr; }

void Interp::make_enum_members(const V& cls) {
  if (!is_enum_class(cls) || cls->attrs.count("__tparse_enum__")) return;  // not an Enum, or Enum itself
  const std::string mixin = mixin_of(cls);
  auto members = std::make_shared<Obj>();
  members->k = VK::Dict;
  long long next_auto = 1;
  for (const auto& n : cls->order) {
    V v = cls->attrs[n];
    if (n.starts_with("__") || (n.size() > 1 && n.front() == '_' && n.back() == '_') || is_descriptor(v)) continue;
    if (v->k == VK::Instance && v->cls && v->cls->s == "auto") {  // auto(): the next int, or the lowercased name (str)
      std::string lower = n;
      for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      v = mixin == "str" ? mk_str(lower) : mk_int(next_auto);
    }
    if (v->k == VK::Int) next_auto = v->i + 1;
    V m;  // an alias (a second name of an existing value) is that member; otherwise a new member
    for (auto& kv : members->dict)
      if (same_key(kv.second->attrs["_value_"], v)) m = kv.second;
    if (!m) {
      if (mixin == "str" && v->k == VK::Str) m = mk_str(v->s);
      else if (mixin == "int" && v->k == VK::Int) m = mk_int(v->i);
      else { m = std::make_shared<Obj>(); m->k = VK::Instance; }
      m->cls = cls;
      m->attrs["name"] = m->attrs["_name_"] = mk_str(n);
      m->attrs["value"] = m->attrs["_value_"] = v;
    }
    members->dict.push_back({mk_str(n), m});
    cls->attrs[n] = m;
  }
  cls->attrs["__members__"] = members;
}

V Interp::enum_call(const V& cls, const std::vector<V>& args, Location loc) {
  if (args.size() != 1) error(loc, fmt::format("{}(value): one argument expected", cls->s));
  auto it = cls->attrs.find("__members__");
  if (it != cls->attrs.end()) {
    for (auto& kv : it->second->dict) if (kv.second.get() == args[0].get()) return kv.second;
    for (auto& kv : it->second->dict) if (same_key(kv.second->attrs["_value_"], args[0])) return kv.second;
  }
  raise_exc("ValueError", fmt::format("{} is not a valid {}", py_repr(args[0]), cls->s), loc);
}

std::vector<V> enum_members(const V& cls) {
  std::vector<V> xs;
  auto it = cls->attrs.find("__members__");
  if (it == cls->attrs.end()) return xs;
  for (auto& kv : it->second->dict)
    if (kv.second->attrs["_name_"]->s == kv.first->s) xs.push_back(kv.second);  // aliases are not iterated
  return xs;
}

}  // namespace tparse::compiler
