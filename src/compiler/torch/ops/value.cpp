// Value family: calls whose result is a Python value, not a graph node (Tensor.size/dim/item/tolist,
// torch.is_tensor), data-dependent shapes that break the graph (nonzero, unique), and the torch-level
// switches (torch.compile, compiler.disable, _dynamo.graph_break / mark_dynamic, nn.Parameter/Buffer).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "dynamo/messages.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/keep_alive.hpp"
#include "runtime/interp.hpp"
#include "torch/nn/nn_more.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::ops {

static bool in_compiled(Interp& I) {
  Activation& act = *I.stack_.back();
  return act.ctx && act.ctx->mode != Mode::Eager;
}

V size_like(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  if (name == "dim" || name == "ndimension") return mk_int(static_cast<long long>(c.rank()));
  if (name == "numel" || name == "nelement") return c.I.numel_of(c.self);
  if (name == "is_contiguous") return mk_bool(true);
  if (name == "is_floating_point") return mk_bool(t.dtype.find("float") != std::string::npos);
  if (name == "element_size") return mk_int(dtype_size(t.dtype));
  if (name == "data_ptr") {
    // the address of the first element: one base per storage (a view shares its base's), plus the view's offset in
    // bytes; in a frame Dynamo's DataPtrVariable, which no comparison takes (GB0023 in cmp_eq: interp_compare.cpp)
    const Obj* st = c.self->storage ? c.self->storage.get() : c.self.get();
    const long long base = 0x7f0000000000LL + static_cast<long long>(reinterpret_cast<uintptr_t>(st) & 0xffffffffULL) * 64;
    V r = mk_int(base + c.self->storage_offset * dtype_size(t.dtype));
    if (in_compiled(c.I)) r->s = kDataPtrMark;
    return r;
  }
  if (name == "get_device") {  // -1 on the CPU, the index on CUDA (a constant to Dynamo)
    size_t colon = t.device.find(':');
    return mk_int(t.device.rfind("cuda", 0) == 0 ? (colon == std::string::npos ? 0 : std::stoll(t.device.substr(colon + 1))) : -1);
  }
  if (V d = c.arg(0, "dim")) {
    if (c.rank() == 0) c.fail(fmt::format("Dimension specified as {} but tensor has no dimensions", d->i));  // torch's IndexError
    return c.I.size_of(c.self, c.dim(d->i, c.rank()), d->i, c.loc);
  }
  return c.I.size_of(c.self, -1, Interp::kDimAsRead, c.loc);
}

V is_complex(OpCall& c) { return mk_bool(c.t().dtype.rfind("complex", 0) == 0); }

