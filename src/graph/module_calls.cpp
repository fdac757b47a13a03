// Modules called without parameters, from the guards; see module_calls.hpp.
#include "module_calls.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "aot_anchors.hpp"
#include "aot_segments.hpp"

namespace tparse::graph {

namespace {

/// "L['self']._modules['a']._modules['b']" -> "a.b"; false for anything else.
bool module_path(std::string_view src, std::string& out) {
  out.clear();
  // The root is the local holding the module: L['self'] in a method, L['<any name>'] otherwise.
  constexpr std::string_view mod = "._modules['";
  if (src.substr(0, 3) != "L['") return false;
  size_t re = src.find("']");
  if (re == std::string_view::npos || re <= 3) return false;
  src.remove_prefix(re + 2);
  if (src.empty()) return false;
  while (!src.empty()) {
    if (src.substr(0, mod.size()) != mod) return false;
    src.remove_prefix(mod.size());
    size_t q = src.find("']");
    if (q == std::string_view::npos || q == 0) return false;
    if (!out.empty()) out += '.';
    out += src.substr(0, q);
    src.remove_prefix(q + 2);
  }
  return true;
}

}  // namespace

std::vector<ModuleCall> module_calls_from_guards(std::string_view text) {
  std::vector<ModuleCall> out;
  std::unordered_set<std::string> seen;
  constexpr std::string_view key = "___dict_contains('forward', ";
  for (size_t p = text.find(key); p != std::string_view::npos; p = text.find(key, p + 1)) {
    size_t eol = text.find('\n', p);
    std::string_view line = text.substr(p + key.size(), (eol == std::string_view::npos ? text.size() : eol) - p - key.size());
    size_t d = line.find(".__dict__)");
    if (d == std::string_view::npos) continue;
    ModuleCall c;
    if (!module_path(line.substr(0, d), c.path) || !seen.insert(c.path).second) continue;
    // "...)  # <code>  # <file>:<line> in <function>": the last "  # " holds the location.
    size_t loc = line.rfind("  # ");
    if (loc == std::string_view::npos || loc < d) continue;
    std::string_view where = line.substr(loc + 4);
    size_t in = where.find(" in ");
    if (in == std::string_view::npos) continue;
    std::string_view fl = where.substr(0, in);
    size_t colon = fl.rfind(':');
    if (colon == std::string_view::npos) continue;
    int32_t ln = 0;
    bool digits = colon + 1 < fl.size();
    for (char ch : fl.substr(colon + 1)) {
      digits = digits && ch >= '0' && ch <= '9' && ln < 100000000;  // a line number, not an overflow
      if (digits) ln = ln * 10 + (ch - '0');
    }
    if (!digits) continue;
    c.file = std::string(fl.substr(0, colon));
    c.line = ln;
    std::string_view fn = where.substr(in + 4);
    c.function = std::string(fn.substr(0, fn.find(' ')));
    out.push_back(std::move(c));
  }
  // "GuardManager: source=L['self']._modules['a'], accessed_by=..., type=<class 'pkg.mod.Cls'>": each module's class
  constexpr std::string_view mgr = "GuardManager: source=", ty = ", type=<class '";
  std::unordered_map<std::string, std::string> cls;
  for (size_t p = text.find(mgr); p != std::string_view::npos; p = text.find(mgr, p + 1)) {
    size_t eol = text.find('\n', p);
    std::string_view line = text.substr(p + mgr.size(), (eol == std::string_view::npos ? text.size() : eol) - p - mgr.size());
    size_t comma = line.find(", accessed_by="), t = line.find(ty);
    std::string path;
    if (comma == std::string_view::npos || t == std::string_view::npos || !module_path(line.substr(0, comma), path)) continue;
    std::string_view rest = line.substr(t + ty.size());
    cls.try_emplace(path, std::string(rest.substr(0, rest.find('\''))));
  }
  for (auto& c : out)
    if (auto it = cls.find(c.path); it != cls.end()) c.cls = it->second;
  return out;
}

int32_t attribute_module_calls(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls) {
  if (h.source.empty() || calls.empty() || h.node_group.size() != g.nodes.size()) return 0;
  if (h.guessed.size() != g.nodes.size()) h.guessed.assign(g.nodes.size(), 0);
  // Span of the call lines per parent (they are all lines of the parent's own code).
  std::map<std::string, std::pair<int32_t, int32_t>> span;
  for (const auto& c : calls) {
    auto [it, fresh] = span.try_emplace(parent_of(c.path), c.line, c.line);
    if (!fresh) it->second.first = std::min(it->second.first, c.line), it->second.second = std::max(it->second.second, c.line);
  }
  std::vector<const ModuleCall*> order;
  for (const auto& c : calls) order.push_back(&c);
  std::stable_sort(order.begin(), order.end(), [](const ModuleCall* a, const ModuleCall* b) {
    return std::count(a->path.begin(), a->path.end(), '.') < std::count(b->path.begin(), b->path.end(), '.');
  });
  int32_t moved = 0;
  std::vector<int32_t> sub;
  for (const ModuleCall* c : order) {
    if (h.find(c->path) >= 0 || c->file.empty()) continue;  // has parameters: named by the placeholders
    int32_t P = h.find(parent_of(c->path));
    if (P < 0) continue;
    const auto lines = span[parent_of(c->path)];
    const auto lo = lines.first, hi = lines.second;
    auto parent_code = [&](const fx::Node& n) {
      if (n.function != c->function || n.file.size() < c->file.size() ||
          n.file.compare(n.file.size() - c->file.size(), c->file.size(), c->file) != 0)
        return false;
      return n.line >= lo && (n.line <= hi || c->line == hi);
    };
    sub.clear();
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (is_op(g.nodes[i]) && h.contains(P, h.node_group[i])) sub.push_back(static_cast<int32_t>(i));
    size_t e = 0;
    while (e < sub.size() && !(parent_code(g.nodes[static_cast<size_t>(sub[e])]) && g.nodes[static_cast<size_t>(sub[e])].line > c->line)) ++e;
    size_t s = e;
    while (s > 0 && !(parent_code(g.nodes[static_cast<size_t>(sub[s - 1])]) && g.nodes[static_cast<size_t>(sub[s - 1])].line < c->line)) --s;
    int32_t M = -1;
    for (size_t k = s; k < e; ++k) {
      size_t i = static_cast<size_t>(sub[k]);
      if (h.node_group[i] != P || parent_code(g.nodes[i])) continue;
      if (M < 0) M = add_group(h, c->path);
      h.node_group[i] = M;
      h.guessed[i] = 0;
      ++moved;
    }
  }
  // Ops sitting in a caller P on P's own lines (the file and function of P's module calls, within
  // their span) are P's code by the same evidence: no longer guesses.
  std::map<std::string, const ModuleCall*> caller;
  for (const auto& c : calls) caller.try_emplace(parent_of(c.path), &c);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (!h.guessed[i] || !is_op(g.nodes[i])) continue;
    auto it = caller.find(h.groups[static_cast<size_t>(h.node_group[i])].path);
    if (it == caller.end()) continue;
    const ModuleCall& c = *it->second;
    const fx::Node& n = g.nodes[i];
    auto [lo, hi] = span[it->first];
    if (n.function == c.function && n.file.size() >= c.file.size() &&
        n.file.compare(n.file.size() - c.file.size(), c.file.size(), c.file) == 0 && n.line >= lo && n.line <= hi)
      h.guessed[i] = 0;
  }
  if (moved) {
    refresh(h, g);
    h.source += " and the guards' module calls";
  }
  return moved;
}

