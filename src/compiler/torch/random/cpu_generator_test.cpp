// torch's CPU generator against torch 2.11 itself: testdata/rng/rng_truth.json holds the bit patterns of random
// factories' values and the next torch.rand(1) after each, made on the device by scripts/device/rng_truth.py (three
// seeds; an AVX512 Xeon, whose capability runs the AVX2 normal kernel).
#include "torch/random/cpu_generator.hpp"

#include <doctest/doctest.h>
#include <simdjson.h>

#include <cstring>
#include <functional>
#include <string>
#include <tuple>

using tparse::compiler::rng::CpuGenerator;

namespace {

simdjson::dom::element generator_truth() {
  static simdjson::dom::parser p;
  static simdjson::dom::element doc = p.load(std::string(TPARSE_TESTDATA) + "/rng/rng_truth.json");
  return doc;
}

uint64_t u64(simdjson::dom::element x) {  // (a float64's bit pattern may pass int64's range)
  uint64_t u;
  if (x.get_uint64().get(u) == simdjson::SUCCESS) return u;
  return static_cast<uint64_t>(int64_t(x));
}

uint64_t bits32(double x) {
  float f = static_cast<float>(x);
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
uint64_t bits64(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

/// the case's values (as float32 / float64 bits or integers) and the next rand(1) equal torch's, for every seed
void check(const std::string& name, const std::function<std::vector<uint64_t>(CpuGenerator&)>& draw) {
  for (int seed : {0, 42, 12345}) {
    CAPTURE(name);
    CAPTURE(seed);
    simdjson::dom::element t = generator_truth()[std::to_string(seed) + "/" + name];
    CpuGenerator g;
    g.seed(static_cast<uint64_t>(seed));
    std::vector<uint64_t> ours = draw(g), theirs;
    for (simdjson::dom::element x : t["bits"].get_array()) theirs.push_back(u64(x));
    CHECK(ours == theirs);
    CHECK(bits32(g.uniform_float()) == uint64_t(int64_t(t["next"].at(0))));
  }
}

std::vector<uint64_t> f32(const std::vector<double>& v) {
  std::vector<uint64_t> o;
  for (double x : v) o.push_back(bits32(x));
  return o;
}

}  // namespace

TEST_CASE("torch's CPU generator: uniform, normal (both kernels, both widths), randint, randperm bit for bit as torch 2.11") {
  auto rand = [](long long n) {
    return [n](CpuGenerator& g) { std::vector<uint64_t> o; for (long long i = 0; i < n; ++i) o.push_back(bits32(g.uniform_float())); return o; };
  };
  check("rand5", rand(5));
  check("rand20", rand(20));
  check("rand_2x3", rand(6));
  check("rand_f64_3", [](CpuGenerator& g) { std::vector<uint64_t> o; for (int i = 0; i < 3; ++i) o.push_back(bits64(g.uniform_double())); return o; });
  for (auto [name, n] : std::vector<std::pair<std::string, long long>>{{"randn1", 1}, {"randn5", 5}, {"randn15", 15}, {"randn16", 16},
                                                                       {"randn20", 20}, {"randn50x2", 100}, {"randn_like", 17}})
    check(name, [n = n](CpuGenerator& g) { return f32(g.normal_float32(n, 0, 1)); });
  check("normal_", [](CpuGenerator& g) { return f32(g.normal_float32(20, 1.0, 0.5)); });
  check("normal_fn", [](CpuGenerator& g) { return f32(g.normal_float32(5, 2.0, 3.0)); });
  for (auto [name, n] : std::vector<std::pair<std::string, long long>>{{"randn_f64_4", 4}, {"randn_f64_40", 40}})
    check(name, [n = n](CpuGenerator& g) { std::vector<uint64_t> o; for (double x : g.normal_float64(n, 0, 1)) o.push_back(bits64(x)); return o; });
  check("uniform_", [](CpuGenerator& g) { std::vector<uint64_t> o; for (int i = 0; i < 6; ++i) o.push_back(bits32(g.uniform_float(-2, 3))); return o; });
  auto ints = [](uint64_t range, long long base, int n, bool wide) {
    return [=](CpuGenerator& g) { std::vector<uint64_t> o; for (int i = 0; i < n; ++i) o.push_back(static_cast<uint64_t>(g.uniform_int(range, base, wide))); return o; };
  };
  check("randint8", ints(10, 0, 8, true));
  check("randint_big", ints(uint64_t{1} << 40, 0, 3, true));
  check("randint_neg", ints(10, -5, 6, true));
  check("randint_i32", ints(7, 0, 5, false));
  for (long long n : {10, 40})
    check("randperm" + std::to_string(n), [n](CpuGenerator& g) { std::vector<uint64_t> o; for (double x : g.randperm(n)) o.push_back(static_cast<uint64_t>(x)); return o; });
}

TEST_CASE("torch's CPU generator: a cached normal sample carries from one randn call to the next") {
  simdjson::dom::element t = generator_truth()["0/randn_seq"];
  CpuGenerator g;
  g.seed(0);
  std::vector<uint64_t> ours = f32(g.normal_float32(1, 0, 1)), b = f32(g.normal_float32(3, 0, 1)), c = f32(g.normal_float32(1, 0, 1)), theirs;
  ours.insert(ours.end(), b.begin(), b.end());
  ours.insert(ours.end(), c.begin(), c.end());
  for (simdjson::dom::element x : t["bits"].get_array()) theirs.push_back(u64(x));
  CHECK(ours == theirs);
  CHECK(bits32(g.uniform_float()) == uint64_t(int64_t(t["next"].at(0))));
}

TEST_CASE("torch's CPU generator: long normal fills equal torch 2.11's in every bit (each fused multiply-add of the AVX2 kernel)") {
  // testdata/rng/rng_truth_more.json (scripts/device/rng_truth_more.py): randn(4096) and normal_(-1.5, 2.5) of 4099
  // elements (the redrawn remainder) for seeds 0..4
  static simdjson::dom::parser p;
  simdjson::dom::element more = p.load(std::string(TPARSE_TESTDATA) + "/rng/rng_truth_more.json");
  for (int seed = 0; seed < 5; ++seed) {
    CAPTURE(seed);
    for (auto [key, n, mean, std] : std::vector<std::tuple<std::string, long long, double, double>>{
             {"randn4096", 4096, 0.0, 1.0}, {"normal_4099", 4099, -1.5, 2.5}}) {
      CAPTURE(key);
      CpuGenerator g;
      g.seed(static_cast<uint64_t>(seed));
      std::vector<uint64_t> ours = f32(g.normal_float32(n, mean, std)), theirs;
      for (simdjson::dom::element x : more[key + "/" + std::to_string(seed)].get_array()) theirs.push_back(u64(x));
      REQUIRE(ours.size() == theirs.size());
      size_t differ = 0;
      for (size_t i = 0; i < ours.size(); ++i) differ += ours[i] != theirs[i];
      CHECK(differ == 0);
    }
  }
  // and torch seeds its default generator from the OS: two fresh processes, two initial seeds (so tparse takes the
  // state as unknown until torch.manual_seed)
  simdjson::dom::array seeds = more["initial_seeds"];
  CHECK(uint64_t(seeds.at(0)) != uint64_t(seeds.at(1)));
}

TEST_CASE("torch's CPU generator: counting a fill's draws without its values leaves the state the values leave") {
  for (bool normal : {false, true})
    for (bool f64 : {false, true})
      for (long long n : {1, 5, 15, 16, 20, 33, 100}) {
        CAPTURE(normal);
        CAPTURE(f64);
        CAPTURE(n);
        CpuGenerator a, b;
        a.seed(7);
        b.seed(7);
        a.normal_double(0, 1);  // (an odd sample cached before: the small normal path must carry it)
        b.normal_double(0, 1);
        if (normal) f64 ? (void)a.normal_float64(n, 0, 1) : (void)a.normal_float32(n, 0, 1);
        else for (long long i = 0; i < n; ++i) f64 ? (void)a.uniform_double() : (void)a.uniform_float();
        b.skip_fill(n, normal, f64);
        CHECK(a.random() == b.random());
        CHECK(a.normal_double(0, 1) == b.normal_double(0, 1));
      }
}
