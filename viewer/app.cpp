// The viewer application: document lifecycle (background load, reload, live tail), menu,
// toolbar, keyboard navigation and the panel layout. See app.hpp.
#include "app.hpp"

#include <GLFW/glfw3.h>
#include <filesystem>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/model/summary.hpp"

namespace tparse::viewer {

namespace fs = std::filesystem;

const char* tab_name(Tab t) {
  switch (t) {
    case Tab::Overview: return "Overview";
    case Tab::Breaks: return "Graph breaks";
    case Tab::Recompiles: return "Recompiles";
    case Tab::Graph: return "Graph";
    case Tab::Artifacts: return "Artifacts";
    case Tab::Timeline: return "Timeline";
    case Tab::Ranks: return "Ranks";
    case Tab::Search: return "Search";
    case Tab::Count_: break;
  }
  return "?";
}

App::App(std::string config_dir) : config_dir_(std::move(config_dir)) { settings_ = load_settings(config_dir_); }

App::~App() { save(); }

void App::save() { save_settings(config_dir_, settings_); }

void App::open(const std::string& path) {
  if (path.empty()) return;
  error_.clear();
  loading_ = true;
  loading_path_ = path;
  frames_during_load_ = 0;
  longest_gap_ms_ = 0;
  last_frame_ = std::chrono::steady_clock::now();
  open_started_ = std::chrono::steady_clock::now();
  pending_overview_ = !doc_.loaded() || doc_.path != path;
  pending_first_overview_ = pending_overview_;
  // Progressive: a big plain-file trace shows what was read so far while the rest loads.
  auto done = [this](LoadResult r) { on_loaded(std::move(r)); };
  load_id_ = loader_.start(path, tasks_, done, {}, done, first_partial_s_);
}

void App::follow(const std::string& path) {
  follower_ = std::make_unique<Follower>(path);
  tail_status_ = "following " + path + " (waiting for trace files)";
  // Only appended bytes are parsed (TailLoader, tail.hpp); its snapshots arrive like loads.
  open_started_ = std::chrono::steady_clock::now();
  pending_overview_ = pending_first_overview_ = true;
  tail_.reset();
  tail_ = std::make_unique<TailLoader>(path, tasks_, [this](LoadResult r) {
    r.id = load_id_;
    on_loaded(std::move(r));
  });
}

void App::reload() {
  if (!doc_.path.empty()) open(doc_.path);
}

void App::on_loaded(LoadResult r) {
  if (r.id != load_id_) return;  // a load that open() replaced: its (cancelled) result is stale
  loading_ = r.partial;  // first views come before their load's final result (one thread posts both)
  if (!r.partial) last_load_s_ = r.seconds;
  if (r.cancelled) {
    tail_status_ = follower_ ? tail_status_ : "";
    error_ = !doc_.loaded() ? "loading cancelled"
             : doc_.read_fraction < 1.f ? fmt::format("loading cancelled: showing the first {:.0f}% of the trace", 100.0 * doc_.read_fraction)
                                        : "";
    return;
  }
  if (!r.trace) {
    // In follow mode a trace that is not there yet is normal: keep waiting.
    if (follower_) tail_status_ = fmt::format("following {}: {}", follower_->path(), r.error);
    else error_ = fmt::format("Could not open {}:\n{}", r.path, r.error);
    return;
  }
  // Keep the selection across reloads (live tail) by compile identity.
  std::optional<std::tuple<int32_t, int32_t, CompileId>> keep;
  if (doc_.loaded() && view_.compile >= 0) {
    const Compile& c = doc_.model().compiles[static_cast<size_t>(view_.compile)];
    keep = std::make_tuple(c.rank, c.epoch, c.id);
  }
  std::optional<TailDelta> delta;
  if (doc_.loaded() && doc_.path == r.path) delta = diff_models(doc_.model(), r.trace->model);
  bool same = doc_.loaded() && doc_.path == r.path;
  reaper_.drop(std::move(doc_.trace));  // the old snapshot is freed off this thread
  doc_.trace = std::move(r.trace);
  doc_.read_fraction = r.partial ? r.fraction : 1.f;
  doc_.path = r.path;
  doc_.load_seconds = r.seconds;
  doc_.generation++;
  ++reloads_;
  const Model& m = doc_.model();
  int32_t sel = -1;
  if (keep)
    for (size_t i = 0; i < m.compiles.size(); ++i) {
      const Compile& c = m.compiles[i];
      if (c.rank == std::get<0>(*keep) && c.epoch == std::get<1>(*keep) && c.id.same_compile(std::get<2>(*keep))) sel = static_cast<int32_t>(i);
    }
  if (!same) view_ = ViewState{};
  view_.select_compile(m, sel);
  if (view_.rank >= 0 && std::find(m.ranks.begin(), m.ranks.end(), view_.rank) == m.ranks.end()) view_.rank = -1;
  if (follower_ && delta) {
    tail_status_ = fmt::format("following {}: reload {} at {} — {}", follower_->path(), reloads_, human_bytes(m.bytes), describe(*delta));
  } else if (follower_) {
    tail_status_ = fmt::format("following {}: {} compiles, {} breaks, {} recompiles", follower_->path(), m.compiles.size(),
                               m.breaks.size(), m.recompiles.size());
  }
  if (r.partial) return;
  add_recent(settings_, r.path);
  save();
}

void App::begin_frame() {
  tasks_.drain();
  if (follower_ && !tail_ && !loading_) {
    auto now = std::chrono::steady_clock::now();
    if (now - last_poll_ > std::chrono::milliseconds(500)) {
      last_poll_ = now;
      if (follower_->changed()) open(follower_->path());
    }
  }
}

void App::set_font_size(float s) {
  settings_.font_size = std::clamp(s, 8.f, 40.f);
  fonts_dirty_ = true;
}

void App::handle_keys() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_F)) view_.focus_search = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_O)) open_dialog_ = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q)) quit_ = true;
  if (io.KeyCtrl && (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD))) set_font_size(settings_.font_size + 1);
  if (io.KeyCtrl && (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT))) set_font_size(settings_.font_size - 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_F5)) reload();
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE) && loading_) loader_.cancel();
  if (!doc_.loaded() || io.WantTextInput) return;
  int step = 0;
  if (ImGui::IsKeyPressed(GLFW_KEY_DOWN) || ImGui::IsKeyPressed(GLFW_KEY_J)) step = 1;
  if (ImGui::IsKeyPressed(GLFW_KEY_UP) || ImGui::IsKeyPressed(GLFW_KEY_K)) step = -1;
  if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN)) step = 10;
  if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP)) step = -10;
  if (step) view_.select_compile(doc_.model(), step_in(frames_.order(), view_.compile, step));
  for (int i = 0; i < kTabCount; ++i)
    if (ImGui::IsKeyPressed(GLFW_KEY_1 + i)) view_.go(static_cast<Tab>(i));
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) view_.go(static_cast<Tab>((static_cast<int>(view_.tab) + 1) % kTabCount));
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) view_.go(static_cast<Tab>((static_cast<int>(view_.tab) + kTabCount - 1) % kTabCount));
}

