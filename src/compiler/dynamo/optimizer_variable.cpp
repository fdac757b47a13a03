// What Dynamo's OptimizerVariable does when a frame reads `param_groups` of a torch.optim.Optimizer (any subclass:
// a user's own optimizer of schedule-free / Muon / GaLore kind as well as torch's), torch 2.11's
// torch/_dynamo/variables/optimizer.py: every parameter of every group is marked a static address (guarded) and
// `LazyVariableTracker.realize_all` wraps the whole param_groups list at that read — each parameter becomes a
// get_attr node of the graph named after its source (`self.opt___param_groups_0__params___0`, renamed by the local
// that first stores it), each constant entry of a group is guarded (so a counter the frame never reads still
// recompiles), and a group that has no 'capturable' entry reads True there; a frame that stores into that group
// writes the group back whole, 'capturable' included (the group's length guard then fails once).
#include <fmt/format.h>

#include <cctype>

#include "dynamo/guards.hpp"
#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"
#include "torch/keep_alive.hpp"

namespace tparse::compiler {

// OutputGraph.register_attr_or_module's attribute name of a source: `L['self'].param_groups[0]['params'][0]` ->
// `self___param_groups_0__params___0` (strip an outer `L[...]` / `G[...]` of a name ending in `]`, `[N]` -> `_N`,
// then every other non-alphanumeric character -> `_`; a name not starting with a letter gets `sub`)
std::string static_attr_name(const std::string& full) {
  std::string s = full;
  if (s.size() > 3 && (s[0] == 'L' || s[0] == 'G') && s[1] == '[' && s.back() == ']') {
    s = s.substr(2, s.size() - 3);
    if (!s.empty() && s.front() == '\'') s.erase(0, 1);
    if (!s.empty() && s.back() == '\'') s.pop_back();
  }
  std::string t;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '[') {
      size_t j = i + 1;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      if (j > i + 1 && j < s.size() && s[j] == ']') {
        t += "_" + s.substr(i + 1, j - i - 1);
        i = j;
        continue;
      }
    }
    t += s[i];
  }
  for (char& c : t) if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  if (t.empty() || !std::isalpha(static_cast<unsigned char>(t[0]))) t = "sub" + t;
  return t;
}

// The get_attr node of a static parameter at `src` (a frame-local form: `self.param_groups[0]['params'][0]`)
void Interp::static_param_node(const V& p, const std::string& src, Location loc) {
  FrameCtx& ctx = *stack_.back()->ctx;
  Graph& g = ctx.graph;
  if (g.tensor_node.count(p.get())) return;  // (already an input of this graph: it stays what it is)
  const std::string full = src.rfind("G['", 0) == 0 ? src : "L['" + src.substr(0, src.find_first_of(".[")) + "']" + src.substr(src.find_first_of(".["));
  std::string target = static_attr_name(full);
  auto taken = [&](const std::string& t) {
    for (const Node& n : g.nodes) if (n.op == "get_attr" && n.target == t) return true;
    return false;
  };
  if (taken(target)) {
    int i = 0;
    while (taken(fmt::format("{}_{}", target, i))) ++i;
    target = fmt::format("{}_{}", target, i);
  }
  Node n;
  n.op = "get_attr";
  n.target = target;
  std::string lower;
  for (char c : target) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  n.name = g.unique_name(lower);
  n.meta = *p->t;
  n.has_meta = true;
  n.accessor = true;  // (remove_unused_get_attr_nodes: one no node uses goes)
  stamp_node(n, loc);
  g.nodes.push_back(std::move(n));
  g.tensor_node[p.get()] = static_cast<int>(g.nodes.size()) - 1;
  ctx.sources[p.get()] = src;
  keep_graph_value(p);
}

void Interp::realize_param_groups(const V& opt, bool user_class, Location loc) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (ctx.mode != Mode::Record) return;
  auto pg = opt->attrs.find("param_groups");
  if (pg == opt->attrs.end() || pg->second->k != VK::List) return;
  const std::string src = frame_source_of(opt);
  if (src.empty()) return;
  for (const auto& r : ctx.realized_optimizers) if (r.get() == opt.get()) return;
  ctx.realized_optimizers.push_back(opt);
  const V& groups = pg->second;
  const std::string gsrc = src + ".param_groups";
  if (!ctx.sources.count(groups.get())) ctx.sources[groups.get()] = gsrc;
  for (size_t gi = 0; gi < groups->items.size(); ++gi) {
    const V& group = groups->items[gi];
    if (group->k != VK::Dict || group->cls) continue;
    const std::string s = fmt::format("{}[{}]", gsrc, gi);
    if (!ctx.sources.count(group.get())) ctx.sources[group.get()] = s;
    bool capturable = false;
    for (auto& [k, v] : group->dict) {
      if (k->k != VK::Str) continue;
      capturable = capturable || k->s == "capturable";
      if (k->s == "params" && v->k == VK::List) {
        const std::string ps = s + "['params']";
        if (!ctx.sources.count(v.get())) ctx.sources[v.get()] = ps;
        for (size_t pi = 0; pi < v->items.size(); ++pi)
          if (v->items[pi]->k == VK::Tensor) static_param_node(v->items[pi], fmt::format("{}[{}]", ps, pi), loc);
        continue;
      }
      // (torch's own optimizers guard their entries where their step reads them: __tparse_param_groups__)
      if (user_class) guard_container_read(group, k, v);
    }
    if (user_class && !capturable) ctx.capturable_groups.push_back(group);
  }
}

// A store into a param group realized without 'capturable': the group is written back whole after the graph, with
// the entry the frame saw (True) appended
void Interp::note_param_group_store(const V& group) {
  FrameCtx& ctx = *stack_.back()->ctx;
  for (size_t i = 0; i < ctx.capturable_groups.size(); ++i) {
    if (ctx.capturable_groups[i].get() != group.get()) continue;
    ctx.capturable_groups.erase(ctx.capturable_groups.begin() + static_cast<long>(i));
    journal(group);
    dict_put(*group, mk_str("capturable"), mk_bool(true));
    return;
  }
}

}  // namespace tparse::compiler
