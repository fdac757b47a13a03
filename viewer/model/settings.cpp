// Settings persistence; see settings.hpp.
#include "model/settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace tparse::viewer {

Settings parse_settings(const std::string& text) {
  Settings s;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t eq = line.find('=');
    if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
    std::string k = line.substr(0, eq), v = line.substr(eq + 1);
    try {
      if (k == "font_size") s.font_size = std::clamp(std::stof(v), 8.f, 40.f);
      else if (k == "theme") s.theme = v == "light" ? Theme::Light : v == "classic" ? Theme::Classic : Theme::Dark;
      else if (k == "frames_width") s.frames_width = std::clamp(std::stof(v), 120.f, 2000.f);
      else if (k == "recent" && !v.empty() && s.recent.size() < Settings::kMaxRecent) s.recent.push_back(v);
    } catch (const std::exception&) {
      // keep the default
    }
  }
  return s;
}

std::string serialize_settings(const Settings& s) {
  std::string out = "# tparse-view settings\n";
  out += fmt::format("font_size={}\n", s.font_size);
  out += fmt::format("theme={}\n", s.theme == Theme::Light ? "light" : s.theme == Theme::Classic ? "classic" : "dark");
  out += fmt::format("frames_width={}\n", s.frames_width);
  for (const auto& r : s.recent) out += "recent=" + r + "\n";
  return out;
}

void add_recent(Settings& s, const std::string& path) {
  if (path.empty() || path.find('\n') != std::string::npos) return;
  s.recent.erase(std::remove(s.recent.begin(), s.recent.end(), path), s.recent.end());
  s.recent.insert(s.recent.begin(), path);
  if (s.recent.size() > Settings::kMaxRecent) s.recent.resize(Settings::kMaxRecent);
}

std::string config_dir() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/tparse";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/tparse";
  return {};
}

Settings load_settings(const std::string& dir) {
  if (dir.empty()) return {};
  std::ifstream in(dir + "/viewer.ini");
  if (!in) return {};
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_settings(ss.str());
}

bool save_settings(const std::string& dir, const Settings& s) {
  if (dir.empty()) return false;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::ofstream out(dir + "/viewer.ini", std::ios::trunc);
  if (!out) return false;
  out << serialize_settings(s);
  return static_cast<bool>(out);
}

}  // namespace tparse::viewer
