// Tests of the multi-rank analyses. Expected values come from an independent, deliberately plain
// reading of the raw log text (RefRank below: line scan, std::regex, simdjson DOM) following
// tlparse 0.4.3's documented rules (TLPARSE-FEATURES.md §8), never from our own earlier output.
#include <doctest/doctest.h>
#include <simdjson.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "analysis/ranks/multirank.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::string out;
  gzFile f = gzopen(p.string().c_str(), "rb");  // reads plain files too
  if (!f) return out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  gzclose(f);
  return out;
}

/// One rank as read by the reference: per compile "f/c" (first-seen order) its artifacts' payloads.
struct RefGraph {
  std::string id;
  std::optional<std::vector<std::string>> schedule;
  std::optional<std::string> code;
  std::optional<double> runtime_ns;
  std::string cache;
  int cache_prio = 0;
};
struct RefRank {
  int rank = -1, record_rank = -1;
  std::vector<RefGraph> graphs;
  std::optional<std::vector<std::string>> exec_order;
};

RefRank read_ref(const fs::path& p) {
  RefRank r;
  std::smatch mt;
  std::string name = p.filename().string();
  if (std::regex_search(name, mt, std::regex("rank_([0-9]+)"))) r.rank = std::stoi(mt[1]);
  std::string text = read_all(p);
  std::vector<std::string> lines;
  for (size_t pos = 0; pos < text.size();) {
    size_t e = text.find('\n', pos);
    if (e == std::string::npos) e = text.size();
    lines.push_back(text.substr(pos, e - pos));
    pos = e + 1;
  }
  simdjson::dom::parser env_parser, pay_parser;
  for (size_t i = 0; i < lines.size(); ++i) {
    size_t b = lines[i].find("] {");
    if (lines[i].empty() || lines[i][0] == '\t' || b == std::string::npos) continue;
    std::string env = lines[i].substr(b + 2);
    std::string payload;
    for (size_t j = i + 1; j < lines.size() && !lines[j].empty() && lines[j][0] == '\t'; ++j)
      payload += (payload.empty() ? "" : "\n") + lines[j].substr(1);
    simdjson::dom::element e;
    if (env_parser.parse(env).get(e)) continue;
    int64_t rk = -1, fr = -1, fc = -1;
    if (e["rank"].get_int64().get(rk)) rk = -1;
    if (r.record_rank < 0 && rk >= 0) r.record_rank = static_cast<int>(rk);
    std::string_view art;
    bool is_art = !e["artifact"]["name"].get_string().get(art);
    bool is_code = !e["inductor_output_code"].error();
    if (!is_art && !is_code) continue;
    if (is_art && art.find("graph_execution") != std::string_view::npos) {
      simdjson::dom::element d;
      simdjson::dom::array a;
      if (!pay_parser.parse(payload).get(d) && !d["graph_execution_order"].get_array().get(a)) {
        r.exec_order.emplace();
        for (auto x : a) {
          std::string_view s;
          if (!x["compile_id"].get_string().get(s) || !x.get_string().get(s)) r.exec_order->emplace_back(s);
        }
      }
      continue;
    }
    if (e["frame_id"].get_int64().get(fr) || e["frame_compile_id"].get_int64().get(fc)) continue;
    std::string id = std::to_string(fr) + "/" + std::to_string(fc);
    auto it = std::find_if(r.graphs.begin(), r.graphs.end(), [&](auto& g) { return g.id == id; });
    if (it == r.graphs.end()) it = r.graphs.insert(r.graphs.end(), RefGraph{id});
    if (is_code) {
      if (!it->code) it->code = payload;
    } else if (art == "inductor_collective_schedule" && !it->schedule) {
      simdjson::dom::element d;
      REQUIRE(!pay_parser.parse(payload).get(d));
      std::vector<std::string> ops;
      for (auto x : d.get_array()) ops.emplace_back(std::string_view(x.get_string()));
      it->schedule = ops;
    } else if (art == "inductor_runtime_and_tensor_meta" && !it->runtime_ns) {
      simdjson::dom::element d;
      REQUIRE(!pay_parser.parse(payload).get(d));
      double sum = 0;
      for (auto op : d["ops"].get_array()) {
        double ns = 0;
        int64_t i = 0;
        if (op["estimated_runtime_ns"].get_double().get(ns) && !op["estimated_runtime_ns"].get_int64().get(i)) ns = double(i);
        sum += ns;
      }
      it->runtime_ns = sum;
    } else {
      int prio = art.find("cache_miss") != std::string_view::npos ? 3 : art.find("cache_hit") != std::string_view::npos ? 2
               : art.find("cache_bypass") != std::string_view::npos ? 1 : 0;
      if (prio > it->cache_prio) it->cache_prio = prio, it->cache = prio == 3 ? "miss" : prio == 2 ? "hit" : "bypass";
    }
  }
  return r;
}

