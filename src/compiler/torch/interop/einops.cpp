// einops' rearrange / repeat / reduce (einops.einops), which public model code (diffusion, vision, many
// single-file models) calls on tensors. einops >= 0.7 registers them with torch._dynamo.allow_in_graph
// when it is imported under torch 2, so each call is one `call_function einops.einops.<name>` node of
// the graph (printed `einops_einops_rearrange(...)`); its output shape follows the pattern: the left side names the input's axes (a
// parenthesised group is a product of axes, `...` stands for the axes not named, `1` / `()` a unit
// axis), the right side composes them; repeat's new axes and a group's unknown member take their
// sizes from the keyword arguments (`h=8`). Other names of einops are opaque values.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

namespace {

struct Atom {
  std::string name;   ///< axis name, "..." or "" for a literal
  long long lit = 1;  ///< the size of a literal (`1`, `2`)
};
/// A group of axes: one axis, or a parenthesised composition (`(h w)`, `()`, `(...)`).
struct Group : std::vector<Atom> {
  bool paren = false;
  bool bare_ellipsis() const { return !paren && size() == 1 && (*this)[0].name == "..."; }
};

/// One side of a pattern as groups: `b (h w) c` -> [[b], [h, w], [c]]; `()` -> an empty group.
bool parse_side(const std::string& s, std::vector<Group>& out, std::string& err) {
  size_t i = 0;
  bool open = false;
  Group cur;
  auto atom = [&](const std::string& tok) {
    Atom a;
    if (tok == "..." || std::isalpha(static_cast<unsigned char>(tok[0])) || tok[0] == '_') a.name = tok;
    else {
      for (char c : tok) if (!std::isdigit(static_cast<unsigned char>(c))) { err = "bad axis '" + tok + "'"; return false; }
      if (tok.size() > 15) { err = "axis length '" + tok + "' too large"; return false; }
      a.lit = std::stoll(tok);
    }
    if (open) cur.push_back(a);
    else {
      Group g;
      g.push_back(a);
      out.push_back(g);
    }
    return true;
  };
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
    if (c == '(') {
      if (open) { err = "nested parentheses"; return false; }
      open = true;
      cur = Group{};
      cur.paren = true;
      ++i;
      continue;
    }
    if (c == ')') {
      if (!open) { err = "unbalanced parentheses"; return false; }
      open = false;
      out.push_back(cur);
      ++i;
      continue;
    }
    size_t j = i;
    if (s.compare(i, 3, "...") == 0) j = i + 3;
    else while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    if (j == i) { err = fmt::format("unexpected '{}'", c); return false; }
    if (!atom(s.substr(i, j - i))) return false;
    i = j;
  }
  if (open) { err = "unbalanced parentheses"; return false; }
  return true;
}

/// a * b; a product beyond 64 bits sets `overflow` (the caller reports it) instead of wrapping.
Dim mul(const Dim& a, const Dim& b, bool& overflow) {
  long long v = 0;
  if (__builtin_mul_overflow(a.v, b.v, &v)) { overflow = true; v = 0; }
  if (!a.is_sym() && !b.is_sym()) return Dim{v, ""};
  if (!a.is_sym() && a.v == 1) return b;
  if (!b.is_sym() && b.v == 1) return a;
  return Dim{v, dim_mul(a, b).sym};  // sympy's product: the number first (`4*s52`), factors in its order
}

/// The pattern's two sides, or the located error einops raises for a malformed one.
void parse_pattern(Interp& I, const std::string& fn, const std::string& pattern, Location loc, std::vector<Group>& lhs,
                   std::vector<Group>& rhs) {
  size_t arrow = pattern.find("->");
  if (arrow == std::string::npos) I.error(loc, fmt::format("einops.{}: pattern '{}' has no '->'", fn, pattern));
  std::string err;
  if (!parse_side(pattern.substr(0, arrow), lhs, err) || !parse_side(pattern.substr(arrow + 2), rhs, err))
    I.error(loc, fmt::format("einops.{}: invalid pattern '{}': {}", fn, pattern, err));
}

