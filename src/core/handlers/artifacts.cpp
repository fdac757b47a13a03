// Handlers for the generic `artifact` carrier and for named graph/code payload kinds (AOT,
// Inductor, DDP, compiled autograd, export). Graph breaks, recompile reasons and cache events
// are recognised by artifact name.
#include <fmt/format.h>

#include "core/model/builder.hpp"
#include "core/payloads/text_parsers.hpp"

namespace tparse {
namespace {

using namespace simdjson;

void on_graph_break(ModelBuilder& b, const Record& r, int32_t ci) {
  GraphBreak gb;
  gb.compile = ci;
  gb.attempt = r.id.attempt;
  gb.where = r.where;
  parse_graph_break_text(b.payload(r), gb);
  if (!b.options().keep_detail) {
    // Light mode: keep what sites and gates need (title, GB id, location, innermost user frame).
    gb.reason.clear();
    gb.explanation.clear();
    gb.context.clear();
    gb.hints.clear();
    if (gb.user_stack.size() > 1) gb.user_stack = Stack{std::move(gb.user_stack.back())};
    gb.reason.shrink_to_fit();
  }
  Model& m = b.model();
  if (ci >= 0) m.compiles[static_cast<size_t>(ci)].breaks.push_back(static_cast<int32_t>(m.breaks.size()));
  m.breaks.push_back(std::move(gb));
}

void on_recompile_reasons(ModelBuilder& b, const Record& r, int32_t ci) {
  if (ci < 0) return;
  Recompile rc;
  rc.compile = ci;
  rc.where = r.where;
  for (const auto& s : split_recompile_reasons(b.payload(r), rc.raw_was_json_list))
    rc.reasons.push_back(parse_failed_guard(s));
  Model& m = b.model();
  Compile& c = m.compiles[static_cast<size_t>(ci)];
  if (c.recompile >= 0) {
    b.diag(Diag::DuplicateId, r.where, fmt::format("second recompile_reasons for {}", c.id.str()));
    return;
  }
  c.recompile = static_cast<int32_t>(m.recompiles.size());
  m.recompiles.push_back(std::move(rc));
}

void on_artifact(ModelBuilder& b, const Record& r) {
  std::string name, encoding;
  auto doc = b.parse_meta(r);
  for (auto field : doc.get_object()) {
    std::string_view k = field.unescaped_key();
    auto v = field.value();
    if (k == "name") name = std::string(std::string_view(v.get_string()));
    else if (k == "encoding") encoding = std::string(std::string_view(v.get_string()));
  }
  if (name == "recompile_reasons") b.maybe_new_epoch(r, /*require_started=*/false);
  b.add_artifact(r, name, encoding);
  int32_t ci = b.compile_of(r);
  if (name == "dynamo_graph_break_reason") {
    on_graph_break(b, r, ci);
  } else if (name == "recompile_reasons") {
    on_recompile_reasons(b, r, ci);
  } else if (ci >= 0 && (name.ends_with("_cache_hit") || name.ends_with("_cache_miss") || name.ends_with("_cache_bypass"))) {
    Compile& c = b.model().compiles[static_cast<size_t>(ci)];
    if (name.ends_with("hit")) c.cache_hits++;
    else if (name.ends_with("miss")) c.cache_misses++;
    else c.cache_bypasses++;
  }
}

// Named payload kinds: metadata may carry a filename (inductor_output_code, graph_dump) or a name.
void on_named_payload(ModelBuilder& b, const Record& r) {
  std::string name(r.kind), filename;
  if (!r.meta.empty() && r.meta.front() == '{' && r.meta.size() > 2) {
    auto doc = b.parse_meta(r);
    for (auto field : doc.get_object()) {
      std::string_view k = field.unescaped_key();
      auto v = field.value();
      if (v.type() != ondemand::json_type::string) continue;
      if (k == "filename") filename = std::string(std::string_view(v.get_string()));
      else if (k == "name") name = std::string(std::string_view(v.get_string()));
    }
  }
  if (r.kind == "exported_program" || r.kind == "export") b.model().is_export = true;
  Artifact& a = b.add_artifact(r, name);
  a.filename = std::move(filename);
}

}  // namespace

void register_artifact_handlers(std::unordered_map<std::string_view, Handler>& t) {
  t["artifact"] = on_artifact;
  for (std::string_view k :
       {"aot_forward_graph", "aot_backward_graph", "aot_joint_graph", "aot_inference_graph",
        "aot_forward_graph_pre_saved_tensors_hooks", "aot_backward_graph_pre_saved_tensors_hooks",
        "inductor_pre_grad_graph", "inductor_post_grad_graph", "inductor_output_code", "graph_dump",
        "optimize_ddp_split_graph", "optimize_ddp_split_child", "compiled_autograd_graph", "dump_file",
        "exported_program", "export"})
    t[k] = on_named_payload;
}

}  // namespace tparse
