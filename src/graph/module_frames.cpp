// Module attribution by the code that ran each op. Every Dynamo node carries its innermost frame
// (`# File: path:line in function`), and the guards' module calls say where each caller's own code
// is: the file and function of its call sites, between its first and last call line. Two rules
// follow (docs/report.md, "Module hierarchy"):
//  A. An op whose frame lies in that code of one of its module's ancestors ran in that ancestor, not
//     in the child it was put in by data flow (`q, k, v = self.c_attn(x).split(...)`: the split is the
//     attention's; mask arithmetic between two calls of a model's forward is the model's).
//  B. An op put in a module with parameters whose frame is none of the frames that read those
//     parameters did not run in that module's code: it ran in the parameterless module its parent
//     calls next (GELU after a Linear, a Dropout after a projection).
//  C-E. Modules without parameters that call nothing, by their class (GuardManager lines): a torch.nn
//     class shows its caller's call line; a user class runs in its own file.
#include <cctype>
#include <map>
#include <set>

#include "module_calls.hpp"

namespace tparse::graph {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return !tail.empty() && s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// The module path of each parameter or buffer placeholder (module_of_placeholder), read once per
/// graph: the rules below ask it for every input of every op.
struct Params {
  std::vector<char> is;             ///< per node: a parameter / buffer placeholder
  std::vector<std::string> path;    ///< per node: its module path when `is`
  explicit Params(const fx::Graph& g) : is(g.nodes.size(), 0), path(g.nodes.size()) {
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].op == fx::OpKind::Placeholder) is[i] = module_of_placeholder(g.nodes[i].name, path[i]);
  }
};

/// True when op i reads a parameter placeholder of the module it is in.
bool reads_own_param(const Hierarchy& h, const fx::Graph& g, const Params& pm, size_t i) {
  for (int32_t u : g.nodes[i].inputs)
    if (pm.is[static_cast<size_t>(u)] && pm.path[static_cast<size_t>(u)] == h.groups[static_cast<size_t>(h.node_group[i])].path)
      return true;
  return false;
}

/// True when op i reads any parameter or buffer placeholder (placed by parameters or tied weights).
bool reads_param(const fx::Graph& g, const Params& pm, size_t i) {
  for (int32_t u : g.nodes[i].inputs)
    if (pm.is[static_cast<size_t>(u)]) return true;
  return false;
}

/// `transformers.activations.NewGELUActivation` -> `transformers/activations.py` (the file of its code).
std::string class_file(const std::string& cls) {
  size_t d = cls.rfind('.');
  if (d == std::string::npos) return "";
  std::string f = cls.substr(0, d);
  for (char& ch : f) if (ch == '.') ch = '/';
  return f + ".py";
}

/// True when `code` calls a function named `leaf` itself (`F.dropout(`, `dropout(`), not a method or
/// submodule of self that merely ends with the name (`self.dropout(`, `self.resid_dropout(`).
bool calls_function(const std::string& code, const std::string& leaf) {
  for (size_t p = code.find(leaf + "("); p != std::string::npos; p = code.find(leaf + "(", p + 1)) {
    char before = p ? code[p - 1] : ' ';
    if (std::isalnum(static_cast<unsigned char>(before)) || before == '_') continue;
    if (p >= 5 && code.compare(p - 5, 5, "self.") == 0) continue;
    return true;
  }
  return false;
}

struct Code {
  std::string file, function;  ///< the call sites' file (may be cut on the left) and function
  int32_t lo = 0, hi = 0;      ///< first and last call line
};

}  // namespace