/// How many input axes the left side names (a bare `...` takes the rest); einops' error when `rank` does not fit.
size_t named_axes(Interp& I, const std::string& fn, const std::vector<Group>& lhs, size_t rank, Location loc) {
  size_t named = 0;
  bool has_ell = false;
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) has_ell = true;
    else ++named;
  }
  if (has_ell ? named > rank : named != rank)
    I.error(loc, fmt::format("einops.{}: wrong shape: expected {}{} dims, got {}-dim tensor", fn, has_ell ? "at least " : "", named, rank));
  return named;
}

}  // namespace

/// einops.einsum(t1, ..., pattern): torch.einsum with whole-word axis names (`b l d_in, d_in n -> b l d_in n`);
/// one graph node like the others. Each output axis takes its size from the first input that names it;
/// `...` stands for the first input's unnamed axes.
V Interp::einops_einsum(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool& handled) {
  if (args.size() < 2 || args.back()->k != VK::Str) return nullptr;
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i]->k != VK::Tensor) return nullptr;  // an unmodelled operand: opaque
  handled = true;
  const std::string& pattern = args.back()->s;
  size_t arrow = pattern.find("->");
  if (arrow == std::string::npos) error(loc, fmt::format("einops.einsum: pattern '{}' has no '->'", pattern));
  auto words = [](const std::string& side) {
    std::vector<std::string> out;
    std::istringstream in(side);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
  };
  std::vector<std::string> inputs;
  std::string lhs = pattern.substr(0, arrow);
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    inputs.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (inputs.size() + 1 != args.size())
    error(loc, fmt::format("einops.einsum: the pattern names {} inputs, {} tensors given", inputs.size(), args.size() - 1));
  std::map<std::string, Dim> size;
  std::vector<Dim> ellipsis;
  bool have_ellipsis = false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::vector<std::string> ax = words(inputs[i]);
    const TensorInfo& t = *args[i]->t;
    size_t named = static_cast<size_t>(std::count_if(ax.begin(), ax.end(), [](const std::string& w) { return w != "..."; }));
    bool ell = named != ax.size();
    if (ell ? named > t.shape.size() : named != t.shape.size())
      error(loc, fmt::format("einops.einsum: input {} '{}' names {} axes of a {}-dim tensor", i, inputs[i], named, t.shape.size()));
    size_t d = 0;
    for (auto& w : ax) {
      if (w == "...") {
        size_t k = t.shape.size() - named;
        if (!have_ellipsis) ellipsis.assign(t.shape.begin() + static_cast<long>(d), t.shape.begin() + static_cast<long>(d + k));
        have_ellipsis = true;
        d += k;
        continue;
      }
      if (!size.count(w)) size[w] = t.shape[d];
      ++d;
    }
  }
  TensorInfo o = *args[0]->t;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  o.stride.clear();
  o.shape.clear();
  for (auto& w : words(pattern.substr(arrow + 2))) {
    if (w == "...") { o.shape.insert(o.shape.end(), ellipsis.begin(), ellipsis.end()); continue; }
    if (!size.count(w)) error(loc, fmt::format("einops.einsum: output axis '{}' is not in any input", w));
    o.shape.push_back(size[w]);
  }
  for (size_t i = 1; i + 1 < args.size(); ++i) o.requires_grad = o.requires_grad || args[i]->t->requires_grad;
  std::vector<V> a(args.begin(), args.end());
  return emit("call_function", "einops_einops_einsum", "einsum", false, a, kwargs, o, loc);
}

