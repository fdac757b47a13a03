// Handlers for dynamic-shape events (symbols, specializations, shape guards) and the fake-tensor
// kernel checks of export.
#include "core/model/builder.hpp"

namespace tparse {
namespace {

using namespace simdjson;

void on_shape_event(ModelBuilder& b, const Record& r) {
  // records without an id are kept ("[-/-]"), and specializations, which explain a recompile (analysis/advice.cpp)
  if (!b.options().keep_detail && b.compile_of(r) >= 0 && r.kind != "symbolic_shape_specialization") return;
  ShapeEvent ev;
  ev.kind = std::string(r.kind);
  ev.where = r.where;
  auto doc = b.parse_meta(r);
  if (doc.type() != ondemand::json_type::object) return;
  std::string text;
  for (auto field : doc.get_object()) {
    std::string_view k = field.unescaped_key();
    auto v = field.value();
    ondemand::json_type t = v.type();
    if (k == "user_stack" && t == ondemand::json_type::array) {
      ev.user_stack = b.parse_stack(v.get_array());
    } else if (k == "symbol" && t == ondemand::json_type::string) {
      ev.symbol = std::string(std::string_view(v.get_string()));
    } else if (k == "source" && t == ondemand::json_type::string) {
      ev.source = std::string(std::string_view(v.get_string()));
    } else if (k == "sources" && t == ondemand::json_type::array) {
      for (auto s : v.get_array()) {
        std::string_view sv;
        if (s.get_string().get(sv) == SUCCESS) ev.source += (ev.source.empty() ? "" : ", ") + std::string(sv);
      }
    } else if ((k == "expr" || k == "val" || k == "value" || k == "reason" || k == "vr" || k == "op" ||
                k == "result" || k == "method") &&
               t != ondemand::json_type::object && t != ondemand::json_type::array && t != ondemand::json_type::null) {
      std::string s = t == ondemand::json_type::string ? std::string(std::string_view(v.get_string()))
                                                       : std::string(std::string_view(v.raw_json_token()));
      if (!text.empty()) text += "; ";
      text += std::string(k) + "=" + s;
    }
  }
  ev.text = std::move(text);
  if (r.kind == "missing_fake_kernel" || r.kind == "mismatched_fake_kernel" || r.kind == "guard_added" ||
      r.kind == "propagate_real_tensors_provenance" || r.kind == "expression_created")
    b.model().is_export = b.model().is_export || r.kind.find("fake_kernel") != std::string_view::npos;
  int32_t ci = b.compile_of(r);
  if (ci >= 0) {
    b.model().compiles[static_cast<size_t>(ci)].shape_events.push_back(std::move(ev));
  } else {
    // Export-time events carry a stack instead of a compile id: keep them as global artifacts.
    Artifact& a = b.add_artifact(r, r.kind);
    a.filename = ev.text;
    if (b.options().keep_detail) add_export_event(b, r);
  }
}

}  // namespace

void register_shape_handlers(std::unordered_map<std::string_view, Handler>& t) {
  for (std::string_view k :
       {"create_symbol", "create_unbacked_symbol", "guard_added_fast", "guard_added", "symbolic_shape_specialization",
        "propagate_real_tensors", "propagate_real_tensors_provenance", "expression_created",
        "guard_on_data_dependent_error", "missing_fake_kernel", "mismatched_fake_kernel"})
    t[k] = on_shape_event;
}

}  // namespace tparse
