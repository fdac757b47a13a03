// DDPOptimizer graph splits from the records (see ddp_split.hpp for the rule).
#include "ddp_split.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <cmath>
#include <set>
#include <string_view>
#include <utility>

#include "core/payloads/fx_graph.hpp"
#include "core/model/summary.hpp"

namespace tparse::ddp {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

/// Bytes of one element for FX's dtype abbreviations ("f32", "bf16", "i64", "b8"...); 0 unknown.
int64_t dtype_bytes(std::string_view d) {
  if (d == "b8" || d == "i8" || d == "u8" || starts_with(d, "f8")) return 1;
  if (d == "f16" || d == "bf16" || d == "i16" || d == "u16") return 2;
  if (d == "f32" || d == "i32" || d == "u32") return 4;
  if (d == "f64" || d == "i64" || d == "u64" || d == "c32") return 8;
  if (d == "c64") return 8;
  if (d == "c128") return 16;
  return 0;
}

/// Bytes of a tensor annotation "f32[384, 128][128, 1]cuda:0" (the first bracket is the shape);
/// -1 when symbolic or unreadable.
int64_t tensor_bytes(std::string_view type) {
  size_t lb = type.find('[');
  if (lb == std::string_view::npos) return -1;
  int64_t eb = dtype_bytes(type.substr(0, lb));
  size_t rb = type.find(']', lb);
  if (eb == 0 || rb == std::string_view::npos) return -1;
  int64_t n = 1;
  std::string_view dims = type.substr(lb + 1, rb - lb - 1);
  while (!dims.empty()) {
    size_t c = dims.find(',');
    std::string_view d = dims.substr(0, c);
    while (!d.empty() && d.front() == ' ') d.remove_prefix(1);
    while (!d.empty() && d.back() == ' ') d.remove_suffix(1);
    if (d.empty()) return -1;
    int64_t v = 0;
    for (char ch : d) {
      if (ch < '0' || ch > '9') return -1;  // s0, u1: symbolic
      v = v * 10 + (ch - '0');
    }
    n *= v;
    if (c == std::string_view::npos) break;
    dims.remove_prefix(c + 1);
  }
  return n * eb;
}

bool is_param(std::string_view placeholder) { return placeholder.find("_parameters_") != std::string_view::npos; }

/// Placeholder names (and types when `typed`) of an FX text, joined: the identity of a graph's inputs.
std::string input_key(const std::string& text, bool typed) {
  fx::Graph g = fx::parse_fx_graph(text);
  std::string k;
  for (const auto& n : g.nodes) {
    if (n.op != fx::OpKind::Placeholder) continue;
    k += n.name;
    if (typed) k += ':' + n.type;
    k += ',';
  }
  return k;
}

/// One inductor compile's artifacts [begin, end) inside a compile.
struct Segment {
  int32_t begin = 0, end = 0;
};

bool is_fx_cache(const Artifact& a) { return starts_with(a.name, "fx_graph_cache_"); }

void read_runtime(const std::string& text, PartCompile& p) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(text).get(doc)) return;
  simdjson::dom::array ops;
  if (doc["ops"].get_array().get(ops)) return;
  p.has_runtime = true;
  for (auto op : ops) {
    double ns = 0;
    if (op["estimated_runtime_ns"].get_double().get(ns)) {
      int64_t i = 0;
      if (!op["estimated_runtime_ns"].get_int64().get(i)) ns = static_cast<double>(i);
    }
    p.runtime_ns += ns;
    p.runtime_ops++;
  }
}

PartCompile part_of(const Compile& c, const Segment& s, const PayloadStore& ps) {
  PartCompile p;
  p.present = true;
  p.first_artifact = s.begin;
  for (int32_t i = s.begin; i < s.end; ++i) {
    const Artifact& a = c.artifacts[static_cast<size_t>(i)];
    if (a.kind == "inductor_output_code" && p.output_code < 0) p.output_code = i;
    else if (is_fx_cache(a)) p.cache = a.name.substr(std::string_view("fx_graph_cache_").size());
    else if (a.name == "inductor_runtime_and_tensor_meta" && !p.has_runtime && a.payload.valid())
      read_runtime(ps.get(a.payload), p);
  }
  return p;
}

int32_t find_in(const Compile& c, const Segment& s, std::string_view name) {
  for (int32_t i = s.begin; i < s.end; ++i)
    if (c.artifacts[static_cast<size_t>(i)].name == name) return i;
  return -1;
}

