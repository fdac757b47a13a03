// Class-body annotations (PEP 526): `name: T [= v]` in a class stores T, evaluated, in the class's own
// __annotations__, as CPython 3.12 does without `from __future__ import annotations` (with it, the annotation is
// kept as a string). Subscripts and `X | Y` inside an annotation build typing's alias objects (the typing stub's
// _TparseAlias: __origin__ / __args__ and Python's repr), so typing.get_origin / get_args and huggingface_hub's
// @strict field validation read them as they read CPython's. Elsewhere a subscripted class stays the class.
#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"

namespace tparse::compiler {

namespace {

// the head name of an annotation, as kept under `from __future__ import annotations` (`ClassVar[int]`: ClassVar)
std::string annotation_head(const Expr* e) {
  while (e && e->k == EK::Subscript && !e->a.empty()) e = e->a[0].get();
  return e && (e->k == EK::Name || e->k == EK::Attr || e->k == EK::Str) ? e->s : "";
}

}  // namespace

V Interp::typing_helper(const char* name, Location loc) {
  V typing = import_module("typing", loc);
  return getattr(typing, name, loc);
}

V Interp::eval_annotation(const ExprP& e) {
  if (e->k == EK::Subscript && e->a.size() == 2) {  // list[int], Optional[X], dict[str, Any], tuple[int, ...]
    V origin = eval(e->a[0]);
    std::vector<V> args;
    const ExprP& idx = e->a[1];
    if (idx->k == EK::Tuple) for (auto& x : idx->a) args.push_back(eval_annotation(x));
    else args.push_back(eval_annotation(idx));
    return call(typing_helper("_tparse_subscript", e->loc), {origin, mk_tuple(std::move(args))}, {}, e->loc);
  }
  if (e->k == EK::BinOp && e->s == "|" && e->a.size() == 2) {  // X | Y: types.UnionType
    V l = eval_annotation(e->a[0]);
    V r = eval_annotation(e->a[1]);
    return call(typing_helper("_tparse_union", e->loc), {l, r}, {}, e->loc);
  }
  return eval(e);
}

void Interp::class_annotation(const Stmt& s) {
  Activation& act = *stack_.back();
  const ExprP& ann = s.items[0];
  V value;
  if (future_annotations_.count(act.file)) {
    value = mk_str(annotation_head(ann.get()));
  } else {
    try {
      value = eval_annotation(ann);
    } catch (const PyException&) {
      // CPython would raise here; the module ran there, so the name is one tparse lacks: keep the source name
      value = mk_str(annotation_head(ann.get()));
    }
  }
  V d = act.env->vars.count("__annotations__") ? act.env->vars["__annotations__"] : nullptr;
  if (!d || d->k != VK::Dict) {
    d = std::make_shared<Obj>();
    d->k = VK::Dict;
    act.env->set("__annotations__", d);
  }
  dict_put(*d, mk_str(s.targets[0]->s), value);
}

}  // namespace tparse::compiler
