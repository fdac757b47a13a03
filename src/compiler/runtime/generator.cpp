// Lazy generators in eager code (generator.hpp): the generator's thread, the hand-off, next() / yield /
// close as Interp methods.
#include "runtime/generator.hpp"

#include "runtime/values/heap.hpp"
#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
// a generator thread's stack: reserved, touched only as used; the recursion check keeps a margin below its end
constexpr size_t kGenStack = size_t{256} << 20;
constexpr size_t kGenStackMargin = size_t{32} << 20;

void* gen_thread(void* p) {
  auto* st = static_cast<GenState*>(p);
  Heap::adopt(st->heap);
  char base = 0;
  {
    std::unique_lock<std::mutex> l(st->m);
    st->stack_base = &base;
    st->cv.wait(l, [&] { return st->gen_turn; });
  }
  st->I->stack_base_ = st->stack_base;
  st->I->stack_budget_ = kGenStack - kGenStackMargin;
  if (!st->closing) {
    try {
      st->body(*st);
    } catch (const GeneratorExit&) {
      // closed at a yield: the body unwound (its finally blocks ran)
    } catch (...) {
      st->error = std::current_exception();
    }
  }
  {
    std::lock_guard<std::mutex> l(st->m);
    st->done = true;
    st->gen_turn = false;
  }
  st->cv.notify_all();
  return nullptr;
}
}  // namespace

void GenState::hand_to_generator() {
  {
    std::lock_guard<std::mutex> l(m);
    gen_turn = true;
  }
  cv.notify_all();
  std::unique_lock<std::mutex> l(m);
  cv.wait(l, [&] { return !gen_turn; });
}

void GenState::hand_to_caller() {
  {
    std::lock_guard<std::mutex> l(m);
    gen_turn = false;
  }
  cv.notify_all();
  std::unique_lock<std::mutex> l(m);
  cv.wait(l, [&] { return gen_turn; });
}

V Interp::make_generator(std::function<void(GenState&)> body) {
  // generators nobody holds any more are closed now (CPython finalizes them when their last reference goes):
  // their threads end, so a loop that makes and drops one per step keeps one thread, not thousands
  for (size_t i = 0; i < generators_.size();) {
    if (generators_[i].use_count() > 1) { ++i; continue; }
    std::shared_ptr<GenState> st = generators_[i];
    generators_.erase(generators_.begin() + static_cast<std::ptrdiff_t>(i));
    close_generator(*st);
  }
  auto st = std::make_shared<GenState>();
  st->I = this;
  st->heap = Heap::active();
  st->body = std::move(body);
  generators_.push_back(st);
  auto it = std::make_shared<Obj>();
  it->k = VK::Iterator;
  it->gen = st;
  return it;
}

// Runs the generator until its next yield (true, `out` its value) or its end (false); an exception it raises
// is raised here. The caller's activations stay below the generator's, as CPython's frame chain.
bool Interp::gen_resume(GenState& st, V& out, Location loc) {
  if (st.done) return false;
  st.base = stack_.size();
  for (Activation* a : st.saved) stack_.push_back(a);
  st.saved.clear();
  const char* my_base = stack_base_;
  size_t my_budget = stack_budget_;
  if (!st.has_thread) {
    pthread_attr_t attr;
    bool ok = pthread_attr_init(&attr) == 0;
    ok = ok && pthread_attr_setstacksize(&attr, kGenStack) == 0 && pthread_create(&st.th, &attr, gen_thread, &st) == 0;
    pthread_attr_destroy(&attr);
    if (!ok) {
      stack_.resize(st.base);
      error(loc, "no thread for a generator (the system refused one)");
    }
    st.has_thread = true;
  }
  const bool caller_grad = grad_enabled_, caller_inference = inference_mode_;
  if (!st.grad_kind.empty()) {
    grad_enabled_ = st.grad_kind == "enable_grad";
    if (st.grad_kind == "inference_mode") inference_mode_ = true;
  }
  st.hand_to_generator();
  if (!st.grad_kind.empty()) {
    grad_enabled_ = caller_grad;
    inference_mode_ = caller_inference;
  }
  stack_base_ = my_base;
  stack_budget_ = my_budget;
  if (st.done) {
    pthread_join(st.th, nullptr);
    st.has_thread = false;
    st.body = nullptr;
    stack_.resize(st.base);  // (its activations are gone: it popped them unwinding)
    if (st.error) {
      std::exception_ptr e = st.error;
      st.error = nullptr;
      std::rethrow_exception(e);
    }
    return false;
  }
  out = std::move(st.value);
  st.value = nullptr;
  return true;
}

// The generator's side of a `yield`: hands `v` to the caller and waits to be resumed.
V Interp::gen_yield(GenState& st, V v) {
  st.value = std::move(v);
  st.saved.assign(stack_.begin() + static_cast<std::ptrdiff_t>(st.base), stack_.end());
  stack_.resize(st.base);
  st.hand_to_caller();
  stack_base_ = st.stack_base;
  stack_budget_ = kGenStack - kGenStackMargin;
  if (st.closing) throw GeneratorExit{};
  return none();
}

void Interp::close_generator(GenState& st) {
  if (st.has_thread && !st.done) {
    st.closing = true;
    V ignored;
    try {
      gen_resume(st, ignored, Location{});
    } catch (...) {
      // an exception while closing (raised in a finally block) is dropped, as CPython reports and ignores it
    }
  }
  st.body = nullptr;  // (its captured scope may hold the generator: the cycle is cut)
  st.value = nullptr;
  st.saved.clear();
}

void Interp::close_generators() {
  while (!generators_.empty()) {
    std::shared_ptr<GenState> st = generators_.back();
    generators_.pop_back();
    close_generator(*st);
  }
}

}  // namespace tparse::compiler
