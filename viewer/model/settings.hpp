// Viewer settings that persist apart from traces: font size, theme, frames-pane width and recent
// files in $XDG_CONFIG_HOME/tparse/viewer.ini (default ~/.config/tparse/), beside ImGui's own
// imgui.ini (window layout). Plain key=value text so parsing is testable without a window.
#pragma once

#include <string>
#include <vector>

namespace tparse::viewer {

enum class Theme : int { Dark, Light, Classic };

struct Settings {
  float font_size = 15.f;
  Theme theme = Theme::Dark;
  float frames_width = 380.f;
  std::vector<std::string> recent;  ///< most recent first
  static constexpr size_t kMaxRecent = 10;
};

/// Unknown keys and bad values are ignored (defaults stay).
Settings parse_settings(const std::string& text);
std::string serialize_settings(const Settings& s);
/// Moves `path` to the front of the recent list (deduplicated, capped).
void add_recent(Settings& s, const std::string& path);

/// $XDG_CONFIG_HOME/tparse or $HOME/.config/tparse ("" when neither is set).
std::string config_dir();
Settings load_settings(const std::string& dir);
/// Creates `dir` when missing; returns false when the file cannot be written.
bool save_settings(const std::string& dir, const Settings& s);

}  // namespace tparse::viewer
