// Screenshot checks: a flat image is rejected, a drawn one accepted, PNGs round-trip.
#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

#include "model/image_check.hpp"

using namespace tparse::viewer;

TEST_CASE("uniform images are not screenshots of anything") {
  int w = 64, h = 32;
  std::vector<uint8_t> flat(static_cast<size_t>(w * h * 4), 30);
  CHECK_FALSE(analyze_rgba(flat.data(), w, h).non_uniform());
  std::vector<uint8_t> drawn = flat;
  for (int i = 0; i < w * h; ++i)
    if (i % 7 == 0) drawn[static_cast<size_t>(i * 4)] = static_cast<uint8_t>(i % 251), drawn[static_cast<size_t>(i * 4 + 1)] = static_cast<uint8_t>(i / 13);
  ImageStats s = analyze_rgba(drawn.data(), w, h);
  CHECK(s.non_uniform());
  CHECK(s.distinct_colors > 8);
  CHECK_FALSE(analyze_rgba(nullptr, 0, 0).non_uniform());

  auto path = (std::filesystem::path(TPARSE_BINARY_DIR) / "viewer-test.png").string();
  REQUIRE(write_png(path, drawn.data(), w, h, true));
  ImageStats back = analyze_png(path);
  CHECK(back.width == w);
  CHECK(back.height == h);
  CHECK(back.distinct_colors == s.distinct_colors);
  CHECK(analyze_png(path + ".missing").width == 0);
}
