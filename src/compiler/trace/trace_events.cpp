// Timeline and input records torch 2.11 writes around a compile: `chromium_event` (dynamo_timed
// B/E pairs: dynamo, entire_frame_compile, compile_attempt_N, bytecode_tracing, backend_compile,
// build_guards, gc, ...) and `describe_storage` / `describe_tensor` / `describe_source` for each
// tensor Dynamo wraps as a graph input (meta_utils.py's MetaTensorDescriber); compilation_metrics JSON.
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
/// The JSON value starting at `p` (string, array, object or literal): its end offset.
size_t value_end(const std::string& s, size_t p) {
  if (p >= s.size()) return p;
  if (s[p] == '"') {
    for (size_t i = p + 1; i < s.size(); ++i) {
      if (s[i] == '\\') ++i;
      else if (s[i] == '"') return i + 1;
    }
    return s.size();
  }
  int depth = 0;
  bool in_str = false;
  for (size_t i = p; i < s.size(); ++i) {
    char c = s[i];
    if (in_str) {
      if (c == '\\') ++i;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"') in_str = true;
    else if (c == '[' || c == '{') ++depth;
    else if (c == ']' || c == '}') {
      if (depth == 0) return i;
      if (--depth == 0) return i + 1;
    } else if (c == ',' && depth == 0) return i;
  }
  return s.size();
}

/// `"key": value` pairs copied from a flat JSON object, in `keys` order (missing keys skipped).
std::string pick(const std::string& obj, std::initializer_list<const char*> keys) {
  std::string out;
  for (const char* k : keys) {
    std::string needle = fmt::format("\"{}\": ", k);
    size_t p = obj.find(needle);
    if (p == std::string::npos) continue;
    size_t v = p + needle.size();
    out += ",\n" + needle + obj.substr(v, value_end(obj, v) - v);
  }
  return out;
}
}  // namespace