void App::draw_menu() {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) open_dialog_ = true;
    if (ImGui::BeginMenu("Recent", !settings_.recent.empty())) {
      for (const auto& r : settings_.recent)
        if (ImGui::MenuItem(r.c_str())) open(r);
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Reload", "F5", false, doc_.loaded())) reload();
    bool following = follower_ != nullptr;
    if (ImGui::MenuItem("Follow (live tail)", nullptr, following, doc_.loaded() || following)) {
      if (following) follower_.reset(), tail_.reset(), tail_status_.clear();
      else follow(doc_.path);
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_ = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int i = 0; i < kTabCount; ++i)
      if (ImGui::MenuItem(tab_name(static_cast<Tab>(i)), fmt::format("{}", i + 1).c_str(), view_.tab == static_cast<Tab>(i)))
        view_.go(static_cast<Tab>(i));
    ImGui::Separator();
    if (ImGui::MenuItem("Larger font", "Ctrl+=")) set_font_size(settings_.font_size + 1);
    if (ImGui::MenuItem("Smaller font", "Ctrl+-")) set_font_size(settings_.font_size - 1);
    if (ImGui::BeginMenu("Theme")) {
      const char* names[] = {"Dark", "Light", "Classic"};
      for (int i = 0; i < 3; ++i)
        if (ImGui::MenuItem(names[i], nullptr, static_cast<int>(settings_.theme) == i)) {
          settings_.theme = static_cast<Theme>(i);
          fonts_dirty_ = true;  // main.cpp re-applies theme and fonts together
          save();
        }
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    std::string help =
        "Up/Down or j/k: previous/next compile   PgUp/PgDn: 10 compiles\n"
        "1..8 or Left/Right: switch panel         Ctrl+F: search\n"
        "Ctrl+O: open   F5: reload   Esc: cancel loading   Ctrl+=/-: font size\n"
        "Drop a trace directory or file on the window to open it.\n"
        "Settings: " + config_dir_ + "/viewer.ini (layout: imgui.ini)";
    ImGui::TextUnformatted(help.c_str());
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void App::draw_toolbar() {
  if (view_.focus_search) {
    ImGui::SetKeyboardFocusHere();
    view_.focus_search = false;
  }
  ImGui::SetNextItemWidth(300);
  if (ImGui::InputTextWithHint("##search", "search frames, reasons, guards, code (Ctrl+F)", &view_.search) && !view_.search.empty())
    view_.go(Tab::Search);
  if (doc_.loaded() && doc_.model().ranks.size() > 1) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    std::string cur = view_.rank >= 0 ? fmt::format("rank {}", view_.rank) : "all ranks";
    if (ImGui::BeginCombo("##rank", cur.c_str())) {
      if (ImGui::Selectable("all ranks", view_.rank < 0)) view_.rank = -1;
      for (int32_t r : doc_.model().ranks)
        if (ImGui::Selectable(fmt::format("rank {}", r).c_str(), view_.rank == r)) view_.rank = r;
      ImGui::EndCombo();
    }
  }
  ImGui::SameLine();
  if (loading_) {
    bool tail_catchup = !loader_.busy() && tail_;  // the live tail reading the trace it started on
    float f = tail_catchup ? doc_.read_fraction : loader_.fraction();
    const char* showing = doc_.loaded() && doc_.read_fraction < 1.f ? "  (showing what is read)" : "";
    std::string over = tail_catchup ? fmt::format("reading {}  {:.0f}%{}", fs::path(doc_.path).filename().string(), 100.0 * f, showing)
                       : f >= 0     ? fmt::format("loading {}  {} / {}{}", fs::path(loading_path_).filename().string(),
                                                  human_bytes(loader_.bytes_done()), human_bytes(loader_.bytes_total()), showing)
                                    : "loading...";
    ImGui::ProgressBar(f >= 0 ? f : static_cast<float>(ImGui::GetTime() - static_cast<long>(ImGui::GetTime())), ImVec2(320, 0), over.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel (Esc)")) loader_.cancel();
  } else if (doc_.loaded()) {
    ImGui::TextDisabled("%s", doc_.path.c_str());
  }
  if (!tail_status_.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.5f, 0.8f, 1.f, 1.f), "%s", tail_status_.c_str());
  }
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.45f, 0.10f, 0.10f, 0.9f));
    ImGui::BeginChild("error", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 3), true);
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("dismiss")) error_.clear();
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
}

