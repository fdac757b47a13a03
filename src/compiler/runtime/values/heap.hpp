// Lifetime of interpreter values. Obj and Env point at each other through shared_ptr (a function's
// closure is the scope that holds the function, a method's class holds the method, an instance's
// attributes can hold the instance), so reference cycles are the normal case, not a bug to avoid.
// Every Obj and Env made while a Heap is active on this thread is linked into that Heap; when the
// Heap ends (the interpreter run is over) it cuts every edge between the values still alive, and
// the cycles fall apart. Values are still freed by reference count as soon as they are unreachable
// without a cycle, so memory stays bounded during a run.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace tparse::compiler {

struct Obj;
struct Env;
class Heap;

/// Base of Obj and Env: intrusive membership in the Heap that was active on this thread when the
/// value was made (or copied); none active = untracked. The destructor leaves the Heap, so a Heap
/// never points at a dead value. Values must be destroyed on the thread that made them.
template <class T>
class HeapMember : public std::enable_shared_from_this<T> {
 protected:
  HeapMember() { join(); }
  HeapMember(const HeapMember&) : std::enable_shared_from_this<T>() { join(); }
  HeapMember& operator=(const HeapMember&) { return *this; }  ///< membership is per object
  ~HeapMember() { leave(); }

 private:
  friend class Heap;
  void join();
  void leave();
  Heap* heap_ = nullptr;
  HeapMember* prev_ = nullptr;
  HeapMember* next_ = nullptr;
};

/// The values of one interpreter run. Construction makes it the thread's active Heap (nesting
/// restores the previous one); destruction runs collect() and then forgets the survivors (values
/// still owned from outside, such as the shared None), which stay valid but emptied of edges.
/// Destroy it after everything else of the run (Interp keeps it as its first member).
class Heap {
 public:
  Heap();
  ~Heap();
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  /// Cuts every Obj -> Obj/Env and Env -> Obj/Env edge of the tracked values (list items, dict
  /// entries, attributes, defaults, bound self/func, class, bases, closure; scope variables and
  /// parent). Every tracked value is held while the edges are cut, so nothing dies mid-walk; then
  /// the holds are dropped and the unreachable values are freed. Only for the end of a run: live
  /// values lose their contents.
  void collect();
  size_t objs() const { return n_objs_; }  ///< tracked Obj alive now
  size_t envs() const { return n_envs_; }  ///< tracked Env alive now
  static Heap* active();                   ///< this thread's active Heap, or null
  /// Makes `h` this thread's active Heap: a lazy generator's thread (runtime/generator.hpp) adds to the run's.
  static void adopt(Heap* h);

 private:
  template <class T>
  friend class HeapMember;
  HeapMember<Obj>* objs_ = nullptr;
  HeapMember<Env>* envs_ = nullptr;
  size_t n_objs_ = 0, n_envs_ = 0;
  Heap* prev_ = nullptr;
  template <class T>
  static std::vector<std::shared_ptr<T>> hold_all(HeapMember<T>* head);
};

}  // namespace tparse::compiler