/// The compilation_metrics record (utils.py CompilationMetrics, log_format_version 3).
std::string metrics_json(const std::string& cid, int frame_key, const std::string& co_name,
                                const std::string& co_filename, int firstlineno, int cache_size,
                                int guard_count, const Graph* g, bool ok, const std::string& fail_type,
                                const std::string& fail_reason, const std::vector<std::string>& restarts,
                                const std::string& recompile_reason, bool has_guarded,
                                const std::vector<StackFrame>& stack, bool limit, int accumulated) {
  auto js = [](const std::string& s) { return json_escape(s); };
  auto opt = [&](bool present, const std::string& v) { return present ? v : std::string("null"); };
  std::string st = "[";
  for (size_t i = 0; i < stack.size(); ++i)
    st += (i ? ", " : "") + js(fmt::format("Line: {}, Name: {}, Filename: {}", stack[i].line, stack[i].name, stack[i].filename));
  st += "]";
  std::string rr = "[";
  for (size_t i = 0; i < restarts.size(); ++i) rr += (i ? ", " : "") + js(restarts[i]);
  rr += "]";
  std::string shapes = "{";
  if (g) {
    bool first = true;
    for (auto& n : g->nodes) {
      if (!n.has_meta) continue;
      shapes += fmt::format("{}'{}': [", first ? "" : ", ", n.name);
      first = false;
      for (size_t i = 0; i < n.meta.shape.size(); ++i) shapes += (i ? ", " : "") + n.meta.shape[i].str();
      shapes += "]";
    }
  }
  shapes += "}";
  bool has_graph = g && ok;
  return fmt::format(
      "{{\"compile_id\": {}, \"frame_key\": {}, \"co_name\": {}, \"co_filename\": {}, \"co_firstlineno\": {}, "
      "\"cache_size\": {}, \"accumulated_cache_size\": {}, \"guard_count\": {}, \"shape_env_guard_count\": {}, "
      "\"graph_op_count\": {}, \"graph_node_count\": {}, \"graph_input_count\": {}, \"start_time\": 1795333276.0, "
      "\"entire_frame_compile_time_s\": 0.01, \"backend_compile_time_s\": {}, \"inductor_compile_time_s\": null, "
      "\"code_gen_time_s\": null, \"fail_type\": {}, \"fail_reason\": {}, \"fail_user_frame_filename\": null, "
      "\"fail_user_frame_lineno\": null, \"non_compliant_ops\": {}, \"compliant_custom_ops\": {}, \"restart_reasons\": {}, "
      "\"dynamo_time_before_restart_s\": 0.0, \"stack_trace\": {}, \"exception_stack_trace\": null, "
      "\"graph_node_shapes\": {}, \"has_guarded_code\": {}, \"recompile_reason\": {}, \"config_suppress_errors\": false, "
      "\"config_inline_inbuilt_nn_modules\": true, \"specialize_float\": false, \"is_forward\": true, "
      "\"is_runtime\": false, \"pytorch_version\": \"2.11.0+cu130\", \"log_format_version\": 3}}",
      js(cid), js(std::to_string(frame_key)), limit ? "null" : js(co_name), limit ? "null" : js(co_filename),
      limit ? "null" : std::to_string(firstlineno), limit ? "null" : std::to_string(cache_size),
      limit ? "null" : std::to_string(accumulated), opt(ok && !limit, std::to_string(guard_count)), opt(ok && !limit, "0"),
      opt(has_graph, std::to_string(g ? g->call_count() : 0)),
      opt(has_graph, std::to_string(g ? static_cast<int>(g->nodes.size()) + (g->outputs.empty() ? 0 : 1) : 0)),
      opt(has_graph, std::to_string(g ? g->placeholder_count() : 0)), has_graph && g->call_count() ? "0.001" : "null",
      fail_type.empty() ? "null" : js(fail_type), fail_type.empty() ? "null" : js(fail_reason),
      limit ? "null" : "[]", limit ? "null" : "[]", limit ? "null" : rr, limit ? "null" : st, js(shapes),
      limit ? "null" : (has_guarded ? "true" : "false"), recompile_reason.empty() ? "null" : js(recompile_reason));
}

void Interp::chromium(const FrameCtx& ctx, const std::string& name, char ph, const std::string& pre, const std::string& post) {
  if (ctx.frame_id < 0) return;
  std::string args = pre.empty() ? "" : pre + ",\n";
  args += fmt::format("\"compile_id\": \"{}\"", ctx.compile_id) + post;
  double ts = 1795333276000000.0 + static_cast<double>(writer_.clock_us());
  // instant events (automatic_dynamic) are process-scoped: "s": "p"
  std::string payload = fmt::format("{{\n\"name\": \"{}\",\n\"ts\": {:.1f},\n\"args\": {{\n{}\n}},\n\"ph\": \"{}\",\n\"cat\": \"dynamo_timed\",\n\"tid\": 0,\n\"pid\": 0{}\n}}",
                                    name, ts, args, ph, ph == 'i' ? ",\n\"s\": \"p\"" : "");
  writer_.emit(ph == 'i' ? "torch/_dynamo/utils.py:2165" : "torch/_dynamo/utils.py:2126", "chromium_event", "{}",
               TraceCtx{ctx.frame_id, ctx.frame_compile_id, ctx.attempt}, payload);
}

void Interp::chromium_dynamo_end(const FrameCtx& ctx, const std::string& metrics, bool ok) {
  std::string post = ok ? ",\n\"guard_latency_us\": 10" : "";
  post += pick(metrics, {"frame_key", "co_name", "co_filename", "co_firstlineno", "cache_size", "accumulated_cache_size",
                         "guard_count", "shape_env_guard_count", "graph_op_count", "graph_node_count", "graph_input_count",
                         "fail_type", "fail_reason", "fail_user_frame_filename", "fail_user_frame_lineno", "non_compliant_ops",
                         "compliant_custom_ops", "restart_reasons", "dynamo_time_before_restart_s", "has_guarded_code"});
  chromium(ctx, "dynamo", 'E', "", post);
}

