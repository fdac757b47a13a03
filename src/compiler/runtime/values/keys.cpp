// Dict keys and set items (keys.hpp): equality, canonical text, and the indexed lookups. Small dicts
// and sets (up to kLinear entries) are scanned; larger ones keep a KeyIndex that is extended lazily
// over entries appended directly (many builders push_back) and rebuilt when entries were removed.
#include "runtime/values/keys.hpp"

#include "runtime/interp.hpp"

#include <cmath>
#include <vector>

namespace tparse::compiler {
namespace {

constexpr size_t kLinear = 16;

bool as_num(const V& x, double& d) {
  if (x->k == VK::Int) d = static_cast<double>(x->i);
  else if (x->k == VK::Float) d = x->f;
  else if (x->k == VK::Bool) d = x->b ? 1 : 0;
  else if (x->k == VK::Complex && x->im == 0) d = x->f;  // 2+0j == 2: hashes and keys as the number
  else return false;
  return true;
}

template <class Get>
void reindex(KeyIndex& ix, size_t size, Get key_at) {
  if (ix.n > size) { ix.pos.clear(); ix.n = 0; }
  for (; ix.n < size; ++ix.n) ix.pos.emplace(key_hash(key_at(ix.n)), ix.n);
}

/// Position of `k` among `size` entries (key_at(i)), or -1.
template <class Get>
long find_pos(KeyIndex& ix, size_t size, const V& k, Get key_at) {
  if (size <= kLinear) {
    for (size_t i = 0; i < size; ++i) if (same_key(key_at(i), k)) return static_cast<long>(i);
    return -1;
  }
  size_t h = key_hash(k);
  for (int attempt = 0; attempt < 2; ++attempt) {
    reindex(ix, size, key_at);
    auto [lo, hi] = ix.pos.equal_range(h);
    long best = -1;
    bool stale = false;
    for (auto it = lo; it != hi; ++it) {
      if (it->second >= size) { stale = true; break; }
      if ((best < 0 || static_cast<long>(it->second) < best) && same_key(key_at(it->second), k)) best = static_cast<long>(it->second);
    }
    if (!stale) return best;
    ix.pos.clear();  // entries removed by code that bypassed this file: rebuild once
    ix.n = 0;
  }
  return -1;
}

/// object's default __eq__ / __hash__ (identity): classes, functions, modules, tensors, and instances whose
/// class defines no __eq__ (a class with __eq__, as a dataclass, keeps the comparison by repr)
bool by_identity(const V& v) {
  switch (v->k) {
    case VK::Class: case VK::Func: case VK::Module: case VK::Tensor: case VK::Compiled: case VK::Iterator: return true;
    case VK::Instance: return !v->cls || !find_in_class(v->cls, "__eq__");
    default: return false;
  }
}

/// A torch.nn class (`nn.Linear`): one class object per name in Python, a fresh handle per lookup here, so it
/// keys by its name (`{nn.Linear: init_linear}[type(m)]`)
bool nn_class_name(const V& v) { return v->k == VK::Class && !v->fn && !v->builtin_nn.empty(); }

}  // namespace

bool same_key(const V& a, const V& b) {
  if (a->k == VK::Str || b->k == VK::Str) return a->k == b->k && a->s == b->s && a->is_bytes == b->is_bytes;
  if (a->k == VK::Int && b->k == VK::Int) return a->i == b->i;
  double x, y;
  if (as_num(a, x) && as_num(b, y)) return x == y;
  if (nn_class_name(a) || nn_class_name(b)) return nn_class_name(a) && nn_class_name(b) && a->builtin_nn == b->builtin_nn;
  if (by_identity(a) || by_identity(b)) return a.get() == b.get();
  if (a->k == VK::Builtin && b->k == VK::Builtin) return a->s == b->s && a->self.get() == b->self.get();  // `int`, `len`
  if (a->k == VK::Tuple && b->k == VK::Tuple) {  // item by item (a tuple of classes is a common key)
    if (a->items.size() != b->items.size()) return false;
    for (size_t i = 0; i < a->items.size(); ++i) if (!same_key(a->items[i], b->items[i])) return false;
    return true;
  }
  return py_repr(a) == py_repr(b);
}

size_t key_hash(const V& k) {
  if (k->k == VK::Str) return std::hash<std::string>{}(k->s);
  if (k->k == VK::Int) return std::hash<long long>{}(k->i) * 31 + 7;
  double d;
  if (as_num(k, d)) {  // 1 == 1.0 == True: integral numbers hash as the int
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) return std::hash<long long>{}(static_cast<long long>(d)) * 31 + 7;
    return std::hash<double>{}(d);
  }
  if (nn_class_name(k)) return std::hash<std::string>{}(k->builtin_nn) * 31 + 11;
  if (by_identity(k)) return std::hash<const void*>{}(k.get());
  if (k->k == VK::Builtin) return std::hash<std::string>{}(k->s) * 31 + 5;
  if (k->k == VK::Tuple) {
    size_t h = 0x345678;
    for (auto& x : k->items) h = h * 1000003 ^ key_hash(x);
    return h;
  }
  return std::hash<std::string>{}(py_repr(k)) * 31 + 3;
}

V* dict_find(Obj& d, const V& k) {
  long p = find_pos(d.kix, d.dict.size(), k, [&](size_t i) -> const V& { return d.dict[i].first; });
  return p < 0 ? nullptr : &d.dict[static_cast<size_t>(p)].second;
}

void dict_put(Obj& d, V k, V v) {
  if (V* slot = dict_find(d, k)) { *slot = std::move(v); return; }
  d.dict.emplace_back(std::move(k), std::move(v));
}

V dict_erase(Obj& d, const V& k) {
  long p = find_pos(d.kix, d.dict.size(), k, [&](size_t i) -> const V& { return d.dict[i].first; });
  if (p < 0) return nullptr;
  V v = d.dict[static_cast<size_t>(p)].second;
  d.dict.erase(d.dict.begin() + p);
  keys_changed(d);
  return v;
}

bool set_has(Obj& s, const V& x) {
  return find_pos(s.kix, s.items.size(), x, [&](size_t i) -> const V& { return s.items[i]; }) >= 0;
}

void set_add(Obj& s, V x) {
  if (!set_has(s, x)) s.items.push_back(std::move(x));
}

std::vector<V> unique_keys(const std::vector<V>& xs) {
  Obj s;
  for (auto& x : xs) set_add(s, x);
  return s.items;
}

}  // namespace tparse::compiler
