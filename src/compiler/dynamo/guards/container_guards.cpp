// Guards on what a frame reads from Python containers and objects (Dynamo's ConstDictVariable / ListVariable /
// OptimizerVariable rules, torch 2.11): a container item read from a source (CONSTANT_MATCH, a graph input of that
// source), `k in d` (DICT_CONTAINS), a dict's keys (DICT_KEYS_MATCH, in order for iteration / keys() / items()), a
// tensor key by identity, the side effects of a traced call (journal), automatic dynamic for a changed float item or
// int attribute, a 0-d index input's value, an optimizer's state lengths, ID / TYPE matches of objects and modules.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/values/keys.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

// a source as guards name it: `self.cfg['a']` -> `L['self'].cfg['a']`; a global's is already so (`G['cfg']['a']`)
static std::string guard_name(const std::string& src) {
  if (src.rfind("G['", 0) == 0) return src;
  const size_t cut = std::min(src.size(), src.find_first_of(".["));
  return "L['" + src.substr(0, cut) + "']" + src.substr(cut);
}

// a dict Dynamo models as a ConstDictVariable: a plain dict, or collections' defaultdict / OrderedDict / Counter
static bool guardable_dict(const V& v) {
  if (!v || v->k != VK::Dict || v->view_of) return false;
  return !v->cls || v->cls->s == "defaultdict" || v->cls->s == "Counter";
}

static bool plain_container(const V& v) {
  return v && ((v->k == VK::Dict && !v->cls && !v->view_of) || v->k == VK::List || (v->k == VK::Tuple && !v->size_tuple && !v->cls));
}

// the source of a container the frame reads: recorded (an attribute's, a global's, an item's), or a frame local
static std::string container_source(Interp& I, FrameCtx& ctx, const V& obj) {
  if (auto it = ctx.sources.find(obj.get()); it != ctx.sources.end()) return it->second;
  return I.frame_source_of(obj);
}

void push_value_guard(FrameCtx& ctx, ValueGuard g) {
  for (auto& x : ctx.vguards) if (x.src == g.src && x.kind == g.kind) return;
  ctx.vguards.push_back(std::move(g));
}