V item(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  if (in_compiled(c.I)) {
    if (c.name == "item") c.I.graph_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), c.loc);
    if (t.dtype.find("float") != std::string::npos) c.I.graph_break("Tensor.tolist() with non-integer tensor", msg_tolist(), c.loc);
    // an integer tolist() wraps one `item` proxy per element; the fake tensor's _local_scalar_dense raises
    // DataDependentOutputException (capture_scalar_outputs=False): GB0033 (variables/tensor.py method_tolist)
    long long numel = 1;
    for (auto& d : t.shape) numel *= d.v;
    if (numel > 0) c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
  }
  if (const std::vector<double>* v = values::of(c.I, c.self)) {  // eager with known values: the data
    // (values resting on a guess give numbers that carry it: noted where they decide something)
    const int g = values::guess_of(c.self);
    std::function<V(V)> mark = [&](V x) {
      if (g < 0) return x;
      if (x->k == VK::List) for (auto& y : x->items) mark(y);
      else x->guess = g;
      return x;
    };
    if (c.name == "tolist") return mark(values::py_list(c.self, *v));
    if (v->size() != 1) c.fail(fmt::format("a Tensor with {} elements cannot be converted to Scalar", v->size()));
    return mark(values::py_number(t.dtype, (*v)[0]));
  }
  // no values known: a uniform fill (torch.zeros / ones / full) is the data; otherwise the numbers are a guess, noted
  // unmodelled where one decides something (Interp::use_guess: a logged loss decides nothing)
  const int guess = t.fill ? -1 : c.I.new_guess(c.loc, "Tensor." + c.name + "() of data the compiler does not know (values guessed)");
  auto number = [&](V v) { v->guess = guess; return v; };
  // (a guessed float differs from one guess to the next, as a loss does from step to step: a resume function that
  // holds it on its stack is guarded by value and recompiles, as real torch does on U-2-Net's logged losses)
  const double fguess = guess >= 0 ? 0.5 + static_cast<double>(guess % 256) / 1024.0 : 0.5;
  if (c.name == "item" && t.dtype == "bool") return number(mk_bool(t.fill ? *t.fill != 0 : true));  // a Python bool, as torch's
  if (c.name == "item") return number(t.dtype.find("float") != std::string::npos ? mk_float(t.fill ? *t.fill : fguess) : mk_int(t.fill ? static_cast<long long>(*t.fill) : 1));
  std::function<V(size_t)> build = [&](size_t d) -> V {
    // (each element guessed as item() guesses it: a bool is a Python bool, True; an integer 1, as an integer cast of
    // unknown data reads)
    if (d == rank && t.dtype == "bool") return number(mk_bool(t.fill ? *t.fill != 0 : true));
    if (d == rank) return number(t.dtype.find("float") != std::string::npos ? mk_float(t.fill ? *t.fill : 0.5) : mk_int(t.fill ? static_cast<long long>(*t.fill) : 1));
    std::vector<V> xs;
    for (long long i = 0; i < t.shape[d].v; ++i) xs.push_back(build(d + 1));
    return mk_list(xs);
  };
  return build(0);
}

// torch.equal(a, b) / torch.allclose(a, b, rtol, atol): a Python bool of the data (same size and elements; |a - b| <=
// atol + rtol * |b| elementwise). Eager with both values known it is computed; otherwise it is noted unmodelled and
// taken as true (the form scripts use it in: a check that the copy they just made matches).
V equal(OpCall& c) {
  // a torch function of the Value family gets its input among the arguments (torch.equal(a, b)): skip it
  const size_t k = c.is_fn && !c.rest.empty() && c.rest[0].get() == c.self.get() ? 1 : 0;
  V other = c.arg(k, "other");
  if (!other || other->k != VK::Tensor) c.fail(c.name + "(): argument 'other' must be Tensor");
  // in a frame aten.equal's bool depends on the data: FakeTensor raises, Dynamo breaks the graph at the call (GB0033)
  // (allclose too: aten.allclose's bool; VDM's `assert allclose(img_int / 255, x)`, program allclose_in_frame)
  if (c.I.tracing())
    c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten." + c.name + ".default"), c.loc);
  auto same_sizes = [](const std::vector<Dim>& a, const std::vector<Dim>& b) {  // by value (a graph output's dims may be symbolic)
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Dim& x, const Dim& y) { return x.v == y.v; });
  };
  if (c.name == "equal" && !same_sizes(c.t().shape, other->t->shape)) return mk_bool(false);
  std::vector<double> fa, fb;  // a uniform fill (torch.zeros / ones / full) is the data too
  auto data = [&](const V& t, std::vector<double>& fill) -> const std::vector<double>* {
    if (in_compiled(c.I)) return nullptr;
    if (const std::vector<double>* v = values::of(c.I, t)) return v;
    long long n = 1;
    for (auto& d : t->t->shape) n = d.is_sym() ? -1 : n * d.v;
    if (!t->t->fill || n < 0 || n > 1000000) return nullptr;
    fill.assign(static_cast<size_t>(n), *t->t->fill);
    return &fill;
  };
  const std::vector<double>* a = data(c.self, fa);
  const std::vector<double>* b = data(other, fb);
  if (!a || !b || a->size() != b->size()) {
    c.I.note_unmodelled(c.loc, "torch." + c.name + "() of data the compiler does not know (taken as True)");
    return mk_bool(true);
  }
  double rtol = 1e-05, atol = 1e-08;
  auto number = [](const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i); };
  if (V r = c.arg(k + 1, "rtol")) rtol = number(r);
  if (V t = c.arg(k + 2, "atol")) atol = number(t);
  for (size_t i = 0; i < a->size(); ++i) {
    double x = (*a)[i], y = (*b)[i];
    bool same = c.name == "equal" ? x == y : (x == y || std::fabs(x - y) <= atol + rtol * std::fabs(y));
    if (!same) return mk_bool(false);
  }
  return mk_bool(true);
}