std::string family(std::string op) {
  while (!op.empty() && op.back() == '_') op.pop_back();
  for (const char* f : {"all_reduce", "reduce_scatter", "all_gather", "broadcast", "all_to_all"})
    if (op.find(f) != std::string::npos) return f;
  return op.find("reduce") != std::string::npos ? "reduce" : "";
}

/// tlparse's parity rule, with std::regex over the comment-stripped code.
std::pair<int64_t, int64_t> ref_parity(const std::vector<std::string>& sched, const std::string& code) {
  std::string clean = std::regex_replace(code, std::regex("(#|//)[^\n]*"), "");
  std::map<std::string, int64_t> s, c;
  for (const auto& op : sched)
    if (!family(op).empty()) s[family(op)]++;
  std::regex call(R"(torch\s*\.\s*ops\s*\.\s*_?c10d_functional\s*\.\s*([A-Za-z0-9_]+)\s*\.\s*default\s*\()");
  int64_t waits = 0, total = 0;
  for (auto it = std::sregex_iterator(clean.begin(), clean.end(), call); it != std::sregex_iterator(); ++it) {
    std::string op = (*it)[1];
    if (op == "wait_tensor") ++waits;
    else if (!family(op).empty()) c[family(op)]++, ++total;
  }
  std::set<std::string> keys;
  for (auto& [k, v] : s) keys.insert(k);
  for (auto& [k, v] : c) keys.insert(k);
  int64_t off = 0;
  for (auto& k : keys) off += std::llabs(s[k] - c[k]);
  return {off, std::max<int64_t>(0, total - waits)};
}

struct Run {
  std::vector<RefRank> ref;
  std::vector<multirank::RankFacts> facts;
  std::vector<multirank::NameMismatch> mism;
  multirank::Analysis an;
};

Run run_dir(const fs::path& dir) {
  Run r;
  std::vector<fs::path> files;
  for (auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind("dedicated_log_torch_trace_rank_", 0) == 0) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (auto& f : files) r.ref.push_back(read_ref(f));
  std::sort(r.ref.begin(), r.ref.end(), [](auto& a, auto& b) { return a.rank < b.rank; });
  LoadedTrace t = load_trace({dir.string()});
  r.facts = multirank::extract_rank_facts(t.model, t.payloads, &r.mism);
  r.an = multirank::analyze(r.facts, r.mism);
  return r;
}

