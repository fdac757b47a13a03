// Guard evaluation: which cache entry a call hits, and the first failing guard of an entry in
// torch's words (the `recompile_reasons` text: TENSOR_MATCH mismatches, EQUALS_MATCH with its
// comment and user stack, TYPE_MATCH for dynamic ints and tensorified floats).
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>

#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/interop/numpy_traced.hpp"

#include <functional>

namespace tparse::compiler {

/// Resolves a guard source (`x`, `args[0]`, `self._modules['drop'].training`) against frame inputs.
V resolve_source(const std::string& src, const std::vector<std::pair<std::string, V>>& inputs) {
  size_t p = src.find_first_of(".[");
  std::string head = src.substr(0, p);
  V cur;
  for (auto& [n, v] : inputs) if (n == head) cur = v;
  while (cur && p != std::string::npos && p < src.size()) {
    if (src.compare(p, 16, "[list(dict.keys(") == 0) {  // `d[list(dict.keys(d))[i]]`: the value of the i-th key
      size_t at = src.find("))[", p);
      size_t e = at == std::string::npos ? std::string::npos : src.find("]]", at);
      if (e == std::string::npos || cur->k != VK::Dict) return nullptr;
      size_t i = std::stoul(src.substr(at + 3, e - at - 3));
      cur = i < cur->dict.size() ? cur->dict[i].second : nullptr;
      p = e + 2;
      continue;
    }
    if (src[p] == '[') {
      size_t e = src.find(']', p);
      std::string k = src.substr(p + 1, e - p - 1);
      if (!k.empty() && k[0] == '\'') {
        k = k.substr(1, k.size() - 2);
        if (cur->k == VK::Dict) {  // `kwargs['x']`: the dict's entry
          V found;
          for (auto& [dk, dv] : cur->dict) if (dk->k == VK::Str && dk->s == k) found = dv;
          cur = found;
        } else {
          auto it = cur->attrs.find(k);
          cur = it == cur->attrs.end() ? nullptr : it->second;
        }
      } else if (cur->k == VK::Dict) {  // an int or tuple key (`cache[(4, 4)]`): the entry whose repr it is
        if (!k.empty() && k.front() == '(') {  // (a tuple key holds ']'-free items: ints and strs)
          size_t e2 = src.find(")]", p);
          if (e2 == std::string::npos) return nullptr;
          e = e2 + 1;
        }
        k = src.substr(p + 1, e - p - 1);
        V found;
        for (auto& [dk, dv] : cur->dict) if (py_repr(dk) == k) found = dv;
        cur = found;
      } else {
        if (k.empty() || !std::isdigit(static_cast<unsigned char>(k[0]))) return nullptr;
        size_t i = std::stoul(k);
        cur = i < cur->items.size() ? cur->items[i] : nullptr;
      }
      p = e + 1;
    } else {
      size_t e = src.find_first_of(".[", p + 1);
      std::string a = src.substr(p + 1, e == std::string::npos ? std::string::npos : e - p - 1);
      if (a == "grad" && cur->k == VK::Tensor) {  // a gradient, as the run would make it at a read now
        V g = grad_of(cur);
        cur = g ? g : none();
      } else if (a != "_modules" && a != "_parameters" && a != "_buffers") {  // a module keeps all three by name
        auto it = cur->attrs.find(a);
        cur = it == cur->attrs.end() ? nullptr : it->second;
      }
      p = e;
    }
  }
  return cur;
}

static std::string pad60(const std::string& s) { return s.size() >= 60 ? s : s + std::string(60 - s.size(), ' '); }

/// `x` -> `L['x']`, `self.lin` -> `L['self'].lin` (the guard's source as Dynamo prints it).
static std::string local_src(const std::string& src) {
  size_t p = src.find_first_of(".[");
  return "L['" + src.substr(0, p) + "']" + (p == std::string::npos ? "" : src.substr(p));
}

/// The local or global a guard source starts from (`x`, `self`, `G['scale']`): its root-manager child.
static std::string root_of(const std::string& src) {
  if (src.rfind("dict(type(", 0) == 0) return root_of(src.substr(10));  // a class attribute read through the object
  if (src.rfind("G['", 0) == 0) return src.substr(0, src.find("']") + 2);
  return src.substr(0, std::min(src.size(), src.find_first_of(".[")));
}

/// The first failing guard of `e` among those on `root` (empty: all, in kind order).
std::string dispatch_keys(const TensorInfo& t, bool tls_inference) {
  if (t.inference) return "DispatchKeySet(CPU, BackendSelect)";
  return tls_inference ? "DispatchKeySet(CPU, BackendSelect, ADInplaceOrView)" : "DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU)";
}

long long& backward_runs_now() {
  thread_local long long n = 0;
  return n;
}

V grad_of(const V& t) {
  if (!t || t->k != VK::Tensor) return nullptr;
  auto it = t->attrs.find("grad");
  auto ep = t->attrs.find("__tparse_grad_epoch__");
  const long long epoch = ep != t->attrs.end() && ep->second->k == VK::Int ? ep->second->i : -1;
  if (it != t->attrs.end() && (it->second->k != VK::None || epoch >= backward_runs_now())) return it->second->k == VK::None ? nullptr : it->second;
  if (backward_runs_now() == 0 || !t->t->requires_grad) return nullptr;
  // (a backward since the gradient was last reset reached it: autograd leaves an unused parameter's .grad None)
  auto re = t->attrs.find("__tparse_reached__");
  const long long reached = std::max(re != t->attrs.end() && re->second->k == VK::Int ? re->second->i : 0LL, backward_all_epoch());
  if (reached == 0 || reached <= epoch) return nullptr;
  return t;  // (made at its next read: a tensor of the parameter's metadata)
}

std::vector<long long> optimizer_state_lens(const V& opt) {
  std::vector<long long> out;
  auto st = opt->attrs.find("state");
  if (st == opt->attrs.end()) return out;
  V d = st->second;
  if (d->k == VK::Instance) {  // collections.defaultdict of ours: the dict it keeps
    auto in = d->attrs.find("_d");
    if (in == d->attrs.end()) return out;
    d = in->second;
  }
  if (d->k != VK::Dict) return out;
  for (const auto& kv : d->dict) out.push_back(kv.second->k == VK::Dict ? static_cast<long long>(kv.second->dict.size()) : -1);
  return out;
}

// `G['name']...`: the global, then the path below it (an attribute of a global object) as a local's; null otherwise
static V resolve_global(const std::string& src, const std::shared_ptr<Env>& globals) {
  if (src.rfind("G['", 0) != 0 || !globals) return nullptr;
  size_t end = src.find("']");
  if (end == std::string::npos) return nullptr;
  V r = globals->get_local(src.substr(3, end - 3));
  if (r && end + 2 < src.size()) r = resolve_source("__tparse_g" + src.substr(end + 2), {{"__tparse_g", r}});
  return r;
}

/// A view input's base is a root allocation, contiguous: its strides are products of its later sizes, symbols where
/// they are dynamic. produce_guards checks each stride that is such an expression before the symbols' ranges
/// (`queries._base.stride()[0] == 16*queries._base.size()[1]`: real torch 2.11, ns-Informer's cross-attention, whose
/// queries view a 2-D base), and a tensor that is no view fails the first guard it reaches on `_base`.
static std::string base_stride_guard(const TensorGuard& g, const V& v, const std::string& n) {
  const std::set<int> dims(g.base_dims.begin(), g.base_dims.end());
  const size_t rank = g.base_sizes.size();
  bool any = false;
  for (size_t i = 0; i < rank; ++i)
    for (size_t j = i + 1; j < rank; ++j) any = any || dims.count(static_cast<int>(j));
  if (!v->view_base) return any ? "'NoneType' object has no attribute 'stride'" : "'NoneType' object has no attribute 'size'";
  const std::vector<long long>& now = *v->view_base;
  for (size_t i = 0; i < rank; ++i) {
    long long coef = 1;
    std::vector<size_t> syms;
    for (size_t j = i + 1; j < rank; ++j) {
      if (dims.count(static_cast<int>(j))) syms.push_back(j);
      else coef *= g.base_sizes[j];
    }
    if (syms.empty()) continue;  // (a constant stride: left to the tensor's own guards, ignore_static)
    if (i >= now.size() || syms.back() >= now.size()) return "tuple index out of range";
    long long actual = 1, want = coef;
    for (size_t j = i + 1; j < now.size(); ++j) actual *= now[j];
    for (size_t j : syms) want *= now[j];
    if (actual == want) continue;
    std::string expr = coef != 1 ? std::to_string(coef) : "";
    for (size_t j : syms) expr += (expr.empty() ? "" : "*") + fmt::format("{}._base.size()[{}]", n, j);
    return fmt::format("{0}._base.stride()[{1}] == {2}  # (unknown source {0}._base.stride()[{1}], please file a bug)", n, i, expr);
  }
  return "";
}

/// A guard's text as a reason shows it: guards.py pads the text written with `L['x']` to 60, then strip_local_scope
/// drops `L['` and `']` (five characters); a global's (and torch < 2.4's) keeps its 60
static std::string pad_written(const std::string& src, const std::string& t, bool old) {
  const size_t w = src.rfind("G['", 0) == 0 || old ? 60 : 55;
  return t.size() >= w ? t : t + std::string(w - t.size(), ' ');
}

/// A tuple argument's own node: TYPE_MATCH, then LENGTH_CHECK (a torch.Size local has no TYPE_MATCH in torch's guard
/// tree, only its LENGTH_CHECK and its items' guards); "" when they hold
static std::string tuple_node_guard(const ValueGuard& g, const V& v, const std::string& comment, bool old) {
  auto pad = [&](const std::string& t) { return pad_written(g.src, t, old); };
  if (g.value && g.value->size_tuple)
    return v->k != VK::Tuple || v->items.size() != g.len ? pad(g.code) + "  " + comment : "";
  if (v->k != VK::Tuple || v->size_tuple)
    return pad(fmt::format("___check_type_id({}, 10759232), type=<class 'tuple'>", g.src)) + "  " + comment + (comment.empty() ? "" : " (HINT: type tuple)") + g.stack;
  return v->items.size() != g.len ? pad(g.code) + "  " + comment : "";
}

static std::string check_root(const CacheEntry& e, const std::string& root, const std::vector<std::pair<std::string, V>>& inputs,
                              const std::shared_ptr<Env>& globals, bool old, bool tls_inference) {
  // ID_MATCH guards (2.3 profile: nn.Module `self`); sorted before L['x'] by source name in 2.3
  for (auto& g : e.values) {
    if (g.kind != "id" || (!root.empty() && root_of(g.src) != root)) continue;
    V v = resolve_source(g.src, inputs);
    // (a torch.nn class is one object: a handle per use here)
    const bool same_nn_class = v && v->k == VK::Class && g.value->k == VK::Class && !v->fn && !g.value->fn &&
                               !v->builtin_nn.empty() && v->builtin_nn == g.value->builtin_nn;
    if (v && v.get() != g.value.get() && !same_nn_class) return g.comment.empty() ? g.code : g.code + "  " + g.comment + g.stack;
  }
  for (auto& g : e.module_types) {  // TYPE_MATCH on a submodule: the class, not the instance (a
    // module's node of the guard tree checks its own type before its parameters' tensors)
    if (!root.empty() && root_of(g.src) != root) continue;
    V v = resolve_source(g.src, inputs);
    if (g.kind == "module_attr") {  // a constant a built-in module's forward read (EQUALS_MATCH under the module's node)
      if (!v || py_repr(v) == py_repr(g.value)) continue;
      const size_t r = std::min(g.src.size(), g.src.find_first_of(".["));
      const std::string text = old ? pad60(local_src(g.src) + g.code.substr(g.src.size()))
                                   : g.src.substr(0, r) + pad60("L['" + g.src.substr(0, r) + "']" + g.code.substr(r)).substr(r + 5);
      return text + "  " + g.comment + g.stack;
    }
    if (v && (v->k != VK::Instance || v->cls.get() != g.value->cls.get() || (!g.value->cls && v->builtin_nn != g.value->builtin_nn))) {
      // (a built-in module's text names the class it has now: a lazy one became its cls_to_become after the guard)
      std::string code = g.value->cls ? g.code : builtin_module_type_guard(g.value, g.src);
      std::string comment = g.comment;
      if (!g.value->cls) comment = comment.substr(0, comment.rfind(" (HINT: type ")) + " (HINT: type " + g.value->builtin_nn + ")";
      return code + "  " + comment + g.stack;
    }
  }
  // a tuple's node before the nodes after it in Guard.sort_key's order (name length, then name): `len(args) == 1` before
  // `args[0]`'s TENSOR_MATCH, `args[0]`'s TYPE_MATCH before `args[1]`'s (a `*args` frame called with another arity or
  // kind of argument, real torch 2.11: XMem's forward(self, mode, *args))
  std::vector<const ValueGuard*> tuples;
  if (!root.empty() && !old)
    for (auto& g : e.values)
      if (g.kind == "tuple_len" && root_of(g.src) == root) tuples.push_back(&g);
  auto sort_key = [](const std::string& a, const std::string& b) { return a.size() != b.size() ? a.size() < b.size() : a < b; };
  std::stable_sort(tuples.begin(), tuples.end(), [&](const ValueGuard* a, const ValueGuard* b) { return sort_key(a->src, b->src); });
  size_t next_tuple = 0;
  auto tuples_before = [&](const std::string& src) -> std::string {
    for (; next_tuple < tuples.size() && (src.empty() || sort_key(tuples[next_tuple]->src, src)); ++next_tuple)
      if (V v = resolve_source(tuples[next_tuple]->src, inputs))
        if (std::string r = tuple_node_guard(*tuples[next_tuple], v, tuples[next_tuple]->comment, old); !r.empty()) return r;
    return "";
  };
  for (auto& g : e.tensors) {
    if (!root.empty() && root_of(g.src) != root) continue;
    if (std::string r = tuples_before(g.src); !r.empty()) return r;
    V v = resolve_global(g.src, globals);
    if (!v) v = resolve_source(g.src, inputs);
    if (!v) {
      // a module's parameter that is gone (remove_spectral_norm, a deleted attribute): the module's registry no longer
      // matches its guards (Dynamo fails the dict's length / keys guard first). (A buffer's source can stop resolving
      // here while torch keeps it registered: a tensor stored under its name stays a buffer; not checked.)
      for (const char* reg : {"._parameters['"}) {
        size_t at = g.src.rfind(reg);
        if (at == std::string::npos) continue;
        V owner = resolve_source(g.src.substr(0, at), inputs);
        if (owner && owner->k == VK::Instance) {
          std::string n = old ? local_src(g.src) : g.src;
          return fmt::format("{} no longer exists", n);
        }
      }
      continue;
    }
    if (auto same = g.tagged.lock(); same && same.get() == v.get()) continue;  // (its module dict's tag is unchanged)
    std::string n = old ? local_src(g.src) : g.src;
    // (an ndarray / numpy scalar input is checked as the tensor VariableBuilder made of it: `___from_numpy(...)`)
    // (its mismatch names that source: `tensor '___from_numpy(___stack1)' size mismatch`, ts2vec's binomial mask)
    if (V t = np_traced::from_ndarray(v)) {
      v = t;
      n = "___from_numpy(" + n + ")";
    } else if (np_traced::is_np(v) || g.t.np_array) {  // (one standing in for an ndarray of unknown data, or whatever
      n = "___from_numpy(" + n + ")";                     // came where an ndarray / numpy scalar was: the same source)
    }
    if (is_np_scalar(v)) continue;
    if (v->k != VK::Tensor) return fmt::format("expected type of '{}' to be a tensor type, ' but found <class '{}'>", n, type_name(v));
    const TensorInfo& t = *v->t;
    if (std::string want = dispatch_keys(g.t, e.inference_tls), got = dispatch_keys(t, tls_inference); want != got)
      return fmt::format("tensor '{}' dispatch key set mismatch. expected {}, actual {}", n, want, got);
    if (t.dtype != g.t.dtype) return fmt::format("tensor '{}' dtype mismatch. expected {}, actual {}", n, dtype_c10(g.t.dtype), dtype_c10(t.dtype));
    if (t.requires_grad != g.t.requires_grad) return fmt::format("tensor '{}' requires_grad mismatch. expected requires_grad={}", n, g.t.requires_grad ? 1 : 0);
    if (t.shape.size() != g.t.shape.size()) return fmt::format("tensor '{}' rank mismatch. expected {}, actual {}", n, g.t.shape.size(), t.shape.size());
    for (size_t i = 0; i < t.shape.size(); ++i) {
      if (g.t.shape[i].is_sym()) {
        if (t.shape[i].v < 2) return fmt::format("2 <= {}.size()[{}]", n, i);
        continue;
      }
      if (t.shape[i].v != g.t.shape[i].v)
        return fmt::format("tensor '{}' size mismatch at index {}. expected {}, actual {}", n, i, g.t.shape[i].v, t.shape[i].v);
    }
    // the storage offset made a symbol (a view's, 2 or more): the shape env's guard on it (torch/values/storage_offset.cpp)
    if (!g.offset_sym.empty() && v->storage_offset < 2) return fmt::format("2 <= {}.storage_offset()", n);
    // TENSOR_MATCH checks the strides (a view's, e.g. h[:, -1]); an entry with symbolic sizes checks those of its
    // strides that stayed numbers (a permuted input's 1 at index 1: PointNet++'s xyz, dynamic_stride_guard)
    if (g.t.stride.size() == g.t.shape.size() && t.stride.size() == t.shape.size())
      for (size_t i = 0; i < t.stride.size(); ++i)
        if (!g.t.stride[i].is_sym() && t.stride[i].v != g.t.stride[i].v)  // a call's tensor is concrete: its hint
          return fmt::format("tensor '{}' stride mismatch at index {}. expected {}, actual {}", n, i, g.t.stride[i].v, t.stride[i].v);
    // its base's dims that are symbols: the shape env's `2 <= L['x']._base.size()[0]`, after TENSOR_MATCH's strides
    // (real torch 2.11: IGR's `pts[:, :3]` of another base width fails on the stride first), raises on a tensor that is
    // no view (c_ddsp: the exception's text is the reason) and fails on a base of size 0 / 1 there
    if (!g.base_dims.empty()) {
      if (std::string r = base_stride_guard(g, v, n); !r.empty()) return r;
      for (int d : g.base_dims) {
        if (d >= static_cast<int>(v->view_base->size())) return "tuple index out of range";
        if ((*v->view_base)[d] < 2) return fmt::format("2 <= {}._base.size()[{}]", n, d);
      }
    }
  }
  for (auto& g : e.values) {
    if (g.kind == "id" || (!root.empty() && root_of(g.src) != root)) continue;
    std::function<V(const std::string&)> resolve = [&](const std::string& src) -> V {
      // `dict(type(SRC).__dict__)['name']`: the class attribute of SRC's class (Dynamo's TypeDictGuardAccessor)
      if (src.rfind("dict(type(", 0) == 0) {
        size_t close = src.rfind(").__dict__)['");
        if (close == std::string::npos || src.size() < close + 15) return nullptr;
        V o = resolve(src.substr(10, close - 10));
        return o && o->cls ? find_in_class(o->cls, src.substr(close + 13, src.size() - close - 15)) : nullptr;
      }
      // an attribute path below the global (`G['cfg'].scale`): walked from it as a local's would be
      if (src.rfind("G['", 0) == 0) return resolve_global(src, globals);
      return resolve_source(src, inputs);
    };
    if (g.kind == "hooks_len" || g.kind == "modules_len") {  // `len(<module>._forward_hooks)` / `len(<module>._modules)`
      const bool hooks = g.kind == "hooks_len";
      V m = resolve(g.src.substr(0, g.src.size() - std::strlen(hooks ? "._forward_hooks" : "._modules")));
      if (!m) continue;
      size_t n = SIZE_MAX;  // (no longer a module: fails)
      if (m->k == VK::Instance && !hooks) n = m->order.size();
      if (m->k == VK::Instance && hooks) {
        auto list = m->attrs.find(kForwardHooks);
        n = list != m->attrs.end() && list->second ? list->second->items.size() : 0;
      }
      if (n == g.len) continue;
      return fmt::format("len({}) != {}", g.src, g.len);
    }
    V v = resolve(g.src);
    if (!v) continue;
    std::string comment = g.comment;
    if (g.kind == "hasattr" || g.kind == "nothasattr") {  // the attribute's presence, as hasattr answered then
      const std::string& n = g.value->s;
      bool has = v->attrs.count(n) || (v->cls && find_in_class(v->cls, n));
      if (has == (g.kind == "hasattr")) continue;
      // guards.py pads the text with L['self'], then strip_local_scope shortens it to `self`
      size_t root = std::min(g.src.size(), g.src.find_first_of(".["));
      std::string r = g.src.substr(0, root), with_l = g.code;
      size_t at = with_l.find("(" + r);
      if (at != std::string::npos && !old) with_l.replace(at + 1, r.size(), "L['" + r + "']");
      std::string text = pad60(with_l);
      if (at != std::string::npos && !old) text.replace(at + 1, r.size() + 5, r);
      return text + "  " + comment + g.stack;
    }
    if (g.kind == "contains") {  // DICT_CONTAINS: the key's presence, as the frame saw it
      bool now = v->k == VK::Dict && dict_find(*v, g.value) != nullptr;
      if (now == (g.len == 1)) continue;
      return pad_written(g.src, g.code, old) + "  " + comment;
    }
    if (g.kind == "dict_keys") {
      // DICT_KEYS_MATCH. Keys seen in order (keys() / items() / iteration): a DictGuardManager checks the length
      // (`len(d) != 2`, no comment) and each key by position (`list(dict.keys(d))[0] == 'a'`); otherwise
      // SEQUENCE_LENGTH's text (`len(d) == 2` / `not d`, with its comment), then each key's presence
      auto same_key = [](const V& a, const V& b) {
        return a.get() == b.get() || (a->k == b->k && (a->k == VK::Str || a->k == VK::Int || a->k == VK::Bool) && py_repr(a) == py_repr(b));
      };
      const std::string& n = g.src;
      auto pad = [&](const std::string& t) { return pad_written(g.src, t, old); };
      if (v->k != VK::Dict || v->dict.size() != g.len)
        return g.ordered ? fmt::format("len({}) != {}", n, g.len) : pad(g.code) + "  " + comment;
      for (size_t i = 0; i < g.keys.size(); ++i) {
        if (g.ordered) {
          if (!same_key(v->dict[i].first, g.keys[i]))
            return pad(fmt::format("list(dict.keys({}))[{}] == {}", n, i, py_repr(g.keys[i]))) + "  " + comment;
          continue;
        }
        bool found = false;
        for (auto& kv : v->dict) found = found || same_key(kv.first, g.keys[i]);
        if (!found) return pad(fmt::format("___dict_contains({}, {})", py_repr(g.keys[i]), n)) + "  " + comment;
      }
      continue;
    }
    if (g.kind == "alias") {  // (torch >= 2.4: after every root, duplicate_input_guard; torch 2.3 in its place here)
      if (!old) continue;
      V first = resolve_source(g.src2, inputs);
      if (first && first.get() == v.get()) continue;
      return pad60("L['" + g.src2 + "'] is L['" + g.src + "']") + "  " + comment;
    }
    if (g.kind == "tensor_item") {  // a 0-d index input's value (its element values, where the run knows them)
      if (v->k == VK::Int && v->np_int && v->i == g.value->i) continue;  // (a numpy integer's, as its 0-d tensor)
      if (v->k == VK::Tensor && v->vals && v->vals->v.size() == 1 && static_cast<long long>(v->vals->v[0]) == g.value->i) continue;
      if (v->k == VK::Tensor && !v->vals) continue;  // (a value the run does not know: taken as the same)
      return fmt::format("{}  {} (_dynamo/utils.py:3895 in run_node)", g.code, comment);  // (the shape env's: the fake item() specialized)
    }
    if (g.kind == "dict_key_id") {
      if (v->k == VK::Dict && g.len < v->dict.size() && v->dict[g.len].first.get() == g.value.get()) continue;
      return g.code;
    }
    if (g.kind == "container_len") {
      size_t n = v->k == VK::Dict ? v->dict.size() : v->items.size();
      if ((v->k == VK::Dict || v->k == VK::Tuple || v->k == VK::List) && n == g.len) continue;
      return g.code;
    }
    if (g.kind == "optim_state") {  // DICT_LENGTH guards on the state: the first dict whose length changed
      std::vector<long long> now = optimizer_state_lens(v);
      if (now == g.lens) continue;
      // (an empty state's DICT_LENGTH reads `not args[0].state`, as an empty dict's guard text does: Apollo's first step)
      if (now.size() != g.lens.size())
        return g.lens.empty() ? fmt::format("not {}.state", g.src) : fmt::format("len({}.state) == {}", g.src, g.lens.size());
      for (size_t i = 0; i < now.size(); ++i)
        if (now[i] != g.lens[i]) return fmt::format("len({}.state[list(dict.keys({}.state))[{}]]) != {}", g.src, g.src, i, g.lens[i]);
      continue;
    }
    if (g.kind == "float_dyn") {
      if (v->k != VK::Float) return pad60(g.code) + "  " + comment;
      // (specialized by an op's float parameter: the shape env's guard on the value, whose source it cannot name)
      if (g.pinned && g.value && v->f != g.value->f) {
        if (!g.pin_text.empty()) return g.pin_text;
        const std::string item = fmt::format("___as_tensor({}).item()", g.src);
        return fmt::format("{} == {}  # (unknown source {}, please file a bug)", item, py_repr(g.value), item);
      }
      if (!g.round_fn.empty()) {
        if (ValueGuard::rounded(g.round_fn, v->f) != g.round_value) return g.round_text;
      }
      continue;
    }
    if (g.kind == "int_dyn") {
      if (v->k != VK::Int) return fmt::format("___check_type_id({}, 10731296), type=<class 'int'>  {} (HINT: type int)", g.src, comment);
      continue;
    }
    if (g.kind == "tuple_len") {
      if (std::string r = tuple_node_guard(g, v, comment, old); !r.empty()) return r;
      continue;
    }
    // (TYPE_MATCH comes first in SEQUENCE_LENGTH: a tuple where a list was fails on the type)
    if (g.kind == "list_len" && v->k != VK::List)
      return fmt::format("___check_type_id({}, 10729632), type=<class 'list'>  {} (HINT: type list)", g.src, comment);
    // a list's length as it was when the guard was made: the same list grown in place since fails it (RWKV's ctx)
    // (a number an enclosing frame traced symbolically, handed on to a resume function, is its value at run time)
    if (v->k == VK::Int && !v->sym.empty()) v = mk_int(v->i);
    else if (v->k == VK::Float && (!v->sym.empty() || v->sym_node >= 0)) v = mk_float(v->f);
    bool same = g.kind == "list_len" ? v->k == VK::List && v->items.size() == g.len
                                     : v->k == g.value->k && py_repr(v) == py_repr(g.value);
    if (!same) {
      // guards.py pads the `L['n'] == 2` form; strip_local_scope then shortens it to `n == 2`
      bool local = g.src.rfind("G['", 0) != 0 && !old;
      size_t root = std::min(g.src.size(), g.src.find_first_of(".["));
      std::string text = pad60(g.code);
      if (local && g.code.rfind("len(", 0) == 0)  // LENGTH_CHECK of an attribute's list: `len(L['self'].data) == 8` padded
        text = "len(" + g.src.substr(0, root) + pad60("len(L['" + g.src.substr(0, root) + "']" + g.code.substr(4 + root)).substr(root + 9);
      else if (local && g.code.rfind("not ", 0) == 0)  // an empty list's LENGTH_CHECK: `not L['self'].cache.items` padded
        text = "not " + g.src.substr(0, root) + pad60("not L['" + g.src.substr(0, root) + "']" + g.code.substr(4 + root)).substr(root + 9);
      else if (local) text = g.src.substr(0, root) + pad60("L['" + g.src.substr(0, root) + "']" + g.code.substr(root)).substr(root + 5);
      return text + "  " + comment + g.stack;
    }
  }
  return "";
}

/// DUPLICATE_INPUT (`queries is keys`): Guard.sort_key puts the duplicate-input guards at the end, after every root's
/// (a tensor passed as two arguments whose wrapped name then changes size fails its TENSOR_MATCH first: simple-nmt's
/// decoder block given `(h, ..., prev=h)`, then a longer prev, real torch 2.11). guards.py pads `L['a'] is L['b']` to
/// 60 and strip_local_scope drops 10.
static std::string duplicate_input_guard(const CacheEntry& e, const std::vector<std::pair<std::string, V>>& inputs) {
  for (auto& g : e.values) {
    if (g.kind != "alias") continue;
    V v = resolve_source(g.src, inputs), first = resolve_source(g.src2, inputs);
    if (!v || (first && first.get() == v.get())) continue;
    std::string text = g.code;
    if (text.size() < 50) text.resize(50, ' ');
    return text + "  " + g.comment;
  }
  return "";
}

/// The shape env's guards after the tree's: sizes that share one symbol (duck sizing under dynamic=True)
/// must stay equal, `x.size()[3] == x.size()[2]  # duck sizing added this equality ...` (produce_guards: each
/// further source equals the first; real torch 2.11: program duck_sizing).
static std::string shared_symbol_guard(const CacheEntry& e, const std::vector<std::pair<std::string, V>>& inputs) {
  std::map<std::string, std::pair<std::string, long long>> first;  // symbol -> (source, value)
  std::map<std::string, long long> then;                             // symbol -> its value when compiled
  for (auto& g : e.tensors) {
    V v = resolve_source(g.src, inputs);
    if (!v || v->k != VK::Tensor || v->t->shape.size() != g.t.shape.size()) continue;
    // (produce_guards per input: its sizes, then its strides, then its storage offset; a stride or offset that is a
    // symbol shares it by value as a duck size does: XMem's `args[0].storage_offset() == args[3].stride()[0]`)
    std::vector<std::tuple<std::string, std::string, long long, long long>> props;  // (symbol, source, value now, then)
    for (size_t i = 0; i < g.t.shape.size(); ++i)
      if (g.t.shape[i].is_sym()) props.emplace_back(g.t.shape[i].sym, fmt::format("{}.size()[{}]", g.src, i), v->t->shape[i].v, g.t.shape[i].v);
    if (g.t.stride.size() == g.t.shape.size() && v->t->stride.size() == g.t.shape.size())
      for (size_t i = 0; i < g.t.stride.size(); ++i)
        if (g.t.stride[i].is_sym() && sym_bare_symbol(g.t.stride[i].sym))
          props.emplace_back(g.t.stride[i].sym, fmt::format("{}.stride()[{}]", g.src, i), v->t->stride[i].v, g.t.stride[i].v);
    if (!g.offset_sym.empty()) props.emplace_back(g.offset_sym, g.src + ".storage_offset()", v->storage_offset, -1);
    for (const auto& [sym, src, now, then_own] : props) {
      auto [it, fresh] = first.insert({sym, {src, now}});
      auto [th, th_fresh] = then.insert({sym, then_own});
      if (th_fresh || th->second < 0) th->second = then_own;
      if (!fresh && it->second.second != now && e.replaced.count(sym))
        return fmt::format("{} == {}  # (unknown var {}, please file a bug)", src, it->second.first, sym);
      if (!fresh && it->second.second != now)
        return fmt::format("{} == {}  # duck sizing added this equality because these variables had the same size {} (to avoid "
                           "this specialization, set torch.fx.experimental._config.use_duck_shape = False)", src, it->second.first, th->second);
    }
  }
  // a size that is an expression of other inputs' symbols (a replacement `s82` -> `s88 + 1`: the mask's length is the
  // cache's plus one) must keep that value: `L['mask'].size()[3] == 1 + L['k0'].size()[2]`
  std::map<std::string, long long> values;
  std::map<std::string, std::string> sources;
  for (auto& [sym, at] : first)
    if (sym_bare_symbol(sym)) {
      values[sym] = at.second;
      sources[sym] = at.first;
    }
  // a size that is an expression of other inputs' symbols (above), and a contiguous input's strides made of its size
  // symbols (create_symbolic_sizes_strides_storage_offset): produce_guards checks each expression, input by input, its
  // sizes then its strides; `x.stride()[0] == 3*x.size()[1]` fails for a slice of the same sizes (real torch 2.11:
  // scaleformer's moving_avg given x_enc, then x_dec[:, :label_len, :])
  for (auto& g : e.tensors) {
    V v = resolve_source(g.src, inputs);
    if (!v || v->k != VK::Tensor || v->t->shape.size() != g.t.shape.size()) continue;
    auto expression_guard = [&](const std::vector<Dim>& want, const std::vector<Dim>& now, const char* what) -> std::string {
      if (want.size() != g.t.shape.size() || now.size() != want.size()) return "";
      for (size_t i = 0; i < want.size(); ++i) {
        const std::string& x = want[i].sym;
        if (x.empty() || sym_bare_symbol(x)) continue;
        auto tree = parse_sym(x);
        auto value = tree ? sym_eval(*tree, values) : std::nullopt;
        if (!value || *value == now[i].v) continue;
        std::string text = fmt::format("{}.{}()[{}] == {}", g.src, what, i, sym_python(*tree, sources));
        if (std::string_view(what) == "stride") text += fmt::format("  # (unknown source {}.stride()[{}], please file a bug)", g.src, i);
        return text;
      }
      return "";
    };
    if (std::string r = expression_guard(g.t.shape, v->t->shape, "size"); !r.empty()) return r;
    if (std::string r = expression_guard(g.t.stride, v->t->stride, "stride"); !r.empty()) return r;
  }
  return "";
}

/// NO_TENSOR_ALIASING: the tensor inputs the entry guarded with TENSOR_MATCH were distinct objects when it compiled
/// (one source per object); two of them that are one tensor now fail it (`model(x, x)` after `model(x, y)`; a buffer
/// assigned another, `self.pe = self.spare`). Parameters and tensors reached through a built-in nn module (Linear's
/// weight, BatchNorm's running stats, anything under an nn.Sequential) are left out of the check, as
/// skip_no_tensor_aliasing_guards_on_parameters and is_from_unspecialized_builtin_nn_module_source leave them. The
/// names in guard order (Guard.sort_key: source kind, name length, name), each aliased set a list of double-quoted
/// names (torch 2.11: `["a", "b"]`, `["extra", "self._buffers['b']"]`).
static std::string aliasing_guard(const CacheEntry& e, const std::vector<std::pair<std::string, V>>& inputs) {
  auto through_builtin = [&](const std::string& src) {
    for (size_t i = 0; i < src.size(); ++i) {
      if (src[i] != '.' && src[i] != '[') continue;
      V owner = resolve_source(src.substr(0, i), inputs);
      if (owner && owner->k == VK::Instance && !owner->cls && !owner->builtin_nn.empty()) return true;
    }
    return false;
  };
  std::vector<const TensorGuard*> names;
  for (const auto& g : e.tensors)
    if (!g.t.is_param && !g.t.np_array && g.src.rfind("G[", 0) != 0 && !through_builtin(g.src)) names.push_back(&g);
  if (names.size() < 2) return "";
  auto full = [](const std::string& src) {
    size_t cut = std::min(src.size(), src.find_first_of(".["));
    return "L['" + src.substr(0, cut) + "']" + src.substr(cut);
  };
  std::stable_sort(names.begin(), names.end(), [&](const TensorGuard* a, const TensorGuard* b) {
    const std::string fa = full(a->src), fb = full(b->src);
    return fa.size() != fb.size() ? fa.size() < fb.size() : fa < fb;
  });
  std::vector<std::pair<const Obj*, std::vector<std::string>>> by_id;
  for (const TensorGuard* g : names) {
    V v = resolve_source(g->src, inputs);
    if (!v || v->k != VK::Tensor) continue;
    auto it = std::find_if(by_id.begin(), by_id.end(), [&](const auto& x) { return x.first == v.get(); });
    if (it == by_id.end()) by_id.push_back({v.get(), {g->src}});
    else it->second.push_back(g->src);
  }
  std::string reason;
  for (const auto& [id, srcs] : by_id) {
    if (srcs.size() < 2) continue;
    std::string list = "[";
    for (size_t i = 0; i < srcs.size(); ++i) list += (i ? ", " : "") + ("\"" + srcs[i] + "\"");
    reason += (reason.empty() ? "" : ", ") + list + "]";
  }
  return reason.empty() ? "" : "Duplicate tensors found: " + reason;
}

/// First failing guard of `e` for these inputs, in PyTorch's words; "" when all pass. `old`: torch
/// < 2.4 reasons keep the local scope (`tensor 'L['x']' ...`, `___check_obj_id(L['self'], ...)`).
/// The guards are checked root by root (a root's guards in the order below), roots in the entry's
/// current order: first-installed first, then stably re-sorted by failure count after each failure.
std::string fail_reason(const CacheEntry& e, const std::vector<std::pair<std::string, V>>& inputs,
                               const std::shared_ptr<Env>& globals, bool old, bool tls_inference) {
  // torch < 2.4: Python guard code, one expression list in source-name order, no failure counts
  if (old) return check_root(e, "", inputs, globals, old, tls_inference);
  bool unsorted = true;  // no failure yet: the roots in their first-installed order
  for (auto& x : e.root_fails) unsorted = unsorted && x.second == 0;
  if (unsorted) {
    auto add = [&](const std::string& src) {
      std::string r = root_of(src);
      for (auto& x : e.root_fails) if (x.first == r) return;
      e.root_fails.push_back({r, 0});
    };
    for (auto& g : e.values) if (g.kind == "id") add(g.src);
    for (auto& g : e.tensors) add(g.src);
    for (auto& g : e.module_types) add(g.src);
    for (auto& g : e.values) if (g.kind != "id") add(g.src);
    // CheckFunctionManager builds the guard tree from the guards sorted by Guard.sort_key (source kind:
    // locals before globals, then len(name), then name), so a root's accessor is created in that order,
    // whatever order the frame read its locals in (real torch 2.11: testdata/programs/recompile_guard_order)
    // A resume function's stack arguments stay first: its locals that the rest of the statement overwrites
    // are dead and not passed at all (`x = x + self.ffn(h)` resumes with the old x as ___stack0 and no x;
    // DeepSeek-V3's [9/1] names ___stack0). tparse passes every local, so it keeps the stack roots in front.
    // (a root's key: its shortest guard name, `seqlens` before `self._precomputed_freqs_cis`: mistral's recompile
    // names seqlens[0] although the attribute's None guard fails too)
    std::map<std::string, std::string> key;
    auto note = [&](const std::string& src) {
      const std::string r = root_of(src);
      auto it = key.find(r);
      if (it == key.end() || src.size() < it->second.size() || (src.size() == it->second.size() && src < it->second)) key[r] = src;
    };
    for (auto& g : e.values) note(g.src);
    for (auto& g : e.tensors) note(g.src);
    for (auto& g : e.module_types) note(g.src);
    auto key_of = [&](const std::string& r) { auto it = key.find(r); return it == key.end() ? r : it->second; };
    std::stable_sort(e.root_fails.begin(), e.root_fails.end(), [&](const auto& a, const auto& b) {
      bool sa = a.first.rfind("___stack", 0) == 0, sb = b.first.rfind("___stack", 0) == 0;
      if (sa != sb) return sa;
      bool ga = a.first.rfind("G['", 0) == 0, gb = b.first.rfind("G['", 0) == 0;
      // eval_frame's `inner(fn, *args)`: the module `fn` is a guard source of its own kind, after the locals and
      // globals (guard_sources.cpp's PyGuard kind 2): a changed input fails `args[0]` first (inference_mode_switch)
      bool fa = a.first == "fn", fb = b.first == "fn";
      if (fa != fb) return fb;
      if (ga != gb) return !ga;
      const std::string ka = key_of(a.first), kb = key_of(b.first);
      if (ka.size() != kb.size()) return ka.size() < kb.size();
      return ka < kb;
    });
  }
  for (size_t k = 0; k < e.root_fails.size(); ++k) {
    std::string r = check_root(e, e.root_fails[k].first, inputs, globals, old, tls_inference);
    if (r.empty()) continue;
    ++e.root_fails[k].second;
    std::stable_sort(e.root_fails.begin(), e.root_fails.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return r;
  }
  if (std::string dup = duplicate_input_guard(e, inputs); !dup.empty()) return dup;
  if (std::string alias = aliasing_guard(e, inputs); !alias.empty()) return alias;
  std::string shared = shared_symbol_guard(e, inputs);
  if (!shared.empty()) return shared;
  auto value_of = [&](const std::string& src, long long& val) {  // an int input or an input tensor's size
    size_t dot = src.rfind(".size()[");
    V v = resolve_source(dot == std::string::npos ? src : src.substr(0, dot), inputs);
    if (!v) return false;
    if (dot == std::string::npos) {
      if (v->k != VK::Int) return false;
      val = v->i;
      return true;
    }
    size_t d = std::stoul(src.substr(dot + 8));
    if (v->k != VK::Tensor || d >= v->t->shape.size()) return false;
    val = v->t->shape[d].v;
    return true;
  };
  for (const auto& g : e.sym_rels) {  // a branch's relation on a size: `5 <= x.size()[0]`, `G.size()[0] > G.size()[1]`
    long long val = 0, other = 0;
    if (!value_of(g.src, val)) continue;
    if (!g.src2.empty()) {
      if (!value_of(g.src2, other)) continue;
      bool ok = g.op == "!=" ? val != other : g.op == "<" ? val < other : g.op == "<=" ? val <= other : g.op == ">" ? val > other : val >= other;
      if (!ok) return g.text;
      continue;
    }
    if (g.op == "!=") {  // Ne(size, c)
      if (val == g.bound) return g.text;
      continue;
    }
    if (g.lower ? val < g.bound : val > g.bound) return g.text;
  }
  for (const auto& g : e.sym_eqs) {  // guard_int of a size expression: `(x.size()[1] // 4) == 3`
    std::map<std::string, long long> values;
    bool known = true;
    for (const auto& [sym, src] : g.srcs) known = known && value_of(src, values[sym]);
    if (g.real) {  // a SymFloat's value: Python's float arithmetic on the sizes, compared exactly
      auto f = known ? sym_eval_real(g.expr, values) : std::nullopt;
      if (f && *f != g.fvalue) return g.text;
      continue;
    }
    auto tree = known ? parse_sym(g.expr) : std::nullopt;
    auto v = tree ? sym_eval(*tree, values) : std::nullopt;
    if (v && !g.op.empty()) {
      const bool holds = g.op == ">" ? *v > g.value : g.op == "<=" ? *v <= g.value : g.op == ">=" ? *v >= g.value : *v < g.value;
      if (!holds) return g.text;
      continue;
    }
    if (v && (g.ne ? *v == g.value : *v != g.value)) return g.text;
  }
  return "";
}


}  // namespace tparse::compiler