// nonzero / unique / masked_select: the output size depends on the data (aten.nonzero under Dynamo's
// capture_dynamic_output_shape_ops=False breaks the graph); eagerly a uniform fill decides the count.
V dynamic_shape(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  if (in_compiled(c.I)) {
    // torch.unique (and Tensor.unique) is torch/functional.py's _unique_impl: aten._unique2 without dim, unique_dim with
    V dim = c.name == "unique" ? c.kw("dim") : nullptr;
    const std::string op = c.name != "unique" ? c.name : dim && dim->k != VK::None ? "unique_dim" : "_unique2";
    c.I.graph_break("Dynamic shape operator", msg_nonzero("aten." + op + ".default"), c.loc);
  }
  if (c.name == "unique" || c.name == "unique_consecutive") return values::unique(c);
  // nonzero counts the input's nonzero entries; masked_select the mask's true ones (as broadcast over the input)
  V counted = c.self;
  // (the function form's arguments may start with the input itself: `torch.masked_select(x, mask)`)
  V mask = c.name == "masked_select" ? c.arg(0, "mask") : nullptr;
  if (mask && mask == c.self && c.rest.size() >= 2) mask = c.rest[1];
  if (c.name == "masked_select")
    if (V m = mask; m && m->k == VK::Tensor && m->t->shape.size() == rank &&
                                std::equal(m->t->shape.begin(), m->t->shape.end(), t.shape.begin(), [](const Dim& a, const Dim& b) { return a.v == b.v; }))
      counted = m;
  long long n = values::true_count(c.I, counted, c.loc, "torch." + c.name + "()");
  TensorInfo o = c.like();
  o.shape = c.name == "nonzero" ? std::vector<Dim>{Dim{n, ""}, Dim{static_cast<long long>(rank), ""}} : std::vector<Dim>{Dim{n, ""}};
  o.dtype = c.name == "nonzero" ? "int64" : t.dtype;
  // nonzero's [N, ndim] result is column-major (ATen fills it transposed): strides [1, N] (real torch 2.11: nonzero_break)
  o.stride = c.name == "nonzero" ? std::vector<Dim>{Dim{1, ""}, Dim{n, ""}} : std::vector<Dim>{Dim{1, ""}};
  // the indices themselves where the input's values are known (Longformer's global-attention positions index with them)
  std::vector<std::vector<double>> at(rank);
  const std::vector<double>* known = c.name == "nonzero" ? values::of(c.I, c.self) : nullptr;
  if (known && static_cast<long long>(std::count_if(known->begin(), known->end(), [](double x) { return x != 0; })) == n) {
    std::vector<long long> ix(rank, 0);
    for (double x : *known) {
      if (x != 0)
        for (size_t d = 0; d < rank; ++d) at[d].push_back(static_cast<double>(ix[d]));
      for (size_t d = rank; d-- > 0;) {  // the next row-major multi-index
        if (++ix[d] < t.shape[d].v) break;
        ix[d] = 0;
      }
    }
  } else {
    known = nullptr;
  }
  V as_tuple = c.kw("as_tuple");
  if (c.name == "nonzero" && as_tuple && as_tuple->k == VK::Bool && as_tuple->b) {  // one 1-D index tensor per dim
    std::vector<V> xs;
    TensorInfo one = o;
    one.shape = {Dim{n, ""}};
    one.stride = {Dim{1, ""}};
    for (size_t i = 0; i < rank; ++i) {
      xs.push_back(mk_tensor(one));
      if (known) {
        values::attach(c.I, xs.back(), at[i]);
        values::carry_guess({c.self}, xs.back());
      }
    }
    return mk_tuple(xs);
  }
  V r = mk_tensor(o);
  if (known) {  // [N, ndim], row-major
    std::vector<double> flat;
    const size_t rows = at.empty() ? 0 : at[0].size();
    for (size_t k = 0; k < rows; ++k)
      for (size_t d = 0; d < rank; ++d) flat.push_back(at[d][k]);
    values::attach(c.I, r, std::move(flat));
    values::carry_guess({c.self}, r);
  }
  return r;
}

