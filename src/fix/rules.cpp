// Patch rules (see rules.hpp). Each rule checks the statement's shape in the AST outline and
// rewrites only the lines it owns; the compiler then verifies the result (verify.hpp).
#include "fix/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

namespace tparse::fix {

namespace {

using compiler::Outline;
using compiler::OutlineStmt;

const OutlineStmt& at(const Outline& o, int i) { return o.stmts[static_cast<size_t>(i)]; }

std::string trim(std::string s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

bool is_descendant(const Outline& o, int i, int anc) {
  for (int p = at(o, i).parent; p >= 0; p = at(o, p).parent)
    if (p == anc) return true;
  return false;
}

// The statement starts its first line and no other statement (except its own children) starts on
// one of its lines: whole-line edits then touch nothing else.
bool owns_lines(const SourceText& src, const Outline& o, int i) {
  const OutlineStmt& s = at(o, i);
  if (static_cast<int>(src.indent(s.line).size()) + 1 != s.col) return false;
  for (int j = 0; j < static_cast<int>(o.stmts.size()); ++j) {
    if (j == i || is_descendant(o, j, i)) continue;
    const OutlineStmt& t = at(o, j);
    if (t.line >= s.line && t.line <= s.end_line && !is_descendant(o, i, j)) return false;
  }
  return true;
}

std::set<std::string> function_locals(const Outline& o, int fn) {
  std::set<std::string> l;
  if (fn < 0) return l;
  for (const auto& p : at(o, fn).params) l.insert(p);
  for (const auto& s : o.stmts)
    if (s.function == fn) l.insert(s.targets.begin(), s.targets.end());
  return l;
}

// Statement lines as text (comments kept), `first` .. `last`.
std::string lines_text(const SourceText& src, int first, int last) {
  std::string t;
  for (int l = first; l <= last; ++l) t += src.line(l) + "\n";
  return t;
}

// One indentation step at this statement: its indent minus its parent's; 4 spaces at module level.
std::string indent_unit(const SourceText& src, const Outline& o, const OutlineStmt& s) {
  std::string mine = src.indent(s.line);
  if (s.parent >= 0) {
    std::string par = src.indent(at(o, s.parent).line);
    if (mine.size() > par.size() && mine.compare(0, par.size(), par) == 0) return mine.substr(par.size());
  }
  return mine.find('\t') != std::string::npos ? "\t" : "    ";
}

// `T = value` exactly: returns the value's lines (first line from the value's column, the rest as
// written, comments stripped); empty when the statement is not a plain single-name assignment.
std::vector<std::string> assigned_value(const SourceText& src, const OutlineStmt& s) {
  if (s.kind != "assign" || s.targets.size() != 1 || s.value_line != s.line) return {};
  std::string first = src.line(s.line);
  std::string head = first.substr(0, static_cast<size_t>(s.value_col - 1));
  if (trim(head) != s.targets[0] + " =" && trim(head) != s.targets[0] + "=") return {};
  std::vector<std::string> v = {strip_comment(first.substr(static_cast<size_t>(s.value_col - 1)))};
  for (int l = s.line + 1; l <= s.end_line; ++l) v.push_back(strip_comment(src.line(l)));
  return v;
}

// A single-line expression's text: from `col` to the end of the line, comment stripped.
std::string expr_text(const SourceText& src, int line, int col) {
  return trim(strip_comment(src.line(line).substr(static_cast<size_t>(std::max(0, col - 1)))));
}

bool word_in(const std::string& text, const std::string& w) {
  size_t p = 0;
  while ((p = text.find(w, p)) != std::string::npos) {
    bool l = p == 0 || !(std::isalnum(static_cast<unsigned char>(text[p - 1])) || text[p - 1] == '_');
    size_t e = p + w.size();
    bool r = e >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_');
    if (l && r) return true;
    p = e;
  }
  return false;
}

// An `import torch` edit when the module does not import torch under that name.
std::vector<Edit> ensure_torch_import(const SourceText& src, const Outline& o) {
  int last_import = 0;
  for (const auto& s : o.stmts) {
    if (s.parent != -1 || s.kind != "import") continue;
    std::string t = trim(strip_comment(src.line(s.line)));
    if (t == "import torch" || t.rfind("import torch,", 0) == 0 || t.rfind("import torch ", 0) == 0) {
      if (t.find(" as ") == std::string::npos || t.find(" as torch") != std::string::npos) return {};
    }
    last_import = std::max(last_import, s.end_line);
  }
  Edit e;
  e.first = last_import + 1;
  e.last = last_import;
  e.lines = {"import torch"};
  return {e};
}

// Reads of `name` after statement `s` in the same function: their uses.
std::vector<std::pair<std::string, const OutlineStmt*>> later_uses(const Outline& o, const OutlineStmt& s,
                                                                   const std::string& name) {
  std::vector<std::pair<std::string, const OutlineStmt*>> u;
  for (const auto& t : o.stmts) {
    if (t.function != s.function || t.line <= s.end_line) continue;
    for (const auto& n : t.names) if (n.name == name) u.push_back({n.use, &t});
  }
  return u;
}

bool is_log_call(const std::string& callee) {
  if (callee == "print" || callee == "warnings.warn" || callee.rfind("logging.", 0) == 0) return true;
  size_t dot = callee.rfind('.');
  if (dot == std::string::npos || dot == 0) return false;
  static const std::set<std::string> methods = {"debug", "info", "warning", "warn", "error", "exception",
                                                "critical", "log", "warning_once", "info_once"};
  std::string base = callee.substr(0, dot);
  std::transform(base.begin(), base.end(), base.begin(), [](unsigned char c) { return std::tolower(c); });
  return methods.count(callee.substr(dot + 1)) && base.find("log") != std::string::npos;
}

bool is_clock_call(const std::string& c) {
  return c == "time.perf_counter" || c == "time.time" || c == "time.monotonic" || c == "time.perf_counter_ns" ||
         c == "time.time_ns" || c == "perf_counter";
}

// `if not torch.compiler.is_compiling():` around the statement's lines.
Candidate guard(const SourceText& src, const Outline& o, const OutlineStmt& s, const std::string& what) {
  Candidate c;
  c.rule = "guard_call";
  c.title = fmt::format("run `{}` only outside compiled code (`if not torch.compiler.is_compiling():`)", what);
  std::string unit = indent_unit(src, o, s);
  Edit e;
  e.first = s.line;
  e.last = s.end_line;
  e.lines.push_back(src.indent(s.line) + "if not torch.compiler.is_compiling():");
  for (int l = s.line; l <= s.end_line; ++l) {
    std::string t = src.line(l);
    e.lines.push_back(trim(t).empty() ? t : unit + t);
  }
  c.edits = ensure_torch_import(src, o);
  c.edits.push_back(e);
  return c;
}

std::optional<Candidate> hoist(const SourceText& src, const Outline& o, int i, std::string& why) {
  const OutlineStmt& s = at(o, i);
  std::vector<std::string> value = assigned_value(src, s);
  if (value.empty()) { why = "the version check is not a plain `name = ...` assignment"; return std::nullopt; }
  const std::string& target = s.targets[0];
  std::set<std::string> locals = function_locals(o, s.function);
  for (const auto& n : s.names)
    if (locals.count(n.name)) { why = fmt::format("the value reads the local `{}`", n.name); return std::nullopt; }
  std::string ind = src.indent(s.line);
  Candidate c;
  c.rule = "hoist_version";
  // a method of a class with __init__(self, ...): computed once there
  int init = -1;
  if (s.function >= 0 && at(o, s.function).cls >= 0) {
    int cls = at(o, s.function).cls;
    for (int k : at(o, cls).body)
      if (at(o, k).kind == "def" && at(o, k).name == "__init__" && !at(o, k).params.empty() && at(o, k).params[0] == "self")
        init = k;
  }
  if (init >= 0 && !at(o, init).body.empty()) {
    const OutlineStmt& idef = at(o, init);
    int after = -1;
    for (int k : idef.body) {
      const OutlineStmt& b = at(o, k);
      std::string txt = lines_text(src, b.line, b.end_line);
      for (const auto& call : b.calls)
        if (call.callee.ends_with("__init__") && txt.find("super") != std::string::npos) after = b.end_line;
      if (after >= 0) break;
    }
    int first_body = idef.body.front();
    std::string bind = src.indent(at(o, first_body).line);
    std::string attr = target;
    if (src.text.find("self." + attr) != std::string::npos) attr = "_" + attr;
    Edit ins;
    ins.first = after >= 0 ? after + 1 : at(o, first_body).line;
    ins.last = ins.first - 1;
    ins.lines.push_back(bind + "self." + attr + " = " + value[0]);
    for (size_t k = 1; k < value.size(); ++k) ins.lines.push_back(value[k]);
    Edit rep{s.line, s.end_line, {ind + target + " = self." + attr}};
    c.edits = {ins, rep};
    c.title = fmt::format("compute `{}` once in {}.__init__ (`self.{}`) instead of on every forward",
                          target, at(o, at(o, s.function).cls).name, attr);
    return c;
  }
  // otherwise a module-level constant before the top-level statement holding the function
  int top = i;
  while (at(o, top).parent >= 0) top = at(o, top).parent;
  if (top == i) { why = "the statement is already at module level"; return std::nullopt; }
  std::string name = "_";
  for (char ch : target) name += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  while (word_in(src.text, name)) name += "_";
  int first = at(o, top).line;
  while (first > 1 && trim(src.line(first - 1)).rfind("@", 0) == 0) --first;  // above its decorators
  Edit ins;
  ins.first = first;
  ins.last = first - 1;
  ins.lines.push_back(name + " = " + value[0]);
  for (size_t k = 1; k < value.size(); ++k) ins.lines.push_back(value[k]);
  ins.lines.push_back("");
  ins.lines.push_back("");
  Edit rep{s.line, s.end_line, {ind + target + " = " + name}};
  c.edits = {ins, rep};
  c.title = fmt::format("compute `{}` once at import time (`{}`) instead of on every call", target, name);
  return c;
}

std::optional<Candidate> keep_tensor(const SourceText& src, const Outline& o, const OutlineStmt& s, std::string& why) {
  if (s.kind != "assign" || s.targets.size() != 1 || s.calls.empty()) { why = "not `v = t.item()` / `v = t.tolist()`"; return std::nullopt; }
  const auto& call = s.calls.front();
  bool item = call.callee.ends_with(".item"), tolist = call.callee.ends_with(".tolist");
  if ((!item && !tolist) || call.nargs || !call.keywords.empty() || call.name_line != s.line || call.paren_line != s.line) {
    why = "int()/float() of a tensor, or a call of several lines: the value leaves the graph";
    return std::nullopt;
  }
  std::string line = src.line(s.line);
  size_t name = static_cast<size_t>(call.name_col - 1), paren = static_cast<size_t>(call.paren_col - 1);
  size_t close = matching_close(line, paren);
  if (name == 0 || line[name - 1] != '.' || close == std::string::npos || !trim(strip_comment(line.substr(close + 1))).empty()) {
    why = "the scalar is used inside a larger expression";
    return std::nullopt;
  }
  auto uses = later_uses(o, s, s.targets[0]);
  if (uses.empty()) { why = "the value is not used later"; return std::nullopt; }
  for (const auto& [use, st] : uses) {
    bool ok = item ? use == "binop" : use == "len";
    if (!ok || st->kind == "if" || st->kind == "while") {
      why = fmt::format("`{}` is used as a Python {} (line {}): it must stay a Python value", s.targets[0],
                        use == "binop" ? "condition" : "value", st->line);
      return std::nullopt;
    }
  }
  Candidate c;
  c.rule = "keep_tensor";
  c.title = fmt::format("keep `{}` a tensor (drop `.{}()`; it is only used in {})", s.targets[0],
                        item ? "item" : "tolist", item ? "tensor arithmetic" : "len()");
  Edit e{s.line, s.line, {line.substr(0, name - 1) + line.substr(close + 1)}};
  c.edits = {e};
  return c;
}

// `if COND:` whose branches each hold one assignment to the same name, or one return.
std::optional<Candidate> to_where(const SourceText& src, const Outline& o, int i, std::string& why) {
  const OutlineStmt& s = at(o, i);
  why = "the branches are not one assignment to the same name or one return each";
  if (s.value_line != s.line || s.body.size() != 1 || s.orelse.size() > 1) return std::nullopt;
  std::string header = strip_comment(src.line(s.line));
  if (header.empty() || header.back() != ':') return std::nullopt;
  std::string cond = trim(header.substr(static_cast<size_t>(s.value_col - 1), header.size() - 1 - static_cast<size_t>(s.value_col - 1)));
  const OutlineStmt& a = at(o, s.body[0]);
  if (a.line == s.line || a.line != a.end_line) return std::nullopt;
  const OutlineStmt* b = s.orelse.empty() ? nullptr : &at(o, s.orelse[0]);
  if (b && (b->kind == "if" || b->line != b->end_line)) return std::nullopt;
  std::string ind = src.indent(s.line);
  Candidate c;
  c.rule = "torch_where";
  c.edits = ensure_torch_import(src, o);
  int last = s.end_line;
  if (a.kind == "assign") {
    if (assigned_value(src, a).empty()) return std::nullopt;
    std::string t = a.targets[0], other = t;
    if (b) {
      if (b->kind != "assign" || assigned_value(src, *b).empty() || b->targets[0] != t) return std::nullopt;
      other = expr_text(src, b->value_line, b->value_col);
    }
    c.edits.push_back({s.line, last, {fmt::format("{}{} = torch.where({}, {}, {})", ind, t, cond,
                                                  expr_text(src, a.value_line, a.value_col), other)}});
  } else if (a.kind == "return" && a.value_line == a.line) {
    if (!b) {  // `if c: return A` followed by `return B`
      const auto& sib = s.parent >= 0 ? at(o, s.parent).body : std::vector<int>{};
      auto it = std::find(sib.begin(), sib.end(), i);
      if (it == sib.end() || it + 1 == sib.end()) return std::nullopt;
      b = &at(o, *(it + 1));
      last = b->end_line;
    }
    if (b->kind != "return" || b->value_line != b->line || b->line != b->end_line) return std::nullopt;
    c.edits.push_back({s.line, last, {fmt::format("{}return torch.where({}, {}, {})", ind, cond,
                                                  expr_text(src, a.value_line, a.value_col),
                                                  expr_text(src, b->value_line, b->value_col))}});
  } else {
    return std::nullopt;
  }
  c.title = "compute both branches and select with torch.where (no data-dependent Python branch)";
  why.clear();
  return c;
}

}  // namespace

int statement_at(const Outline& o, int line) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(o.stmts.size()); ++i) {
    const OutlineStmt& s = at(o, i);
    if (s.line > line || s.end_line < line) continue;
    if (s.kind == "def" || s.kind == "class") continue;
    // compound statements contain their blocks: only the header line belongs to them
    if (!s.body.empty() && line != s.line && s.kind != "expr") continue;
    if (best < 0 || s.line >= at(o, best).line) best = i;
  }
  return best;
}

