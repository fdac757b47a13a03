// Small ImGui helpers shared by the panels: status colours, compile links that drive the
// selection, source locations (with the local source line when the file exists here), stacks and
// a clipped monospace text view for large payloads.
#pragma once

#include <imgui.h>
#include <imgui_stdlib.h>
#include <string>
#include <string_view>
#include <vector>

#include "document.hpp"
#include "model/logic.hpp"

namespace tparse::viewer {

ImVec4 status_color(Status s);
/// The monospace font (falls back to the default font).
ImFont* mono_font();
void set_mono_font(ImFont* f);

/// A selectable "[f/c] name" that selects the compile (and optionally switches tab) on click.
bool compile_link(const Document& d, ViewState& v, int32_t compile, Tab go_to = Tab::Count_);
/// "file:line" plus the source line when that file exists locally.
void source_location(const std::string& file, int64_t line);
/// A user stack, innermost last, as PyTorch prints it.
void stack_view(const Stack& s);
/// Wrapped text made safe for display (control characters removed).
void text_wrapped(std::string_view s);
/// Label + value on one row of a two-column table.
void kv_row(const char* key, const std::string& value);

/// Monospace view of a large text: splits lines once, draws only the visible ones, highlights
/// lines containing `find` and can scroll to the n-th match.
class TextView {
 public:
  void set(std::string text);
  const std::string& text() const { return text_; }
  size_t lines() const { return starts_.size(); }
  /// Lines (0-based) containing `q`, case-insensitive.
  std::vector<size_t> matches(std::string_view q) const;
  /// `mark_line` (0-based, -1 none) is highlighted on its own, e.g. the clicked graph node.
  void Draw(const char* id, std::string_view find, int64_t scroll_to_line = -1, ImVec2 size = ImVec2(0, 0),
            int64_t mark_line = -1);

 private:
  std::string text_;
  std::vector<size_t> starts_;
};

}  // namespace tparse::viewer
