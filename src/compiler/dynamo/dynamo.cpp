// The Dynamo model: code objects and cache entries, cache lookup (evaluation in guard_check.cpp),
// automatic dynamic shapes, the recompile limit, and the TORCH_TRACE records each step writes (dynamo_start, guards,
// metrics, ...); compiling a graph and finishing a frame in compile_graph.cpp; breaks, resume frames and their messages
// in restart.cpp, object identity guards in container_guards.cpp.
#include <set>
#include <fmt/format.h>

#include <cmath>

#include <functional>

#include <sha2.h>

#include "dynamo/frames/frame_filter.hpp"
#include "dynamo/variables/dict_inputs.hpp"
#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {


std::string Interp::short_path(int file) const {
  const std::string& p = path_of(file);
  return p.size() > 2 && p[0] == '/' ? p.substr(2) : p;
}

std::shared_ptr<FrameCtx> Interp::enter_frame(CodeState& cs, std::vector<std::pair<std::string, V>> inputs,
                                              std::shared_ptr<CompileOpts> opts, bool is_resume) {
  auto ctx = std::make_shared<FrameCtx>();
  // a grad-mode block still open in eager code names the trace that opened it, which may be gone: a new trace at the
  // same address is not that one (the block's restore node would land in this frame's graph)
  for (auto& b : grad_blocks_) if (b.ctx == ctx.get()) b.ctx = nullptr;
  ctx->code = &cs;
  ctx->inputs = inputs;
  ctx->grad_at_entry = grad_enabled_;
  ctx->autocast_at_entry = autocast_on_;
  ctx->inference_at_entry = inference_mode_;
  ctx->backend = opts ? opts->backend : "";
  // a tuple input's tensors get `args[0]` below; one object passed twice (`f(q, q, q)`) keeps its first source
  for (auto& [n, v] : inputs) ctx->sources.add(v, n);
  // cache lookup, newest entry first
  std::vector<std::string> reasons;
  for (auto it = cs.entries.rbegin(); it != cs.entries.rend(); ++it) {
    // the GLOBAL_STATE guard is checked before every other: a call under another grad mode recompiles
    // (real torch 2.11: `GLOBAL_STATE changed: grad_mode `, testdata/programs/autograd_function_grad)
    // BACKEND_MATCH (torch >= 2.4): an entry another torch.compile call's backend made is not served; checked first,
    // unless a guard of the entry failed before (guards.cpp moves failed managers to the front)
    const CacheEntry& en = **it;
    // an entry whose weakly ID_MATCHed input was freed after its call is invalidated (its finalizer,
    // weakref.finalize.__call__, a frame the callback sees once), and still counts against the recompile limit (real
    // torch 2.11: program tensor_method_on_stack_across_break; RL-Adventure's NoisyLinear recompiles per call up to 8)
    if (!en.invalidated_by.empty()) {
      reasons.push_back(en.compile_id + ": Cache line invalidated because " + en.invalidated_by + " got deallocated");
      count_stdlib_frame_once("__call__", "/usr/lib/python3.12/weakref.py", 585);
      continue;
    }
    const bool backend_differs = !prof_.old_messages() && !en.backend.empty() && !ctx->backend.empty() && en.backend != ctx->backend;
    bool failed_before = false;
    for (auto& x : en.root_fails) failed_before = failed_before || x.second > 0;
    static const std::string kBackend =
        "BACKEND_MATCH failure: torch.compile detected different backend callables. If this is unexpected, wrap your backend in "
        "functools.partial (or reuse the same cached backend) to avoid creating a new backend function each time. More details: "
        "https://github.com/pytorch/pytorch/issues/168373";
    // GlobalStateGuard's reason: each changed part and a space (grad_mode, then autocast per device; the name of a
    // dtype-only change, `autocast(cpu)_dtype`, is inferred from the enabled one's)
    std::string global;
    if (en.grad_enabled != grad_enabled_) global += "grad_mode ";
    for (const char* dev : {"cpu", "cuda"}) {
      auto a = en.autocast.find(dev);
      auto b = autocast_on_.find(dev);
      if ((a == en.autocast.end()) != (b == autocast_on_.end())) global += fmt::format("autocast({})_enabled ", dev);
      else if (a != en.autocast.end() && a->second != b->second) global += fmt::format("autocast({})_dtype ", dev);
    }
    std::string r = !global.empty()
                        ? (prof_.old_messages() ? std::string("___check_global_state()") : "GLOBAL_STATE changed: " + global)
                        : backend_differs && !failed_before ? kBackend
                        : fail_reason(en, inputs, cs.globals ? cs.globals : globals_, prof_.old_messages(), inference_mode_);
    if (r.empty() && backend_differs) r = kBackend;
    if (r.empty()) {
      ctx->mode = Mode::Replay;
      ctx->replay_step = en.step_stmt;
      ctx->has_break_call = en.has_break_call;
      ctx->break_call = en.break_call;
      ctx->fail_comprehension = en.comp_break;  // (its cached code runs that comprehension eagerly, then the resume)
      return ctx;
    }
    reasons.push_back((*it)->compile_id + ": " + r);
  }
  // (a frame past the recompile limit, and every frame it calls while it runs: FrameAction.RUN_ONLY, recursively —
  // cached entries serve, nothing new compiles; consistency_models' ResBlock over checkpoint)
  if (cs.run_only || run_only_depth_ > 0) return nullptr;
  count_frame(cs, false);  // a cache miss: eval_frame's callback hands the frame to ConvertFrame
  if (cs.frame_id < 0) cs.frame_id = frame_counter_++;
  ctx->frame_id = cs.frame_id;
  ctx->frame_compile_id = cs.compile_count++;
  ctx->compile_id = fmt::format("{}/{}", ctx->frame_id, ctx->frame_compile_id);
  TraceCtx tc{ctx->frame_id, ctx->frame_compile_id, 0};
  chromium(*ctx, "dynamo", 'B');
  chromium(*ctx, "entire_frame_compile", 'B', "\"fn_name\": \"_compile.compile_inner\"");
  if (!reasons.empty()) {
    std::string payload = reasons.size() == 1 ? reasons[0] : "[\n" + [&] { std::string s; for (size_t i = 0; i < reasons.size(); ++i) s += (i ? ",\n" : "") + json_escape(reasons[i]); return s; }() + "\n]";
    writer_.emit("torch/_dynamo/guards.py:4764", "artifact", "{\"name\": \"recompile_reasons\", \"encoding\": \"json\"}", tc, payload);
    ctx->recompile_reason = reasons[0];
  }
  // cache_size.py: entries guarding the same ID_MATCH'd objects (all entries when none are
  // ID-matched) against recompile_limit (8); every entry against accumulated_recompile_limit.
  int same = 0;
  for (auto& e : cs.entries) {
    bool match = true;
    for (auto& g : e->values) {
      if (g.kind != "id") continue;
      V v = resolve_source(g.src, inputs);
      match = match && v && v.get() == g.value.get();
    }
    same += match ? 1 : 0;
  }
  ctx->cache_size = same;
  ctx->accumulated = static_cast<int>(cs.entries.size());
  ++frame_key_;
  bool acc_hit = ctx->frame_compile_id >= prof_.accumulated_limit();
  // torch._dynamo.config.recompile_limit (cache_size_limit, its alias) as the script set it; 8 by default
  long long limit = 8;
  for (const char* n : {"torch._dynamo.config.recompile_limit", "torch._dynamo.config.cache_size_limit"})
    if (auto it = builtin_attr_stores_.find(n); it != builtin_attr_stores_.end() && it->second->k == VK::Int) limit = it->second->i;
  if (same >= limit || acc_hit) {
    std::string msg = prof_.old_messages() ? std::string(acc_hit ? "accumulated_cache_size_limit" : "cache_size_limit") + " reached"
                                            : msg_recompile_limit();
    ++counters_["unimplemented"];
    chromium(*ctx, "entire_frame_compile", 'E', "\"fn_name\": \"_compile.compile_inner\"");
    std::string m = metrics_json(ctx->compile_id, frame_key_, cs.co_name, cs.filename, cs.firstlineno, 0, 0, nullptr, false,
                                 "Unsupported", msg, {}, ctx->recompile_reason, false, {}, true, 0);
    writer_.emit("torch/_dynamo/utils.py:1796", "compilation_metrics", m, tc);
    chromium_dynamo_end(*ctx, m, false);
    cs.run_only = true;
    return nullptr;
  }
  // automatic dynamic shapes: merge what this frame sees with what earlier compiles saw
  bool auto_dyn = !(opts && opts->dynamic_false);
  std::map<long long, std::string>& duck_syms = ctx->duck_syms;
  std::set<int> sym_ids;  // ShapeEnv._generate_unique_id: sha256(source name) % 100, then the next free id
  auto sym_for = [&sym_ids](const std::string& source) {
    int r = sym_source_id(source);
    while (sym_ids.count(r)) ++r;
    sym_ids.insert(r);
    return "s" + std::to_string(r);
  };
  // an int item of a tuple, list or dict input, on its own source `src` (`args[1]`, `kwargs['bsz']`): automatic
  // dynamic once it changed since an earlier compile (the event names it `label`, `L['args'][1]`), or from the first
  // compile under dynamic=True; true when it is a SymInt input from now on
  auto int_item_dynamic = [&](const std::string& src, std::string label, const V& item, bool dynamic_true) {
    auto seen = cs.seen_ints.find(src);
    if (dynamic_true) cs.dyn_ints.insert(src);
    if (auto_dyn && seen != cs.seen_ints.end() && seen->second->i != item->i && !cs.dyn_ints.count(src)) {
      cs.dyn_ints.insert(src);
      ctx->pending_events.push_back([this, c = ctx.get(), label = std::move(label), a = seen->second->i, b = item->i] {
        automatic_dynamic_event(*c, label, "\"scalar\"", "scalar change", std::to_string(a), std::to_string(b));
      });
    }
    cs.seen_ints[src] = item;
    return cs.dyn_ints.count(src) > 0;
  };
  // a dynamic int input (`n`, or a list item `lens[1]`) is a SymInt: its symbol named from its source as the
  // shape env names it, a graph input (`L_n_: "Sym(s86)"`) made where the trace first uses it (sym_arg)
  auto sym_int_input = [&](const std::string& src, const V& v) {
    std::string source = local_source(src);
    V s = mk_int(v->i);
    s->sym = sym_for(source);
    ctx->sym_info[s->sym] = {source, v->i};
    ctx->int_inputs[s->sym] = src;
    mark_non_size_symbol(s->sym);
    return s;
  };
  // an input's value replaced by what this frame wraps instead (a dynamic copy, a SymInt, a tuple of real numbers): the
  // source and the frame's input list follow it
  auto rebind = [&ctx](V& v, const std::string& n, const V& fresh) {
    ctx->sources.erase(v.get());
    ctx->sources.of(fresh) = n;
    for (auto& [n2, v2] : ctx->inputs) if (v2.get() == v.get()) v2 = fresh;
    v = fresh;
  };
  // the inputs, and the tensors inside a tuple input (a `*args` local, a tuple argument): each such tensor is an
  // input of its own source `args[0]` (TENSOR_MATCH, automatic dynamic), replaced inside the tuple when it
  // becomes dynamic (real torch 2.11: `tensor 'args[0]' size mismatch` for dinov2's forward(self, *args))
  // Lists and nested containers too: Dynamo wraps every tensor it reaches through an argument with a source of
  // its own (`s[0]` of a list of latents, stylegan2; `past[0][0]` of a tuple of KV tuples, bark), so a size change
  // there fails TENSOR_MATCH and recompiles
  std::vector<std::pair<std::string, V*>> slots;
  // SEQUENCE_LENGTH of a list / tuple input (TYPE_MATCH + LENGTH_CHECK): `len(src) == n`
  auto length_guard = [&ctx](const char* kind, const std::string& src, const V& v) {
    ValueGuard g;
    g.src = src;
    g.value = v;
    g.kind = kind;
    g.len = v->items.size();
    g.code = fmt::format("len({}) == {}", src, v->items.size());
    ctx->vguards.push_back(g);
  };
  std::function<void(const std::string&, V&, int)> inner = [&](const std::string& n, V& v, int depth) {
    if (depth > 4) return;
    if (v->k == VK::Dict && !v->cls) {  // a `**kwargs` dict: each tensor value an input of its own, `kwargs['x']`
      // (a key hashed by identity, a module as whisper's kv_cache keys: `cache[list(dict.keys(cache))[0]]`, the
      // source automatic dynamic follows: a growing cache recompiles once, not per size)
      for (size_t idx = 0; idx < v->dict.size(); ++idx) {
        auto& [k, x] = v->dict[idx];
        const bool by_id = k->k == VK::Instance || k->k == VK::Tensor;
        if ((k->k == VK::Str || (by_id && x->k == VK::Tensor)) &&
            (x->k == VK::Tensor || x->k == VK::Tuple || x->k == VK::List || (x->k == VK::Dict && !x->cls))) {
          std::string s = by_id ? fmt::format("{}[list(dict.keys({}))[{}]]", n, n, idx) : fmt::format("{}['{}']", n, k->s);
          // (the key itself is wrapped from the dict too, before any other source reaches it: a module key's
          // parameters are `list(dict.keys(L['cache']))[0]._parameters['weight']`)
          if (by_id && k->k == VK::Instance && !ctx->sources.count(k.get()))
            ctx->sources.of(k) = fmt::format("list(dict.keys({}))[{}]", n, idx);
          if (x->k == VK::Tensor) {
            slots.push_back({s, &x});
            ctx->sources.of(x) = s;
          } else {
            inner(s, x, depth + 1);
          }
        }
      }
    }
    // a plain object's tensor attributes (DETR's NestedTensor: `samples.tensors`): inputs of their own sources too,
    // so a size change recompiles once and makes that dim dynamic (real torch 2.11: program attr_tensor_auto_dynamic)
    if (v->k == VK::Instance && v->cls && v->builtin_nn.empty() && depth == 0 && !v->order.empty())
      for (const std::string& a : v->order) {
        auto it = v->attrs.find(a);
        if (it == v->attrs.end() || !it->second || it->second->k != VK::Tensor || ctx->sources.count(it->second.get())) continue;
        std::string s = n + "." + a;
        slots.push_back({s, &it->second});
        ctx->sources.of(it->second) = s;
      }
    if ((v->k == VK::Tuple && !v->size_tuple) || v->k == VK::List)
      for (size_t i = 0; i < v->items.size(); ++i) {
        V& x = v->items[i];
        std::string s = fmt::format("{}[{}]", n, i);
        if (x->k == VK::Tensor) {
          // one object twice: its first source (an earlier item of this very container too: `return mask, mask`,
          // whose slot stays, so it holds what the first becomes when wrapped)
          bool sibling = false;
          for (size_t j = 0; j < i; ++j) sibling = sibling || v->items[j].get() == x.get();
          if (ctx->sources.count(x.get()) && depth > 0 && !sibling) continue;
          slots.push_back({s, &x});
          if (!sibling) ctx->sources.of(x) = s;
        } else if (x->k == VK::Instance && x->cls && depth < 4 && is_namedtuple_cls(x->cls)) {
          // a namedtuple's tensor fields: inputs of their own attribute sources, `___stack0[1].mem`
          // (GetAttrGuardAccessor; the field and the tuple's item are one object, wrapped once; real torch 2.11:
          // compressive-transformer's Memory(mem, compressed_mem) handed to a resume function recompiles when mem
          // starts to require grad)
          const V fields = find_in_class(x->cls, "_fields");
          auto vals = x->attrs.find("_values");
          if (!fields || fields->k != VK::Tuple || vals == x->attrs.end() || !vals->second || vals->second->k != VK::Tuple) continue;
          for (size_t f = 0; f < fields->items.size() && f < vals->second->items.size(); ++f) {
            V& item = vals->second->items[f];
            if (!item || item->k != VK::Tensor || fields->items[f]->k != VK::Str || ctx->sources.count(item.get())) continue;
            const std::string fs = s + "." + fields->items[f]->s;
            slots.push_back({fs, &item});
            if (auto a = x->attrs.find(fields->items[f]->s); a != x->attrs.end() && a->second.get() == item.get()) slots.push_back({fs, &a->second});
            ctx->sources.of(item) = fs;
          }
        } else if (x->k == VK::Tuple || x->k == VK::List || (x->k == VK::Dict && !x->cls)) {
          // a list among a compiled built-in module's arguments (LSTMCell's hx = [h, c]): its forward, Python in
          // torch, reads it, which guards its type and length (SEQUENCE_LENGTH): the (h, c) tuple the cell returns
          // recompiles (real torch 2.11: world-models' rollout, program list_then_tuple_arg)
          if (x->k == VK::List && depth == 0 && n == "args" && v->k == VK::Tuple) length_guard("list_len", s, x);
          inner(s, x, depth + 1);
        }
      }
  };
  for (auto& [n, v] : inputs) {
    slots.push_back({n, &v});
    inner(n, v, 0);
  }
  // one tensor passed as two arguments is wrapped once, under the name read first (the other is a duplicate input
  // with no TENSOR_MATCH and no automatic-dynamic record of its own: Autoformer's keys stay static when cross-attention
  // first passes them apart)
  // (the duplicate slot then holds what the first became: a dynamic copy stays one object in both places, as the
  // tuple `(mask, mask)` xlm's get_masks returns into a resume function)
  std::map<const Obj*, V> wrapped;  // the object a slot held -> what it is after wrapping
  struct MarkWrapped {
    std::map<const Obj*, V>& s;
    const Obj* orig;
    V& v;
    ~MarkWrapped() {
      if (v) {
        s[orig] = v;
        s.emplace(v.get(), v);
      }
    }
  };
  for (auto& [n, vp] : slots) {
    V& v = *vp;
    // a tuple of numbers an enclosing frame traced symbolically (a builtin's result on a resume function's stack: the
    // `divmod(x.size(1), n)` its break left to Python): at run time real numbers
    if (v->k == VK::Tuple && !v->size_tuple && !v->cls &&
        std::any_of(v->items.begin(), v->items.end(), [](const V& x) { return (x->k == VK::Int || x->k == VK::Float) && (!x->sym.empty() || x->sym_node >= 0); })) {
      std::vector<V> xs;
      for (const V& x : v->items)
        xs.push_back(x->k == VK::Int && !x->sym.empty() ? mk_int(x->i) : x->k == VK::Float && (!x->sym.empty() || x->sym_node >= 0) ? mk_float(x->f) : x);
      rebind(v, n, mk_tuple(xs));
    }
    if (v->k == VK::Tensor) {
      if (auto it = wrapped.find(v.get()); it != wrapped.end()) {
        v = it->second;
        continue;
      }
    }
    if (v->k == VK::Tensor) wrapped[v.get()] = v;
    const MarkWrapped mark{wrapped, v.get(), v};
    if (v->k == VK::Tensor) {
      // a tensor of an enclosing frame's trace (its eager continuation after a break calls this frame):
      // the call gets the real tensor, so its sizes are plain numbers here until this frame's own
      // automatic dynamic marks them (real torch 2.11: whisper's TextDecoder compiles static)
      bool sym = false;
      for (auto& d : v->t->shape) sym = sym || d.is_sym();
      for (auto& d : v->t->stride) sym = sym || d.is_sym();
      if (sym) {
        auto copy = std::make_shared<Obj>(*v);
        if (!copy->storage) copy->storage = v;  // (the same storage: a write recorded on it makes both stale)
        copy->t = std::make_shared<TensorInfo>(*v->t);
        for (auto& d : copy->t->shape) d.sym.clear();
        // (its real strides, as numbers: a view keeps its gaps)
        if (copy->t->stride.size() == copy->t->shape.size()) for (auto& d : copy->t->stride) d.sym.clear();
        else copy->t->stride = contiguous_strides(copy->t->shape);
        rebind(v, n, copy);
      }
    }
    // an nn.Parameter's sizes are static however it reaches the frame (an argument: transformers' MoE expert weights
    // handed to a gemm helper): tensor_always_has_static_shape under force_parameter_static_shapes, before automatic
    // dynamic records or marks anything (real torch 2.11: aria's sequential_experts_gemm recompiles per weight shape)
    if (v->k == VK::Tensor && v->t->is_param) continue;
    // a sparse tensor is never wrapped (GB0015 before wrap_to_fake_tensor_and_record): automatic dynamic records
    // nothing of it, so a dense tensor later under the same name starts static (real torch 2.11: HGCN's sparse then
    // dense `adj`, whose first dense compile specializes the node count it broadcasts with)
    if (v->k == VK::Tensor && v->t->sparse) continue;
    if (v->k == VK::Tensor) {
      TensorInfo& t = *v->t;
      auto seen = cs.seen_shapes.find(n);
      std::set<int>& dd = cs.dyn_dims[n];
      if (v->view_base) view_base_input(*ctx, cs, n, *v->view_base, auto_dyn, opts && opts->dynamic_true, sym_for);
      if (auto_dyn && seen != cs.seen_shapes.end()) {
        auto tuple = [](const std::vector<Dim>& sh) {
          std::string o;
          for (auto& d : sh) o += (o.empty() ? "" : ", ") + std::to_string(d.v);
          return "(" + o + (sh.size() == 1 ? ",)" : ")");
        };
        std::string L = local_source(n), before = tuple(seen->second.shape), after = tuple(t.shape);
        if (seen->second.shape.size() != t.shape.size()) {
          for (size_t i = 0; i < t.shape.size(); ++i) dd.insert(static_cast<int>(i));
          // the stride record follows: old strides, new ones as PGO's InferStride (each from the next dim)
          std::string sb, sa;
          for (auto& d : contiguous_strides(seen->second.shape)) sb += (sb.empty() ? "" : ", ") + std::to_string(d.v);
          for (size_t i = 0; i < t.shape.size(); ++i) sa += (i ? ", " : "") + (i + 1 < t.shape.size() ? fmt::format("InferStride(dim={})", i + 1) : std::string("1"));
          sb = "(" + sb + (seen->second.shape.size() == 1 ? ",)" : ")");
          sa = "(" + sa + (t.shape.size() == 1 ? ",)" : ")");
          ctx->pending_events.push_back([this, c = ctx.get(), L, before, after, sb, sa] {
            automatic_dynamic_event(*c, L, "\"all\"", "dimensionality change", before, after);
            automatic_dynamic_event(*c, L, "\"all\"", "dimensionality change", sb, sa);
          });
        } else {
          // a stride that changed (a slice `tokens[:, -1:]` of a growing tensor: same shape, stride (T, 1)): automatic
          // dynamic marks that stride dynamic (pgo.py FrameStateSizeEntry.stride), so one recompile, not one per T
          // (real torch 2.11: scout11 stride_autodyn, 2 graphs over 6 steps)
          // (only when the sizes stayed: strides that follow changed sizes are inferred from them, not dynamic)
          const std::vector<Dim>& ss = seen->second.stride;
          bool same_sizes = true;
          for (size_t i = 0; i < t.shape.size(); ++i) same_sizes = same_sizes && seen->second.shape[i].v == t.shape[i].v;
          if (same_sizes && ss.size() == t.shape.size() && t.stride.size() == t.shape.size())
            for (size_t i = 0; i < t.shape.size(); ++i)
              if (ss[i].v != t.stride[i].v) cs.dyn_strides[n].insert(static_cast<int>(i));
          for (size_t i = 0; i < t.shape.size(); ++i)
            if (seen->second.shape[i].v != t.shape[i].v && !dd.count(static_cast<int>(i))) {
              dd.insert(static_cast<int>(i));
              ctx->pending_events.push_back([this, c = ctx.get(), L, i, a = seen->second.shape[i].v, b = t.shape[i].v] {
                automatic_dynamic_event(*c, L, std::to_string(i), "size change", std::to_string(a), std::to_string(b));
              });
            }
        }
      }
      // (a tensor another argument holds too: the record before this one, in case another name is read first)
      for (auto& [n2, vp2] : slots)
        if (n2 != n && *vp2 && vp2->get() == v.get() && !ctx->alias_seen_before.count(n))
          ctx->alias_seen_before[n] = seen != cs.seen_shapes.end() ? std::optional<TensorInfo>(seen->second) : std::nullopt;
      cs.seen_shapes[n] = t;
      std::set<int> all = dd;
      for (int d : t.marked_dynamic) all.insert(d);
      if (opts && opts->dynamic_true) for (size_t i = 0; i < t.shape.size(); ++i) all.insert(static_cast<int>(i));
      const std::set<int>& ds = cs.dyn_strides[n];
      if (!all.empty() || !ds.empty()) {
        auto copy = std::make_shared<Obj>(*v);
        // the caller's tensor under another type: the same storage, so its known values go stale with it (an earlier
        // unknown write `tgt[i, :n] = randint(...)` recorded against the original; end2end-asr's padded targets)
        if (!copy->storage) copy->storage = v;
        copy->t = std::make_shared<TensorInfo>(t);
        for (int d : all) {
          if (d >= static_cast<int>(t.shape.size()) || t.shape[d].v < 2) continue;
          // ShapeEnv.create_symbol: under dynamic=True a size is DimDynamic.DUCK (an automatic-dynamic or
          // marked one is DYNAMIC): a value seen before reuses that value's symbol (`f32[s77, s27, s53, s53]`)
          bool duck = opts && opts->dynamic_true && !dd.count(d) && !t.marked_dynamic.count(d);
          if (duck && duck_syms.count(t.shape[d].v)) {
            copy->t->shape[d].sym = duck_syms[t.shape[d].v];
            continue;
          }
          // (an ndarray argument's tensor is NumpyTensorSource's: `___from_numpy(L['a']).size()[0]` names its symbol)
          std::string source = t.np_array ? fmt::format("___from_numpy({}).size()[{}]", local_source(n), d)
                                          : fmt::format("{}.size()[{}]", local_source(n), d);
          copy->t->shape[d].sym = sym_for(source);
          if (duck) duck_syms[t.shape[d].v] = copy->t->shape[d].sym;
          ctx->sym_info[copy->t->shape[d].sym] = {source, t.shape[d].v};
        }
        // no dim became a symbol (a size 0 / 1 is specialized): the tensor keeps its real strides, which its
        // TENSOR_MATCH holds (lit-llama's decode-step mask, a (1, 12) slice of strides (32, 1): was rebuilt as
        // contiguous (12, 1), so every later identical call failed the guard and recompiled)
        bool any_sym = std::any_of(copy->t->shape.begin(), copy->t->shape.end(), [](const Dim& x) { return x.is_sym(); });
        if (any_sym || t.stride.size() != t.shape.size()) copy->t->stride = ordered_strides(copy->t->shape, t.stride);
        // a dynamic stride: its own symbol, from its source (`L['x'].stride()[0]`); a stride of 0 or 1 stays the number
        // (ShapeEnv specializes them as sizes 0 / 1: waveglow's permuted input keeps `stride()[1] == 1`, and its
        // contiguous twin recompiles: scout12 stride_one_respecialized)
        // (a stride equal to another dim's size * stride is that product, as ShapeEnv's stride candidates infer it: a
        // contiguous input's strides follow its sizes)
        auto inferred = [&](int d) {
          for (size_t j = 0; j < t.shape.size() && j < t.stride.size(); ++j)
            if (static_cast<int>(j) != d && t.stride[j].v < t.stride[d].v && t.shape[j].v * t.stride[j].v == t.stride[d].v) return true;
          return false;
        };
        // (once a size is a symbol, ShapeEnv's _compute_symbolic_stride binds every stride the others' size * stride
        // products do not give to a symbol of its own: a slice `seq[:, :-1]` of (b, 17) is [s77, 16][s7, 1], g-mlp)
        std::set<int> stride_dims = ds;
        if (any_sym)
          for (size_t d = 0; d < copy->t->stride.size(); ++d) stride_dims.insert(static_cast<int>(d));
        for (int d : stride_dims)
          if (d < static_cast<int>(copy->t->stride.size()) && !copy->t->stride[d].is_sym() && copy->t->stride[d].v > 1 &&
              !inferred(d)) {
            // (a stride symbol is DimDynamic.DUCK: a value seen before shares its symbol, and a later storage offset
            // of that value shares it too: XMem's `args[0].storage_offset() == args[3].stride()[0]`)
            const long long sv = copy->t->stride[d].v;
            if (duck_syms.count(sv)) {
              copy->t->stride[d].sym = duck_syms[sv];
              continue;
            }
            std::string source = fmt::format("{}.stride()[{}]", local_source(n), d);
            copy->t->stride[d].sym = sym_for(source);
            duck_syms[sv] = copy->t->stride[d].sym;
            ctx->sym_info[copy->t->stride[d].sym] = {source, sv};
          }
        // a view's storage offset, once any size is dynamic (ShapeEnv's dynamic_offset: DUCK unless every size is
        // STATIC): a symbol of its own when 2 or more (0 / 1 specialize), so the next call's fresh tensor fails
        // `2 <= L['x'].storage_offset()` (real torch 2.11: v-diffusion's last batch x[2:3], then its own outputs)
        if (!all.empty() && v->storage_offset >= 2) {
          std::string source = local_source(n) + ".storage_offset()";
          if (!duck_syms.count(v->storage_offset)) {
            duck_syms[v->storage_offset] = sym_for(source);
            ctx->sym_info[duck_syms[v->storage_offset]] = {source, v->storage_offset};
          }
          ctx->offset_syms[n] = duck_syms[v->storage_offset];
        }
        rebind(v, n, copy);
      }
    } else if (v->k == VK::Int || v->k == VK::Str || v->k == VK::Bool || v->k == VK::Float) {
      // a number handed on from a frame that traced it symbolically (a resume function's local `intWidth`): at run time
      // a plain int, its value; the resume decides afresh whether it is dynamic (SPyNet: `size=(60, 90)`)
      if ((v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool) && (!v->sym.empty() || v->sym_node >= 0)) {
        V plain = v->k == VK::Int ? mk_int(v->i) : v->k == VK::Bool ? mk_bool(v->b) : mk_float(v->f);
        rebind(v, n, plain);
      }
      auto seen = cs.seen_ints.find(n);
      // (the frame state's scalar compares by value whatever the type, FrameStateSizeEntry._merge_atom: an int 0 then a
      // float 0.5 changed, 0 then 0.0 did not; Chinese-CLIP's `mask_ratio`, real torch 2.11)
      auto number = [](const V& x) { return x->k == VK::Float ? x->f : x->k == VK::Bool ? (x->b ? 1.0 : 0.0) : static_cast<double>(x->i); };
      // (a numpy scalar is no number to the frame state: VariableBuilder wraps it as a 0-d tensor input,
      // np_traced::scalar_input, so it never turns dynamic and no later int compares with it)
      const bool np_scalar = is_np_scalar(v);
      const bool changed = !np_scalar && seen != cs.seen_ints.end() && (seen->second->k == VK::Int || seen->second->k == VK::Float) &&
                           number(seen->second) != number(v);
      if (auto_dyn && v->k == VK::Int && changed && !cs.dyn_ints.count(n)) {
        cs.dyn_ints.insert(n);
        ctx->pending_events.push_back([this, c = ctx.get(), n = n, a = seen->second, b = v] {  // n = n: clang 14 cannot capture a structured binding
          automatic_dynamic_event(*c, "L['" + n + "']", "\"scalar\"", "scalar change", py_repr(a), py_repr(b));
        });
      }
      // a float argument seen with another value: automatic dynamic makes it an unspecialized input (torch 2.11
      // does not specialize floats once they change: a 0-d float64 graph input and its item(); float_arg_forms)
      if (auto_dyn && v->k == VK::Float && changed && !cs.dyn_float_args.count(n)) {
        cs.dyn_float_args.insert(n);
        ctx->pending_events.push_back([this, c = ctx.get(), n = n, a = seen->second, b = v] {
          automatic_dynamic_event(*c, "L['" + n + "']", "\"scalar\"", "scalar change", py_repr(a), py_repr(b));
        });
      }
      // torch.compile(dynamic=True): assume_static_by_default is off, so wrap_symfloat leaves a float input
      // unspecialized from the first compile (not nan / inf: specialized); program dynamic_true_floats
      if (opts && opts->dynamic_true && v->k == VK::Float && std::isfinite(v->f)) cs.dyn_float_args.insert(n);
      if (v->k == VK::Float && cs.dyn_float_args.count(n)) ctx->float_args.insert(n);
      // (a static int: recorded once the compile shows the frame read it; NeRF's render(H, W, ...) on rays never
      // reads H and W, so a later call that renders an image at another size keeps them static)
      // (a resume function's stack value is the resumed instruction's operand: recorded as before)
      if (!np_scalar && v->k == VK::Int && !cs.dyn_ints.count(n) && !(opts && opts->dynamic_true) && n.rfind("___stack", 0) != 0)
        ctx->entry_ints[n] = v;
      else if (!np_scalar)
        cs.seen_ints[n] = v;
      // torch.compile(dynamic=True): a Python int input is a SymInt from the first compile (no
      // specialization, so no automatic-dynamic record); strs and bools stay constants.
      if (opts && opts->dynamic_true && v->k == VK::Int && !np_scalar) cs.dyn_ints.insert(n);
      if (v->k == VK::Int && cs.dyn_ints.count(n)) {
        V s = sym_int_input(n, v);
        rebind(v, n, s);
      }
      if (v->guess >= 0) use_guess(v);  // a guessed number guarded by value decides the next call's recompile
      ValueGuard g;
      g.src = n;
      g.value = v;
      g.kind = cs.dyn_ints.count(n) ? "int_dyn" : type_name(v);
      g.code = n + " == " + py_repr(v);
      if (v->k == VK::Float && ctx->float_args.count(n)) g = ValueGuard::python_float(n, v, true);
      ctx->vguards.push_back(g);
    } else if (v->k == VK::None && n.rfind("___stack", 0) != 0) {
      // a None argument: `mode is None` (Dynamo's guard on a constant None source)
      ValueGuard g;
      g.src = n;
      g.value = v;
      g.kind = "none";
      g.code = n + " is None";
      ctx->vguards.push_back(g);
    } else if (v->k == VK::Tuple && n.rfind("___stack", 0) != 0 && !v->cls) {
      // a tuple argument: TYPE_MATCH + LENGTH_CHECK (a `match` on it, an unpacking: `case (a, b):`)
      // A torch.Size (`original_shape = x.shape` kept across a break, a resume function's local) is a SizeVariable of
      // its items, each wrapped as an int of its own source: the call hands real numbers (an item the earlier graph
      // made a symbol is its value here), and automatic dynamic makes an item that changed a SymInt input
      // (`L_original_shape_1_`; real torch 2.11: program size_local_across_break)
      if (v->size_tuple && std::any_of(v->items.begin(), v->items.end(), [](const V& x) { return x->k == VK::Int && !x->sym.empty(); })) {
        V real = mk_tuple(v->items);
        real->size_tuple = true;
        for (auto& x : real->items) if (x->k == VK::Int && !x->sym.empty()) x = mk_int(x->i);
        rebind(v, n, real);
      }
      length_guard("tuple_len", n, v);
      // its int items (a decorator wrapper's `inner(*args, **kwds)` passing `t`): each an EQUALS_MATCH on its source
      // (`L['args'][1] == 3`), a SymInt input once it changed (automatic dynamic; program inference_mode_fn)
      V dyn_tuple;
      for (size_t i = 0; i < v->items.size(); ++i) {
        const V& item = v->items[i];
        if (item->k != VK::Int || !item->sym.empty()) continue;
        std::string src = fmt::format("{}[{}]", n, i);
        bool dyn = int_item_dynamic(src, fmt::format("L['{}'][{}]", n, i), item, opts && opts->dynamic_true && !v->size_tuple);
        ValueGuard e;
        e.src = src;
        e.value = item;
        e.kind = dyn ? "int_dyn" : type_name(item);
        e.code = src + " == " + py_repr(item);
        e.star_item = true;
        if (dyn) {
          if (!dyn_tuple) {
            dyn_tuple = mk_tuple(v->items);
            dyn_tuple->size_tuple = v->size_tuple;
          }
          dyn_tuple->items[i] = sym_int_input(src, item);
          e.value = dyn_tuple->items[i];
        }
        ctx->vguards.push_back(e);
      }
      if (dyn_tuple) {
        rebind(v, n, dyn_tuple);
      }
    } else if (v->k == VK::Dict && !v->cls && n.rfind("___stack", 0) != 0) {
      // a keywords dict (`**kwargs`, eval_frame's inner(*args, **kwargs) around a @torch.no_grad() method): its
      // constants are guarded on their own sources (`L['kwargs']['bsz'] == 4`, EQUALS_MATCH), an int a SymInt once it
      // changed (automatic dynamic), so a call with another value recompiles (score-SDE's sampler called with keywords)
      V dyn_dict;
      for (size_t i = 0; i < v->dict.size(); ++i) {
        const auto& [key, item] = v->dict[i];
        if (key->k != VK::Str || !(item->k == VK::Int || item->k == VK::Str || item->k == VK::Bool) || !item->sym.empty()) continue;
        std::string src = fmt::format("{}['{}']", n, key->s);
        bool dyn = item->k == VK::Int && int_item_dynamic(src, fmt::format("L['{}']['{}']", n, key->s), item, opts && opts->dynamic_true);
        ValueGuard e;
        e.src = src;
        e.value = item;
        e.kind = dyn ? "int_dyn" : type_name(item);
        e.code = src + " == " + py_repr(item);
        if (dyn) {
          if (!dyn_dict) {
            dyn_dict = std::make_shared<Obj>(*v);
          }
          dyn_dict->dict[i].second = sym_int_input(src, item);
          e.value = dyn_dict->dict[i].second;
        }
        ctx->vguards.push_back(e);
      }
      if (dyn_dict) rebind(v, n, dyn_dict);
    } else if (v->k == VK::List) {
      // SEQUENCE_LENGTH (TYPE_MATCH + LENGTH_CHECK) on a resume's stack list and on a list of constants read
      // in the frame (`seqlens=[T]`), whose items get an EQUALS_MATCH each (real torch 2.11: mistral-inference's
      // `L['seqlens'][0] == 8`)
      bool constants = n != "___stack0" && !v->items.empty() && v->items.size() <= 64 &&
                       std::all_of(v->items.begin(), v->items.end(), [](const V& x) {
                         return x->k == VK::Int || x->k == VK::Str || x->k == VK::Bool || x->k == VK::Float;
                       });
      // (a list of anything else is length-guarded too: Dynamo's ListVariable of an argument guards its length when
      // the frame reads it; a replay buffer's batch of (obs, action) pairs of another length recompiles)
      length_guard("list_len", n, v);
      // an int item that changed since an earlier compile is a SymInt from now on (automatic dynamic on the
      // item's own source, `L['lens'][1]`; the other items stay constants): real torch 2.11 on
      // testdata/programs/list_arg_guard (`torch.sym_sum((3, l_lens_1_))`)
      V dyn_list;
      for (size_t i = 0; constants && i < v->items.size(); ++i) {
        std::string src = fmt::format("{}[{}]", n, i);
        const V& item = v->items[i];
        if (item->k != VK::Int) continue;
        if (int_item_dynamic(src, fmt::format("L['{}'][{}]", n, i), item, opts && opts->dynamic_true)) {
          if (!dyn_list) dyn_list = mk_list(v->items);
          dyn_list->items[i] = sym_int_input(src, item);
        }
      }
      if (dyn_list) {
        rebind(v, n, dyn_list);
      }
      for (size_t i = 0; constants && i < v->items.size(); ++i) {
        if (v->items[i]->k == VK::Float) continue;  // (floats: the nested-float walk below)
        ValueGuard e;
        e.src = fmt::format("{}[{}]", n, i);
        e.value = v->items[i];
        e.kind = cs.dyn_ints.count(e.src) ? "int_dyn" : type_name(v->items[i]);
        e.code = e.src + " == " + py_repr(v->items[i]);
        e.item_of = (dyn_list ? dyn_list : v).get();
        ctx->vguards.push_back(e);
      }
    }
  }
  // Python floats inside list / tuple arguments (an RL batch of transitions, `[([s0, s1, ...], r), ...]`): each is a
  // constant the frame specializes on (`L['data'][0][1] == 1.0`); one that changed since an earlier compile is an
  // unspecialized float from then on (automatic dynamic, specialize_float=False: a 0-d float64 input and its item()),
  // so the frame recompiles once, not per value (real torch 2.11: program float_items_nested)
  for (auto& input : ctx->inputs) {
    const std::string& n = input.first;
    const V& v = input.second;
    if (n.rfind("___stack", 0) == 0 || !((v->k == VK::List && !v->cls) || (v->k == VK::Tuple && !v->size_tuple && !v->cls))) continue;
    std::vector<size_t> path;
    std::function<void(const V&, const std::string&, int)> walk = [&](const V& c, const std::string& src, int depth) {
      if (depth > 4 || c->items.size() > 64) return;
      for (size_t i = 0; i < c->items.size(); ++i) {
        const V& x = c->items[i];
        std::string xs = fmt::format("{}[{}]", src, i);
        path.push_back(i);
        if ((x->k == VK::List && !x->cls) || (x->k == VK::Tuple && !x->size_tuple && !x->cls)) {
          walk(x, xs, depth + 1);
        } else if (x->k == VK::Float && x->sym.empty() && x->sym_node < 0 && std::isfinite(x->f)) {
          auto seen = cs.seen_ints.find(xs);
          if (auto_dyn && seen != cs.seen_ints.end() && seen->second->k == VK::Float && seen->second->f != x->f && !cs.dyn_floats.count(xs)) {
            cs.dyn_floats.insert(xs);
            ctx->pending_events.push_back([this, c = ctx.get(), L = local_source(xs), a = seen->second, b = x] {
              automatic_dynamic_event(*c, L, "\"scalar\"", "scalar change", py_repr(a), py_repr(b));
            });
          }
          cs.seen_ints[xs] = x;
          ValueGuard g = ValueGuard::python_float(xs, x, cs.dyn_floats.count(xs) > 0);
          if (cs.dyn_floats.count(xs)) ctx->nested_floats[n].push_back({path, xs});
          bool dup = false;
          for (auto& e : ctx->vguards) dup = dup || e.src == xs;
          if (!dup) ctx->vguards.push_back(g);
        }
        path.pop_back();
      }
    };
    walk(v, n, 0);
  }
  record_dict_inputs(*ctx);
  ctx->mode = Mode::Record;
  ctx->builtins_key = fmt::format("__builtins_dict___{}", unique_id_++);  // OutputGraph.install_builtins_dict_in_fglobals
  // dynamo_start: the user stack that entered this frame (module code, then the frame itself)
  std::vector<StackFrame> st;
  int call_line = 0, call_file = 0;
  for (auto* a : stack_) if (!a->fn) call_line = a->cur_line, call_file = a->file;
  st.push_back(StackFrame{call_line, "<module>", path_of(call_file), code_line(call_file, call_line, true)});
  if (cs.co_name == "inner") {
    st.push_back(StackFrame{472, "__call__", "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py", std::string("return super().__call__(*args, **kwargs)")});
    st.push_back(StackFrame{1779, "_wrapped_call_impl", "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/module.py", std::string("return self._call_impl(*args, **kwargs)")});
  }
  st.push_back(StackFrame{cs.firstlineno, cs.co_name, cs.filename, std::nullopt});
  ctx->start_stack = st;
  writer_.emit("torch/_dynamo/convert_frame.py:276", "dynamo_start", "{\"stack\": " + writer_.stack_json(st) + "}", tc);
  chromium(*ctx, "compile_attempt_0", 'B');
  chromium(*ctx, "bytecode_tracing", 'B');
  ctx->describer_id = next_describer_++;
  for (auto& ev : ctx->pending_events) ev();
  ctx->pending_events.clear();
  (void)is_resume;
  return ctx;
}

}  // namespace tparse::compiler