V Interp::guard_container_read(const V& obj, const V& idx, const V& item) {
  if (!tracing() || !item) return item;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (obj->k == VK::List && ctx.lists_read.insert(obj.get()).second) ctx.held.push_back(obj);
  std::string isrc;
  if (guardable_dict(obj) && (idx->k == VK::Tensor || idx->k == VK::Instance)) {
    // a key hashed by identity (an optimizer-style state keyed by the parameter): the key's ID_MATCH, and the value
    // is reached as `d[list(dict.keys(d))[i]]`
    for (size_t i = 0; i < obj->dict.size() && isrc.empty(); ++i)
      if (obj->dict[i].first.get() == idx.get()) isrc = guard_dict_key_at(obj, i);
    if (isrc.empty()) return item;
    // the dict's variable wraps every tensor key as it is built (hashing needs them): a key tensor not wrapped yet is a
    // graph input now, named by its key source (LARS' second parameter: list_dict_keys_G_state_1_ before its use)
    if (std::string dsrc = container_source(*this, ctx, obj); !dsrc.empty() && dsrc.rfind("___stack", 0) != 0)
      for (size_t i = 0; i < obj->dict.size(); ++i) {
        const V& key = obj->dict[i].first;
        if (key->k != VK::Tensor || ctx.graph.tensor_node.count(key.get())) continue;
        ctx.sources.of(key) = fmt::format("list(dict.keys({}))[{}]", dsrc, i);
        wrap_prunable(key);
      }
  } else {
    if (!(plain_container(obj) || guardable_dict(obj))) return item;
    const bool tuple_key = idx->k == VK::Tuple && !idx->size_tuple && obj->k == VK::Dict &&
                           std::all_of(idx->items.begin(), idx->items.end(), [](const V& x) { return x && (x->k == VK::Str || (x->k == VK::Int && x->sym.empty())); });
    if (!((idx->k == VK::Str) || (idx->k == VK::Int && idx->sym.empty()) || tuple_key)) return item;
    std::string src = container_source(*this, ctx, obj);
    if (src.empty()) return item;
    // (a negative index of a list / tuple is its item's own index: GetItemSource(ctx, 3) for `ctx[-1]` of 4 items)
    long long ii = idx->k == VK::Int ? idx->i : 0;
    if (idx->k == VK::Int && ii < 0 && (obj->k == VK::List || obj->k == VK::Tuple)) ii += static_cast<long long>(obj->items.size());
    isrc = src + "[" + (idx->k == VK::Str ? "'" + idx->s + "'" : tuple_key ? py_repr(idx) : std::to_string(ii)) + "]";
  }
  // a tensor read from the container is a graph input of that source (`G['cfg']['b']` -> G_cfg_b_)
  if (item->k == VK::Tensor) {
    if (!ctx.sources.count(item.get())) ctx.sources.of(item) = isrc;
    return item;
  }
  const bool constant = (item->k == VK::Int || item->k == VK::Float || item->k == VK::Str || item->k == VK::Bool) && item->sym.empty() &&
                        item->sym_node < 0;
  // a float item that changed since an earlier compile of this code (a config dict's value, a keyword argument):
  // automatic dynamic makes it an unspecialized float from then on (torch 2.11: dict_attr_len_keys_values,
  // dict_kwargs_items: `item()` of a 0-d float64 input where it is read)
  if (item->k == VK::Float && constant && std::isfinite(item->f) && ctx.code && ctx.mode == Mode::Record && !(cur_opts_ && cur_opts_->dynamic_false)) {
    CodeState& cs = *ctx.code;
    const std::string full = guard_name(isrc);
    // (the first read of this compile: a frame that changes the item itself reads it again with its own value)
    const bool first = ctx.item_reads.insert(isrc).second;
    auto seen = cs.seen_ints.find(isrc);
    if (first && seen != cs.seen_ints.end() && seen->second->k == VK::Float && seen->second->f != item->f && !cs.dyn_floats.count(isrc)) {
      cs.dyn_floats.insert(isrc);
      automatic_dynamic_event(ctx, full, "\"scalar\"", "scalar change", py_repr(seen->second), py_repr(item));
    }
    if (first) cs.seen_ints[isrc] = item;
    if (cur_opts_ && cur_opts_->dynamic_true) cs.dyn_floats.insert(isrc);  // (dynamic=True: unspecialized from the first compile)
    // (a value of a dict input is lazy: its graph input and item() come where the trace first uses it, an operator or
    // max(), after the ops before it: torchchat's `temperature`; an item of a list or of an object stays eager, and an
    // optimizer's param_groups, which its OptimizerVariable realizes whole: program optimizer_group_float_dynamic)
    if (cs.dyn_floats.count(isrc) && obj->k == VK::Dict && isrc.find(".param_groups[") == std::string::npos) {
      ctx.lazy_item_floats[item.get()] = {full, isrc};
      ctx.held.push_back(item);
      return item;
    }
    if (cs.dyn_floats.count(isrc)) return tensorified_float(full, isrc, item, Location{stack_.back()->cur_line, 0, stack_.back()->file}, true);
  }
  // an int item that changed since an earlier compile (a keyword argument through **kwargs, an item of *args): automatic
  // dynamic makes it a SymInt input from then on (torch 2.11: `L['args'][1]`, `L['kwargs']['n']`; varargs_int_guard)
  // (not an item of a resume's stack value: its int stays a constant, guarded, on a recompile; real torch 2.11:
  // stack_tuple_int_to_break_call's `___stack0[0] == 2`)
  if (item->k == VK::Int && constant && ctx.code && ctx.mode == Mode::Record && !(cur_opts_ && cur_opts_->dynamic_false) &&
      isrc.rfind("___stack", 0) != 0)
    if (V s = dynamic_int_attr(ctx, isrc, item)) return s;
  if (constant || item->k == VK::None) {
    ValueGuard g;
    g.comment = guard_comment(Location{stack_.back()->cur_line, 0, stack_.back()->file});
    g.src = isrc;
    g.value = item;
    g.kind = type_name(item);
    g.code = isrc + " == " + py_repr(item);
    if (defer_item_guard_) {  // (unpacked into a local: guarded at the local's first read, Interp::lookup)
      ctx.held.push_back(item);
      ctx.lazy_item_guards[item.get()] = std::move(g);
      return item;
    }
    push_value_guard(ctx, g);
  } else if ((plain_container(item) || guardable_dict(item) || item->k == VK::Instance) && !ctx.sources.count(item.get())) {
    ctx.sources.of(item) = isrc;
    // a list or tuple item is wrapped with SEQUENCE_LENGTH (builder.py's wrap_listlike): its type, then its length. A
    // list where a tuple was recompiles (xLSTM's hidden states, `[[v[mask] for v in layer] for layer in hid]`)
    if (ctx.mode == Mode::Record && !item->cls && isrc.rfind("___stack", 0) != 0) {
      const Location at{stack_.back()->cur_line, 0, stack_.back()->file};
      if (item->k == VK::List) guard_list_len(isrc, item, at, true);
      else if (item->k == VK::Tuple && !item->size_tuple) {
        ValueGuard g;
        g.src = isrc;
        g.value = item;
        g.kind = "tuple_len";
        g.len = item->items.size();
        g.code = fmt::format("len({}) == {}", isrc, g.len);
        g.comment = guard_comment(at);
        g.stack = guard_user_stack(at);
        push_value_guard(ctx, g);
      }
    }
  }
  return item;
}

