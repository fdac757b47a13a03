// Handler for chromium_event: one Chrome-trace event per record, the compile timeline.
#include "core/model/builder.hpp"

namespace tparse {
namespace {

using namespace simdjson;

void on_chromium_event(ModelBuilder& b, const Record& r) {
  if (!b.options().keep_events || !r.has_payload) return;
  // The raw payload (TAB-prefixed lines) is valid JSON as is: TAB and newline are whitespace.
  // Lines tagged "[rankN]:" are not JSON as is: parse the decoded text from a padded copy.
  std::string_view raw = r.raw->payload;
  simdjson::padded_string decoded;
  size_t capacity = static_cast<size_t>(r.raw->buffer_end - raw.data());
  if (r.raw->rank_tagged) {
    decoded = simdjson::padded_string(b.payload(r));
    raw = std::string_view(decoded.data(), decoded.size());
    capacity = decoded.size() + SIMDJSON_PADDING;
  }
  ChromeEvent ev;
  ev.rank = r.rank;
  ev.process = r.process;
  auto doc = b.json().iterate(raw.data(), raw.size(), capacity);
  for (auto field : doc.get_object()) {
    std::string_view k = field.unescaped_key();
    auto v = field.value();
    if (k == "name") ev.name = std::string(std::string_view(v.get_string()));
    else if (k == "ts") ev.ts_us = v.get_double();
    else if (k == "ph") {
      std::string_view ph = v.get_string();
      ev.ph = ph.empty() ? '?' : ph[0];
    } else if (k == "tid") {
      int64_t t;
      if (v.get_int64().get(t) == SUCCESS) ev.tid = t;
    } else if (k == "args") {
      if (v.type() != ondemand::json_type::object) continue;
      for (auto a : v.get_object()) {
        std::string_view ak = a.unescaped_key();
        if (ak == "compile_id") {
          auto av = a.value();
          if (ondemand::json_type(av.type()) == ondemand::json_type::string) ev.compile_id = std::string(std::string_view(av.get_string()));
        }
      }
    }
  }
  b.model().events.push_back(std::move(ev));
}

}  // namespace

void register_event_handlers(std::unordered_map<std::string_view, Handler>& t) {
  t["chromium_event"] = on_chromium_event;
}

}  // namespace tparse
