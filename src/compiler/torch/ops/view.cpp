// View family: view/reshape/expand/repeat/tile (size lists, -1 inference), transpose/permute/movedim,
// flatten/unflatten, unsqueeze/squeeze, same-shape reorderings (flip, roll, rot90), narrow/select/
// diagonal/as_strided.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "runtime/interp.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/ops/rules.hpp"
#include "torch/ops/view_walk.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler::ops {

static std::vector<V> size_list(const std::vector<V>& rest) {
  return rest.size() == 1 && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List) ? rest[0]->items : rest;
}

static bool any_sym(const std::vector<Dim>& v) {
  return std::any_of(v.begin(), v.end(), [](const Dim& d) { return d.is_sym(); });
}

/// A view its input's strides cannot give: inside a frame the fake tensor's message (torch._refs'
/// _reshape_view_helper), in eager code ATen's.
static std::string view_error(OpCall& c, const TensorInfo& t, const std::vector<Dim>& to) {
  if (!c.I.tracing())
    return "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
           "contiguous subspaces). Use .reshape(...) instead.";
  auto dims = [](const std::vector<Dim>& xs) {
    std::string r;
    for (size_t i = 0; i < xs.size(); ++i) r += (i ? ", " : "") + xs[i].str();
    return r;
  };
  return fmt::format("Cannot view a tensor with shape torch.Size([{}]) and strides ({}{}) as a tensor with shape ({}{})!",
                     dims(t.shape), dims(t.stride), t.stride.size() == 1 ? "," : "", dims(to), to.size() == 1 ? "," : "");
}

