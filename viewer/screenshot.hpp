// Scripted mode for headless runs (tests, docs): waits for the load, prints how fast the overview
// appeared and how many frames were drawn while loading, selects a compile, then shows every
// panel once and writes one PNG per panel (glReadPixels + stb_image_write).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "app.hpp"

namespace tparse::viewer {

struct ScriptOptions {
  std::string prefix;        ///< PNGs go to PREFIX-<panel>.png ("" = no screenshots)
  std::string select;        ///< compile to select, e.g. "[1/0]" or "rank2 [0/1]"
  std::string search;        ///< text for the search panel
  std::string node = "@first-op";  ///< graph node to select
  bool exit_after_load = false;    ///< print load stats and exit (responsiveness runs)
  /// Graph benchmark: show the Graph tab first, then select the compile (as a user clicking it in
  /// the tree with the panel open), wait for the drawing, write PREFIX-graph.png only.
  bool graph_only = false;
  int settle_frames = 4;
  double timeout_s = 300;
};

class ScreenshotScript {
 public:
  explicit ScreenshotScript(ScriptOptions o) : o_(std::move(o)), start_(std::chrono::steady_clock::now()) {}
  /// Called once per frame after ImGui rendered into the back buffer (before the swap).
  void after_render(App& app, int fb_w, int fb_h);
  bool done() const { return done_; }
  int exit_code() const { return code_; }

 private:
  void finish(int code) {
    done_ = true;
    code_ = code;
  }
  ScriptOptions o_;
  std::chrono::steady_clock::time_point start_;
  enum class Step { WaitLoad, GraphTab, Select, Panels } step_ = Step::WaitLoad;
  int tab_ = 0, wait_ = 0;
  bool done_ = false;
  int code_ = 0;
  int bad_images_ = 0;
};

/// Reads the back buffer as RGBA rows (bottom-up, as OpenGL returns them).
std::vector<uint8_t> read_back_buffer(int w, int h);

}  // namespace tparse::viewer
