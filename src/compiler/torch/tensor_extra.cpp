// More shape rules met in real model files (ChatGLM3 and friends): outer products, batched matmuls,
// in-place methods, new_* factories, index_select. Same entry convention as tensor_methods.cpp
// (`fn:<target>:<name>` for free functions); null when the operation is not one of these.
#include <fmt/format.h>

#include <cmath>
#include <map>

#include "runtime/interp.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

static double num_of(const V& v) { return v->k == VK::Float ? v->f : static_cast<double>(v->i); }

V Interp::tensor_method_extra(V self, bool is_fn, const std::string& target, const std::string& name, std::vector<V>& args,
                              std::vector<V>& rest, KW& kwargs, Location loc) {
  TensorInfo& t = *self->t;
  TensorInfo o;
  o.shape = t.shape;
  o.dtype = t.dtype;
  o.device = t.device;
  o.requires_grad = t.requires_grad;
  auto out = [&](TensorInfo r) -> V {
    if (is_fn) return emit("call_function", target, name, false, args, kwargs, r, loc);
    std::vector<V> all{self};
    all.insert(all.end(), rest.begin(), rest.end());
    return emit("call_method", name, name, false, all, kwargs, r, loc);
  };
  auto tensor_arg = [&](size_t i, const char* what) -> const TensorInfo& {
    if (i >= rest.size() || rest[i]->k != VK::Tensor) error(loc, fmt::format("{}: expected a tensor for {}", name, what));
    return *rest[i]->t;
  };
  auto dims = [](const TensorInfo& x) {
    std::string s = "[";
    for (size_t i = 0; i < x.shape.size(); ++i) s += (i ? ", " : "") + x.shape[i].str();
    return s + "]";
  };
  auto ints = [&](const V& v, size_t n, const char* what) {  // an int or a tuple of n ints
    std::vector<long long> r;
    if (v && (v->k == VK::Tuple || v->k == VK::List)) for (auto& x : v->items) r.push_back(x->i);
    else r.assign(n, v && v->k == VK::Int ? v->i : 0);
    if (r.size() != n) error(loc, fmt::format("{}: {} must have {} values", name, what, n));
    return r;
  };
  if (name == "conv1d" || name == "conv2d" || name == "conv3d") {
    size_t nd = static_cast<size_t>(name[4] - '0');
    const TensorInfo& w = tensor_arg(0, "weight");
    if (t.shape.size() != nd + 2 || w.shape.size() != nd + 2)
      error(loc, fmt::format("{}: expected a {}-D input and weight, got {} and {}", name, nd + 2, dims(t), dims(w)));
    long long groups = rest.size() > 5 && rest[5]->k == VK::Int ? rest[5]->i : 1;
    if (t.shape[1].v != w.shape[1].v * groups)
      error(loc, fmt::format("shape mismatch in {}: input {} has {} channels, weight {} expects {}", name, dims(t), t.shape[1].v, dims(w), w.shape[1].v * groups));
    auto st = ints(rest.size() > 2 ? rest[2] : nullptr, nd, "stride");
    auto dl = ints(rest.size() > 4 ? rest[4] : nullptr, nd, "dilation");
    if (rest.size() <= 2 || rest[2]->k == VK::None) st.assign(nd, 1);
    if (rest.size() <= 4 || rest[4]->k == VK::None) dl.assign(nd, 1);
    bool same = rest.size() > 3 && rest[3]->k == VK::Str && rest[3]->s == "same";
    auto pd = rest.size() > 3 && rest[3]->k != VK::Str ? ints(rest[3], nd, "padding") : std::vector<long long>(nd, 0);
    o.shape = {t.shape[0], w.shape[0]};
    for (size_t i = 0; i < nd; ++i) {
      long long in = t.shape[i + 2].v, k = w.shape[i + 2].v;
      long long outd = same ? in : (in + 2 * pd[i] - dl[i] * (k - 1) - 1) / st[i] + 1;
      if (outd <= 0) error(loc, fmt::format("{}: kernel size {} is larger than the padded input {}", name, k, in + 2 * pd[i]));
      o.shape.push_back(Dim{outd, ""});
    }
    o.requires_grad = t.requires_grad || w.requires_grad;
    return out(o);
  }
  if (name == "batch_norm" || name == "relu6" || name == "instance_norm" || name == "hardswish" || name == "hardsigmoid") return out(o);
  if (name == "max_pool1d" || name == "max_pool2d" || name == "avg_pool1d" || name == "avg_pool2d") {
    size_t nd = name.find("1d") != std::string::npos ? 1 : 2;
    if (t.shape.size() < nd + 1) error(loc, fmt::format("{}: input {} has too few dimensions", name, dims(t)));
    auto k = ints(rest.size() > 0 ? rest[0] : nullptr, nd, "kernel_size");
    auto st = rest.size() > 1 && rest[1]->k != VK::None ? ints(rest[1], nd, "stride") : k;
    auto pd = ints(rest.size() > 2 ? rest[2] : nullptr, nd, "padding");
    auto dl = name[0] == 'm' && rest.size() > 3 ? ints(rest[3], nd, "dilation") : std::vector<long long>(nd, 1);
    bool ceil = false;
    for (auto& [kk, v] : kwargs) if (kk == "ceil_mode" && v->k == VK::Bool) ceil = v->b;
    size_t off = t.shape.size() - nd;
    for (size_t i = 0; i < nd; ++i) {
      long long in = t.shape[off + i].v;
      long long num = in + 2 * pd[i] - dl[i] * (k[i] - 1) - 1;
      long long outd = (ceil ? (num + st[i] - 1) / st[i] : num / st[i]) + 1;
      o.shape[off + i] = Dim{outd, ""};
    }
    return out(o);
  }
  if (name == "adaptive_avg_pool1d" || name == "adaptive_avg_pool2d" || name == "adaptive_max_pool2d") {
    size_t nd = name.find("1d") != std::string::npos ? 1 : 2;
    std::vector<long long> os;
    V osv = rest.empty() ? nullptr : rest[0];
    if (osv && (osv->k == VK::Tuple || osv->k == VK::List)) for (auto& x : osv->items) os.push_back(x->k == VK::None ? -1 : x->i);
    else os.assign(nd, osv && osv->k == VK::Int ? osv->i : 1);
    size_t off = t.shape.size() - nd;
    for (size_t i = 0; i < nd && i < os.size(); ++i) if (os[i] >= 0) o.shape[off + i] = Dim{os[i], ""};
    return out(o);
  }
  auto dim_arg = [&](size_t i, const char* kw, long long dflt) {
    V v = i < rest.size() ? rest[i] : nullptr;
    for (auto& [k, x] : kwargs) if (k == kw) v = x;
    long long d = v && v->k == VK::Int ? v->i : dflt;
    long long r = static_cast<long long>(t.shape.size());
    if (d < -std::max(r, 1LL) || d >= std::max(r, 1LL)) error(loc, fmt::format("{}: dimension {} out of range for {}", name, d, dims(t)));
    return d < 0 ? d + r : d;
  };
  auto kw_or = [&](size_t i, const char* kw) -> V {
    for (auto& [k, x] : kwargs) if (k == kw) return x;
    return i < rest.size() ? rest[i] : nullptr;
  };
  // ---- calls returning (values, indices): torch.return_types ----
  if (name == "topk" || name == "sort" || ((name == "max" || name == "min") && (kw_or(0, "dim")))) {
    TensorInfo vals = o, idx = o;
    idx.dtype = "int64";
    idx.requires_grad = false;
    if (name == "topk") {
      V k = kw_or(0, "k");
      if (!k || k->k != VK::Int) error(loc, "topk(k, dim=-1): k must be an int");
      long long d = dim_arg(1, "dim", -1);
      if (k->i > t.shape[static_cast<size_t>(d)].v) error(loc, fmt::format("topk: k ({}) is larger than dimension {} of {}", k->i, d, dims(t)));
      vals.shape[static_cast<size_t>(d)] = Dim{k->i, ""};
      idx.shape = vals.shape;
    } else if (name != "sort") {
      long long d = dim_arg(0, "dim", 0);
      V keep = kw_or(1, "keepdim");
      if (keep && keep->k == VK::Bool && keep->b) vals.shape[static_cast<size_t>(d)] = Dim{1, ""};
      else vals.shape.erase(vals.shape.begin() + d);
      idx.shape = vals.shape;
    }
    return tuple_result(out(o), {vals, idx}, {"values", "indices"});
  }
  if (name == "pad") {
    V p = kw_or(0, "pad");
    if (!p || (p->k != VK::Tuple && p->k != VK::List) || p->items.size() % 2) error(loc, "pad(input, pad): pad must be a list of (left, right) pairs");
    if (p->items.size() / 2 > t.shape.size()) error(loc, fmt::format("pad: {} padded dims for a {}-D input", p->items.size() / 2, t.shape.size()));
    for (size_t i = 0; i < p->items.size() / 2; ++i) {
      Dim& d = o.shape[t.shape.size() - 1 - i];
      d = Dim{d.v + p->items[2 * i]->i + p->items[2 * i + 1]->i, ""};
    }
    if (is_fn && args.size() == 2) {  // F.pad(input, pad, mode="constant", value=None) calls the op with its defaults
      bool kw_mode = false;
      for (auto& [k, v] : kwargs) kw_mode = kw_mode || k == "mode" || k == "value";
      if (!kw_mode) { args.push_back(mk_str("constant")); args.push_back(none()); }
    }
    return out(o);
  }
  if (name == "interpolate" || name == "upsample") {
    V size = kw_or(0, "size"), scale = kw_or(1, "scale_factor");
    size_t nd = t.shape.size() >= 2 ? t.shape.size() - 2 : 0;
    for (size_t i = 0; i < nd; ++i) {
      long long v = t.shape[i + 2].v;
      if (size && size->k != VK::None) v = size->k == VK::Int ? size->i : size->items.at(i)->i;
      else if (scale && scale->k != VK::None) {
        double f = scale->k == VK::Float ? scale->f : scale->k == VK::Int ? static_cast<double>(scale->i) : num_of(scale->items.at(i));
        v = static_cast<long long>(std::floor(static_cast<double>(v) * f));
      } else error(loc, "interpolate: either size or scale_factor");
      o.shape[i + 2] = Dim{v, ""};
    }
    return out(o);
  }
  if (name == "gather" || name == "take_along_dim") {
    V idx = kw_or(1, "index");
    if (!idx || idx->k != VK::Tensor) error(loc, fmt::format("{}(input, dim, index)", name));
    o.shape = idx->t->shape;
    return out(o);
  }
  if (name == "repeat_interleave") {
    V r = kw_or(0, "repeats");
    if (!r || r->k != VK::Int) error(loc, "repeat_interleave: only an int number of repeats is supported by tparse");
    V dv = kw_or(1, "dim");
    if (!dv || dv->k == VK::None) {
      long long n = 1;
      for (auto& d : t.shape) n *= d.v;
      o.shape = {Dim{n * r->i, ""}};
    } else {
      long long d = dim_arg(1, "dim", 0);
      o.shape[static_cast<size_t>(d)] = Dim{t.shape[static_cast<size_t>(d)].v * r->i, ""};
    }
    return out(o);
  }
  if (name == "outer" || name == "ger") {
    const TensorInfo& b = tensor_arg(0, "vec2");
    if (t.shape.size() != 1 || b.shape.size() != 1) error(loc, fmt::format("outer: expected 1-D tensors, got {} and {}", dims(t), dims(b)));
    o.shape = {t.shape[0], b.shape[0]};
    o.requires_grad = t.requires_grad || b.requires_grad;
    return out(o);
  }
  if (name == "bmm" || name == "baddbmm") {
    const TensorInfo& a = name == "bmm" ? t : tensor_arg(0, "batch1");
    const TensorInfo& b = tensor_arg(name == "bmm" ? 0 : 1, name == "bmm" ? "mat2" : "batch2");
    if (a.shape.size() != 3 || b.shape.size() != 3) error(loc, fmt::format("{}: expected 3-D tensors, got {} and {}", name, dims(a), dims(b)));
    if (a.shape[0].v != b.shape[0].v || a.shape[2].v != b.shape[1].v)
      error(loc, fmt::format("shape mismatch in {}: {} @ {}", name, dims(a), dims(b)));
    o.shape = {a.shape[0], a.shape[1], b.shape[2]};
    o.requires_grad = a.requires_grad || b.requires_grad;
    return out(o);
  }
  if (name == "index_select") {
    if (rest.size() < 2 || rest[0]->k != VK::Int || rest[1]->k != VK::Tensor) error(loc, "index_select(dim, index)");
    long long d = rest[0]->i < 0 ? rest[0]->i + static_cast<long long>(t.shape.size()) : rest[0]->i;
    if (d < 0 || d >= static_cast<long long>(t.shape.size())) error(loc, "index_select: dimension out of range");
    o.shape[static_cast<size_t>(d)] = rest[1]->t->shape.empty() ? Dim{1, ""} : rest[1]->t->shape[0];
    return out(o);
  }
  if (name == "new_ones" || name == "new_zeros" || name == "new_empty" || name == "new_full") {
    std::vector<V> xs;
    if (!rest.empty() && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List)) xs = rest[0]->items;
    else for (auto& r : rest) if (r->k == VK::Int) xs.push_back(r);
    o.shape.clear();
    for (auto& x : xs) {
      if (x->k != VK::Int) error(loc, fmt::format("{}: size must be ints", name));
      o.shape.push_back(Dim{x->i, ""});
    }
    o.requires_grad = false;
    if (name == "new_ones") o.fill = 1.0;
    if (name == "new_zeros") o.fill = 0.0;
    for (auto& [k, v] : kwargs) if (k == "dtype" && v->k == VK::DType) o.dtype = v->s;
    return out(o);
  }
  // in-place methods keep the shape; the graph records the method on the same tensor
  static const std::set<std::string> inplace = {"tril_", "triu_", "zero_", "fill_", "unsqueeze_", "squeeze_", "mul_", "add_",
                                                "sub_", "div_", "clamp_", "masked_fill_", "copy_", "normal_", "uniform_"};
  if (inplace.count(name)) {
    if (name == "unsqueeze_") {
      if (rest.empty() || rest[0]->k != VK::Int) error(loc, "unsqueeze_(dim)");
      long long d = rest[0]->i < 0 ? rest[0]->i + static_cast<long long>(t.shape.size()) + 1 : rest[0]->i;
      o.shape.insert(o.shape.begin() + d, Dim{1, ""});
    }
    if (name == "zero_") o.fill = 0.0;
    V r = out(o);
    // the method's own result is dropped (`masked_fill_ = None`): later reads use the tensor itself
    if (tracing()) stack_.back()->ctx->graph.nodes.back().dead_result = true;
    t = *r->t;  // the tensor itself changed
    return self;
  }
  if (name == "isinf" || name == "isfinite" || name == "isneginf" || name == "isposinf" || name == "__invert__" || name == "bitwise_not" || name == "logical_not") {
    if (name != "__invert__" && name != "bitwise_not") o.dtype = "bool";
    o.requires_grad = false;
    return out(o);
  }
  return nullptr;
}

