// Tests of the shared loader (src/api/load.hpp): what the CLI and the Python module both see.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "api/load.hpp"
#include "api/summary.hpp"
#include "core/model/summary.hpp"

using namespace tparse;

TEST_CASE("api::load: a missing input is one 'no trace input' error, never a model of zeros") {
  api::LoadRequest r;
  r.inputs = {"/nonexistent/tparse/trace.log"};
  LoadedTrace t;
  std::string error;
  CHECK_FALSE(api::load(r, t, error));
  CHECK(error.find("/nonexistent/tparse/trace.log") != std::string::npos);
  CHECK(error.ends_with("tparse: no trace input could be read"));
}

TEST_CASE("api::load: an empty file says empty") {
  auto p = std::filesystem::temp_directory_path() / "tparse_api_load_test_empty.log";
  { std::ofstream o(p); }
  api::LoadRequest r;
  r.inputs = {p.string()};
  LoadedTrace t;
  std::string error;
  CHECK_FALSE(api::load(r, t, error));
  CHECK(error.find("empty: no trace records") != std::string::npos);
  std::filesystem::remove(p);
}

TEST_CASE("api::load: --process beyond the runs, and - with --process, are refused") {
  api::LoadRequest r;
  r.inputs = {std::string(TPARSE_TESTDATA) + "/torch-2.11/mlp_clean/trace"};
  r.process = 7;
  LoadedTrace t;
  std::string error;
  CHECK_FALSE(api::load(r, t, error));
  CHECK(error == "tparse: --process 7: the trace holds 1 run(s) of the program");
  r.inputs = {"-"};
  CHECK_FALSE(api::load(r, t, error));
  CHECK(error.find("not -") != std::string::npos);
}

TEST_CASE("api::load + summary_json_of: the light load gives the full load's summary") {
  api::LoadRequest r;
  r.inputs = {std::string(TPARSE_TESTDATA) + "/torch-2.11/ddp_gloo_4ranks/trace"};
  LoadedTrace full, light;
  std::string error, note;
  REQUIRE(api::load(r, full, error));
  r.multirank_light = true;
  r.keep_payloads = false;
  r.keep_events = false;
  r.latest = true;
  REQUIRE(api::load(r, light, error, &note));
  CHECK(note.rfind("tparse: run 1 of 1", 0) == 0);
  std::string a = api::summary_json_of(full), b = api::summary_json_of(light);
  CHECK(a.find("\"multi_rank\": {") != std::string::npos);
  CHECK(a == b);
}
