// Fonts (DejaVu Sans / Sans Mono from Debian's fonts-dejavu when present, else ImGui's built-in
// font) at the configured size, and the colour themes.
#pragma once

#include "model/settings.hpp"

namespace tparse::viewer {

/// Rebuilds the font atlas at `size` pixels. Call before NewFrame; the caller re-uploads the
/// texture (ImGui_ImplOpenGL3_DestroyFontsTexture/CreateFontsTexture) when a backend is running.
void load_fonts(float size);
void apply_theme(Theme t);

}  // namespace tparse::viewer
