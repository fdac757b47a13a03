// Background loading and live tail. The tail test drives the real App (no window): it follows a
// trace directory while this test appends a real torch trace to it in chunks (one cut mid-line,
// as a writer mid-flush would leave it) and checks that each reload picked the new records up.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <zlib.h>

#include "app.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "model/loader.hpp"
#include "model/tail.hpp"

using namespace tparse;
using namespace tparse::viewer;
namespace fs = std::filesystem;

namespace {

std::string gunzip(const fs::path& p) {
  gzFile f = gzopen(p.string().c_str(), "rb");
  REQUIRE(f);
  std::string out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  gzclose(f);
  return out;
}

fs::path gz_of(const std::string& name) {
  for (const auto& e : fs::directory_iterator(tparse::testing::testdata() / "torch-2.11" / name / "trace")) return e.path();
  return {};
}

template <class F>
bool wait_until(F done, double seconds, const std::function<void()>& tick = [] {}) {
  auto t0 = std::chrono::steady_clock::now();
  while (!done()) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds) return false;
    tick();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

/// Offset of the start of the record line at or after `pos` (payload lines start with TAB).
size_t record_boundary(const std::string& t, size_t pos) {
  for (;;) {
    size_t nl = t.find('\n', pos);
    if (nl == std::string::npos) return t.size();
    if (nl + 1 < t.size() && t[nl + 1] != '\t') return nl + 1;
    pos = nl + 1;
  }
}

}  // namespace

TEST_CASE("viewer loader: background load, errors as messages, cancel") {
  TaskQueue q;
  Loader l;
  std::optional<LoadResult> got;
  l.start(gz_of("print_break").string(), q, [&](LoadResult r) { got = std::move(r); });
  REQUIRE(wait_until([&] { return got.has_value(); }, 30, [&] { q.drain(); }));
  REQUIRE(got->trace);
  CHECK(got->error.empty());
  CHECK(got->trace->model.compiles.size() == 4);
  CHECK(got->seconds > 0);
  CHECK(l.fraction() == doctest::Approx(1.0));

  got.reset();
  l.start("/no/such/trace/dir", q, [&](LoadResult r) { got = std::move(r); });
  REQUIRE(wait_until([&] { return got.has_value(); }, 30, [&] { q.drain(); }));
  CHECK_FALSE(got->trace);
  CHECK(got->error.find("no such file") != std::string::npos);

  // Cancel: the result is either marked cancelled (never shown) or the load had already finished.
  got.reset();
  l.start(gz_of("hf_gpt2_tiny").string(), q, [&](LoadResult r) { got = std::move(r); });
  l.cancel();
  REQUIRE(wait_until([&] { return got.has_value(); }, 30, [&] { q.drain(); }));
  CHECK((got->cancelled ? !got->trace : got->trace != nullptr));
  CHECK_FALSE(l.busy());
}

TEST_CASE("viewer follower notices new and growing files") {
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-follow-unit";
  fs::remove_all(dir);
  fs::create_directories(dir);
  Follower f(dir.string());
  CHECK_FALSE(f.changed());  // nothing there yet
  std::ofstream(dir / "dedicated_log_torch_trace_a.log") << "x\n";
  CHECK(f.changed());
  CHECK_FALSE(f.changed());
  std::ofstream(dir / "dedicated_log_torch_trace_a.log", std::ios::app) << "y\n";
  CHECK(f.changed());
  CHECK(f.total_bytes() == 4);
  std::ofstream(dir / "dedicated_log_torch_trace_b.log") << "";
  CHECK(f.changed());
}

TEST_CASE("viewer live tail: App follows a trace while records are appended") {
  const std::string full = gunzip(gz_of("print_break"));
  const LoadedTrace whole = load_trace_text(full);
  REQUIRE(whole.model.compiles.size() == 4);
  REQUIRE(whole.model.recompiles.size() == 1);

  // Cut points: two record boundaries, one mid-line, then the end.
  std::vector<size_t> cuts = {record_boundary(full, full.size() * 3 / 10), record_boundary(full, full.size() * 6 / 10),
                              full.size() * 8 / 10 + 7, full.size()};
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-follow-app";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "dedicated_log_torch_trace_live.log";

  App app("");  // no settings directory: the test leaves the user's config alone
  app.follow(dir.string());
  size_t written = 0;
  size_t last_compiles = 0;
  for (size_t cut : cuts) {
    {
      std::ofstream out(log, std::ios::app | std::ios::binary);
      out.write(full.data() + written, static_cast<std::streamsize>(cut - written));
    }
    written = cut;
    // What a complete reload of the bytes written so far must show (a partial last line is
    // counted as damaged input, then read whole on the next reload).
    const LoadedTrace expect = load_trace_text(full.substr(0, cut));
    bool ok = wait_until(
        [&] {
          return !app.loading() && app.document().loaded() && app.document().model().records == expect.model.records &&
                 app.document().model().bytes == cut;
        },
        30, [&] { app.begin_frame(); });
    INFO("cut at " << cut << " of " << full.size() << "; tail status: " << app.tail_status());
    REQUIRE(ok);
    const Model& m = app.document().model();
    CHECK(m.compiles.size() == expect.model.compiles.size());
    CHECK(m.breaks.size() == expect.model.breaks.size());
    CHECK(m.recompiles.size() == expect.model.recompiles.size());
    CHECK(m.compiles.size() >= last_compiles);
    last_compiles = m.compiles.size();
  }
  const Model& m = app.document().model();
  CHECK(m.compiles.size() == whole.model.compiles.size());
  CHECK(m.breaks.size() == whole.model.breaks.size());
  CHECK(m.recompiles.size() == whole.model.recompiles.size());
  CHECK(m.diag.errors() == whole.model.diag.errors());
  CHECK(app.reloads() >= cuts.size());
  CHECK(app.tail_status().find("+") != std::string::npos);
}

