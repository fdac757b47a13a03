// Conv/pool family: conv1d/2d/3d (torch's output-size formula, groups, padding='same'), max/avg
// pooling (ceil_mode), adaptive pooling, F.pad, F.interpolate.
#include <fmt/format.h>

#include <cmath>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include <algorithm>
#include "torch/ops/rules.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler::ops {

namespace {
long long floor_div(long long a, long long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
}  // namespace

}  // namespace tparse::compiler::ops

namespace tparse::compiler {
/// torch._prims_common.are_strides_like_channels_last: a 4-D (5-D) tensor laid out channels last.
bool channels_last_like(const TensorInfo& t) {
  const size_t n = t.shape.size();
  if ((n != 4 && n != 5) || t.stride.size() != n) return false;
  std::vector<size_t> order = n == 4 ? std::vector<size_t>{1, 3, 2, 0} : std::vector<size_t>{1, 4, 3, 2, 0};
  // (symbolic sizes and strides are judged by their hints, as the meta's is_channels_last_strides guards them)
  if (t.stride[1].v == 0) return false;
  long long min = 0;
  for (size_t d : order) {
    if (t.shape[d].v == 0 || t.stride[d].v < min) return false;
    if (d == 0 && min == t.stride[1].v) return false;
    min = t.stride[d].v;
    if (t.stride[d].v > 1) min *= t.shape[d].v;
  }
  return true;
}
}  // namespace tparse::compiler