/// einops.layers.torch.Rearrange / Reduce's forward (the bundled stub calls this with the input, the pattern, the
/// reduction and the axis lengths): einops' recipe for the input's rank (_prepare_transformation_recipe, then
/// _reconstruct_from_shape_uncached) run as apply_for_scriptable_torch runs it under Dynamo: `tensor =
/// x.reshape(init_shapes)` when an input axis is composed or unit, `x.permute(axes)` when the order changes, the
/// reduction over the trailing axes, `x.reshape(final_shapes)` when an output axis is composed; each node named
/// `tensor` after apply_for_scriptable_torch's variable, at einops' own source lines.
V Interp::einops_layer(std::vector<V>& args, Location loc) {
  if (args.size() < 4 || args[0]->k != VK::Tensor || args[1]->k != VK::Str || args[2]->k != VK::Str)
    error(loc, "einops layer: (input, pattern, reduction, axes_lengths) expected");
  const std::string& pattern = args[1]->s;
  const std::string reduction = args[2]->s;
  const std::string fn = reduction == "rearrange" ? "rearrange" : "reduce";
  const TensorInfo& in = *args[0]->t;
  std::vector<Group> lhs, rhs;
  parse_pattern(*this, fn, pattern, loc, lhs, rhs);
  std::map<std::string, long long> size;
  if (args[3]->k == VK::Dict)
    for (auto& [k, v] : args[3]->dict)
      if (k->k == VK::Str && v->k == VK::Int) size[k->s] = v->i;
  // the left side's elementary axes in order (`...` expands to one axis per unnamed input axis); a literal 1
  // (or `()`) names no axis; a group of other than one axis needs the initial reshape
  size_t rank = in.shape.size(), named = named_axes(*this, fn, lhs, rank, loc);
  std::vector<std::string> elem;
  size_t n_ell = rank - named, ax = 0;
  bool init_reshape = false;
  std::map<std::string, std::string> sym_of;  // an axis that is one symbolic input dim: its symbol (`... () -> ...`)
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) {
      for (size_t k = 0; k < n_ell; ++k) {
        elem.push_back("..." + std::to_string(k));
        if (in.shape[ax].is_sym()) sym_of[elem.back()] = in.shape[ax].sym;
        size[elem.back()] = in.shape[ax++].v;
      }
      continue;
    }
    int named_here = 0;
    for (auto& a : g) named_here += !a.name.empty();
    if (named_here == 1 && g.size() == 1 && in.shape[ax].is_sym()) sym_of[g[0].name] = in.shape[ax].sym;
    long long d = in.shape[ax++].v, known = 1;
    std::string unknown;
    int count = 0;
    for (auto& a : g) {
      if (a.name.empty()) continue;  // `1`: no axis
      if (a.name == "...") error(loc, fmt::format("einops.{}: '...' inside parentheses on the left is not supported", fn));
      ++count;
      elem.push_back(a.name);
      if (size.count(a.name)) known *= size[a.name];
      else if (!unknown.empty()) error(loc, fmt::format("einops.{}: could not infer sizes for {{{}, {}}}", fn, unknown, a.name));
      else unknown = a.name;
    }
    if (!unknown.empty()) {
      if (known == 0 || d % known != 0) error(loc, fmt::format("einops.{}: shape mismatch, can't divide axis of length {} in chunks of {}", fn, d, known));
      size[unknown] = d / known;
    } else if (d != known) {
      error(loc, fmt::format("einops.{}: shape mismatch, {} != {}", fn, d, known));
    }
    init_reshape = init_reshape || count != 1;
  }
  // the right side: its axes in order; those of the left it leaves out are reduced (after the kept ones)
  std::vector<std::string> added;  // (repeat: the right side's new axes)
  std::vector<std::vector<std::string>> out_groups;
  std::vector<std::string> kept;
  for (auto& g : rhs) {
    if (g.bare_ellipsis()) {  // `...` outside parentheses: its axes one by one (`(...)` composes them)
      for (size_t k = 0; k < n_ell; ++k) {
        kept.push_back("..." + std::to_string(k));
        out_groups.push_back({kept.back()});
      }
      continue;
    }
    std::vector<std::string> grp;
    for (auto& a : g) {
      if (a.name.empty()) continue;
      if (a.name == "...") { for (size_t k = 0; k < n_ell; ++k) grp.push_back("..." + std::to_string(k)); continue; }
      if (std::find(elem.begin(), elem.end(), a.name) == elem.end()) {
        // Reduce(..., 'repeat'): a new axis of a given length, added by add_axes after the permute
        if (reduction != "repeat" || !size.count(a.name))
          error(loc, fmt::format("einops.{}: axis '{}' of the right side is not on the left", fn, a.name));
        added.push_back(a.name);
      }
      grp.push_back(a.name);
    }
    kept.insert(kept.end(), grp.begin(), grp.end());
    out_groups.push_back(grp);
  }
  std::vector<long long> perm;
  for (auto& n : kept)
    if (std::find(added.begin(), added.end(), n) == added.end()) perm.push_back(std::find(elem.begin(), elem.end(), n) - elem.begin());
  size_t first_reduced = perm.size();
  for (size_t i = 0; i < elem.size(); ++i)
    if (std::find(kept.begin(), kept.end(), elem[i]) == kept.end()) {
      if (reduction == "rearrange") error(loc, fmt::format("einops.rearrange: axis '{}' of the left side is not on the right", elem[i]));
      perm.push_back(static_cast<long long>(i));
    }
  bool final_reshape = false;
  for (auto& g : out_groups) final_reshape = final_reshape || g.size() != 1;
  static const std::string file = "/opt/torch/.venv/lib/python3.12/site-packages/einops/_torch_specific.py";
  V x = args[0];
  auto step = [&](const std::string& method, std::vector<V> a, std::vector<std::pair<std::string, V>> kw, int line,
                  const char* fn_name, const char* code) {
    x = tensor_method(x, method, a, kw, loc);
    if (!tracing()) return;
    Graph& g = stack_.back()->ctx->graph;
    auto it = g.tensor_node.find(x.get());
    if (it == g.tensor_node.end()) return;
    Node& n = g.nodes[static_cast<size_t>(it->second)];
    n.file = file;
    n.line = line;
    n.fn_name = fn_name;
    n.code = code;
    g.rename(it->second, "tensor");
  };
  auto ints = [](const std::vector<long long>& xs) {
    std::vector<V> out;
    for (long long v : xs) out.push_back(mk_int(v));
    return mk_list(out);
  };
  auto sized = [&](const std::vector<std::string>& names) {  // the product of axes' sizes, a SymInt when symbolic
    long long p = 1;
    std::string e;
    for (auto& n : names) {
      p *= size[n];
      auto it = sym_of.find(n);
      e = e.empty() ? (it != sym_of.end() ? it->second : std::to_string(size[n]))
                    : sym_product(e, it != sym_of.end() ? it->second : std::to_string(size[n]));
    }
    V v = mk_int(p);
    bool sym = false;
    for (auto& n : names) sym = sym || sym_of.count(n);
    if (sym) v->sym = e;
    return v;
  };
  if (init_reshape) {
    std::vector<V> shape;
    for (auto& n : elem) shape.push_back(sized({n}));
    step("reshape", {mk_list(shape)}, {}, 74, "reshape", "return x.reshape(shape)");
  }
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i) identity = identity && perm[i] == static_cast<long long>(i);
  if (!identity) step("permute", {ints(perm)}, {}, 46, "transpose", "return x.permute(axes)");
  if (first_reduced < perm.size()) {
    std::vector<long long> axes;
    for (size_t i = first_reduced; i < perm.size(); ++i) axes.push_back(static_cast<long long>(i));
    static const std::map<std::string, std::pair<std::string, int>> ops = {
        {"min", {"amin", 30}}, {"max", {"amax", 32}}, {"sum", {"sum", 34}}, {"mean", {"mean", 36}}};
    auto op = ops.find(reduction);
    if (reduction == "prod") {
      for (auto i = axes.rbegin(); i != axes.rend(); ++i) step("prod", {}, {{"dim", mk_int(*i)}}, 39, "reduce", "x = x.prod(dim=i)");
    } else if (op != ops.end()) {
      std::string code = "return x." + op->second.first + "(dim=reduced_axes)";
      step(op->second.first, {}, {{"dim", ints(axes)}}, op->second.second, "reduce", code.c_str());
    } else {
      error(loc, fmt::format("einops.reduce: unknown reduction '{}'", reduction));
    }
  }
  if (!added.empty()) {
    // add_axes: `x = torch.unsqueeze(x, axis_position)` per new axis (at its place among the right side's axes), then
    // `return x.expand(repeats)` with -1 for the others
    std::vector<long long> repeats(kept.size(), -1);
    V unsqueeze = getattr(make_module("torch"), "unsqueeze", loc);
    for (size_t pos = 0; pos < kept.size(); ++pos) {
      if (std::find(added.begin(), added.end(), kept[pos]) == added.end()) continue;
      repeats[pos] = size[kept[pos]];
      x = call(unsqueeze, {x, mk_int(static_cast<long long>(pos))}, {}, loc);
      if (tracing()) {
        Graph& g = stack_.back()->ctx->graph;
        if (auto it = g.tensor_node.find(x.get()); it != g.tensor_node.end()) {
          Node& n = g.nodes[static_cast<size_t>(it->second)];
          n.file = file;
          n.line = 60;
          n.fn_name = "add_axes";
          n.code = "x = torch.unsqueeze(x, axis_position)";
          g.rename(it->second, "x");
        }
      }
    }
    step("expand", {ints(repeats)}, {}, 62, "add_axes", "return x.expand(repeats)");
  }
  if (final_reshape) {
    std::vector<V> shape;
    for (auto& g : out_groups) shape.push_back(sized(g));
    step("reshape", {mk_list(shape)}, {}, 74, "reshape", "return x.reshape(shape)");
  }
  return x;
}