Split analyze(const Compile& c, int32_t ci, int32_t graph_art, const PayloadStore& ps) {
  Split sp;
  sp.compile = ci;
  sp.graph_artifact = graph_art;
  const int32_t n = static_cast<int32_t>(c.artifacts.size());
  std::vector<std::string> child_keys;
  std::vector<std::vector<std::pair<std::string, int64_t>>> child_params;  // (name, bytes)
  int32_t after_children = graph_art + 1;
  for (int32_t i = graph_art + 1; i < n; ++i) {
    const Artifact& a = c.artifacts[static_cast<size_t>(i)];
    if (a.kind != "optimize_ddp_split_child") continue;
    after_children = i + 1;
    Subgraph sg;
    sg.name = a.name;
    sg.artifact = i;
    std::vector<std::pair<std::string, int64_t>> params;
    std::string key;
    if (a.payload.valid()) {
      fx::Graph g = fx::parse_fx_graph(ps.get(a.payload));
      for (const auto& nd : g.nodes) {
        if (nd.op == fx::OpKind::Placeholder) {
          sg.inputs++;
          key += nd.name + ',';
          if (is_param(nd.name)) params.emplace_back(nd.name, tensor_bytes(nd.type));
        } else if (nd.op != fx::OpKind::Output) {
          sg.nodes++;
        }
      }
    }
    sg.params = static_cast<int64_t>(params.size());
    child_keys.push_back(std::move(key));
    child_params.push_back(std::move(params));
    sp.subgraphs.push_back(std::move(sg));
  }
  // Buckets: DDPOptimizer walks the graph backwards and puts each parameter in the bucket of the
  // last node that reads it, so a parameter read by several subgraphs is counted in the last one.
  std::set<std::string> seen;
  for (size_t k = sp.subgraphs.size(); k-- > 0;) {
    Subgraph& sg = sp.subgraphs[k];
    for (const auto& [name, bytes] : child_params[k]) {
      if (!seen.insert(name).second) continue;
      sg.bucket_params++;
      if (sg.bucket_bytes >= 0) sg.bucket_bytes = bytes < 0 ? -1 : sg.bucket_bytes + bytes;
    }
  }
  // Inductor compiles after the children, each ending at its fx graph cache artifact.
  bool any_cache = false;
  for (int32_t i = after_children; i < n; ++i) any_cache |= is_fx_cache(c.artifacts[static_cast<size_t>(i)]);
  std::vector<Segment> segs;
  int32_t begin = after_children;
  for (int32_t i = after_children; i < n; ++i) {
    const Artifact& a = c.artifacts[static_cast<size_t>(i)];
    bool end = any_cache ? is_fx_cache(a) : a.kind == "inductor_output_code";
    if (end) {
      // Without cache artifacts, the runtime estimates logged right after the code belong to it.
      int32_t e = i + 1;
      if (!any_cache)
        while (e < n && c.artifacts[static_cast<size_t>(e)].name == "inductor_runtime_and_tensor_meta") ++e;
      segs.push_back({begin, e});
      begin = e;
      i = e - 1;
    }
  }
  // Forward compiles: the graph handed to inductor (before_pre_grad_graph) has the child's inputs.
  std::vector<std::string> bwd_keys(sp.subgraphs.size());
  std::vector<bool> used(segs.size(), false);
  for (size_t si = 0; si < segs.size(); ++si) {
    int32_t pre = find_in(c, segs[si], "before_pre_grad_graph");
    if (pre < 0 || !c.artifacts[static_cast<size_t>(pre)].payload.valid()) continue;
    std::string key = input_key(ps.get(c.artifacts[static_cast<size_t>(pre)].payload), false);
    for (size_t k = 0; k < child_keys.size(); ++k) {
      if (child_keys[k] != key || sp.subgraphs[k].fwd.present) continue;
      sp.subgraphs[k].fwd = part_of(c, segs[si], ps);
      used[si] = true;
      int32_t bw = find_in(c, segs[si], "aot_backward_graph");
      if (bw >= 0 && c.artifacts[static_cast<size_t>(bw)].payload.valid())
        bwd_keys[k] = input_key(ps.get(c.artifacts[static_cast<size_t>(bw)].payload), true);
      break;
    }
  }
  // Backward compiles: the graph inductor compiled (before_post_grad_graph) has the inputs of a
  // forward compile's aot_backward_graph; tied only when exactly one subgraph matches.
  for (size_t si = 0; si < segs.size(); ++si) {
    if (used[si]) continue;
    int32_t post = find_in(c, segs[si], "before_post_grad_graph");
    // An fx graph cache hit logs no before_post_grad_graph; the post-grad graph it loaded has the
    // same placeholders (post-grad passes rewrite the body, not the inputs).
    if (post < 0) post = find_in(c, segs[si], "inductor_post_grad_graph");
    if (find_in(c, segs[si], "before_pre_grad_graph") >= 0 || post < 0 ||
        !c.artifacts[static_cast<size_t>(post)].payload.valid())
      continue;
    std::string key = input_key(ps.get(c.artifacts[static_cast<size_t>(post)].payload), true);
    int hits = 0;
    size_t at = 0;
    for (size_t k = 0; k < bwd_keys.size(); ++k)
      if (!bwd_keys[k].empty() && bwd_keys[k] == key && !sp.subgraphs[k].bwd.present) hits++, at = k;
    if (hits == 1) {
      sp.subgraphs[at].bwd = part_of(c, segs[si], ps);
      used[si] = true;
    }
  }
  for (size_t si = 0; si < segs.size(); ++si) {
    // Only segments that are compiles (they hold output code) count as untied.
    if (!used[si] && find_in(c, segs[si], "inductor_output_code") >= 0) sp.untied_compiles++;
  }
  return sp;
}