int32_t attribute_by_frames(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls) {
  if (h.source.empty() || calls.empty() || h.node_group.size() != g.nodes.size()) return 0;
  if (h.guessed.size() != g.nodes.size()) h.guessed.assign(g.nodes.size(), 0);
  const Params pm(g);
  std::map<std::string, Code> code;  // caller path -> its own code
  for (const auto& c : calls) {
    if (c.file.empty() || c.line < 0) continue;
    auto [it, fresh] = code.try_emplace(parent_of(c.path), Code{c.file, c.function, c.line, c.line});
    if (!fresh && it->second.file == c.file && it->second.function == c.function)
      it->second.lo = std::min(it->second.lo, c.line), it->second.hi = std::max(it->second.hi, c.line);
  }
  auto runs_in = [](const fx::Node& n, const Code& c) {
    return n.function == c.function && ends_with(n.file, c.file) && n.line >= c.lo && n.line <= c.hi;
  };
  // Frames (file, function, line) of the ops that read a module's parameters, per module and its
  // subtree: a torch.nn module inlined by Dynamo shows its caller's line as its ops' frame.
  auto key = [](const fx::Node& n) { return n.file + '\x1f' + n.function + '\x1f' + std::to_string(n.line); };
  std::vector<std::set<std::string>> anchored(h.groups.size());
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n) || !reads_own_param(h, g, pm, i)) continue;
    for (int32_t a = h.node_group[i]; a >= 0; a = h.groups[static_cast<size_t>(a)].parent) anchored[static_cast<size_t>(a)].insert(key(n));
  }
  // Each group's own code (groups are only added from rule B on).
  std::vector<const Code*> code_of(h.groups.size(), nullptr);
  for (size_t k = 0; k < h.groups.size(); ++k)
    if (auto it = code.find(h.groups[k].path); it != code.end()) code_of[k] = &it->second;
  int32_t moved = 0;
  // A: the deepest ancestor (or the module itself) whose own code holds the op's frame, unless the op
  // reads its module's parameters or its frame is one of those of the anchored ops of the ancestor's child
  // it sits in (then the frame is the call line of an inlined torch.nn module, and the op is that module's).
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n) || n.file.empty() || reads_param(g, pm, i)) continue;
    int32_t cur = h.node_group[i], to = -1, child = -1;
    for (int32_t a = cur; a >= 0; child = a, a = h.groups[static_cast<size_t>(a)].parent) {
      const Code* c = code_of[static_cast<size_t>(a)];
      if (c && runs_in(n, *c)) {
        if (child < 0 || !anchored[static_cast<size_t>(child)].count(key(n))) to = a;
        break;
      }
    }
    if (to >= 0 && to != cur) h.node_group[i] = to, h.guessed[i] = 0, ++moved;
    if (to >= 0) continue;
    // A': a line before a caller's first call (`input_ids = input_ids.view(...)` atop a forward): the
    // function holding it is the one whose code starts next in that file, when no other code known in
    // that file ends in between; the op moves down into that module when it is a descendant of its own.
    int32_t best = -1, best_lo = 0;
    bool blocked = false;
    for (int32_t k = 0; k < static_cast<int32_t>(h.groups.size()); ++k) {
      const Code* c = code_of[static_cast<size_t>(k)];
      if (!c || c->function != n.function || !ends_with(n.file, c->file)) continue;
      if (c->lo > n.line && (best < 0 || c->lo < best_lo)) best = k, best_lo = c->lo;
    }
    if (best < 0) continue;
    for (const auto& [path, c] : code)
      if (c.function == n.function && ends_with(n.file, c.file) && c.hi >= n.line && c.hi < best_lo) blocked = true;
    if (!blocked && best != cur && h.contains(cur, best)) h.node_group[i] = best, h.guessed[i] = 0, ++moved;
  }
  // B: per module with parameters, the frames of the ops that read them.
  std::map<int32_t, std::set<std::pair<std::string, std::string>>> own;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    if (is_op(n) && reads_own_param(h, g, pm, i)) own[h.node_group[i]].insert({n.file, n.function});
  }
  std::map<std::string, const ModuleCall*> call_of;
  for (const auto& c : calls) call_of.try_emplace(c.path, &c);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    int32_t G = h.node_group[i];
    auto o = own.find(G);
    if (!is_op(n) || n.file.empty() || o == own.end() || o->second.count({n.file, n.function})) continue;
    const std::string& path = h.groups[static_cast<size_t>(G)].path;
    if (code.count(path)) continue;  // a caller: its own code is known by rule A
    auto me = call_of.find(path);
    if (me == call_of.end()) continue;
    // the parameterless sibling its parent calls next (by line, same code)
    const ModuleCall* next = nullptr;
    for (const auto& c : calls) {
      if (parent_of(c.path) != parent_of(path) || c.file != me->second->file || c.function != me->second->function ||
          c.line <= me->second->line)
        continue;
      if (!next || c.line < next->line) next = &c;
    }
    if (!next) continue;
    int32_t M = h.find(next->path);
    if (M >= 0 && own.count(M)) continue;  // it has parameters of its own
    if (M < 0) M = add_group(h, next->path);
    h.node_group[i] = M, h.guessed[i] = 0, ++moved;
  }
  // C and D: a module without parameters that calls nothing. A torch.nn class (Dropout, GELU) is inlined
  // with its frames elided: its ops show the caller's call line, and a torch function op there that the
  // line does not call by name ran inside it (C); an op in such a module with another frame, or in a user
  // class whose file is not the op's, is its caller's (D).
  if (moved) refresh(h, g);
  int32_t cd = 0;
  for (const auto& c : calls) {
    if (c.cls.empty() || code.count(c.path)) continue;
    int32_t M = h.find(c.path), P = h.find(parent_of(c.path));
    if (P < 0 || (M >= 0 && own.count(M))) continue;
    bool torch_nn = c.cls.rfind("torch.nn.modules.", 0) == 0;
    std::string file = class_file(c.cls);
    auto at_call = [&](const fx::Node& n) { return n.line == c.line && n.function == c.function && ends_with(n.file, c.file); };
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const fx::Node& n = g.nodes[i];
      if (!is_op(n) || n.file.empty() || reads_param(g, pm, i)) continue;
      int32_t G = h.node_group[i];
      if (torch_nn && G == P && at_call(n) && n.target.rfind("torch.", 0) == 0) {
        std::string leaf = n.target.substr(n.target.rfind('.') + 1);
        if (calls_function(n.code, leaf)) continue;  // the line calls it itself
        if (M < 0) M = add_group(h, c.path);
        h.node_group[i] = M, h.guessed[i] = 0, ++cd;
      } else if (M >= 0 && G == M && (torch_nn ? !at_call(n) : !ends_with(n.file, file))) {
        h.node_group[i] = P, h.guessed[i] = 0, ++cd;
      } else if (!torch_nn && G != M && ends_with(n.file, file) && !ends_with(n.file, c.file)) {
        // E: an op in the user class's file (not its caller's) fed by an op under its caller ran inside the call
        bool fed = false;
        for (int32_t u : n.inputs)
          if (is_op(g.nodes[static_cast<size_t>(u)])) {
            int32_t ug = h.node_group[static_cast<size_t>(u)];
            fed = fed || h.contains(P, ug) || (M >= 0 && ug == M);
          }
        if (!fed) continue;
        if (M < 0) M = add_group(h, c.path);
        h.node_group[i] = M, h.guessed[i] = 0, ++cd;
      }
    }
  }
  if (cd) refresh(h, g);
  return moved + cd;
}

}  // namespace tparse::graph
