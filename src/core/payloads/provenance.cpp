// Inductor provenance line mapping; see provenance.hpp.
#include "provenance.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace tparse {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      if (start < text.size()) out.push_back(text.substr(start));
      break;
    }
    out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

// node name -> first line (1-based) that defines it
std::unordered_map<std::string, int32_t> node_lines(std::string_view text) {
  std::unordered_map<std::string, int32_t> out;
  auto lines = split_lines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view n = graph_line_node(lines[i]);
    if (!n.empty()) out.emplace(std::string(n), static_cast<int32_t>(i + 1));
  }
  return out;
}

// A declaration such as "int64_t triton_xnumel = 8;" names the kernel but is not its call.
bool is_xnumel_decl(std::string_view line) {
  size_t p = line.find("_xnumel");
  if (p == std::string_view::npos) return false;
  size_t eq = line.find('=', p);
  return eq != std::string_view::npos && line.find('(', p) > eq;
}

struct CodeIndex {
  std::vector<std::string_view> lines;
  size_t start = 0;  // 0-based index of the start line
  bool cpp = false;
  std::map<std::string, std::vector<int32_t>> cache;

  const std::vector<int32_t>& kernel(const std::string& k) {
    auto it = cache.find(k);
    if (it != cache.end()) return it->second;
    std::vector<int32_t> out;
    std::string_view base = kernel_base_name(k);
    if (base.size() != k.size()) {
      // Debug handle: the line naming "kernel:N" (a comment), then the next line calling the kernel.
      for (size_t i = start; i < lines.size() && out.empty(); ++i) {
        std::string_view t = trim(lines[i]);
        if (t.rfind("def ", 0) == 0 || t.rfind("static inline void", 0) == 0) continue;
        size_t p = lines[i].find(k);
        if (p == std::string_view::npos) continue;
        size_t after = p + k.size();  // "mm:4" must not match "mm:45"
        if (after < lines[i].size() && lines[i][after] >= '0' && lines[i][after] <= '9') continue;
        for (size_t j = i + 1; j < lines.size(); ++j) {
          if (lines[j].find(base) == std::string_view::npos) continue;
          if (cpp && is_xnumel_decl(lines[j])) continue;
          out.push_back(static_cast<int32_t>(j + 1));
          break;
        }
      }
    }
    if (out.empty())
      for (size_t i = start; i < lines.size(); ++i)
        if (lines[i].find(base) != std::string_view::npos && !(cpp && is_xnumel_decl(lines[i])))
          out.push_back(static_cast<int32_t>(i + 1));
    return cache.emplace(k, std::move(out)).first->second;
  }
};

}  // namespace

std::string_view graph_line_node(std::string_view line) {
  std::string_view t = trim(line);
  if (t.empty() || t.front() == '#') return {};
  t = t.substr(0, t.find('='));
  t = trim(t.substr(0, t.find(':')));
  // A graph node is one identifier; "def forward(self, x" or "return (add,)" are not nodes.
  for (char c : t)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return {};
  return t;
}

std::string_view kernel_base_name(std::string_view k) {
  size_t c = k.rfind(':');
  if (c == std::string_view::npos || c + 1 >= k.size()) return k;
  for (size_t i = c + 1; i < k.size(); ++i)
    if (k[i] < '0' || k[i] > '9') return k;
  return k.substr(0, c);
}

