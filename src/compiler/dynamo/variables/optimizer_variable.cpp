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

#include "dynamo/guards/guards.hpp"
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

// A frame-local source in Dynamo's full form: `self.param_groups` -> `L['self'].param_groups` (a global's stays)
static std::string full_source(const std::string& src) {
  if (src.rfind("G['", 0) == 0 || src.rfind("L['", 0) == 0) return src;
  const size_t cut = std::min(src.size(), src.find_first_of(".["));
  return "L['" + src.substr(0, cut) + "']" + src.substr(cut);
}

// The get_attr node of a static parameter at `src` (a frame-local form: `self.param_groups[0]['params'][0]`)
void Interp::static_param_node(const V& p, const std::string& src, Location loc) {
  if (stack_.back()->ctx->graph.tensor_node.count(p.get())) return;  // (already an input of this graph)
  static_attr_node(p, full_source(src), loc);
  stack_.back()->ctx->sources.of(p) = src;
}

// The get_attr node of a static tensor at `full` (register_attr_or_module: the attribute named by the source; a
// tensor already registered is that node again), named after the local a store gave it before (a lazy name hint)
void Interp::static_attr_node(const V& p, const std::string& full, Location loc) {
  FrameCtx& ctx = *stack_.back()->ctx;
  Graph& g = ctx.graph;
  if (g.tensor_node.count(p.get())) return;  // (already an input of this graph: it stays what it is)
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
  keep_graph_value(p);
  if (auto h = ctx.lazy_name_hints.find(p.get()); h != ctx.lazy_name_hints.end()) g.rename(g.tensor_node[p.get()], h->second);
}

// map_sources_and_install_guards after the eager _init_group of `opt` (its frame source `src`): every state tensor
// that is neither a parameter nor a gradient is a static tensor at `state[list(dict.keys(state))[i]][list(dict.keys(
// state[...]))[j]]`, a get_attr node where the frame first uses it (update_list_args wraps the lists lazily); and per
// param group, the state of the first parameter with a gradient whose key index is truthy (torch's `if key_index:`,
// so never the first key's) is realized whole right here, each tensor at `state[...]['<key>']`; that dict is then
// tracked first among the state dicts, so a store into it comes first among the graph's side-effect outputs
void Interp::map_optimizer_state(const V& opt, Location loc) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (ctx.mode != Mode::Record) return;
  auto st = opt->attrs.find("state");
  auto pg = opt->attrs.find("param_groups");
  if (st == opt->attrs.end() || st->second->k != VK::Dict || pg == opt->attrs.end() || pg->second->k != VK::List) return;
  const std::string src = frame_source_of(opt);
  if (src.empty()) return;
  const std::string ssrc = full_source(src) + ".state";
  const V& state = st->second;
  auto is_param_or_grad = [&](const V& t) {
    for (const V& group : pg->second->items) {
      V* ps = group->k == VK::Dict ? dict_find(*group, mk_str("params")) : nullptr;
      if (!ps || (*ps)->k != VK::List) continue;
      for (const V& p : (*ps)->items) {
        if (p.get() == t.get()) return true;
        if (auto gr = p->attrs.find("grad"); gr != p->attrs.end() && gr->second.get() == t.get()) return true;
      }
    }
    return false;
  };
  auto key_src = [&](size_t i) { return fmt::format("{}[list(dict.keys({}))[{}]]", ssrc, ssrc, i); };
  for (size_t i = 0; i < state->dict.size(); ++i) {
    const V& per = state->dict[i].second;
    if (per->k != VK::Dict) continue;
    const std::string ps = key_src(i);
    for (size_t j = 0; j < per->dict.size(); ++j) {
      const V& t = per->dict[j].second;
      if (t->k != VK::Tensor || ctx.optim_state.count(t.get()) || is_param_or_grad(t)) continue;
      ctx.optim_state[t.get()] = fmt::format("{}[list(dict.keys({}))[{}]]", ps, ps, j);
      ctx.held.push_back(t);
    }
  }
  for (const V& group : pg->second->items) {
    V* ps = group->k == VK::Dict ? dict_find(*group, mk_str("params")) : nullptr;
    if (!ps || (*ps)->k != VK::List) continue;
    for (const V& p : (*ps)->items) {
      auto gr = p->attrs.find("grad");
      if (gr == p->attrs.end() || gr->second->k == VK::None) continue;
      size_t key_index = 0;
      for (size_t i = 0; i < state->dict.size(); ++i)
        if (state->dict[i].first.get() == p.get()) { key_index = i; break; }
      if (key_index == 0) continue;
      const V& per = state->dict[key_index].second;
      if (per->k != VK::Dict) break;
      for (auto& [k, t] : per->dict)
        if (t->k == VK::Tensor && k->k == VK::Str && !is_param_or_grad(t))
          static_attr_node(t, fmt::format("{}['{}']", key_src(key_index), k->s), loc);
      ctx.tracked_first.push_back(per);
      break;
    }
  }
}