void Interp::automatic_dynamic_event(FrameCtx& ctx, const std::string& source, const std::string& dim, const std::string& reason,
                                     const std::string& cached, const std::string& now) {
  ctx.dyn_whitelist.insert(source);
  chromium(ctx, "automatic_dynamic", 'i',
           fmt::format("\"name\": {},\n\"dim_changed\": {},\n\"reason\": \"{}\",\n\"cached\": {},\n\"new\": {}", json_escape(source), dim,
                       reason, json_escape(cached), json_escape(now)));
}

void Interp::chromium_tracing_end(const FrameCtx& ctx) {
  chromium(ctx, "bytecode_tracing", 'E', "",
           ",\n\"get_fake_value_time_s\": 0.001,\n\"create_proxy_time_s\": 0.001,\n"
           "\"wrap_to_fake_tensor_and_record_time_s\": 0.001,\n\"variable_builder_call_time_s\": 0.001");
}

void Interp::describe_input(FrameCtx& ctx, const TensorInfo& t, const std::string& source, bool again) {
  if (ctx.frame_id < 0) return;
  if (!again) ctx.described.push_back({t, source});
  int id = ctx.next_described++;
  long long numel = 1;
  for (auto& d : t.shape) numel *= d.v;
  long long bytes = numel * dtype_size(t.dtype);
  TraceCtx tc{ctx.frame_id, ctx.frame_compile_id, ctx.attempt};
  writer_.emit("torch/_subclasses/meta_utils.py:276", "describe_storage",
               fmt::format("{{\"id\": {}, \"describer_id\": {}, \"size\": {}}}", id, ctx.describer_id, bytes), tc);
  std::string size, stride;
  auto strides = contiguous_strides(t.shape);
  for (size_t i = 0; i < t.shape.size(); ++i) size += (i ? ", " : "") + std::to_string(t.shape[i].v);
  for (size_t i = 0; i < strides.size(); ++i) stride += (i ? ", " : "") + std::to_string(strides[i].v);
  std::string dyn;
  if (!t.marked_dynamic.empty()) {
    for (int d : t.marked_dynamic) dyn += (dyn.empty() ? "" : ", ") + std::to_string(d);
    dyn = ", \"dynamo_dynamic_indices\": [" + dyn + "]";
  }
  // a resume function's stack value that autograd produced is not a leaf (no is_leaf key, requires_grad)
  bool leaf = t.is_param || !t.requires_grad || source.find("___stack") == std::string::npos;
  std::string flags = leaf ? ", \"is_leaf\": true" : "";
  if (t.requires_grad) flags += ", \"requires_grad\": true";
  if (t.is_param) flags += ", \"is_parameter\": true";
  writer_.emit("torch/_subclasses/meta_utils.py:499", "describe_tensor",
               fmt::format("{{\"id\": {}, \"ndim\": {}, \"dtype\": \"torch.{}\", \"device\": \"device(type='{}')\", \"size\": [{}]{}, "
                           "\"dynamo_hint_overrides\": {{}}{}, \"stride\": [{}], \"storage\": {}, \"view_func\": "
                           "\"_CustomViewFunc(func=<built-in method _view_func_unsafe of {} object at 0x7f0000{:06x}>)\", \"describer_id\": {}}}",
                           id, t.shape.size(), t.dtype, t.device, size, dyn, flags, stride, id, t.is_param ? "Parameter" : "Tensor",
                           0x100 * (id + 1), ctx.describer_id),
               tc);
  writer_.emit("torch/_subclasses/meta_utils.py:2107", "describe_source",
               fmt::format("{{\"describer_id\": {}, \"id\": {}, \"source\": {}}}", ctx.describer_id, id, json_escape(source)), tc);
}

}  // namespace tparse::compiler