ProvenanceMap map_provenance(std::string_view mappings_json, std::string_view pre, std::string_view post,
                             std::string_view code, bool cpp) {
  ProvenanceMap out;
  simdjson::dom::parser parser;
  simdjson::padded_string padded(mappings_json);
  simdjson::dom::element root;
  if (parser.parse(padded).get(root) != simdjson::SUCCESS || !root.is_object()) {
    out.error = "inductor_provenance_tracking_node_mappings is not a JSON object";
    return out;
  }
  auto pre_lines = node_lines(pre), post_lines = node_lines(post);
  CodeIndex ci;
  ci.lines = split_lines(code);
  ci.cpp = cpp;
  for (size_t i = 0; i < ci.lines.size(); ++i) {
    std::string_view l = ci.lines[i];
    if (cpp ? l.find("::run_impl(") != std::string_view::npos : l.find("def call(") != std::string_view::npos) {
      ci.start = i;
      out.code_start = static_cast<int32_t>(i + 1);
      break;
    }
  }
  std::set<std::string> unmatched;
  std::set<std::tuple<int, int32_t, int, int32_t>> seen;
  auto add = [&](ProvPane a, int32_t al, ProvPane b, int32_t bl) {
    // Store each undirected link once, ordered by (pane, line).
    if (std::make_pair(static_cast<int>(b), bl) < std::make_pair(static_cast<int>(a), al)) {
      std::swap(a, b);
      std::swap(al, bl);
    }
    if (seen.emplace(static_cast<int>(a), al, static_cast<int>(b), bl).second) out.links.push_back({a, al, b, bl});
  };
  auto lines_of = [&](ProvPane p, const std::string& name) -> std::vector<int32_t> {
    if (p == ProvPane::Code) {
      auto v = ci.kernel(name);
      if (v.empty()) unmatched.insert(name);
      return v;
    }
    const auto& m = p == ProvPane::Pre ? pre_lines : post_lines;
    auto it = m.find(name);
    if (it == m.end()) {
      unmatched.insert(name);
      return {};
    }
    return {it->second};
  };
  struct Key {
    const char* name;
    ProvPane from, to;
  };
  static const Key keys[] = {{"preToPost", ProvPane::Pre, ProvPane::Post},
                             {"postToPre", ProvPane::Post, ProvPane::Pre},
                             {"cppCodeToPost", ProvPane::Code, ProvPane::Post},
                             {"postToCppCode", ProvPane::Post, ProvPane::Code}};
  simdjson::dom::object obj;
  if (root.get(obj) != simdjson::SUCCESS) return out;
  for (const Key& k : keys) {
    simdjson::dom::object m;
    if (obj[k.name].get(m) != simdjson::SUCCESS) continue;
    if ((k.from == ProvPane::Code || k.to == ProvPane::Code) && code.empty()) continue;
    for (auto [src, targets] : m) {
      auto from = lines_of(k.from, std::string(src));
      simdjson::dom::array arr;
      if (targets.get(arr) != simdjson::SUCCESS) continue;
      for (auto t : arr) {
        std::string_view tn;
        if (t.get(tn) != simdjson::SUCCESS) continue;
        auto to = lines_of(k.to, std::string(tn));
        for (int32_t a : from)
          for (int32_t b : to) add(k.from, a, k.to, b);
      }
    }
  }
  out.unmatched.assign(unmatched.begin(), unmatched.end());
  return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> kernel_stack_traces(std::string_view json) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  simdjson::dom::object obj;
  if (parser.parse(padded).get(obj) != simdjson::SUCCESS) return out;
  for (auto [k, v] : obj) {
    std::vector<std::string> traces;
    std::string_view s;
    simdjson::dom::array arr;
    if (v.get(s) == simdjson::SUCCESS) {
      traces.emplace_back(s);
    } else if (v.get(arr) == simdjson::SUCCESS) {
      for (auto e : arr)
        if (e.get(s) == simdjson::SUCCESS) traces.emplace_back(s);
        else traces.push_back(simdjson::to_string(e));
    } else {
      traces.push_back(simdjson::to_string(v));
    }
    out.emplace_back(std::string(k), std::move(traces));
  }
  return out;
}

ProvenanceArtifacts find_provenance_artifacts(const std::vector<Artifact>& arts) {
  ProvenanceArtifacts p;
  int32_t py = -1, wrapper = -1;
  for (size_t i = 0; i < arts.size(); ++i) {
    const std::string& n = arts[i].name;
    auto idx = static_cast<int32_t>(i);
    if (n == "inductor_provenance_tracking_node_mappings") p.mappings = idx;
    else if (n.rfind("inductor_provenance_tracking_kernel_stack_traces", 0) == 0) p.stack_traces = idx;
    else if (n == "before_pre_grad_graph" || n == "inductor_pre_grad_graph" || n == "before_recompile_pre_grad") p.pre = idx;
    else if (n == "after_post_grad_graph" || n == "inductor_post_grad_graph" || n == "after_recompile_post_grad") p.post = idx;
    else if (n == "inductor_aot_wrapper_code") wrapper = idx;
    else if (arts[i].kind == "inductor_output_code" || n == "inductor_output_code") py = idx;
  }
  // AOTInductor logs carry the C++ wrapper; JIT logs the Python output code.
  p.cpp = wrapper >= 0;
  p.code = wrapper >= 0 ? wrapper : py;
  return p;
}

}  // namespace tparse