/// The axes of rearrange's (and repeat's) result before its final reshape, each with its size and its stride in the
/// input's memory (input strides `stride`; repeat's new axes stride 0): einops' reshape of the input into its named
/// axes, then their permutation. `final_reshape`: the output groups are not each exactly one axis. False where an axis
/// has no known size or the split is not a view.
static bool permuted_axes(const std::vector<Group>& lhs, const std::vector<Group>& rhs, std::map<std::string, Dim>& size,
                          const std::vector<Dim>& shape, const std::vector<Dim>& stride, bool repeat,
                          std::vector<Dim>& perm_size, std::vector<Dim>& perm_stride, bool& final_reshape) {
  std::vector<Dim> elem_size;
  std::vector<std::string> elem;
  if (stride.size() != shape.size()) return false;
  size_t ax = 0, n_ell = 0;
  for (auto& g : lhs) if (!g.bare_ellipsis()) ++n_ell;
  n_ell = shape.size() - n_ell;
  bool init_reshape = false;  // einops reshapes only when an input axis is not exactly one named axis
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) {
      for (size_t k = 0; k < n_ell; ++k) { elem.push_back("..." + std::to_string(k)); elem_size.push_back(shape[ax++]); }
      continue;
    }
    ++ax;
    size_t count = 0;
    for (auto& a : g) {
      if (a.name.empty()) { if (a.lit != 1) return false; continue; }
      auto it = size.find(a.name);
      if (it == size.end()) return false;
      elem.push_back(a.name);
      elem_size.push_back(it->second);
      ++count;
    }
    init_reshape = init_reshape || count != 1;
  }
  auto split = init_reshape ? view_strides_ref(shape, stride, elem_size) : std::optional<std::vector<Dim>>(stride);
  if (!split) return false;
  final_reshape = false;  // and again only when an output axis is not exactly one axis
  for (auto& g : rhs) {
    size_t count = 0;
    for (auto& a : g) {
      if (a.name.empty()) { if (a.lit != 1) return false; continue; }
      std::vector<std::string> names;
      if (a.name == "...") for (size_t k = 0; k < n_ell; ++k) names.push_back("..." + std::to_string(k));
      else names.push_back(a.name);
      for (auto& n : names) {
        auto at = std::find(elem.begin(), elem.end(), n);
        if (at == elem.end() && repeat && size.count(n)) {
          // repeat's new axis: einops expands a size-1 axis there, a stride-0 view, a symbolic size too (real torch
          // 2.11: einops_names, einops_repeat_dynamic_stride0)
          perm_size.push_back(size[n]);
          perm_stride.push_back(Dim{0, ""});
          ++count;
          continue;
        }
        if (at == elem.end()) return false;
        perm_size.push_back(elem_size[static_cast<size_t>(at - elem.begin())]);
        perm_stride.push_back((*split)[static_cast<size_t>(at - elem.begin())]);
        ++count;
      }
    }
    final_reshape = final_reshape || count != 1;
  }
  return true;
}