V Interp::tuple_result(V whole, const std::vector<TensorInfo>& parts, const std::vector<std::string>& fields) {
  std::vector<V> xs;
  if (!tracing()) {
    for (auto& p : parts) xs.push_back(mk_tensor(p));
  } else {
    Graph& g = stack_.back()->ctx->graph;
    int wn = g.tensor_node.count(whole.get()) ? g.tensor_node[whole.get()] : static_cast<int>(g.nodes.size()) - 1;
    g.nodes[static_cast<size_t>(wn)].has_meta = false;  // a tuple: printed without a type
    for (auto& p : parts) xs.push_back(mk_tensor(p));
    V r = mk_tuple(xs);
    r->sym_node = wn;  // items get their getitem node when read (materialize_item)
    for (size_t i = 0; i < fields.size() && i < xs.size(); ++i) r->attrs[fields[i]] = xs[i];
    return r;
  }
  V r = mk_tuple(xs);
  for (size_t i = 0; i < fields.size() && i < xs.size(); ++i) r->attrs[fields[i]] = xs[i];  // .values / .indices
  return r;
}

void Interp::materialize_item(const V& tuple, size_t i) {
  if (tuple->k != VK::Tuple || tuple->sym_node < 0 || i >= tuple->items.size() || !tracing()) return;
  Graph& g = stack_.back()->ctx->graph;
  const V& item = tuple->items[i];
  if (g.tensor_node.count(item.get()) || tuple->sym_node >= static_cast<int>(g.nodes.size())) return;
  const Node& whole = g.nodes[static_cast<size_t>(tuple->sym_node)];
  Node n;
  n.op = "call_function";
  n.target = "getitem";
  n.args = {Arg{tuple->sym_node, ""}, Arg{-1, std::to_string(i)}};
  n.name = g.unique_name("getitem");
  n.meta = *item->t;
  if (n.meta.stride.size() != n.meta.shape.size()) n.meta.stride = contiguous_strides(n.meta.shape);
  n.has_meta = true;
  n.line = whole.line;
  n.fn_name = whole.fn_name;
  n.code = whole.code;
  n.file = whole.file;
  g.nodes.push_back(n);
  g.tensor_node[item.get()] = static_cast<int>(g.nodes.size()) - 1;
}