namespace tparse::compiler::ops {

static void one_d_as_2d_layout(const TensorInfo& t, TensorInfo& o);

/// (in + add) // div + plus, a window's output size (conv / pool meta: `(in + 2p - d(k-1) - 1) // s + 1`), for a
/// symbolic `in` as torch's sympy FloorDiv leaves it (sym_floordiv).
Dim window_out(const Dim& in, long long add, long long div, long long plus) {
  Dim out{floor_div(in.v + add, div) + plus, ""};
  if (!in.is_sym()) return out;
  if (div == 1 && add + plus == 0) return in;  // a 1-wide, unstrided window keeps the size whatever its form
  auto lin = parse_linear(in.sym);
  if (!lin) return out;  // not a sum of monomials: sympy's form is not derived here, the size stays a number
  lin->c += add;
  std::string x = linear_str(*lin);
  if (x.empty()) return out;
  if (auto e = sym_floordiv(x, div, plus)) out.sym = *e;
  return out;
}

static std::vector<long long> ints(OpCall& c, const V& v, size_t n, const char* what, long long dflt) {  // an int or a tuple of n ints
  std::vector<long long> r;
  if (v && (v->k == VK::Tuple || v->k == VK::List)) for (auto& x : v->items) r.push_back(x->i);
  else r.assign(n, v && v->k == VK::Int ? v->i : dflt);
  if (r.size() == 1 && n > 1) r.assign(n, r[0]);
  if (r.size() != n) c.fail(fmt::format("{}: {} must have {} values", c.name, what, n));
  return r;
}

/// ATen's check of the input's channels against the weight's: a RuntimeError the program may catch; in a frame the fake
/// kernel's, which ends the compile as a TorchRuntimeError (MODNet's 67-channel input to a 51-channel conv)
[[noreturn]] static void channel_mismatch(OpCall& c, const std::string& msg) {
  if (c.I.tracing()) c.I.raise_fake("RuntimeError", msg, c.loc);
  c.I.raise_exc("RuntimeError", msg, c.loc);
}

static size_t spatial(const std::string& name) { return name.find("1d") != std::string::npos ? 1 : name.find("3d") != std::string::npos ? 3 : 2; }

std::optional<std::vector<Dim>> memory_format_strides(OpCall& c, const TensorInfo& src, bool preserve) {
  V mf = c.kw("memory_format");
  std::string f = mf && mf->k == VK::Builtin ? mf->s : "";
  if (!mf || mf->k == VK::None) {
    if (!preserve) return std::nullopt;
    f = "torch.preserve_format";
  }
  if (f == "torch.contiguous_format") return std::vector<Dim>{};
  if ((f == "torch.channels_last" && src.shape.size() == 4) || (f == "torch.channels_last_3d" && src.shape.size() == 5))
    return channels_last_strides(src.shape);
  if (f == "torch.channels_last" || f == "torch.channels_last_3d")
    c.fail(fmt::format("required rank {} tensor to use {} format", f == "torch.channels_last" ? 4 : 5, f.substr(6)));
  if (f == "torch.preserve_format") {
    if (preserve) c.I.contiguity_guard(src, c.loc);  // (empty_like's check of a symbolic-size input: a guard)
    return preserve_format_strides(src);
  }
  return std::nullopt;
}

// a symbol's source as a recompile reason prints it: `L['x'].size()[0]` -> `x.size()[0]`
static std::string reason_src(const std::string& src) {
  if (src.rfind("L['", 0) != 0) return src;
  const size_t e = src.find("']");
  return src.substr(3, e - 3) + src.substr(e + 2);
}

/// FakeTensor's conv asks torch._C._select_conv_backend for the output's layout; its ConvParams::use_mkldnn tests
/// `input.size(0) >= 16` for an unstrided, undilated CPU float conv before anything else decides, so on a symbolic
/// batch the ShapeEnv guards the answer: `2 <= x.size()[0] <= 3` when windows fold 4 per image into the batch
/// (vit-pytorch crossformer / nest / twins_svt / sep_vit recompile at batch 4; program conv_batch_guard)
static void mkldnn_batch_guard(OpCall& c, const Dim& n) {
  auto m = parse_mono(n.sym);
  if (!m || m->syms.size() != 1 || m->c <= 0 || !sym_bare_symbol(m->syms[0])) return;
  FrameCtx& ctx = *c.I.stack_.back()->ctx;
  auto info = ctx.sym_info.find(m->syms[0]);
  if (info == ctx.sym_info.end() || ctx.specialized.count(m->syms[0])) return;
  const bool holds = n.v >= 16;
  const long long bound = holds ? (16 + m->c - 1) / m->c : 15 / m->c;
  const std::string src = reason_src(info->second.first);
  for (auto& g : ctx.sym_rels) if (g.src == src && g.src2.empty() && g.op.empty() && g.lower == holds && g.bound == bound) return;
  std::string text = holds ? fmt::format("{} <= {}", bound, src) : fmt::format("2 <= {} <= {}", src, bound);
  text += "  " + c.I.guard_comment(c.loc) + " (_subclasses/fake_impls.py:1331 in conv)";
  ctx.sym_rels.push_back(CacheEntry::SymRel{src, bound, holds, text, "", ""});
}

/// use_mkldnn's second test, reached when the batch is a static 1 (a symbolic batch is >= 2, `input.size(0) > 1`
/// decided): `groups > 1 || (kW > 3 && kH > 3) || N*C*H*W > 20480` over the input viewed 4-D (a conv1d's [N, C, 1, L],
/// a conv3d's first four dims), whose product of symbolic sizes the ShapeEnv guards (openpose's body model at batch 1
/// recompiles when an image crosses 20480 values: `3*x.size()[3]*x.size()[2] > 20480`)
static void mkldnn_size_guard(OpCall& c, const TensorInfo& t, bool batched, size_t nd, long long groups, const TensorInfo& w) {
  if (groups > 1 || (w.shape[nd + 1].v > 3 && (nd == 1 ? 1 : w.shape[nd].v) > 3)) return;
  std::vector<Dim> v4 = t.shape;
  if (!batched) v4.insert(v4.begin(), Dim{1, ""});
  if (v4[0].is_sym() || v4[0].v > 1) return;
  if (nd == 1) v4.insert(v4.begin() + 2, Dim{1, ""});
  Dim prod{1, ""};
  for (size_t i = 0; i < 4 && i < v4.size(); ++i) prod = dim_mul(prod, v4[i]);
  if (!prod.is_sym()) return;
  FrameCtx& ctx = *c.I.stack_.back()->ctx;
  auto tree = parse_sym(prod.sym);
  if (!tree) return;
  std::map<std::string, std::string> srcs;
  for (const std::string& s : sym_free_symbols(prod.sym)) {
    auto info = ctx.sym_info.find(s);
    if (info == ctx.sym_info.end() || ctx.specialized.count(s)) return;
    srcs[s] = reason_src(info->second.first);
  }
  const std::string op = prod.v > 20480 ? ">" : "<=";
  for (const auto& g : ctx.sym_eqs) if (g.expr == prod.sym && g.op == op && g.value == 20480) return;
  std::string text = fmt::format("{} {} 20480  {} (_subclasses/fake_impls.py:1331 in conv)", sym_python(*tree, srcs), op, c.I.guard_comment(c.loc));
  CacheEntry::SymEq eq{prod.sym, srcs, 20480, text};
  eq.op = op;
  ctx.sym_eqs.push_back(eq);
}

V conv(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  size_t nd = static_cast<size_t>(name[4] - '0');
  V wv = c.arg(0, "weight");
  if (!wv || wv->k != VK::Tensor) c.fail(fmt::format("{}: expected a tensor for weight", name));
  const TensorInfo& w = *wv->t;
  bool batched = t.shape.size() == nd + 2;
  if ((t.shape.size() != nd + 2 && t.shape.size() != nd + 1) || w.shape.size() != nd + 2)
    c.fail(fmt::format("{}: expected a {}-D input and weight, got {} and {}", name, nd + 2, dims_str(t), dims_str(w)));
  V gv = c.arg(5, "groups");
  long long groups = gv && gv->k == VK::Int ? gv->i : 1;
  size_t ch = batched ? 1 : 0;
  if (t.shape[ch].v != w.shape[1].v * groups)
    channel_mismatch(c, fmt::format("Given groups={}, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
                                    groups, dims_str(w), dims_str(t), w.shape[1].v * groups, t.shape[ch].v));
  // the weight fixes the channels (Eq(C, w1 * groups) of numbers); a SymInt groups of the channels themselves, a
  // depthwise conv's `groups=inp.shape[1]`, leaves C == 1 * C, no guard (real torch 2.11: CUT's Downsample, `groups = s5`)
  const bool sym_groups = gv && gv->k == VK::Int && !gv->sym.empty();
  // (an expression too: `s27 + 2` of a cat is solved for s27, XMem's encode_value after a rank change made every
  // size dynamic; one it cannot solve stays a guard)
  if (t.shape[ch].is_sym() && !sym_groups && !w.shape[1].is_sym())
    c.I.specialize_symbol(t.shape[ch].sym, c.loc);
  V sv = c.arg(2, "stride"), pv = c.arg(3, "padding"), dv = c.arg(4, "dilation");
  auto st = ints(c, sv && sv->k != VK::None ? sv : nullptr, nd, "stride", 1);
  auto dl = ints(c, dv && dv->k != VK::None ? dv : nullptr, nd, "dilation", 1);
  bool same = pv && pv->k == VK::Str && pv->s == "same";
  auto pd = pv && pv->k != VK::Str ? ints(c, pv, nd, "padding", 0) : std::vector<long long>(nd, 0);
  TensorInfo o = c.like();
  o.shape = batched ? std::vector<Dim>{t.shape[0], w.shape[0]} : std::vector<Dim>{w.shape[0]};
  for (size_t i = 0; i < nd; ++i) {
    const Dim& in = t.shape[i + ch + 1];
    long long k = w.shape[i + 2].v;
    Dim outd = same ? in : window_out(in, 2 * pd[i] - dl[i] * (k - 1) - 1, st[i], 1);
    if (outd.v <= 0) c.fail(fmt::format("{}: kernel size {} is larger than the padded input {}", name, k, in.v + 2 * pd[i]));
    o.shape.push_back(outd);
  }
  V bias = c.arg(1, "bias");  // (a trainable bias alone makes the result require grad: airbench's whitening conv)
  o.requires_grad = t.requires_grad || w.requires_grad || (bias && bias->k == VK::Tensor && bias->t->requires_grad);
  // meta_conv's pick_memory_format on CPU: a channels-last input gives a channels-last output (SwinIR's
  // patch_unembed `x.transpose(1, 2).view(B, C, H, W)` feeding a conv)
  if (channels_last_like(t)) o.stride = channels_last_strides(o.shape);
  if (batched && c.I.tracing() && t.device == "cpu" && t.dtype == "float32" && t.shape[0].is_sym() &&
      std::all_of(st.begin(), st.end(), [](long long s) { return s == 1; }) && std::all_of(dl.begin(), dl.end(), [](long long d) { return d == 1; }))
    mkldnn_batch_guard(c, t.shape[0]);
  if (c.I.tracing() && t.device == "cpu" && t.dtype == "float32") mkldnn_size_guard(c, t, batched, nd, groups, w);
  return c.out(o);
}

/// pooling_output_shape's div_rtn(x, stride) (torch/_meta_registrations.py): `r = x % stride; if r != 0 and ...` on a
/// symbolic size x = in + add is a guard on the remainder, `Ne(Mod(x, stride), 0)` or its Eq, a shape-env guard whose
/// failure recompiles (RAFT's correlation pyramid: `F.avg_pool2d(corr, 2, stride=2)` on an input of another parity).
/// sympy drops a constant term the stride divides; a remainder every term's coefficient decides is no guard.
static void div_rtn_guard(OpCall& c, const Dim& in, long long add, long long stride) {
  if (!in.is_sym() || stride <= 1 || !c.I.tracing()) return;
  auto lin = parse_linear(in.sym);
  if (!lin) return;
  lin->c += add;
  if (lin->c % stride == 0) lin->c = 0;
  bool constant = true;
  for (const auto& t : lin->terms) constant = constant && t.second % stride == 0;
  if (constant) return;
  const std::string x = linear_str(*lin);
  if (x.empty()) return;
  const std::string expr = fmt::format("Mod({}, {})", x, stride);
  auto tree = parse_sym(expr);
  if (!tree) return;
  FrameCtx& ctx = *c.I.stack_.back()->ctx;
  std::map<std::string, std::string> srcs;
  for (const std::string& s : sym_free_symbols(expr)) {
    auto info = ctx.sym_info.find(s);
    if (info == ctx.sym_info.end() || ctx.specialized.count(s)) return;
    srcs[s] = reason_src(info->second.first);
  }
  const long long r = ((in.v + add) % stride + stride) % stride;
  for (const auto& g : ctx.sym_eqs) if (g.expr == expr && g.value == 0 && g.op.empty()) return;
  std::string text = fmt::format("{} {} 0  {} (_meta_registrations.py:4596 in div_rtn)", sym_python(*tree, srcs), r != 0 ? "!=" : "==",
                                 c.I.guard_comment(c.loc));
  CacheEntry::SymEq eq{expr, srcs, 0, text};
  eq.ne = r != 0;
  ctx.sym_eqs.push_back(eq);
}

V pool(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  size_t nd = spatial(name);
  if (t.shape.size() < nd + 1) c.fail(fmt::format("{}: input {} has too few dimensions", name, dims_str(t)));
  V kv = c.arg(0, "kernel_size"), sv = c.arg(1, "stride"), pv = c.arg(2, "padding");
  if (!kv) c.fail(fmt::format("{}: missing kernel_size", name));
  // a SymInt window (`kernel_size=x.size(3)`, MobileOne's squeeze-excite): the pooling kernel wants ints, so the
  // symbol is specialized to its value (guard_int) and the dims it sizes are static from here on
  bool specialized = false;
  for (const V& a : {kv, sv, pv}) {
    if (!a) continue;
    std::vector<V> xs = (a->k == VK::Tuple || a->k == VK::List) ? a->items : std::vector<V>{a};
    for (auto& x : xs)
      if (x && x->k == VK::Int && !x->sym.empty()) { c.I.specialize_symbol(x->sym, c.loc); specialized = true; }
  }
  // ATen's max_pool1d without indices is a composite whose check_max_pool1d reads the input's length as an int
  // (`self.sym_size(-1).guard_int()`): that symbol is specialized (guard `Eq(s53, 24)`, range_refined_to_singleton),
  // with grad or without, on any device (a fake tensor always takes the with-indices path after it); the batch
  // stays dynamic (Informer's distilling layer; fatchord's Tacotron's CBHG max pool in training, real torch 2.11)
  V ri = c.kw("return_indices");
  if (name.find("max_pool1d") != std::string::npos && !(ri && ri->k == VK::Bool && ri->b) && !t.shape.empty() &&
      t.shape.back().is_sym()) {
    c.I.specialize_symbol(t.shape.back().sym, c.loc);
    specialized = true;
  }
  auto k = ints(c, kv, nd, "kernel_size", 1);
  auto st = sv && sv->k != VK::None && !(sv->k == VK::List && sv->items.empty()) ? ints(c, sv, nd, "stride", 1) : k;
  auto pd = ints(c, pv, nd, "padding", 0);
  V dv = name[0] == 'm' ? c.arg(3, "dilation") : nullptr;
  auto dl = dv ? ints(c, dv, nd, "dilation", 1) : std::vector<long long>(nd, 1);
  bool ceil = false;
  V cm = c.kw("ceil_mode");
  if (!cm && name[0] == 'a' && c.rest.size() > 3) cm = c.rest[3];  // avg_pool(input, kernel, stride, padding, ceil_mode)
  if (cm && cm->k == VK::Bool) ceil = cm->b;
  TensorInfo o = c.like();
  size_t off = t.shape.size() - nd;
  const auto* spec = specialized && c.I.stack_.back()->ctx ? &c.I.stack_.back()->ctx->specialized : nullptr;
  for (size_t i = 0; i < nd; ++i) {
    Dim in = t.shape[off + i];
    if (spec && in.is_sym() && sym_all_specialized(in.sym, *spec)) in = Dim{in.v, ""};
    long long add = 2 * pd[i] - dl[i] * (k[i] - 1) - 1;
    div_rtn_guard(c, in, ceil ? add + st[i] - 1 : add, st[i]);
    if (!ceil) {
      o.shape[off + i] = window_out(in, add, st[i], 1);
      continue;
    }
    // ceil_mode (pooling_output_shape): (in + add + stride - 1) // stride + 1, one less when the last window would
    // start past the input and its left padding; torch decides that test on the sizes (a guard), so the
    // symbolic form is the same floor with the outcome's +1 or +0
    long long num = in.v + add;
    long long outd = floor_div(num + st[i] - 1, st[i]) + 1;
    bool last_outside = (outd - 1) * st[i] >= in.v + pd[i];
    o.shape[off + i] = window_out(in, add + st[i] - 1, st[i], last_outside ? 0 : 1);
  }
  // avg_pool2d / max_pool2d's meta on CPU: a channels-last input gives a channels-last output; avg_pool1d is
  // avg_pool2d over the input unsqueezed at dim 2 (a permuted [N, C, L] with C innermost: AvgPool1d over
  // `x.permute(0, 2, 1)`, real torch 2.11 avgpool1d_permuted_input_strides)
  if ((name == "avg_pool2d" || name == "max_pool2d") && t.shape.size() == 4 && channels_last_like(t)) o.stride = channels_last_strides(o.shape);
  if (name == "avg_pool1d") one_d_as_2d_layout(t, o);
  // max_pool with return_indices (a keyword, or F.max_poolNd's seventh positional): (output, int64 indices of its shape),
  // max_poolNd_with_indices (ENet's pooling indices for MaxUnpool2d)
  if (!ri && name[0] == 'm' && c.rest.size() > 5) ri = c.rest[5];
  if (name[0] == 'm' && ri && ri->k == VK::Bool && ri->b) {
    TensorInfo idx = o;
    idx.dtype = "int64";
    idx.requires_grad = false;
    return c.I.tuple_result(c.out(o), {o, idx}, {});
  }
  return c.out(o);
}

// F.max_unpool1d / 2d / 3d(input, indices, kernel_size, stride=None, padding=0, output_size=None): an in-graph function
// (trace_rules), its output the input with each spatial size from output_size (its last nd items) or, without one,
// functional.py's _unpool_output_size default (in - 1) * stride + kernel - 2 * padding; an output_size off that
// default by a stride or more is its ValueError (ENet's decoder unpools to the encoder's `x.size()`)
V max_unpool(OpCall& c) {
  const TensorInfo& t = c.t();
  const size_t nd = spatial(c.name);
  if (t.shape.size() < nd + 1) c.fail(fmt::format("{}: input {} has too few dimensions", c.name, dims_str(t)));
  V iv = c.arg(0, "indices"), kv = c.arg(1, "kernel_size"), sv = c.arg(2, "stride"), pv = c.arg(3, "padding"), ov = c.arg(4, "output_size");
  if (!iv || iv->k != VK::Tensor) c.fail(fmt::format("{}(input, indices, kernel_size): indices must be a tensor", c.name));
  if (!kv) c.fail(fmt::format("{}: missing kernel_size", c.name));
  auto k = ints(c, kv, nd, "kernel_size", 1);
  auto st = sv && sv->k != VK::None ? ints(c, sv, nd, "stride", 1) : k;
  auto pd = ints(c, pv, nd, "padding", 0);
  if (k.size() != nd || st.size() != nd || pd.size() != nd) c.fail(fmt::format("{}: kernel_size, stride and padding take {} values", c.name, nd));
  TensorInfo o = c.like();
  o.stride.clear();
  const size_t off = t.shape.size() - nd;
  std::vector<Dim> dflt(nd);
  for (size_t i = 0; i < nd; ++i) {
    const Dim& in = t.shape[off + i];
    const long long plus = k[i] - st[i] - 2 * pd[i];
    dflt[i] = Dim{(in.v - 1) * st[i] + k[i] - 2 * pd[i], ""};
    if (auto l = in.is_sym() ? parse_linear(in.sym) : std::nullopt) {
      SymLin r = linear_scale(*l, st[i]);
      r.c += plus;
      dflt[i].sym = linear_str(r);
    }
  }
  if (ov && ov->k != VK::None) {
    if (ov->k != VK::Tuple && ov->k != VK::List) c.fail(fmt::format("{}: output_size must be a sequence of ints", c.name));
    std::vector<V> os = ov->items;
    if (os.size() == nd + 2) os.erase(os.begin(), os.begin() + 2);
    if (os.size() != nd)
      c.I.raise_exc("ValueError", fmt::format("output_size should be a sequence containing {} or {} elements, but it has a length of '{}'",
                                              nd, nd + 2, ov->items.size()), c.loc);
    for (size_t i = 0; i < nd; ++i) {
      const long long lo = dflt[i].v - st[i], hi = dflt[i].v + st[i];
      if (!(lo < os[i]->i && os[i]->i < hi))
        c.I.raise_exc("ValueError", fmt::format("invalid output_size \"{}\" (dim {} must be between {} and {})", c.I.str_of(ov, c.loc), i, lo, hi), c.loc);
      o.shape[off + i] = Dim{os[i]->i, os[i]->k == VK::Int ? os[i]->sym : ""};
    }
  } else {
    for (size_t i = 0; i < nd; ++i) o.shape[off + i] = dflt[i];
  }
  // (the CPU kernel allocates the output in the input's suggested memory format; its contiguous strides are the plain
  // products of the later sizes, no sym_max: `[12*((s0//2))*((s53//2)), ...]`, real torch 2.11 max_unpool_forms)
  if (nd == 2 && t.shape.size() == 4 && channels_last_like(t)) {
    o.stride = channels_last_strides(o.shape);
  } else {
    o.stride.assign(o.shape.size(), Dim{1, ""});
    for (size_t i = o.shape.size(); i-- > 1;) o.stride[i - 1] = dim_mul(o.stride[i], o.shape[i]);
  }
  return c.out(o);
}

// A 1-d pool is its 2-d form over the input unsqueezed at dim 2: a channels-last [N, C, 1, L] gives a channels-last
// output, squeezed back (AvgPool1d over `x.permute(0, 2, 1)`, adaptive_avg_pool1d of a transposed view)
static void one_d_as_2d_layout(const TensorInfo& t, TensorInfo& o) {
  if (t.shape.size() != 3 || t.stride.size() != 3 || o.shape.size() != 3) return;
  TensorInfo u = t;
  u.shape.insert(u.shape.begin() + 2, Dim{1, ""});
  u.stride.insert(u.stride.begin() + 2, dim_mul(t.shape[2], t.stride[2]));
  if (!channels_last_like(u)) return;
  std::vector<Dim> s4 = o.shape;
  s4.insert(s4.begin() + 2, Dim{1, ""});
  std::vector<Dim> st4 = channels_last_strides(s4);
  o.stride = {st4[0], st4[1], st4[3]};
}

V adaptive_pool(OpCall& c) {
  const TensorInfo& t = c.t();
  size_t nd = spatial(c.name);
  std::vector<long long> os;
  V osv = c.arg(0, "output_size");
  if (osv && (osv->k == VK::Tuple || osv->k == VK::List)) for (auto& x : osv->items) os.push_back(x->k == VK::None ? -1 : x->i);
  else os.assign(nd, osv && osv->k == VK::Int ? osv->i : 1);
  TensorInfo o = c.like();
  if (t.shape.size() < nd) c.fail(fmt::format("{}: input {} has too few dimensions", c.name, dims_str(t)));
  size_t off = t.shape.size() - nd;
  for (size_t i = 0; i < nd && i < os.size(); ++i) if (os[i] >= 0) o.shape[off + i] = Dim{os[i], ""};
  // (adaptive_avg_pool1d is adaptive_avg_pool2d over x.unsqueeze(-2), whose channels-last input suggests a
  // channels-last output: Swin's pooler over `sequence_output.transpose(1, 2)`; program
  // adaptive_avg_pool1d_channels_last_strides)
  if (c.name == "adaptive_avg_pool1d") one_d_as_2d_layout(t, o);
  return c.out(o);
}

V pad(OpCall& c) {
  const TensorInfo& t = c.t();
  V p = c.kw("pad");
  if (!p) p = c.arg(0, "pad");
  if (!p || (p->k != VK::Tuple && p->k != VK::List) || p->items.size() % 2) c.fail("pad(input, pad): pad must be a list of (left, right) pairs");
  if (p->items.size() / 2 > t.shape.size()) c.fail(fmt::format("pad: {} padded dims for a {}-D input", p->items.size() / 2, t.shape.size()));
  // a 0-d tensor among the widths (SNAC's `right_pad` computed from a module's numpy scalar): its __index__, in a frame
  // a data-dependent break raised inside F.pad's `torch._C._nn.pad` call (functional.py:5430)
  if (std::any_of(p->items.begin(), p->items.end(), [](const V& x) { return x->k == VK::Tensor; })) {
    std::vector<V> ints;
    for (const V& x : p->items) {
      if (x->k != VK::Tensor) { ints.push_back(x); continue; }
      try {
        ints.push_back(c.int_value(x));
      } catch (GraphBreak& gb) {
        static const std::string fn = "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/functional.py";
        gb.at = fn + ":5430";
        gb.traceback += fmt::format("  File \"{}\", line 5430, in pad\n    return torch._C._nn.pad(input, pad, mode, value)\n", fn);
        throw;
      }
    }
    p = p->k == VK::Tuple ? mk_tuple(ints) : mk_list(ints);
  }
  TensorInfo o = c.like();
  for (size_t i = 0; i < p->items.size() / 2; ++i) {
    Dim& d = o.shape[t.shape.size() - 1 - i];
    const V& lo = p->items[2 * i];
    const V& hi = p->items[2 * i + 1];
    if (lo->sym.empty() && hi->sym.empty()) {
      d = window_out(d, lo->i + hi->i, 1, 0);
      continue;
    }
    // SymInt pads (UNet's `[diffX // 2, diffX - diffX // 2, ...]`): the size is the sum of expressions
    Dim out{d.v + lo->i + hi->i, ""};
    auto ld = d.is_sym() ? parse_linear(d.sym) : std::optional<SymLin>(SymLin{{}, d.v});
    auto ll = lo->sym.empty() ? std::optional<SymLin>(SymLin{{}, lo->i}) : parse_linear(lo->sym);
    auto lh = hi->sym.empty() ? std::optional<SymLin>(SymLin{{}, hi->i}) : parse_linear(hi->sym);
    if (ld && ll && lh) out.sym = linear_str(linear_add(linear_add(*ld, *ll, 1), *lh, 1));
    d = out;
  }
  // constant_pad_nd allocates in the input's suggested memory format: a channels-last input stays channels-last
  // (FNO's `F.pad(x.permute(0, 3, 1, 2), ...)`; program pad_keeps_channels_last)
  if (V mode = c.arg(1, "mode"); (!mode || (mode->k == VK::Str && mode->s == "constant")) && channels_last_like(t))
    o.stride = channels_last_strides(o.shape);
  if (c.is_fn) {  // F.pad(input, pad, mode="constant", value=None) is `torch._C._nn.pad(input, pad, mode, value)`
    V mode = c.arg(1, "mode"), value = c.arg(2, "value");
    V in = c.args[0];
    c.args = {in, p, mode ? mode : mk_str("constant"), value ? value : none()};
    c.kwargs.clear();
  }
  V r = c.out(o);
  if (c.is_fn) c.I.torch_frame(r, "nn/functional.py", 5430, "pad", "return torch._C._nn.pad(input, pad, mode, value)");
  return r;
}

V interpolate(OpCall& c) {
  const TensorInfo& t = c.t();
  V size = c.kw("size"), scale = c.kw("scale_factor");
  if (!size) size = c.arg(0, nullptr);
  if (!scale) scale = c.arg(1, nullptr);
  TensorInfo o = c.like();
  size_t nd = t.shape.size() >= 2 ? t.shape.size() - 2 : 0;
  // a tensor scale (a numpy scalar, which Dynamo makes a 0-d tensor) reaches the upsample binding in the list
  // F.interpolate builds, which takes floats only: a TypeError; in a frame on fake tensors, graph break GB0112
  // (HiFTNet's SineGen: `scale_factor=1 / self.upsample_scale` of an np.prod)
  auto is_tensor = [](const V& x) { return x && x->k == VK::Tensor; };
  if (scale && (is_tensor(scale) || ((scale->k == VK::List || scale->k == VK::Tuple) && std::any_of(scale->items.begin(), scale->items.end(), is_tensor)))) {
    V mv = c.kw("mode");
    if (!mv) mv = c.arg(2, nullptr);
    const std::string mode = mv && mv->k == VK::Str ? mv->s : "nearest";
    const bool corners = mode != "nearest" && mode != "nearest-exact" && mode != "area";
    const std::string fn = fmt::format("upsample_{}{}d", mode == "nearest-exact" ? "nearest_exact" : mode, nd);
    const char* tensor = c.I.tracing() ? "FakeTensor" : "Tensor";
    std::string scales = nd == 1 ? ", float scales = None" : "";
    for (const char* n : {"d", "h", "w"})
      if (nd >= 2 && (nd == 3 || *n != 'd')) scales += fmt::format(", float scales_{} = None", n);
    std::string text = fmt::format(
        "{}() received an invalid combination of arguments - got ({}, NoneType{}, list), but expected one of:\n"
        " * (Tensor input, tuple of ints output_size{}, tuple of floats scale_factors)\n"
        "      didn't match because some of the arguments have invalid types: (!{}!, !NoneType!{}, !list of [{}]!)\n"
        " * (Tensor input, tuple of ints output_size{}{}, *, Tensor out = None)\n",
        fn, tensor, corners ? ", bool" : "", corners ? ", bool align_corners" : "", tensor, corners ? ", bool" : "", tensor,
        corners ? ", bool align_corners" : "", scales);
    if (c.I.tracing()) c.I.graph_break("TypeError when making fake tensor call", msg_fake_type_error("<function interpolate at 0x7f0000000000>", text), c.loc);
    c.I.raise_exc("TypeError", text, c.loc);
  }
  // an integer 0-d tensor as a size is its __index__ (ddsp's `F.interpolate(x, size=n)` of a tensor n); a size list
  // of another rank than the input's spatial dims is F.interpolate's ValueError
  if (size && size->k == VK::Tensor) size = c.int_value(size);
  if (size && (size->k == VK::List || size->k == VK::Tuple)) {
    V copy = mk_list({});
    for (const V& s : size->items) copy->items.push_back(s && s->k == VK::Tensor ? c.int_value(s) : s);
    size = copy;
    if (size->items.size() != nd) {
      std::string in, out;
      for (size_t i = 0; i < nd; ++i) in += (i ? ", " : "") + std::to_string(t.shape[i + 2].v);
      for (size_t i = 0; i < size->items.size(); ++i) out += (i ? ", " : "") + py_repr(size->items[i]);
      c.I.raise_exc("ValueError", fmt::format("Input and output must have the same number of spatial dimensions, but got input with spatial "
                         "dimensions of [{}] and output size of [{}]. Please provide input tensor in (N, C, d1, d2, ...,dK) "
                         "format and output size in (o1, o2, ...,oK) format.", in, out), c.loc);
    }
  }
  if (scale && (scale->k == VK::List || scale->k == VK::Tuple) && scale->items.size() != nd) {
    std::string in, out;
    for (size_t i = 0; i < nd; ++i) in += (i ? ", " : "") + std::to_string(t.shape[i + 2].v);
    for (size_t i = 0; i < scale->items.size(); ++i) out += (i ? ", " : "") + py_repr(scale->items[i]);
    c.I.raise_exc("ValueError", fmt::format("Input and scale_factor must have the same number of spatial dimensions, but got input with "
                       "spatial dimensions of [{}] and scale_factor of shape [{}]. Please provide input tensor in (N, C, "
                       "d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.", in, out), c.loc);
  }
  if (size && size->k != VK::None && size->k != VK::Int && size->k != VK::List)
    c.fail(fmt::format("interpolate(): size must be an int or a sequence of ints, not {}", type_name(size)));
  for (size_t i = 0; i < nd; ++i) {
    long long v = t.shape[i + 2].v;
    std::string sym;  // a SymInt size (`int(H * 1.5)` of a dynamic H) is the output's size expression
    if (size && size->k != VK::None) {
      const V& s = size->k == VK::Int ? size : size->items.at(i);
      v = s->i;
      sym = s->sym;
    }
    else if (scale && scale->k != VK::None) {
      auto num = [](const V& x) { return x->k == VK::Float ? x->f : static_cast<double>(x->i); };
      double f = scale->k == VK::Float || scale->k == VK::Int ? num(scale) : num(scale->items.at(i));
      v = static_cast<long long>(std::floor(static_cast<double>(v) * f));
      // an integral scale of a symbolic size: sympy's floor(ToFloat(s) * 2.0) is 2*s (`2*((s53//16))`: UNet's
      // bilinear upsampling); a fractional one stays a truncation (`TruncToInt(0.25*ToFloat(32*(((s0 - 1)//32)) + 32))`:
      // BTS's downscaled depth maps)
      const Dim& in = t.shape[i + 2];
      if (in.is_sym() && f == std::floor(f) && f >= 1 && f < 1e6) sym = dim_mul(in, Dim{static_cast<long long>(f), ""}).sym;
      else if (in.is_sym() && f > 0 && std::isfinite(f)) sym = fmt::format("TruncToInt({}*ToFloat({}))", f, in.sym);
    } else c.fail("interpolate: either size or scale_factor");
    o.shape[i + 2] = Dim{v, sym};
  }
  // the upsample metas allocate in utils.suggest_memory_format(input): a channels-last input (an NHWC tensor
  // permuted to NCHW: DINO's positional embedding) gives a channels-last output
  if (channels_last_like(t)) o.stride = channels_last_strides(o.shape);
  return c.out(o);
}

}  // namespace tparse::compiler::ops