V reshape(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  std::vector<Dim> s;
  std::optional<RefView> ref;
  if (name == "view_as" || name == "expand_as" || name == "reshape_as") s = c.rest.at(0)->t->shape;
  else {
    std::vector<V> xs = size_list(c.rest);
    if (xs.empty() && c.kw("size")) xs = size_list({c.kw("size")});
    if (xs.empty() && c.kw("shape")) xs = size_list({c.kw("shape")});
    if (xs.empty() && name == "repeat" && c.kw("repeats")) xs = size_list({c.kw("repeats")});  // Tensor.repeat(repeats=...)
    if (xs.empty() && name == "tile" && c.kw("dims")) xs = size_list({c.kw("dims")});
    if (xs.size() == 1 && xs[0]->k == VK::DType) {  // view(dtype): the last dim rescaled by the element sizes
      o.dtype = xs[0]->s;
      const long long from = dtype_size(t.dtype), to = dtype_size(o.dtype);
      if (from != to && rank && from > 0 && to > 0 && !t.shape.back().is_sym() && t.stride.size() == rank &&
          std::none_of(t.stride.begin(), t.stride.end(), [](const Dim& d) { return d.is_sym(); })) {
        // (Muon's `p.view(torch.uint8)`: f32[8, 8] is u8[8, 32][32, 1]; the other strides scale the same way)
        if ((t.shape.back().v * from) % to != 0) c.fail(fmt::format("view(dtype): the last dimension's size {} does not divide", t.shape.back().v));
        o.shape = t.shape;
        o.shape.back() = Dim{t.shape.back().v * from / to, ""};
        o.stride = t.stride;
        for (size_t i = 0; i + 1 < rank; ++i) o.stride[i] = Dim{t.stride[i].v * from / to, ""};
        o.stride.back() = Dim{1, ""};
      }
      return c.out(o);
    }
    bool expand = name == "expand" || name == "broadcast_to" || name == "expand_as";
    long long known = 1;
    int infer = -1;
    for (size_t i = 0; i < xs.size(); ++i) {
      // a 0-d tensor or traced ndarray as a size (`np.prod(x.shape[1:])` in a frame: wrapped_prod): its __index__
      // reads the data, Dynamo's data-dependent break
      if (xs[i]->k == VK::Tensor) xs[i] = c.int_value(xs[i]);
      if (xs[i]->k != VK::Int) c.fail(fmt::format("{}(): argument 'size' must be a tuple of ints, but found element of type {}", name, type_name(xs[i])));
      if (xs[i]->i == -1 && !expand) { infer = static_cast<int>(i); s.push_back(Dim{-1, ""}); continue; }
      if (expand && xs[i]->i == -1) {
        size_t off = xs.size() - rank;
        if (i < off) c.fail("expand: -1 not allowed in a new leading dimension");
        s.push_back(t.shape[i - off]);
        continue;
      }
      s.push_back(Dim{xs[i]->i, xs[i]->sym});
      known *= xs[i]->i;
    }
    long long n = 1;
    for (auto& d : t.shape) n *= d.v;
    if (name == "repeat" || name == "tile") {
      if (name == "repeat" && s.size() < rank) c.fail("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
      std::vector<Dim> base = t.shape;
      while (base.size() < s.size()) base.insert(base.begin(), Dim{1, ""});  // tile pads the shorter one with 1s
      while (s.size() < base.size()) s.insert(s.begin(), Dim{1, ""});
      for (size_t i = 0; i < s.size(); ++i) {
        if (base[i].v == 1 && !base[i].is_sym()) continue;  // repeat count only (keeps its symbol)
        if (s[i].v == 1 && !s[i].is_sym()) { s[i] = base[i]; continue; }
        std::string sym;  // a SymInt count times a size: the monomial (`g.repeat(s77, 1, 1)` of 4 is 4*s77)
        if (s[i].is_sym() || base[i].is_sym()) {
          auto a = s[i].is_sym() ? parse_mono(s[i].sym) : std::optional<SymMono>(SymMono{s[i].v, {}});
          auto b = base[i].is_sym() ? parse_mono(base[i].sym) : std::optional<SymMono>(SymMono{base[i].v, {}});
          // (a sum count: sympy distributes the size over it, `8*((s0 + 31)//32) + 8`: BTS's local planar guidance)
          sym = a && b ? mono_str(mono_mul(*a, *b)) : dim_mul(s[i], base[i]).sym;
        }
        s[i] = Dim{s[i].v * base[i].v, sym};
      }
    } else if (expand) {
      if (s.size() < rank) c.fail(fmt::format("expand: the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})", s.size(), rank));
      size_t off = s.size() - rank;
      for (size_t i = 0; i < rank; ++i)
        if (t.shape[i].v != 1 && s[i + off].v != t.shape[i].v)
          c.fail(fmt::format("The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}", s[i + off].v, t.shape[i].v, i + off));
    } else {
      if (infer >= 0) {
        if (known == 0 || n % known != 0) c.fail(fmt::format("shape '{}' is invalid for input of size {}", py_repr(mk_list(xs)), n));
        s[static_cast<size_t>(infer)].v = n / known;
        // a symbolic input: the inferred size is a monomial over its symbols (`view(-1, 7, 7, 96)` of
        // [s77, 8, 8, 7, 7, 96] is 64*s77), as torch's sympy quotient
        std::optional<SymMono> total = SymMono{}, part = SymMono{};
        bool symbolic = false;
        auto fold = [&](std::optional<SymMono>& acc, const std::string& sym, long long v) {
          if (!acc) return;
          symbolic = symbolic || !sym.empty();
          auto m = sym.empty() ? std::optional<SymMono>(SymMono{v, {}}) : parse_mono(sym);
          acc = m ? std::optional<SymMono>(mono_mul(*acc, *m)) : std::nullopt;
        };
        for (auto& d : t.shape) fold(total, d.sym, d.v);
        for (size_t i = 0; i < xs.size(); ++i) if (static_cast<int>(i) != infer) fold(part, xs[i]->sym, xs[i]->i);
        if (symbolic && total && part) {
          if (auto q = mono_div(*total, *part); q && !q->syms.empty()) {
            s[static_cast<size_t>(infer)].sym = mono_str(*q);
          } else if (!q && part->c > 0) {
            // the known sizes do not divide the coefficient: sympy's FloorDiv of the element count by their product,
            // the common factor cancelled (`x.view(2, -1, 4)` of [2, s27] is (s27//4): TimesFM's patching)
            // (symbols over a constant only: `(s27//4)`, `((s2*s98)//4)`; a coefficient left over, as zamba's view
            // of [1, 256, s] by a static length 12 before it specializes, keeps the hint)
            if (auto fd = mono_floordiv(*total, *part);
                fd && fd->second.syms.empty() && fd->first.c == 1 && !fd->first.syms.empty())
              s[static_cast<size_t>(infer)].sym = floordiv_str(fd->first, fd->second);
            // a static count by one symbol: (36//s7), pointer-generator's `scores.view(-1, t_k)` of a static [36, 1]
            else if (fd && fd->first.syms.empty() && fd->second.c == 1 && fd->second.syms.size() == 1)
              s[static_cast<size_t>(infer)].sym = floordiv_str(fd->first, fd->second);
          }
        } else if (symbolic) {  // sizes that are sums (a strided conv's): the factors that cancel, sums whole
          std::vector<std::string> tt, pp;
          for (auto& d : t.shape) tt.push_back(d.sym.empty() ? std::to_string(d.v) : d.sym);
          for (size_t i = 0; i < xs.size(); ++i) if (static_cast<int>(i) != infer) pp.push_back(xs[i]->sym.empty() ? std::to_string(xs[i]->i) : xs[i]->sym);
          if (auto q = sym_quotient(tt, pp); q && !q->empty()) s[static_cast<size_t>(infer)].sym = *q;
          else if (auto f = sym_floor_quotient(tt, pp); !q && f) s[static_cast<size_t>(infer)].sym = *f;
        }
      } else if (known != n) {
        std::string shp = "[";
        for (size_t i = 0; i < xs.size(); ++i) shp += (i ? ", " : "") + py_repr(xs[i]);
        c.fail(fmt::format("shape '{}]' is invalid for input of size {}", shp, n));
      }
      // (torch._refs' _reshape_view_helper keeps a size-1 dim's stride, `pos[:, 1:].reshape(1, 4, 4, 8)` of strides
      // (136, 8, 1) is (136, 32, 8, 1), for static tensors too; a static input viewed with a symbolic size is below)
      auto symbolic = [](const std::vector<Dim>& ds) { return std::any_of(ds.begin(), ds.end(), [](const Dim& d) { return d.is_sym(); }); };
      if ((name == "view" || name == "reshape") && (symbolic(t.shape) || !symbolic(s)))
        ref = ref_view(c, t, s, infer);
      if (ref) s = ref->shape;
      else  // keep symbolic dims that pass through unchanged: the inferred one, or any when the ranks match (a static int
        // argument of another rank stays static: repeat_kv's reshape(1, 4, s27, 8) of [1, 2, 2, s27, 8] keeps its 8)
        for (size_t i = 0; i < s.size() && i < rank; ++i)
          if (t.shape[i].is_sym() && s[i].v == t.shape[i].v && (s.size() == rank || static_cast<int>(i) == infer)) s[i] = t.shape[i];
      // a static input viewed with a symbolic size: the walk's guards (view_walk.cpp)
      if (c.I.tracing() && (name == "view" || name == "reshape")) static_view_walk(c, t, s, infer);
    }
  }
  o.shape = s;
  o.fill = t.fill;
  o.stride.clear();  // a new tensor's (repeat, tile) or a view's of a contiguous input: contiguous (mk_tensor)
  if (ref) o.stride = ref->stride;
  else if ((name == "view" || name == "reshape" || name == "view_as" || name == "reshape_as") && t.stride.size() == t.shape.size()) {
    if (auto st = name == "view" || name == "view_as" ? view_strides_ref(t.shape, t.stride, s) : view_strides(t.shape, t.stride, s)) {
      o.stride = *st;
    } else if ((name == "view" || name == "view_as") && !any_sym(t.shape) && !any_sym(t.stride) && !any_sym(s)) {
      // (symbolic sizes: the strides may only be unknown to us, not wrong) a RuntimeError the program may catch;
      // in a frame the fake tensor's, which ends the compile as TorchRuntimeError (compile_error_try_except)
      if (c.I.tracing()) c.I.raise_fake("RuntimeError", view_error(c, t, s), c.loc);
      c.I.raise_exc("RuntimeError", view_error(c, t, s), c.loc);
    }
  }
  if (name == "expand" || name == "expand_as" || name == "broadcast_to") {
    // ATen's inferExpandGeometry: an expanded dim has stride 0; a new leading dim of size 1 gets the next
    // dim's size * stride (`[32]` -> expand(2, 1, -1) is [0, 32, 1])
    o.stride.assign(s.size(), Dim{0, ""});
    size_t off = s.size() - rank;
    // a kept dim given as another symbol of the same size: the meta kernel's equality check makes the ShapeEnv
    // replace one by the other (shape_arg_forms: `v[:, None].expand(x.shape)`)
    for (size_t i = 0; i < rank; ++i)
      if (t.shape[i].is_sym() && s[i + off].is_sym() && t.shape[i].sym != s[i + off].sym && t.shape[i].v == s[i + off].v) {
        std::vector<Dim> u = broadcast(c.I, {t.shape[i]}, {s[i + off]}, c.loc);
        o.shape[i + off] = u[0];
      }
    for (size_t i = 0; i < rank; ++i) o.stride[i + off] = t.shape[i].v == s[i + off].v ? t.stride[i] : Dim{0, ""};
    // a new dim's stride before expansion is the next dim's size times its stride, both before expansion (a new dim is
    // size 1; the last dim of a 0-dim input's expansion has stride 1): it stays where the new dim is 1, else 0
    // (real torch 2.11, program expand_0d_frame: `f32[2, 1, 4][0, 1, 0]` = expand(2, 1, 4) of a 0-dim tensor)
    Dim pre_size{1, ""}, pre_stride{1, ""};
    if (off < s.size()) { pre_size = t.shape[0]; pre_stride = t.stride.size() == t.shape.size() ? t.stride[0] : contiguous_strides(t.shape)[0]; }
    for (size_t i = off; i-- > 0;) {
      Dim st = i + 1 < s.size() ? dim_mul(pre_size, pre_stride) : Dim{1, ""};
      pre_size = Dim{1, ""};
      pre_stride = st;
      o.stride[i] = s[i].v == 1 ? st : Dim{0, ""};
    }
  }
  return c.out(o);
}

V permute(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  o.sparse = t.sparse;  // (transpose / permute of a sparse COO tensor is sparse COO: its indices permuted)
  std::vector<size_t> perm(rank);
  for (size_t i = 0; i < rank; ++i) perm[i] = i;
  if (name == "permute") {
    std::vector<V> xs = size_list(c.rest);
    if (xs.empty() && c.kw("dims")) xs = size_list({c.kw("dims")});
    if (xs.size() != rank) c.fail(fmt::format("permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}", rank, xs.size()));
    for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<size_t>(c.dim(xs[i]->i, rank));
  } else if (name == "movedim" || name == "moveaxis") {  // movedim(source, destination), ints or tuples
    V a = c.arg(0, "source"), b = c.arg(1, "destination");
    if (!a || !b) c.fail("movedim(source, destination)");
    std::vector<V> src = a->k == VK::Int ? std::vector<V>{a} : a->items, dst = b->k == VK::Int ? std::vector<V>{b} : b->items;
    if (src.size() != dst.size()) c.fail("movedim: Invalid source or destination dims");
    std::vector<long long> order(rank, -1);
    std::vector<bool> used(rank, false);
    for (size_t i = 0; i < src.size(); ++i) {
      long long s = c.dim(src[i]->i, rank), d = c.dim(dst[i]->i, rank);
      order[static_cast<size_t>(d)] = s;
      used[static_cast<size_t>(s)] = true;
    }
    size_t next = 0;
    for (size_t i = 0; i < rank; ++i) {
      if (order[i] >= 0) continue;
      while (used[next]) ++next;
      order[i] = static_cast<long long>(next++);
    }
    for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<size_t>(order[i]);
  } else {
    bool last2 = name == "t" || name == "mT" || name == "mH" || name == "H" || name == "adjoint";
    if (name == "t" && rank > 2) c.fail(fmt::format("t() expects a tensor with <= 2 dimensions, but self is {}D", rank));
    V a0 = c.arg(0, "dim0"), a1 = c.arg(1, "dim1");
    if (!last2 && (!a0 || !a1)) c.fail(fmt::format("{}(dim0, dim1)", name));
    long long a = last2 ? (rank >= 2 ? static_cast<long long>(rank) - 2 : 0) : c.dim(a0->i, rank);
    long long b = last2 ? (rank >= 2 ? static_cast<long long>(rank) - 1 : 0) : c.dim(a1->i, rank);
    if (rank) std::swap(perm[static_cast<size_t>(a)], perm[static_cast<size_t>(b)]);  // (t() of a 0-d tensor: itself)
  }
  o.shape.clear();
  o.stride.clear();
  // (a tensor whose strides were never laid out is contiguous: a sparse COO tensor's to_dense(), gae's adjacency)
  const std::vector<Dim> ts = t.stride.size() == rank ? t.stride : contiguous_strides(t.shape);
  for (size_t i = 0; i < rank; ++i) { o.shape.push_back(t.shape[perm[i]]); o.stride.push_back(ts[perm[i]]); }
  o.fill = t.fill;
  return c.out(o);
}

V flatten(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  V sd = c.arg(0, "start_dim"), ed = c.arg(1, "end_dim");
  if (rank == 0) { o.shape = {Dim{1, ""}}; return c.out(o); }
  long long a = sd ? c.dim(sd->i, rank) : 0, b = ed ? c.dim(ed->i, rank) : static_cast<long long>(rank) - 1;
  if (c.name == "ravel") { a = 0; b = static_cast<long long>(rank) - 1; }
  if (a > b) c.fail("flatten() has invalid args: start_dim cannot come after end_dim");
  std::vector<Dim> s(t.shape.begin(), t.shape.begin() + a);
  Dim n{1, ""};  // the flattened size, a product of the dims (symbolic ones as a monomial, `4*s77`)
  for (long long i = a; i <= b; ++i) n = dim_mul(n, t.shape[static_cast<size_t>(i)]);
  s.push_back(a == b ? t.shape[static_cast<size_t>(a)] : n);
  s.insert(s.end(), t.shape.begin() + b + 1, t.shape.end());
  o.shape = s;
  // flatten is reshape: a view where the dims form one strided run (a channels-last conv output's H, W), else a copy
  if (t.stride.size() == t.shape.size())
    if (auto st = view_strides_ref(t.shape, t.stride, s)) o.stride = *st;
  // over symbolic sizes _reshape_view_helper's walk keeps the outer dims' strides as they were (a strided conv's
  // `Max(1, (s23//8))*Max(1, (s25//8))`, not the merged size's Max: DINO's patch embedding)
  if (std::any_of(t.shape.begin(), t.shape.end(), [](const Dim& d) { return d.is_sym(); }) && t.stride.size() == t.shape.size())
    if (auto r = ref_view(c, t, s, -1); r && r->shape.size() == s.size()) o.stride = r->stride;
  return c.out(o);
}

// unflatten(dim, sizes): one dim becomes `sizes` (one -1 inferred)
V unflatten(OpCall& c) {
  const TensorInfo& t = c.t();
  TensorInfo o = c.like();
  V d = c.arg(0, "dim"), sz = c.arg(1, "sizes");
  if (!d || !sz || d->k != VK::Int || (sz->k != VK::Tuple && sz->k != VK::List)) c.fail("unflatten(dim, sizes)");
  long long dd = c.dim(d->i, c.rank());
  long long whole = t.shape[static_cast<size_t>(dd)].v, known = 1;
  std::vector<Dim> parts;
  int infer = -1;
  for (size_t i = 0; i < sz->items.size(); ++i) {
    long long v = sz->items[i]->i;
    if (v == -1) infer = static_cast<int>(i); else known *= v;
    parts.push_back(Dim{v, sz->items[i]->sym});
  }
  if (infer >= 0) parts[static_cast<size_t>(infer)].v = known ? whole / known : 0;
  else if (known != whole) c.fail(fmt::format("unflatten: Provided sizes don't multiply up to the size of dim {} ({}) in the input tensor", dd, whole));
  o.shape.erase(o.shape.begin() + dd);
  o.shape.insert(o.shape.begin() + dd, parts.begin(), parts.end());
  if (t.stride.size() == t.shape.size())  // a view: the split dim's strides follow its own
    if (auto st = view_strides_ref(t.shape, t.stride, o.shape)) o.stride = *st;
  return c.out(o);
}

V unsqueeze(OpCall& c) {
  TensorInfo o = c.like();
  V d = c.arg(0, "dim");
  if (!d || d->k != VK::Int) c.fail("unsqueeze(dim): dim must be an int");
  long long dd = c.dim(d->i, c.rank() + 1);
  // ATen's unsqueeze stride: size * stride of the dim it goes before, 1 at the end
  const TensorInfo& t = c.t();
  if (t.stride.size() == t.shape.size()) {
    o.stride = t.stride;
    size_t at = static_cast<size_t>(dd);
    o.stride.insert(o.stride.begin() + dd, at < t.shape.size() ? dim_mul(t.shape[at], t.stride[at]) : Dim{1, ""});
  }
  o.shape.insert(o.shape.begin() + dd, Dim{1, ""});
  o.fill = c.t().fill;
  o.sparse = t.sparse;  // (unsqueeze / squeeze of a sparse COO tensor stay sparse: an index row added or dropped)
  return c.out(o);
}

V squeeze(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  o.sparse = t.sparse;
  V d = c.arg(0, "dim");
  std::vector<long long> which;
  if (d && d->k == VK::Int) which.push_back(c.dim(d->i, rank));
  else if (d && (d->k == VK::Tuple || d->k == VK::List)) for (auto& x : d->items) which.push_back(c.dim(x->i, rank));
  std::vector<Dim> s;
  for (size_t i = 0; i < rank; ++i) {
    bool named = !d || std::find(which.begin(), which.end(), static_cast<long long>(i)) != which.end();
    bool drop = t.shape[i].v == 1 && !t.shape[i].is_sym() && named;
    // a symbolic size of value 1 (an expression: a bare input size is >= 2): the meta's `size == 1` test is a guard on
    // it, and the dim goes (cirtorch's GeM `avg_pool2d(x, (x.size(-2), x.size(-1)))` then `.squeeze(-1).squeeze(-1)`)
    if (named && t.shape[i].is_sym() && t.shape[i].v == 1 && !sym_bare_symbol(t.shape[i].sym)) {
      c.I.specialize_symbol(t.shape[i].sym + " == 1", c.loc);
      drop = true;
    }
    if (!drop) s.push_back(t.shape[i]);
    if (!drop && t.stride.size() == rank) o.stride.push_back(t.stride[i]);  // a view: the kept dims' strides
  }
  o.shape = s;
  o.fill = t.fill;
  return c.out(o);
}

// flip(dims), roll(shifts, dims), fliplr/flipud: same shape; rot90(k, dims) swaps the two dims for odd k.
V same_shape(OpCall& c) {
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  o.fill = c.t().fill;
  if (c.name == "flip") {
    V d = c.arg(0, "dims");
    if (!d) c.fail("flip(dims)");
    for (auto& x : d->k == VK::Int ? std::vector<V>{d} : d->items) c.dim(x->i, rank);
  } else if (c.name == "roll") {
    V s = c.arg(0, "shifts"), d = c.arg(1, "dims");
    if (!s) c.fail("roll(shifts, dims=None)");
    if (d) {
      std::vector<V> ds = d->k == VK::Int ? std::vector<V>{d} : d->items, ss = s->k == VK::Int ? std::vector<V>{s} : s->items;
      if (ds.size() != ss.size()) c.fail(fmt::format("roll: shifts and dimensions must align. shifts: {}, dims: {}", ss.size(), ds.size()));
      for (auto& x : ds) c.dim(x->i, rank);
    }
  } else if (c.name == "fliplr" || c.name == "flipud") {
    if (rank < (c.name == "fliplr" ? 2u : 1u)) c.fail(fmt::format("{}: input must be >= {}-d", c.name, c.name == "fliplr" ? 2 : 1));
  } else if (c.name == "rot90") {
    V k = c.arg(0, "k"), d = c.arg(1, "dims");
    long long kk = k && k->k == VK::Int ? k->i : 1;
    long long a = 0, b = 1;
    if (d && d->items.size() == 2) { a = c.dim(d->items[0]->i, rank); b = c.dim(d->items[1]->i, rank); }
    if (((kk % 2) + 2) % 2 == 1) std::swap(o.shape[static_cast<size_t>(a)], o.shape[static_cast<size_t>(b)]);
  }
  return c.out(o);
}

// narrow(dim, start, length), select(dim, index), diagonal(offset=0, dim1=0, dim2=1), as_strided(size, stride)
V narrow(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  if (c.name == "narrow") {
    // a 0-d tensor length is its __index__ (Longformer's `attn_probs.narrow(-1, 0, num_global.max())`): in a frame a
    // data-dependent break
    V d = c.arg(0, "dim"), l = c.int_value(c.arg(2, "length"));
    if (!d || !l || d->k != VK::Int || l->k != VK::Int) c.fail("narrow(dim, start, length)");
    long long dd = c.dim(d->i, rank);
    if (l->i > t.shape[static_cast<size_t>(dd)].v) c.fail("narrow(): start + length exceeds dimension size");
    o.shape[static_cast<size_t>(dd)] = Dim{l->i, l->sym};
    if (t.stride.size() == rank) o.stride = t.stride;  // a view: the input's strides
  } else if (c.name == "select") {
    V d = c.arg(0, "dim");
    if (!d || d->k != VK::Int) c.fail("select(dim, index)");
    const long long dd = c.dim(d->i, rank);
    o.shape.erase(o.shape.begin() + dd);
    // a view: the other dims' strides (a contiguous input's as make_contiguous_strides_for gives them: a size that may
    // be 0 keeps its Max(1, ...), `[Max(1, Min(s17, s85))]` of topk(k=min(top_k, n))'s values)
    if (o.stride.size() != rank && rank) o.stride = t.stride.size() == rank ? t.stride : contiguous_strides(t.shape);
    if (o.stride.size() == rank && rank) o.stride.erase(o.stride.begin() + dd);
  } else if (c.name == "diagonal") {
    V off = c.arg(0, "offset"), d1 = c.arg(1, "dim1"), d2 = c.arg(2, "dim2");
    long long k = off && off->k == VK::Int ? off->i : 0;
    long long a = c.dim(d1 && d1->k == VK::Int ? d1->i : 0, rank), b = c.dim(d2 && d2->k == VK::Int ? d2->i : 1, rank);
    long long n = k >= 0 ? std::min(t.shape[static_cast<size_t>(a)].v, t.shape[static_cast<size_t>(b)].v - k)
                         : std::min(t.shape[static_cast<size_t>(a)].v + k, t.shape[static_cast<size_t>(b)].v);
    std::vector<Dim> s;
    for (size_t i = 0; i < rank; ++i) if (static_cast<long long>(i) != a && static_cast<long long>(i) != b) s.push_back(t.shape[i]);
    s.push_back(Dim{std::max(0LL, n), ""});
    o.shape = s;
    const Dim& sa = t.stride.size() == rank ? t.stride[static_cast<size_t>(a)] : Dim{1, "?"};
    const Dim& sb = t.stride.size() == rank ? t.stride[static_cast<size_t>(b)] : Dim{1, "?"};
    if (!sa.is_sym() && !sb.is_sym()) {  // a view: the other dims' strides, the diagonal steps both
      std::vector<Dim> st;
      for (size_t i = 0; i < rank; ++i) if (static_cast<long long>(i) != a && static_cast<long long>(i) != b) st.push_back(t.stride[i]);
      st.push_back(Dim{sa.v + sb.v, ""});
      o.stride = st;
    }
  } else if (c.name == "unfold") {  // unfold(dimension, size, step): windows along a dim, the window last
    V d = c.arg(0, "dimension"), sz = c.arg(1, "size"), st = c.arg(2, "step");
    if (!d || !sz || !st || d->k != VK::Int || sz->k != VK::Int || st->k != VK::Int || st->i <= 0) c.fail("unfold(dimension, size, step)");
    long long dd = c.dim(d->i, rank);
    long long n = rank ? t.shape[static_cast<size_t>(dd)].v : 1;
    if (sz->i > n) c.fail(fmt::format("maximum size for tensor at dimension {} is {} but size is {}", dd, n, sz->i));
    if (rank) o.shape[static_cast<size_t>(dd)] = Dim{(n - sz->i) / st->i + 1, ""};
    o.shape.push_back(Dim{sz->i, ""});
    // a view: the windows step by `step` elements of that dim, a window's elements by one (PatchTST's patching:
    // [2, 3, 8, 8][108, 36, 4, 1] of a [2, 3, 36] input; program unfold_view_strides)
    if (rank && t.stride.size() == rank) {
      const Dim inner = t.stride[static_cast<size_t>(dd)];
      o.stride = t.stride;
      o.stride[static_cast<size_t>(dd)] = dim_mul(inner, Dim{st->i, ""});
      o.stride.push_back(inner);
    }
  } else {  // as_strided
    V sz = c.arg(0, "size");
    if (!sz || (sz->k != VK::Tuple && sz->k != VK::List)) c.fail("as_strided(size, stride)");
    o.shape.clear();
    for (auto& x : sz->items) {
      V n = x->k == VK::Tensor ? c.int_value(x) : x;  // a 0-d tensor size: its __index__ (Longformer's chunks_count + 1)
      if (n->k != VK::Int) c.fail(fmt::format("as_strided(): argument 'size' must be a tuple of ints, but found element of type {}", type_name(x)));
      o.shape.push_back(Dim{n->i, n->sym});
    }
    // the strides as given (a view of the storage; Longformer's chunked keys), else contiguous ones
    o.stride.clear();
    V st = c.arg(1, "stride");
    bool given = st && (st->k == VK::Tuple || st->k == VK::List) && st->items.size() == o.shape.size();
    for (size_t i = 0; given && i < st->items.size(); ++i) {
      given = st->items[i]->k == VK::Int;
      if (given) o.stride.push_back(Dim{st->items[i]->i, st->items[i]->sym});
    }
    if (!given) o.stride = contiguous_strides(o.shape);
  }
  return c.out(o);
}

}  // namespace tparse::compiler::ops