static std::optional<Candidate> patch_break_at(const SourceText& src, const Outline& o, int line, std::string& why);

std::optional<Candidate> patch_break(const SourceText& src, const Outline& o, int line, std::string& why) {
  try {  // columns past a line's end (a file changed since the trace) must not stop the plan
    return patch_break_at(src, o, line, why);
  } catch (const std::exception& e) {
    why = std::string("the statement could not be read back from the file (") + e.what() + ")";
    return std::nullopt;
  }
}

static std::optional<Candidate> patch_break_at(const SourceText& src, const Outline& o, int line, std::string& why) {
  int i = statement_at(o, line);
  if (i < 0) { why = "no statement at this line"; return std::nullopt; }
  const OutlineStmt& s = at(o, i);
  if (!owns_lines(src, o, i)) { why = "the statement shares its lines with another"; return std::nullopt; }
  std::string text = lines_text(src, s.line, s.kind == "if" || s.kind == "while" ? s.line : s.end_line);
  if (s.kind != "if" && s.kind != "while" &&
      (text.find("__version__") != std::string::npos || text.find("metadata.version(") != std::string::npos))
    return hoist(src, o, i, why);
  const compiler::OutlineCall* top = nullptr;
  if (!s.calls.empty() && s.calls[0].line == s.value_line && s.calls[0].col == s.value_col) top = &s.calls[0];
  if (s.kind == "expr" && top && is_log_call(top->callee)) return guard(src, o, s, top->callee + "(...)");
  if (s.kind == "assign" && top && is_clock_call(top->callee) && s.targets.size() == 1) {
    if (!later_uses(o, s, s.targets[0]).empty()) {
      why = fmt::format("`{}` from {}() is used later: time outside the compiled function", s.targets[0], top->callee);
      return std::nullopt;
    }
    return guard(src, o, s, s.targets[0] + " = " + top->callee + "()");
  }
  if (s.kind == "assign" && top && (top->callee.ends_with(".item") || top->callee.ends_with(".tolist")))
    return keep_tensor(src, o, s, why);
  if (s.kind == "if" && line == s.line) return to_where(src, o, i, why);
  why = s.kind == "while" ? "a loop on a tensor condition has no torch.where form" : "no patch rule for this statement";
  return std::nullopt;
}

