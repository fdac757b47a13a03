// Screenshot files: write RGBA pixels read back from OpenGL as PNG (stb_image_write from Debian's
// libstb) and judge whether an image shows anything (non-empty, not one flat colour).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tparse::viewer {

struct ImageStats {
  int width = 0, height = 0;
  size_t distinct_colors = 0;  ///< capped at 4096
  double dominant_share = 1;   ///< share of pixels with the most common colour
  bool non_uniform() const { return width > 0 && height > 0 && distinct_colors >= 8 && dominant_share < 0.995; }
};

/// Stats of tightly packed RGBA rows.
ImageStats analyze_rgba(const uint8_t* rgba, int w, int h);
/// Writes RGBA rows as PNG; `flip_y` for OpenGL's bottom-up rows. False on I/O failure.
bool write_png(const std::string& path, const uint8_t* rgba, int w, int h, bool flip_y);
/// Loads a PNG and analyzes it (width 0 when unreadable).
ImageStats analyze_png(const std::string& path);

}  // namespace tparse::viewer