int32_t attribute_tied_calls(Hierarchy& h, const fx::Graph& g, const std::vector<ModuleCall>& calls) {
  int32_t moved = 0;
  for (const auto& c : calls) {
    if (h.find(c.path) >= 0) continue;  // the module has parameters of its own in the graph
    std::string name = c.path.substr(c.path.rfind('.') == std::string::npos ? 0 : c.path.rfind('.') + 1);
    int32_t gid = -1;
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const fx::Node& n = g.nodes[i];
      if (!is_op(n) || n.line != c.line || n.function != c.function) continue;
      // The guard's file may be cut on the left: it must end the node's file.
      if (c.file.empty() || n.file.size() < c.file.size() || n.file.compare(n.file.size() - c.file.size(), c.file.size(), c.file) != 0) continue;
      if (n.code.find("." + name + "(") == std::string::npos) continue;
      bool reads_foreign_param = false;
      std::string pp;
      for (int32_t u : n.inputs) {
        const fx::Node& un = g.nodes[static_cast<size_t>(u)];
        if (un.op == fx::OpKind::Placeholder && module_of_placeholder(un.name, pp) && pp != c.path &&
            pp.rfind(c.path + ".", 0) != 0)
          reads_foreign_param = true;
      }
      if (!reads_foreign_param) continue;
      if (gid < 0) gid = add_group(h, c.path);
      h.node_group[i] = gid, h.guessed[i] = 0, ++moved;
    }
  }
  if (moved) refresh(h, g);
  return moved;
}