std::optional<Candidate> patch_dynamic(const SourceText& src, const Outline& o, std::string& why) {
  Candidate c;
  c.rule = "dynamic";
  c.title = "compile with dynamic=True: sizes and Python numbers that change become symbols, no recompile";
  for (const auto& s : o.stmts)
    for (const auto& call : s.calls) {
      if (call.callee != "torch.compile") continue;
      if (std::find(call.keywords.begin(), call.keywords.end(), "dynamic") != call.keywords.end()) continue;
      std::string joined;
      int last = std::min(src.count(), call.paren_line + 60);
      for (int l = call.paren_line; l <= last; ++l) joined += src.line(l) + "\n";
      size_t close = matching_close(joined, static_cast<size_t>(call.paren_col - 1));
      if (close == std::string::npos) continue;
      int cl = call.paren_line + static_cast<int>(std::count(joined.begin(), joined.begin() + static_cast<long>(close), '\n'));
      size_t line_start = joined.rfind('\n', close);
      size_t col = line_start == std::string::npos ? close : close - line_start - 1;
      std::string l = src.line(cl);
      std::string before = trim(joined.substr(static_cast<size_t>(call.paren_col), close - static_cast<size_t>(call.paren_col)));
      std::string add = before.empty() || before.back() == ',' ? "dynamic=True" : ", dynamic=True";
      c.edits.push_back({cl, cl, {l.substr(0, col) + add + l.substr(col)}});
    }
  if (c.edits.empty()) { why = "no torch.compile(...) call without dynamic= in the driver script"; return std::nullopt; }
  return c;
}

}  // namespace tparse::fix