TEST_CASE("viewer app: opening a second trace while one loads shows the second only") {
  App app("");
  app.open(gz_of("hf_gpt2_tiny").string());
  app.open(gz_of("print_break").string());  // replaces the first load (cancelled or finished, its result is dropped)
  REQUIRE(wait_until([&] { return !app.loading() && app.document().loaded(); }, 30, [&] { app.begin_frame(); }));
  // Let any stale result of the first load arrive: it must not replace the document.
  for (int i = 0; i < 10; ++i) {
    app.begin_frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(app.document().path.find("print_break") != std::string::npos);
  CHECK(app.document().model().compiles.size() == 4);
  CHECK(app.reloads() == 1);
  CHECK(app.error().empty());

  App bad("");
  bad.open("/no/such/trace");
  REQUIRE(wait_until([&] { return !bad.loading(); }, 30, [&] { bad.begin_frame(); }));
  CHECK_FALSE(bad.document().loaded());
  CHECK(bad.error().find("no such file") != std::string::npos);
}

TEST_CASE("viewer live tail is incremental: an append is parsed alone, the model equals a whole load") {
  const std::string full = gunzip(gz_of("recompile_dynamic"));
  std::vector<size_t> cuts = {record_boundary(full, full.size() / 3), record_boundary(full, full.size() * 2 / 3), full.size()};
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-follow-incremental";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "dedicated_log_torch_trace_inc.log";
  std::ofstream(log, std::ios::binary).write(full.data(), static_cast<std::streamsize>(cuts[0]));
  App app("");
  app.follow(log.string());
  size_t written = cuts[0];
  for (size_t k = 0; k < cuts.size(); ++k) {
    if (k > 0) {
      std::ofstream(log, std::ios::app | std::ios::binary).write(full.data() + written, static_cast<std::streamsize>(cuts[k] - written));
    }
    const LoadedTrace expect = load_trace({log.string()});  // the reference: a whole load of the same bytes
    REQUIRE(wait_until([&] { return app.document().loaded() && app.document().model().records == expect.model.records; }, 30,
                       [&] { app.begin_frame(); }));
    REQUIRE(app.tail());
    // The first update read the file; each later one only what was appended.
    CHECK(app.tail()->last_bytes_parsed() == cuts[k] - (k == 0 ? 0 : written));
    CHECK(app.tail()->rebuilds() == 0);
    const Model& m = app.document().model();
    CHECK(m.bytes == cuts[k]);
    CHECK(m.compiles.size() == expect.model.compiles.size());
    CHECK(m.recompiles.size() == expect.model.recompiles.size());
    CHECK(summary_json(m) == summary_json(expect.model));
    written = cuts[k];
  }
  CHECK(app.document().model().recompiles.size() > 0);
  fs::remove_all(dir);
}

TEST_CASE("viewer progressive open: first views of what was read, growing, then the same model as a whole load") {
  const std::string full = gunzip(gz_of("chatglm_version_forward"));
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-progressive";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "glm.log";
  std::ofstream(log, std::ios::binary) << full;
  const LoadedTrace whole = load_trace({log.string()});
  TaskQueue q;
  Loader l;
  l.set_step_bytes(full.size() / 10);
  std::vector<LoadResult> partials;
  std::optional<LoadResult> got;
  l.start(log.string(), q, [&](LoadResult r) { got = std::move(r); }, {}, [&](LoadResult r) { partials.push_back(std::move(r)); },
          0.0);
  REQUIRE(wait_until([&] { return got.has_value(); }, 60, [&] { q.drain(); }));
  REQUIRE(got->trace);
  CHECK_FALSE(got->partial);
  CHECK(summary_json(got->trace->model) == summary_json(whole.model));
  // First views came before the end, each a finalized model of a growing prefix of whole records.
  REQUIRE(partials.size() >= 2);
  uint64_t last_records = 0, last_bytes = 0;
  for (const auto& p : partials) {
    REQUIRE(p.trace);
    CHECK(p.partial);
    CHECK(p.fraction > 0.f);
    CHECK(p.fraction < 1.f);
    const Model& m = p.trace->model;
    CHECK(m.records > last_records);
    CHECK(m.bytes > last_bytes);
    CHECK(m.bytes < whole.model.bytes);
    CHECK(full[m.bytes - 1] == '\n');  // ends at a record boundary
    CHECK(full[m.bytes] != '\t');
    CHECK(m.diag.errors() == 0);       // no cut record counted as damaged
    CHECK(m.compiles.size() <= whole.model.compiles.size());
    last_records = m.records;
    last_bytes = m.bytes;
  }
  // A .gz cannot be read from an offset: loaded whole, no first views.
  partials.clear();
  got.reset();
  l.start(gz_of("print_break").string(), q, [&](LoadResult r) { got = std::move(r); }, {},
          [&](LoadResult r) { partials.push_back(std::move(r)); }, 0.0);
  REQUIRE(wait_until([&] { return got.has_value(); }, 30, [&] { q.drain(); }));
  REQUIRE(got->trace);
  CHECK(got->trace->model.compiles.size() == 4);
  CHECK(partials.empty());
  fs::remove_all(dir);
}

TEST_CASE("viewer app: a progressive open shows a partial overview first, then the whole trace") {
  const std::string full = gunzip(gz_of("chatglm_version_forward"));
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-progressive-app";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "glm.log";
  std::ofstream(log, std::ios::binary) << full;
  App app("");
  app.set_progressive(full.size() / 8, 0.0);  // a first view after every step
  app.open(log.string());
  REQUIRE(wait_until([&] { return !app.loading() && app.document().loaded(); }, 60, [&] { app.begin_frame(); }));
  // Every step's view was installed (each counts as a reload), the last one is the whole trace.
  CHECK(app.reloads() >= 3);
  CHECK(app.partial_fraction() == 1.f);
  CHECK(app.error().empty());
  CHECK(summary_json(app.document().model()) == summary_json(load_trace({log.string()}).model));
  fs::remove_all(dir);
}

TEST_CASE("viewer live tail wakes on the kernel's write notice, not the poll interval") {
  const std::string full = gunzip(gz_of("print_break"));
  size_t half = record_boundary(full, full.size() / 2);
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-follow-inotify";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "live.log";
  std::ofstream(log, std::ios::binary).write(full.data(), static_cast<std::streamsize>(half));
  TaskQueue q;
  std::vector<LoadResult> got;
  // A poll interval of 60 s: an update within 10 s can only come from the write notice.
  TailLoader tl(log.string(), q, [&](LoadResult r) { got.push_back(std::move(r)); }, {}, 60000);
  REQUIRE(wait_until([&] { return !got.empty(); }, 10, [&] { q.drain(); }));
  REQUIRE(got.back().trace);
  CHECK(tl.notified());
  uint64_t before = got.back().trace->model.records;
  std::ofstream(log, std::ios::app | std::ios::binary).write(full.data() + half, static_cast<std::streamsize>(full.size() - half));
  REQUIRE(wait_until([&] { return got.back().trace && got.back().trace->model.records > before; }, 10, [&] { q.drain(); }));
  CHECK(got.back().trace->model.records == load_trace_text(full).model.records);
  CHECK(tl.rebuilds() == 0);
  fs::remove_all(dir);
}

TEST_CASE("viewer reaper frees what it is given on its own thread") {
  struct Probe {
    std::thread::id* where;
    ~Probe() { *where = std::this_thread::get_id(); }
  };
  std::thread::id freed_on;
  Reaper r;
  auto p = std::make_shared<Probe>(Probe{&freed_on});
  r.drop(std::move(p));
  REQUIRE(wait_until([&] { return r.freed() == 1; }, 10));
  CHECK(freed_on != std::thread::id{});
  CHECK(freed_on != std::this_thread::get_id());
}

TEST_CASE("viewer live tail reads a big backlog in steps, showing first views, then the whole trace") {
  const std::string full = gunzip(gz_of("chatglm_version_forward"));
  fs::path dir = fs::path(TPARSE_BINARY_DIR) / "viewer-follow-backlog";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path log = dir / "glm.log";
  std::ofstream(log, std::ios::binary) << full;
  TaskQueue q;
  std::vector<LoadResult> got;
  TailLoader tl(log.string(), q, [&](LoadResult r) { got.push_back(std::move(r)); }, {}, 50, full.size() / 6);
  REQUIRE(wait_until([&] { return !got.empty() && !got.back().partial; }, 60, [&] { q.drain(); }));
  REQUIRE(got.size() >= 3);
  uint64_t last = 0;
  for (size_t i = 0; i + 1 < got.size(); ++i) {
    REQUIRE(got[i].trace);
    CHECK(got[i].partial);
    CHECK(got[i].fraction < 1.f);
    CHECK(got[i].trace->model.records > last);
    CHECK(got[i].trace->model.diag.errors() == 0);  // whole records only
    last = got[i].trace->model.records;
  }
  REQUIRE(got.back().trace);
  CHECK(summary_json(got.back().trace->model) == summary_json(load_trace({log.string()}).model));
  fs::remove_all(dir);
}