// Tensor.indices() / values() (and _indices / _values) of a sparse COO tensor, and _nnz(),: indices [sparse_dim, nnz] int64,
// values [nnz]; a tensor made by to_sparse() holds the nonzero entries in row-major order, so nnz and the indices are
// the data's where it is known (GRAN's `adj.to_sparse().coalesce().indices()` edge list), else counted as nonzero
V sparse_parts(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string base = c.name[0] == '_' ? c.name.substr(1) : c.name;
  if (!t.sparse) c.I.raise_exc("RuntimeError", fmt::format("{} expected sparse coordinate tensor layout but got Strided", base), c.loc);
  const size_t rank = t.shape.size();
  long long n = values::true_count(c.I, c.self, c.loc, "Tensor." + c.name + "() of a sparse tensor");
  if (c.name == "_nnz") return mk_int(n);  // (the number of stored entries: the nonzero ones, as the data says)
  TensorInfo o = c.like();
  o.sparse = false;
  o.requires_grad = false;
  const std::vector<double>* known = values::of(c.I, c.self);
  if (known && static_cast<long long>(std::count_if(known->begin(), known->end(), [](double x) { return x != 0; })) != n) known = nullptr;
  std::vector<std::vector<double>> at(rank);
  std::vector<double> vals;
  if (known) {
    std::vector<long long> ix(rank, 0);
    for (double x : *known) {
      if (x != 0) {
        for (size_t d = 0; d < rank; ++d) at[d].push_back(static_cast<double>(ix[d]));
        vals.push_back(x);
      }
      for (size_t d = rank; d-- > 0;) {
        if (++ix[d] < t.shape[d].v) break;
        ix[d] = 0;
      }
    }
  }
  if (base == "indices") {
    o.dtype = "int64";
    o.shape = {Dim{static_cast<long long>(rank), ""}, Dim{n, ""}};
    o.stride = {Dim{n, ""}, Dim{1, ""}};
  } else {
    o.shape = {Dim{n, ""}};
    o.stride = {Dim{1, ""}};
  }
  V r = mk_tensor(o);
  if (known) {
    std::vector<double> flat;
    if (base == "indices") for (const auto& row : at) flat.insert(flat.end(), row.begin(), row.end());
    else flat = std::move(vals);
    values::attach(c.I, r, std::move(flat));
    values::carry_guess({c.self}, r);
  }
  return r;
}

V backward(OpCall& c) {
  // inside a frame Dynamo refuses it (TensorVariable.method_backward without trace_autograd_ops): the graph breaks
  // at the call and the backward runs eagerly (every compiled training step: `loss.backward()`)
  if (in_compiled(c.I)) {
    std::string args;
    const char* names[] = {"gradient", "retain_graph", "create_graph", "inputs"};
    for (int i = 0; i < 4; ++i) {
      V v = c.arg(static_cast<size_t>(i), names[i]);
      std::string r = !v || v->k == VK::None ? "None" : v->k == VK::Tensor ? "TensorVariable()"
                      : v->k == VK::Bool ? fmt::format("ConstantVariable(bool: {})", v->b ? "True" : "False") : "ConstantVariable()";
      args += (i ? " " : "") + r;
    }
    c.I.graph_break("Unsupported Tensor.backward() call", msg_backward(args), c.loc);
  }
  // a node whose backward kernel refuses its inputs fails the whole backward (graph-convnet-tsp's nll_loss2d over a
  // permuted log_softmax: "grad_input must be contiguous", real torch 2.11 eager)
  if (const std::string err = backward_error_of(c.self); !err.empty()) c.I.raise_exc("RuntimeError", err, c.loc);
  backward_runs_now() = ++c.I.backward_runs_;
  // create_graph=True: the gradients this run makes are differentiable (AdaHessian's Hutchinson products)
  if (V cg = c.arg(2, "create_graph"); cg && cg->k == VK::Bool && cg->b) c.I.counters_["create_graph_run"] = c.I.backward_runs_;
  // the leaves the loss depends on get a gradient; a parameter it never used keeps None (an ancestry tparse did not
  // record anywhere on the way: every leaf that requires grad, as before)
  if (!mark_reached(c.self, backward_runs_now())) backward_all_epoch() = backward_runs_now();
  c.I.autograd_entry_cast({c.self}, c.loc);
  c.I.run_python_backwards(c.self, c.loc);  // (a custom op's / Function's backward: a frame under the callback)
  return none();
}

