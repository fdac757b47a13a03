// Unit tests of Heap: cycles between interpreter values are freed when the run's Heap ends,
// acyclic values are freed at once, and values owned from outside survive it intact.
#include <doctest/doctest.h>

#include "runtime/values/heap.hpp"
#include "runtime/values/value.hpp"

using namespace tparse::compiler;

namespace {

/// A scope holding a function whose closure is that scope: the cycle every `def` makes.
std::weak_ptr<Env> make_closure_cycle() {
  auto env = std::make_shared<Env>();
  auto f = std::make_shared<Obj>();
  f->k = VK::Func;
  f->closure = env;
  env->set("f", f);
  return env;
}

}  // namespace

TEST_CASE("heap: a closure cycle lives until the heap ends, then is freed") {
  std::weak_ptr<Env> w;
  {
    Heap h;
    CHECK(Heap::active() == &h);
    w = make_closure_cycle();
    CHECK_FALSE(w.expired());  // only the cycle keeps it
    CHECK(h.objs() == 1);
    CHECK(h.envs() == 1);
  }
  CHECK(w.expired());
  CHECK(Heap::active() == nullptr);
}

TEST_CASE("heap: class <-> method and instance <-> bound method cycles are freed") {
  std::weak_ptr<Obj> cls_w, inst_w;
  {
    Heap h;
    auto cls = std::make_shared<Obj>();
    cls->k = VK::Class;
    auto m = std::make_shared<Obj>();
    m->k = VK::Func;
    m->cls = cls;
    cls->attrs["forward"] = m;
    auto inst = std::make_shared<Obj>();
    inst->k = VK::Instance;
    inst->cls = cls;
    auto bound = std::make_shared<Obj>();
    bound->k = VK::Bound;
    bound->self = inst;
    bound->func = m;
    inst->attrs["cb"] = bound;
    cls_w = cls;
    inst_w = inst;
  }
  CHECK(cls_w.expired());
  CHECK(inst_w.expired());
}

TEST_CASE("heap: acyclic values are freed by reference count during the run") {
  Heap h;
  {
    V l = mk_list({mk_int(1), mk_str("a")});
    CHECK(h.objs() == 3);
  }
  CHECK(h.objs() == 0);
  V copy;
  {
    V t = mk_tensor(TensorInfo{});
    copy = std::make_shared<Obj>(*t);  // copies join the active heap too
    CHECK(h.objs() == 2);
  }
  CHECK(h.objs() == 1);
}

TEST_CASE("heap: a value owned from outside survives the heap, emptied of edges") {
  V outside;
  std::weak_ptr<Obj> item;
  {
    Heap h;
    outside = mk_list({mk_int(7)});
    item = outside->items[0];
  }
  REQUIRE(outside);
  CHECK(outside->k == VK::List);
  CHECK(outside->items.empty());  // the edge was cut, so its item is gone
  CHECK(item.expired());
  outside.reset();  // destroyed after its heap: must not touch the dead heap (ASan checks)
}

TEST_CASE("heap: values made with no active heap are untracked; nested heaps restore") {
  auto env = std::make_shared<Env>();
  env->set("self_ref", std::make_shared<Obj>());
  Heap outer;
  {
    Heap inner;
    CHECK(Heap::active() == &inner);
    V v = mk_int(1);
    CHECK(inner.objs() == 1);
    CHECK(outer.objs() == 0);
  }
  CHECK(Heap::active() == &outer);
  V v = mk_int(2);
  CHECK(outer.objs() == 1);
  CHECK(env->vars.size() == 1);  // untracked: never cut
}
