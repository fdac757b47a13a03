// Export records without a compile id (torch.export / draft_export): guards evaluated while
// exporting, data-dependent specializations, fake-kernel problems, and the expression_created /
// create_unbacked_symbol nodes of the symbolic-expression provenance tree. Called by the shape
// handler (shapes.cpp), which owns these kinds; this file keeps every field the export page shows.
#include "core/model/builder.hpp"

namespace tparse {

namespace {

using namespace simdjson;

std::string text_of(ondemand::value v) {
  ondemand::json_type t;
  if (v.type().get(t) != SUCCESS || t == ondemand::json_type::null) return {};
  if (t == ondemand::json_type::string) {
    std::string_view s;
    if (v.get_string().get(s) == SUCCESS) return std::string(s);
    return {};
  }
  std::string_view raw = v.raw_json_token();
  while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == ',')) raw.remove_suffix(1);
  return std::string(raw);
}

int64_t id_of(ondemand::value v) {
  int64_t i;
  if (v.get_int64().get(i) == SUCCESS) return i;
  uint64_t u;
  if (v.get_uint64().get(u) == SUCCESS) return static_cast<int64_t>(u & 0x7fffffffffffffffULL);
  return -1;
}

void pairs(ondemand::value v, std::vector<std::pair<std::string, std::string>>& out) {
  ondemand::object o;
  if (v.get_object().get(o) != SUCCESS) return;
  for (auto f : o) {
    std::string_view k;
    if (f.unescaped_key().get(k) != SUCCESS) continue;
    ondemand::value x;
    if (f.value().get(x) != SUCCESS) continue;
    ondemand::json_type t;
    if (x.type().get(t) == SUCCESS && (t == ondemand::json_type::array || t == ondemand::json_type::object)) {
      std::string list;  // symbol_to_sources: {"s0": ["L['x'].size()[0]", ...]}
      ondemand::array a;
      if (x.get_array().get(a) == SUCCESS)
        for (auto e : a) {
          ondemand::value ev;
          if (e.get(ev) == SUCCESS) list += (list.empty() ? "" : ", ") + text_of(ev);
        }
      out.emplace_back(std::string(k), list);
    } else {
      std::string s = text_of(x);
      if (!s.empty()) out.emplace_back(std::string(k), std::move(s));
    }
  }
}

}  // namespace

void add_export_event(ModelBuilder& b, const Record& r) {
  ExportEvent ev;
  ev.kind = std::string(r.kind);
  ev.where = r.where;
  auto doc = b.parse_meta(r);
  ondemand::object obj;
  if (doc.get_object().get(obj) != SUCCESS) return;
  for (auto field : obj) {
    std::string_view k;
    if (field.unescaped_key().get(k) != SUCCESS) continue;
    ondemand::value v;
    if (field.value().get(v) != SUCCESS) continue;
    if (k == "expr") ev.expr = text_of(v);
    else if (k == "result" || k == "symbol") ev.result = text_of(v);
    else if (k == "prefix") ev.prefix = text_of(v);
    else if (k == "op") ev.op = text_of(v);
    else if (k == "reason") ev.reason = text_of(v);
    else if (k == "method") ev.method = text_of(v);
    else if (k == "result_id" || k == "node_id" || k == "expr_node_id") ev.id = id_of(v);
    else if (k == "arguments" || k == "argument_ids") {
      ondemand::array a;
      if (v.get_array().get(a) != SUCCESS) continue;
      for (auto e : a) {
        ondemand::value x;
        if (e.get(x) != SUCCESS) continue;
        if (k == "arguments") ev.arguments.push_back(text_of(x));
        else ev.argument_ids.push_back(id_of(x));
      }
    } else if (k == "user_stack" || k == "stack") {
      ondemand::array a;
      if (v.get_array().get(a) == SUCCESS) (k == "stack" ? ev.stack : ev.user_stack) = b.parse_stack(a);
    } else if (k == "symbol_to_sources") {
      pairs(v, ev.symbols);
    } else if (k == "frame_locals") {
      ondemand::object fl;
      if (v.get_object().get(fl) != SUCCESS) continue;
      for (auto f2 : fl) {
        std::string_view k2;
        if (f2.unescaped_key().get(k2) != SUCCESS) continue;
        ondemand::value v2;
        if (f2.value().get(v2) != SUCCESS) continue;
        if (k2 == "locals") pairs(v2, ev.locals);
        else if (k2 == "symbols") pairs(v2, ev.symbols);
        else if (k2 == "loc") ev.loc = text_of(v2);
      }
    }
  }
  b.model().export_events.push_back(std::move(ev));
}

}  // namespace tparse
