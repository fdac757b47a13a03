// Parameter anchors for AOT / inductor graphs; see aot_anchors.hpp.
#include "aot_anchors.hpp"

#include <unordered_map>

namespace tparse::graph {

namespace {

bool is_op(const fx::Node& n) { return n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output; }

/// Ops that only re-view a tensor: a parameter seen through them is still the parameter.
bool is_view(const fx::Node& n) {
  static const char* kViews[] = {"aten.permute", "aten.t.", "aten.view", "aten.transpose", "aten.expand", "aten.reshape",
                                 "aten._unsafe_view", "aten.unsqueeze", "aten.squeeze", "aten.clone", "prims.convert_element_type"};
  for (const char* v : kViews)
    if (n.target.find(v) != std::string::npos) return true;
  return false;
}

/// idx of "PlainAOTInput(idx=K)" in s, or -1.
int32_t plain_input(std::string_view s) {
  constexpr std::string_view key = "PlainAOTInput(idx=";
  size_t p = s.find(key);
  if (p == std::string_view::npos) return -1;
  int32_t k = 0;
  for (char c : s.substr(p + key.size(), 9)) {  // at most 9 digits: never overflows
    if (c < '0' || c > '9') return c == ')' ? k : -1;
    k = k * 10 + (c - '0');
  }
  return -1;
}

}  // namespace

std::vector<std::string_view> lines_with(std::string_view text, std::string_view needle) {
  std::vector<std::string_view> out;
  for (size_t p = text.find(needle); p != std::string_view::npos;) {
    size_t b = text.rfind('\n', p);
    b = b == std::string_view::npos ? 0 : b + 1;
    size_t e = text.find('\n', p);
    if (e == std::string_view::npos) e = text.size();
    out.push_back(text.substr(b, e - b));
    p = e >= text.size() ? std::string_view::npos : text.find(needle, e + 1);
  }
  return out;
}

std::vector<std::string> input_modules(const fx::Graph& dynamo) {
  std::vector<std::string> out;
  std::string p;
  for (const auto& n : dynamo.nodes)
    if (n.op == fx::OpKind::Placeholder) out.push_back(module_of_placeholder(n.name, p) ? p : std::string("\x01"));
  return out;
}

std::vector<int32_t> aot_input_indices(const fx::Graph& g, std::string_view text) {
  std::vector<int32_t> out(g.nodes.size(), -1);
  std::unordered_map<std::string_view, int32_t> by_name;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].op == fx::OpKind::Placeholder) by_name[g.nodes[i].name] = static_cast<int32_t>(i);
  for (std::string_view l : lines_with(text, "PlainAOTInput(idx=")) {  // plain_input is -1 on the others
    if (l.find("GradAOTOutput") != std::string_view::npos) continue;
    int32_t k = plain_input(l);
    size_t b = l.find_first_not_of(" \t"), colon = l.find(':');
    if (k < 0 || b == std::string_view::npos || colon == std::string_view::npos || colon <= b) continue;
    auto it = by_name.find(l.substr(b, colon - b));
    if (it != by_name.end()) out[static_cast<size_t>(it->second)] = k;
  }
  return out;
}