void Interp::guard_container_contains(const V& obj, const V& key, bool present, Location loc) {
  // a constant key: str, int, or a tuple of constants (SAM2's `(H, W)` cache key)
  std::function<bool(const V&)> constant_key = [&](const V& k) {
    if (k->k == VK::Str || k->k == VK::Bool || k->k == VK::None || ((k->k == VK::Int || k->k == VK::Float) && k->sym.empty() && k->sym_node < 0)) return true;
    if (k->k != VK::Tuple || k->size_tuple) return false;
    for (auto& x : k->items) if (!x || !constant_key(x)) return false;
    return true;
  };
  if (!tracing() || !guardable_dict(obj) || !key || !constant_key(key)) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string src = container_source(*this, ctx, obj);
  if (src.empty() || src.rfind("___stack", 0) == 0) return;
  ValueGuard g;
  g.src = src;
  g.value = key;
  g.kind = "contains";
  g.len = present ? 1 : 0;
  g.code = fmt::format("{}___dict_contains({}, {})", present ? "" : "not ", py_repr(key), src);
  g.comment = guard_comment(loc);
  for (auto& x : ctx.vguards) if (x.src == src && x.kind == "contains" && x.value && py_repr(x.value) == py_repr(key)) return;
  ctx.vguards.push_back(g);
}

void Interp::guard_list_len(const std::string& src, const V& list, Location loc, bool with_stack) {
  FrameCtx& ctx = *stack_.back()->ctx;
  for (auto& g : ctx.vguards) if (g.src == src && g.kind == "list_len") return;
  ValueGuard g;
  g.src = src;
  g.value = list;
  g.kind = "list_len";
  g.len = list->items.size();
  g.code = list->items.empty() ? "not " + src : fmt::format("len({}) == {}", src, list->items.size());  // SEQUENCE_LENGTH's text
  g.comment = guard_comment(loc);
  if (with_stack) g.stack = guard_user_stack(loc);
  ctx.vguards.push_back(g);
}

void Interp::guard_container_len(const V& obj) {
  if (!tracing() || !(plain_container(obj) || guardable_dict(obj)) || obj->k == VK::List) return;  // (a list's length: list_len, at its first read)
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string src = container_source(*this, ctx, obj);
  if (src.empty() || src.rfind("___stack", 0) == 0) return;
  ValueGuard g;
  g.src = src;
  g.value = obj;
  g.kind = "container_len";
  g.len = obj->k == VK::Dict ? obj->dict.size() : obj->items.size();
  g.code = fmt::format("len({}) == {}", src, g.len);
  push_value_guard(ctx, g);
}