// torch.einsum(equation, *operands) (or a list of operands): the output has the dims of the letters
// after `->` (implicit form: the letters used once, sorted); Dynamo records torch.functional.einsum.
V Interp::einsum(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc) {
  if (args.empty() || args[0]->k != VK::Str) error(loc, "einsum(equation, *operands): the equation must be a string");
  std::vector<V> ops(args.begin() + 1, args.end());
  if (ops.size() == 1 && (ops[0]->k == VK::List || ops[0]->k == VK::Tuple)) ops = ops[0]->items;
  std::string eq;
  for (char c : args[0]->s) if (c != ' ') eq += c;
  size_t arrow = eq.find("->");
  std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t p = 0;;) {
    size_t c = lhs.find(',', p);
    terms.push_back(lhs.substr(p, c == std::string::npos ? std::string::npos : c - p));
    if (c == std::string::npos) break;
    p = c + 1;
  }
  if (terms.size() != ops.size()) error(loc, fmt::format("einsum(): {} operands for {} terms in '{}'", ops.size(), terms.size(), args[0]->s));
  std::map<char, Dim> size;
  std::map<char, int> uses;
  TensorInfo o;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (ops[i]->k != VK::Tensor) error(loc, "einsum(): operands must be tensors");
    const TensorInfo& t = *ops[i]->t;
    if (terms[i].find('.') != std::string::npos) error(loc, "einsum() with '...' is not supported by tparse");
    if (terms[i].size() != t.shape.size())
      error(loc, fmt::format("einsum(): the subscript '{}' has {} letters for an operand of {} dims", terms[i], terms[i].size(), t.shape.size()));
    for (size_t k = 0; k < terms[i].size(); ++k) {
      char c = terms[i][k];
      ++uses[c];
      auto it = size.find(c);
      if (it == size.end()) size[c] = t.shape[k];
      else if (it->second.v != t.shape[k].v && it->second.v != 1 && t.shape[k].v != 1)
        error(loc, fmt::format("einsum(): subscript {} has size {} for one operand and {} for another", c, it->second.v, t.shape[k].v));
      else if (it->second.v == 1) it->second = t.shape[k];
    }
    o.dtype = t.dtype;
    o.device = t.device;
    o.requires_grad = o.requires_grad || t.requires_grad;
  }
  std::string rhs;
  if (arrow != std::string::npos) rhs = eq.substr(arrow + 2);
  else for (auto& [c, n] : uses) if (n == 1) rhs += c;
  for (char c : rhs) {
    if (!size.count(c)) error(loc, fmt::format("einsum(): output subscript {} does not appear in the inputs", c));
    o.shape.push_back(size[c]);
  }
  return emit("call_function", "torch.functional.einsum", "einsum", false, args, kwargs, o, loc);
}

}  // namespace tparse::compiler