void App::draw_open_dialog() {
  if (open_dialog_) {
    ImGui::OpenPopup("Open trace");
    if (open_path_.empty()) open_path_ = doc_.path.empty() ? fs::current_path().string() : doc_.path;
    open_dialog_ = false;
  }
  ImGui::SetNextWindowSize(ImVec2(700, 420), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Open trace", nullptr)) return;
  ImGui::TextUnformatted("A TORCH_TRACE directory, a log file or a .gz:");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool go = ImGui::InputText("##path", &open_path_, ImGuiInputTextFlags_EnterReturnsTrue);
  // A small browser of the typed directory (Debian's ImGui has no file dialog).
  fs::path dir = open_path_;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
  ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing()), true);
  if (ImGui::Selectable("..")) open_path_ = dir.parent_path().string();
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end && entries.size() < 2000; it.increment(ec))
    entries.push_back(*it);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
  for (const auto& e : entries) {
    std::error_code e2;
    bool is_dir = e.is_directory(e2);
    std::string name = e.path().filename().string();
    if (!is_dir && !(name.ends_with(".log") || name.ends_with(".gz") || name.ends_with(".txt"))) continue;
    if (ImGui::Selectable((name + (is_dir ? "/" : "")).c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
      open_path_ = e.path().string();
      if (ImGui::IsMouseDoubleClicked(0) && !is_dir) go = true;
    }
  }
  ImGui::EndChild();
  if (ImGui::Button("Open") || go) {
    open(open_path_);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void App::draw_tabs() {
  if (!ImGui::BeginTabBar("panels")) return;
  Tab drawn = Tab::Count_;
  for (int i = 0; i < kTabCount; ++i) {
    Tab t = static_cast<Tab>(i);
    ImGuiTabItemFlags fl = (view_.tab_request && view_.tab == t) ? ImGuiTabItemFlags_SetSelected : 0;
    if (!ImGui::BeginTabItem(tab_name(t), nullptr, fl)) continue;
    drawn = t;
    if (!view_.tab_request) view_.tab = t;
    ImGui::BeginChild("panel", ImVec2(0, 0), false);
    switch (t) {
      case Tab::Overview: overview_.Draw(doc_, view_); break;
      case Tab::Breaks: breaks_.Draw(doc_, view_); break;
      case Tab::Recompiles: recompiles_.Draw(doc_, view_); break;
      case Tab::Graph: graph_.Draw(doc_, view_); break;
      case Tab::Artifacts: artifacts_.Draw(doc_, view_); break;
      case Tab::Timeline: timeline_.Draw(doc_, view_); break;
      case Tab::Ranks: ranks_.Draw(doc_, view_); break;
      case Tab::Search: search_.Draw(doc_, view_); break;
      case Tab::Count_: break;
    }
    ImGui::EndChild();
    ImGui::EndTabItem();
    if (t == Tab::Overview && pending_first_overview_) {
      first_overview_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - open_started_).count();
      first_overview_fraction_ = doc_.read_fraction;
      pending_first_overview_ = false;
    }
    if (t == Tab::Overview && pending_overview_ && !loading_) {
      overview_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - open_started_).count();
      pending_overview_ = false;
    }
  }
  // A requested switch can take a frame to land; keep asking until the requested tab is drawn.
  if (drawn == view_.tab) view_.tab_request = false;
  ImGui::EndTabBar();
}

