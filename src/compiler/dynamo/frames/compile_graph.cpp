// Compiling a frame's graph (its outputs, specialization, the output-graph record, the cache entry and its guards) and
// finishing a frame at its return: what Dynamo's OutputGraph.compile_subgraph / compile_and_call_fx_graph do.
#include <fmt/format.h>

#include <cmath>

#include <functional>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/values/keys.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "dynamo/messages.hpp"

#include "torch/keep_alive.hpp"

namespace tparse::compiler {

void Interp::compile_graph(FrameCtx& ctx, const std::vector<V>& outs) {
  Graph& g = ctx.graph;
  g.outputs.clear();
  // a partial graph inside a grad-mode `with` of the frame: the mode outside is restored before it returns (no stack
  // trace; real torch 2.11: program nograd_break_restore)
  for (auto it = grad_blocks_.rbegin(); it != grad_blocks_.rend(); ++it) {
    if (it->ctx != &ctx) continue;
    if (it->autocast) {  // an autocast block is left: `_exit_autocast(<enter node>)` (real torch 2.11: scout11 autocast_break)
      if (it->enter >= 0 && it->enter < static_cast<int>(g.nodes.size())) {
        // (torch prints the block's enter without a user stack in such a graph: "No stacktrace found")
        Node& en = g.nodes[static_cast<size_t>(it->enter)];
        en.line = 0;
        en.file.clear();
        en.code.clear();
        en.fn_name.clear();
        Node n;
        n.op = "call_function";
        n.target = "torch.amp.autocast_mode._exit_autocast";
        n.name = g.unique_name("_exit_autocast");
        n.args = {Arg{it->enter, ""}};
        g.nodes.push_back(n);
      }
      continue;
    }
    Node n;
    n.op = "call_function";
    n.target = "torch._C._set_grad_enabled";
    n.name = g.unique_name("_set_grad_enabled");
    n.args = {Arg{-1, it->outer ? "True" : "False"}};
    g.nodes.push_back(n);
  }
  // compile_subgraph compiles when the traced graph has a call node at all (count_calls before any dead code goes):
  // Dynamo's own nodes, a symbolic size read among them (`size` / getitem), a SymInt compare the assert that used it
  // drops later — the backend is then handed an empty graph (real torch 2.11: XLM's resume after
  // `lengths.max().item()` with a dynamic length, `def forward(self): return ()`)
  g.remove_empty_grad_toggles();  // (cleanup_graph comes first: a no_grad block's toggle pair is no call)
  int traced_calls = g.call_count();
  for (const Shadow& sh : g.shadows) traced_calls += !sh.node.reified && sh.node.op.rfind("call", 0) == 0;
  // Dynamo keys graph outputs by the proxy object (codegen's add_graph_output): two SymInt variables of one node (two
  // `x.stride()` reads of s33) are two outputs, one variable returned twice is one
  std::set<const Obj*> sym_outs;
  // a SymFloat that outlives the graph: Dynamo returns it as a 0-d float64 tensor (`torch.scalar_tensor(add, dtype =
  // torch.float64)`, at the line the frame stands on), its arithmetic nodes live (real torch 2.11: XMem's loss
  // `losses['p'] += p / b / (t-1)` returned in a dict)
  std::map<const Obj*, int> float_nodes;
  auto float_node = [&](const V& v) -> int {
    if (auto f = float_nodes.find(v.get()); f != float_nodes.end()) return f->second;
    Node n;
    n.op = "call_function";
    n.target = "torch.scalar_tensor";
    n.name = g.unique_name("scalar_tensor");
    n.args = {Arg{v->sym_node, ""}};
    n.kwargs = {{"dtype", Arg{-1, "torch.float64"}}};
    n.has_meta = true;
    n.meta.dtype = "float64";
    if (!stack_.empty() && stack_.back()->ctx.get() == &ctx) stamp_node(n, Location{stack_.back()->cur_line, 0, stack_.back()->file});
    g.nodes.push_back(n);
    return float_nodes[v.get()] = static_cast<int>(g.nodes.size()) - 1;
  };
  auto add_output = [&](const V& o) {
    if (o->k == VK::Float && o->sym_node >= 0 && static_cast<size_t>(o->sym_node) < g.nodes.size()) {
      const int id = float_node(o);
      if (std::find(g.outputs.begin(), g.outputs.end(), id) == g.outputs.end()) g.outputs.push_back(id);
      return;
    }
    if (o->k == VK::Bool && !o->sym.empty()) {  // a live SymBool: its comparison node
      if (auto s = g.symint_node.find(o.get()); s != g.symint_node.end())
        if (std::find(g.outputs.begin(), g.outputs.end(), s->second) == g.outputs.end()) g.outputs.push_back(s->second);
      return;
    }
    if (o->k == VK::Int) {  // a live SymInt: its node, an input symbol's placeholder made if the graph has none yet
      // (an int the frame took as an input is rebuilt from its source, `L['B']`: no output)
      if (ctx.int_inputs.count(o->sym)) return;
      int id = -1;
      if (auto s = g.symint_node.find(o.get()); s != g.symint_node.end()) id = s->second;
      else if (auto p = g.sym_proxy.find(o->sym); p != g.sym_proxy.end()) id = p->second;
      else if (sym_bare_symbol(o->sym)) id = g.add_sym_placeholder(o->sym);
      else if (!stack_.empty() && stack_.back()->ctx.get() == &ctx) {
        // a compound size with no proxy yet (`tail.shape[1]` of `x[:, 2:]`, s27 - 2): the replacement pass rebuilds
        // it from the input symbols (`sym_sum: "Sym(s27 - 2)" = torch.sym_sum([-2, s27])`, real torch 2.11:
        // slice_past_end_dynamic), a monomial as its product node; a rebuilt shadow is an output by its index
        Arg a = sym_arg(o);
        if (a.node >= 0) id = a.node;
        else if (a.shadow >= 0 && a.lit.empty() && !a.is_seq) {
          g.shadows[static_cast<size_t>(a.shadow)].forced = true;
          ctx.direct_shadows = true;
          const int enc = -2 - a.shadow;
          if (std::find(g.outputs.begin(), g.outputs.end(), enc) == g.outputs.end()) g.outputs.push_back(enc);
        }
      }
      if (id >= 0 && (std::find(g.outputs.begin(), g.outputs.end(), id) == g.outputs.end() || sym_outs.insert(o.get()).second)) {
        sym_outs.insert(o.get());
        // (a SymInt traced while its symbol was live and returned after a later guard fixed it, `n = int(s.size(0))`
        // live past the break: its `size` / `sym_int` nodes stay and are returned; real torch 2.11 torch_equal_unknown)
        if (auto sh = g.symint_shadow.find(o.get()); sh != g.symint_shadow.end())
          g.output_shadow[static_cast<int>(g.outputs.size())] = sh->second;
        g.outputs.push_back(id);
      }
      return;
    }
    auto it = g.tensor_node.find(o.get());
    // (an input, or a static parameter's get_attr: the graph did not make it)
    if (it == g.tensor_node.end() || g.nodes[it->second].op == "placeholder" || g.nodes[it->second].op == "get_attr") return;
    if (std::find(g.outputs.begin(), g.outputs.end(), it->second) == g.outputs.end()) g.outputs.push_back(it->second);
  };
  // (a data-dependent jump on a tensor the frame took as input, nothing traced before it: Dynamo's all-tensors stack
  // path still compiles the graph, returning that input: nflows' ActNorm `if self.training and not self.initialized`)
  if (ctx.jump_test_output && !outs.empty() && outs[0]->k == VK::Tensor)
    if (auto it = g.tensor_node.find(outs[0].get()); it != g.tensor_node.end() && g.nodes[it->second].op == "placeholder")
      g.outputs.push_back(it->second);
  ctx.jump_test_output = false;
  for (auto& o : outs) add_output(o);
  // side effects on pre-existing objects (FrameCtx::attr_stores): the tensors and SymInts of the stored value, a
  // torch.Size's too (YOLOX's `self.hw = [x.shape[-2:] for x in xs]` returns s18, s71, ... to rebuild the list)
  // a SymFloat stored on an object or into a container from before the frame: returned as above, its value written
  // back; the object holds the plain float from then on
  auto float_output = [&](V& v) {
    if (v->k != VK::Float || v->sym_node < 0 || static_cast<size_t>(v->sym_node) >= g.nodes.size()) return;
    g.outputs.push_back(float_node(v));
    v = mk_float(v->f);
  };
  std::function<void(const V&, int)> stored = [&](const V& v, int depth) {
    if (!v || depth > 8) return;
    if (v->k == VK::Tensor || (v->k == VK::Int && !v->sym.empty())) { add_output(v); return; }
    // (an input's `x.shape` is rebuilt from its source: program size_ne_cached_shape)
    if ((v->k == VK::List || v->k == VK::Tuple) && !ctx.sourced_sizes.count(v.get())) for (auto& x : v->items) stored(x, depth + 1);
    if (v->k == VK::Dict) for (auto& kv : v->dict) stored(kv.second, depth + 1);
  };
  // (SideEffects.codegen_update_mutated: object by object in the order Dynamo began tracking them — an existing object
  // when the frame first wrapped it from its source: a module's `self` before `self.block`, whichever was changed
  // first — each object's attributes in reverse store order, as its suffixes are applied reversed: llama3's cache_v
  // before cache_k)
  {
    std::vector<const Obj*> objs;
    for (auto& [obj, name, v] : ctx.attr_stores)
      if (std::find(objs.begin(), objs.end(), obj.get()) == objs.end()) objs.push_back(obj.get());
    {  // (module globals, the null entry, keep their place among them)
      std::vector<std::pair<size_t, const Obj*>> ranked;
      for (const Obj* o : objs) if (o) ranked.emplace_back(ctx.sources.rank(o), o);
      std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      size_t k = 0;
      for (const Obj*& o : objs) if (o) o = ranked[k++].second;
    }
    for (const Obj* o : objs) {
      if (!o) {  // module globals the frame stored (STORE_GLOBAL): in store order (program global_store_outputs)
        for (auto& [obj, name, v] : ctx.attr_stores) if (!obj) stored(v, 0);
        continue;
      }
      for (auto it = ctx.attr_stores.rbegin(); it != ctx.attr_stores.rend(); ++it)
        if (auto& [obj, name, v] = *it; obj.get() == o) {
          stored(v, 0);
          if (auto a = obj->attrs.find(name); a != obj->attrs.end() && a->second.get() == v.get()) float_output(a->second);
        }
    }
    // the property stores the compiled code hands to setattr after the graph (FrameCtx::deferred_setters)
    for (auto& d : ctx.deferred_setters) stored(d.value, 0);
  }
  // after the graph the objects hold what it returned: a SymInt / SymFloat the frame stored on an attribute is a plain
  // number from now on (the next compile reads the number, not the dead graph's expression: `self.it += 1`)
  // a tensor stored on an object, or a tensor attribute this frame read with symbols, outlives the graph as a real
  // tensor: its sizes are numbers from now on (the next compile reads it as an input of its own: a KV cache)
  auto concretize = [](const V& t) {
    if (!t || t->k != VK::Tensor) return;
    const bool sym = std::any_of(t->t->shape.begin(), t->t->shape.end(), [](const Dim& d) { return d.is_sym(); }) ||
                     std::any_of(t->t->stride.begin(), t->t->stride.end(), [](const Dim& d) { return d.is_sym(); });
    if (!sym) return;
    auto info = std::make_shared<TensorInfo>(*t->t);
    for (auto& d : info->shape) d.sym.clear();
    for (auto& d : info->stride) d.sym.clear();
    t->t = info;
  };
  for (auto& [obj, name, v] : ctx.attr_stores) if (obj) concretize(v);
  for (auto& v : ctx.lazy_inputs) concretize(v);
  // (inside a stored tuple or list too: a cached torch.Size holds the sizes as numbers, YOLOv8's `self.shape = shape`)
  std::function<V(const V&, int)> plain = [&](const V& v, int depth) -> V {
    if (!v || depth > 8) return v;
    if (v->k == VK::Int && !v->sym.empty()) return mk_int(v->i);
    if (v->k != VK::Tuple && v->k != VK::List) return v;
    std::vector<V> xs;
    bool changed = false;
    for (auto& x : v->items) {
      xs.push_back(plain(x, depth + 1));
      changed = changed || xs.back().get() != x.get();
    }
    if (!changed) return v;
    if (v->k == VK::List) { v->items = xs; return v; }  // (a list keeps its identity)
    auto c = std::make_shared<Obj>(*v);
    c->items = xs;
    return c;
  };
  for (auto& [obj, name, v] : ctx.attr_stores) {
    if (!obj || !v) continue;
    if (auto it = obj->attrs.find(name); it != obj->attrs.end() && it->second.get() == v.get()) it->second = plain(v, 0);
  }
  {  // containers the frame stored into (FrameCtx::mutated_containers): the graph's tensors they hold, in their order
    std::set<const Obj*> seen;
    std::function<void(const V&, int)> walk = [&](const V& v, int depth) {
      if (!v || depth > 8 || !seen.insert(v.get()).second) return;
      if (v->k == VK::Tensor) {
        auto it = g.tensor_node.find(v.get());
        if (it == g.tensor_node.end() || g.nodes[it->second].op == "placeholder" || g.nodes[it->second].op == "get_attr") return;
        if (std::find(g.outputs.begin(), g.outputs.end(), it->second) == g.outputs.end()) g.outputs.push_back(it->second);
        return;
      }
      if (v->k == VK::Dict) for (auto& kv : v->dict) walk(kv.second, depth + 1);
      if (v->k == VK::List || v->k == VK::Tuple) for (auto& x : v->items) walk(x, depth + 1);
    };
    // (in the order Dynamo began tracking them: a container realized before the frame stored into it first)
    std::vector<V> order;
    for (auto& c : ctx.tracked_first)
      if (std::any_of(ctx.mutated_containers.begin(), ctx.mutated_containers.end(), [&](const V& m) { return m.get() == c.get(); })) order.push_back(c);
    for (auto& c : ctx.mutated_containers)
      if (std::none_of(order.begin(), order.end(), [&](const V& m) { return m.get() == c.get(); })) order.push_back(c);
    for (auto& c : order) walk(c, 0);
    // a SymFloat the frame stored into such a container (a param group's running sum of a schedule-free optimizer)
    for (auto& c : ctx.mutated_containers)
      if (c->k == VK::Dict) for (auto& kv : c->dict) float_output(kv.second);
  }
  if (!stack_.empty() && stack_.back()->ctx.get() == &ctx) rebuild_replaced_symbols();
  if (!ctx.specialized.empty() || ctx.direct_shadows) {  // specialized symbols, or shadows passed as arguments
    g.specialize(ctx.specialized);
    // the guards see the value: TENSOR_MATCH is static in that dimension again
    for (auto& tg : ctx.tguards) fold_specialized(tg.t.shape, ctx.specialized);
  }
  g.apply_replacements(ctx.specialized);
  for (auto& tg : ctx.tguards)  // the guards see the replaced symbols too: the two sizes must stay equal
    for (auto& d : tg.t.shape) if (d.is_sym()) d.sym = g.canon(d.sym);
  // a symbol replaced by an expression of specialized ones is a number too (a cached attribute's automatic-dynamic
  // length s4 unified with the input's s0*s53, both 8 by then: `L_self_anchors: "f32[64]"`, program size_ne_cached_shape)
  if (!ctx.specialized.empty()) {
    for (auto& n : g.nodes)
      if (n.has_meta) {
        fold_specialized(n.meta.shape, ctx.specialized);
        fold_specialized(n.meta.stride, ctx.specialized);
      }
    for (auto& tg : ctx.tguards) {
      fold_specialized(tg.t.shape, ctx.specialized);
      fold_specialized(tg.t.stride, ctx.specialized);
    }
  }
  g.name_reified();
  g.remove_unused_getitems();
  {  // inputs wrapped before any use that no node used after all (remove_unused_graphargs; their guards stay)
    std::vector<bool> used(g.nodes.size(), false), drop(g.nodes.size(), false);
    std::function<void(const Arg&)> mark = [&](const Arg& a) {
      if (a.node >= 0 && static_cast<size_t>(a.node) < used.size()) used[static_cast<size_t>(a.node)] = true;
      for (auto& x : a.seq) mark(x);
    };
    for (auto& n : g.nodes) {
      for (auto& a : n.args) mark(a);
      for (auto& [k, a] : n.kwargs) mark(a);
    }
    for (int o : g.outputs) if (o >= 0 && static_cast<size_t>(o) < used.size()) used[static_cast<size_t>(o)] = true;
    for (size_t i = 0; i < g.nodes.size(); ++i) drop[i] = g.nodes[i].prunable && !used[i];
    g.erase(drop);
  }
  g.remove_empty_grad_toggles();
  TraceCtx tc{ctx.frame_id, ctx.frame_compile_id, ctx.attempt};
  // (one of no calls that returns SymInts too, unless each is an input's own symbol, which the resume gets from its
  // source: c-swm's energy recompiled for a dynamic batch hands on `state.size(0)` with no graph, real torch 2.11)
  const bool computed_output = std::any_of(g.outputs.begin(), g.outputs.end(), [&](int o) {
    return o < 0 || static_cast<size_t>(o) >= g.nodes.size() || g.nodes[static_cast<size_t>(o)].op != "placeholder" ||
           !g.nodes[static_cast<size_t>(o)].is_sym;  // (a tensor input returned as it is makes a graph: compile_subgraph's stack)
  });
  bool has_graph = traced_calls > 0 || g.call_count() > 0 || computed_output;
  // a dynamic float on a resume function's stack, handed on at a break: realizing it wrapped it as a graph input, so a
  // graph is compiled, empty once the unused input is pruned (`print(..., y.mean().item())` resumed with a new value)
  for (auto& [n, v] : ctx.inputs)
    if (ctx.is_resume && n.rfind("___stack", 0) == 0 && v->k == VK::Float && ctx.float_args.count(n) && !ctx.code->skipped) has_graph = true;
  chromium_tracing_end(ctx);
  if (has_graph) {
    chromium(ctx, "insert_deferred_runtime_asserts", 'B');
    chromium(ctx, "insert_deferred_runtime_asserts", 'E');
    writer_.emit("torch/_dynamo/output_graph.py:2423", "dynamo_output_graph", "{\"sizes\": " + sizes_json(g) + "}", tc,
                 print_readable(g, path_));
    chromium(ctx, "backend_compile", 'B', "\"fn_name\": \"OutputGraph.call_user_compiler\"");
    chromium(ctx, "backend_compile", 'E', "\"fn_name\": \"OutputGraph.call_user_compiler\"");
    ++counters_["unique_graphs"];
    ++unique_id_;  // install_global of the compiled function
    counters_["calls_captured"] += g.call_count();
  }
  auto entry = std::make_shared<CacheEntry>();
  entry->compile_id = ctx.compile_id;
  entry->step_stmt = ctx.step_stmt;
  entry->comp_break = ctx.ended_at_comp;
  entry->has_break_call = ctx.has_break_call;
  entry->break_call = ctx.break_call;
  // (BACKEND_MATCH guards an entry that compiled a graph: one of no graph, Optimizer's step wrapper or its resume,
  // serves another torch.compile call's backend: real torch 2.11, scout7's uf_opt_step)
  if (has_graph) entry->backend = ctx.backend;
  entry->tensors = ctx.tguards;
  for (auto& tg : entry->tensors) {
    // guard what the graph saw (dynamic dims keep their symbol)
    (void)tg;
  }
  entry->values = ctx.vguards;
  // a dynamic int the trace specialized (a numpy call wanted its value) is guarded by value again: `self.n == 2`
  for (auto& vg : entry->values)
    if (vg.kind == "int_dyn" && vg.value && !vg.value->sym.empty() && ctx.specialized.count(vg.value->sym)) {
      vg.kind = "int";
      vg.value = mk_int(ctx.specialized.at(vg.value->sym));
      vg.code = vg.src + " == " + py_repr(vg.value);
    }
  entry->grad_enabled = ctx.grad_at_entry;
  entry->autocast = ctx.autocast_at_entry;
  entry->inference_tls = ctx.inference_at_entry;
  for (auto& [from, to] : ctx.graph.replacements) entry->replaced.insert(ctx.graph.canon(to));
  entry->module_types = ctx.module_types;
  entry->sym_rels = ctx.sym_rels;
  entry->sym_eqs = ctx.sym_eqs;
  entry->invalidated_by = ctx.dealloc_input;
  // (the weakly ID_MATCHed object, a method loaded before the break, dies when the compiled code returns: its finalizer,
  // weakref.finalize.__call__, is a frame then, whether or not the entry is looked up again; real torch 2.11: JointVAE's
  // `self.losses[k].append(kl_loss.item())` resume, its one step)
  if (!ctx.dealloc_input.empty()) count_stdlib_frame_once("__call__", "/usr/lib/python3.12/weakref.py", 585);
  for (auto& n : ctx.first_loads) entry->root_fails.push_back({n, 0});  // guard_check.cpp adds the other roots
  // locals are realized lazily: a resume function's non-tensor stack value that was never read is not guarded
  std::erase_if(entry->values, [](const ValueGuard& g) { return g.src.rfind("___stack", 0) == 0 && g.comment.empty(); });
  // an int argument the frame read is the automatic-dynamic record of its value (dynamo.cpp entry_ints)
  for (const auto& [n, v] : ctx.entry_ints)
    for (const ValueGuard& g : entry->values)
      if (g.src == n && g.kind == "int" && !g.comment.empty()) { ctx.code->seen_ints[n] = v; break; }
  // so is a plain int / float / bool / str / None local of the frame it never reads: its VariableTracker stays lazy
  // (flamingo's `batch`, carried from resume to resume: no EQUALS_MATCH, no recompile when it changes)
  std::erase_if(entry->values, [](const ValueGuard& g) {
    static const std::set<std::string> scalar = {"int", "float", "bool", "str", "none"};
    return scalar.count(g.kind) && g.comment.empty() && g.src.find_first_of(".[") == std::string::npos;
  });
  // so is a list argument the frame never read (its LENGTH_CHECK never realized, realize_list_guards): no guard on
  // it or its items (NARM's `lengths`, live across init_hidden's break before pack_padded_sequence reads it)
  std::set<const Obj*> unread_lists;
  for (const ValueGuard& g : entry->values)
    if (g.kind == "list_len" && g.comment.empty() && g.src.find_first_of(".[") == std::string::npos && g.src.rfind("___stack", 0) != 0)
      unread_lists.insert(g.value.get());
  std::erase_if(entry->values, [&](const ValueGuard& g) {
    return (g.kind == "list_len" && unread_lists.count(g.value.get()) && g.comment.empty()) || (g.item_of && unread_lists.count(g.item_of) && g.comment.empty());
  });
  // a frame that ends with no graph keeps no guard on an optimizer it read (torch 2.11: Optimizer.step's
  // resume_in_wrapper after `out = func(...)`, compiled once for every optimizer: optim_sgd_step, optim_train_step)
  if (!has_graph && ctx.restart_reasons.empty()) std::erase_if(entry->values, [](const ValueGuard& g) { return g.optimizer; });
  std::vector<std::string> lambdas;
  GuardTree tree = render_guards(frame_guards(ctx, *entry, lambdas), grad_enabled_, lambdas, ctx.autocast_at_entry);
  int count = tree.count;
  std::string gs = tree.text;
  entry->guard_count = count;
  chromium(ctx, fmt::format("compile_attempt_{}", ctx.attempt), 'E');
  chromium(ctx, "build_guards", 'B');
  writer_.emit("torch/_dynamo/guards.py:3977", "dynamo_cpp_guards_str", "{}", tc, gs);
  chromium(ctx, "build_guards", 'E');
  bool dynamic = false;  // a shape env with symbols: PGO records which sources became dynamic
  for (auto& tg : entry->tensors) for (auto& d : tg.t.shape) dynamic = dynamic || d.is_sym();
  for (auto& vg : entry->values) dynamic = dynamic || vg.kind == "int_dyn" || vg.kind == "float_dyn";
  if (dynamic) {
    std::string wl;
    for (auto& w : ctx.dyn_whitelist) wl += (wl.empty() ? "" : ",") + w;
    chromium(ctx, "pgo.dynamic_whitelist", 'B');
    chromium(ctx, "pgo.dynamic_whitelist", 'E', "",
             wl.empty() ? "" : ",\n\"recompile_dynamic_whitelist\": " + json_escape(wl) + ",\n\"missing_dynamic_whitelist\": " + json_escape(wl));
  }
  chromium(ctx, "gc", 'B');
  chromium(ctx, "gc", 'E');
  chromium(ctx, "entire_frame_compile", 'E', "\"fn_name\": \"_compile.compile_inner\"");
  if (has_graph) ++next_describer_;  // the backend's fake mode describes nothing but takes an id
  // torch 2.11 checks the guards under an nn.Module argument through its dicts' tags (a tag-safe root), recorded
  // once the compiled code has run: a dict of the module the frame itself changed (`self.cache[key] = pos`) is seen
  // as the frame left it, so the next call with that key hits this entry (program dict_cache_tuple_key: 1 graph),
  // while a change made outside the frame is seen (dict_attr_len_keys_values recompiles). The printed guards above
  // keep what the frame read.
  // Under backend "eager" / "aot_eager" the guards see the dict as the frame found it: the next call after the frame
  // stored a new key recompiles (real torch 2.11 probes module_dict_cache_noform / module_dict_cache_tagsafe,
  // EGNN's `self._edges_dict[n_nodes] = {}`).
  const bool eager_backend = ctx.backend == "eager" || ctx.backend == "aot_eager";
  for (auto& vg : entry->values) {
    if (eager_backend) break;
    if (vg.kind != "contains" && vg.kind != "dict_keys" && vg.kind != "container_len") continue;
    std::string root = vg.src.substr(0, vg.src.find_first_of(".["));
    V rv;
    for (auto& [n, v] : ctx.inputs) if (n == root) rv = v;
    if (!rv || rv->k != VK::Instance || rv->builtin_nn.empty()) continue;
    V cur = resolve_source(vg.src, ctx.inputs);
    if (!cur || cur->k != VK::Dict) continue;
    if (vg.kind == "contains") vg.len = dict_find(*cur, vg.value) ? 1 : 0;
    else vg.len = cur->dict.size();
    if (vg.kind == "dict_keys") { vg.keys.clear(); for (auto& kv : cur->dict) vg.keys.push_back(kv.first); }
  }
  ctx.code->entries.push_back(entry);
  ++counters_["frames_ok"];
  std::string m = metrics_json(ctx.compile_id, frame_key_, ctx.code->co_name, ctx.code->filename, ctx.code->firstlineno,
                               ctx.cache_size, count, &g, true, "", "", ctx.restart_reasons, ctx.recompile_reason, true,
                               ctx.start_stack, false, ctx.accumulated);
  writer_.emit("torch/_dynamo/utils.py:1796", "compilation_metrics", m, tc);
  chromium_dynamo_end(ctx, m, true);
  // (the compiled graph runs on real tensors: what it computed goes on eagerly with its sizes as numbers — a break
  // that cannot resume leaves the rest of forward to eager code reading `X.shape[2]`: program
  // dynamic_graph_output_shape_in_eager_rest)
  concretize_graph_values(g.tensor_node);
  ctx.mode = Mode::Replay;  // compiled: the rest of this execution only replays
}

void Interp::finish_frame(Activation& act, V retval) {
  if (!act.ctx || act.ctx->mode != Mode::Record) return;
  // the returned tensors and SymInts / SymBools (a size expression the frame returns, `src.shape[-1] // 2`, is a
  // graph output: real torch 2.11, program attr_tensor_auto_dynamic), in return order
  std::vector<V> outs;
  std::function<void(const V&, int)> flat = [&](const V& v, int depth) {
    if (!v || depth > 8) return;
    if ((v->k == VK::Int || v->k == VK::Bool) && !v->sym.empty()) { outs.push_back(v); return; }
    if (v->k == VK::Float && v->sym_node >= 0) { outs.push_back(v); return; }  // (a SymFloat: its scalar_tensor)
    if (v->k == VK::List || v->k == VK::Tuple) { for (auto& x : v->items) flat(x, depth + 1); return; }
    std::vector<V> ts;
    flatten_live(v, ts);  // (a dict's SymFloats too)
    outs.insert(outs.end(), ts.begin(), ts.end());
  };
  flat(retval, 0);
  // RETURN_VALUE with nothing captured (count_calls() == 0): SkipFrame "No ops traced for the FX graph" (a resume
  // function's too: TD3's update resumes after the critic step into an `if` that ran nothing), side effects or not
  // (symbolic_convert.py's _return: only inconsistent ones, after is_compiling(), keep the frame; its stores then happen
  // eagerly: a dataclass's generated __init__, program dataclass_record_frames). No guards, no graph; the metrics'
  // counts are null; the code runs eagerly from now on, never converted again, its callees frames of their own
  // (programs no_tensor_args, resume_no_ops_skipped)
  FrameCtx& ctx = *act.ctx;
  bool calls = std::any_of(ctx.graph.nodes.begin(), ctx.graph.nodes.end(), [](const Node& n) {
    return n.op == "call_function" || n.op == "call_method" || n.op == "call_module";
  });
  // (not when a local holds an nn.Module subclass: symbolic_locals_contain_module_class, the frame compiles with no op;
  // transformers' is_fsdp_managed_module after `from torch.distributed.fsdp import FullyShardedDataParallel`)
  // (its isinstance on each local realizes the lazy ones in order, up to the first module class: a sparse tensor input
  // met there is VariableBuilder's GB0015 with no checkpoint, the frame skipped; real torch 2.11: LightGCL's
  // sparse_dropout returning its sparse `mat` untouched when dropout is 0)
  bool module_class = false;
  if (act.env && !calls)
    for (const std::string& n : act.env->order) {
      auto it = act.env->vars.find(n);
      const V v = it == act.env->vars.end() ? nullptr : it->second;
      if (!v) continue;
      if (v->k == VK::Tensor && v->t && v->t->sparse && ctx.sources.count(v.get()) && !ctx.graph.tensor_node.count(v.get()) &&
          ctx.code && ctx.frame_id >= 0) {
        GraphBreak gb;
        gb.gb_type = "Attempted to wrap sparse Tensor";
        gb.msg = msg_sparse_wrap();
        gb.loc = Location{act.cur_line, 0, act.file};
        skip_refused_frame(act, gb, true);
      }
      if (v->k != VK::Class) continue;
      for (const V& c : class_mro(v)) module_class = module_class || (c && c->k == VK::Class && !c->fn && !c->builtin_nn.empty());
      if (module_class) break;
    }
  if (!calls && !module_class && !ctx.inconsistent_side_effects && ctx.code && ctx.frame_id >= 0) {
    end_frame_without_graph(ctx, "", "", ctx.restart_reasons, true);
    ++counters_["frames_ok"];
    ctx.code->skipped = true;
    ctx.mode = Mode::Eager;
    return;
  }
  // a frame input returned as it is was realized by compile_subgraph (realize_all of the stack): TENSOR_MATCH, though
  // the graph does not use it (samplernn's resume function passing `___stack0[0]` through: another size recompiles)
  for (const V& t : outs)
    if (t->k == VK::Tensor)
      if (auto src = ctx.sources.find(t.get()); src != ctx.sources.end() && !ctx.graph.tensor_node.count(t.get()))
        guard_wrapped_tensor(ctx, t, src->second, Location{act.cur_line, 0, act.file});
  compile_graph(ctx, outs);
}

}  // namespace tparse::compiler