/// Checks every fact and analysis against the reference reading.
void check_against_reference(const Run& r) {
  REQUIRE(r.facts.size() == r.ref.size());
  std::map<std::string, std::vector<int32_t>> sched_groups;  // concatenated ops -> ranks
  // tlparse (lib.rs, multi-rank landing): once any rank logged a schedule, every rank is grouped by
  // its concatenated ops; a rank with none has the empty sequence.
  std::vector<std::pair<int32_t, std::string>> concats;
  bool any_sched_all = false;
  for (size_t i = 0; i < r.ref.size(); ++i) {
    const RefRank& rr = r.ref[i];
    const auto& f = r.facts[i];
    CAPTURE(rr.rank);
    CHECK(f.rank == rr.rank);
    // Records without a rank field: the model's rank falls back to the file name's.
    CHECK(f.record_rank == (rr.record_rank >= 0 ? rr.record_rank : rr.rank));
    // Parity and runtime per graph.
    std::string concat;
    bool any_sched = false;
    for (const RefGraph& g : rr.graphs) {
      const multirank::GraphFacts* gf = nullptr;
      for (const auto& x : f.graphs) if (x.compile_id == g.id) gf = &x;
      REQUIRE(gf);
      CHECK(gf->has_schedule == (g.schedule && !g.schedule->empty()));
      if (g.schedule) {
        any_sched |= !g.schedule->empty();
        for (const auto& op : *g.schedule) concat += op + "\n";
        if (gf->has_schedule) CHECK(gf->schedule == *g.schedule);
      }
      if (g.schedule && !g.schedule->empty() && g.code) {
        auto [off, miss] = ref_parity(*g.schedule, *g.code);
        CHECK(gf->offset == off);
        CHECK(gf->missing_waits == miss);
        bool listed = false;
        for (const auto& p : r.an.parity) listed |= p.rank == rr.rank && p.compile_id == g.id && p.offset == off && p.missing_waits == miss;
        CHECK(listed == (off > 0 || miss > 0));
      }
      CHECK(gf->has_runtime == g.runtime_ns.has_value());
      if (g.runtime_ns) CHECK(gf->runtime_ns == doctest::Approx(*g.runtime_ns).epsilon(1e-9));
      CHECK(gf->cache == g.cache);
    }
    concats.emplace_back(rr.rank, concat);
    any_sched_all |= any_sched;
    CHECK(f.has_exec_order == rr.exec_order.has_value());
    if (rr.exec_order) CHECK(f.exec_order == *rr.exec_order);
    // A file whose name says one rank and records another is named.
    bool named = false;
    for (const auto& m : r.mism) named |= m.name_rank == rr.rank && m.record_rank == rr.record_rank;
    CHECK(named == (rr.record_rank >= 0 && rr.record_rank != rr.rank));
  }
  if (any_sched_all)
    for (auto& [rank, concat] : concats) sched_groups[concat].push_back(rank);
  // Schedule groups: same partition of ranks.
  std::set<std::vector<int32_t>> want, got;
  for (auto& [k, v] : sched_groups) want.insert(v);
  for (const auto& g : r.an.schedule_groups) got.insert(g.ranks);
  CHECK(want == got);
  CHECK(r.an.divergence.has_value() == (want.size() > 1));
  // Runtime rows: per graph index (ranks aligned by trace order), fastest/slowest/delta, 3 decimals.
  std::vector<std::pair<int, std::vector<std::pair<std::string, double>>>> rt;
  for (const auto& rr : r.ref) {
    std::vector<std::pair<std::string, double>> v;
    for (const auto& g : rr.graphs) if (g.runtime_ns) v.emplace_back(g.id, *g.runtime_ns);
    if (!v.empty()) rt.emplace_back(rr.rank, v);
  }
  CHECK(r.an.runtime_present == !rt.empty());
  if (!rt.empty() && !r.an.runtime_mismatched_counts) {
    REQUIRE(r.an.runtime.size() == rt.front().second.size());
    for (const auto& row : r.an.runtime) {
      size_t gi = static_cast<size_t>(row.graph_index);
      double mn = 1e300, mx = -1e300;
      int fast = -1, slow = -1;
      for (auto& [rank, v] : rt) {
        if (v[gi].second <= mn) mn = v[gi].second, fast = rank;
        if (v[gi].second >= mx) mx = v[gi].second, slow = rank;
      }
      CHECK(row.compile_id == rt.front().second[gi].first);
      CHECK(row.fastest_rank == fast);
      CHECK(row.slowest_rank == slow);
      CHECK(row.delta_ms == doctest::Approx(std::round((mx - mn) / 1e6 * 1000) / 1000));
    }
  }
}

}  // namespace

TEST_CASE("multirank: collectives parity rule on hand-made output code") {
  std::vector<std::string> sched = {"torch.ops._c10d_functional.all_reduce_.default",
                                    "torch.ops._c10d_functional.wait_tensor.default",
                                    "torch.ops._c10d_functional.all_gather_into_tensor.default"};
  // Code: one all_reduce_ call, one reduce_scatter (not scheduled), one wait, one call in a comment.
  std::string code =
      "buf1 = torch.ops._c10d_functional.all_reduce_.default(buf0, 'sum', '0')\n"
      "buf2 = torch . ops . _c10d_functional . reduce_scatter_tensor . default (buf1, 'sum', 2, '0')\n"
      "torch.ops._c10d_functional.wait_tensor.default(buf1)\n"
      "# torch.ops._c10d_functional.all_gather_into_tensor.default(x)\n";
  auto [off, miss] = multirank::collectives_parity(sched, code);
  // schedule {all_reduce:1, all_gather:1}, code {all_reduce:1, reduce_scatter:1}:
  // |1-1| + |1-0| + |0-1| = 2; collectives in code 2, waits 1 -> missing 1.
  CHECK(off == 2);
  CHECK(miss == 1);
  CHECK(multirank::collectives_parity(sched, "").first == 2);
  CHECK(multirank::collectives_parity({}, "").first == 0);
}