namespace {

// `len(<module's source><suffix>) == len` (kind names what guard_check counts), once per module and kind in the
// frame: null when the module has no local source or its guard is there already (the caller adds the comment)
ValueGuard* push_module_len_guard(FrameCtx& ctx, const V& mod, const char* suffix, const char* kind, size_t len) {
  auto src = ctx.sources.find(mod.get());
  if (src == ctx.sources.end() || src->second.rfind("___stack", 0) == 0) return nullptr;
  for (const auto& g : ctx.vguards) if (g.kind == kind && g.value.get() == mod.get()) return nullptr;
  ValueGuard& g = ctx.vguards.emplace_back();
  g.src = src->second + suffix;
  g.value = mod;
  g.kind = kind;
  g.len = len;
  g.code = fmt::format("len({}) == {}", g.src, g.len);
  return &g;
}

}  // namespace

// iterating an nn container (`for m in self.layers`, Sequential.forward's `for module in self`): Dynamo reads
// `self._modules.values()`, whose dict guard checks its length, so another number of children recompiles (pggan's
// grow_network replaces G.model by a longer Sequential: `len(self._modules['model']._modules) != 2`, real torch 2.11)
void Interp::guard_modules_len(const V& mod, Location loc) {
  if (!tracing() || mod->k != VK::Instance) return;
  if (ValueGuard* g = push_module_len_guard(*stack_.back()->ctx, mod, "._modules", "modules_len", mod->order.size()))
    g->comment = guard_comment(loc);
}

// a module with forward hooks called in a frame: Dynamo inlines _call_impl, whose read of `self._forward_hooks`
// guards the dict's length, so a hook removed (or another added) recompiles (real torch 2.11: ddae's feature hooks,
// `len(self._modules['blocks']._modules['0']._forward_hooks) != 1`)
void Interp::guard_hooks_len(const V& mod, Location loc) {
  if (!tracing() || mod->k != VK::Instance) return;
  auto hooks = mod->attrs.find(kForwardHooks);
  if (hooks == mod->attrs.end() || !hooks->second || hooks->second->items.empty()) return;
  if (ValueGuard* g = push_module_len_guard(*stack_.back()->ctx, mod, "._forward_hooks", "hooks_len", hooks->second->items.size()))
    g->comment = guard_comment(loc);
}

V Interp::dynamic_int_attr(FrameCtx& ctx, const std::string& src, const V& v) {
  CodeState& cs = *ctx.code;
  const size_t cut = std::min(src.size(), src.find_first_of(".["));
  // (builder.py's is_int_specialization_case: an int reached from a global, or through an nn.Module
  // (allow_unspec_int_on_nn_module is off), stays specialized: program global_obj_attr_guard recompiles on 2 -> 3)
  if (src.rfind("G['", 0) == 0) return nullptr;
  for (auto& [n, in] : ctx.inputs)
    if (n == src.substr(0, cut) && in && in->k == VK::Instance && !in->builtin_nn.empty()) return nullptr;
  const std::string full = guard_name(src);
  const bool first = ctx.item_reads.insert(src).second;
  auto seen = cs.seen_ints.find(src);
  if (first && seen != cs.seen_ints.end() && seen->second->k == VK::Int && seen->second->i != v->i && !cs.dyn_ints.count(src)) {
    cs.dyn_ints.insert(src);
    automatic_dynamic_event(ctx, full, "\"scalar\"", "scalar change", std::to_string(seen->second->i), std::to_string(v->i));
  }
  if (first) cs.seen_ints[src] = mk_int(v->i);  // (a copy: the object read may be changed in place later)
  // torch.compile(dynamic=True): assume_static_by_default is off, so wrap_symint makes a local int a SymInt from the
  // first compile (torchchat's compiled prefill: `top_k` of its **sampling_kwargs is `s17`, `min(top_k, 128)` a sym_min)
  if (cur_opts_ && cur_opts_->dynamic_true) cs.dyn_ints.insert(src);
  if (!cs.dyn_ints.count(src)) return nullptr;
  if (auto it = ctx.dyn_attr_ints.find(src); it != ctx.dyn_attr_ints.end()) return it->second;  // one symbol per compile
  int id = sym_source_id(full);
  while (ctx.sym_info.count("s" + std::to_string(id))) ++id;
  V s = mk_int(v->i);
  s->sym = "s" + std::to_string(id);
  ctx.sym_info[s->sym] = {full, v->i};
  ctx.int_inputs[s->sym] = src;
  mark_non_size_symbol(s->sym);
  ctx.sources.of(s) = src;
  ctx.dyn_attr_ints[src] = s;
  ValueGuard g;
  g.src = src;
  g.value = s;
  g.kind = "int_dyn";
  g.code = src + " == " + std::to_string(v->i);
  ctx.vguards.push_back(g);
  return s;
}

