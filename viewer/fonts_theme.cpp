// Fonts and themes; see fonts_theme.hpp.
#include "fonts_theme.hpp"

#include <filesystem>
#include <imgui.h>

#include "widgets.hpp"

namespace tparse::viewer {

void load_fonts(float size) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const char* sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const char* mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
  std::error_code ec;
  ImFont* main = nullptr;
  ImFont* m = nullptr;
  if (std::filesystem::exists(sans, ec)) main = io.Fonts->AddFontFromFileTTF(sans, size);
  if (!main) {
    ImFontConfig cfg;
    cfg.SizePixels = size;
    main = io.Fonts->AddFontDefault(&cfg);
  }
  if (std::filesystem::exists(mono, ec)) m = io.Fonts->AddFontFromFileTTF(mono, size);
  set_mono_font(m ? m : main);
  io.Fonts->Build();
}

void apply_theme(Theme t) {
  switch (t) {
    case Theme::Light: ImGui::StyleColorsLight(); break;
    case Theme::Classic: ImGui::StyleColorsClassic(); break;
    case Theme::Dark: ImGui::StyleColorsDark(); break;
  }
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 0;
  s.FrameRounding = 3;
  s.ScrollbarRounding = 3;
}

}  // namespace tparse::viewer
