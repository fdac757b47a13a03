// Scripted screenshot mode; see screenshot.hpp.
#include "screenshot.hpp"

#include <GL/gl.h>
#include <cstdio>
#include <fmt/format.h>

#include "model/image_check.hpp"
#include "model/logic.hpp"

namespace tparse::viewer {

std::vector<uint8_t> read_back_buffer(int w, int h) {
  std::vector<uint8_t> px(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  return px;
}

namespace {

std::string slug(Tab t) {
  std::string s;
  for (char c : std::string(tab_name(t))) s += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

void ScreenshotScript::after_render(App& app, int w, int h) {
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (elapsed > o_.timeout_s) {
    std::fprintf(stderr, "screenshot: timed out after %.0f s (step %d)\n", elapsed, static_cast<int>(step_));
    return finish(3);
  }
  switch (step_) {
    case Step::WaitLoad: {
      if (app.loading() || !app.overview_shown_ms()) {
        if (!app.loading() && !app.error().empty()) {
          std::fprintf(stderr, "screenshot: load failed: %s\n", app.error().c_str());
          return finish(1);
        }
        return;
      }
      const Model& m = app.document().model();
      std::printf("loaded %s: %s, %llu records, %zu compiles in %.0f ms\n", app.document().path.c_str(), human_bytes(m.bytes).c_str(),
                  static_cast<unsigned long long>(m.records), m.compiles.size(), app.last_load_seconds() * 1000);
      std::printf("overview shown %.0f ms after open\n", *app.overview_shown_ms());
      if (app.first_overview_ms())
        std::printf("first overview shown %.0f ms after open (%.0f%% of the trace read)\n", *app.first_overview_ms(),
                    100.0 * app.first_overview_fraction());
      std::printf("frames drawn while loading: %llu (%.1f per second)\n", static_cast<unsigned long long>(app.frames_during_load()),
                  app.last_load_seconds() > 0 ? app.frames_during_load() / app.last_load_seconds() : 0.0);
      std::printf("longest frame gap while loading: %.0f ms\n", app.longest_gap_during_load_ms());
      std::fflush(stdout);
      if (o_.exit_after_load) return finish(0);
      step_ = o_.graph_only ? Step::GraphTab : Step::Select;
      if (o_.graph_only) {
        wait_ = 0;
        app.view().go(Tab::Graph);
        return;
      }
      [[fallthrough]];
    }
    case Step::GraphTab:
      if (step_ == Step::GraphTab && ++wait_ < o_.settle_frames) return;
      [[fallthrough]];
    case Step::Select: {
      const Model& m = app.document().model();
      if (!o_.select.empty()) {
        auto ci = find_compile(m, o_.select);
        if (!ci) {
          std::fprintf(stderr, "screenshot: no compile %s in this trace\n", o_.select.c_str());
          return finish(1);
        }
        app.view().select_compile(m, *ci);
      }
      app.view().search = o_.search;
      app.view().graph_node = o_.node;
      step_ = Step::Panels;
      tab_ = o_.graph_only ? static_cast<int>(Tab::Graph) : 0;
      wait_ = 0;
      app.view().go(static_cast<Tab>(tab_));
      return;
    }
    case Step::Panels: {
      if (++wait_ < o_.settle_frames) return;
      if (app.background_busy() && wait_ < 60 * 60) return;  // let the graph layout land (max ~1 min)
      Tab t = static_cast<Tab>(tab_);
      if (t == Tab::Graph) {  // benchmark line: selection to drawing, and frames while laying out
        const GraphPanel& gp = app.graph_panel();
        std::printf("graph panel: %zu nodes, %s, drawn %.0f ms after selecting the compile, longest frame gap while laying out %.0f ms\n",
                    gp.node_count(), gp.modules() ? "module level" : "whole graph", gp.drawn_ms(), gp.longest_gap_ms());
        std::fflush(stdout);
      }
      if (o_.prefix.empty()) return finish(0);
      std::string path = fmt::format("{}-{}.png", o_.prefix, slug(t));
      auto px = read_back_buffer(w, h);
      ImageStats st = analyze_rgba(px.data(), w, h);
      bool ok = write_png(path, px.data(), w, h, true);
      std::printf("wrote %s %dx%d colors=%zu dominant=%.3f%s\n", path.c_str(), w, h, st.distinct_colors, st.dominant_share,
                  ok && st.non_uniform() ? "" : "  BAD");
      std::fflush(stdout);
      if (!ok || !st.non_uniform()) ++bad_images_;
      if (o_.graph_only || ++tab_ >= kTabCount) return finish(bad_images_ ? 4 : 0);
      wait_ = 0;
      app.view().go(static_cast<Tab>(tab_));
      return;
    }
  }
}

}  // namespace tparse::viewer
