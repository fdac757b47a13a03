// Multi-rank facts and analyses as JSON: the `multi_rank` member of summary JSON (schema 3, see
// docs/summary-schema.md), reading the facts back (tparse merge), and the two Perfetto traces.
#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <functional>
#include <map>

#include "multirank.hpp"

namespace tparse::multirank {

namespace {

void ranks_array(JsonWriter& w, const std::vector<int32_t>& v) {
  w.begin_array();
  for (int32_t r : v) w.value(static_cast<int64_t>(r));
  w.end_array();
}

void strings(JsonWriter& w, const std::vector<std::string>& v) {
  w.begin_array();
  for (const auto& s : v) w.value(s);
  w.end_array();
}

void groups(JsonWriter& w, const std::vector<RankGroup>& gs, bool with_key) {
  w.begin_array();
  for (const auto& g : gs) {
    w.begin_object().kv("count", static_cast<int64_t>(g.ranks.size())).key("ranks");
    ranks_array(w, g.ranks);
    if (with_key) w.kv("signature", g.key);
    if (!g.description.empty()) w.kv("description", g.description);
    w.end_object();
  }
  w.end_array();
}

}  // namespace

void write_json(JsonWriter& w, const std::vector<RankFacts>& rs, const Analysis& a) {
  if (rs.empty()) {  // no rank at all (a single process without torch.distributed)
    w.null();
    return;
  }
  w.begin_object().kv("ranks_count", a.ranks);
  w.key("name_mismatches").begin_array();
  for (const auto& nm : a.name_mismatches)
    w.begin_object().kv("file", nm.file).kv("name_rank", nm.name_rank).kv("record_rank", nm.record_rank).end_object();
  w.end_array();
  w.key("compile_id_groups");
  groups(w, a.id_groups, false);
  w.key("cache_groups");
  groups(w, a.cache_groups, false);
  w.key("collective_schedule").begin_object().key("groups");
  groups(w, a.schedule_groups, false);
  w.key("divergence");
  if (a.divergence) {
    const auto& d = *a.divergence;
    w.begin_object().kv("compile_id", d.compile_id).kv("graph_index", d.graph_index).kv("position", d.position);
    w.key("ranks_a");
    ranks_array(w, d.ranks_a);
    w.kv("op_a", d.op_a).key("ranks_b");
    ranks_array(w, d.ranks_b);
    w.kv("op_b", d.op_b).end_object();
  } else {
    w.null();
  }
  w.key("absent_cache_hit");
  ranks_array(w, a.schedule_absent_cache_hit);
  w.end_object();
  w.key("collectives_parity").begin_array();
  for (const auto& p : a.parity)
    w.begin_object().kv("rank", p.rank).kv("compile_id", p.compile_id).kv("offset", p.offset).kv("missing_waits", p.missing_waits).end_object();
  w.end_array();
  w.key("runtime").begin_object().kv("present", a.runtime_present).kv("mismatched_graph_counts", a.runtime_mismatched_counts);
  w.key("graphs").begin_array();
  for (const auto& r : a.runtime)
    w.begin_object().kv("graph_index", r.graph_index).kv("compile_id", r.compile_id).kv("fastest_rank", r.fastest_rank)
        .kv("fastest_ms", r.fastest_ms).kv("slowest_rank", r.slowest_rank).kv("slowest_ms", r.slowest_ms)
        .kv("delta_ms", r.delta_ms).kv("fastest_ns", r.fastest_ns).kv("slowest_ns", r.slowest_ns).end_object();
  w.end_array().end_object();
  w.key("tensor_meta_groups");
  groups(w, a.tensor_meta_groups, false);
  w.key("execution_order").begin_object().kv("present", a.exec.present).kv("order_differs", a.exec.order_differs);
  w.key("schedule_mismatch_ranks");
  ranks_array(w, a.exec.schedule_mismatch_ranks);
  w.key("cache_mismatch_ranks");
  ranks_array(w, a.exec.cache_mismatch_ranks);
  w.key("schedule_mismatch_indices").begin_array();
  for (auto i : a.exec.schedule_mismatch_indices) w.value(i);
  w.end_array().key("cache_mismatch_indices").begin_array();
  for (auto i : a.exec.cache_mismatch_indices) w.value(i);
  w.end_array();
  if (!a.exec.present) w.kv("hint", kExecOrderHint);
  w.end_object();
  w.key("behaviour_groups");
  groups(w, a.behaviour_groups, true);
  w.key("compile_time").begin_object().kv("min_s", a.compile_time.min_s).kv("median_s", a.compile_time.median_s)
      .kv("max_s", a.compile_time.max_s).key("slowest").begin_array();
  for (auto [r, s] : a.compile_time.slowest) w.begin_object().kv("rank", r).kv("seconds", s).end_object();
  w.end_array().end_object();
  // The facts, so per-node summaries can be merged (tparse merge) into the same analyses.
  w.key("ranks").begin_array();
  for (const auto& r : rs) {
    w.begin_object().kv("rank", r.rank).kv("record_rank", r.record_rank).kv("file", r.file);
    w.key("compile_ids");
    strings(w, r.compile_ids);
    w.kv("graphs", r.graphs_compiled).kv("break_events", r.break_events).key("break_sites");
    strings(w, r.break_sites);
    w.key("recompiles");
    strings(w, r.recompiles);
    w.kv("cache_seq", r.cache_seq).kv("compile_time_s", r.compile_time_s);
    w.key("exec_order");
    if (r.has_exec_order) strings(w, r.exec_order);
    else w.null();
    w.key("graph_facts").begin_array();
    for (const auto& g : r.graphs) {
      w.begin_object().kv("compile_id", g.compile_id).key("schedule");
      if (g.has_schedule) strings(w, g.schedule);
      else w.null();
      w.key("runtime_ns");
      if (g.has_runtime) w.value(g.runtime_ns);
      else w.null();
      w.kv("tensor_meta", g.tensor_meta).kv("cache", g.cache).opt("offset", g.offset).opt("missing_waits", g.missing_waits);
      w.end_object();
    }
    w.end_array().end_object();
  }
  w.end_array();
  w.end_object();
}

bool read_rank_facts(std::string_view json, std::vector<RankFacts>& out, std::vector<NameMismatch>& mism, std::string& error) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::padded_string padded(json);
  if (auto e = parser.parse(padded).get(doc)) {
    error = std::string("invalid JSON: ") + simdjson::error_message(e);
    return false;
  }
  std::string_view schema;
  int64_t version = 0;
  if (doc["schema"].get_string().get(schema) || schema != "tparse-summary" || doc["schema_version"].get_int64().get(version)) {
    error = "not a tparse summary JSON";
    return false;
  }
  if (version < 3) {
    error = fmt::format("summary schema_version {} has no multi-rank facts (needs 3: tparse summary --json of this version)", version);
    return false;
  }
  simdjson::dom::element mr;
  if (doc["multi_rank"].get(mr) || mr.is_null()) return true;  // a single-rank node: nothing to add
  auto str = [](simdjson::dom::element e, const char* k) {
    std::string_view s;
    return e[k].get_string().get(s) ? std::string() : std::string(s);
  };
  auto i64 = [](simdjson::dom::element e, const char* k, int64_t d) {
    int64_t v = d;
    return e[k].get_int64().get(v) ? d : v;
  };
  auto f64 = [](simdjson::dom::element e, const char* k, double& v) {
    if (!e[k].get_double().get(v)) return true;
    int64_t i = 0;
    if (!e[k].get_int64().get(i)) return v = static_cast<double>(i), true;
    return false;
  };
  auto strs = [](simdjson::dom::element e, const char* k, std::vector<std::string>& v) {
    simdjson::dom::array arr;
    if (e[k].get_array().get(arr)) return false;
    for (auto x : arr) {
      std::string_view s;
      if (!x.get_string().get(s)) v.emplace_back(s);
    }
    return true;
  };
  simdjson::dom::array arr;
  if (!mr["name_mismatches"].get_array().get(arr))
    for (auto x : arr) mism.push_back({str(x, "file"), static_cast<int32_t>(i64(x, "name_rank", -1)), static_cast<int32_t>(i64(x, "record_rank", -1))});
  if (mr["ranks"].get_array().get(arr)) {
    error = "multi_rank.ranks missing";
    return false;
  }
  for (auto x : arr) {
    RankFacts r;
    r.rank = static_cast<int32_t>(i64(x, "rank", -1));
    r.record_rank = static_cast<int32_t>(i64(x, "record_rank", -1));
    r.file = str(x, "file");
    strs(x, "compile_ids", r.compile_ids);
    r.graphs_compiled = i64(x, "graphs", 0);
    r.break_events = i64(x, "break_events", 0);
    strs(x, "break_sites", r.break_sites);
    strs(x, "recompiles", r.recompiles);
    r.cache_seq = str(x, "cache_seq");
    f64(x, "compile_time_s", r.compile_time_s);
    r.has_exec_order = strs(x, "exec_order", r.exec_order);
    simdjson::dom::array gs;
    if (!x["graph_facts"].get_array().get(gs))
      for (auto g : gs) {
        GraphFacts f;
        f.compile_id = str(g, "compile_id");
        f.has_schedule = strs(g, "schedule", f.schedule);
        f.has_runtime = f64(g, "runtime_ns", f.runtime_ns);
        f.tensor_meta = str(g, "tensor_meta");
        f.cache = str(g, "cache");
        f.offset = i64(g, "offset", -1);
        f.missing_waits = i64(g, "missing_waits", -1);
        r.graphs.push_back(std::move(f));
      }
    if (r.rank < 0) {
      error = "multi_rank.ranks[] entry without a rank";
      return false;
    }
    out.push_back(std::move(r));
  }
  return true;
}

