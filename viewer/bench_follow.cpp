// Benchmark (not a test): the viewer's live tail on a big trace. Drives the real App without a
// window: follows TRACE, reports when the first view (the records read so far) and the whole
// model (the overview's data) were in the document,
// then appends the records of APPEND (a small trace) N times and reports, for each, the delay
// from the append until the document's model holds the new records.
//   tparse-follow-bench TRACE APPEND [N]      (scripts/bench_follow.sh makes the inputs)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "app.hpp"

using namespace tparse::viewer;
using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tparse-follow-bench TRACE APPEND [N]\n");
    return 2;
  }
  std::string trace = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  std::string add((std::istreambuf_iterator<char>(in)), {});
  int n = argc > 3 ? std::atoi(argv[3]) : 10;
  App app("");
  auto t0 = Clock::now();
  app.follow(trace);
  double first_view = -1, first_share = 0;
  while (!app.document().loaded() || app.loading()) {
    app.begin_frame();
    if (first_view < 0 && app.document().loaded()) first_view = ms_since(t0), first_share = app.partial_fraction();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (ms_since(t0) > 600000) return 1;
  }
  double first = ms_since(t0);
  const auto& m0 = app.document().model();
  std::printf("first view: %.0f ms (%.0f%% of the trace read)\n", first_view, 100.0 * first_share);
  std::printf("first model: %.0f ms (%.0f MB, %zu compiles, %llu records)\n", first, m0.bytes / 1e6, m0.compiles.size(),
              static_cast<unsigned long long>(m0.records));
  std::vector<double> delays;
  for (int i = 0; i < n; ++i) {
    uint64_t before = app.document().model().records;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto t1 = Clock::now();
    std::ofstream(trace, std::ios::binary | std::ios::app) << add;
    while (app.document().model().records == before) {
      app.begin_frame();
      std::this_thread::sleep_for(std::chrono::microseconds(500));
      if (ms_since(t1) > 60000) return 1;
    }
    double d = ms_since(t1);
    delays.push_back(d);
    const TailLoader* tl = app.tail();
    std::printf("append %d: +%llu records visible after %.1f ms (update took %.1f ms; parsed %llu bytes, %llu rebuilds)\n", i + 1,
                static_cast<unsigned long long>(app.document().model().records - before), d, app.document().load_seconds * 1e3,
                static_cast<unsigned long long>(tl ? tl->last_bytes_parsed() : 0),
                static_cast<unsigned long long>(tl ? tl->rebuilds() : 0));
  }
  std::sort(delays.begin(), delays.end());
  if (!delays.empty())
    std::printf("append delay: median %.1f ms, max %.1f ms over %zu appends\n", delays[delays.size() / 2], delays.back(),
                delays.size());
  return 0;
}
