// Shared ImGui helpers; see widgets.hpp.
#include "widgets.hpp"

#include <fmt/format.h>

#include "core/model/summary.hpp"

namespace tparse::viewer {

namespace {
ImFont* g_mono = nullptr;
}

ImFont* mono_font() { return g_mono ? g_mono : ImGui::GetFont(); }
void set_mono_font(ImFont* f) { g_mono = f; }

ImVec4 status_color(Status s) {
  switch (s) {
    case Status::Failed: return ImVec4(0.92f, 0.30f, 0.30f, 1.f);
    case Status::Fallback: return ImVec4(0.96f, 0.56f, 0.20f, 1.f);
    case Status::Break: return ImVec4(0.88f, 0.76f, 0.22f, 1.f);
    case Status::Recompile: return ImVec4(0.50f, 0.62f, 1.00f, 1.f);
    case Status::Ok: return ImVec4(0.36f, 0.78f, 0.42f, 1.f);
    case Status::Unknown: return ImVec4(0.60f, 0.60f, 0.60f, 1.f);
  }
  return ImVec4(1, 1, 1, 1);
}

bool compile_link(const Document& d, ViewState& v, int32_t ci, Tab go_to) {
  if (ci < 0 || ci >= static_cast<int32_t>(d.model().compiles.size())) {
    ImGui::TextDisabled("-");
    return false;
  }
  const Model& m = d.model();
  const Compile& c = m.compiles[static_cast<size_t>(ci)];
  std::string name = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : std::string();
  std::string label = fmt::format("{} {}##c{}", display_id(m, c), terminal_safe(name), ci);
  ImGui::PushStyleColor(ImGuiCol_Text, status_color(compile_status(m, c)));
  bool clicked = ImGui::Selectable(label.c_str(), v.compile == ci, ImGuiSelectableFlags_AllowDoubleClick);
  ImGui::PopStyleColor();
  if (clicked) {
    v.select_compile(m, ci);
    if (go_to != Tab::Count_) v.go(go_to);
  }
  return clicked;
}

void source_location(const std::string& file, int64_t line) {
  if (file.empty()) {
    ImGui::TextDisabled("(no source location)");
    return;
  }
  std::string loc = line > 0 ? fmt::format("{}:{}", terminal_safe(file), line) : terminal_safe(file);
  ImGui::TextUnformatted(loc.c_str());
  if (auto src = read_source_line(file, line)) {
    ImGui::PushFont(mono_font());
    ImGui::TextColored(ImVec4(0.55f, 0.85f, 0.95f, 1.f), "  %4lld | %s", static_cast<long long>(line), terminal_safe(*src).c_str());
    ImGui::PopFont();
  } else {
    ImGui::SameLine();
    ImGui::TextDisabled("(file not on this machine)");
  }
}

void stack_view(const Stack& s) {
  ImGui::PushFont(mono_font());
  for (const StackFrame& f : s) {
    ImGui::Text("%s:%lld in %s", terminal_safe(f.file).c_str(), static_cast<long long>(f.line), terminal_safe(f.name).c_str());
    if (!f.code.empty()) ImGui::TextDisabled("    %s", terminal_safe(f.code).c_str());
  }
  ImGui::PopFont();
}

void text_wrapped(std::string_view s) {
  std::string t = terminal_safe(s);
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextUnformatted(t.c_str(), t.c_str() + t.size());
  ImGui::PopTextWrapPos();
}

void kv_row(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", key);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

void TextView::set(std::string text) {
  text_ = terminal_safe(text);
  starts_.clear();
  starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') starts_.push_back(i + 1);
}

std::vector<size_t> TextView::matches(std::string_view q) const {
  std::vector<size_t> out;
  if (q.empty()) return out;
  for (size_t i = 0; i < starts_.size(); ++i) {
    size_t e = i + 1 < starts_.size() ? starts_[i + 1] - 1 : text_.size();
    if (contains_icase(std::string_view(text_).substr(starts_[i], e - starts_[i]), q)) out.push_back(i);
  }
  return out;
}

void TextView::Draw(const char* id, std::string_view find, int64_t scroll_to_line, ImVec2 size, int64_t mark_line) {
  ImGui::BeginChild(id, size, true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(mono_font());
  float lh = ImGui::GetTextLineHeightWithSpacing();
  if (scroll_to_line >= 0) ImGui::SetScrollY(std::max(0.f, static_cast<float>(scroll_to_line) * lh - ImGui::GetWindowHeight() / 3));
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(starts_.size()), lh);
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      size_t b = starts_[static_cast<size_t>(i)];
      size_t e = static_cast<size_t>(i) + 1 < starts_.size() ? starts_[static_cast<size_t>(i) + 1] - 1 : text_.size();
      std::string_view line(text_.data() + b, e - b);
      bool hit = (!find.empty() && contains_icase(line, find)) || i == mark_line;
      ImGui::TextDisabled("%5d ", i + 1);
      ImGui::SameLine();
      if (hit) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.f, 0.85f, 0.3f, 1.f));
      ImGui::TextUnformatted(line.data(), line.data() + line.size());
      if (hit) ImGui::PopStyleColor();
    }
  }
  ImGui::PopFont();
  ImGui::EndChild();
}

}  // namespace tparse::viewer