namespace tparse::compiler::ops {

// conv_transpose{1,2,3}d(input, weight [Cin, Cout/groups, k...], bias, stride, padding, output_padding,
// groups, dilation): out = (in - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1
V conv_transpose(OpCall& c) {
  const TensorInfo& t = c.t();
  size_t nd = spatial(c.name);
  V wv = c.arg(0, "weight");
  if (!wv || wv->k != VK::Tensor || wv->t->shape.size() != nd + 2) c.fail(fmt::format("{}: expected a {}-D weight", c.name, nd + 2));
  const TensorInfo& w = *wv->t;
  bool batched = t.shape.size() == nd + 2;
  if (t.shape.size() != nd + 2 && t.shape.size() != nd + 1) c.fail(fmt::format("{}: expected a {}-D input, got {}", c.name, nd + 2, dims_str(t)));
  size_t ch = batched ? 1 : 0;
  V gv = c.arg(5, "groups");
  long long groups = gv && gv->k == VK::Int ? gv->i : 1;
  if (t.shape[ch].v != w.shape[0].v)
    channel_mismatch(c, fmt::format("Given transposed=1, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
                                    dims_str(w), dims_str(t), w.shape[0].v, t.shape[ch].v));
  // the weight's first dim fixes the channels, whatever groups is (real torch 2.11: CUT's Upsample, `getitem_1:
  // "Sym(16)"` then `groups = getitem_1`)
  if (t.shape[ch].is_sym() && sym_bare_symbol(t.shape[ch].sym) && !w.shape[0].is_sym()) c.I.specialize_symbol(t.shape[ch].sym, c.loc);
  auto st = ints(c, c.arg(2, "stride"), nd, "stride", 1), pd = ints(c, c.arg(3, "padding"), nd, "padding", 0);
  auto op = ints(c, c.arg(4, "output_padding"), nd, "output_padding", 0), dl = ints(c, c.arg(6, "dilation"), nd, "dilation", 1);
  TensorInfo o = c.like();
  o.shape = batched ? std::vector<Dim>{t.shape[0], Dim{w.shape[1].v * groups, ""}} : std::vector<Dim>{Dim{w.shape[1].v * groups, ""}};
  for (size_t i = 0; i < nd; ++i) {  // (in - 1) * stride - 2p + d(k - 1) + output_padding + 1, symbolic as a sum
    const Dim& in = t.shape[i + ch + 1];
    long long add = -st[i] - 2 * pd[i] + dl[i] * (w.shape[i + 2].v - 1) + op[i] + 1;
    Dim d{in.v * st[i] + add, ""};
    if (auto lin = in.is_sym() ? parse_linear(in.sym) : std::nullopt) {
      SymLin l = linear_scale(*lin, st[i]);
      l.c += add;
      d.sym = linear_str(l);
    }
    o.shape.push_back(d);
  }
  V bias = c.arg(1, "bias");  // (a trainable bias alone makes the result require grad: airbench's whitening conv)
  o.requires_grad = t.requires_grad || w.requires_grad || (bias && bias->k == VK::Tensor && bias->t->requires_grad);
  // (as conv's: a channels-last input gives a channels-last output, SAM's upscaling of a `transpose(1, 2).view(...)`)
  if (channels_last_like(t)) o.stride = channels_last_strides(o.shape);
  return c.out(o);
}

// pixel_shuffle(r): (*, C*r*r, H, W) -> (*, C, H*r, W*r); pixel_unshuffle(r) the inverse
V pixel_shuffle(OpCall& c) {
  const TensorInfo& t = c.t();
  V rv = c.arg(0, c.name == "pixel_shuffle" ? "upscale_factor" : "downscale_factor");
  if (!rv || rv->k != VK::Int || t.shape.size() < 3) c.fail(fmt::format("{}(input, factor)", c.name));
  long long r = rv->i;
  TensorInfo o = c.like();
  size_t n = o.shape.size();
  if (c.name == "pixel_shuffle") {
    if (t.shape[n - 3].v % (r * r)) c.fail("pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor");
    o.shape[n - 3] = Dim{t.shape[n - 3].v / (r * r), ""};
    o.shape[n - 2] = dim_mul(t.shape[n - 2], Dim{r, ""});
    o.shape[n - 1] = dim_mul(t.shape[n - 1], Dim{r, ""});
  } else {
    o.shape[n - 3] = Dim{t.shape[n - 3].v * r * r, ""};
    o.shape[n - 2] = Dim{t.shape[n - 2].v / r, ""};
    o.shape[n - 1] = Dim{t.shape[n - 1].v / r, ""};
  }
  if (channels_last_like(t)) o.stride = channels_last_strides(o.shape);  // the meta keeps a channels-last layout
  return c.out(o);
}

// grid_sample(input [N, C, Hin, Win], grid [N, Hout, Wout, 2]) -> [N, C, Hout, Wout] (5-D likewise)
V grid_sample(OpCall& c) {
  const TensorInfo& t = c.t();
  V g = c.arg(0, "grid");
  if (!g || g->k != VK::Tensor || g->t->shape.size() != t.shape.size()) c.fail("grid_sample(input, grid): grid must have the input's rank");
  TensorInfo o = c.like();
  o.shape = {t.shape[0], t.shape[1]};
  for (size_t i = 1; i + 1 < g->t->shape.size(); ++i) o.shape.push_back(g->t->shape[i]);
  o.requires_grad = t.requires_grad || g->t->requires_grad;
  return c.out(o);
}

// F.unfold (im2col): [N, C, H, W] -> [N, C*kh*kw, L]; F.fold: [N, C*kh*kw, L] -> [N, C, out_h, out_w]
V im2col(OpCall& c) {
  const TensorInfo& t = c.t();
  bool fold = c.name == "fold";
  V osz = fold ? c.arg(0, "output_size") : nullptr;
  auto k = ints(c, c.arg(fold ? 1 : 0, "kernel_size"), 2, "kernel_size", 1);
  auto dl = ints(c, c.arg(fold ? 2 : 1, "dilation"), 2, "dilation", 1), pd = ints(c, c.arg(fold ? 3 : 2, "padding"), 2, "padding", 0);
  auto st = ints(c, c.arg(fold ? 4 : 3, "stride"), 2, "stride", 1);
  TensorInfo o = c.like();
  if (!fold) {
    if (t.shape.size() != 4) c.fail(fmt::format("unfold: expected a 4-D input, got {}", dims_str(t)));
    // L: the product of the two windows' counts, symbolic for a symbolic size (ConvBERT's span convolution over the
    // sequence: a dynamic length stays s27, as torch's meta computes it)
    Dim L{1, ""};
    for (size_t i = 0; i < 2; ++i) L = dim_mul(L, window_out(t.shape[i + 2], 2 * pd[i] - dl[i] * (k[i] - 1) - 1, st[i], 1));
    o.shape = {t.shape[0], dim_mul(t.shape[1], Dim{k[0] * k[1], ""}), L};
  } else {
    auto os = ints(c, osz, 2, "output_size", 1);
    if (t.shape.size() != 3 || t.shape[1].v % (k[0] * k[1])) c.fail(fmt::format("fold: expected [N, C*kh*kw, L], got {}", dims_str(t)));
    o.shape = {t.shape[0], Dim{t.shape[1].v / (k[0] * k[1]), ""}, Dim{os[0], ""}, Dim{os[1], ""}};
  }
  return c.out(o);
}

}  // namespace tparse::compiler::ops