V requires_grad_(OpCall& c) {
  V rg = c.arg(0, "requires_grad");  // requires_grad_(requires_grad=True)
  const bool want = !(rg && rg->k == VK::Bool && !rg->b);
  // inside a frame Dynamo allows it only as a no-op (TensorVariable.method_requires_grad_): a change breaks (GB0125)
  if (in_compiled(c.I) && c.self->t->requires_grad != want)
    c.I.graph_break("Unsupported Tensor.requires_grad_() call", msg_requires_grad(), c.loc);
  c.self->t->requires_grad = want;
  if (!c.self->t->grad_fn) c.self->t->user_leaf = want;
  return c.self;
}

V compile(OpCall& c) {
  auto opts = std::make_shared<CompileOpts>();
  V be = c.kw("backend");
  if (!be && c.args.size() >= 3 && c.name != "compile.partial") be = nullptr;  // (positional backend is rare)
  if (!be || (be->k == VK::Str && be->s == "inductor")) opts->backend = "inductor#" + std::to_string(++c.I.backend_calls_);
  else if (be->k == VK::Str) opts->backend = be->s;
  else opts->backend = fmt::format("callable@{}", static_cast<const void*>(be.get()));
  // (a backend named by string: its first lookup imports the backend registry, evicting typing's Union cache)
  if (!be || be->k == VK::Str) c.I.note_backend_lookup();
  if (V d = c.kw("dynamic")) { if (d->k == VK::Bool) { opts->dynamic_false = !d->b; opts->dynamic_true = d->b; } }
  if (V f = c.kw("fullgraph")) opts->fullgraph = f->k == VK::Bool && f->b;
  if (c.name == "compile.partial") c.fail("internal: partial");
  if (c.args.empty()) {
    auto p = mk_builtin("torch.compile.partial");
    p->copts = opts;
    return p;
  }
  auto r = std::make_shared<Obj>();
  r->k = VK::Compiled;
  r->func = c.args[0];
  r->copts = opts;
  return r;
}

V disable(OpCall& c) {
  if (c.args.empty()) return mk_builtin("torch.compiler.disable");
  auto f = std::make_shared<Obj>(*c.args[0]);
  f->disabled = true;
  return f;
}

// torch._dynamo.allow_in_graph(fn): fn itself, registered so that Dynamo puts a call of it in the graph as one
// node. A class so marked (diffusers' @maybe_allow_in_graph on its transformer blocks) changes nothing for its
// instances' forward, which Dynamo inlines as any module's; a marked function's call is not modelled as that node.
V allow_in_graph(OpCall& c) {
  V fn = c.args.at(0);
  if (fn->k != VK::Class && !(fn->k == VK::Builtin && fn->s.rfind("torch.", 0) == 0))
    c.I.note_unmodelled(c.loc, "torch._dynamo.allow_in_graph of a function (its calls are one graph node in torch; inlined here)");
  return fn;
}

V graph_break(OpCall& c) {
  if (in_compiled(c.I)) c.I.graph_break("Call to `torch._dynamo.graph_break()`", msg_graph_break_call(), c.loc);
  return none();
}

V mark_dynamic(OpCall& c) {
  for (auto& d : c.I.iterate(c.args.at(1)->k == VK::Int ? mk_list({c.args[1]}) : c.args[1], c.loc))
    c.args[0]->t->marked_dynamic.insert(static_cast<int>(d->i));
  return none();
}

V noop(OpCall&) { return none(); }

V is_tensor(OpCall& c) { return mk_bool(!c.args.empty() && c.args[0]->k == VK::Tensor); }

V false_value(OpCall&) { return mk_bool(false); }