std::vector<ContainerChild> container_children_from_guards(std::string_view text) {
  std::vector<ContainerChild> out;
  std::unordered_set<std::string> seen;
  constexpr std::string_view key = "list(dict.keys(", tail = "._modules))[";
  for (size_t p = text.find(key); p != std::string_view::npos; p = text.find(key, p + 1)) {
    size_t eol = text.find('\n', p);
    std::string_view line = text.substr(p + key.size(), (eol == std::string_view::npos ? text.size() : eol) - p - key.size());
    size_t t = line.find(tail);
    if (t == std::string_view::npos) continue;
    ContainerChild c;
    if (!module_path(line.substr(0, t), c.container)) continue;
    std::string_view rest = line.substr(t + tail.size());
    size_t rb = rest.find(']');
    if (rb == std::string_view::npos || rb == 0 || rb > 6) continue;
    int32_t idx = 0;
    for (char ch : rest.substr(0, rb)) {
      if (ch < '0' || ch > '9') idx = -1;
      else if (idx >= 0) idx = idx * 10 + (ch - '0');
    }
    if (idx < 0) continue;
    // "... == 'name'": the key at that position.
    constexpr std::string_view eq = " == '";
    size_t e = rest.find(eq, rb);
    if (e == std::string_view::npos || e != rb + 1) continue;
    size_t q = rest.find('\'', e + eq.size());
    if (q == std::string_view::npos) continue;
    c.index = idx;
    c.name = std::string(rest.substr(e + eq.size(), q - e - eq.size()));
    if (seen.insert(c.container + "\n" + c.name).second) out.push_back(std::move(c));
  }
  return out;
}

int32_t attribute_container_children(Hierarchy& h, const fx::Graph& g, const std::vector<ContainerChild>& kids) {
  // Children of each iterated container, by position.
  std::unordered_map<std::string, std::vector<std::string>> by_container;
  for (const auto& k : kids) {
    auto& v = by_container[k.container];
    if (v.size() <= static_cast<size_t>(k.index)) v.resize(static_cast<size_t>(k.index) + 1);
    v[static_cast<size_t>(k.index)] = k.name;
  }
  int32_t moved = 0;
  for (const auto& container : by_container) {
    const auto& cpath = container.first;
    const auto& names = container.second;
    int32_t C = h.find(cpath);
    if (C < 0) continue;
    // Position of each op of C's subtree: the child it is in (-1: directly in C).
    std::vector<int32_t> child_gid(names.size(), -1);
    for (size_t i = 0; i < names.size(); ++i)
      if (!names[i].empty()) child_gid[i] = h.find(cpath.empty() ? names[i] : cpath + "." + names[i]);
    auto child_index = [&](int32_t grp) {
      for (size_t i = 0; i < names.size(); ++i)
        if (child_gid[i] >= 0 && h.contains(child_gid[i], grp)) return static_cast<int32_t>(i);
      return -1;
    };
    // Ops directly in C (a container runs no code of its own between its children) that lie after
    // the last op of child i-1 and before the first op of child i+1, when child i has no group.
    int32_t last_child = -1;  // index of the child whose op came last
    std::vector<size_t> pending;
    auto flush = [&](int32_t next_child) {
      int32_t want = last_child + 1;
      if (!pending.empty() && want >= 0 && static_cast<size_t>(want) < names.size() && child_gid[static_cast<size_t>(want)] < 0 &&
          !names[static_cast<size_t>(want)].empty() && (next_child < 0 || next_child == want + 1)) {
        int32_t gid = add_group(h, cpath.empty() ? names[static_cast<size_t>(want)] : cpath + "." + names[static_cast<size_t>(want)]);
        child_gid[static_cast<size_t>(want)] = gid;
        for (size_t i : pending) h.node_group[i] = gid, h.guessed[i] = 0, ++moved;
      }
      pending.clear();
    };
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      if (!is_op(g.nodes[i])) continue;
      int32_t grp = h.node_group[i];
      if (!h.contains(C, grp)) continue;
      if (grp == C) {
        pending.push_back(i);
        continue;
      }
      int32_t ci = child_index(grp);
      if (ci < 0) continue;
      if (ci != last_child) flush(ci);
      pending.clear();
      last_child = ci;
    }
    if (last_child >= 0 && static_cast<size_t>(last_child + 1) < names.size()) flush(-1);
  }
  if (moved) refresh(h, g);
  return moved;
}

