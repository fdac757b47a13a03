// einops.pack / unpack (einops.packing, allowed in the graph like rearrange: einops.cpp): pack's output and its
// packed shapes, unpack's views.
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"

namespace tparse::compiler {

/// a * b of two lengths (sympy's product when symbolic); `overflow` set past 64 bits
static Dim packed_mul(const Dim& a, const Dim& b, bool& overflow) {
  long long v = 0;
  if (__builtin_mul_overflow(a.v, b.v, &v)) { overflow = true; v = 0; }
  if (!a.is_sym() && !b.is_sym()) return Dim{v, ""};
  if (!a.is_sym() && a.v == 1) return b;
  if (!b.is_sym() && b.v == 1) return a;
  return Dim{v, dim_mul(a, b).sym};
}

// einops.pack(tensors, "b * d") / unpack(tensor, packed_shapes, "b * d") (einops.packing, allowed in the graph
// like the others): pack joins the tensors along the `*` axis (each one's axes there flattened) and returns
// (packed, packed_shapes), the shapes a list of int tuples (constants when static, graph values when a SymInt is in
// them); unpack splits the `*` axis back into those shapes, as views of its input.
V Interp::einops_pack(bool pack, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc,
                      bool& handled) {
  const char* fn = pack ? "pack" : "unpack";
  auto kwv = [&](const char* k) -> V {
    for (auto& [n, v] : kwargs) if (n == k) return v;
    return nullptr;
  };
  V pat = args.size() > (pack ? 1u : 2u) ? args[pack ? 1 : 2] : kwv("pattern");
  if (args.empty() || !pat || pat->k != VK::Str) return nullptr;
  std::istringstream words(pat->s);
  std::vector<std::string> axes;
  for (std::string a; words >> a;) axes.push_back(a);
  auto star = std::find(axes.begin(), axes.end(), "*");
  if (star == axes.end() || std::count(axes.begin(), axes.end(), "*") != 1)
    error(loc, fmt::format("einops.{}: the pattern '{}' must have exactly one '*'", fn, pat->s));
  const size_t before = static_cast<size_t>(star - axes.begin()), after = axes.size() - before - 1;
  handled = true;
  bool overflow = false;
  if (pack) {
    V list = args[0];
    if ((list->k != VK::List && list->k != VK::Tuple) || list->items.empty()) error(loc, "einops.pack: expects a non-empty list of tensors");
    TensorInfo o;
    Dim total{0, ""};
    auto ps = std::make_shared<Obj>();
    ps->k = VK::List;
    for (const V& t : list->items) {
      if (t->k != VK::Tensor) error(loc, "einops.pack: expects tensors");
      const auto& sh = t->t->shape;
      if (sh.size() < before + after) error(loc, fmt::format("einops.pack: a tensor of {} dims cannot be packed with '{}'", sh.size(), pat->s));
      if (o.shape.empty()) {
        o = *t->t;
        o.shape.assign(sh.begin(), sh.begin() + static_cast<long>(before));
        o.shape.push_back(Dim{0, ""});
        o.shape.insert(o.shape.end(), sh.end() - static_cast<long>(after), sh.end());
      }
      Dim mid{1, ""};
      std::vector<V> dims;
      for (size_t i = before; i + after < sh.size(); ++i) {
        mid = packed_mul(mid, sh[i], overflow);
        V d = mk_int(sh[i].v);
        d->sym = sh[i].sym;
        dims.push_back(d);
      }
      total = Dim{total.v + mid.v, total.is_sym() || mid.is_sym() ? (total.v == 0 && !total.is_sym() ? mid.str() : total.str() + " + " + mid.str()) : ""};
      ps->items.push_back(mk_tuple(dims));
    }
    o.shape[before] = total;
    o.is_param = o.is_buffer = false;
    o.fill.reset();
    o.marked_dynamic.clear();
    o.stride = contiguous_strides(o.shape);
    V whole = emit("call_function", "einops_packing_pack", "pack", false, args, kwargs, o, loc);
    V r = tuple_result(whole, {o}, {});
    r->items.push_back(ps);
    // a packed shape holding a SymInt is a graph value: the list is `pack[1]` and each shape its getitem, which
    // unpack then takes (`einops_packing_unpack(attended, [getitem_19], ...)`: MEGABYTE under a dynamic batch)
    // (Dynamo wraps the list and each shape tuple whatever they hold, and a tuple with a SymInt item by item too: the
    // getitems nobody reads are dead code, their names spent: real torch's `unpack[0]` is `getitem_3` in the static graph)
    if (tracing() && r->sym_node >= 0) {
      materialize_item(r, 0);  // (the packed tensor's `pack[0]` comes first, as the unpacking statement reads it)
      Graph& g = stack_.back()->ctx->graph;
      auto getitem = [&](int of, size_t i) { return add_call("getitem", "getitem", {Arg{of, ""}, Arg{-1, std::to_string(i)}}, loc); };
      const int list_node = getitem(r->sym_node, 1);
      for (size_t i = 0; i < ps->items.size(); ++i) {
        const V& shape = ps->items[i];
        const int tuple_node = getitem(list_node, i);
        bool symbolic = false;
        for (const V& x : shape->items) symbolic = symbolic || !x->sym.empty();
        if (!symbolic) continue;  // a static shape: unpack takes the numbers
        for (size_t j = 0; j < shape->items.size(); ++j) getitem(tuple_node, j);
        g.symint_node[shape.get()] = tuple_node;
        keep_graph_value(shape);
      }
    }
    return r;
  }
  V t = args[0], shapes = args.size() > 1 ? args[1] : kwv("packed_shapes");
  if (t->k != VK::Tensor || !shapes || (shapes->k != VK::List && shapes->k != VK::Tuple)) error(loc, "einops.unpack(tensor, packed_shapes, pattern)");
  const TensorInfo& in = *t->t;
  if (in.shape.size() != before + after + 1) error(loc, fmt::format("einops.unpack: a tensor of {} dims does not match '{}'", in.shape.size(), pat->s));
  std::vector<Dim> st = in.stride.size() == in.shape.size() ? in.stride : contiguous_strides(in.shape);
  std::vector<TensorInfo> parts;
  for (const V& s : shapes->items) {
    if (s->k != VK::Tuple && s->k != VK::List) error(loc, "einops.unpack: packed_shapes holds tuples of ints");
    TensorInfo o = in;
    o.is_param = o.is_buffer = false;
    o.fill.reset();
    o.marked_dynamic.clear();
    o.shape.assign(in.shape.begin(), in.shape.begin() + static_cast<long>(before));
    o.stride.assign(st.begin(), st.begin() + static_cast<long>(before));
    std::vector<Dim> mid;
    for (const V& d : s->items) mid.push_back(Dim{d->i, d->sym});
    std::vector<Dim> mst(mid.size());
    Dim step = st[before];
    for (size_t i = mid.size(); i-- > 0;) {  // a view of the `*` axis: its pieces laid out within its stride
      mst[i] = step;
      step = packed_mul(step, mid[i], overflow);
    }
    o.shape.insert(o.shape.end(), mid.begin(), mid.end());
    o.stride.insert(o.stride.end(), mst.begin(), mst.end());
    o.shape.insert(o.shape.end(), in.shape.end() - static_cast<long>(after), in.shape.end());
    o.stride.insert(o.stride.end(), st.end() - static_cast<long>(after), st.end());
    parts.push_back(o);
  }
  if (overflow) error(loc, "einops.unpack: a length overflows 64 bits");
  TensorInfo first = parts.empty() ? in : parts[0];
  V whole = emit("call_function", "einops_packing_unpack", "unpack", false, args, kwargs, first, loc);
  return tuple_result(whole, parts, {});
}

}  // namespace tparse::compiler
