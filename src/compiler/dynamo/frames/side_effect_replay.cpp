// What a compiled frame's bytecode loads around its graph, run again for what the loads themselves run: each graph
// input from its source, then each side effect on an object from before the frame (torch/_dynamo/side_effects.py
// codegen_update_mutated: a dict's new items), then the values handed on (the returned value; at a break the call's
// arguments and the live locals). PyCodegen loads a value that has a source from that source, and a class's Python
// __getattribute__ on the way is a frame of its own under the callback: transformers' merge_with_config_defaults
// stores `kwargs["use_cache"] = getattr(self.config, "use_cache")`, the replay reads `L['self'].config.use_cache`
// through PretrainedConfig.__getattribute__ and HeterogeneousConfigMixin.__getattribute__, two frames handed to
// Dynamo (returned at once: no tensor). And a skipped resume function's inlined calls, made again eagerly as frames.
#include <algorithm>
#include <cctype>
#include <functional>
#include <string>



#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/values/keys.hpp"

namespace tparse::compiler {

// A frame-relative source (`self.config.use_cache`, `kwargs['k']`, `self._modules['m']`, `args[0]`) loaded again,
// eagerly: its root from the frame's inputs; an attribute of an object whose class has a Python __getattribute__
// through getattr (it runs), every other step a plain lookup (its load runs no Python). Unparsed or missing: the load
// stops.
void Interp::reload_source(const FrameCtx& ctx, const std::string& src, Location loc) {
  size_t i = src.find_first_of(".[");
  const std::string root = src.substr(0, i);
  V cur;
  for (const auto& [n, v] : ctx.inputs) if (n == root) cur = v;
  while (cur && i < src.size()) {
    if (src[i] == '.') {
      size_t j = src.find_first_of(".[", i + 1);
      std::string name = src.substr(i + 1, j == std::string::npos ? std::string::npos : j - i - 1);
      i = j == std::string::npos ? src.size() : j;
      // a module's registry read (`._modules['m']`, `._parameters['w']`): the entry by its name
      if ((name == "_modules" || name == "_parameters" || name == "_buffers") && i + 2 < src.size() && src[i] == '[' && src[i + 1] == '\'') {
        size_t e = src.find("']", i + 2);
        if (e == std::string::npos) return;
        name = src.substr(i + 2, e - i - 2);
        i = e + 2;
      }
      if (cur->k == VK::Instance && python_getattribute(cur->cls)) {
        try { cur = getattr(cur, name, loc); } catch (...) { return; }
      } else {
        auto it = cur->attrs.find(name);
        if (it == cur->attrs.end()) return;
        cur = it->second;
      }
    } else {
      size_t e = src.find(']', i);
      if (e == std::string::npos) return;
      std::string key = src.substr(i + 1, e - i - 1);
      i = e + 1;
      if (cur->k == VK::Dict && key.size() >= 2 && key.front() == '\'') {
        V* x = dict_find(*cur, mk_str(key.substr(1, key.size() - 2)));
        cur = x ? *x : nullptr;
      } else if ((cur->k == VK::List || cur->k == VK::Tuple) && !key.empty() && std::isdigit(static_cast<unsigned char>(key[0]))) {
        size_t n = std::stoul(key);
        cur = n < cur->items.size() ? cur->items[n] : nullptr;
      } else {
        return;
      }
    }
  }
}

void Interp::replay_after_graph(const FrameCtx& ctx, const std::vector<V>& handed_on, Location loc) {
  // (the keys of `sources` are addresses only: an object that died may have left one, so none is read through)
  std::vector<std::string> loads;
  // (a value without a source is built: a tuple, list or dict the frame made, its items loaded one by one)
  std::function<void(const V&, int)> load = [&](const V& v, int depth) {
    if (!v || depth > 8 || v->k == VK::None) return;  // (None is one object: its recorded source is any None's)
    if (auto s = ctx.sources.find(v.get()); s != ctx.sources.end()) { loads.push_back(s->second); return; }
    if (v->k == VK::Tuple || v->k == VK::List) for (const V& x : v->items) load(x, depth + 1);
    if (v->k == VK::Dict && !v->cls) for (const auto& kv : v->dict) load(kv.second, depth + 1);
    // an object the frame made (a ModelOutput, a cache and its layers) is rebuilt by side_effects' codegen: each
    // attribute stored on it is loaded, one with a source from that source, a constant too (PyCodegen reconstructs a
    // value through its source first): Mistral's DynamicSlidingWindowLayer keeps `config.sliding_window`, reloaded
    // through the config's __getattribute__ (real torch 2.11: two frames handed to Dynamo, the training loop's)
    if (v->k == VK::Instance && v->builtin_nn.empty())
      for (const auto& n : v->order) if (auto a = v->attrs.find(n); a != v->attrs.end()) load(a->second, depth + 1);
  };
  // the graph's inputs, in placeholder order
  std::vector<std::pair<int, const Obj*>> inputs;
  for (const auto& [o, n] : ctx.graph.tensor_node)
    if (n >= 0 && n < static_cast<int>(ctx.graph.nodes.size()) && ctx.graph.nodes[n].op == "placeholder") inputs.push_back({n, o});
  std::sort(inputs.begin(), inputs.end());
  for (const auto& [n, o] : inputs)
    if (auto s = ctx.sources.find(o); s != ctx.sources.end()) loads.push_back(s->second);
  // a dict from before the frame: its new items (ConstDictVariable.is_new_item: another value than the original's, by
  // identity), each value loaded
  for (const V& c : ctx.mutated_containers) {
    // (an instance's `__dict__` read in the frame is a snapshot of its attributes made there: no dict of its own)
    if (!c || c->k != VK::Dict || c->view_of) continue;
    const JournalEntry* orig = nullptr;
    for (size_t i = ctx.journal_mark; i < journal_.size() && !orig; ++i)
      if (journal_[i].obj.get() == c.get()) orig = &journal_[i];
    if (!orig) continue;
    for (const auto& [k, v] : c->dict) {
      bool is_new = true;
      for (const auto& [ok, ov] : orig->dict)
        if (same_key(ok, k)) { is_new = ov.get() != v.get(); break; }
      if (is_new) load(v, 0);
    }
  }
  for (const V& v : handed_on) load(v, 0);
  for (const std::string& s : loads) {
    reload_source(ctx, s, loc);
  }
  apply_deferred_setters(ctx, loc);
}

// The property stores a frame deferred (interp_setattr.cpp): setattr runs each setter now, eagerly, after the graph
// (at the frame's end, or before a break's call): a frame of its own under the callback
void Interp::apply_deferred_setters(const FrameCtx& ctx, Location loc) {
  auto setters = std::move(ctx.deferred_setters);
  ctx.deferred_setters.clear();
  for (auto& d : setters) call(d.setter, {d.obj, d.value}, {}, loc);
}

// A skipped resume function runs eagerly from its start under the eval-frame callback: the user functions and modules
// it called, which were inlined while it was traced, are each converted as a frame of their own then (tacotron2's
// prenet and decoder cell in its inference loop). Their calls are made again with the same arguments, eagerly, for
// those frames; what they return was already used.
void Interp::replay_inlined_calls(FrameCtx& ctx) {
  auto calls = std::move(ctx.inlined_calls);
  ctx.inlined_calls.clear();
  Activation& act = *stack_.back();
  auto saved = act.ctx;
  act.ctx = nullptr;
  try {
    for (auto& [callee, args, kwargs, loc] : calls) {
      auto a = args;
      auto k = kwargs;
      call(callee, a, k, loc);
    }
  } catch (...) {
    act.ctx = saved;
    throw;
  }
  act.ctx = saved;
}

}  // namespace tparse::compiler
