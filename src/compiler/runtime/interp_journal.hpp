// Interp's journal of side effects (a fragment of class Interp, included inside its body by runtime/interp.hpp and
// nowhere else, as interp_symbols.hpp): what a traced call changed on objects and scopes, undone when its speculative
// trace is discarded. Defined in dynamo/guards/container_guards.cpp; spans opened in restart.cpp, comprehension.cpp and
// run_frame.cpp. No include guard and no namespace on purpose: these declarations are members of Interp.
  /// Side effects of a call a compiled frame traces at depth 0 (dynamo/breaks/restart.cpp): an object's state is saved
  /// before its first change inside the call; a graph break in the call restores it, as Dynamo discards the
  /// speculative trace's SideEffects and runs the call once, eagerly (a counter `self.n += 1` before a nested break
  /// was applied twice: BERT-pytorch's ScheduledOptim)
  struct JournalEntry {
    V obj;
    std::map<std::string, V> attrs;
    std::vector<std::string> order;
    std::vector<std::pair<V, V>> dict;
    std::vector<V> items;
    std::shared_ptr<Env> env;  ///< or a scope's variable `name`: its value then (null: it was unbound)
    std::string name;
    V old;
  };
  std::vector<JournalEntry> journal_;
  void journal_env(Env* env, const std::string& name);  ///< a global / nonlocal store, undone with the journal
  std::vector<size_t> journal_marks_;  ///< where each open call's entries begin
  int journal_depth_ = 0;
  /// One open span of journaled side effects (a depth-0 call's, a frame's trace): opened here, closed at scope exit or
  /// by close(); the outermost span's entries are dropped when it closes (undo_journal(mark) takes them back first)
  struct JournalSpan {
    Interp& I;
    size_t mark;
    bool on;
    JournalSpan(Interp& i, bool open) : I(i), mark(i.journal_.size()), on(open) {
      if (on) { ++I.journal_depth_; I.journal_marks_.push_back(mark); }
    }
    void close() {
      if (!on) return;
      on = false;
      I.journal_marks_.pop_back();
      if (--I.journal_depth_ == 0) I.journal_.resize(std::min(I.journal_.size(), mark));
    }
    ~JournalSpan() { close(); }
  };
  void journal(const V& obj);
  void undo_journal(size_t mark);  ///< objects back as they were at that mark (container_guards.cpp)
