// Shape rules for Tensor methods and torch / torch.nn.functional functions (shared entry point:
// a method name, or "fn:<graph target>:<name>" for free functions whose args[0] is the tensor).
#include <fmt/format.h>

#include <cmath>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

static V kwv(const KW& kw, const std::string& n) {
  for (auto& [k, v] : kw) if (k == n) return v;
  return nullptr;
}
static long long nd(Interp& I, long long d, size_t rank, Location loc) {
  long long r = std::max<long long>(static_cast<long long>(rank), 1);
  if (d < -r || d >= r) I.error(loc, fmt::format("Dimension out of range (expected to be in range of [{}, {}], but got {})", -r, r - 1, d));
  return d < 0 ? d + static_cast<long long>(rank) : d;
}

V Interp::tensor_method(V self, const std::string& mname, std::vector<V>& args, KW& kwargs, Location loc) {
  bool is_fn = mname.rfind("fn:", 0) == 0;
  std::string target, name = mname;
  std::vector<V> rest;  // args after the tensor
  if (is_fn) {
    size_t p = mname.find(':', 3);
    target = mname.substr(3, p - 3);
    name = mname.substr(p + 1);
    rest.assign(args.begin() + (args.empty() ? 0 : 1), args.end());
  } else {
    rest = args;
  }
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  auto out = [&](TensorInfo o) -> V {
    if (is_fn) return emit("call_function", target, name, false, args, kwargs, o, loc);
    std::vector<V> all{self};
    all.insert(all.end(), rest.begin(), rest.end());
    return emit("call_method", name, name == "__getitem__" ? "getitem" : name, false, all, kwargs, o, loc);
  };
  auto arg = [&](size_t i, const char* kwname) -> V {
    if (i < rest.size()) return rest[i];
    if (kwname) if (V v = kwv(kwargs, kwname)) return v;
    return nullptr;
  };
  // list-taking functions
  if (name == "cat" || name == "stack" || name == "concat") {
    V seq = is_fn ? args.at(0) : nullptr;
    if (!seq || (seq->k != VK::List && seq->k != VK::Tuple) || seq->items.empty()) error(loc, fmt::format("torch.{} expects a non-empty list of tensors", name));
    V dv = is_fn && args.size() > 1 ? args[1] : kwv(kwargs, "dim");
    long long dim = dv ? dv->i : 0;
    TensorInfo o = *seq->items[0]->t;
    o.fill.reset();
    o.is_param = false;
    o.marked_dynamic.clear();
    o.stride.clear();
    for (auto& x : seq->items) o.requires_grad = o.requires_grad || x->t->requires_grad;
    if (name == "stack") {
      dim = nd(*this, dim, o.shape.size() + 1, loc);
      o.shape.insert(o.shape.begin() + dim, Dim{static_cast<long long>(seq->items.size()), ""});
    } else {
      dim = nd(*this, dim, o.shape.size(), loc);
      long long tot = 0;
      for (auto& x : seq->items) {
        if (x->t->shape.size() != o.shape.size()) error(loc, "torch.cat: tensors must have the same number of dimensions");
        tot += x->t->shape[dim].v;
      }
      o.shape[dim] = Dim{tot, ""};
    }
    return emit("call_function", "torch." + name, name, false, args, kwargs, o, loc);
  }
  if (name == "where") {
    V c = args.at(0), a = args.at(1), b = args.at(2);
    TensorInfo o;
    std::vector<Dim> s = c->t->shape;
    for (auto& x : {a, b}) {
      if (x->k == VK::Tensor) {
        s = broadcast(*this, s, x->t->shape, loc);  // shape only: no graph node (a `+` here used to record two)
        o.dtype = x->t->dtype;
        o.requires_grad = o.requires_grad || x->t->requires_grad;
      }
    }
    o.shape = s;
    return emit("call_function", "torch.where", "where", false, args, kwargs, o, loc);
  }
  if (!self || self->k != VK::Tensor) error(loc, fmt::format("{}: expected a tensor argument", name));
  if (!is_fn) realize(self);
  TensorInfo& t = *self->t;
  TensorInfo o;
  o.shape = t.shape;
  o.dtype = t.dtype;
  o.device = t.device;
  o.requires_grad = t.requires_grad;
  const size_t rank = t.shape.size();

  // ---- Python-value results (no graph node) ----
  if (name == "size" || name == "dim" || name == "numel" || name == "is_contiguous" || name == "element_size" || name == "is_floating_point") {
    if (name == "dim") return mk_int(static_cast<long long>(rank));
    if (name == "numel") { long long n = 1; for (auto& d : t.shape) n *= d.v; return mk_int(n); }
    if (name == "is_contiguous") return mk_bool(true);
    if (name == "is_floating_point") return mk_bool(t.dtype.find("float") != std::string::npos);
    if (name == "element_size") return mk_int(4);
    if (V d = arg(0, "dim")) return size_of(self, nd(*this, d->i, rank, loc));
    return size_of(self, -1);
  }
  if (name == "item" || name == "tolist") {
    if (in_compiled) {
      if (name == "item") graph_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), loc);
      if (t.dtype.find("float") != std::string::npos) graph_break("Tensor.tolist() with non-integer tensor", msg_tolist(), loc);
    }
    if (name == "item") return t.dtype.find("float") != std::string::npos ? mk_float(t.fill ? *t.fill : 0.5) : mk_int(t.fill ? static_cast<long long>(*t.fill) : 1);
    std::function<V(size_t)> build = [&](size_t d) -> V {
      if (d == rank) return t.dtype.find("float") != std::string::npos ? mk_float(t.fill ? *t.fill : 0.5) : mk_int(t.fill ? static_cast<long long>(*t.fill) : 0);
      std::vector<V> xs;
      for (long long i = 0; i < t.shape[d].v; ++i) xs.push_back(build(d + 1));
      return mk_list(xs);
    };
    return build(0);
  }
  if (name == "nonzero" || name == "unique" || name == "masked_select") {
    if (in_compiled) graph_break("Dynamic shape operator", msg_nonzero("aten." + name + ".default"), loc);
    long long n = 1;
    for (auto& d : t.shape) n *= d.v;
    if (t.fill && *t.fill == 0) n = 0;
    o.shape = name == "nonzero" ? std::vector<Dim>{Dim{n, ""}, Dim{static_cast<long long>(rank), ""}} : std::vector<Dim>{Dim{n, ""}};
    o.dtype = name == "nonzero" ? "int64" : t.dtype;
    return mk_tensor(o);
  }
  if (name == "backward") return none();
  if (name == "requires_grad_") { t.requires_grad = true; return self; }
  if (name == "numpy" || name == "cpu" || name == "cuda" || name == "detach" || name == "clone" || name == "contiguous" || name == "float" || name == "half" || name == "double" || name == "long" || name == "int" || name == "bool" || name == "to" || name == "type_as" || name == "bfloat16" || (name == "type" && !rest.empty())) {
    if (name == "float") o.dtype = "float32";
    if (name == "half") o.dtype = "float16";
    if (name == "double") o.dtype = "float64";
    if (name == "long") o.dtype = "int64";
    if (name == "int") o.dtype = "int32";
    if (name == "bool") o.dtype = "bool";
    if (name == "bfloat16") o.dtype = "bfloat16";
    if (name == "detach") o.requires_grad = false;
    if (name == "type_as") o.dtype = rest.at(0)->t->dtype;
    if (name == "to" || name == "type") for (auto& a : rest) if (a->k == VK::DType) o.dtype = a->s;
    if (name == "to") if (V d = kwv(kwargs, "dtype")) o.dtype = d->s;
    if (name == "clone" || name == "contiguous" || name == "to") o.fill = t.fill;
    o.stride = name == "contiguous" || name == "clone" ? std::vector<Dim>{} : t.stride;
    if (!tracing() && (name == "contiguous" || name == "to" || name == "float") && o.dtype == t.dtype && name != "contiguous") return self;
    return out(o);
  }
  // ---- elementwise unary ----
  static const std::set<std::string> unary = {"relu", "sigmoid", "tanh", "exp", "sin", "cos", "sqrt", "rsqrt", "abs", "neg", "log", "gelu", "silu", "dropout", "softmax", "log_softmax", "cumsum", "tril", "triu", "masked_fill", "clamp", "sign", "square", "reciprocal", "erf", "logsigmoid", "softplus", "elu", "leaky_relu", "relu_", "pow", "mish", "hardtanh", "round", "floor", "ceil", "isnan", "logical_not"};
  if (unary.count(name)) {
    if (name == "masked_fill") {
      V mask = arg(0, "mask");
      if (!mask || mask->k != VK::Tensor) error(loc, "masked_fill expects a mask tensor");
      std::vector<V> ignored;
      o.shape = t.shape;
      auto ms = mask->t->shape;
      if (ms.size() > rank) error(loc, "masked_fill: mask has more dimensions than the tensor");
    }
    if (name == "pow" || name == "clamp") {
      V e = arg(0, name == "pow" ? "exponent" : "min");
      if (t.fill && e && e->k != VK::Tensor && name == "pow") o.fill = std::pow(*t.fill, e->k == VK::Float ? e->f : e->i);
    }
    if (name == "abs" && t.fill) o.fill = std::fabs(*t.fill);
    if (name == "relu" && t.fill) o.fill = std::max(0.0, *t.fill);
    if (name == "exp" && t.fill) o.fill = std::exp(*t.fill);
    if (name == "neg" && t.fill) o.fill = -*t.fill;
    if (name == "isnan") o.dtype = "bool";
    if (name == "cumsum" || name == "softmax" || name == "log_softmax") {
      V d = arg(0, "dim");
      if (d && d->k == VK::Int) nd(*this, d->i, rank, loc);
    }
    if ((name == "tril" || name == "triu") && rank < 2) error(loc, fmt::format("{}: input tensor must have at least 2 dimensions", name));
    return out(o);
  }
  // ---- reductions ----
  static const std::set<std::string> reductions = {"sum", "mean", "amax", "amin", "max", "min", "prod", "norm", "var", "std", "all", "any", "argmax", "argmin", "logsumexp"};
  if (reductions.count(name)) {
    V d = arg(0, "dim");
    V kd = kwv(kwargs, "keepdim");
    if (!kd && rest.size() > 1 && rest[1]->k == VK::Bool) kd = rest[1];
    bool keep = kd && kd->b;
    std::vector<long long> dims;
    if (d && d->k == VK::Int) dims.push_back(nd(*this, d->i, rank, loc));
    else if (d && (d->k == VK::Tuple || d->k == VK::List)) for (auto& x : d->items) dims.push_back(nd(*this, x->i, rank, loc));
    if (name == "norm" && d && d->k != VK::Int) dims.clear();
    if (dims.empty()) {
      o.shape = {};
      if (t.fill && name == "sum") { long long n = 1; for (auto& x : t.shape) n *= x.v; o.fill = *t.fill * static_cast<double>(n); }
      else if (t.fill && (name == "mean" || name == "amax" || name == "amin" || name == "max" || name == "min")) o.fill = t.fill;
    } else {
      std::vector<Dim> s;
      double mult = 1;
      for (size_t i = 0; i < rank; ++i) {
        bool red = std::find(dims.begin(), dims.end(), static_cast<long long>(i)) != dims.end();
        if (red) mult *= static_cast<double>(t.shape[i].v);
        if (!red) s.push_back(t.shape[i]);
        else if (keep) s.push_back(Dim{1, ""});
      }
      o.shape = s;
      if (t.fill) o.fill = name == "sum" ? *t.fill * mult : *t.fill;
    }
    if (name == "argmax" || name == "argmin") o.dtype = "int64";
    if (name == "all" || name == "any") o.dtype = "bool";
    if ((name == "max" || name == "min") && !dims.empty()) {  // (values, indices): tensor_extra.cpp
      if (V r = tensor_method_extra(self, is_fn, target, name, args, rest, kwargs, loc)) return r;
    }
    return out(o);
  }
  // ---- binary methods ----
  static const std::map<std::string, std::string> bin = {{"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}, {"matmul", "@"}, {"mm", "@"}, {"bmm", "@"}, {"maximum", "+"}, {"minimum", "+"}, {"eq", "=="}, {"gt", ">"}, {"lt", "<"}, {"ne", "!="}, {"ge", ">="}, {"le", "<="}};
  if (bin.count(name)) {
    V other = arg(0, "other");
    if (!other) error(loc, fmt::format("{}() missing argument 'other'", name));
    bool saved = false;
    (void)saved;
    // compute the shape with the operator rule in eager mode (no node), then record one node
    auto st = stack_.back()->ctx;
    stack_.back()->ctx = nullptr;
    V shaped;
    try { shaped = binop(bin.at(name), self, other, loc); } catch (...) { stack_.back()->ctx = st; throw; }
    stack_.back()->ctx = st;
    return out(*shaped->t);
  }
  // ---- shape ops ----
  if (name == "view" || name == "reshape" || name == "expand" || name == "repeat" || name == "view_as" || name == "expand_as" || name == "reshape_as") {
    std::vector<Dim> s;
    if (name == "view_as" || name == "expand_as" || name == "reshape_as") s = rest.at(0)->t->shape;
    else {
      std::vector<V> xs = rest.size() == 1 && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List) ? rest[0]->items : rest;
      if (xs.size() == 1 && xs[0]->k == VK::DType) { o.dtype = xs[0]->s; return out(o); }
      long long known = 1;
      int infer = -1;
      for (size_t i = 0; i < xs.size(); ++i) {
        if (xs[i]->k != VK::Int) error(loc, fmt::format("{}(): argument 'size' must be a tuple of ints, but found element of type {}", name, type_name(xs[i])));
        if (xs[i]->i == -1 && name != "expand") { infer = static_cast<int>(i); s.push_back(Dim{-1, ""}); continue; }
        if (name == "expand" && xs[i]->i == -1) {
          size_t off = xs.size() - rank;
          if (i < off) error(loc, "expand: -1 not allowed in a new leading dimension");
          s.push_back(t.shape[i - off]);
          continue;
        }
        s.push_back(Dim{xs[i]->i, xs[i]->sym});
        known *= xs[i]->i;
      }
      long long n = 1;
      for (auto& d : t.shape) n *= d.v;
      if (name == "repeat") {
        size_t off = s.size() - rank;
        for (size_t i = 0; i < rank; ++i) s[i + off].v *= t.shape[i].v;
      } else if (name != "expand") {
        if (infer >= 0) {
          if (known == 0 || n % known != 0) error(loc, fmt::format("shape '{}' is invalid for input of size {}", py_repr(mk_list(xs)), n));
          s[infer].v = n / known;
        } else if (known != n) {
          std::string shp = "[";
          for (size_t i = 0; i < xs.size(); ++i) shp += (i ? ", " : "") + py_repr(xs[i]);
          error(loc, fmt::format("shape '{}]' is invalid for input of size {}", shp, n));
        }
        // keep symbolic dims that pass through unchanged
        for (size_t i = 0; i < s.size() && i < rank; ++i) if (t.shape[i].is_sym() && s[i].v == t.shape[i].v) s[i] = t.shape[i];
      }
    }
    o.shape = s;
    o.fill = t.fill;
    if (name == "expand") {
      o.stride.assign(s.size(), Dim{0, ""});
      size_t off = s.size() - rank;
      for (size_t i = 0; i < rank; ++i) o.stride[i + off] = t.shape[i].v == s[i + off].v ? t.stride[i] : Dim{0, ""};
    }
    return out(o);
  }
  if (name == "transpose" || name == "swapaxes" || name == "t" || name == "mT" || name == "permute" || name == "movedim") {
    std::vector<size_t> perm(rank);
    for (size_t i = 0; i < rank; ++i) perm[i] = i;
    if (name == "permute") {
      std::vector<V> xs = rest.size() == 1 && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List) ? rest[0]->items : rest;
      if (xs.size() != rank) error(loc, fmt::format("permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}", rank, xs.size()));
      for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<size_t>(nd(*this, xs[i]->i, rank, loc));
    } else {
      long long a = name == "t" || name == "mT" ? (rank >= 2 ? static_cast<long long>(rank) - 2 : 0) : nd(*this, arg(0, "dim0")->i, rank, loc);
      long long b = name == "t" || name == "mT" ? (rank >= 2 ? static_cast<long long>(rank) - 1 : 0) : nd(*this, arg(1, "dim1")->i, rank, loc);
      std::swap(perm[a], perm[b]);
    }
    o.shape.clear();
    for (size_t i = 0; i < rank; ++i) { o.shape.push_back(t.shape[perm[i]]); o.stride.push_back(t.stride[perm[i]]); }
    o.fill = t.fill;
    return out(o);
  }
  if (name == "flatten") {
    V sd = arg(0, "start_dim"), ed = arg(1, "end_dim");
    long long a = sd ? nd(*this, sd->i, rank, loc) : 0, b = ed ? nd(*this, ed->i, rank, loc) : static_cast<long long>(rank) - 1;
    std::vector<Dim> s(t.shape.begin(), t.shape.begin() + a);
    long long n = 1;
    for (long long i = a; i <= b; ++i) n *= t.shape[i].v;
    s.push_back(Dim{n, ""});
    s.insert(s.end(), t.shape.begin() + b + 1, t.shape.end());
    o.shape = s;
    return out(o);
  }
  if (name == "unsqueeze") {
    long long d = nd(*this, arg(0, "dim")->i, rank + 1, loc);
    o.shape.insert(o.shape.begin() + d, Dim{1, ""});
    o.fill = t.fill;
    return out(o);
  }
  if (name == "squeeze") {
    V d = arg(0, "dim");
    std::vector<Dim> s;
    for (size_t i = 0; i < rank; ++i) {
      bool drop = t.shape[i].v == 1 && !t.shape[i].is_sym() && (!d || nd(*this, d->i, rank, loc) == static_cast<long long>(i));
      if (!drop) s.push_back(t.shape[i]);
    }
    o.shape = s;
    o.fill = t.fill;
    return out(o);
  }
  if (name == "chunk" || name == "split" || name == "unbind") {
    V dv = name == "unbind" ? arg(0, "dim") : arg(1, "dim");
    long long dim = dv ? nd(*this, dv->i, rank, loc) : 0;
    long long size = t.shape.at(dim).v;
    std::vector<long long> parts;
    if (name == "unbind") parts.assign(size, 1);
    else if (name == "chunk") {
      long long n = arg(0, "chunks")->i;
      long long each = (size + n - 1) / n;
      for (long long s = 0; s < size; s += each) parts.push_back(std::min(each, size - s));
    } else {
      V sp = arg(0, "split_size_or_sections");
      if (sp->k == VK::Int) for (long long s = 0; s < size; s += sp->i) parts.push_back(std::min(sp->i, size - s));
      else for (auto& x : sp->items) parts.push_back(x->i);
    }
    V whole = out(o);
    if (tracing()) stack_.back()->ctx->graph.nodes.back().has_meta = false;  // a tuple: printed without a type
    std::vector<V> xs;
    for (size_t i = 0; i < parts.size(); ++i) {
      TensorInfo p = o;
      if (name == "unbind") p.shape.erase(p.shape.begin() + dim);
      else p.shape[dim] = Dim{parts[i], ""};
      p.stride = t.stride;
      if (name == "unbind") p.stride.erase(p.stride.begin() + dim);
      if (tracing()) {
        Graph& g = stack_.back()->ctx->graph;
        Node n;
        n.op = "call_function";
        n.target = "getitem";
        n.args = {to_arg(whole), Arg{-1, std::to_string(i)}};
        n.name = g.unique_name("getitem");
        n.meta = p;
        n.has_meta = true;
        n.line = stack_.back()->cur_line;
        n.fn_name = g.nodes.back().fn_name;
        n.code = g.nodes.back().code;
        n.file = g.nodes.back().file;
        n.line = g.nodes.back().line;
        g.nodes.push_back(n);
        V pv = mk_tensor(p);
        g.tensor_node[pv.get()] = static_cast<int>(g.nodes.size()) - 1;
        xs.push_back(pv);
      } else {
        xs.push_back(mk_tensor(p));
      }
    }
    return mk_tuple(xs);
  }
  if (name == "__getitem__") {
    V idx = rest.at(0);
    std::vector<V> ix = idx->k == VK::Tuple ? idx->items : std::vector<V>{idx};
    std::vector<Dim> s;
    size_t d = 0;
    size_t consumed = 0;  // indices that use up a dimension (for `...`)
    for (auto& x : ix) consumed += x->k == VK::Int || x->k == VK::Slice || x->k == VK::Tensor || x->k == VK::List;
    for (auto& x : ix) {
      if (x->k == VK::None) { s.push_back(Dim{1, ""}); continue; }
      if (x->k == VK::Builtin && x->s == "Ellipsis") {
        if (consumed > rank) error(loc, "too many indices for tensor");
        for (size_t k = 0; k < rank - consumed; ++k) s.push_back(t.shape[d++]);
        continue;
      }
      if (x->k == VK::Int) { if (d >= rank) error(loc, "too many indices for tensor"); nd(*this, x->i, t.shape[d].v, loc); ++d; continue; }
      if (x->k == VK::Slice) {
        if (d >= rank) error(loc, "too many indices for tensor");
        long long n = t.shape[d].v;
        long long st = x->items[2]->k == VK::Int ? x->items[2]->i : 1;
        long long lo = x->items[0]->k == VK::Int ? x->items[0]->i : 0, hi = x->items[1]->k == VK::Int ? x->items[1]->i : n;
        if (lo < 0) lo += n;
        if (hi < 0) hi += n;
        lo = std::clamp(lo, 0LL, n);
        hi = std::clamp(hi, 0LL, n);
        Dim nd2{std::max(0LL, (hi - lo + st - 1) / st), ""};
        if (x->items[0]->k == VK::None && x->items[1]->k == VK::None && st == 1) nd2 = t.shape[d];
        // `[:n]` with a SymInt n inside the dim keeps the symbol (guarded by its hint)
        if (x->items[0]->k == VK::None && st == 1 && x->items[1]->k == VK::Int && !x->items[1]->sym.empty() && hi == x->items[1]->i)
          nd2 = Dim{hi, x->items[1]->sym};
        s.push_back(nd2);
        ++d;
        continue;
      }
      if (x->k == VK::List) {  // one advanced index (a list of ints): that dim becomes len(list)
        if (d >= rank) error(loc, "too many indices for tensor");
        for (auto& y : x->items) {
          if (y->k != VK::Int) error(loc, "only lists of ints are supported as tensor indices by tparse");
          nd(*this, y->i, t.shape[d].v, loc);
        }
        s.push_back(Dim{static_cast<long long>(x->items.size()), ""});
        ++d;
        continue;
      }
      if (x->k == VK::Tensor) {
        if (x->t->dtype == "bool" && in_compiled) graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), loc);
        for (auto& y : x->t->shape) s.push_back(y);
        ++d;
        continue;
      }
      error(loc, fmt::format("unsupported index type {}", type_name(x)));
    }
    for (; d < rank; ++d) s.push_back(t.shape[d]);
    o.shape = s;
    o.fill = t.fill;
    if (tracing()) {
      Graph& g = stack_.back()->ctx->graph;
      std::vector<V> all{self, idx};
      V r = emit("call_function", "getitem", "getitem", false, all, {}, o, loc);
      (void)g;
      return r;
    }
    return mk_tensor(o);
  }
  // ---- nn functional ----
  if (name == "linear") {
    V w = arg(0, "weight");
    if (!w || w->k != VK::Tensor) error(loc, "linear: missing weight");
    if (t.shape.empty() || t.shape.back().v != w->t->shape.back().v)
      error(loc, fmt::format("shape mismatch in linear: input {} has {} features but the layer expects {}", meta_str(t), t.shape.empty() ? 0 : t.shape.back().v, w->t->shape.back().v));
    o.shape.back() = w->t->shape[0];
    o.requires_grad = t.requires_grad || w->t->requires_grad;
    return out(o);
  }
  if (name == "layer_norm" || name == "rms_norm" || name == "group_norm" || name == "normalize") {
    V w = arg(1, "weight");
    if (w && w->k == VK::Tensor) o.requires_grad = o.requires_grad || w->t->requires_grad;
    return out(o);
  }
  if (name == "embedding") {
    V w = arg(0, "weight");
    o.shape.push_back(w->t->shape.back());
    o.dtype = w->t->dtype;
    o.requires_grad = w->t->requires_grad;
    return out(o);
  }
  if (name == "scaled_dot_product_attention") {
    V k = arg(0, "key"), v = arg(1, "value");
    if (!k || !v) error(loc, "scaled_dot_product_attention(q, k, v)");
    if (t.shape.back().v != k->t->shape.back().v) error(loc, fmt::format("shape mismatch in scaled_dot_product_attention: query {} vs key {}", meta_str(t), meta_str(*k->t)));
    o.shape.back() = v->t->shape.back();
    o.requires_grad = t.requires_grad || k->t->requires_grad || v->t->requires_grad;
    return out(o);
  }
  if (V r = tensor_method_extra(self, is_fn, target, name, args, rest, kwargs, loc)) return r;
  error(loc, fmt::format("unsupported tensor operation '{}'", is_fn ? target : "Tensor." + name));
}

}  // namespace tparse::compiler