// torch.cuda.is_available() on a machine without CUDA (the truth machine runs with CUDA hidden): False. Called eagerly
// under the eval-frame callback, its _nvml_based_avail() reads os.getenv("PYTORCH_NVML_BASED_CUDA_CHECK"), Python code
// of the standard library whose frames are handed to Dynamo once each and skipped (no tensor): getenv, Mapping.get,
// os._Environ.__getitem__ and its encodekey (real torch 2.11: Sentence-VAE's forward, whose resume runs its rest eagerly)
V cuda_is_available(OpCall& c) {
  Interp& I = c.I;
  const Activation& act = *I.stack_.back();  // (in a frame's trace or its compiled code Dynamo folds the call)
  if (I.callback_active_ > 0 && (!act.ctx || act.ctx->mode == Mode::Eager) && I.run_only_depth_ == 0) {
    I.count_stdlib_frame_once("getenv", "<frozen os>", 779);
    I.count_stdlib_frame_once("get", "<frozen _collections_abc>", 804);
    I.count_stdlib_frame_once("__getitem__", "<frozen os>", 680);
    I.count_stdlib_frame_once("encode", "<frozen os>", 762);
  }
  return mk_bool(false);
}

// torch.cuda.empty_cache(): in a frame Dynamo keeps the call as a node with no value (TorchInGraphFunctionVariable:
// `empty_cache = torch.cuda.memory.empty_cache();  empty_cache = None`, Point-Transformers' sample_and_group); eagerly,
// on a host without CUDA memory to free, nothing
V cuda_empty_cache(OpCall& c) {
  c.I.emit_ctx_node("torch.cuda.memory.empty_cache", "empty_cache", {}, c.loc);
  return none();
}
V none_value(OpCall&) { return none(); }

// torch.broadcast_shapes(*shapes) (torch/functional.py): the common size, right-aligned, of shapes given as tuples /
// torch.Size / ints. In a frame Dynamo keeps the call as a node whose value is that Size (MultivariateNormal.__init__:
// `torch.functional.broadcast_shapes((8,), (8,))`); an op given the Size takes that node where it holds a SymInt.
V broadcast_shapes(OpCall& c) {
  std::vector<V> out;  // right-aligned: out[0] is the last dimension
  for (const V& a : c.args) {
    std::vector<V> dims = a->k == VK::Int ? std::vector<V>{a} : std::vector<V>{};
    if (a->k == VK::List || a->k == VK::Tuple) dims = a->items;
    else if (a->k != VK::Int) c.fail("Input shapes should be of type ints, a tuple of ints, or a list of ints");
    for (size_t i = 0; i < dims.size(); ++i) {
      const V& d = dims[dims.size() - 1 - i];
      if (d->k != VK::Int) c.fail("Input shapes should be of type ints, a tuple of ints, or a list of ints");
      if (d->sym.empty() && d->i < 0) c.fail(fmt::format("Trying to create tensor with negative dimension ({}): ({})", d->i, d->i));
      if (i >= out.size()) { out.push_back(d); continue; }
      V& cur = out[i];
      const bool cur_one = cur->sym.empty() && cur->i == 1, d_one = d->sym.empty() && d->i == 1;
      if (d_one) continue;
      if (cur_one) { cur = d; continue; }
      if (cur->sym.empty() && d->sym.empty() && cur->i != d->i) c.fail("Shape mismatch: objects cannot be broadcast to a single shape");
      // equal sizes (or symbols Dynamo would take as equal): the first shape's size is kept
    }
  }
  std::reverse(out.begin(), out.end());
  V r = mk_tuple(out);
  r->size_tuple = true;
  if (c.I.tracing()) {
    std::vector<Arg> args;
    for (const V& a : c.args) args.push_back(c.I.to_arg(a));
    const int node = c.I.emit_ctx_node("torch.functional.broadcast_shapes", "broadcast_shapes", std::move(args), c.loc);
    bool symbolic = false;
    for (const V& d : out) symbolic = symbolic || !d->sym.empty();
    if (symbolic && node >= 0) {
      c.I.stack_.back()->ctx->graph.symint_node[r.get()] = node;
      keep_graph_value(r);
    }
  }
  return r;
}

