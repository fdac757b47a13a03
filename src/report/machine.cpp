// Machine-readable files next to the HTML: compile_directory.json (per compile id, its artifacts
// with cache marks and links) and raw.jsonl (one JSON object a line per model object: compiles,
// graph breaks, recompiles, failures, artifacts, each with its source file:line). The model keeps
// no per-record rows, so raw.jsonl is per model object, not per log record (docs/report.md).
#include "context.hpp"
#include "core/json_writer.hpp"
#include "core/model/summary.hpp"

namespace tparse::report {

std::string compile_directory_json(const Model& m, const JsonWriter::Flush& flush) {
  JsonWriter w(true);
  if (flush) w.set_flush(flush);
  w.begin_object();
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    const Compile& c = m.compiles[i];
    w.key(display_id(m, c)).begin_object();
    w.kv("compile_id", c.id.key()).kv("rank", static_cast<int64_t>(c.rank)).kv("page", compile_page(static_cast<int32_t>(i)));
    w.kv("outcome", outcome_name(c.outcome)).kv("has_graph", c.has_graph);
    w.key("artifacts").begin_array();
    for (size_t k = 0; k < c.artifacts.size(); ++k) {
      const Artifact& a = c.artifacts[k];
      w.begin_object().kv("name", a.name).kv("kind", a.kind).kv("number", static_cast<int64_t>(k));
      w.kv("url", compile_page(static_cast<int32_t>(i)) + "#a" + std::to_string(k)).kv("cache", cache_mark(a.name));
      w.kv("size", a.payload.size).kv("line", a.where.line).end_object();
    }
    w.end_array().end_object();
  }
  if (has_nocompile(m)) {  // records without a compile id: tlparse's "[-/-]" (folder -_-_-_-)
    w.key("[-/-]").begin_object().kv("compile_id", "").kv("rank", static_cast<int64_t>(-1)).kv("page", kNoCompilePage);
    w.kv("outcome", "").kv("has_graph", false).key("artifacts").begin_array();
    for (size_t k = 0; k < m.global_artifacts.size(); ++k) {
      const Artifact& a = m.global_artifacts[k];
      w.begin_object().kv("name", a.name).kv("kind", a.kind).kv("number", static_cast<int64_t>(k));
      w.kv("url", std::string(kNoCompilePage) + "#a" + std::to_string(k)).kv("cache", cache_mark(a.name));
      w.kv("size", a.payload.size).kv("line", a.where.line).end_object();
    }
    w.end_array().end_object();
  }
  w.end_object();
  return w.take();
}

namespace {

void loc(JsonWriter& w, const Model& m, const SourceLoc& l) {
  w.kv("file", l.valid() && static_cast<size_t>(l.file) < m.files.size() ? m.files[static_cast<size_t>(l.file)].path : std::string());
  w.kv("line", l.line);
}

void line(std::string& out, JsonWriter& w) {
  out += w.str();
  out.push_back('\n');
}

}  // namespace

std::string raw_jsonl(const Model& m, const JsonWriter::Flush& flush) {
  std::string out;
  auto spill = [&] {  // streaming, as JsonWriter::set_flush
    if (flush && out.size() >= JsonWriter::stream_threshold) {
      flush(out);
      out.clear();
    }
  };
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    const Compile& c = m.compiles[i];
    JsonWriter w(false);
    w.begin_object().kv("type", "compile").kv("id", display_id(m, c)).kv("rank", static_cast<int64_t>(c.rank));
    w.kv("outcome", outcome_name(c.outcome)).kv("has_graph", c.has_graph).kv("attempts", c.attempts);
    w.kv("compile_time_s", c.compile_time_s());
    loc(w, m, c.where);
    w.end_object();
    line(out, w), spill();
    for (size_t k = 0; k < c.artifacts.size(); ++k) {
      const Artifact& a = c.artifacts[k];
      JsonWriter aw(false);
      aw.begin_object().kv("type", "artifact").kv("compile", display_id(m, c)).kv("kind", a.kind).kv("name", a.name);
      aw.kv("size", a.payload.size).kv("md5_ok", a.payload.md5_ok);
      loc(aw, m, a.where);
      aw.end_object();
      line(out, aw), spill();
    }
  }
  for (const auto& b : m.breaks) {
    JsonWriter w(false);
    w.begin_object().kv("type", "graph_break").kv("compile", display_id(m, m.compiles[static_cast<size_t>(b.compile)]));
    w.kv("user_file", b.user_file).kv("user_line", b.user_line).kv("title", b.title).kv("gb_id", b.gb_id).kv("site", static_cast<int64_t>(b.site));
    loc(w, m, b.where);
    w.end_object();
    line(out, w), spill();
  }
  for (const auto& r : m.recompiles) {
    JsonWriter w(false);
    w.begin_object().kv("type", "recompile").kv("compile", display_id(m, m.compiles[static_cast<size_t>(r.compile)]));
    w.key("reasons").begin_array();
    for (const auto& g : r.reasons) w.value(g.entry + ": " + g.text);
    w.end_array();
    loc(w, m, r.where);
    w.end_object();
    line(out, w), spill();
  }
  for (const auto& f : m.failures) {
    JsonWriter w(false);
    w.begin_object().kv("type", "failure").kv("compile", display_id(m, m.compiles[static_cast<size_t>(f.compile)]));
    w.kv("outcome", outcome_name(f.outcome)).kv("fail_type", f.fail_type).kv("fail_reason", f.fail_reason);
    loc(w, m, f.where);
    w.end_object();
    line(out, w), spill();
  }
  for (const auto& a : m.global_artifacts) {
    JsonWriter w(false);
    w.begin_object().kv("type", "artifact").kv("compile", "").kv("kind", a.kind).kv("name", a.name).kv("size", a.payload.size);
    loc(w, m, a.where);
    w.end_object();
    line(out, w), spill();
  }
  return out;
}

}  // namespace tparse::report
