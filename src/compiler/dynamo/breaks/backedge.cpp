// Dynamo's loop test for graph breaks (`InstructionTranslatorBase.maybe_has_backedge`, 2.11): scan
// the frame's bytecode linearly from the current instruction until the first RETURN; a jump to an
// earlier instruction means "maybe in a loop" and the break skips the whole frame (GB7000). Here
// the scan runs over the AST in CPython 3.12 layout: statements in source order, `if` body then
// `else` body, a `for`/`while` body ends with a JUMP_BACKWARD (to FOR_ITER / to the body start, the
// `while` test being repeated at the bottom), `continue` jumps to the loop head.
#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {

using Block = std::vector<StmtP>;
enum class Scan { None, Return, Back };

bool is_loop(const Stmt* s) { return s->k == SK::For || s->k == SK::While; }

/// Path from the function body to `cur`: (block, index) pairs, outermost first.
bool find_path(const Block& b, const Stmt* cur, std::vector<std::pair<const Block*, size_t>>& path) {
  for (size_t i = 0; i < b.size(); ++i) {
    path.push_back({&b, i});
    const Stmt* s = b[i].get();
    if (s == cur) return true;
    if (s->k != SK::Def && s->k != SK::Class)
      for (const Block* sub : {&s->body, &s->orelse, &s->final_body})
        if (find_path(*sub, cur, path)) return true;
    path.pop_back();
  }
  return false;
}

Scan scan_block(const Block& b, size_t from, bool in_enclosing_loop);

/// One statement in linear order. `in_enclosing_loop`: the innermost loop around it contains the
/// current instruction, so its `continue` jumps backwards.
Scan scan_stmt(const Stmt* s, bool in_enclosing_loop) {
  switch (s->k) {
    case SK::Return: return Scan::Return;
    case SK::Continue: return in_enclosing_loop ? Scan::Back : Scan::None;
    case SK::Def: case SK::Class: return Scan::None;  // separate code objects
    case SK::For: case SK::While: {
      // a loop entirely after the current instruction: its back-jump targets a later offset
      if (Scan r = scan_block(s->body, 0, false); r != Scan::None) return r;
      return scan_block(s->orelse, 0, in_enclosing_loop);
    }
    default: {
      for (const Block* sub : {&s->body, &s->orelse, &s->final_body})
        if (Scan r = scan_block(*sub, 0, in_enclosing_loop); r != Scan::None) return r;
      return Scan::None;
    }
  }
}

Scan scan_block(const Block& b, size_t from, bool in_enclosing_loop) {
  for (size_t i = from; i < b.size(); ++i)
    if (Scan r = scan_stmt(b[i].get(), in_enclosing_loop); r != Scan::None) return r;
  return Scan::None;
}

}  // namespace

bool Interp::maybe_has_backedge(const Activation& act) const {
  const Stmt* cur = act.cur_stmt;
  if (!act.fn || !cur) return act.loop_depth > 0;
  // `while` test repeated at the bottom of the body: followed by JUMP_BACKWARD to the body start
  if (cur->k == SK::While && act.while_bottom) return true;
  std::vector<std::pair<const Block*, size_t>> path;
  if (!find_path(act.fn->body, cur, path)) return act.loop_depth > 0;
  auto enclosing_loop_at = [&](size_t depth) {  // is there a loop among path[0..depth) ?
    for (size_t d = 0; d < depth; ++d) if (is_loop(path[d].first->at(path[d].second).get())) return true;
    return false;
  };
  // the rest of the current statement: a compound statement whose header broke scans its blocks
  // (a loop header is not inside that loop: its back-jump lands after the header)
  size_t depth = path.size() - 1;
  if (cur->k == SK::Return) return false;
  // 3.12 has only forward conditional jumps: an `if` with no else whose false branch lands on a loop's back edge (it
  // ends a `for` / `while True` body, maybe through enclosing ifs) is `POP_JUMP_IF_TRUE body; JUMP_BACKWARD head`, so
  // the scan from its test meets the back-jump first, whatever the body does (AdamP's `_projection`: `if cos.max() <
  // delta: return ...` ends the loop body; program loop_if_return_databranch_skips_frame)
  if (cur->k == SK::If && cur->orelse.empty()) {
    for (size_t d = depth; d > 0; --d) {
      const Block& b = *path[d].first;
      if (path[d].second + 1 != b.size()) break;  // a statement follows: the false branch lands there
      const Stmt* parent = path[d - 1].first->at(path[d - 1].second).get();
      const bool while_true = parent->k == SK::While && parent->value && parent->value->k == EK::True;
      if (&b == &parent->body && (parent->k == SK::For || while_true)) return true;
      if (parent->k != SK::If) break;  // (a with / try has its own cleanup code after the block)
    }
  }
  if (is_loop(cur)) {
    if (Scan r = scan_block(cur->body, 0, false); r != Scan::None) return r == Scan::Back;
    if (Scan r = scan_block(cur->orelse, 0, enclosing_loop_at(depth)); r != Scan::None) return r == Scan::Back;
  } else if (cur->k != SK::Def && cur->k != SK::Class) {
    for (const Block* sub : {&cur->body, &cur->orelse, &cur->final_body})
      if (Scan r = scan_block(*sub, 0, enclosing_loop_at(depth)); r != Scan::None) return r == Scan::Back;
  }
  // climb: the rest of each enclosing block, then what follows it inside its parent statement
  for (size_t d = depth + 1; d-- > 0;) {
    const Block& b = *path[d].first;
    if (Scan r = scan_block(b, path[d].second + 1, enclosing_loop_at(d)); r != Scan::None) return r == Scan::Back;
    if (d == 0) break;
    const Stmt* parent = path[d - 1].first->at(path[d - 1].second).get();
    if (&b == &parent->body) {
      if (is_loop(parent)) return true;  // end of an enclosing loop body: JUMP_BACKWARD
      for (const Block* sub : {&parent->orelse, &parent->final_body})
        if (Scan r = scan_block(*sub, 0, enclosing_loop_at(d - 1)); r != Scan::None) return r == Scan::Back;
    } else if (&b == &parent->orelse) {
      if (Scan r = scan_block(parent->final_body, 0, enclosing_loop_at(d - 1)); r != Scan::None) return r == Scan::Back;
    }
  }
  return false;  // end of the function: implicit `return None`
}

}  // namespace tparse::compiler
