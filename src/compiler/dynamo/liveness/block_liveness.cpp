// Liveness over a function's statement tree (CPython's livevars as Dynamo's resume points see them): the names read
// before they are written on some path from a point on. A loop's head is a fixpoint (its body runs again), `break` /
// `continue` go to the loop's exit / head, `return` ends the paths; statements it does not model (with, try, def,
// import, ...) kill nothing and read every name they mention. Used by break_liveness.cpp for a statement nested in
// if / with / loop blocks (a top-level one keeps the simpler walk there).
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "dynamo/liveness/block_liveness.hpp"

namespace tparse::compiler {

void names_mentioned(const Expr* e, std::set<std::string>& out) {
  if (!e) return;
  if (e->k == EK::Name) out.insert(e->s);
  for (auto& c : e->a) names_mentioned(c.get(), out);
  for (auto& c : e->comps) {
    names_mentioned(c.target.get(), out);
    names_mentioned(c.iter.get(), out);
    for (auto& x : c.conds) names_mentioned(x.get(), out);
  }
}

namespace {

using Names = std::set<std::string>;

struct LoopCtx {
  const Names* exit = nullptr;  ///< live after the innermost loop (`break` goes there)
  const Names* head = nullptr;  ///< live at its head (`continue` goes there)
};

void names_of(const Expr* e, Names& out) { names_mentioned(e, out); }

/// every name a statement mentions, nested statements and functions included (the conservative reads)
void all_names(const Stmt& s, Names& out) {
  for (auto& t : s.targets) names_of(t.get(), out);
  names_of(s.target.get(), out);
  names_of(s.value.get(), out);
  for (auto& t : s.items) names_of(t.get(), out);
  for (auto* b : {&s.body, &s.orelse, &s.final_body, &s.handlers})
    for (auto& y : *b) if (y) all_names(*y, out);
  if (s.fn) for (auto& y : s.fn->body) if (y) all_names(*y, out);
}

/// a store target: a plain name is written; an attribute's / subscript's base and index are read
void store(const Expr* t, Names& kills, Names& uses) {
  if (!t) return;
  if (t->k == EK::Name) kills.insert(t->s);
  else if (t->k == EK::Tuple || t->k == EK::List || t->k == EK::Starred) for (auto& c : t->a) store(c.get(), kills, uses);
  else names_of(t, uses);
}

Names live_block(const std::vector<StmtP>& b, size_t from, Names live, LoopCtx lc);

Names for_head(const Stmt& s, const Names& after, const LoopCtx&) {
  const Names exit = live_block(s.orelse, 0, after, {});
  Names head = exit;
  for (int it = 0; it < 64; ++it) {
    LoopCtx inner{&after, &head};
    Names in = live_block(s.body, 0, head, inner);
    Names kills, uses;
    store(s.target.get(), kills, uses);
    for (const auto& k : kills) in.erase(k);
    in.insert(uses.begin(), uses.end());
    in.insert(exit.begin(), exit.end());
    if (in == head) break;
    head = std::move(in);
  }
  return head;
}

Names while_head(const Stmt& s, const Names& after, const LoopCtx&) {
  const Names exit = live_block(s.orelse, 0, after, {});
  Names head = exit;
  names_of(s.value.get(), head);
  for (int it = 0; it < 64; ++it) {
    LoopCtx inner{&after, &head};
    Names in = live_block(s.body, 0, head, inner);
    in.insert(exit.begin(), exit.end());
    names_of(s.value.get(), in);
    if (in == head) break;
    head = std::move(in);
  }
  return head;
}

Names live_stmt(const Stmt& s, const Names& live, const LoopCtx& lc) {
  Names out = live;
  switch (s.k) {
    case SK::Assign: case SK::AnnAssign: {
      if (!s.value) return out;  // (an annotation alone stores nothing)
      Names kills, uses;
      for (auto& t : s.targets) store(t.get(), kills, uses);
      names_of(s.value.get(), uses);
      for (const auto& k : kills) out.erase(k);
      out.insert(uses.begin(), uses.end());
      return out;
    }
    case SK::AugAssign: case SK::Expr: case SK::Assert:
      names_of(s.target.get(), out);
      names_of(s.value.get(), out);
      return out;
    case SK::Return: {
      Names r;
      names_of(s.value.get(), r);
      return r;
    }
    case SK::Pass: return out;
    case SK::Break: return lc.exit ? *lc.exit : out;
    case SK::Continue: return lc.head ? *lc.head : out;
    case SK::If: {
      Names r = live_block(s.body, 0, live, lc);
      Names e = live_block(s.orelse, 0, live, lc);
      r.insert(e.begin(), e.end());
      names_of(s.value.get(), r);
      return r;
    }
    case SK::While: return while_head(s, live, lc);
    case SK::For: {
      Names r = for_head(s, live, lc);
      names_of(s.value.get(), r);
      return r;
    }
    default:
      all_names(s, out);
      return out;
  }
}

Names live_block(const std::vector<StmtP>& b, size_t from, Names live, LoopCtx lc) {
  for (size_t i = b.size(); i-- > from;)
    if (b[i]) live = live_stmt(*b[i], live, lc);
  return live;
}

/// One step of the path from the function's body down to a statement: its block, its index there, the statement
/// holding the block (null at the top) and whether the block is that statement's `else:` clause
struct Level {
  const std::vector<StmtP>* block;
  size_t idx;
  const Stmt* parent;
  bool orelse;
};

bool find_path(const std::vector<StmtP>& b, const Stmt* parent, bool orelse, const Stmt* target, std::vector<Level>& path) {
  for (size_t i = 0; i < b.size(); ++i) {
    if (!b[i]) continue;
    path.push_back({&b, i, parent, orelse});
    if (b[i].get() == target) return true;
    const Stmt& s = *b[i];
    if (s.k == SK::If || s.k == SK::While || s.k == SK::For || s.k == SK::With) {
      if (find_path(s.body, &s, false, target, path)) return true;
      if (find_path(s.orelse, &s, true, target, path)) return true;
    } else if (s.k == SK::Try || s.k == SK::Match) {
      // (a statement under try / match: its paths are not modelled; the caller falls back)
      std::vector<Level> probe;
      bool inside = find_path(s.body, &s, false, target, probe) || find_path(s.orelse, &s, true, target, probe) ||
                    find_path(s.final_body, &s, false, target, probe);
      for (auto& h : s.handlers) inside = inside || (h && find_path(h->body, &s, false, target, probe));
      if (inside) {
        path.clear();
        return false;
      }
    }
    path.pop_back();
  }
  return false;
}

}  // namespace

namespace {

/// live after `st` (and, with `before`, live before it): the path's blocks from the innermost out, each loop's head a
/// fixpoint; `keep` holds the sets a loop context points to
std::optional<Names> live_around(const FuncDef* fn, const Stmt* st, bool before) {
  if (!fn || !st) return std::nullopt;
  std::vector<Level> path;
  if (!find_path(fn->body, nullptr, false, st, path) || path.empty()) return std::nullopt;
  std::vector<Names> keep;
  keep.reserve(2 * path.size() + 2);  // (a LoopCtx points into it: no reallocation)
  std::function<Names(size_t, LoopCtx&)> after = [&](size_t lv, LoopCtx& lc) -> Names {
    Names out_of_block;
    if (lv > 0) {
      const Level& up = path[lv];
      LoopCtx outer;
      Names after_parent = after(lv - 1, outer);
      if ((up.parent->k == SK::While || up.parent->k == SK::For) && !up.orelse) {
        keep.push_back(after_parent);
        const Names* exit = &keep.back();
        keep.push_back(up.parent->k == SK::While ? while_head(*up.parent, after_parent, outer) : for_head(*up.parent, after_parent, outer));
        lc = LoopCtx{exit, &keep.back()};
        out_of_block = keep.back();
      } else {
        lc = outer;
        out_of_block = std::move(after_parent);
      }
    }
    return live_block(*path[lv].block, path[lv].idx + 1, out_of_block, lc);
  };
  LoopCtx lc;
  Names out = after(path.size() - 1, lc);
  if (before) out = live_stmt(*st, out, lc);
  return out;
}

}  // namespace

std::optional<std::set<std::string>> live_after_stmt(const FuncDef* fn, const Stmt* st) { return live_around(fn, st, false); }

std::optional<std::set<std::string>> live_before_stmt(const FuncDef* fn, const Stmt* st) { return live_around(fn, st, true); }

}  // namespace tparse::compiler
