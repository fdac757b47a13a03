// Gate baselines; see gate.hpp.
#include "api/gate.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/model/summary.hpp"

namespace tparse::api {

bool load_summary_baseline(const std::string& path, analysis::Snapshot& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read baseline " + terminal_safe(path);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string err;
  if (!analysis::snapshot_from_summary_json(ss.str(), out, err)) {
    error = "baseline " + terminal_safe(path) + ": " + err;
    return false;
  }
  return true;
}

bool load_trace_baseline(const std::string& path, const LoadRequest& r, analysis::Snapshot& out, std::string& error) {
  LoadRequest bl = r;
  bl.inputs = {path};
  bl.keep_payloads = false;
  bl.keep_events = false;
  bl.multirank_light = false;
  LoadedTrace bt;
  if (!load(bl, bt, error)) return false;
  out = analysis::snapshot_of(bt.model);
  return true;
}

bool is_trace_baseline(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec) || path.ends_with(".log") || path.ends_with(".gz");
}

}  // namespace tparse::api
