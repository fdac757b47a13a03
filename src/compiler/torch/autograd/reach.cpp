// What backward() reaches (reach.hpp): the ancestry each op result keeps, and the walk a backward makes over it.
#include "torch/autograd/reach.hpp"

#include <algorithm>
#include <set>

namespace tparse::compiler {

long long& backward_all_epoch() {
  thread_local long long n = 0;
  return n;
}

std::shared_ptr<const GradEdge> grad_edge_of(const V& t) {
  if (!t || t->k != VK::Tensor || !t->t->requires_grad) return nullptr;
  if (t->t->grad_edge) return t->t->grad_edge;
  auto e = std::make_shared<GradEdge>();
  // (a leaf is a parameter or a tensor the user asked to require grad; anything else that requires grad with no
  // recorded ancestry came by a path that did not record it: unknown)
  if (!t->t->grad_fn && (t->t->is_param || t->t->user_leaf)) e->leaf = t;
  else e->unknown = true;
  return e;
}

std::shared_ptr<const GradEdge> grad_edge_over(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs) {
  auto e = std::make_shared<GradEdge>();
  auto add = [&](const V& v) {
    if (!v) return;
    if (v->k == VK::Tensor) {
      if (auto x = grad_edge_of(v)) e->in.push_back(x);
      return;
    }
    if (v->k == VK::List || v->k == VK::Tuple)  // torch.cat([a, b]), torch.stack((a, b))
      for (const V& x : v->items)
        if (auto y = grad_edge_of(x)) e->in.push_back(y);
  };
  for (const V& a : args) add(a);
  for (const auto& kv : kwargs) add(kv.second);
  if (e->in.empty()) return nullptr;
  if (e->in.size() == 1) return e->in[0];  // (one input: its ancestry as it is)
  return e;
}

namespace {
long long& next_seq() {
  thread_local long long n = 0;
  return n;
}
}  // namespace

std::shared_ptr<const GradEdge> python_backward_edge(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs,
                                                     const V& fn, const V& ctx, const TensorInfo& out) {
  auto over = grad_edge_over(args, kwargs);
  if (!over) return nullptr;
  auto e = std::make_shared<GradEdge>();
  e->in.push_back(over);
  e->py_backward = fn;
  e->py_ctx = ctx;
  for (const Dim& d : out.shape) e->py_out_shape.push_back(d.v);
  e->py_out_dtype = out.dtype;
  e->py_out_device = out.device;
  e->seq = ++next_seq();
  return e;
}

std::shared_ptr<const GradEdge> function_hop_edge(const std::vector<V>& args) {
  auto over = grad_edge_over(args, {});
  if (!over) return nullptr;
  auto e = std::make_shared<GradEdge>();
  e->in.push_back(over);
  e->function_hop = true;
  e->seq = ++next_seq();
  return e;
}

BackwardWalk walk_backward(const V& root) {
  BackwardWalk w;
  auto start = grad_edge_of(root);
  if (!start) return w;
  std::vector<std::shared_ptr<const GradEdge>> todo{start};
  std::set<const GradEdge*> seen{start.get()};
  while (!todo.empty()) {
    auto e = todo.back();
    todo.pop_back();
    if (e->py_backward) w.python.push_back(e);
    w.function_hop = w.function_hop || e->function_hop;
    for (const auto& x : e->in)
      if (seen.insert(x.get()).second) todo.push_back(x);
  }
  std::sort(w.python.begin(), w.python.end(), [](const auto& a, const auto& b) { return a->seq > b->seq; });
  return w;
}

std::string backward_error_of(const V& root) {
  auto start = grad_edge_of(root);
  if (!start) return "";
  std::vector<const GradEdge*> todo{start.get()};
  std::set<const GradEdge*> seen{start.get()};
  while (!todo.empty()) {
    const GradEdge* e = todo.back();
    todo.pop_back();
    if (!e->backward_error.empty()) return e->backward_error;
    for (const auto& x : e->in)
      if (seen.insert(x.get()).second) todo.push_back(x.get());
  }
  return "";
}

bool mark_reached(const V& root, long long epoch) {
  auto start = grad_edge_of(root);
  if (!start) return false;  // (a root that needs no grad: its ancestry was lost on the way, torch would have one)
  std::vector<const GradEdge*> todo{start.get()};
  std::set<const GradEdge*> seen{start.get()};
  bool known = true;
  while (!todo.empty()) {
    const GradEdge* e = todo.back();
    todo.pop_back();
    known = known && !e->unknown;
    if (V leaf = e->leaf.lock()) leaf->attrs["__tparse_reached__"] = mk_int(epoch);
    for (const auto& x : e->in)
      if (seen.insert(x.get()).second) todo.push_back(x.get());
  }
  return known;
}

}  // namespace tparse::compiler