std::string part_text(const PartCompile& p) {
  if (!p.present) return "not in the trace";
  std::string s = "compiled";
  if (!p.cache.empty()) s += fmt::format(" (fx cache {})", p.cache);
  if (p.has_runtime) s += fmt::format(", estimate {} over {} ops", format_ns(p.runtime_ns), p.runtime_ops);
  return s;
}

void write_part(JsonWriter& w, const PartCompile& p) {
  if (!p.present) {
    w.null();
    return;
  }
  w.begin_object().kv("cache", p.cache);
  w.key("runtime_estimate_ns");
  if (p.has_runtime) w.value(p.runtime_ns);
  else w.null();
  w.key("runtime_estimate");
  if (p.has_runtime) w.value(format_ns(p.runtime_ns));
  else w.null();
  w.kv("runtime_ops", p.runtime_ops).end_object();
}

}  // namespace

std::vector<Split> find_splits(const Model& m, const PayloadStore& ps) {
  std::vector<Split> out;
  for (size_t ci = 0; ci < m.compiles.size(); ++ci) {
    const Compile& c = m.compiles[ci];
    for (size_t i = 0; i < c.artifacts.size(); ++i) {
      if (c.artifacts[i].kind != "optimize_ddp_split_graph") continue;
      out.push_back(analyze(c, static_cast<int32_t>(ci), static_cast<int32_t>(i), ps));
      break;  // one split per compile (a restart logs it again: the first is kept)
    }
  }
  return out;
}

std::string headline(const Split& s) {
  return fmt::format("DDPOptimizer split this graph into {} subgraph{} at bucket boundaries (not graph breaks)",
                     s.subgraphs.size(), s.subgraphs.size() == 1 ? "" : "s");
}

std::string format_ns(double ns) {
  if (!std::isfinite(ns)) return "?";
  double a = std::fabs(ns);
  if (a >= 1e6) return fmt::format("{:.3g} ms", ns / 1e6);
  if (a >= 1e3) return fmt::format("{:.3g} us", ns / 1e3);
  return fmt::format("{:.3g} ns", ns);
}

std::string format_bytes(int64_t b) {
  if (b < 0) return "unknown";
  if (b >= (int64_t{1} << 20)) return fmt::format("{:.2f} MiB", static_cast<double>(b) / (1 << 20));
  if (b >= 1024) return fmt::format("{:.1f} KiB", static_cast<double>(b) / 1024);
  return fmt::format("{} B", b);
}

std::string summary_text(const Model& m, const std::vector<Split>& splits) {
  std::string o;
  for (const auto& s : splits) {
    const Compile& c = m.compiles[static_cast<size_t>(s.compile)];
    o += fmt::format("{}: {}\n", display_id(m, c), headline(s));
    for (const auto& sg : s.subgraphs) {
      o += fmt::format("  {}: {} nodes, {} parameters read, bucket {} params {}; forward {}; backward {}\n", sg.name,
                       sg.nodes, sg.params, sg.bucket_params, format_bytes(sg.bucket_bytes), part_text(sg.fwd),
                       part_text(sg.bwd));
    }
    if (s.untied_compiles > 0)
      o += fmt::format("  {} inductor compile(s) under this id not tied to a subgraph\n", s.untied_compiles);
  }
  return o;
}

void write_json(JsonWriter& w, const Model& m, const std::vector<Split>& splits) {
  w.begin_array();
  for (const auto& s : splits) {
    const Compile& c = m.compiles[static_cast<size_t>(s.compile)];
    w.begin_object().kv("compile", display_id(m, c)).kv("compile_id", c.id.key());
    w.kv("subgraphs_count", static_cast<int64_t>(s.subgraphs.size())).kv("headline", headline(s));
    w.kv("untied_compiles", s.untied_compiles).key("subgraphs").begin_array();
    for (const auto& sg : s.subgraphs) {
      w.begin_object().kv("name", sg.name).kv("nodes", sg.nodes).kv("inputs", sg.inputs).kv("params", sg.params);
      w.kv("bucket_params", sg.bucket_params).key("bucket_bytes");
      if (sg.bucket_bytes >= 0) w.value(sg.bucket_bytes);
      else w.null();
      w.key("forward");
      write_part(w, sg.fwd);
      w.key("backward");
      write_part(w, sg.bwd);
      w.end_object();
    }
    w.end_array().end_object();
  }
  w.end_array();
}

}  // namespace tparse::ddp
