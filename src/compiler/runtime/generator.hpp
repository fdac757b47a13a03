// Lazy generators in eager code. A generator function called outside a compiled frame runs its body on a
// thread of its own, strictly handed off with the caller (exactly one of the two runs at any time: a
// coroutine), so `next(gen)` and a `for` loop run it only up to its next `yield`, as CPython does: side effects
// interleave with the caller's, and an endless loader (`while True: yield batch`, `cycle(dl)`) works. Inside a
// compiled frame generators still run to completion at the call (Dynamo's inlining: interp.cpp).
#pragma once

#include <pthread.h>

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

class Interp;
class Heap;
struct Activation;

/// Thrown at a suspended `yield` when the generator is closed (Python's GeneratorExit): unwinds its body.
struct GeneratorExit {};

/// One lazy generator: its body, its thread and the hand-off between them.
struct GenState {
  Interp* I = nullptr;
  Heap* heap = nullptr;               ///< the run's Heap: values the body makes join it
  std::function<void(GenState&)> body;  ///< runs the generator's frame to its end (on the generator's thread)
  pthread_t th{};
  bool has_thread = false;            ///< started (the thread exists until it is joined)
  std::mutex m;
  std::condition_variable cv;
  bool gen_turn = false;              ///< the generator's thread runs (else the caller's)
  bool done = false, closing = false;
  V value;                            ///< the value of the last `yield`
  std::exception_ptr error;           ///< raised by the body: rethrown at the caller's next()
  std::vector<Activation*> saved;     ///< the generator's activations while it is suspended
  size_t base = 0;                    ///< the caller's stack_ size below them while it runs
  const char* stack_base = nullptr;   ///< the generator thread's stack base (for the recursion check)
  /// a generator function decorated with `@torch.no_grad()` (enable_grad, inference_mode): torch's _wrap_generator
  /// enters the mode at each resume and leaves it at each yield, so the body runs in it and the caller does not
  std::string grad_kind;
  void hand_to_generator();           ///< caller side: run the generator until it yields or ends
  void hand_to_caller();              ///< generator side: suspend until resumed
};

}  // namespace tparse::compiler