/// rearrange's (and repeat's, its new axes expanded) result is einops' reshape / permute / reshape of the input: a view where torch can make one (its
/// strides then follow the input's: `b n (h d) -> b h n d` of a chunk keeps the chunk's row stride), else a copy
/// (contiguous, as emit gives). Symbolic sizes too (view_strides on monomials: a dynamic batch keeps the chunk's
/// row stride, as torch's view does); an axis of no known size keeps the contiguous strides.
static void rearrange_strides(const std::vector<Group>& lhs, const std::vector<Group>& rhs, std::map<std::string, Dim>& size,
                              const TensorInfo& in, TensorInfo& o, bool repeat) {
  std::vector<Dim> perm_size, perm_stride;
  bool final_reshape = false;
  if (!permuted_axes(lhs, rhs, size, in.shape, in.stride, repeat, perm_size, perm_stride, final_reshape)) return;
  auto viewed = final_reshape ? view_strides_ref(perm_size, perm_stride, o.shape) : std::optional<std::vector<Dim>>(perm_stride);
  if (!viewed) return;  // a copy: contiguous
  o.stride = *viewed;
}

/// The values of rearrange's / repeat's result from the input's known values (row-major): the permuted axes walked
/// over the input laid out contiguously (the final reshape keeps that order). False for symbolic sizes.
static bool rearrange_values(const std::vector<Group>& lhs, const std::vector<Group>& rhs, std::map<std::string, Dim>& size,
                             const std::vector<Dim>& shape, const std::vector<double>& in, bool repeat, std::vector<double>& out) {
  std::vector<Dim> contiguous(shape.size(), Dim{1, ""});
  long long acc = 1;
  // (a symbolic size is its hint: the values are this run's data, a dynamic frame's too)
  for (size_t d = shape.size(); d-- > 0;) {
    contiguous[d] = Dim{acc, ""};
    acc *= shape[d].v;
  }
  std::vector<Dim> perm_size, perm_stride;
  bool final_reshape = false;
  if (!permuted_axes(lhs, rhs, size, shape, contiguous, repeat, perm_size, perm_stride, final_reshape)) return false;
  long long total = 1;
  for (size_t k = 0; k < perm_size.size(); ++k) {
    if (perm_size[k].v < 0) return false;
    total *= perm_size[k].v;
    if (total > values::kMaxElems) return false;
  }
  out.clear();
  out.reserve(static_cast<size_t>(total));
  std::vector<long long> ix(perm_size.size(), 0);
  for (long long n = 0; n < total; ++n) {
    long long off = 0;
    for (size_t k = 0; k < ix.size(); ++k) off += ix[k] * perm_stride[k].v;
    if (off < 0 || off >= static_cast<long long>(in.size())) return false;
    out.push_back(in[static_cast<size_t>(off)]);
    for (size_t k = ix.size(); k-- > 0;) {
      if (++ix[k] < perm_size[k].v) break;
      ix[k] = 0;
    }
  }
  return true;
}

