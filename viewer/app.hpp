// The viewer application without the window: owns the document, the loader, the panels and the
// settings, and draws one ImGui frame (menu, toolbar, frames tree, tabbed panels). main.cpp owns
// GLFW/OpenGL and calls begin_frame()/draw() once per frame.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "document.hpp"
#include "model/loader.hpp"
#include "panels/panels.hpp"
#include "model/settings.hpp"
#include "model/tail.hpp"

namespace tparse::viewer {

class App {
 public:
  explicit App(std::string config_dir);
  ~App();

  /// Starts loading `path` in the background (replaces the current document when done).
  void open(const std::string& path);
  /// Live tail: load `path` now and reload whenever its files grow.
  void follow(const std::string& path);
  void reload();
  /// Progressive open: bytes per step and when the first partial view is posted (tests).
  void set_progressive(uint64_t step_bytes, double first_partial_s) {
    loader_.set_step_bytes(step_bytes);
    first_partial_s_ = first_partial_s;
  }

  /// Runs queued main-thread tasks and the live-tail poll. Call before ImGui::NewFrame.
  void begin_frame();
  /// Draws the whole UI. Call between ImGui::NewFrame and ImGui::Render.
  void draw();

  bool loading() const { return loading_; }
  bool quit_requested() const { return quit_; }
  /// Font atlas must be rebuilt (size changed); main.cpp rebuilds it and clears the flag.
  bool fonts_dirty() const { return fonts_dirty_; }
  void fonts_rebuilt() { fonts_dirty_ = false; }
  const Document& document() const { return doc_; }
  ViewState& view() { return view_; }
  Settings& settings() { return settings_; }
  const std::string& error() const { return error_; }
  /// Frames drawn while the last load was running, and its wall time.
  uint64_t frames_during_load() const { return frames_during_load_; }
  double last_load_seconds() const { return last_load_s_; }
  /// Longest time between two frames while the last load ran (ms): the UI's worst stall.
  double longest_gap_during_load_ms() const { return longest_gap_ms_; }
  /// Milliseconds from open() until the first frame that drew the overview of the loaded trace.
  std::optional<double> overview_shown_ms() const { return overview_ms_; }
  /// Milliseconds from open() until the first frame that drew an overview at all: of the part
  /// read so far when the load is progressive (a big plain-file trace), and the share it covered.
  std::optional<double> first_overview_ms() const { return first_overview_ms_; }
  float first_overview_fraction() const { return first_overview_fraction_; }
  /// < 1 while the document is a first view of a load still running (share of bytes read).
  float partial_fraction() const { return doc_.read_fraction; }
  /// Background work a screenshot should wait for (graph layout).
  bool background_busy() const { return graph_.busy(); }
  const GraphPanel& graph_panel() const { return graph_; }
  const std::string& tail_status() const { return tail_status_; }
  uint64_t reloads() const { return reloads_; }
  /// The live tail's worker (null when not following).
  const TailLoader* tail() const { return tail_.get(); }
  void save();

 private:
  void on_loaded(LoadResult r);
  void draw_menu();
  void draw_toolbar();
  void draw_open_dialog();
  void draw_body();
  void draw_tabs();
  void handle_keys();
  void set_font_size(float s);

  std::string config_dir_;
  Settings settings_;
  Reaper reaper_;  ///< frees replaced snapshots off the UI thread (destroyed after doc_)
  Document doc_;
  ViewState view_;
  TaskQueue tasks_;
  Loader loader_;
  std::unique_ptr<Follower> follower_;
  std::unique_ptr<TailLoader> tail_;  ///< --follow: parses only appended bytes
  std::chrono::steady_clock::time_point last_poll_{};
  std::chrono::steady_clock::time_point open_started_{};
  bool pending_overview_ = false;
  std::optional<double> overview_ms_, first_overview_ms_;
  float first_overview_fraction_ = 1.f;
  bool pending_first_overview_ = false;
  double first_partial_s_ = 0.1;
  std::string loading_path_;
  bool loading_ = false;
  uint64_t load_id_ = 0;  ///< the load whose result counts; results of replaced loads are dropped
  bool quit_ = false;
  bool fonts_dirty_ = false;
  bool open_dialog_ = false;
  std::string open_path_;
  std::string error_;
  std::string tail_status_;
  uint64_t frames_during_load_ = 0, reloads_ = 0;
  double last_load_s_ = 0;
  double longest_gap_ms_ = 0;
  std::chrono::steady_clock::time_point last_frame_{};

  OverviewPanel overview_;
  FramesPanel frames_;
  BreaksPanel breaks_;
  RecompilesPanel recompiles_;
  GraphPanel graph_;
  ArtifactsPanel artifacts_;
  TimelinePanel timeline_;
  RanksPanel ranks_;
  SearchPanel search_{tasks_};
};

}  // namespace tparse::viewer