void Interp::guard_tensor_item(const V& t, const std::string& src, long long value, Location loc) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  node_of(t);  // the index is a graph input
  for (auto& g : ctx.vguards) if (g.kind == "tensor_item" && g.src == src) return;
  ValueGuard g;
  g.src = src;
  g.kind = "tensor_item";
  g.value = mk_int(value);
  g.code = fmt::format("{}.item() == {}", t->t->np_array ? "___from_numpy(" + src + ")" : src, value);  // (a numpy scalar's tensor)
  g.comment = guard_comment(loc);
  ctx.vguards.push_back(g);
}

// Objects back to their state at journal mark `mark` (newest change first), the entries after it dropped.
void Interp::undo_journal(size_t mark) {
  for (size_t i = journal_.size(); i > mark; --i) {
    JournalEntry& e = journal_[i - 1];
    if (e.env) {  // a variable of a scope: its value back, or unbound again
      if (e.old) {
        e.env->vars[e.name] = e.old;
      } else if (e.env->vars.erase(e.name)) {
        std::erase(e.env->order, e.name);
      }
      continue;
    }
    e.obj->attrs = std::move(e.attrs);
    e.obj->order = std::move(e.order);
    e.obj->dict = std::move(e.dict);
    e.obj->items = std::move(e.items);
  }
  if (journal_.size() > mark) journal_.resize(mark);
}

// The argument `root` (local `name`) with each listed float item replaced by its unspecialized form: the containers
// on the paths are copied (their sources, list-length guards and the frame's input move to the copies).
V Interp::tensorify_nested_floats(const std::string& name, const V& root,
                                  const std::vector<std::pair<std::vector<size_t>, std::string>>& items, Location loc) {
  FrameCtx& ctx = *stack_.back()->ctx;
  std::map<const Obj*, V> copies;
  auto copy_of = [&](const V& c) -> V {
    auto it = copies.find(c.get());
    if (it != copies.end()) return it->second;
    auto d = std::make_shared<Obj>(*c);
    copies[c.get()] = d;
    if (auto s = ctx.sources.find(c.get()); s != ctx.sources.end()) ctx.sources.of(d) = s->second;
    for (auto& g : ctx.vguards) if (g.value.get() == c.get()) g.value = d;
    return d;
  };
  V out = copy_of(root);
  for (const auto& [path, src] : items) {
    V cur = out;
    for (size_t k = 0; k + 1 < path.size(); ++k) {
      if (path[k] >= cur->items.size()) { cur = nullptr; break; }
      V child = copy_of(cur->items[path[k]]);
      cur->items[path[k]] = child;
      cur = child;
    }
    if (!cur || path.empty() || path.back() >= cur->items.size()) continue;
    V& leaf = cur->items[path.back()];
    if (leaf->k == VK::Float && leaf->sym_node < 0) leaf = tensorified_float(guard_name(src), src, leaf, loc, false);
  }
  for (auto& [n, v] : ctx.inputs) if (n == name && v.get() == root.get()) v = out;
  return out;
}

std::string qualify_dict_keys(std::string full) {
  for (size_t at = full.find("dict.keys("); at != std::string::npos; at = full.find("dict.keys(", at + 1)) {
    size_t b = at + 10, e = full.find(')', b);
    if (e == std::string::npos) break;
    std::string name = full.substr(b, e - b);
    if (!name.empty() && std::all_of(name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }))
      full.replace(b, e - b, "L['" + name + "']");
  }
  return full;
}

void Interp::journal(const V& obj) {
  if (journal_depth_ == 0 || !obj) return;
  const size_t from = journal_marks_.empty() ? 0 : journal_marks_.back();
  for (size_t i = from; i < journal_.size(); ++i) if (journal_[i].obj.get() == obj.get()) return;  // (its first state is kept)
  journal_.push_back(JournalEntry{obj, obj->attrs, obj->order, obj->dict, obj->items});
}