TEST_CASE("multirank: tlparse's multi_rank_schedule test input" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  Run r = run_dir(testing::shared_testdata() / "tlparse-inputs" / "multi_rank_schedule");
  check_against_reference(r);
  // Hand-derived (see the files): rank_0 and rank_2 are byte-identical; rank_1's first graph
  // schedule is all_reduce_, wait, all_gather, wait where the others have all_reduce_, wait,
  // all_gather, reduce_scatter, wait, wait: groups {0,2} and {1}, first difference at graph 0/0
  // position 3. Every file's records say rank 0.
  REQUIRE(r.an.schedule_groups.size() == 2);
  CHECK(r.an.schedule_groups[0].ranks == std::vector<int32_t>{0, 2});
  REQUIRE(r.an.divergence);
  CHECK(r.an.divergence->compile_id == "0/0");
  CHECK(r.an.divergence->position == 3);
  CHECK(r.an.divergence->op_a == "torch.ops._c10d_functional.reduce_scatter_tensor.default");
  CHECK(r.an.divergence->op_b == "torch.ops._c10d_functional.wait_tensor.default");
  CHECK(r.an.name_mismatches.size() == 2);
  CHECK_FALSE(r.an.exec.present);
}

TEST_CASE("multirank: tlparse's multi_rank_logs and messy input" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  Run r = run_dir(testing::shared_testdata() / "tlparse-inputs" / "multi_rank_logs");
  check_against_reference(r);
  CHECK(r.an.ranks == 4);
  Run m = run_dir(testing::shared_testdata() / "tlparse-inputs" / "multi_rank_messy_input");
  check_against_reference(m);
  CHECK(m.an.ranks == 2);  // another.log and some_other_file.txt are not rank logs
}

TEST_CASE("multirank: a real gloo trace where one rank's graphs came from the FX graph cache") {
  // scripts/make_gloo_trace.py on the device (torch 2.11, 4 CPU ranks, functional collectives inside
  // record_and_log_graph_execution_order()): in the kept run, rank 3 reused its inductor cache
  // (4 hits) while ranks 0-2 missed (4 misses), so rank 3 logged no inductor_collective_schedule.
  // tlparse 0.4.3 on this directory (--all-ranks-html) warns "Diverging Cache hit/miss patterns"
  // with groups {0, 1, 2} / {3} and "Diverging collective operation sequences" with groups
  // {0, 1, 2} / {3}, and finds the graph execution order, its schedule and cache checks consistent.
  Run g = run_dir(testing::testdata() / "torch-2.11" / "gloo_4ranks_cache_skew" / "trace");
  check_against_reference(g);
  REQUIRE(g.an.ranks == 4);
  std::set<std::vector<int32_t>> sched, cache;
  for (const auto& x : g.an.schedule_groups) sched.insert(x.ranks);
  for (const auto& x : g.an.cache_groups) cache.insert(x.ranks);
  const std::set<std::vector<int32_t>> tl{{0, 1, 2}, {3}};
  CHECK(sched == tl);
  CHECK(cache == tl);
  // Rank 3's missing schedule is explained by its cache hits (every graph of it was a hit).
  CHECK(g.an.schedule_absent_cache_hit == std::vector<int32_t>{3});
  REQUIRE(g.an.divergence);
  CHECK(g.an.divergence->op_b.empty());  // rank 3 issues "(nothing)" in its (unlogged) schedule
  CHECK(g.an.exec.present);
  CHECK_FALSE(g.an.exec.order_differs);
  CHECK(g.an.exec.schedule_mismatch_ranks.empty());
  CHECK(g.an.exec.cache_mismatch_ranks.empty());
  bool described = false;
  for (const auto& b : g.an.behaviour_groups)
    if (b.ranks == std::vector<int32_t>{3}) described = b.description.find("FX graph cache hits") != std::string::npos;
  CHECK(described);
}

TEST_CASE("multirank: torch 2.11 real multi-rank traces" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  Run n = run_dir(testing::shared_testdata() / "torch-2.11" / "nccl_2ranks_collectives" / "trace");
  check_against_reference(n);
  CHECK(n.an.exec.present);
  CHECK(n.an.runtime_present);
  Run d = run_dir(testing::shared_testdata() / "torch-2.11" / "ddp_gloo_4ranks" / "trace");
  check_against_reference(d);
  CHECK(d.an.ranks == 4);
  // Behaviour groups cover every rank once, the majority last.
  size_t total = 0;
  for (const auto& g : d.an.behaviour_groups) total += g.ranks.size();
  CHECK(total == 4);
  CHECK(d.an.compile_time.min_s <= d.an.compile_time.median_s);
  CHECK(d.an.compile_time.median_s <= d.an.compile_time.max_s);
}

