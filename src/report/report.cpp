// write_report: runs every page writer; the artifact blocks of the compile pages and the provenance
// pages in parallel (see report.hpp).
#include "report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <unordered_set>
#include <vector>

#include "context.hpp"
#include "core/model/summary.hpp"
#include "html.hpp"
#ifdef TPARSE_REPORT_ADVICE
#include "analysis/ranks/ddp_split.hpp"
#include "report/sections/section_ddp.hpp"
#include "report/sections/section_multirank.hpp"
#endif

namespace tparse::report {

std::string compile_page(int32_t ci) { return "c/" + std::to_string(ci) + ".html"; }

std::string compile_link(const Ctx& cx, int32_t ci, const std::string& root) {
  if (ci < 0 || static_cast<size_t>(ci) >= cx.m.compiles.size()) return "-";
  return link(root + compile_page(ci), display_id(cx.m, cx.m.compiles[static_cast<size_t>(ci)]));
}

const char* cache_mark(const std::string& name) {
  if (name.find("cache_hit") != std::string::npos) return "hit";
  if (name.find("cache_miss") != std::string::npos) return "miss";
  if (name.find("cache_bypass") != std::string::npos) return "bypass";
  return "";
}

ReportStats write_report(const Model& m, const PayloadStore& payloads, const ReportOptions& opt, Sink& sink) {
  ReportStats stats;
  if (opt.defer_drawings) graph::set_svg_deferral(true);
  Ctx cx{m, payloads, opt, sink, stats};
  std::vector<int32_t> rank_pages(m.ranks.begin(), m.ranks.end());
#ifdef TPARSE_REPORT_ADVICE
  // Multi-rank analyses (tlparse's --all-ranks-html landing) and rank groups: analysis/ranks/multirank.hpp.
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(m, payloads, &mism);
  auto an = multirank::analyze(facts, mism);
  auto splits = ddp::find_splits(m, payloads);  // DDPOptimizer's subgraphs (analysis/ranks/ddp_split.hpp)
  for (const auto& s : splits) {
    cx.ddp_html[s.compile] = ddp_split_section(cx, s);
    cx.ddp_landing.emplace_back(s.compile, ddp_landing_text(s));
  }
  cx.write_streamed("summary.json", [&](const JsonWriter::Flush& f) {
    return summary_json(m, true, [&](JsonWriter& w) { multirank::write_json(w, facts, an); },
                        [&](JsonWriter& w) { ddp::write_json(w, m, splits); }, f);
  });
  if (facts.size() >= 2) {
    cx.multirank_html = multirank_section(facts, an, true);
    cx.write("ranks.html", page_begin("tparse: all ranks", "") + fmt::format("<h1>All {} ranks</h1>", facts.size()) +
                               "<input class=\"filter\" data-table=\"ranks-table\" placeholder=\"filter\">\n" +
                               ranks_page_rows(facts) + page_end());
    if (an.runtime_present) cx.write("chromium_trace_with_runtime.json", multirank::runtime_trace_json(facts));
    std::unordered_set<int32_t> paged(rank_pages.begin(), rank_pages.end());
    for (const auto& f : facts)
      if (paged.insert(f.rank).second) rank_pages.push_back(f.rank);
  }
  // pid = rank (the file's when named)
  cx.write_streamed("chromium_events.json", [&](const JsonWriter::Flush& f) { return multirank::combined_events_json(m, f); });
#else
  cx.write_streamed("summary.json", [&](const JsonWriter::Flush& f) { return summary_json(m, true, nullptr, nullptr, f); });
  cx.write_streamed("chromium_events.json", [&](const JsonWriter::Flush& f) { return chromium_events_json(m, f); });
#endif
  cx.write_streamed("compile_directory.json", [&](const JsonWriter::Flush& f) { return compile_directory_json(m, f); });
  cx.write_streamed("raw.jsonl", [&](const JsonWriter::Flush& f) { return raw_jsonl(m, f); });

  // The pages a reader opens first (they read only the model, never what the per-compile pages
  // leave behind), then the hook: `tparse report --drawings later` writes the rest in a
  // background process (apps/tparse/report_common.cpp).
  const uint64_t total = m.compiles.size() + 3 + rank_pages.size();
  std::atomic<uint64_t> done{0};
  std::mutex progress_mu;
  auto tick = [&] {
    uint64_t d = ++done;
    if (opt.progress) {
      std::lock_guard<std::mutex> lk(progress_mu);
      opt.progress(d, total);
    }
  };
  cx.write("index.html", index_page(cx, -1, ""));
  tick();
  cx.write("compiles.html", compiles_page(cx));
  tick();
  cx.write("timeline.html", timeline_page(cx));
  tick();
  if (rank_pages.size() > 1) {
    for (int32_t r : rank_pages) {
      cx.write("rank_" + std::to_string(r) + "/index.html", index_page(cx, r, "../"));
      tick();
    }
  }
  if (opt.after_front && !opt.after_front()) {
    if (opt.defer_drawings) graph::set_svg_deferral(false);
    return stats;
  }

  // Per-compile and provenance pages on `jobs` workers. One compile can hold most of a small
  // trace's pages (its graphs drawn by module, its code highlighted), so the unit of work is an
  // artifact block of a compile page (artifact_jobs) or a provenance page, the costliest first
  // (bytes of the payloads, graphs counted thrice: parsed, attributed to modules and drawn) so
  // that the workers end together; then each compile page is put together from its blocks.
  // Compiles go in batches, so that only a batch's blocks are held at once. The order does not
  // change the bytes: a shared file keeps the version of the lowest page order, the order a
  // one-thread run meets them, whatever block writes it first (Ctx::write_once); provenance
  // pages share nothing.
  unsigned jobs = opt.jobs > 0 ? static_cast<unsigned>(opt.jobs) : std::max(1u, std::thread::hardware_concurrency());
  struct Task {
    int32_t ci;  ///< compile (provenance: -1 = "[-/-]")
    size_t n;    ///< block of the compile; SIZE_MAX: the provenance page of ci
    uint64_t cost;
  };
  auto run_tasks = [&](size_t count, const std::function<void(size_t)>& run) {
    std::atomic<size_t> next{0};
    auto worker = [&] {
      for (size_t i; (i = next.fetch_add(1)) < count;) run(i);
      t_page_order = INT64_MAX;
    };
    std::vector<std::thread> pool;
    for (unsigned j = 1; j < std::min<size_t>(jobs, count); ++j) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
  };
  auto prov = provenance_pages(cx);
  size_t prov_next = 0;
  constexpr size_t kBatch = 64;
  for (size_t b0 = 0; b0 < m.compiles.size() || prov_next < prov.size(); b0 += kBatch) {
    size_t b1 = std::min(m.compiles.size(), b0 + kBatch);
    std::vector<std::shared_ptr<ArtifactJobs>> aj;
    std::vector<Task> tasks;
    for (size_t i = b0; i < b1; ++i) {
      aj.push_back(artifact_jobs(cx, static_cast<int32_t>(i)));
      const auto& arts = m.compiles[i].artifacts;
      for (size_t n = 0; n < artifact_job_count(*aj.back()); ++n) {
        const Artifact& a = arts[artifact_job_index(*aj.back(), n)];
        tasks.push_back({static_cast<int32_t>(i), n, 1 + a.payload.size * (a.kind.find("graph") != std::string::npos ? 3 : 1)});
      }
    }
    // the provenance pages of this batch's compiles ("[-/-]"'s with the first batch)
    for (; prov_next < prov.size() && (prov[prov_next].first < static_cast<int32_t>(b1) || b1 == m.compiles.size()); ++prov_next)
      tasks.push_back({prov[prov_next].first, SIZE_MAX, 1 + prov[prov_next].second});
    std::stable_sort(tasks.begin(), tasks.end(), [](const Task& a, const Task& b) { return a.cost > b.cost; });
    run_tasks(tasks.size(), [&](size_t i) {
      const Task& t = tasks[i];
      if (t.n == SIZE_MAX) {
        t_page_order = INT64_MAX;
        write_provenance_page(cx, t.ci);
        return;
      }
      ArtifactJobs& j = *aj[static_cast<size_t>(t.ci) - b0];
      t_page_order = page_order(t.ci, t.n);
      run_artifact_job(j, artifact_job_index(j, t.n));
    });
    run_tasks(b1 - b0, [&](size_t i) {
      auto ci = static_cast<int32_t>(b0 + i);
      t_page_order = page_order(ci, 0);
      std::string sections = artifact_job_sections(*aj[i]);
      aj[i].reset();
      cx.write(compile_page(ci), compile_page_html(cx, ci, &sections));
      tick();
    });
  }
  stats.compile_pages = m.compiles.size();
  stats.provenance_pages = prov.size();

  if (has_nocompile(m)) cx.write(kNoCompilePage, nocompile_page_html(cx));
  if (wants_export_page(cx)) {
    cx.write("export.html", export_page_html(cx));
    stats.export_page = true;
  }
  if (opt.defer_drawings) {
    graph::set_svg_deferral(false);
    std::sort(stats.pending_files.begin(), stats.pending_files.end());
    stats.pending_files.erase(std::unique(stats.pending_files.begin(), stats.pending_files.end()), stats.pending_files.end());
  }
  return stats;
}

}  // namespace tparse::report
