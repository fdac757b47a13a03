// Heap: per-run registry of interpreter values and the cycle cutter run at the end of a run.
#include "runtime/values/heap.hpp"

#include <type_traits>
#include <utility>
#include <vector>

#include "runtime/values/keys.hpp"
#include "runtime/values/value.hpp"

namespace tparse::compiler {
namespace {

thread_local Heap* g_active = nullptr;

void cut(Obj& o) {
  o.items.clear();
  o.dict.clear();
  o.kix.pos.clear();
  o.attrs.clear();
  o.defaults.clear();
  o.bases.clear();
  o.self.reset();
  o.func.reset();
  o.cls.reset();
  o.view_of.reset();
  o.closure.reset();
  o.menv.reset();
  o.gen.reset();
}

void cut(Env& e) {
  e.vars.clear();
  e.parent.reset();
}

}  // namespace

template <class T>
void HeapMember<T>::join() {
  Heap* h = g_active;
  if (!h) return;
  heap_ = h;
  HeapMember*& head = [&]() -> HeapMember*& {
    if constexpr (std::is_same_v<T, Obj>) { ++h->n_objs_; return h->objs_; }
    else { ++h->n_envs_; return h->envs_; }
  }();
  next_ = head;
  if (next_) next_->prev_ = this;
  head = this;
}

template <class T>
void HeapMember<T>::leave() {
  Heap* h = heap_;
  if (!h) return;
  HeapMember*& head = [&]() -> HeapMember*& {
    if constexpr (std::is_same_v<T, Obj>) { --h->n_objs_; return h->objs_; }
    else { --h->n_envs_; return h->envs_; }
  }();
  if (prev_) prev_->next_ = next_;
  else head = next_;
  if (next_) next_->prev_ = prev_;
  heap_ = nullptr;
  prev_ = next_ = nullptr;
}

template class HeapMember<Obj>;
template class HeapMember<Env>;

Heap::Heap() : prev_(g_active) { g_active = this; }

Heap::~Heap() {
  collect();
  // Survivors are owned from outside the run (the shared None singleton): forget them, so that
  // their destructors do not reach back into this Heap.
  while (objs_) objs_->leave();
  while (envs_) envs_->leave();
  if (g_active == this) g_active = prev_;
}

Heap* Heap::active() { return g_active; }

void Heap::adopt(Heap* h) { g_active = h; }

template <class T>
std::vector<std::shared_ptr<T>> Heap::hold_all(HeapMember<T>* head) {
  std::vector<std::shared_ptr<T>> held;
  for (auto* m = head; m; m = m->next_) {
    // empty for a value not owned by a shared_ptr (none in the interpreter): its owner keeps it
    if (auto s = static_cast<T*>(m)->weak_from_this().lock()) held.push_back(std::move(s));
  }
  return held;
}

void Heap::collect() {
  auto objs = hold_all(objs_);
  auto envs = hold_all(envs_);
  // Nothing tracked can die while held, and cutting an edge only drops a reference, so the lists
  // stay intact during these walks.
  for (auto* m = objs_; m; m = m->next_) cut(static_cast<Obj&>(*m));
  for (auto* m = envs_; m; m = m->next_) cut(static_cast<Env&>(*m));
  // Values with no owner left die here, one by one: they have no edges left to cascade through.
  objs.clear();
  envs.clear();
}

}  // namespace tparse::compiler