// F._canonical_mask(mask=..., target_type=...): nodes of a boolean mask's conversion (nn_attention.cpp)
V canonical_mask(OpCall& c) {
  V m = c.get("mask"), t = c.get("target_type");
  if (!m || m->k == VK::None) return none();
  return nn_canonical_mask(c.I, m, t && t->k == VK::DType ? t->s : "float32", c.loc);
}

// nn.Parameter(t): a leaf that requires grad; nn.Buffer(t) (torch >= 2.5): a tensor a module
// registers as a buffer when assigned to an attribute (Module.__setattr__).
V parameter(OpCall& c) {
  if (c.args.empty())  // Parameter(data=t, requires_grad=False): the data by keyword (BasicSR's ECBSR masks)
    if (V d = c.kw("data"); d) c.args.push_back(d);
  if (!c.args.empty() && c.args[0]->k == VK::Opaque) {  // built from an unmodelled value: unknown too
    c.I.note_unmodelled(c.loc, c.name + "(" + c.args[0]->s + ")");
    return mk_opaque(c.name + "(" + c.args[0]->s + ")");
  }
  if (c.args.empty() || c.args[0]->k != VK::Tensor) c.fail(fmt::format("{}() needs a tensor", c.name));
  TensorInfo t = *c.args[0]->t;
  t.grad_fn = false;  // a parameter or buffer is a leaf
  // it is its data's storage: the known values go with it (EDM's noise schedule `nn.Parameter(torch.from_numpy(g)
  // .float(), requires_grad=False)` indexed and read with item())
  auto same_data = [&](V r) {
    values::shares_storage(r, c.args[0]);
    r->vals = c.args[0]->vals;
    return r;
  };
  if (c.name == "nn.Buffer") {
    t.is_buffer = t.nn_buffer = true;
    return same_data(mk_tensor(t));
  }
  // in a frame Dynamo refuses the constructor (TorchInGraphFunctionVariable.call_nn_parameter under
  // graph_break_on_nn_param_ctor, on by default: GB0264 at the call, which runs eagerly; real torch 2.11: the VQ-VAE's
  // EMA update `self._ema_w = nn.Parameter(self._ema_w * decay + ...)` in forward)
  // Data that is an input of the frame (a tensor attribute, an argument: it has a source, and no op made it) is the
  // exception: call_nn_parameter's _nn_param_via_prefix_insert builds the Parameter in the bytecode before the graph,
  // a graph input of a synthetic local, `SYNTHETIC_LOCAL_tmp_0_`, with no guard of its own (the data's TENSOR_MATCH
  // stands for it); real torch 2.11: Renovamen's PositionalEncoding, program param_ctor_of_input_no_break
  std::string synthetic;
  if (c.I.tracing()) {
    FrameCtx& ctx = *c.I.stack_.back()->ctx;
    const V& data = c.args[0];
    auto node = ctx.graph.tensor_node.find(data.get());
    const bool input = ctx.sources.count(data.get()) && !data->t->is_param &&
                       (node == ctx.graph.tensor_node.end() || ctx.graph.nodes[static_cast<size_t>(node->second)].op == "placeholder");
    if (!input) c.I.graph_break("Attempted to use `torch.nn.Parameter()` constructor with Dynamo", msg_nn_param_ctor(), c.loc);
    c.I.node_of(data);
    size_t n = 0;  // (OutputGraph.new_var: tmp_0, tmp_1, ... in the compile)
    for (const auto& [obj, src] : ctx.sources) n += src.rfind("SYNTHETIC_LOCAL['", 0) == 0;
    synthetic = fmt::format("SYNTHETIC_LOCAL['tmp_{}']", n);
  }
  t.is_param = true;
  V rg = c.kw("requires_grad");  // Parameter(data, requires_grad=True): by keyword or second
  if (!rg && c.args.size() > 1) rg = c.args[1];
  t.requires_grad = !(rg && rg->k == VK::Bool && !rg->b);
  if (!synthetic.empty()) {  // (VariableBuilder wraps it at once: its placeholder comes here, not at a first use)
    V r = same_data(mk_tensor(t));
    c.I.stack_.back()->ctx->sources.of(r) = synthetic;
    c.I.node_of(r);
    return r;
  }
  // (an integer or bool tensor cannot require grad: Tensor._make_subclass's RuntimeError; real torch 2.11: eladhoffer
  // seq2seq's `nn.Parameter(torch.full((out_features,), 0))`, an int64 fill)
  if (t.requires_grad && t.dtype.find("float") == std::string::npos && t.dtype.rfind("complex", 0) != 0)
    c.I.raise_exc("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients", c.loc);
  return same_data(mk_tensor(t));
}

}  // namespace tparse::compiler::ops