int32_t anchor_aot_parameters(Hierarchy& h, const fx::Graph& g, std::string_view text, const fx::Graph& dynamo,
                              const std::vector<char>* keep) {
  const size_t N = g.nodes.size();
  if (h.node_group.size() != N || h.groups.size() <= 1) return 0;
  if (h.guessed.size() != N) h.guessed.assign(N, 0);
  std::vector<std::string> mods = input_modules(dynamo);
  auto module_of_input = [&](int32_t k) -> int32_t {
    if (k < 0 || static_cast<size_t>(k) >= mods.size() || mods[static_cast<size_t>(k)] == "\x01") return -1;
    return mods[static_cast<size_t>(k)].empty() ? 0 : h.find(mods[static_cast<size_t>(k)]);
  };
  // The lines naming an input, for the placeholder comments and the gradient outputs of the
  // return (a line without "PlainAOTInput(idx=" gives neither: plain_input is -1 there).
  std::vector<std::string_view> lines = lines_with(text, "PlainAOTInput(idx=");
  // The return starts on the line of the first "return (" (the gradient outputs follow it).
  size_t ret = text.find("return (");
  ret = ret == std::string_view::npos ? text.size() + 1 : text.rfind('\n', ret) + 1;  // npos + 1 == 0
  std::unordered_map<std::string_view, int32_t> by_name;  // views of g's names: no string per node
  by_name.reserve(N);
  for (size_t i = 0; i < N; ++i) by_name[g.nodes[i].name] = static_cast<int32_t>(i);
  std::vector<int32_t> anchor(N, -1);
  std::vector<char> param(N, 0);
  // Signature lines: `primals_10: "f32[64, 256][256, 1]cuda:0",  # PlainAOTInput(idx=9)`.
  for (std::string_view l : lines) {
    if (l.find("GradAOTOutput") != std::string_view::npos) continue;
    int32_t k = plain_input(l);
    size_t b = l.find_first_not_of(" \t"), colon = l.find(':');
    if (k < 0 || b == std::string_view::npos || colon == std::string_view::npos || colon <= b) continue;
    auto it = by_name.find(l.substr(b, colon - b));
    if (it == by_name.end() || g.nodes[static_cast<size_t>(it->second)].op != fx::OpKind::Placeholder) continue;
    int32_t m = module_of_input(k);
    if (m >= 0) anchor[static_cast<size_t>(it->second)] = m, param[static_cast<size_t>(it->second)] = 1;
  }
  for (std::string_view l : lines) {
    if (static_cast<size_t>(l.data() - text.data()) < ret) continue;  // before the return
    size_t gp = l.find("GradAOTOutput(grad_of=");
    if (gp == std::string_view::npos) continue;
    size_t b = l.find_first_not_of(" \t");
    size_t e = l.find(',', b);
    if (b == std::string_view::npos || e == std::string_view::npos) continue;
    auto it = by_name.find(l.substr(b, e - b));
    int32_t m = module_of_input(plain_input(l.substr(gp)));
    if (it != by_name.end() && m >= 0 && is_op(g.nodes[static_cast<size_t>(it->second)])) anchor[static_cast<size_t>(it->second)] = m;
  }
  // Views of parameters are parameters; an op reading parameters belongs to their common module.
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n) || anchor[i] >= 0) continue;
    int32_t m = -1;
    bool all_param = !n.inputs.empty();
    for (int32_t u : n.inputs) {
      if (param[static_cast<size_t>(u)]) m = h.lca(m, anchor[static_cast<size_t>(u)]);
      else all_param = false;
    }
    if (m < 0) continue;
    anchor[i] = m;
    if (all_param && is_view(n)) param[i] = 1;
  }
  // Producers whose consumers are all anchored to one module, within one statement: that module
  // (the sum and view of a bias gradient before its output).
  std::vector<std::vector<int32_t>> cons(N);
  for (auto [a, b] : g.edges)
    if (a >= 0 && static_cast<size_t>(a) < N) cons[static_cast<size_t>(a)].push_back(b);
  auto same_stmt = [&](size_t a, size_t b) {
    const fx::Node &x = g.nodes[a], &y = g.nodes[b];
    return !x.file.empty() && x.file == y.file && x.line == y.line && x.function == y.function;
  };
  for (size_t k = N; k-- > 0;) {
    if (anchor[k] >= 0 || !is_op(g.nodes[k]) || cons[k].empty()) continue;
    int32_t m = -2;
    for (int32_t c : cons[k]) {
      size_t cc = static_cast<size_t>(c);
      if (anchor[cc] < 0 || !same_stmt(k, cc) || (m != -2 && anchor[cc] != m)) {
        m = -1;
        break;
      }
      m = anchor[cc];
    }
    if (m >= 0) anchor[k] = m;
  }
  // Apply: an anchor inside the op's statement module wins; ops between anchors of one statement
  // take the common module of the nearest anchors before and after.
  int32_t moved = 0;
  auto move = [&](size_t i, int32_t m) {
    if (m < 0 || m == h.node_group[i] || !h.contains(h.node_group[i], m) || (keep && (*keep)[i])) return;
    h.node_group[i] = m;
    h.guessed[i] = 0;
    ++moved;
  };
  for (size_t i = 0; i < N; ++i)
    if (is_op(g.nodes[i]) && anchor[i] >= 0) move(i, anchor[i]);
  // The nearest anchors before and after each node within its run of nodes of one statement
  // (same_stmt with each neighbour in turn: equality, so the run of consecutive equal nodes),
  // found in two passes instead of a walk per node (a statement of k ops cost k^2 comparisons).
  std::vector<char> joins(N, 0);  // node i is in the statement of node i - 1
  for (size_t i = 1; i < N; ++i) joins[i] = same_stmt(i, i - 1);
  std::vector<int32_t> before(N, -1), after(N, -1);
  for (size_t i = 1; i < N; ++i)
    if (joins[i]) before[i] = anchor[i - 1] >= 0 ? anchor[i - 1] : before[i - 1];
  for (size_t i = N; i-- > 0;)
    if (i + 1 < N && joins[i + 1]) after[i] = anchor[i + 1] >= 0 ? anchor[i + 1] : after[i + 1];
  for (size_t i = 0; i < N; ++i) {
    if (!is_op(g.nodes[i]) || anchor[i] >= 0) continue;
    if (before[i] >= 0 && after[i] >= 0) move(i, h.lca(before[i], after[i]));
  }
  if (moved) {
    refresh(h, g);
    h.source += h.source.empty() ? "parameter anchors" : " and parameter anchors";
  }
  return moved;
}

}  // namespace tparse::graph
