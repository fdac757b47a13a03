// The values a compiled frame hands back and the sources it names them by: the live tensors, SymInts and SymFloats
// of a value (a graph's outputs: flatten_live, flatten_tensors), a frame local's guard source (`x` -> `L['x']`), and
// a Python float's guard. Used by dynamo.cpp, compile_graph.cpp and restart.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

void flatten_live(const V& v, std::vector<V>& out) {
  if (v && v->k == VK::Int && !v->sym.empty()) { out.push_back(v); return; }
  // (a SymFloat a graph node computed: returned as a float64 scalar tensor, compile_graph.cpp)
  if (v && v->k == VK::Float && v->sym_node >= 0) { out.push_back(v); return; }
  if (v && (v->k == VK::List || v->k == VK::Tuple) && !v->size_tuple) { for (auto& x : v->items) flatten_live(x, out); return; }
  if (v && v->k == VK::Dict && std::any_of(v->dict.begin(), v->dict.end(), [](const auto& kv) {
        return kv.second && kv.second->k == VK::Float && kv.second->sym_node >= 0;
      })) {  // (a dict of a running SymFloat, a defaultdict too: XMem's losses)
    for (auto& kv : v->dict) flatten_live(kv.second, out);
    return;
  }
  flatten_tensors(v, out);
}

namespace {
// flatten_tensors' walk; `path` holds the containers and objects being walked, so a cycle (a tree whose nodes point
// at their parent: TreeLSTM's Tree) is not entered again (a structure shared twice is still walked twice)
void flatten_tensors_walk(const V& v, std::vector<V>& out, bool object_attrs, std::set<const void*>& path) {
  if (!v) return;
  if (v->k == VK::Tensor) out.push_back(v);
  const bool object = object_attrs && v->k == VK::Instance && v->builtin_nn.empty();
  if (v->k != VK::List && v->k != VK::Tuple && v->k != VK::Dict && !object) return;
  if (!path.insert(v.get()).second) return;
  struct Leave {
    std::set<const void*>& path;
    const void* p;
    ~Leave() { path.erase(p); }
  } leave{path, v.get()};
  if (v->k == VK::List || v->k == VK::Tuple) for (auto& x : v->items) flatten_tensors_walk(x, out, object_attrs, path);
  if (v->k == VK::Dict) for (auto& kv : v->dict) flatten_tensors_walk(kv.second, out, object_attrs, path);
  // a user object built in the frame (a ModelOutput, a dataclass): its attributes in assignment order; a
  // typing.NamedTuple (the stub keeps its items in `_values`, its fields as attributes too): its items once
  if (object) {
    if (auto it = v->attrs.find("_values"); it != v->attrs.end() && it->second && it->second->k == VK::Tuple) {
      flatten_tensors_walk(it->second, out, object_attrs, path);
      return;
    }
    for (auto& n : v->order)
      if (auto it = v->attrs.find(n); it != v->attrs.end()) flatten_tensors_walk(it->second, out, object_attrs, path);
  }
}
}  // namespace

void flatten_tensors(const V& v, std::vector<V>& out, bool object_attrs) {
  std::set<const void*> path;
  flatten_tensors_walk(v, out, object_attrs, path);
}

std::string local_source(const std::string& n) {
  if (n.rfind("G['", 0) == 0) return n;  // a global's (`G['pixel_coords'].size()[2]`)
  size_t br = n.find_first_of("[.");  // (`samples.tensors`: an attribute of the local `samples`)
  return qualify_dict_keys("L['" + n.substr(0, br) + "']" + (br == std::string::npos ? "" : n.substr(br)));
}

ValueGuard ValueGuard::python_float(const std::string& src, const V& value, bool dynamic) {
  ValueGuard g;
  g.src = src;
  g.value = value;
  g.kind = dynamic ? "float_dyn" : "float";
  g.code = dynamic ? fmt::format("___check_type_id({}, 10720960), type=<class 'float'>", src) : src + " == " + py_repr(value);
  return g;
}

}  // namespace tparse::compiler
