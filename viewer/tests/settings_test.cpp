// Settings persist apart from traces: round trip, bad values keep defaults, recent list rules.
#include <doctest/doctest.h>

#include <filesystem>

#include "model/settings.hpp"

using namespace tparse::viewer;

TEST_CASE("settings round trip and tolerate junk") {
  Settings s;
  s.font_size = 18;
  s.theme = Theme::Light;
  s.frames_width = 500;
  add_recent(s, "/a");
  add_recent(s, "/b");
  add_recent(s, "/a");
  REQUIRE(s.recent.size() == 2);
  CHECK(s.recent[0] == "/a");
  Settings t = parse_settings(serialize_settings(s));
  CHECK(t.font_size == 18);
  CHECK(t.theme == Theme::Light);
  CHECK(t.frames_width == 500);
  CHECK(t.recent == s.recent);

  Settings j = parse_settings("font_size=banana\ntheme=weird\nframes_width=1e9\nnonsense\n=x\n");
  CHECK(j.font_size == Settings{}.font_size);
  CHECK(j.theme == Theme::Dark);
  CHECK(j.frames_width == 2000);  // clamped

  for (int i = 0; i < 30; ++i) add_recent(s, "/p" + std::to_string(i));
  CHECK(s.recent.size() == Settings::kMaxRecent);
  CHECK(s.recent[0] == "/p29");
  add_recent(s, "bad\npath");
  CHECK(s.recent[0] == "/p29");
}

TEST_CASE("settings files live in the config dir") {
  auto dir = std::filesystem::path(TPARSE_BINARY_DIR) / "viewer-test-config" / "tparse";
  std::filesystem::remove_all(dir.parent_path());
  Settings s;
  s.font_size = 21;
  REQUIRE(save_settings(dir.string(), s));
  CHECK(std::filesystem::exists(dir / "viewer.ini"));
  CHECK(load_settings(dir.string()).font_size == 21);
  CHECK(load_settings((dir / "missing").string()).font_size == Settings{}.font_size);
  CHECK_FALSE(save_settings("", s));
}
