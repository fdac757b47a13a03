// Dict keys and set items: Python's key equality (`1 == 1.0 == True`) and lookups that stay O(1) on
// average as dicts and sets grow (a module registry of thousands of names, as timm's, is filled in a
// loop at import). The entries stay where they always were (Obj::dict, Obj::items, in insertion order);
// a KeyIndex beside them maps each key's hash to its position.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

/// Equality of dict keys and set items (`1 == 1.0 == True`; strings compared directly, tuples item by item,
/// classes / functions / modules / tensors / instances without __eq__ by identity, the rest by repr).
bool same_key(const V& a, const V& b);
/// Hash of a key: equal keys (same_key) have equal hashes.
size_t key_hash(const V& k);

/// The value stored under `k` in dict `d`, or nullptr.
V* dict_find(Obj& d, const V& k);
/// `d[k] = v`: replaces the value of an equal key in place (keeping its position), else appends.
void dict_put(Obj& d, V k, V v);
/// Removes `k` from `d`; returns its value, or nullptr when absent.
V dict_erase(Obj& d, const V& k);

/// Whether set `s` (a list without equal items) holds an item equal to `x`.
bool set_has(Obj& s, const V& x);
/// `s.add(x)`.
void set_add(Obj& s, V x);
/// xs without equal items (same_key), first occurrences in order: a set built from xs.
std::vector<V> unique_keys(const std::vector<V>& xs);
/// Call after changing a set's items other than by set_add (removal, reordering, replacement).
inline void keys_changed(Obj& o) { o.kix.pos.clear(); o.kix.n = 0; }

}  // namespace tparse::compiler