namespace tparse::compiler::ops {

// Constants Dynamo folds: jit.is_tracing/is_scripting and autocast queries are False; compiler.is_compiling,
// is_dynamo_compiling and is_exporting are True inside a compiled frame (Dynamo's tracing_state_functions folds
// torch.compiler.is_exporting to True under torch.compile too; eagerly it is False); get_default_dtype is float32;
// the runs are on CPU (no CUDA devices, torch.accelerator finds none).
V constant(OpCall& c) {
  const std::string& n = c.name;
  if (n == "compiler.is_compiling" || n == "_dynamo.is_compiling" || n == "compiler.is_dynamo_compiling" || n == "compiler.is_exporting") {
    if (in_compiled(c.I) && c.I.tracing()) c.I.stack_.back()->ctx->inconsistent_side_effects = true;
    return mk_bool(in_compiled(c.I));
  }
  if (n == "is_grad_enabled") return mk_bool(c.I.grad_enabled());
  if (n == "get_default_dtype" || n == "get_autocast_dtype" || n == "get_autocast_gpu_dtype") {
    auto d = std::make_shared<Obj>();
    d->k = VK::DType;
    d->s = n == "get_default_dtype" ? "float32" : "float16";
    return d;
  }
  if (n == "cuda.device_count" || n == "accelerator.device_count") return mk_int(0);
  if (n == "accelerator.current_accelerator") return none();  // torch.accelerator on a CPU-only install
  if (n == "accelerator.current_device_index") return mk_int(-1);
  return mk_bool(false);
}

// torch.promote_types(a, b): the dtype both promote to (ATen's promoteTypes), a constant Dynamo folds (torchdiffeq's
// adaptive solvers: `torch.promote_types(dtype, y0.abs().dtype)`)
V promote_types(OpCall& c) {
  V a = c.arg(0, "type1"), b = c.arg(1, "type2");
  if (!a || !b || a->k != VK::DType || b->k != VK::DType) c.fail("promote_types(type1, type2) takes two dtypes");
  auto d = std::make_shared<Obj>();
  d->k = VK::DType;
  d->s = promote_dtype(a->s, b->s);
  return d;
}

// torch.device("cuda:0") / torch.device("cpu") / torch.device("cuda", 1)
V device(OpCall& c) {
  if (c.args.empty()) c.fail("device() takes a device string");
  if (c.args[0]->k == VK::Device) return c.args[0];
  if (c.args[0]->k != VK::Str) c.fail("device(): expected a string");
  auto d = std::make_shared<Obj>();
  d->k = VK::Device;
  d->s = c.args[0]->s;
  if (c.args.size() > 1 && c.args[1]->k == VK::Int) d->s += ":" + std::to_string(c.args[1]->i);
  return d;
}

// Tensor.stride(): a tuple of ints; stride(dim): one int
V stride(OpCall& c) {
  const TensorInfo& t = c.t();
  std::vector<Dim> st = t.stride.size() == t.shape.size() ? t.stride : contiguous_strides(t.shape);
  // a symbolic stride is a SymInt of its expression (`x.stride()` of an unsqueezed dynamic vector: s33), as a size is
  auto one = [&](const Dim& s) {
    V v = mk_int(s.v);
    if (s.is_sym() && c.I.tracing()) v->sym = s.sym;
    return v;
  };
  if (V d = c.arg(0, "dim")) return one(st[static_cast<size_t>(c.dim(d->i, c.rank()))]);
  std::vector<V> xs;
  for (auto& s : st) xs.push_back(one(s));
  return mk_tuple(xs);
}

}  // namespace tparse::compiler::ops