void Interp::journal_env(Env* env, const std::string& name) {
  if (journal_depth_ == 0 || !env) return;
  const size_t from = journal_marks_.empty() ? 0 : journal_marks_.back();
  for (size_t i = from; i < journal_.size(); ++i)
    if (journal_[i].env.get() == env && journal_[i].name == name) return;  // (its first state is kept)
  JournalEntry e;
  e.env = env->shared_from_this();
  e.name = name;
  e.old = env->get_local(name);
  journal_.push_back(std::move(e));
}

void Interp::note_container_store(const V& obj) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string src = container_source(*this, ctx, obj);
  if (src.empty() || src.rfind("___stack", 0) == 0) return;
  if (!ctx.capturable_groups.empty()) note_param_group_store(obj);
  for (auto& c : ctx.mutated_containers) if (c.get() == obj.get()) return;
  ctx.mutated_containers.push_back(obj);
}

void Interp::guard_dict_keys(const V& obj, Location loc, bool ordered) {
  if (!tracing() || !guardable_dict(obj)) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string src = container_source(*this, ctx, obj);
  if (src.empty() || src.rfind("___stack", 0) == 0) return;
  for (auto& x : ctx.vguards)
    if (x.src == src && x.kind == "dict_keys") {
      if (ordered && !x.ordered) { x.ordered = true; x.comment = guard_comment(loc); }
      return;
    }
  ValueGuard g;
  g.ordered = ordered;
  g.comment = guard_comment(loc);
  g.src = src;
  g.kind = "dict_keys";
  g.value = obj;
  g.len = obj->dict.size();
  for (auto& kv : obj->dict) g.keys.push_back(kv.first);
  // SEQUENCE_LENGTH's text (guards.py): `not d` for an empty dict
  g.code = g.len == 0 ? "not " + src : fmt::format("len({}) == {}", src, g.len);
  ctx.vguards.push_back(g);
}

std::string Interp::guard_dict_key_at(const V& obj, size_t index) {
  if (!tracing() || !guardable_dict(obj) || index >= obj->dict.size()) return "";
  FrameCtx& ctx = *stack_.back()->ctx;
  // a dict the frame changed is a side effect: nothing more of it is guarded (SideEffects.is_modified)
  for (auto& c : ctx.mutated_containers) if (c.get() == obj.get()) return "";
  std::string src = container_source(*this, ctx, obj);
  if (src.empty() || src.rfind("___stack", 0) == 0) return "";
  std::string ksrc = fmt::format("list(dict.keys({}))[{}]", src, index);
  bool have = false;
  for (auto& x : ctx.vguards) have = have || (x.src == src && x.kind == "dict_key_id" && x.len == index);
  if (!have) {
    ValueGuard g;
    g.src = src;
    g.kind = "dict_key_id";
    g.len = index;
    g.value = obj->dict[index].first;
    g.code = fmt::format("___check_obj_id({}, {})", ksrc, obj_id(g.value.get()));
    ctx.vguards.push_back(g);
  }
  // a tensor key the graph has not read yet is wrapped from the key's source (torch 2.11 names the argument `p`
  // that is the key `list_dict_keys_G_state_0_`: program dict_tensor_key_contains)
  const V& key = obj->dict[index].first;
  if (key->k == VK::Tensor && !ctx.graph.tensor_node.count(key.get())) ctx.sources.of(key) = ksrc;
  return src + "[" + ksrc + "]";
}