DynamoModules dynamo_modules(const fx::Graph& g, std::string_view guards) {
  DynamoModules d;
  if (!guards.empty()) d.calls = module_calls_from_guards(guards);
  d.h = build_hierarchy(g, /*defer=*/true);
  {
    DeferRefresh once(d.h, g);  // one refresh after the four passes (they read no signature)
    attribute_tied_calls(d.h, g, d.calls);
    attribute_module_calls(d.h, g, d.calls);
    if (!guards.empty()) attribute_container_children(d.h, g, container_children_from_guards(guards));
    attribute_by_frames(d.h, g, d.calls);
  }
  return d;
}

Hierarchy hierarchy_for(const fx::Graph& g, const fx::Graph* dynamo, std::string_view guards, std::string_view text,
                        std::string_view forward_text) {
  return hierarchy_for(g, dynamo, dynamo_modules(dynamo ? *dynamo : g, guards), text, forward_text);
}

Hierarchy hierarchy_for(const fx::Graph& g, const fx::Graph* dynamo, const DynamoModules& base, std::string_view text,
                        std::string_view forward_text, const ForwardModules* fwd_done) {
  if (!dynamo) return base.h;
  const Hierarchy& h = base.h;
  Alignment al;
  Hierarchy a = build_hierarchy_aligned(g, *dynamo, h, &al, /*defer=*/true);
  {
    DeferRefresh once(a, g);  // one refresh at the end of this block, after every pass below
    // A backward graph with its forward graph: the forward ops it recomputes are the forward's.
    std::unique_ptr<fx::Graph> parsed;
    const fx::Graph* fwd = nullptr;
    std::vector<char> fixed;
    if (!forward_text.empty() && al.backward) {
      if (fwd_done) fwd = fwd_done->g;
      else fwd = (parsed = std::make_unique<fx::Graph>(fx::parse_fx_graph(forward_text))).get();
      std::unordered_map<std::string_view, std::string_view> target_of;  // forward op name -> target
      for (const auto& n : fwd->nodes)
        if (n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output) target_of.emplace(n.name, n.target);
      fixed.assign(g.nodes.size(), 0);
      for (size_t i = 0; i < g.nodes.size(); ++i) {
        auto it = target_of.find(g.nodes[i].name);
        fixed[i] = it != target_of.end() && it->second == g.nodes[i].target;  // what inherit_forward_ops places
      }
    }
    if (!text.empty()) {
      std::vector<char> placed;
      segment_aot_statements(a, g, text, *dynamo, h, al, fixed.empty() ? nullptr : &fixed, &placed);
      anchor_aot_parameters(a, g, text, *dynamo, &placed);
    }
    if (fwd && fwd_done) {
      inherit_forward_ops(a, g, *fwd, *fwd_done->h);
    } else if (fwd) {
      Hierarchy fh = hierarchy_for(*fwd, dynamo, base, forward_text);
      inherit_forward_ops(a, g, *fwd, fh);
    }
  }
  return a;
}

}  // namespace tparse::graph
