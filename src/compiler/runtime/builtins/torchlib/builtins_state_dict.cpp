// nn.Module.state_dict / load_state_dict on modules of the script and built-in ones (split from builtins_module.cpp):
// the ordered dict of parameters and persistent buffers, and loading it back with torch's size and key checks.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/values/keys.hpp"

namespace tparse::compiler {

// Module.state_dict(destination=None, prefix='', keep_vars=False): an ordered dict of every parameter and persistent
// buffer, the module's own first (parameters, then buffers, in registration order), then each submodule's under
// "name." (no memo: a module registered under two names is saved under both, as torch's recursion does); values detached
// unless keep_vars. Module.load_state_dict(sd, strict=True, assign=False): each entry's values into the tensor of
// that name (`param.copy_(input_param)`), sizes checked; with strict, missing or unexpected keys raise torch's
// RuntimeError; the result is (missing_keys, unexpected_keys). Eager code only: inside a frame it is noted unmodelled.
V Interp::state_dict_method(const std::string& m, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                            Location loc, V self) {
  if (tracing()) note_unmodelled(loc, "nn.Module." + m + "() inside a compiled frame");
  auto kw = [&](const std::string& n, size_t pos) -> V {
    for (auto& [k, v] : kwargs) if (k == n) return v;
    return pos < args.size() ? args[pos] : nullptr;
  };
  std::vector<std::pair<std::string, V>> entries;  // name -> the module's tensor
  std::function<void(const V&, const std::string&)> walk = [&](const V& mod, const std::string& pre) {
    for (int pass = 0; pass < 2; ++pass)
      for (auto& n : mod->order) {
        const V& c = mod->attrs[n];
        if (c->k != VK::Tensor) continue;
        if (pass == 0 ? c->t->is_param : (c->t->is_buffer && !c->t->is_param && !nonpersistent_.count({mod.get(), n})))
          entries.push_back({pre + n, c});
      }
    for (auto& n : mod->order) {
      const V& c = mod->attrs[n];
      if (c->k == VK::Instance && !c->builtin_nn.empty()) walk(c, pre + n + ".");
      else if (V in = compiled_module(c)) walk(in, pre + n + "._orig_mod.");
    }
  };
  if (m == "state_dict") {
    V dest = kw("destination", 0);
    V prefix = kw("prefix", 1);
    V keep = kw("keep_vars", 2);
    const bool keep_vars = keep && truthy(keep, loc);
    walk(self, prefix && prefix->k == VK::Str ? prefix->s : "");
    V d = dest && dest->k == VK::Dict ? dest : std::make_shared<Obj>();
    d->k = VK::Dict;
    for (auto& [n, t] : entries) {
      V v = t;
      if (!keep_vars) {  // t.detach(): a new tensor object over the same values
        TensorInfo info = *t->t;
        info.requires_grad = false;
        info.is_param = false;
        v = mk_tensor(info);
        v->vals = t->vals;
      }
      dict_put(*d, mk_str(n), v);
    }
    return d;
  }
  V sd = kw("state_dict", 0);
  if (!sd || sd->k != VK::Dict) error(loc, "Expected state_dict to be dict-like, got " + (sd ? type_name(sd) : std::string("nothing")) + ".");
  // `isinstance(state_dict, Mapping)`: an ABC's first check of a class runs Collection.__subclasshook__ (Python code,
  // <frozen _collections_abc>:435 in 3.12) before the ABC caches the answer; under the callback it is a frame handed to
  // Dynamo once and skipped (real torch 2.11: program load_state_dict_skipped_frame; checked eagerly first, none)
  abc_check("Mapping", "OrderedDict", true);
  V strict_v = kw("strict", 1);
  const bool strict = !strict_v || truthy(strict_v, loc);
  walk(self, "");
  std::vector<V> missing, unexpected;
  std::vector<std::string> sizes;
  std::set<std::string> names;
  for (auto& [n, t] : entries) {
    names.insert(n);
    V* src = dict_find(*sd, mk_str(n));
    if (!src) { missing.push_back(mk_str(n)); continue; }
    if ((*src)->k != VK::Tensor) continue;
    const TensorInfo& a = *(*src)->t;
    if (a.shape != t->t->shape) {
      auto dims = [](const TensorInfo& x) {
        std::string r;
        for (size_t i = 0; i < x.shape.size(); ++i) r += (i ? ", " : "") + x.shape[i].str();
        return r;
      };
      sizes.push_back(fmt::format("size mismatch for {}: copying a param with shape torch.Size([{}]) from checkpoint, the shape in "
                                  "current model is torch.Size([{}]).", n, dims(a), dims(*t->t)));
      continue;
    }
    t->vals = (*src)->vals;  // param.copy_(input_param): the values, not the object
  }
  for (auto& [k, v] : sd->dict)
    if (k->k == VK::Str && !names.count(k->s)) unexpected.push_back(k);
  // torch puts the missing keys first, then the unexpected ones, then the size mismatches found while loading
  auto quoted = [](const std::vector<V>& ks) {
    std::string r;
    for (size_t i = 0; i < ks.size(); ++i) r += (i ? ", \"" : "\"") + ks[i]->s + "\"";
    return r;
  };
  std::string errs;
  if (strict && !missing.empty()) errs += "\n\tMissing key(s) in state_dict: " + quoted(missing) + ". ";
  if (strict && !unexpected.empty()) errs += "\n\tUnexpected key(s) in state_dict: " + quoted(unexpected) + ". ";
  for (auto& s : sizes) errs += "\n\t" + s;
  if (!errs.empty()) raise_exc("RuntimeError", "Error(s) in loading state_dict for " + type_name(self) + ":" + errs, loc);
  // its result is an _IncompatibleKeys namedtuple, whose generated `__new__` (`<lambda>` at <string>:1) is a frame: run
  // eagerly under the callback, handed to Dynamo once and skipped (real torch 2.11: PPO's update, run eagerly, copies
  // its policy into policy_old)
  static const char incompatible_keys_new = 0;
  Activation& act = *stack_.back();
  if (callback_active_ > 0 && !(act.ctx && act.ctx->mode != Mode::Eager))
    count_stdlib_frame_once("<lambda>", "<string>", 1, &incompatible_keys_new);
  return mk_tuple({mk_list(missing), mk_list(unexpected)});
}

}  // namespace tparse::compiler