void Interp::guard_optimizer_state(const V& opt, bool after_init) {
  if (!tracing()) return;
  std::string src = frame_source_of(opt);
  if (src.empty()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  // after each param group's _init_group the state's lengths are those of every group initialized so far: the guard
  // holds them once all groups ran (an AdamW of two groups compiled its step twice: rtdl's FT-Transformer)
  for (auto& g : ctx.vguards)
    if (g.kind == "optim_state" && g.src == src) {
      if (after_init) g.lens = optimizer_state_lens(opt);
      return;
    }
  ValueGuard g;
  g.src = src;
  g.kind = "optim_state";
  g.value = opt;
  g.lens = optimizer_state_lens(opt);
  g.code = src + ".state";
  ctx.vguards.push_back(g);
}

// An ID_MATCH on `obj` at `src`, once per source (`code`: its printed check).
static void push_id_guard(FrameCtx& ctx, const std::string& src, const V& obj, std::string code, bool optimizer) {
  for (auto& g : ctx.vguards) if (g.kind == "id" && g.src == src) return;
  ValueGuard g;
  g.src = src;
  g.kind = "id";
  g.value = obj;
  g.code = std::move(code);
  g.optimizer = optimizer;
  ctx.vguards.push_back(g);
}

void Interp::guard_object_id(const V& obj) {
  std::string src = frame_source_of(obj);
  if (src.empty()) return;
  push_id_guard(*stack_.back()->ctx, src, obj, fmt::format("___check_obj_id({}, {})", src, obj_id(obj.get())), true);
}

// (copyreg.__newobj__(cls) under the callback, `cls.__new__` of a deep-copied Learner then of its ParameterList: a
// recompile on cls, real torch 2.11 MAML's finetunning; program class_local_guarded_by_id)
void Interp::guard_class_local(const V& cls, Location loc) {
  if (!tracing() || stack_.back()->ctx->mode != Mode::Record) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  auto it = ctx.sources.find(cls.get());
  if (it == ctx.sources.end() || it->second.find_first_of(".[") != std::string::npos || it->second.rfind("G[", 0) == 0) return;
  const std::string& src = it->second;
  for (auto& g : ctx.vguards) if (g.kind == "id" && g.src == src) return;
  std::string type = fmt::format("<class '{}'>", cls->s);
  if (!cls->builtin_nn.empty() && !cls->fn) {  // (torch.nn's: the file that defines it)
    const std::string t = builtin_module_type_guard(cls, src);
    type = t.substr(t.find("type=") + 5);
  } else if (cls->fn) {
    std::string qual = path_of(cls->fn->loc.file);
    qual = qual.substr(qual.rfind('/') == std::string::npos ? 0 : qual.rfind('/') + 1);
    if (qual.size() > 3 && qual.ends_with(".py")) qual.resize(qual.size() - 3);
    type = fmt::format("<class '{}.{}'>", qual, cls->s);
  }
  ValueGuard g;
  g.src = src;
  g.kind = "id";
  g.value = cls;
  g.code = fmt::format("___check_obj_id({}, {}), type={}", src, obj_id(cls.get()), type);
  g.comment = guard_comment(loc);
  g.stack = guard_user_stack(loc);
  ctx.vguards.push_back(g);
}

long long Interp::obj_id(const Obj* o) {
  auto it = obj_ids_.find(o);
  if (it != obj_ids_.end()) return it->second;
  long long id = 140245870000000LL + 0x70LL * static_cast<long long>(obj_ids_.size());
  obj_ids_[o] = id;
  return id;
}

void Interp::guard_module_id(const V& mod, const std::string& src) {
  if (!prof_.modules_id_matched() || !tracing() || src.find_first_of(".[") != std::string::npos) return;
  push_id_guard(*stack_.back()->ctx, src, mod, fmt::format("___check_obj_id(L['{}'], {})", src, obj_id(mod.get())), false);
}

std::string Interp::frame_source_of(const V& obj) {
  FrameCtx& ctx = *stack_.back()->ctx;
  if (auto it = ctx.sources.find(obj.get()); it != ctx.sources.end()) return it->second;  // a global's, an attribute's
  // a frame local, or an item of a local tuple (wrapper's `self, *_ = args`: `args[0]`)
  auto same_items = [](const V& a, const V& b) {  // the *args tuple the call binds: a tuple of the same objects
    return a->items.size() == b->items.size() &&
           std::equal(a->items.begin(), a->items.end(), b->items.begin(), [](const V& x, const V& y) { return x.get() == y.get(); });
  };
  for (auto& [n, v] : ctx.inputs) {
    if (v.get() == obj.get()) return n;
    if (v->k == VK::Tuple && obj->k == VK::Tuple && !obj->size_tuple && !v->items.empty() && same_items(v, obj)) return n;
    if (v->k == VK::Tuple)
      for (size_t i = 0; i < v->items.size(); ++i)
        if (v->items[i].get() == obj.get()) return fmt::format("{}[{}]", n, i);
  }
  return "";
}

}  // namespace tparse::compiler