std::string runtime_trace_json(const std::vector<RankFacts>& rs) {
  JsonWriter w(false);
  w.begin_object().key("traceEvents").begin_array();
  for (const auto& r : rs) {
    bool any = false;
    int64_t tid = 0;
    for (const auto& g : r.graphs) {
      if (!g.has_runtime) continue;
      any = true;
      ++tid;  // one thread per graph, numbered in trace order
      w.begin_object().kv("name", "thread_name").kv("ph", "M").kv("pid", r.rank).kv("tid", tid);
      w.key("args").begin_object().kv("name", "graph " + g.compile_id).end_object().end_object();
      double t_us = 0;
      // Ops laid end to end; a merged summary keeps only the graph total: one slice for the graph.
      std::vector<std::pair<std::string, double>> ops = g.ops;
      if (ops.empty()) ops.emplace_back("graph " + g.compile_id, g.runtime_ns);
      for (const auto& [name, ns] : ops) {
        double dur = ns / 1e3;
        w.begin_object().kv("name", name).kv("cat", "runtime").kv("ph", "X").kv("ts", t_us).kv("dur", dur);
        w.kv("pid", r.rank).kv("tid", tid);
        w.key("args").begin_object().kv("compile_id", g.compile_id).kv("estimated_runtime_ns", ns).end_object();
        w.end_object();
        t_us += dur;
      }
    }
    if (any) {
      w.begin_object().kv("name", "process_name").kv("ph", "M").kv("pid", r.rank).kv("tid", int64_t{0});
      w.key("args").begin_object().kv("name", fmt::format("rank {}", r.rank)).end_object().end_object();
    }
  }
  w.end_array().end_object();
  return w.take();
}

std::string combined_events_json(const Model& m, const JsonWriter::Flush& flush) {
  JsonWriter w(false);
  if (flush) w.set_flush(flush);
  w.begin_array();
  for (const auto& e : m.events) {
    int32_t pid = e.rank >= 0 ? e.rank : std::max(0, e.process);
    if (e.process >= 0 && static_cast<size_t>(e.process) < m.processes.size()) {
      const Process& p = m.processes[static_cast<size_t>(e.process)];
      if (p.file >= 0 && m.files[static_cast<size_t>(p.file)].rank_from_name >= 0) pid = m.files[static_cast<size_t>(p.file)].rank_from_name;
    }
    w.begin_object().kv("name", e.name).kv("cat", "dynamo_timed").kv("ph", std::string_view(&e.ph, 1)).kv("ts", e.ts_us);
    w.kv("pid", static_cast<int64_t>(pid)).kv("tid", e.tid);
    if (!e.compile_id.empty()) w.key("args").begin_object().kv("compile_id", e.compile_id).end_object();
    w.end_object();
  }
  w.end_array();
  return w.take();
}

}  // namespace tparse::multirank
