// Handlers for Dynamo's frame lifecycle: dynamo_start, dynamo_output_graph, guards, and the
// compilation_metrics family.
#include <fmt/format.h>

#include "core/model/builder.hpp"

namespace tparse {
namespace {

using namespace simdjson;

void on_dynamo_start(ModelBuilder& b, const Record& r) {
  b.maybe_new_epoch(r, /*require_started=*/true);
  int32_t ci = b.compile_of(r);
  if (ci < 0) return;
  b.mark_started(ci);
  auto doc = b.parse_meta(r);
  ondemand::object obj = doc.get_object();
  for (auto field : obj) {
    std::string_view k = field.unescaped_key();
    if (k == "stack") {
      Compile& c = b.model().compiles[static_cast<size_t>(ci)];
      c.stack = b.parse_stack(field.value().get_array());
      if (!b.options().keep_detail && c.stack.size() > 1) c.stack = Stack{std::move(c.stack.back())};
    }
  }
}

void on_graph(ModelBuilder& b, const Record& r) { b.add_artifact(r, r.kind); }

std::string scalar_text(ondemand::value v) {
  switch (v.type()) {
    case ondemand::json_type::string: return std::string(std::string_view(v.get_string()));
    case ondemand::json_type::null: return {};
    case ondemand::json_type::object:
    case ondemand::json_type::array: return {};
    default: return std::string(std::string_view(v.raw_json_token()));
  }
}

double num_or(ondemand::value v, double dflt) {
  if (v.is_null()) return dflt;
  double d;
  if (v.get_double().get(d) != SUCCESS) return dflt;
  return d;
}
// double -> int64 without UB: NaN and values outside int64's range give dflt.
int64_t to_i64(double d, int64_t dflt) {
  if (!(d >= -9.2e18 && d <= 9.2e18)) return dflt;
  return static_cast<int64_t>(d);
}
int64_t int_or(ondemand::value v, int64_t dflt) {
  if (v.is_null()) return dflt;
  int64_t i;
  if (v.get_int64().get(i) == SUCCESS) return i;
  double d;
  if (v.get_double().get(d) == SUCCESS) return to_i64(d, dflt);
  return dflt;
}
std::vector<std::string> str_list(ondemand::value v) {
  std::vector<std::string> out;
  if (v.type() != ondemand::json_type::array) return out;
  for (auto el : v.get_array()) {
    std::string_view s;
    if (el.get_string().get(s) == SUCCESS) out.emplace_back(s);
  }
  return out;
}

void on_metrics(ModelBuilder& b, const Record& r) {
  Metrics m;
  m.where = r.where;
  Fields::List other;
  auto doc = b.parse_meta(r);
  for (auto field : doc.get_object()) {
    std::string_view k = field.unescaped_key();
    ondemand::value v = field.value();
    if (k == "co_name") m.co_name = scalar_text(v);
    else if (k == "co_filename") m.co_filename = scalar_text(v);
    else if (k == "co_firstlineno") m.co_firstlineno = int_or(v, -1);
    else if (k == "graph_op_count") m.graph_op_count = int_or(v, -1);
    else if (k == "graph_node_count") m.graph_node_count = int_or(v, -1);
    else if (k == "graph_input_count") m.graph_input_count = int_or(v, -1);
    else if (k == "guard_count") m.guard_count = int_or(v, -1);
    else if (k == "shape_env_guard_count") m.shape_env_guard_count = int_or(v, -1);
    else if (k == "cache_size") m.cache_size = int_or(v, -1);
    else if (k == "accumulated_cache_size") m.accumulated_cache_size = int_or(v, -1);
    else if (k == "entire_frame_compile_time_s") m.entire_frame_compile_time_s = num_or(v, -1);
    else if (k == "backend_compile_time_s") m.backend_compile_time_s = num_or(v, -1);
    else if (k == "inductor_compile_time_s") m.inductor_compile_time_s = num_or(v, -1);
    else if (k == "code_gen_time_s") m.code_gen_time_s = num_or(v, -1);
    else if (k == "dynamo_time_before_restart_s") m.dynamo_time_before_restart_s = num_or(v, -1);
    else if (k == "start_time_us") m.start_time_us = int_or(v, -1);
    else if (k == "duration_us") m.duration_us = int_or(v, -1);
    else if (k == "fail_type") m.fail_type = scalar_text(v);
    else if (k == "fail_reason") m.fail_reason = scalar_text(v);
    else if (k == "fail_user_frame_filename") m.fail_user_frame_filename = scalar_text(v);
    else if (k == "fail_user_frame_lineno") m.fail_user_frame_lineno = int_or(v, -1);
    else if (k == "restart_reasons") m.restart_reasons = str_list(v);
    else if (k == "non_compliant_ops") m.non_compliant_ops = str_list(v);
    else if (k == "recompile_reason") m.recompile_reason = scalar_text(v);
    else if (k == "num_graph_breaks") m.num_graph_breaks = int_or(v, -1);
    else if (k == "has_guarded_code") {
      if (!v.is_null()) {
        bool x;
        if (v.get_bool().get(x) == SUCCESS) m.has_guarded_code = x;
      }
    } else if (b.options().keep_detail) {
      ondemand::json_type t = v.type();
      if (t == ondemand::json_type::null) continue;
      if (t == ondemand::json_type::object || t == ondemand::json_type::array) {
        std::string_view raw;
        if (t == ondemand::json_type::object) {
          ondemand::object o = v.get_object();
          raw = o.raw_json();
        } else {
          ondemand::array a = v.get_array();
          raw = a.raw_json();
        }
        if (raw.size() > 2 && raw.size() < 512) other.emplace_back(IStr(k), IStr(raw));
        continue;
      }
      std::string s = scalar_text(v);
      if (s.size() > 512) s = s.substr(0, 512) + "...";
      other.emplace_back(IStr(k), IStr(s));
    }
  }
  if (m.start_time_us < 0) {
    for (auto& [k, v] : other)
      if (k == "start_time") m.start_time_us = to_i64(std::atof(v.c_str()) * 1e6, -1);
  }
  // ~90 fields per record, kept for the life of the model: pooled, so the ranks that logged the
  // same fields and values share one list (intern.hpp).
  m.other = Fields(other);
  int32_t ci = b.compile_of(r);
  if (ci < 0) {
    // Metrics without a compile id (AOTInductor / provenance logs: inductor runs outside Dynamo):
    // the "[-/-]" entry, as tlparse files them. Not damaged input.
    b.model().global_metrics.push_back(std::move(m));
    return;
  }
  Compile& c = b.model().compiles[static_cast<size_t>(ci)];
  if (r.kind == "compilation_metrics") {
    if (c.metrics) b.diag(Diag::DuplicateId, r.where, fmt::format("second compilation_metrics for {}", c.id.str()));
    c.restart_reasons = m.restart_reasons;
    if (!b.options().keep_detail) {  // light mode: one copy of the long texts is enough
      m.restart_reasons.clear();
      m.recompile_reason.clear();
      m.restart_reasons.shrink_to_fit();
    }
    if (r.id.attempt >= 0) c.id.attempt = r.id.attempt;
    c.metrics = std::move(m);
  } else if (b.options().keep_detail) {
    c.runtime_metrics.push_back(std::move(m));
  }
}

}  // namespace

void register_dynamo_handlers(std::unordered_map<std::string_view, Handler>& t) {
  t["dynamo_start"] = on_dynamo_start;
  t["dynamo_output_graph"] = on_graph;
  t["dynamo_cpp_guards_str"] = on_graph;
  t["dynamo_guards"] = on_graph;
  t["compilation_metrics"] = on_metrics;
  t["compilation_metrics_runtime"] = on_metrics;
  t["bwd_compilation_metrics"] = on_metrics;
  t["bwd_compilation_metrics_runtime"] = on_metrics;
}

}  // namespace tparse