TEST_CASE("multirank: execution order, schedule and cache mismatch at the same index (hand-made facts)") {
  // Rank 0 ran 0/0 then 1/0; rank 1 ran 1/0 then 0/0. 0/0 all_reduces, 1/0 all_gathers: at both
  // indices the schedules differ (ScheduleMismatch); rank 1's 1/0 hit the cache where rank 0's 0/0 missed.
  auto mk = [](int32_t rank, std::vector<std::string> order, const char* cache10) {
    multirank::RankFacts r;
    r.rank = rank;
    r.has_exec_order = true;
    r.exec_order = std::move(order);
    multirank::GraphFacts a{"0/0", true, {"all_reduce"}}, b{"1/0", true, {"all_gather"}};
    a.cache = "miss";
    b.cache = cache10;
    r.graphs = {a, b};
    r.compile_ids = {"[0/0]", "[1/0]"};
    return r;
  };
  std::vector<multirank::RankFacts> rs = {mk(0, {"0/0", "1/0"}, "miss"), mk(1, {"1/0", "0/0"}, "hit")};
  auto an = multirank::analyze(rs);
  CHECK(an.exec.order_differs);
  CHECK(an.exec.schedule_mismatch_indices == std::vector<int64_t>{0, 1});
  // index 0: rank 0's 0/0 missed, rank 1's 1/0 hit -> mismatch; index 1: 1/0 (miss) vs 0/0 (miss) -> none.
  CHECK(an.exec.cache_mismatch_indices == std::vector<int64_t>{0});
  CHECK(an.exec.schedule_mismatch_ranks == std::vector<int32_t>{0, 1});
  // Same order: nothing flagged.
  rs[1].exec_order = {"0/0", "1/0"};
  rs[1].graphs[1].cache = "miss";
  an = multirank::analyze(rs);
  CHECK_FALSE(an.exec.order_differs);
  CHECK(an.exec.schedule_mismatch_indices.empty());
  CHECK(an.exec.cache_mismatch_indices.empty());
}

TEST_CASE("multirank: behaviour groups, outliers first, described against the majority") {
  std::vector<multirank::RankFacts> rs;
  for (int32_t i = 0; i < 16; ++i) {
    multirank::RankFacts r;
    r.rank = i;
    r.compile_ids = {"[0/0]"};
    r.compile_time_s = i;  // 0..15 s
    if (i % 8 == 2) {
      r.compile_ids.push_back("[0/1]");
      r.recompiles = {"[0/1] because tensor 'x' size mismatch at index 0. expected 4, actual 8"};
    }
    rs.push_back(r);
  }
  auto an = multirank::analyze(rs);
  REQUIRE(an.behaviour_groups.size() == 2);
  CHECK(an.behaviour_groups[0].ranks == std::vector<int32_t>{2, 10});
  CHECK(an.behaviour_groups[0].description.find("recompiled [0/1] because tensor 'x'") != std::string::npos);
  CHECK(an.behaviour_groups[1].ranks.size() == 14);
  CHECK(an.compile_time.min_s == 0);
  CHECK(an.compile_time.max_s == 15);
  CHECK(an.compile_time.median_s == doctest::Approx(7.5));
  REQUIRE(an.compile_time.slowest.size() == 5);
  CHECK(an.compile_time.slowest[0].first == 15);
}

TEST_CASE("multirank: facts survive summary JSON (the merge path)" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  Run n = run_dir(testing::shared_testdata() / "torch-2.11" / "nccl_2ranks_collectives" / "trace");
  LoadedTrace t = load_trace({(testing::shared_testdata() / "torch-2.11" / "nccl_2ranks_collectives" / "trace").string()});
  std::string j = summary_json(t.model, true, [&](JsonWriter& w) { multirank::write_json(w, n.facts, n.an); });
  std::vector<multirank::RankFacts> back;
  std::vector<multirank::NameMismatch> mism;
  std::string err;
  REQUIRE(multirank::read_rank_facts(j, back, mism, err));
  auto an2 = multirank::analyze(back, mism);
  JsonWriter a(false), b(false);
  multirank::write_json(a, n.facts, n.an);
  multirank::write_json(b, back, an2);
  CHECK(a.str() == b.str());
}