void App::draw_body() {
  if (!doc_.loaded()) {
    ImGui::Spacing();
    ImGui::TextUnformatted(loading_ ? "Loading..." : "No trace open.");
    ImGui::TextDisabled("File > Open (Ctrl+O), drop a TORCH_TRACE directory on this window, or run tparse-view PATH.");
    if (!settings_.recent.empty()) {
      ImGui::Spacing();
      ImGui::TextUnformatted("Recent:");
      for (const auto& r : settings_.recent)
        if (ImGui::Selectable(r.c_str())) open(r);
    }
    return;
  }
  ImGui::BeginChild("frames", ImVec2(settings_.frames_width, 0), true);
  frames_.Draw(doc_, view_);
  ImGui::EndChild();
  ImGui::SameLine(0, 0);
  ImGui::InvisibleButton("##split", ImVec2(6, ImGui::GetContentRegionAvail().y));
  if (ImGui::IsItemActive()) settings_.frames_width = std::clamp(settings_.frames_width + ImGui::GetIO().MouseDelta.x, 150.f, 1400.f);
  if (ImGui::IsItemDeactivated()) save();
  if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  ImGui::SameLine(0, 0);
  ImGui::BeginChild("main", ImVec2(0, 0), false);
  draw_tabs();
  ImGui::EndChild();
}

void App::draw() {
  if (loading_) {
    auto now = std::chrono::steady_clock::now();
    ++frames_during_load_;
    longest_gap_ms_ = std::max(longest_gap_ms_, std::chrono::duration<double, std::milli>(now - last_frame_).count());
    last_frame_ = now;
  }
  handle_keys();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGuiWindowFlags fl = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_MenuBar | ImGuiWindowFlags_NoBringToFrontOnFocus |
                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  ImGui::Begin("tparse-view", nullptr, fl);
  draw_menu();
  draw_toolbar();
  draw_body();
  draw_open_dialog();
  ImGui::End();
}

}  // namespace tparse::viewer