// OptimizerVariable.move_step_if_cpu before the eager _init_group: a state's step count on the CPU (made by an
// eager step that was not capturable) moves to its parameter's device
void Interp::move_step_if_cpu(const V& opt) {
  auto st = opt->attrs.find("state");
  if (st == opt->attrs.end() || st->second->k != VK::Dict) return;
  for (auto& [p, per] : st->second->dict) {
    if (p->k != VK::Tensor || per->k != VK::Dict) continue;
    V* step = dict_find(*per, mk_str("step"));
    if (!step || (*step)->k != VK::Tensor || (*step)->t->device != "cpu" || p->t->device == "cpu") continue;
    TensorInfo t = *(*step)->t;
    t.device = p->t->device;
    V moved = mk_tensor(t);
    moved->vals = (*step)->vals;
    *step = moved;
  }
}

// The get_attr node of an optimizer state tensor the frame reads (its lazy source, map_optimizer_state); false when
// `t` is none
bool Interp::realize_optimizer_state(const V& t) {
  FrameCtx& ctx = *stack_.back()->ctx;
  auto it = ctx.optim_state.find(t.get());
  if (it == ctx.optim_state.end()) return false;
  // (at the line of the op that first reads it, a line of a call spanning several: Adamax's `exp_inf.mul_(beta2),`)
  const Location at = emit_loc_.line > 0 && emit_loc_.file == stack_.back()->file ? emit_loc_ : Location{stack_.back()->cur_line, 0, stack_.back()->file};
  static_attr_node(t, it->second, at);
  return true;
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
  if (!ctx.sources.count(groups.get())) ctx.sources.of(groups) = gsrc;
  for (size_t gi = 0; gi < groups->items.size(); ++gi) {
    const V& group = groups->items[gi];
    if (group->k != VK::Dict || group->cls) continue;
    const std::string s = fmt::format("{}[{}]", gsrc, gi);
    if (!ctx.sources.count(group.get())) ctx.sources.of(group) = s;
    bool capturable = false;
    for (auto& [k, v] : group->dict) {
      if (k->k != VK::Str) continue;
      capturable = capturable || k->s == "capturable";
      if (k->s == "params" && v->k == VK::List) {
        const std::string ps = s + "['params']";
        if (!ctx.sources.count(v.get())) ctx.sources.of(v) = ps;
        for (size_t pi = 0; pi < v->items.size(); ++pi)
          if (v->items[pi]->k == VK::Tensor) static_param_node(v->items[pi], fmt::format("{}[{}]", ps, pi), loc);
        continue;
      }
      // (torch's own optimizers guard their entries where their step reads them: __tparse_param_groups__)
      if (user_class) guard_container_read(group, k, v);
    }
    if (user_class && !capturable) ctx.capturable_groups.push_back(group);
    // (_set_capturable puts ConstantVariable(True) under 'capturable' in every group's VT, whatever the group holds:
    // Sophia's `if group['capturable']: assert p.is_cuda` fails while tracing on CPU; program
    // optimizer_group_capturable_reads_true)
    if (user_class) ctx.capturable_true.push_back(group);
  }
}

bool Interp::capturable_reads_true(const V& group, const V& key) const {
  if (!tracing() || key->k != VK::Str || key->s != "capturable") return false;
  const FrameCtx& ctx = *stack_.back()->ctx;
  return std::any_of(ctx.capturable_true.begin(), ctx.capturable_true.end(), [&](const V& g) { return g.get() == group.get(); });
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