V Interp::call_einops(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, bool& handled) {
  handled = false;
  if (name == "einops.einsum") return einops_einsum(args, kwargs, loc, handled);
  if (name == "einops.__tparse_einops_layer__") {
    handled = true;
    return einops_layer(args, loc);
  }
  if (name == "einops.pack" || name == "einops.unpack") return einops_pack(name == "einops.pack", args, kwargs, loc, handled);
  if (name != "einops.rearrange" && name != "einops.repeat" && name != "einops.reduce") return nullptr;
  if (args.size() < 2 || args[0]->k != VK::Tensor || args[1]->k != VK::Str) return nullptr;  // lists of tensors: opaque
  handled = true;
  const std::string fn = name.substr(7);
  const std::string& pattern = args[1]->s;
  const TensorInfo& in = *args[0]->t;
  std::vector<Group> lhs, rhs;
  parse_pattern(*this, fn, pattern, loc, lhs, rhs);
  bool overflow = false;
  auto mul = [&](const Dim& a, const Dim& b) { return tparse::compiler::mul(a, b, overflow); };
  std::map<std::string, Dim> size;
  for (auto& [k, v] : kwargs)
    if (v->k == VK::Int) size[k] = Dim{v->i, v->sym};  // a SymInt length keeps its symbol (`b=x.shape[0]` after a dynamic recompile)
  std::vector<Dim> ellipsis;
  // left side: one group per input axis, `...` takes the axes the others leave
  size_t rank = in.shape.size(), named = named_axes(*this, fn, lhs, rank, loc);
  size_t ax = 0;
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) {
      size_t k = rank - named;
      ellipsis.assign(in.shape.begin() + static_cast<long>(ax), in.shape.begin() + static_cast<long>(ax + k));
      ax += k;
      continue;
    }
    const Dim& d = in.shape[ax++];
    Dim known{1, ""};
    const Atom* unknown = nullptr;
    for (auto& a : g) {
      if (a.name.empty()) known = mul(known, Dim{a.lit, ""});
      else if (size.count(a.name)) known = mul(known, size[a.name]);
      else if (unknown) error(loc, fmt::format("einops.{}: could not infer sizes for {{{}, {}}}", fn, unknown->name, a.name));
      else unknown = &a;
    }
    if (overflow) error(loc, fmt::format("einops.{}: an axis length of '{}' overflows 64 bits", fn, pattern));
    if (unknown) {
      if (!d.is_sym() && !known.is_sym() && (known.v == 0 || d.v % known.v != 0))
        error(loc, fmt::format("einops.{}: shape mismatch, can't divide axis of length {} in chunks of {}", fn, d.v, known.v));
      if (known.v == 1 && !known.is_sym()) {
        size[unknown->name] = d;
      } else {  // the quotient's hint, and its expression as sympy divides monomials (`(4*s77)//s77` is 4)
        Dim q{known.v ? d.v / known.v : 0, ""};
        if (d.is_sym() || known.is_sym()) {
          auto a = parse_mono(d.str()), b = parse_mono(known.str());
          auto m = a && b ? mono_div(*a, *b) : std::nullopt;
          q.sym = m ? (m->syms.empty() ? "" : mono_str(*m)) : "(" + d.str() + ")//" + known.str();
        }
        size[unknown->name] = q;
      }
    } else if (!d.is_sym() && !known.is_sym() && d.v != known.v) {
      error(loc, fmt::format("einops.{}: shape mismatch, {} != {}", fn, d.v, known.v));
    }
  }
  // right side: each group is the product of its axes; `...` alone is the ellipsis axes themselves
  TensorInfo o = in;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  o.stride.clear();
  o.shape.clear();
  for (auto& g : rhs) {
    if (g.bare_ellipsis()) {
      o.shape.insert(o.shape.end(), ellipsis.begin(), ellipsis.end());
      continue;
    }
    Dim d{1, ""};
    for (auto& a : g) {
      if (a.name.empty()) d = mul(d, Dim{a.lit, ""});
      else if (a.name == "...") for (auto& e : ellipsis) d = mul(d, e);
      else if (size.count(a.name)) d = mul(d, size[a.name]);
      else error(loc, fmt::format("einops.{}: axis '{}' of the right side has no size (pass {}=N)", fn, a.name, a.name));
    }
    o.shape.push_back(d);
  }
  if (overflow) error(loc, fmt::format("einops.{}: an axis length of '{}' overflows 64 bits", fn, pattern));
  if (fn == "rearrange" || fn == "repeat") rearrange_strides(lhs, rhs, size, in, o, fn == "repeat");
  std::vector<V> a(args.begin(), args.end());
  // FX prints a function from outside torch under a global named after its qualified name (graph.py
  // add_global: einops.einops.rearrange -> einops_einops_rearrange)
  // (einops' own rearrange / repeat run as a frame: their body's `reduce(tensor, pattern, reduction=fn, **axes)`)
  V res;
  if (einops_as_reduce_ && fn != "reduce") {
    KW kw{{"reduction", mk_str(fn)}};
    kw.insert(kw.end(), kwargs.begin(), kwargs.end());
    res = emit("call_function", "einops_einops_reduce", "reduce", false, a, kw, o, loc);
  } else {
    res = emit("call_function", "einops_einops_" + fn, fn, false, a, kwargs, o, loc);
  }
  // known input values carry through a rearrange / repeat (En-transformer's adjacency mask repeated over the batch,
  // then its degree read with .item())
  const std::vector<double>* v = fn == "reduce" ? nullptr : values::of(*this, a[0]);
  std::vector<double> out;
  if (v && res && res->k == VK::Tensor && rearrange_values(lhs, rhs, size, in.shape, *v, fn == "repeat", out)) {
    values::attach(*this, res, std::move(out));
    values::carry_guess({a[0]}, res);
  }
  return res;
}

}  // namespace tparse::compiler
