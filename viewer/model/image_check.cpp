// PNG writing and image stats; see image_check.hpp.
#include "model/image_check.hpp"

#include <stb_image.h>
#include <stb_image_write.h>
#include <unordered_map>

namespace tparse::viewer {

ImageStats analyze_rgba(const uint8_t* rgba, int w, int h) {
  ImageStats s;
  s.width = w;
  s.height = h;
  if (w <= 0 || h <= 0 || !rgba) return s;
  std::unordered_map<uint32_t, size_t> counts;
  size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
  for (size_t i = 0; i < n; ++i) {
    uint32_t c = static_cast<uint32_t>(rgba[4 * i]) << 16 | static_cast<uint32_t>(rgba[4 * i + 1]) << 8 | rgba[4 * i + 2];
    if (counts.size() < 4096 || counts.count(c)) counts[c]++;
  }
  size_t top = 0;
  for (auto& [c, k] : counts) top = std::max(top, k);
  s.distinct_colors = counts.size();
  s.dominant_share = static_cast<double>(top) / static_cast<double>(n);
  return s;
}

bool write_png(const std::string& path, const uint8_t* rgba, int w, int h, bool flip_y) {
  stbi_flip_vertically_on_write(flip_y ? 1 : 0);
  return stbi_write_png(path.c_str(), w, h, 4, rgba, w * 4) != 0;
}

ImageStats analyze_png(const std::string& path) {
  int w = 0, h = 0, ch = 0;
  unsigned char* px = stbi_load(path.c_str(), &w, &h, &ch, 4);
  if (!px) return {};
  ImageStats s = analyze_rgba(px, w, h);
  stbi_image_free(px);
  return s;
}

}  // namespace tparse::viewer
