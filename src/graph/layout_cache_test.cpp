// Layout cache tests (layout_cache.hpp): round trip, damaged and foreign entries ignored, the
// size cap, concurrent writers of one key, a disabled cache; and svg_of_dot served from it.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "layout.hpp"
#include "layout_cache.hpp"

using namespace tparse::graph;
namespace fs = std::filesystem;

namespace {
std::string tmpdir(const char* tag) {
  std::string d = (fs::temp_directory_path() / ("tparse_lc_" + std::string(tag) + "_" + std::to_string(::getpid()))).string();
  fs::remove_all(d);
  return d;
}
}  // namespace

TEST_CASE("layout cache: round trip, keys by kind and text, damaged entries are misses") {
  std::string d = tmpdir("rt");
  LayoutCache c(d, 1 << 20);
  std::string k = LayoutCache::key("svg", "digraph{a->b}");
  CHECK(k.size() == 32);
  CHECK(k != LayoutCache::key("svg", "digraph{a->c}"));
  CHECK(k != LayoutCache::key("pos", "digraph{a->b}"));
  CHECK_FALSE(c.get(k).has_value());
  c.put(k, "<svg>x</svg>");
  REQUIRE(c.get(k).has_value());
  CHECK(*c.get(k) == "<svg>x</svg>");
  // A truncated entry (a crash mid-write cannot leave one, a damaged disk can) is not served.
  { std::ofstream(d + "/" + k, std::ios::trunc) << "TPLC1 12\n<svg>"; }
  CHECK_FALSE(c.get(k).has_value());
  CHECK_FALSE(c.get("../etc/passwd").has_value());  // only hex keys name files
  fs::remove_all(d);
}

TEST_CASE("layout cache: size cap removes least recently used entries") {
  std::string d = tmpdir("cap");
  LayoutCache c(d, 10000);
  std::string blob(1000, 'x');
  std::vector<std::string> keys;
  for (int i = 0; i < 30; ++i) {
    keys.push_back(LayoutCache::key("svg", std::to_string(i)));
    c.put(keys.back(), blob);
  }
  c.prune();
  uint64_t total = 0;
  size_t n = 0;
  for (auto& e : fs::directory_iterator(d)) total += e.file_size(), ++n;
  CHECK(total <= 10000);
  CHECK(n >= 5);
  CHECK(c.get(keys.back()).has_value());  // the newest entry stays
  fs::remove_all(d);
}

TEST_CASE("layout cache: concurrent writers of the same key leave one whole entry; disabled cache stores nothing") {
  std::string d = tmpdir("conc");
  LayoutCache c(d, 1 << 20);
  std::string k = LayoutCache::key("svg", "same");
  std::string v(50000, 'y');
  std::vector<std::thread> ts;
  for (int i = 0; i < 8; ++i) ts.emplace_back([&] { for (int j = 0; j < 20; ++j) { c.put(k, v); auto g = c.get(k); if (g) CHECK(*g == v); } });
  for (auto& t : ts) t.join();
  CHECK(c.get(k).value_or("") == v);
  size_t n = 0;
  for (auto& e : fs::directory_iterator(d)) n += e.path().filename().string().rfind(".tmp.", 0) == 0 ? 100 : 1;
  CHECK(n == 1);  // no temporary files left
  LayoutCache off("", 1 << 20);
  CHECK_FALSE(off.enabled());
  off.put(k, v);
  CHECK_FALSE(off.get(k).has_value());
  fs::remove_all(d);
}

TEST_CASE("svg_of_dot (memo and cache) equals an uncached Graphviz run") {
  std::string dot = "digraph t { node [shape=box, fontname=\"Helvetica\"]; a [label=\"linear\"]; b [label=\"relu\"]; a -> b; }";
  std::string err;
  std::string fresh = svg_uncached(dot, &err);
  REQUIRE(err.empty());
  CHECK(fresh.find("<svg") != std::string::npos);
  CHECK(svg_of_dot(dot) == fresh);
  CHECK(svg_of_dot(dot) == fresh);  // from the memo now
}

TEST_CASE("layout_dot from the cache equals Graphviz's positions exactly") {
  std::string dot = "digraph{ subgraph cluster_3 { n0; n1; } n0 -> n1 [label=\"x\"]; n1 -> n2; n0 -> n2; }";
  Layout fresh = layout_uncached(dot);
  REQUIRE(fresh.ok);
  Layout a = layout_dot(dot), b = layout_dot(dot);  // the second one is a cache hit when the cache is on
  for (const Layout* l : {&a, &b}) {
    REQUIRE(l->ok);
    CHECK(l->width == fresh.width);
    CHECK(l->height == fresh.height);
    REQUIRE(l->nodes.size() == fresh.nodes.size());
    for (size_t i = 0; i < fresh.nodes.size(); ++i) {
      CHECK(l->nodes[i].id == fresh.nodes[i].id);
      CHECK(l->nodes[i].x == fresh.nodes[i].x);
      CHECK(l->nodes[i].y == fresh.nodes[i].y);
      CHECK(l->nodes[i].width == fresh.nodes[i].width);
    }
    REQUIRE(l->edges.size() == fresh.edges.size());
    for (size_t i = 0; i < fresh.edges.size(); ++i) {
      CHECK(l->edges[i].to == fresh.edges[i].to);
      CHECK(l->edges[i].points == fresh.edges[i].points);
      CHECK(l->edges[i].label_x == fresh.edges[i].label_x);
    }
    REQUIRE(l->clusters.size() == fresh.clusters.size());
    CHECK(l->clusters[0].id == 3);
    CHECK(l->clusters[0].x1 == fresh.clusters[0].x1);
  }
}
